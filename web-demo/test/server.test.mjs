// The demo backend against a stand-in worker that records what it was sent (loopback only, no
// browser): the key goes to the worker on every forwarded call and never back to the page, even
// when the worker echoes it; only quotes this backend handed out can be funded, and only deposit
// addresses the gateway itself answers for (read keyless) and that verify get a transfer; the
// compromised signer (the development quote signer re-signing a tampered quote) answers only with
// a local deployment whose chains are local and signed by that key; only the page and the
// package's browser files are served.
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
// What the stand-in answers for GET /v1/chains (a test may make it a local chain for a while).
let chainRecord = CHAIN;
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
      res.writeHead(200, headers).end(JSON.stringify({ chains: [chainRecord] }));
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

/** Runs `body` against a backend given a local deployment of one random development account. */
async function withDeployment(body) {
  const dir = mkdtempSync(join(tmpdir(), 'sr-web-demo-deployment-'));
  const deploymentFile = join(dir, 'deployment.json');
  const account = Wallet.createRandom();
  writeFileSync(deploymentFile, JSON.stringify({ accounts: { users: [{ index: 1, address: account.address, privateKey: account.privateKey }] } }));
  const withWallet = await startDemoServer({ workerUrl, apiKey: KEY, deploymentFile });
  try {
    await body(withWallet, account);
  } finally {
    await withWallet.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

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
    assert.deepEqual(await (await fetch(`${demo.url}/api/config`)).json(), { apiUrl: workerUrl, depositPartner: 'acme', devWallet: null, compromisedSigner: false });
    const res = await fetch(`${demo.url}/api/fund`, { method: 'POST', body: JSON.stringify({ quoteId: 'quote:x' }) });
    assert.equal(res.status, 404);
    assert.equal((await fetch(`${demo.url}/api/compromised-signer`, { method: 'POST', body: JSON.stringify({ quoteId: 'quote:x' }) })).status, 404);
    const count = received.length;
    const transfer = await fetch(`${demo.url}/api/deposit-transfer`, { method: 'POST', body: JSON.stringify({ vaultAddress: CHAIN.portal, request: {}, from: CHAIN.quoteSigner }) });
    assert.equal(transfer.status, 404);
    assert.equal(received.length, count, 'nothing was asked of the worker');
  });

  test('with a local deployment the dev wallet funds only quotes it handed out, and only verified ones', async () => {
    await withDeployment(async (withWallet, account) => {
      // The stand-in's chains carry no rpcUrl: not the local chains, so the page offers no wallet
      // and no compromised signer.
      assert.deepEqual(await (await fetch(`${withWallet.url}/api/config`)).json(), { apiUrl: workerUrl, depositPartner: 'acme', devWallet: null, compromisedSigner: false });
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
      const notLocal = await fetch(`${withWallet.url}/api/compromised-signer`, { method: 'POST', body: JSON.stringify({ quoteId: UNSIGNED_QUOTE.id }) });
      assert.equal(notLocal.status, 404);
      assert.match((await notLocal.json()).title, /the compromised signer is off/);

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
    });
  });

  test('the compromised signer answers only for local chains signed by the development quote signer, and only quotes it handed out', async () => {
    await withDeployment(async (withWallet, account) => {
      const resign = (quoteId) => fetch(`${withWallet.url}/api/compromised-signer`, { method: 'POST', body: JSON.stringify({ quoteId }) });
      const offered = async () => (await (await fetch(`${withWallet.url}/api/config`)).json()).compromisedSigner;
      assert.equal((await (await fetch(`${withWallet.url}/api/quote`, { method: 'POST', body: JSON.stringify({ issue: true }) })).json()).id, UNSIGNED_QUOTE.id);
      // A local chain whose quotes another key signs (a deployment with its own signer): off.
      chainRecord = { ...CHAIN, rpcUrl: 'http://127.0.0.1:1', quoteSigner: account.address };
      assert.equal(await offered(), false);
      assert.equal((await resign(UNSIGNED_QUOTE.id)).status, 404);
      // A local chain signed by the development quote signer (CHAIN's quoteSigner): on, but only for
      // a quote this backend handed out, and only one it can change as an attacker would.
      chainRecord = { ...CHAIN, rpcUrl: 'http://127.0.0.1:1' };
      assert.equal(await offered(), true);
      const unknown = await resign('quote:never-issued');
      assert.equal(unknown.status, 404);
      assert.match((await unknown.json()).title, /no quote quote:never-issued was handed out/);
      const unchangeable = await resign(UNSIGNED_QUOTE.id);
      assert.equal(unchangeable.status, 422);
      assert.match((await unchangeable.json()).detail, /direct EVM quotes only/);
    }).finally(() => {
      chainRecord = CHAIN;
    });
  });

  test('serves the page and the package browser files, nothing else from the disk', async () => {
    const page = await fetch(`${demo.url}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /"stableroutes": "\/vendor\/stableroutes\/dist\/entry-browser\.js"/);
    const entry = await fetch(`${demo.url}/vendor/stableroutes/dist/entry-browser.js`);
    assert.equal(entry.status, 200);
    assert.match(entry.headers.get('content-type'), /^text\/javascript/);
    for (const path of ['/server.mjs', '/%2e%2e/server.mjs', '/vendor/stableroutes/../../package.json', '/vendor/stableroutes/bin/stableroutes.js', '/vendor/stableroutes/src/../../web-demo/server.mjs']) {
      const res = await fetch(`${demo.url}${path}`);
      assert.equal(res.status, 404, path);
    }
  });
});
