// Types of `stableroutes/client` (server-side: it holds the API key).
import type {
  ChainRecord, TokenRecord, Quote, QuoteRequest, IntentStatus, IntentStatusValue, GaslessJob, GaslessStandard, Problem,
  Permit3Submit, Permit2Submit, Erc3009Submit, Erc3009Authorization, Fee, Hex, AddressString, Amount, Uint, Schemas,
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
  code: Problem['code'] | 'timeout' | 'network-error' | 'invalid-webhook' | null;
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

/** GET /health */
export type Health = Schemas['Health'];

// ---- deposit addresses (keyless, /v1/<partner>-gateway/...) -----------------------------------

export type DepositAddressRequest = Schemas['DepositAddressRequest'];
export type DepositAddress = Schemas['DepositAddress'];
/** GET /v1/<partner>-gateway/{vaultAddress} */
export type DepositAddressRecord = Schemas['DepositAddressRecord'];
/** GET /v1/<partner>-gateway/status?vaultAddress= */
export type DepositStatus = Schemas['DepositStatus'];
/** The intent's status once chain events report it; before that, the address's funding state. */
export type DepositStatusValue = DepositStatus['status'];
export type Erc2612Permit = Schemas['Erc2612Permit'];
export type DepositErc3009Submit = Schemas['DepositSubmitErc3009'];
export type DepositErc2612Submit = Schemas['DepositSubmitErc2612'];

// ---- legacy v3 (keyless, {legacy_base_url}/api/v3/...) ----------------------------------------

export type LegacyQuoteRequest = Schemas['LegacyQuoteRequest'];
export type LegacyContracts = Schemas['LegacyContracts'];
export type LegacyQuoteEntry = Schemas['LegacyQuoteEntry'];
export type LegacyChainTransaction = Schemas['LegacyTransaction'];
export type LegacyIntentStatus = Schemas['LegacyIntentStatusResponse']['data'];

export interface StableRoutesClient {
  health(options?: RequestOptions): Promise<Health>;
  openapi(options?: RequestOptions): Promise<Record<string, unknown>>;
  getChains(options?: RequestOptions): Promise<ChainRecord[]>;
  getTokens(query?: { chainId?: number }, options?: RequestOptions): Promise<TokenRecord[]>;
  createQuote(request: QuoteRequest, options?: RequestOptions): Promise<Quote>;
  /**
   * By intent hash, quote id, or the hash of a transaction of the intent (its publication,
   * funding, fill, proof or refund; `chainId` narrows it to one chain). None found: status unknown.
   */
  getIntentStatus(query: { intentHash: Hex } | { quoteId: string } | { transactionHash: Hex; chainId?: number },
    options?: RequestOptions): Promise<IntentStatus>;
  /**
   * The intent's status as it changes (Server-Sent Events): the current status first, then one
   * value per change, until a final status (settled, refunded, failed) or `signal` aborts.
   * Reconnects with Last-Event-ID. Without an apiKey (or with `public: true`) it uses the keyless
   * stream, which takes an intent hash only.
   */
  watchIntent(query: { intentHash: Hex } | { quoteId: string },
    options?: { signal?: AbortSignal; public?: boolean }): AsyncGenerator<IntentStatus, void, void>;
  submitGasless(standard: GaslessStandard, body: Permit3Submit | Permit2Submit | Erc3009Submit,
    options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitPermit3(body: Permit3Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitPermit2(body: Permit2Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  submitErc3009(body: Erc3009Submit, options?: RequestOptions): Promise<GaslessSubmitResult>;
  getGaslessJob(jobId: string, options?: RequestOptions): Promise<GaslessJob>;
  /** The quote's job, or null when it has none (404). Accepts "quote:<uuid>" or the bare UUID. */
  findGaslessJob(quoteId: string, options?: RequestOptions): Promise<GaslessJob | null>;
  createDepositAddress(body: DepositAddressRequest, options?: RequestOptions): Promise<DepositAddress>;
  /** The job (202 first time, 200 for the identical payload again); not resent after a network error. */
  submitDepositErc3009(body: DepositErc3009Submit, options?: RequestOptions): Promise<GaslessJob>;
  submitDepositErc2612(body: DepositErc2612Submit, options?: RequestOptions): Promise<GaslessJob>;
  getDepositAddress(vaultAddress: AddressString, options?: RequestOptions): Promise<DepositAddressRecord>;
  getDepositStatus(vaultAddress: AddressString, options?: RequestOptions): Promise<DepositStatus>;
  /** POST /v1/webhooks: the endpoint with its secret (shown only here); not resent after a network error. */
  createWebhook(body: WebhookCreateRequest, options?: RequestOptions): Promise<WebhookEndpointCreated>;
  /** GET /v1/webhooks: the endpoints of the key's partner, oldest first. */
  listWebhooks(options?: RequestOptions): Promise<WebhookEndpoint[]>;
  /** DELETE /v1/webhooks/{id}: resolves once deleted (404 throws). */
  deleteWebhook(id: string, options?: RequestOptions): Promise<void>;
  /** GET /v1/webhooks/{id}/deliveries: its recent deliveries. */
  getWebhookDeliveries(id: string, options?: RequestOptions): Promise<WebhookDelivery[]>;
  legacyExactOut(body: LegacyQuoteRequest, options?: RequestOptions): Promise<{ data: LegacyQuoteEntry[] }>;
  legacyExactIn(body: LegacyQuoteRequest, options?: RequestOptions): Promise<{ data: LegacyQuoteEntry[] }>;
  legacyIntentStatus(body: { intentHash?: string; intentCreatedHash?: string; fulfillmentHash?: string },
    options?: RequestOptions): Promise<{ data: LegacyIntentStatus }>;
}

export function createClient(options: ClientOptions): StableRoutesClient;
export function parseRetryAfter(value: string | null | undefined, now?: number): number | null;

/** A webhook delivery's payload (Standard Webhooks). */
export type WebhookPayload = Schemas['WebhookPayload'];
/** POST /v1/webhooks body (keys mapped to a partner). */
export type WebhookCreateRequest = Schemas['WebhookCreateRequest'];
/** A webhook endpoint as GET /v1/webhooks lists it (never with its secret). */
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** POST /v1/webhooks answer (201): the only time the secret is shown. */
export type WebhookEndpointCreated = Schemas['WebhookEndpointCreated'];
/** One entry of GET /v1/webhooks/{id}/deliveries. */
export type WebhookDelivery = Schemas['WebhookDelivery'];

/**
 * Verifies a delivery's `webhook-id`, `webhook-timestamp` and `webhook-signature` headers against
 * the endpoint's secret (`whsec_...`) and the raw body, and returns the payload; rejects with a
 * StableRoutesError (code 'invalid-webhook') when the signature or the timestamp (outside
 * `toleranceSec`, default 300) does not hold.
 */
export function verifyWebhook(secret: string, headers: Headers | Record<string, string | undefined>, body: string,
  options?: { toleranceSec?: number; now?: number }): Promise<WebhookPayload>;
