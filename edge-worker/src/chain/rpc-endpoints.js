// A chain's JSON-RPC endpoints as providers really behave: several per chain, tried in order of
// health. Each call is bounded in time; an endpoint that cannot be reached, times out or answers
// HTTP 5xx cools down (1 s, doubling per consecutive failure, at most 60 s) and the next one is
// asked; one that answers HTTP 429, or a JSON-RPC rate-limit error, cools down for its
// Retry-After (5 s without one) and is not asked again before then. A node that lags behind its
// balancer ("header not found", "unknown block") is left for a moment and the call goes to the
// next endpoint. Every other JSON-RPC error is the chain's answer (a revert, a refused log range)
// and goes back to the caller as an RpcError. When every endpoint is cooling down the call fails at
// once with the time until the first is back (`retryAfterMs`): a provider's limit is honoured, not
// hammered.
//
// Health lives per isolate (module scope, keyed by URL): every object of the isolate shares what
// any of them learned, and a new isolate starts with every endpoint healthy.

const DEFAULT_TIMEOUT_MS = 5_000;
const MAX_COOLDOWN_MS = 60_000;
const DEFAULT_RETRY_AFTER_MS = 5_000;
const LAGGING_COOLDOWN_MS = 2_000;

/** url -> { until: epoch ms before which it is not asked, failures: consecutive failures } */
const health = new Map();

/** A JSON-RPC error answered by a node, or no endpoint able to answer. */
export class RpcError extends Error {
  /**
   * @param {string} message
   * @param {{ code?: number, data?: unknown, retryAfterMs?: number, unavailable?: boolean }} [details]
   */
  constructor(message, { code, data, retryAfterMs, unavailable = false } = {}) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
    this.retryAfterMs = retryAfterMs;
    this.unavailable = unavailable;
  }
}

const RATE_LIMITED = /rate.?limit|too many requests|exceeded .*(capacity|quota|requests)|request limit/i;
const LAGGING = /header not found|unknown block|block not found|missing trie node|not yet (available|synced)/i;
// A log query the provider will not answer whole: split the range and ask again.
const RANGE_REFUSED = /query returned more than|block range|range (is )?too (large|wide|big)|exceed(s|ed)? .*(range|results|size)|too many (results|logs|blocks)|response size|limit(ed)? to \d+ blocks|max(imum)? (block )?range/i;

/** Whether `error` (an RpcError from a node) refuses a log range as too large or too rich. */
export function refusesRange(error) {
  return error instanceof RpcError && !error.unavailable && (RANGE_REFUSED.test(error.message) || (error.code === -32005 && !RATE_LIMITED.test(error.message)));
}

function retryAfterMs(header, now) {
  if (header == null) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 10 * MAX_COOLDOWN_MS);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, Math.min(at - now, 10 * MAX_COOLDOWN_MS)) : DEFAULT_RETRY_AFTER_MS;
}

function stateOf(url) {
  let state = health.get(url);
  if (!state) health.set(url, (state = { until: 0, failures: 0 }));
  return state;
}

function coolDown(url, ms) {
  const state = stateOf(url);
  state.failures += 1;
  state.until = Date.now() + ms;
}

function failed(url) {
  const state = stateOf(url);
  coolDown(url, Math.min(MAX_COOLDOWN_MS, 1000 * 2 ** state.failures));
}

/** What one endpoint said: {body} (a JSON-RPC answer to hand on) or {skip} (ask the next). */
async function ask(url, method, params, timeoutMs) {
  let res;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    failed(url);
    return { skip: `${url}: ${e?.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : String(e?.message ?? e)}` };
  }
  if (res.status === 429) {
    coolDown(url, retryAfterMs(res.headers.get("retry-after"), Date.now()));
    await res.body?.cancel();
    return { skip: `${url}: HTTP 429` };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: judged by the status below
  }
  if (!res.ok || body === null || typeof body !== "object") {
    failed(url);
    return { skip: `${url}: HTTP ${res.status}${body === null ? ", no JSON-RPC answer" : ""}` };
  }
  const message = String(body.error?.message ?? "");
  if (body.error && RATE_LIMITED.test(message)) {
    coolDown(url, DEFAULT_RETRY_AFTER_MS);
    return { skip: `${url}: ${message}` };
  }
  if (body.error && LAGGING.test(message)) {
    coolDown(url, LAGGING_COOLDOWN_MS);
    return { skip: `${url}: ${message}` };
  }
  const state = stateOf(url);
  state.failures = 0;
  state.until = 0;
  return { body };
}

/**
 * The endpoints of one chain as a JSON-RPC client.
 * @param {string[]} urls in order of preference
 * @param {{ timeoutMs?: number }} [options]
 * @returns {{ request(method: string, params: unknown[]): Promise<object>, call(method: string, params: unknown[]): Promise<unknown> }}
 *   request resolves to a node's whole answer ({result} or {error}); call to the result, throwing
 *   an RpcError for an error answer. Both throw an RpcError with `unavailable` when no endpoint answered.
 */
export function rpcEndpoints(urls, { timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  if (!Array.isArray(urls) || urls.length === 0) throw new TypeError("rpcEndpoints: at least one URL");
  async function request(method, params) {
    const now = Date.now();
    const ready = urls.filter((u) => stateOf(u).until <= now);
    if (ready.length === 0) {
      const back = Math.min(...urls.map((u) => stateOf(u).until)) - now;
      throw new RpcError(`${method}: every endpoint is cooling down (back in ${back} ms)`, { retryAfterMs: back, unavailable: true });
    }
    const skipped = [];
    for (const url of ready) {
      const answer = await ask(url, method, params, timeoutMs);
      if (answer.body) return answer.body;
      skipped.push(answer.skip);
    }
    const back = Math.max(0, Math.min(...urls.map((u) => stateOf(u).until)) - Date.now());
    throw new RpcError(`${method}: no endpoint answered (${skipped.join("; ")})`, { retryAfterMs: back, unavailable: true });
  }
  async function call(method, params) {
    const body = await request(method, params);
    if (body.error) {
      throw new RpcError(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`, { code: body.error.code, data: body.error.data });
    }
    return body.result;
  }
  return { request, call };
}

/** What this isolate knows of each endpoint's health (GET /internal/status): [{url, coolingDownForMs, failures}]. */
export function endpointHealth(urls) {
  const now = Date.now();
  return urls.map((url) => {
    const state = health.get(url);
    return { url, coolingDownForMs: Math.max(0, (state?.until ?? 0) - now), failures: state?.failures ?? 0 };
  });
}

/** Forgets what was learned of every endpoint (tests). */
export function resetEndpointHealth() {
  health.clear();
}
