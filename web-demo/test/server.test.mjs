// The demo backend against a stand-in worker that records what it was sent (loopback only, no
// browser): the key goes to the worker on every forwarded call and never back to the page, even
// when the worker echoes it; only quotes this backend handed out can be funded, and only deposit
// addresses the gateway itself answers for (read keyless) and that verify get a transfer; only
// the page and the package's browser files are served.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { Wallet } from 'ethers';

import { startDemoServer } from '../server.mjs';

const KEY = 'test-key-never-in-the-browser';
// A well-formed chain record (GET /v1/chains), so the backend's own verification can run.
const CHAIN = {
  chainId: 31337, name: 'Local A', vm: 'evm', blockExplorerUrl: null,
  nativeCurrency: { symbol: 'ETH', decimals: 18 },
  portal: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', prover: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  permit2: null, permit3: null, quoteSigner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  vaultInitCodeHash: '0x56ab7df7454c51254f1a75bfef3b4499601a11339e9ac581ec8e5562266b90fc',
};
// A quote the stand-in "signs" with nothing: it must never be funded.
const UNSIGNED_QUOTE = { id: 'quote:0b7f4a56-5a0e-4c7e-9d83-3f3c52f3b0d1', type: 'exact-in', signature: '0x00' };
const received = [];
let worker;
let workerUrl;
let demo;

function fakeWorker(req, res) {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method, url: req.url, key: req.headers['x-api-key'], body });
    const headers = { 'content-type': 'application/json', 'x-request-id': 'req-1', 'ratelimit-remaining': '41', 'set-cookie': 'a=b' };
    if (req.url.startsWith('/v1/chains')) {
      res.writeHead(200, headers).end(JSON.stringify({ chains: [CHAIN] }));
    } else if (req.url.startsWith('/v1/tokens')) {
      // A misbehaving worker that echoes the key it was given.
      res.writeHead(200, headers).end(JSON.stringify({ tokens: [], debug: req.headers['x-api-key'] }));
    } else if (req.url === '/v1/quotes' && body.includes('"issue"')) {
      res.writeHead(200, headers).end(JSON.stringify(UNSIGNED_QUOTE));
    } else if (req.url === '/v1/quotes') {
      res.writeHead(400, { ...headers, 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ code: 'invalid-request', errors: [{ field: 'source.amount', message: 'required' }] }));
    } else {
      res.writeHead(200, headers).end(JSON.stringify({ status: 'unknown' }));
    }
  });
}

before(async () => {
  worker = http.createServer(fakeWorker);
  await new Promise((ok) => worker.listen(0, '127.0.0.1', ok));
  workerUrl = `http://127.0.0.1:${worker.address().port}`;
  demo = await startDemoServer({ workerUrl, apiKey: KEY });
});

after(async () => {
  await demo?.close();
  worker?.closeAllConnections();
  await new Promise((ok) => worker?.close(ok));
});

describe('web demo backend', () => {
  test('forwards /api/chains with the key and passes back only harmless headers', async () => {
    const res = await fetch(`${demo.url}/api/chains`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { chains: [CHAIN] });
    assert.equal(received.at(-1).url, '/v1/chains');
    assert.equal(received.at(-1).key, KEY);
    assert.equal(res.headers.get('x-request-id'), 'req-1');
    assert.equal(res.headers.get('ratelimit-remaining'), null);
    assert.equal(res.headers.get('set-cookie'), null);
  });

  test('withholds a worker answer that contains the key', async () => {
    const res = await fetch(`${demo.url}/api/tokens?chainId=1`);
    const text = await res.text();
    assert.equal(received.at(-1).url, '/v1/tokens?chainId=1');
    assert.equal(res.status, 502);
    assert.ok(!text.includes(KEY), text);
  });

  test('forwards a quote request body as-is and the problem+json answer with its status', async () => {
    const request = JSON.stringify({ type: 'exact-in', source: { chainId: 1 } });
    const res = await fetch(`${demo.url}/api/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).errors[0].field, 'source.amount');
    assert.deepEqual(received.at(-1), { method: 'POST', url: '/v1/quotes', key: KEY, body: request });
  });

  test('no status relay: the page follows intents on the keyless stream of the API it is told', async () => {
    const count = received.length;
    const res = await fetch(`${demo.url}/api/status?quoteId=0b7f4a56-5a0e-4c7e-9d83-3f3c52f3b0d1`);
    assert.equal(res.status, 404);
    assert.equal(received.length, count, 'nothing was forwarded');
    assert.equal((await (await fetch(`${demo.url}/api/config`)).json()).apiUrl, workerUrl);
    const elsewhere = await startDemoServer({ workerUrl, apiKey: KEY, publicApiUrl: 'https://api.example.com/' });
    try {
      assert.equal((await (await fetch(`${elsewhere.url}/api/config`)).json()).apiUrl, 'https://api.example.com');
    } finally {
      await elsewhere.close();
    }
  });

  test('without a local deployment the dev wallet is off and funds nothing', async () => {
    assert.deepEqual(await (await fetch(`${demo.url}/api/config`)).json(), { apiUrl: workerUrl, depositPartner: 'acme', devWallet: null });
    const res = await fetch(`${demo.url}/api/fund`, { method: 'POST', body: JSON.stringify({ quoteId: 'quote:x' }) });
    assert.equal(res.status, 404);
    const count = received.length;
    const transfer = await fetch(`${demo.url}/api/deposit-transfer`, { method: 'POST', body: JSON.stringify({ vaultAddress: CHAIN.portal, request: {}, from: CHAIN.quoteSigner }) });
    assert.equal(transfer.status, 404);
    assert.equal(received.length, count, 'nothing was asked of the worker');
  });

  test('with a local deployment the dev wallet funds only quotes it handed out, and only verified ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sr-web-demo-deployment-'));
    const deploymentFile = join(dir, 'deployment.json');
    const account = Wallet.createRandom();
    writeFileSync(deploymentFile, JSON.stringify({ accounts: { users: [{ index: 1, address: account.address, privateKey: account.privateKey }] } }));
    const withWallet = await startDemoServer({ workerUrl, apiKey: KEY, deploymentFile });
    try {
      // The stand-in's chains carry no rpcUrl: not the local chains, so the page offers no wallet.
      assert.deepEqual(await (await fetch(`${withWallet.url}/api/config`)).json(), { apiUrl: workerUrl, depositPartner: 'acme', devWallet: null });
      const res = await fetch(`${withWallet.url}/api/fund`, { method: 'POST', body: JSON.stringify({ quoteId: 'quote:never-issued' }) });
      assert.equal(res.status, 404);
      assert.match((await res.json()).title, /no quote quote:never-issued was handed out/);

      const issued = await fetch(`${withWallet.url}/api/quote`, { method: 'POST', body: JSON.stringify({ issue: true }) });
      assert.deepEqual(await issued.json(), UNSIGNED_QUOTE);
      const refused = await fetch(`${withWallet.url}/api/fund`, { method: 'POST', body: JSON.stringify({ quoteId: UNSIGNED_QUOTE.id }) });
      const problem = await refused.json();
      assert.equal(refused.status, 422);
      assert.equal(problem.title, 'the quote does not verify; not funding it');
      assert.match(problem.detail, /signature: /);

      // A deposit transfer: the vault must be an address (it goes into the gateway's path) ...
      const malformed = await fetch(`${withWallet.url}/api/deposit-transfer`, { method: 'POST', body: JSON.stringify({ vaultAddress: '../v1/chains', request: {}, from: account.address }) });
      assert.equal(malformed.status, 400);
      // ... its answer is read from the gateway, without the key, and sent to only if it verifies.
      const vaultAddress = '0x000000000000000000000000000000000000bEEF';
      const request = { source: { chainId: 31337, token: CHAIN.portal, amount: '1' }, destination: { chainId: 31337, token: CHAIN.portal, recipient: account.address }, refundRecipient: account.address };
      const unverified = await fetch(`${withWallet.url}/api/deposit-transfer`, { method: 'POST', body: JSON.stringify({ vaultAddress, request, from: account.address }) });
      const refusal = await unverified.json();
      const asked = received.findLast((r) => r.url.startsWith('/v1/acme-gateway/'));
      assert.deepEqual([asked.method, asked.url, asked.key], ['GET', `/v1/acme-gateway/${vaultAddress}`, undefined]);
      assert.equal(unverified.status, 422);
      assert.equal(refusal.title, 'the deposit address does not verify; not sending to it');
      assert.match(refusal.detail, /signature: /);
    } finally {
      await withWallet.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('serves the page and the package browser files, nothing else from the disk', async () => {
    const page = await fetch(`${demo.url}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /"stableroutes": "\/vendor\/stableroutes\/src\/entry-browser\.js"/);
    const entry = await fetch(`${demo.url}/vendor/stableroutes/src/entry-browser.js`);
    assert.equal(entry.status, 200);
    assert.match(entry.headers.get('content-type'), /^text\/javascript/);
    for (const path of ['/server.mjs', '/%2e%2e/server.mjs', '/vendor/stableroutes/../../package.json', '/vendor/stableroutes/bin/stableroutes.js', '/vendor/stableroutes/src/../../web-demo/server.mjs']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 404, path);
    }
  });
});
