// Types of `stableroutes/quotes`: the quote verifier alone, from the package's smaller module
// (wasm/quote-verifier.wasm, without the gasless and deposit-address verifiers). The same reports,
// errors and options as the full verifier's verifyQuote and forChains(...).verifyQuote.

import type {
  ChainRecord, LoadVerifierOptions, QuoteCheckName, VerificationReport, VerifyQuoteOptions,
} from './index.js';

export type {
  ChainRecord, LoadVerifierOptions, Quote, QuoteCheckName, QuoteRequest, VerificationCheck, VerificationReport,
  VerifyQuoteOptions,
} from './index.js';

export interface QuoteVerifier {
  /** Never throws for a bad quote (the report says why); throws TypeError for malformed options. */
  verifyQuote(quote: unknown, options: VerifyQuoteOptions): VerificationReport<QuoteCheckName>;
  /**
   * A verifier bound to these chain records, read once: use it for every quote checked against the
   * same GET /v1/chains answer. Throws TypeError for malformed records.
   */
  forChains(chains: ChainRecord[] | { chains: ChainRecord[] }): ChainBoundQuoteVerifier;
}

export interface ChainBoundQuoteVerifier {
  /** verifyQuote(quote, { chains, request, now }) with the bound chains: the same report. */
  verifyQuote(quote: unknown, options?: Omit<VerifyQuoteOptions, 'chains'>): VerificationReport<QuoteCheckName>;
  /** Frees the records in the module now (otherwise when this object is garbage collected). */
  release(): void;
}

/** Options as loadVerifier's; `wasmUrl` / `wasmModule` / `wasmBinary` name quote-verifier.wasm. */
export function loadQuoteVerifier(options?: LoadVerifierOptions): Promise<QuoteVerifier>;

export const CHECK_NAMES: readonly QuoteCheckName[];
