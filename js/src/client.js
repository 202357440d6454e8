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
      const params = query?.intentHash ? { intentHash: query.intentHash } : { quoteId: query?.quoteId && bareQuoteId(query.quoteId) };
      if (!params.intentHash && !params.quoteId) throw new TypeError('getIntentStatus needs intentHash or quoteId');
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
    legacyExactOut: (body, opts) => bodyOf(post('/api/v3/quotes/exactOut', body, { ...opts, keyed: false, legacy: true })),
    legacyExactIn: (body, opts) => bodyOf(post('/api/v3/quotes/exactIn', body, { ...opts, keyed: false, legacy: true })),
    legacyIntentStatus: (body, opts) =>
      bodyOf(post('/api/v3/intents/intentStatus', body, { ...opts, keyed: false, legacy: true })),
  });
}
