// Server-side client for the stableroutes API (api-contract.md). It holds the API key, so it
// belongs on a server: never ship it to browsers (the verifier is what runs there).
//
// Transport rules, in one place (`send`):
//   - 429: wait Retry-After (seconds or an HTTP date; computed backoff when absent) and resend:
//     a rate-limited request was not processed, so resending is always safe.
//   - 502: bounded exponential backoff with full jitter, for requests that are safe to repeat.
//   - network errors and per-attempt timeouts: retried only for requests safe to repeat (reads,
//     quote requests). A gasless submit is never resent blindly: after an uncertain outcome the
//     client looks the quote's job up (GET /v1/gasless/jobs?quoteId=) and resubmits only when
//     there is none (specification, Errors: "inspect the existing job ... before authorizing
//     another payment").
//   - every other non-2xx answer throws StableRoutesError carrying the problem+json body.

const DEFAULTS = Object.freeze({
  timeoutMs: 10_000,
  maxRetries: 3,
  retryBaseDelayMs: 250,
  maxRetryDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
});

export class StableRoutesError extends Error {
  constructor(message, { status = null, code = null, problem = null, requestId = null, retryAfterMs = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'StableRoutesError';
    this.status = status; // HTTP status, or null when no response arrived
    this.code = code ?? problem?.code ?? null; // problem code, or 'timeout' / 'network-error'
    this.problem = problem; // the parsed error body (problem+json, or the gateway's {"Message"})
    this.requestId = requestId;
    this.retryAfterMs = retryAfterMs;
  }
}

// Repetition policies: what may be resent after which outcome.
const SAFE = 'safe'; // reads and quote requests: any transient failure
const ANSWERED = 'answered'; // side effects: only what the server said it did not process (429)

const bareQuoteId = (quoteId) => String(quoteId).replace(/^quote:/, '');

export function parseRetryAfter(value, now = Date.now()) {
  if (value == null || value === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function abortableSleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createClient(options = {}) {
  const { baseUrl, legacyBaseUrl = baseUrl, apiKey, partner = null, headers: extraHeaders = {} } = options;
  if (!baseUrl) throw new TypeError('createClient: baseUrl is required');
  const config = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([k]) => k in DEFAULTS)) };
  const fetchFn = options.fetch ?? globalThis.fetch;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;

  const backoff = (attempt) => Math.floor(random() * Math.min(config.maxRetryDelayMs, config.retryBaseDelayMs * 2 ** attempt));

  // One HTTP exchange with its own timeout; resolves to {status, headers, body} or throws a
  // StableRoutesError with code 'timeout' / 'network-error' (or the caller's abort reason).
  async function exchange({ method, url, body, keyed, signal, timeoutMs }) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
    const onAbort = () => controller.abort(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const headers = { accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (keyed) {
      if (!apiKey) throw new TypeError(`${method} ${url.pathname} needs apiKey`);
      headers['x-api-key'] = apiKey;
    }
    try {
      const response = await fetchFn(url, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal,
      });
      const text = await response.text();
      let parsed = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = { detail: text };
        }
      }
      return { status: response.status, headers: response.headers, body: parsed };
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      const timedOut = controller.signal.aborted;
      throw new StableRoutesError(
        timedOut ? `${method} ${url.pathname} timed out after ${timeoutMs} ms` : `${method} ${url.pathname} failed: ${error.message}`,
        { code: timedOut ? 'timeout' : 'network-error', cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function errorOf(method, url, answer) {
    const problem = answer.body;
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    const what = problem?.detail ?? problem?.title ?? problem?.Message ?? `HTTP ${answer.status}`;
    return new StableRoutesError(`${method} ${url.pathname}: ${answer.status} ${what}`, {
      status: answer.status, problem, requestId: answer.headers.get('x-request-id') ?? problem?.requestId ?? null, retryAfterMs,
    });
  }

  // Sends with the retry rules above; returns {status, body} of a 2xx answer.
  async function send({ method = 'GET', path, query, body, keyed = true, legacy = false, repeat = SAFE,
    signal, timeoutMs = config.timeoutMs }) {
    const url = new URL(path, legacy ? legacyBaseUrl : baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) if (v != null) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      let answer;
      try {
        answer = await exchange({ method, url, body, keyed, signal, timeoutMs });
      } catch (error) {
        if (!(error instanceof StableRoutesError) || repeat !== SAFE || attempt >= config.maxRetries) throw error;
        await sleep(backoff(attempt), signal);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return answer;
      const error = errorOf(method, url, answer);
      const retriable = answer.status === 429 || (answer.status === 502 && repeat === SAFE);
      if (!retriable || attempt >= config.maxRetries) throw error;
      const wait = answer.status === 429 && error.retryAfterMs !== null ? error.retryAfterMs : backoff(attempt);
      if (wait > config.maxRetryAfterMs) throw error; // the caller should decide about a long wait
      await sleep(wait, signal);
    }
  }

  const get = (path, query, opts) => send({ ...opts, method: 'GET', path, query });
  const post = (path, body, opts) => send({ ...opts, method: 'POST', path, body });
  const bodyOf = async (promise) => (await promise).body;
  const partnerOf = (opts) => {
    const slug = opts?.partner ?? partner;
    if (!slug) throw new TypeError('deposit-address calls need options.partner (createClient or per call)');
    return encodeURIComponent(slug);
  };

  // A gasless submit: resent after 429 (not processed); after a network error, timeout or 502 the
  // quote's job is looked up first, and only when none exists is the same payload submitted again.
  async function submitGasless(standard, payload, opts = {}) {
    const quoteId = payload?.quote?.id;
    if (typeof quoteId !== 'string') throw new TypeError('a gasless submit carries the signed quote (payload.quote.id)');
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await post(`/v1/gasless/${standard}`, payload, { ...opts, repeat: ANSWERED });
        return { job: answer.body, created: answer.status === 202, recovered: false };
      } catch (error) {
        const uncertain = error instanceof StableRoutesError && (error.status === null || error.status === 502);
        if (!uncertain) throw error;
        const job = await findGaslessJob(quoteId, opts);
        if (job) return { job, created: false, recovered: true };
        if (attempt >= config.maxRetries) throw error;
        await sleep(backoff(attempt), opts.signal);
      }
    }
  }

  async function findGaslessJob(quoteId, opts) {
    try {
      return await bodyOf(get('/v1/gasless/jobs', { quoteId: bareQuoteId(quoteId) }, opts));
    } catch (error) {
      if (error instanceof StableRoutesError && error.status === 404) return null;
      throw error;
    }
  }

  return Object.freeze({
    health: (opts) => bodyOf(get('/health', undefined, { ...opts, keyed: false })),
    openapi: (opts) => bodyOf(get('/openapi.json', undefined, { ...opts, keyed: false })),
    async getChains(opts) {
      return (await bodyOf(get('/v1/chains', undefined, opts))).chains;
    },
    async getTokens(query = {}, opts) {
      return (await bodyOf(get('/v1/tokens', { chainId: query.chainId }, opts))).tokens;
    },
    createQuote: (request, opts) => bodyOf(post('/v1/quotes', request, opts)),
    getIntentStatus(query, opts) {
      let params;
      if (query?.intentHash) params = { intentHash: query.intentHash };
      else if (query?.quoteId) params = { quoteId: bareQuoteId(query.quoteId) };
      // The transaction a user pastes (publication, funding, fill, proof or refund), optionally on one chain.
      else if (query?.transactionHash) params = { transactionHash: query.transactionHash, chainId: query.chainId };
      else throw new TypeError('getIntentStatus needs intentHash, quoteId or transactionHash');
      return bodyOf(get('/v1/intents/status', params, opts));
    },
    submitGasless,
    submitPermit3: (payload, opts) => submitGasless('permit3', payload, opts),
    submitPermit2: (payload, opts) => submitGasless('permit2', payload, opts),
    submitErc3009: (payload, opts) => submitGasless('erc3009', payload, opts),
    getGaslessJob: (jobId, opts) => bodyOf(get(`/v1/gasless/jobs/${encodeURIComponent(jobId)}`, undefined, opts)),
    findGaslessJob,
    createDepositAddress: (body, opts) =>
      bodyOf(post(`/v1/${partnerOf(opts)}-gateway/deposit-addresses`, body, { ...opts, keyed: false, repeat: ANSWERED })),
    submitDepositErc3009: (body, opts) =>
      bodyOf(post(`/v1/${partnerOf(opts)}-gateway/submit/erc-3009`, body, { ...opts, keyed: false, repeat: ANSWERED })),
    submitDepositErc2612: (body, opts) =>
      bodyOf(post(`/v1/${partnerOf(opts)}-gateway/submit/erc-2612`, body, { ...opts, keyed: false, repeat: ANSWERED })),
    getDepositAddress: (vaultAddress, opts) =>
      bodyOf(get(`/v1/${partnerOf(opts)}-gateway/${encodeURIComponent(vaultAddress)}`, undefined, { ...opts, keyed: false })),
    getDepositStatus: (vaultAddress, opts) =>
      bodyOf(get(`/v1/${partnerOf(opts)}-gateway/status`, { vaultAddress }, { ...opts, keyed: false })),
    // Webhook endpoints (keys mapped to a partner). A create makes a secret, so it is resent only
    // after a 429; a delete after an uncertain outcome may answer 404 when the first one landed.
    createWebhook: (body, opts) => bodyOf(post('/v1/webhooks', body, { ...opts, repeat: ANSWERED })),
    async listWebhooks(opts) {
      return (await bodyOf(get('/v1/webhooks', undefined, opts))).webhooks;
    },
    async deleteWebhook(id, opts) {
      await send({ ...opts, method: 'DELETE', path: `/v1/webhooks/${encodeURIComponent(id)}`, repeat: ANSWERED });
    },
    async getWebhookDeliveries(id, opts) {
      return (await bodyOf(get(`/v1/webhooks/${encodeURIComponent(id)}/deliveries`, undefined, opts))).deliveries;
    },
    legacyExactOut: (body, opts) => bodyOf(post('/api/v3/quotes/exactOut', body, { ...opts, keyed: false, legacy: true })),
    legacyExactIn: (body, opts) => bodyOf(post('/api/v3/quotes/exactIn', body, { ...opts, keyed: false, legacy: true })),
    legacyIntentStatus: (body, opts) =>
      bodyOf(post('/api/v3/intents/intentStatus', body, { ...opts, keyed: false, legacy: true })),
    watchIntent,
  });

  /**
   * The intent's status as it changes: an async iterator over GET /v1/intents/stream (or the
   * keyless /v1/public/intents/stream by intent hash when there is no apiKey or `public` is set).
   * The first value is the current status; it ends after a final status (settled, refunded,
   * failed) or when `signal` aborts. A dropped or aged-out stream is reopened with Last-Event-ID,
   * so a status already seen is not yielded twice.
   */
  async function* watchIntent(query, opts = {}) {
    const usePublic = opts.public === true || !apiKey;
    let params;
    if (query?.intentHash) params = { intentHash: query.intentHash };
    else if (query?.quoteId && !usePublic) params = { quoteId: bareQuoteId(query.quoteId) };
    else throw new TypeError(usePublic ? 'watchIntent without an apiKey needs intentHash' : 'watchIntent needs intentHash or quoteId');
    const url = new URL(usePublic ? '/v1/public/intents/stream' : '/v1/intents/stream', baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const signal = opts.signal;
    // An abort during a pause ends the iteration quietly, as an abort while reading does.
    const pause = async (ms) => {
      try {
        await sleep(ms, signal);
        return true;
      } catch (error) {
        if (signal?.aborted) return false;
        throw error;
      }
    };
    let lastEventId = null;
    for (let attempt = 0; ; attempt++) {
      const headers = { accept: 'text/event-stream', ...extraHeaders };
      if (!usePublic) headers['x-api-key'] = apiKey;
      if (lastEventId) headers['last-event-id'] = lastEventId;
      let response;
      try {
        response = await fetchFn(url, { headers, signal });
      } catch (error) {
        if (signal?.aborted || !(await pause(backoff(attempt)))) return;
        continue;
      }
      if (!response.ok) {
        const text = await response.text();
        let body = null;
        try { body = JSON.parse(text); } catch { body = { detail: text }; }
        if (response.status >= 500 || response.status === 429) {
          const wait = response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) ?? backoff(attempt) : backoff(attempt);
          if (!(await pause(wait))) return;
          continue;
        }
        throw errorOf('GET', url, { status: response.status, headers: response.headers, body });
      }
      attempt = -1;
      let final = false;
      try {
        for await (const event of sseEvents(response.body)) {
          if (event.id) lastEventId = event.id;
          if (event.event !== 'status') continue;
          const status = JSON.parse(event.data);
          yield status;
          if (FINAL_STATUSES.has(status.status)) final = true;
        }
      } catch (error) {
        if (signal?.aborted) return;
      }
      if (final || signal?.aborted) return;
    }
  }
}

const FINAL_STATUSES = new Set(['settled', 'refunded', 'failed']);

/** Server-Sent Events of a response body: {event, id, data} per event (comments skipped). */
async function* sseEvents(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = { event: 'message', id: null, data: '' };
        const data = [];
        for (const line of block.split('\n')) {
          if (!line || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'id') event.id = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length) yield { ...event, data: data.join('\n') };
      }
    }
  } finally {
    // A consumer that stops early (break, return) must not leave the stream open: the server
    // would keep it for up to ten minutes, and a browser holds one of its few connections.
    reader.cancel().catch(() => {});
  }
}

const textEncoder = new TextEncoder();

/**
 * Verifies a webhook delivery as the Standard Webhooks specification defines it and returns its
 * parsed payload: `webhook-signature` must hold a `v1,<base64 HMAC-SHA256>` of
 * "<webhook-id>.<webhook-timestamp>.<body>" under the endpoint's secret (`whsec_<base64>`), and
 * the timestamp must be within `toleranceSec` of now (replays of old deliveries fail). Throws a
 * StableRoutesError with code 'invalid-webhook' otherwise. `body` is the raw request body text.
 */
export async function verifyWebhook(secret, headers, body, { toleranceSec = 300, now = Date.now() } = {}) {
  const header = (name) => (typeof headers?.get === 'function' ? headers.get(name) : headers?.[name] ?? headers?.[name.toLowerCase()]) ?? null;
  const fail = (why) => {
    throw new StableRoutesError(`webhook rejected: ${why}`, { code: 'invalid-webhook' });
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) fail('webhook-id, webhook-timestamp and webhook-signature are required');
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > toleranceSec) fail('the timestamp is outside the tolerance');
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) fail('the secret must be whsec_<base64>');
  const keyBytes = Uint8Array.from(atob(secret.slice(6)), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, textEncoder.encode(`${id}.${timestamp}.${body}`)));
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    let given;
    try {
      given = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    } catch {
      return false;
    }
    if (given.length !== expected.length) return false;
    let diff = 0;
    for (let i = 0; i < given.length; i++) diff |= given[i] ^ expected[i];
    return diff === 0;
  });
  if (!matches) fail('no signature matches');
  return JSON.parse(body);
}
