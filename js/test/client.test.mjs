// stableroutes/client against a loopback stub server: Retry-After on 429, bounded jittered
// backoff on 502, per-request timeouts, problem+json errors, keys only where they belong, and
// the gasless rule: after a network error the job is looked up before anything is resent.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, it, before, after, beforeEach } from 'node:test';

import { createClient, StableRoutesError, parseRetryAfter } from 'stableroutes/client';

const QUOTE_ID = 'quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d';
const JOB = { id: 'job:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d', status: 'accepted', standard: 'erc3009' };

let server;
let baseUrl;
let log; // every request the stub saw: {method, path, query, key}
let script; // (req, body, res) => handled? per test

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url, 'http://stub');
      log.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), key: req.headers['x-api-key'] ?? null });
      script(req, body, res, url);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());
beforeEach(() => {
  log = [];
});

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const problem = (status, code, extra = {}) => ({ type: `urn:stableroutes:problem:${code}`, title: code, status, code, detail: `${code} detail`, errors: [], ...extra });

// A client whose sleeps are recorded and instant, with a fixed "random" for exact backoffs.
function recordingClient(options = {}) {
  const sleeps = [];
  const client = createClient({
    baseUrl, apiKey: 'dev-key-acme', partner: 'acme', random: () => 0.5,
    sleep: async (ms) => { sleeps.push(ms); }, ...options,
  });
  return { client, sleeps };
}

describe('watchIntent', () => {
  it('a consumer that stops early closes the stream (the server sees the client go away)', async () => {
    let closed = null;
    script = (req, body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: status\nid: 0123456789abcdef\ndata: {"status":"pending"}\n\n');
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 50);
      closed = new Promise((resolve) => res.on('close', () => { clearInterval(keepAlive); resolve(true); }));
    };
    const client = createClient({ baseUrl });
    for await (const status of client.watchIntent({ intentHash: `0x${'ab'.repeat(32)}` })) {
      assert.equal(status.status, 'pending');
      break; // pending is not final: the server would keep the stream open
    }
    assert.equal(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 2_000))]), true);
    assert.deepEqual(log.map((l) => l.path), ['/v1/public/intents/stream']);
  });
});

describe('stableroutes/client', () => {
  it('waits Retry-After seconds on 429 and then succeeds', async () => {
    let calls = 0;
    script = (req, body, res) => (++calls === 1
      ? json(res, 429, problem(429, 'rate-limited'), { 'retry-after': '2' })
      : json(res, 200, { chains: [{ chainId: 8453 }] }));
    const { client, sleeps } = recordingClient();
    assert.deepEqual(await client.getChains(), [{ chainId: 8453 }]);
    assert.deepEqual(sleeps, [2000]);
    assert.equal(log.length, 2);
  });

  it('really sleeps for Retry-After with the default timer', async () => {
    let calls = 0;
    script = (req, body, res) => (++calls === 1
      ? json(res, 429, problem(429, 'rate-limited'), { 'retry-after': '1' })
      : json(res, 200, { tokens: [] }));
    const client = createClient({ baseUrl, apiKey: 'k' });
    const started = performance.now();
    assert.deepEqual(await client.getTokens({ chainId: 10 }), []);
    assert.ok(performance.now() - started >= 950, 'resent before Retry-After elapsed');
    assert.deepEqual(log[1].query, { chainId: '10' });
  });

  it('backs off on 502 with bounded, jittered delays and gives up with the problem body', async () => {
    script = (req, body, res) => json(res, 502, problem(502, 'solver-error'), { 'x-request-id': 'req-1' });
    const { client, sleeps } = recordingClient({ maxRetries: 4, retryBaseDelayMs: 100, maxRetryDelayMs: 500 });
    const error = await client.createQuote({ type: 'exact-in' }).catch((e) => e);
    assert.ok(error instanceof StableRoutesError);
    assert.equal(error.status, 502);
    assert.equal(error.code, 'solver-error');
    assert.equal(error.problem.detail, 'solver-error detail');
    assert.equal(error.requestId, 'req-1');
    assert.equal(log.length, 5); // 1 + maxRetries
    // full jitter with random() = 0.5: half of min(cap, base * 2^attempt)
    assert.deepEqual(sleeps, [50, 100, 200, 250]);
  });

  it('times a request out and reports code "timeout"', async () => {
    script = () => {}; // never answers
    const client = createClient({ baseUrl, apiKey: 'k', timeoutMs: 100, maxRetries: 0 });
    const started = performance.now();
    const error = await client.getIntentStatus({ quoteId: QUOTE_ID }).catch((e) => e);
    assert.equal(error.code, 'timeout');
    assert.equal(error.status, null);
    assert.ok(performance.now() - started < 2000);
    assert.deepEqual(log[0].query, { quoteId: QUOTE_ID.slice('quote:'.length) });
  });

  it('honours the caller\'s AbortSignal without retrying', async () => {
    script = () => {};
    const client = createClient({ baseUrl, apiKey: 'k', timeoutMs: 5000 });
    const error = await client.getChains({ signal: AbortSignal.timeout(50) }).catch((e) => e);
    assert.equal(error.name, 'TimeoutError');
    assert.equal(log.length, 1);
  });

  it('throws problem+json errors as they are (422, 409) and the gateway\'s 403 body', async () => {
    script = (req, body, res, url) => (url.pathname === '/v1/quotes'
      ? json(res, 422, problem(422, 'chain-not-supported'))
      : json(res, 403, { Message: 'User is not authorized to access this resource' }));
    const { client, sleeps } = recordingClient();
    const unsupported = await client.createQuote({}).catch((e) => e);
    assert.equal(unsupported.status, 422);
    assert.equal(unsupported.code, 'chain-not-supported');
    const forbidden = await client.getChains().catch((e) => e);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.problem.Message, 'User is not authorized to access this resource');
    assert.deepEqual(sleeps, []);
  });

  it('sends x-api-key on v1 endpoints and never on keyless ones', async () => {
    script = (req, body, res) => json(res, 200, { data: [] });
    const { client } = recordingClient();
    await client.createQuote({});
    await client.getDepositStatus('0xabc');
    await client.legacyExactOut({});
    await client.health();
    assert.deepEqual(log.map((l) => [l.path, l.key]), [
      ['/v1/quotes', 'dev-key-acme'],
      ['/v1/acme-gateway/status', null],
      ['/api/v3/quotes/exactOut', null],
      ['/health', null],
    ]);
  });

  describe('gasless submits', () => {
    const payload = { quote: { id: QUOTE_ID }, authorization: { from: '0x1' }, signature: '0x2' };

    it('after a dropped connection, finds the existing job instead of resubmitting', async () => {
      script = (req, body, res, url) => {
        if (req.method === 'POST') return res.socket.destroy(); // the submit may or may not have landed
        json(res, 200, JOB);
      };
      const { client } = recordingClient();
      const result = await client.submitErc3009(payload);
      assert.deepEqual(result, { job: JOB, created: false, recovered: true });
      assert.deepEqual(log.map((l) => `${l.method} ${l.path}`), ['POST /v1/gasless/erc3009', 'GET /v1/gasless/jobs']);
      assert.deepEqual(log[1].query, { quoteId: '7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d' });
    });

    it('resubmits only once the lookup says there is no job', async () => {
      let posts = 0;
      script = (req, body, res) => {
        if (req.method === 'GET') return json(res, 404, problem(404, 'not-found'));
        if (++posts === 1) return res.socket.destroy();
        assert.deepEqual(JSON.parse(body), payload); // the identical signed payload
        json(res, 202, JOB);
      };
      const { client } = recordingClient();
      const result = await client.submitErc3009(payload);
      assert.deepEqual(result, { job: JOB, created: true, recovered: false });
      assert.deepEqual(log.map((l) => l.method), ['POST', 'GET', 'POST']);
    });

    it('after a timeout, looks the job up first too', async () => {
      script = (req, body, res) => {
        if (req.method === 'POST') return; // hangs past the client's timeout
        json(res, 200, { ...JOB, status: 'published' });
      };
      const { client } = recordingClient({ timeoutMs: 100 });
      const result = await client.submitPermit2(payload);
      assert.equal(result.recovered, true);
      assert.equal(result.job.status, 'published');
      assert.deepEqual(log.map((l) => l.method), ['POST', 'GET']);
    });

    it('resends after 429 (not processed) and reports 200 as an existing job', async () => {
      let posts = 0;
      script = (req, body, res) => (++posts === 1
        ? json(res, 429, problem(429, 'rate-limited'), { 'retry-after': '1' })
        : json(res, 200, JOB));
      const { client, sleeps } = recordingClient();
      assert.deepEqual(await client.submitPermit3(payload), { job: JOB, created: false, recovered: false });
      assert.deepEqual(sleeps, [1000]);
      assert.deepEqual(log.map((l) => l.method), ['POST', 'POST']);
    });

    it('never resends after a 409 conflict', async () => {
      script = (req, body, res) => json(res, 409, problem(409, 'conflict'));
      const { client } = recordingClient();
      const error = await client.submitErc3009(payload).catch((e) => e);
      assert.equal(error.code, 'conflict');
      assert.equal(log.length, 1);
    });
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(parseRetryAfter('soon'), null);
    assert.equal(parseRetryAfter(null), null);
  });
});

describe('webhook management and status by transaction', () => {
  it('creates, lists, deletes and reads deliveries with the key; a create is not resent after a 502', async () => {
    const endpoint = { id: 'wh_1', url: 'https://example.com/hook', events: ['intent.status'], createdAt: 1 };
    script = (req, body, res, url) => {
      if (req.method === 'POST' && url.pathname === '/v1/webhooks') return json(res, 201, { ...endpoint, secret: 'whsec_AAAA' });
      if (req.method === 'GET' && url.pathname === '/v1/webhooks') return json(res, 200, { webhooks: [endpoint] });
      if (req.method === 'DELETE' && url.pathname === '/v1/webhooks/wh_1') { res.writeHead(204); return res.end(); }
      if (req.method === 'GET' && url.pathname === '/v1/webhooks/wh_1/deliveries') return json(res, 200, { deliveries: [] });
      if (req.method === 'GET' && url.pathname === '/v1/intents/status') return json(res, 200, { status: 'unknown' });
      return json(res, 404, problem(404, 'not-found'));
    };
    const { client } = recordingClient();
    assert.equal((await client.createWebhook({ url: endpoint.url })).secret, 'whsec_AAAA');
    assert.deepEqual(await client.listWebhooks(), [endpoint]);
    assert.equal(await client.deleteWebhook('wh_1'), undefined);
    assert.deepEqual(await client.getWebhookDeliveries('wh_1'), []);
    await assert.rejects(client.deleteWebhook('wh_2'), (e) => e instanceof StableRoutesError && e.status === 404);
    const tx = '0x' + 'ab'.repeat(32);
    await client.getIntentStatus({ transactionHash: tx, chainId: 31337 });
    assert.deepEqual(log.map((r) => [r.method, r.path, r.key]), [
      ['POST', '/v1/webhooks', 'dev-key-acme'], ['GET', '/v1/webhooks', 'dev-key-acme'], ['DELETE', '/v1/webhooks/wh_1', 'dev-key-acme'],
      ['GET', '/v1/webhooks/wh_1/deliveries', 'dev-key-acme'], ['DELETE', '/v1/webhooks/wh_2', 'dev-key-acme'], ['GET', '/v1/intents/status', 'dev-key-acme'],
    ]);
    assert.deepEqual(log.at(-1).query, { transactionHash: tx, chainId: '31337' });

    log = [];
    script = (req, body, res) => json(res, 502, problem(502, 'bad-gateway'));
    await assert.rejects(client.createWebhook({ url: endpoint.url }), (e) => e.status === 502);
    assert.equal(log.length, 1);
  });
});
