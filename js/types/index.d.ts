// Public types of the `stableroutes` package: the API's resources, generated from the API contract
// (api.d.ts), and the verifier. Amounts are base-unit decimal strings; hashes lowercase 0x-hex;
// EVM addresses EIP-55, Solana addresses base58.

import type { components } from './api.js';

/** The API's schemas, generated from the API contract (edge-worker/openapi.json): api.d.ts. */
export type Schemas = components['schemas'];

export type Hex = `0x${string}`;
/** An EVM address (0x + 40 hex digits, EIP-55) or a Solana address (base58). */
export type AddressString = Schemas['Address'];
/** A base-unit amount as a decimal string ("25000000"). */
export type Amount = Schemas['Amount'];
/** An unsigned 64-bit integer: a number up to 2^53 - 1, a decimal string above. */
export type Uint64 = Schemas['Uint64'];
/** What authorizations accept for their integers: a JSON number or a decimal string. */
export type Uint = number | string;

// ---- chains and tokens ------------------------------------------------------------------------

export type ChainRecord = Schemas['ChainRecord'];
export type TokenRecord = Schemas['TokenRecord'];
export type Vm = ChainRecord['vm'];
export type GaslessStandard = TokenRecord['gasless'][number];

// ---- quotes -----------------------------------------------------------------------------------

export type QuoteRequest = Schemas['QuoteRequest'];
export type QuoteType = QuoteRequest['type'];
/** A destination call of a custom quote request; `value` defaults to "0". */
export type DestinationCall = NonNullable<QuoteRequest['destination']['calls']>[number];
export type Quote = Schemas['Quote'];
export type TokenAmount = Schemas['TokenAmount'];
export type Route = Schemas['Route'];
export type Reward = Schemas['Reward'];
export type Intent = Schemas['Intent'];
export type StepIntent = Schemas['StepIntent'];
export type IntentRole = StepIntent['role'];
export type Step = Schemas['Step'];
export type Fee = Schemas['Fee'];
export type EvmTransaction = Schemas['EvmTransaction'];
export type SvmInstruction = Schemas['SvmInstruction'];
export type SvmTransaction = Schemas['SvmTransaction'];

// ---- gasless ----------------------------------------------------------------------------------

export type Permit3Payload = Schemas['Permit3Authorization'];
export type Permit2Payload = Schemas['Permit2Authorization'];
export type Erc3009Authorization = Schemas['Erc3009Authorization'];
export type Permit3Submit = Schemas['GaslessPermit3Request'];
export type Permit2Submit = Schemas['GaslessPermit2Request'];
export type Erc3009Submit = Schemas['GaslessErc3009Request'];
export type GaslessJob = Schemas['GaslessJob'];
/** How a job funds its intent: a gasless submit's standard, or (deposit addresses only) an
 * EIP-2612 permit or tokens transferred to the vault. */
export type FundingStandard = GaslessJob['standard'];

// ---- status -----------------------------------------------------------------------------------

export type IntentStatus = Schemas['IntentStatus'];
export type IntentStatusValue = Schemas['IntentStatusValue'];
export type ChainTransaction = Schemas['TransactionRef'];
/** The source Portal's refund call for an intent nobody filled; anyone may send it. */
export type IntentRefund = Schemas['IntentRefund'];

/** application/problem+json error body. */
export type Problem = Schemas['Problem'];

/** POST /v1/{partner}-gateway/deposit-addresses: the request body and the answer (also GET .../{vaultAddress}). */
export type DepositAddressRequest = Schemas['DepositAddressRequest'];
export type DepositAddress = Schemas['DepositAddress'];

// ---- verifier ---------------------------------------------------------------------------------

export type QuoteCheckName =
  | 'signature' | 'expiry' | 'intent-hashes' | 'funded-intent' | 'vault' | 'funding-target' | 'funding-calldata'
  | 'route-matches-request' | 'first-leg' | 'delivery-route' | 'deadlines' | 'slippage-bound' | 'fees'
  | 'competing-quotes';
export type GaslessCheckName = 'standard' | 'binding' | 'amount' | 'validity' | 'signer';
export type DepositCheckName =
  | 'signature' | 'deadline' | 'intent-hash' | 'vault' | 'route-pays-recipient' | 'reward-locks-deposit'
  | 'fees' | 'matches-request';

export interface VerificationCheck<Name extends string = QuoteCheckName | GaslessCheckName | DepositCheckName> {
  name: Name;
  ok: boolean;
  /** What was compared, with the JSON path of the offending field on failure. */
  detail: string;
}

export interface VerificationReport<Name extends string = QuoteCheckName> {
  /** True only when every check passed. */
  ok: boolean;
  checks: VerificationCheck<Name>[];
}

export interface VerifyQuoteOptions {
  /** GET /v1/chains: the body or its `chains` array. The trusted portals, signers and init code hashes. */
  chains: ChainRecord[] | { chains: ChainRecord[] };
  /** The request the dapp sent; omit to check the quote only against its own echo. */
  request?: QuoteRequest | null;
  /** Unix seconds; defaults to Math.floor(Date.now() / 1000). */
  now?: number;
  /** Ceiling on the total fee, in basis points of the source amount counted at par (0..10000); default 300 (3%). */
  maxFeeBps?: number;
}

export interface VerifyDepositOptions {
  /** GET /v1/chains: the body or its `chains` array. */
  chains: ChainRecord[] | { chains: ChainRecord[] };
  /** The deposit-addresses request body the dapp sent: required, it alone names the refund recipient. */
  request: DepositAddressRequest;
  /** Unix seconds; defaults to Math.floor(Date.now() / 1000). */
  now?: number;
  /** Ceiling on the total fee (with what minAmountOut leaves undelivered), in basis points of the source amount; default 300. */
  maxFeeBps?: number;
}

export type GaslessPayload =
  | { standard: 'permit3'; payload: Permit3Payload; signature: Hex }
  | { standard: 'permit2'; payload: Permit2Payload; signature: Hex }
  | { standard: 'erc3009'; payload: Erc3009Authorization; signature: Hex };

export type VerifyGaslessOptions = GaslessPayload & {
  chains: ChainRecord[] | { chains: ChainRecord[] };
  /** GET /v1/tokens: the body or its `tokens` array. */
  tokens: TokenRecord[] | { tokens: TokenRecord[] };
  now?: number;
};

export interface Verifier {
  /** Never throws for a bad quote (the report says why); throws TypeError for malformed options. */
  verifyQuote(quote: unknown, options: VerifyQuoteOptions): VerificationReport<QuoteCheckName>;
  /** Checks an authorization before the wallet signs or sends it. Verify the quote first. */
  verifyGaslessPayload(quote: unknown, options: VerifyGaslessOptions): VerificationReport<GaslessCheckName>;
  /**
   * Checks a deposit address (the answer of POST .../deposit-addresses or GET .../{vaultAddress})
   * before anyone sends money to it. Never throws for a bad answer; throws TypeError for malformed options.
   */
  verifyDepositAddress(answer: unknown, options: VerifyDepositOptions): VerificationReport<DepositCheckName>;
  /**
   * A verifier bound to these chain records, read once: use it for every quote checked against the
   * same GET /v1/chains answer. Throws TypeError for malformed records.
   */
  forChains(chains: ChainRecord[] | { chains: ChainRecord[] }): ChainBoundVerifier;
}

export interface ChainBoundVerifier {
  /** verifyQuote(quote, { chains, request, now }) with the bound chains: the same report. */
  verifyQuote(quote: unknown, options?: Omit<VerifyQuoteOptions, 'chains'>): VerificationReport<QuoteCheckName>;
  verifyGaslessPayload(quote: unknown, options: Omit<VerifyGaslessOptions, 'chains'>): VerificationReport<GaslessCheckName>;
  verifyDepositAddress(answer: unknown, options: Omit<VerifyDepositOptions, 'chains'>): VerificationReport<DepositCheckName>;
  /** Frees the records in the module now (otherwise when this object is garbage collected). */
  release(): void;
}

export interface LoadVerifierOptions {
  /** A compiled module (required in workerd unless the bundler provides the package's own). */
  wasmModule?: WebAssembly.Module;
  /** The verifier.wasm bytes. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** Browsers: where verifier.wasm is served (default: next to the package, via import.meta.url). */
  wasmUrl?: string | URL;
  /** Browsers: the fetch to use for wasmUrl. */
  fetch?: typeof fetch;
}

export function loadVerifier(options?: LoadVerifierOptions): Promise<Verifier>;

export const CHECK_NAMES: readonly QuoteCheckName[];
export const DEPOSIT_CHECK_NAMES: readonly DepositCheckName[];
