// Types of `stableroutes/quotes/evm`: the quote verifier for dapps that move money between EVM
// chains only, in one request (its module inside the script, as stableroutes/quotes/inline), from
// a module without the Solana code. The same API and reports as stableroutes/quotes; a quote that
// touches an SVM chain fails every check that needs that chain and never passes. In workerd it
// loads wasm/quote-verifier-evm.wasm, and loadQuoteVerifier({ wasmModule }) takes a compiled module.

import type { QuoteVerifier } from './quotes.js';

export type {
  ChainBoundQuoteVerifier, ChainRecord, Quote, QuoteCheckName, QuoteRequest, QuoteVerifier, VerificationCheck,
  VerificationReport, VerifyQuoteOptions,
} from './quotes.js';

/** Unpacks and instantiates the module this script carries (in workerd: the bundled module, or options.wasmModule). */
export function loadQuoteVerifier(options?: { wasmModule?: WebAssembly.Module }): Promise<QuoteVerifier>;

export { CHECK_NAMES } from './quotes.js';
