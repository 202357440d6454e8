// Types of `stableroutes/client` (server-side: it holds the API key).
import type {
  ChainRecord, TokenRecord, Quote, QuoteRequest, IntentStatus, GaslessJob, GaslessStandard, Problem,
  Permit3Submit, Permit2Submit, Erc3009Submit, Hex, AddressString, Amount,
} from './index.js';

export interface ClientOptions {
  /** {base_url}, e.g. "http://127.0.0.1:8787". */
  baseUrl: string | URL;
  /** {legacy_base_url} for /api/v3; defaults to baseUrl. */
  legacyBaseUrl?: string | URL;
  /** Sent as x-api-key on keyed endpoints. Keep it on the server. */
  apiKey?: string;
  /** Partner slug of the deposit-address endpoints (/v1/<partner>-gateway/...). */
  partner?: string;
  headers?: Record<string, string>;
  /** Per attempt; default 10 000. */
  timeoutMs?: number;
  /** Resends after 429 / 502 / network errors (by the request's policy); default 3. */
  maxRetries?: number;
  /** Backoff: full jitter over min(maxRetryDelayMs, retryBaseDelayMs * 2^attempt); defaults 250 / 8 000. */
  retryBaseDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 is thrown; default 60 000. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** For tests: jitter source and sleep. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Deposit-address calls: overrides ClientOptions.partner. */
  partner?: string;
}

export class StableRoutesError extends Error {
  name: 'StableRoutesError';
  /** HTTP status, or null when no response arrived (timeout, network error). */
  status: number | null;
  /** The problem code, or 'timeout' / 'network-error'. */
  code: Problem['code'] | 'timeout' | 'network-error' | null;
  /** The parsed error body: problem+json, or the gateway's {"Message"} on 403. */
  problem: Problem | { Message: string } | null;
  requestId: string | null;
  retryAfterMs: number | null;
}

export interface GaslessSubmitResult {
  job: GaslessJob;
  /** true for 202 (this submit created the job). */
  created: boolean;
  /** true when an uncertain submit was resolved by finding the quote's existing job. */
  recovered: boolean;
}

export interface DepositAddressRequest {
  source: { chainId: number; token: AddressString; amount: Amount };
  destination: { chainId: number; token: AddressString; recipient: AddressString };
  refundRecipient: AddressString;
}

export interface DepositAddress {
  vaultAddress: AddressString;
  intentHash: Hex;
  quoteId: string;
  deadline: number;
  source: unknown;
  destination: unknown;
  fees: unknown[];
  minAmountOut: Amount;
  fundingMethods: ('erc-3009' | 'erc-2612' | 'transfer')[];
}

export interface StableRoutesClient {
  health(options?: RequestOptions): Promise<unknown>;
  openapi(options?: RequestOptions): Promise<Record<string, unknown>>;
  getChains(options?: RequestOptions): Promise<ChainRecord[]>;
  getTokens(query?: { chainId?: number }, options?: RequestOptions): Promise<TokenRecord[]>;
  createQuote(request: QuoteRequest, options?: RequestOptions): Promise<Quote>;
  getIntentStatus(query: { intentHash: Hex } | { quoteId: string }, options?: RequestOptions): Promise<IntentStatus>;
  submitGasless(standard: GaslessStandard, body: Permit3Submit | Permit2Submit | Erc3009Submit,
    options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitPermit3(body: Permit3Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitPermit2(body: Permit2Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitErc3009(body: Erc3009Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  getGaslessJob(jobId: string, options?: RequestOptions): Promise<GaslessJob>;
  /** The quote's job, or null when it has none (404). Accepts "quote:<uuid>" or the bare UUID. */
  findGaslessJob(quoteId: string, options?: RequestOptions): Promise<GaslessJob | null>;
  createDepositAddress(body: DepositAddressRequest, options?: RequestOptions): Promise<DepositAddress>;
  submitDepositErc3009(body: { vaultAddress: AddressString; authorization: Record<string, unknown>; signature: Hex },
    options?: RequestOptions): Promise<unknown>;
  submitDepositErc2612(body: { vaultAddress: AddressString; permit: Record<string, unknown>; signature: Hex },
    options?: RequestOptions): Promise<unknown>;
  getDepositAddress(vaultAddress: AddressString, options?: RequestOptions): Promise<unknown>;
  getDepositStatus(vaultAddress: AddressString, options?: RequestOptions): Promise<{
    vaultAddress: AddressString; status: string; deadline: number; intentHash: Hex; transactions: Record<string, unknown>;
  }>;
  legacyExactOut(body: Record<string, unknown>, options?: RequestOptions): Promise<{ data: unknown[] }>;
  legacyExactIn(body: Record<string, unknown>, options?: RequestOptions): Promise<{ data: unknown[] }>;
  legacyIntentStatus(body: { intentHash?: string; intentCreatedHash?: string; fulfillmentHash?: string },
    options?: RequestOptions): Promise<{ data: unknown }>;
}

export function createClient(options: ClientOptions): StableRoutesClient;
export function parseRetryAfter(value: string | null | undefined, now?: number): number | null;
