// Public types of the `stableroutes` package: the API's resources (api-contract.md) and the
// verifier. Amounts are base-unit decimal strings; hashes lowercase 0x-hex; EVM addresses
// EIP-55, Solana addresses base58.

export type Hex = `0x${string}`;
/** An EVM address (0x + 40 hex digits, EIP-55) or a Solana address (base58). */
export type AddressString = string;
/** A base-unit amount as a decimal string ("25000000"). */
export type Amount = string;
export type Vm = 'evm' | 'svm';
export type QuoteType = 'exact-in' | 'exact-out' | 'custom';
export type GaslessStandard = 'permit3' | 'permit2' | 'erc3009';

// ---- chains and tokens ------------------------------------------------------------------------

export interface ChainRecord {
  chainId: number;
  name: string;
  vm: Vm;
  /** The Portal contract (EVM) or program (Solana): funding transactions must go here. */
  portal: AddressString;
  prover: AddressString | null;
  permit2: AddressString | null;
  permit3: AddressString | null;
  /** With `portal`, all a client needs to recompute vault addresses (CREATE2). Null on Solana. */
  vaultInitCodeHash: Hex | null;
  /** The EIP-712 signer of quotes whose source is this chain. */
  quoteSigner: AddressString;
  nativeCurrency: { symbol: string; decimals: number };
  /** Null on chains without an explorer (local development chains). */
  blockExplorerUrl: string | null;
  /** Local development chains only: loopback JSON-RPC. */
  rpcUrl?: string;
  /**
   * `confirmed`: this chain's Portal answered `intentVaultAddress` with the very vault the service
   * derives from `portal` and `vaultInitCodeHash`. Deposit addresses, ERC-3009 authorizations and
   * Permit3 transfers (mode 0) pay a vault directly, with no Portal call in between, so on an
   * `unconfirmed` chain the service refuses them with 503 chain-unverified (retry after
   * Retry-After). Funding through the Portal (execution.transaction), Permit2 and Permit3
   * allowances work either way: they only let the vault the Portal deploys pull the funds. Chains
   * without an EVM vault (Solana) are always `unconfirmed`.
   */
  vaultDerivation: 'confirmed' | 'unconfirmed';
}

export interface TokenRecord {
  chainId: number;
  address: AddressString;
  symbol: string;
  name: string;
  decimals: number;
  gasless: GaslessStandard[];
  /** The token's own EIP-712 domain (ERC-3009, EIP-2612), or null. */
  eip712: { name: string; version: string } | null;
}

// ---- quote request ----------------------------------------------------------------------------

export interface DestinationCall {
  target: AddressString;
  data: Hex;
  /** Native value in base units; "0" when omitted. */
  value?: Amount;
}

export interface QuoteRequest {
  type: QuoteType;
  source: {
    chainId: number;
    token: AddressString;
    /** Required for exact-in and custom. */
    amount?: Amount;
    funder: AddressString;
    /** Defaults to `funder`. */
    refundRecipient?: AddressString;
  };
  destination: {
    chainId: number;
    token: AddressString;
    recipient: AddressString;
    /** Required for exact-out. */
    amount?: Amount;
    /** Required for custom. */
    calls?: DestinationCall[];
  };
  /** Decimal fraction, 0.0001 to 1; default 0.005. */
  slippage?: number;
  dappId: string;
  options?: { allQuotes?: boolean };
}

// ---- quote ------------------------------------------------------------------------------------

export interface TokenAmount {
  token: AddressString;
  amount: Amount;
}

export interface Route {
  salt: Hex;
  /** Unix seconds (a decimal string above 2^53 - 1). */
  deadline: number | string;
  portal: AddressString;
  nativeAmount: Amount;
  tokens: TokenAmount[];
  calls: Required<DestinationCall>[];
}

export interface Reward {
  deadline: number | string;
  /** Where refunds go. */
  creator: AddressString;
  prover: AddressString;
  nativeAmount: Amount;
  tokens: TokenAmount[];
}

export interface Intent {
  /** Destination chain id. */
  destination: number;
  route: Route;
  reward: Reward;
}

export type IntentRole = 'direct' | 'stitched-source' | 'stitched-destination' | 'bucket-candidate';

export interface StepIntent {
  role: IntentRole;
  intentHash: Hex;
  sourceChainId: number;
  destinationChainId: number;
  intent: Intent;
  encodedRoute: Hex;
  vault: AddressString;
}

export interface Step {
  provider: string;
  intents: StepIntent[];
}

export interface Fee {
  type: 'gas' | 'proving' | 'protocol' | 'gateway';
  amount: Amount;
  token: { chainId: number; address: AddressString; symbol: string; decimals: number };
  /** false: the amount is binding. */
  estimate: boolean;
}

export interface EvmTransaction {
  type: 'evm';
  chainId: number;
  from: AddressString;
  to: AddressString;
  data: Hex;
  value: Amount;
}

export interface SvmInstruction {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  /** base64 */
  data: string;
}

export interface SvmTransaction {
  type: 'svm';
  feePayer: string;
  instructions: SvmInstruction[];
}

export interface Quote {
  /** "quote:<uuid v4>"; status lookups take the bare UUID. */
  id: string;
  type: QuoteType;
  source: { chainId: number; token: AddressString; amount: Amount; funder: AddressString; refundRecipient?: AddressString };
  destination: {
    chainId: number;
    token: AddressString;
    recipient: AddressString;
    amount?: Amount;
    calls?: Required<DestinationCall>[];
    /** Expected output. */
    amountOut: Amount;
    /** Guaranteed output, bound to `slippage`. */
    minAmountOut: Amount;
  };
  /** The tolerance actually bound into minAmountOut (0 for exact-out). */
  slippage: number;
  fees: Fee[];
  steps: Step[];
  solver: { id: string; name: string };
  /** The primary intent; null on multi-hop routes (track the stitched-destination intent). */
  intentHash: Hex | null;
  execution: {
    transaction: EvmTransaction | SvmTransaction;
    intent: Intent;
    vault: AddressString;
    /** The ERC-20 approve(portal, amount) the funder sends first, or null. */
    approval: EvmTransaction | null;
  };
  /** Unix seconds; the quote must be funded before this. */
  expiresAt: number;
  /** 0x + r ‖ s ‖ v (65 bytes), EIP-712 by the source chain's quoteSigner. */
  signature: Hex;
  /** Ranked best first when options.allQuotes was true; each independently signed. */
  competingQuotes: Quote[] | null;
}

// ---- gasless ----------------------------------------------------------------------------------

export type Uint = number | string;

export interface Permit3Payload {
  owner: AddressString;
  salt: Hex;
  deadline: Uint;
  timestamp: Uint;
  chainPermits: {
    chainId: Uint;
    permits: { modeOrExpiration: Uint; tokenKey: Hex; account: AddressString; amountDelta: Uint }[];
  };
  proof?: Hex[];
}

export interface Permit2Payload {
  details: { token: AddressString; amount: Uint; expiration: Uint; nonce: Uint }[];
  spender: AddressString;
  sigDeadline: Uint;
}

export interface Erc3009Authorization {
  from: AddressString;
  to: AddressString;
  value: Uint;
  validAfter: Uint;
  validBefore: Uint;
  nonce: Hex;
}

export interface Permit3Submit { quote: Quote; permit3: Permit3Payload; signature: Hex }
export interface Permit2Submit { quote: Quote; permit2: Permit2Payload; signature: Hex }
export interface Erc3009Submit { quote: Quote; authorization: Erc3009Authorization; signature: Hex }

/** How a job funds its intent: a gasless submit's standard, or (deposit addresses only) an
 * EIP-2612 permit or tokens transferred to the vault. */
export type FundingStandard = GaslessStandard | 'erc2612' | 'transfer';

export interface GaslessJob {
  /** "job:<uuid>" */
  id: string;
  /** `published` is not delivery: track the intent's status. */
  status: 'accepted' | 'published' | 'failed';
  standard: FundingStandard;
  quoteId: string;
  intentHash: Hex | null;
  chainId: number;
  transactionHash: Hex | null;
  error: string | null;
  createdAt: number | string;
  updatedAt: number | string;
}

// ---- status -----------------------------------------------------------------------------------

export type IntentStatusValue = 'pending' | 'filled' | 'settled' | 'refundable' | 'expired' | 'refunded' | 'failed' | 'unknown';

export interface ChainTransaction {
  chainId: number;
  transactionHash: Hex;
  blockNumber: number;
  /** `<chain blockExplorerUrl>/tx/<hash>`; null on chains without an explorer. */
  blockExplorerUrl: string | null;
}

/** The source Portal's refund call for an intent nobody filled; anyone may send it. */
export interface IntentRefund {
  /** refund(destination, routeHash, reward) to the source Portal; no `from`: any account may send it. */
  transaction: { type: 'evm'; chainId: number; to: AddressString; data: Hex; value: '0' };
  /** The reward deadline: the call succeeds in a source block whose timestamp is at least this (the second the status turns refundable). */
  availableAt: number | string;
}

export interface IntentStatus {
  intentHash: Hex | null;
  status: IntentStatusValue;
  sourceChainId: number | null;
  destinationChainId: number | null;
  updatedAt: number | string | null;
  transactions: Record<'published' | 'funded' | 'fulfilled' | 'proven' | 'withdrawn' | 'refunded', ChainTransaction | null>;
  /** Set when the status is refundable or expired (EVM sources); null otherwise. */
  refund: IntentRefund | null;
}

/** application/problem+json error body. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code:
    | 'invalid-request' | 'invalid-api-key' | 'partner-not-mapped' | 'feature-not-enabled' | 'not-found' | 'method-not-allowed' | 'conflict'
    | 'payload-too-large' | 'unsupported-media-type' | 'chain-not-supported' | 'funding-would-fail' | 'rate-limited'
    | 'solver-error' | 'internal' | 'chain-unverified';
  detail: string;
  errors: { field: string; message: string }[];
  requestId?: string;
}

// ---- verifier ---------------------------------------------------------------------------------

export type QuoteCheckName =
  | 'signature' | 'expiry' | 'intent-hashes' | 'vault' | 'funding-target' | 'funding-calldata'
  | 'route-matches-request' | 'slippage-bound' | 'competing-quotes';
export type GaslessCheckName = 'standard' | 'binding' | 'amount' | 'validity' | 'signer';

export interface VerificationCheck<Name extends string = QuoteCheckName | GaslessCheckName> {
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
   * A verifier bound to these chain records, read once: use it for every quote checked against the
   * same GET /v1/chains answer. Throws TypeError for malformed records.
   */
  forChains(chains: ChainRecord[] | { chains: ChainRecord[] }): ChainBoundVerifier;
}

export interface ChainBoundVerifier {
  /** verifyQuote(quote, { chains, request, now }) with the bound chains: the same report. */
  verifyQuote(quote: unknown, options?: Omit<VerifyQuoteOptions, 'chains'>): VerificationReport<QuoteCheckName>;
  verifyGaslessPayload(quote: unknown, options: Omit<VerifyGaslessOptions, 'chains'>): VerificationReport<GaslessCheckName>;
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
