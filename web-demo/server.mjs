#!/usr/bin/env node
// The demo dapp's backend. It is the only place that knows the API key: the page talks to it
// (same origin), it forwards to the stableroutes worker with `x-api-key` added, and it passes back
// only the worker's JSON body and a few harmless headers. It also serves the page and the
// `stableroutes` package's browser files, so the page verifies quotes with the real package.
//
// The page follows a funded intent itself, through the API's keyless status stream
// (GET /v1/public/intents/stream, by intent hash): nothing about it needs the key, so nothing of
// it passes through here (and the API's per-address limit counts each user, not this backend).
//
// Deposit addresses are keyless too: the page asks the partner's gateway
// (POST /v1/{partner}-gateway/deposit-addresses) itself and verifies the answer; this backend only
// tells it which partner's gateway to use.
//
// With the local chains (chain records carrying `rpcUrl`) it can fund a quote it handed out, or
// send a deposit address its amount, with a DEVELOPMENT ONLY key from the local deployment, for
// browsers without a wallet: the key stays here, the page only asks. There too, and only where the
// worker's quotes are signed by the local development quote signer, it plays a compromised signer
// for the page's tamper of that name (compromised-signer.mjs): a quote it handed out, changed to pay
// someone else and re-signed with that DEVELOPMENT ONLY key.
//
//   node web-demo/server.mjs   (DEMO_PORT, WORKER_URL, PUBLIC_API_URL, STABLEROUTES_API_KEY,
//                               DEPOSIT_PARTNER, SR_LOCAL_CHAINS_DIR)
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { createCompromisedSigner } from './compromised-signer.mjs';
import { createDevWallet } from './dev-wallet.mjs';

const demoDir = dirname(fileURLToPath(import.meta.url));
const repoDir = resolve(demoDir, '..');
const publicDir = join(demoDir, 'public');
const packageDir = join(repoDir, 'js');
// DEVELOPMENT ONLY: the local quote signer's key (config/README.md), for the compromised-signer tamper.
const LOCAL_SECRETS = join(repoDir, 'config', 'local', 'secrets.json');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};
// Worker response headers worth passing on; everything else (rate-limit counters of *our* key,
// CORS of the worker) stays between the backend and the worker.
const FORWARDED_HEADERS = ['content-type', 'retry-after', 'x-request-id', 'x-schema-version'];
const QUOTE_BODY_LIMIT = 64 * 1024;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const PARTNER_SLUG = /^[a-z0-9-]+$/;

// The package's browser files, as a bundler would ship them: its ESM sources and the verifier
// module that the package build (`node js/scripts/build.mjs`, run by scripts/build.sh) puts in js/wasm/.
function packageFile(relative) {
  const allowed = /^((src|dist)\/[a-z-]+\.js|wasm\/verifier\.wasm)$/;
  return allowed.test(relative) ? join(packageDir, relative) : null;
}

// The package's Node entry, imported on first use so that a missing package build is reported by
// createDemoServer's check rather than as a failed import of this file.
let verifierLoading = null;
function nodeVerifier() {
  verifierLoading ??= import(pathToFileURL(join(packageDir, 'src', 'entry-node.js')).href)
    .then(({ loadVerifier }) => loadVerifier());
  return verifierLoading;
}

function publicFile(relative) {
  const file = resolve(publicDir, relative === '' ? 'index.html' : relative);
  return file.startsWith(publicDir + sep) ? file : null;
}

/**
 * @param {object} options
 * @param {string} options.workerUrl  base URL of the stableroutes worker
 * @param {string} options.apiKey     the dapp's API key (never sent to the browser)
 * @param {string} [options.publicApiUrl]  the API's base URL as browsers reach it (for its keyless
 *   endpoints); defaults to workerUrl
 * @param {string} [options.depositPartner]  the partner whose keyless deposit-address gateway the
 *   page uses (/v1/{partner}-gateway/...); locally `acme`
 * @param {string|null} [options.deploymentFile]  local deployment.json; enables dev-wallet funding
 * @param {(line: string) => void} [options.log]
 */
export function createDemoServer({ workerUrl, apiKey, publicApiUrl = workerUrl, depositPartner = 'acme', deploymentFile = null, log = () => {} }) {
  if (!apiKey) throw new Error('web-demo: an API key is required (STABLEROUTES_API_KEY)');
  if (!PARTNER_SLUG.test(depositPartner)) throw new Error(`web-demo: "${depositPartner}" is not a partner slug (DEPOSIT_PARTNER)`);
  if (!existsSync(packageFile('wasm/verifier.wasm'))) {
    throw new Error('web-demo: js/wasm/verifier.wasm is missing; build the stableroutes package first (node js/scripts/build.mjs)');
  }
  const quotes = new Map(); // quote id -> {quote, request}: what the worker signed, for the dev wallet
  const devWallet = deploymentFile && existsSync(deploymentFile)
    ? createDevWallet(JSON.parse(readFileSync(deploymentFile, 'utf8')))
    : null;

  // `keyless`: an endpoint that takes no key is not sent one.
  async function callWorker(path, init = {}, { keyless = false } = {}) {
    const headers = { ...(keyless ? {} : { 'x-api-key': apiKey }), accept: 'application/json', ...init.headers };
    const res = await fetch(new URL(path, workerUrl), { ...init, headers, signal: AbortSignal.timeout(15_000) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  function send(res, status, body, headers = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    // Defence in depth: whatever the worker answered, the key never leaves this process.
    const safe = text.includes(apiKey) ? JSON.stringify({ title: 'response withheld: it contained the API key' }) : text;
    res.writeHead(safe === text ? status : 502, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(safe);
  }

  async function forward(res, path, init) {
    let answer;
    try {
      answer = await callWorker(path, init);
    } catch (error) {
      return send(res, 502, { title: 'the stableroutes API did not answer', detail: String(error.message ?? error) });
    }
    const headers = {};
    for (const name of FORWARDED_HEADERS) {
      const value = answer.headers.get(name);
      if (value) headers[name] = value;
    }
    send(res, answer.status, answer.text, headers);
    return answer;
  }

  async function readBody(req) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > QUOTE_BODY_LIMIT) throw Object.assign(new Error('request body too large'), { status: 413 });
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function chains() {
    const answer = await callWorker('/v1/chains');
    if (answer.status !== 200) throw new Error(`GET /v1/chains answered ${answer.status}`);
    return JSON.parse(answer.text).chains;
  }

  // The development signer, only beside the development wallet (a local deployment) and only for
  // chains that are local and signed by it; null anywhere else.
  function compromisedSigner(list) {
    return devWallet && existsSync(LOCAL_SECRETS) ? createCompromisedSigner(LOCAL_SECRETS, list) : null;
  }

  const routes = {
    'GET /api/config': async (req, res) => {
      const list = devWallet ? await chains().catch(() => []) : [];
      const local = list.some((c) => c.rpcUrl);
      send(res, 200, {
        // Where the page opens the keyless status stream; no key is involved.
        apiUrl: new URL(publicApiUrl).origin,
        // Whose deposit-address gateway the page asks, keyless, at apiUrl.
        depositPartner,
        devWallet: devWallet && local ? { accounts: devWallet.accounts, note: 'DEVELOPMENT ONLY: local anvil accounts' } : null,
        // Whether the page may offer the compromised-signer tamper.
        compromisedSigner: compromisedSigner(list) !== null,
      });
    },
    'GET /api/chains': (req, res) => forward(res, '/v1/chains'),
    'GET /api/tokens': (req, res, url) => {
      const chainId = url.searchParams.get('chainId');
      return forward(res, chainId ? `/v1/tokens?${new URLSearchParams({ chainId })}` : '/v1/tokens');
    },
    'POST /api/quote': async (req, res) => {
      const body = await readBody(req);
      const answer = await forward(res, '/v1/quotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (answer?.status === 200) {
        const quote = JSON.parse(answer.text);
        quotes.set(quote.id, { quote, request: JSON.parse(body) });
        // Quotes live minutes; a demo keeps only the latest few hundred.
        if (quotes.size > 500) quotes.delete(quotes.keys().next().value);
      }
    },
    'POST /api/fund': async (req, res) => {
      if (!devWallet) return send(res, 404, { title: 'no local deployment: the development wallet is off' });
      const { quoteId } = JSON.parse((await readBody(req)) || '{}');
      // Funds only a quote this backend received from the worker, exactly as received: what the
      // page shows (and may have tampered with) is never what gets sent.
      const issued = quotes.get(quoteId);
      if (!issued) return send(res, 404, { title: `no quote ${quoteId} was handed out by this backend` });
      const { quote, request } = issued;
      try {
        const chainList = await chains();
        // The backend sends the transactions, so it verifies too rather than trusting the page.
        const report = (await nodeVerifier()).verifyQuote(quote, { chains: chainList, request });
        const failed = report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
        if (!report.ok) return send(res, 422, { title: 'the quote does not verify; not funding it', detail: failed.join('; ') });
        const sent = await devWallet.fund(quote, chainList);
        log(`web-demo: funded ${quote.id} with development account ${sent.from}: ${sent.transactions.map((t) => t.hash).join(', ')}`);
        send(res, 200, sent);
      } catch (error) {
        log(`web-demo: funding ${quote.id} failed: ${error.stack}`);
        send(res, 422, { title: 'the development wallet could not fund this quote', detail: String(error.shortMessage ?? error.message ?? error) });
      }
    },
    'POST /api/compromised-signer': async (req, res) => {
      const signer = devWallet ? compromisedSigner(await chains()) : null;
      if (!signer) return send(res, 404, { title: 'no local deployment signed by the development quote signer: the compromised signer is off' });
      const { quoteId } = JSON.parse((await readBody(req)) || '{}');
      // Only a quote this backend received from the worker: it re-signs nothing the page sends.
      const issued = quotes.get(quoteId);
      if (!issued) return send(res, 404, { title: `no quote ${quoteId} was handed out by this backend` });
      try {
        send(res, 200, signer.resign(issued.quote));
      } catch (error) {
        send(res, 422, { title: 'the compromised signer cannot change this quote', detail: String(error.message ?? error) });
      }
    },
    'POST /api/deposit-transfer': async (req, res) => {
      if (!devWallet) return send(res, 404, { title: 'no local deployment: the development wallet is off' });
      const { vaultAddress, request, from } = JSON.parse((await readBody(req)) || '{}');
      if (!EVM_ADDRESS.test(vaultAddress ?? '') || !EVM_ADDRESS.test(from ?? '') || typeof request !== 'object' || request === null) {
        return send(res, 400, { title: 'expected {vaultAddress, request, from}: the deposit address, the request that created it and a development account' });
      }
      // The answer is read from the worker again, not taken from the page: what the page shows
      // (and may have tampered with) never decides where the money goes. The backend sends, so it
      // verifies too, against the request the page says it made (only that names the refund
      // recipient; a request the answer does not match fails `matches-request` or
      // `reward-locks-deposit`).
      const served = await callWorker(`/v1/${depositPartner}-gateway/${vaultAddress}`, {}, { keyless: true });
      if (served.status !== 200) return send(res, 404, { title: `the gateway has no deposit address ${vaultAddress}` });
      try {
        const answer = JSON.parse(served.text);
        const chainList = await chains();
        const report = (await nodeVerifier()).verifyDepositAddress(answer, { chains: chainList, request });
        const failed = report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
        if (!report.ok) return send(res, 422, { title: 'the deposit address does not verify; not sending to it', detail: failed.join('; ') });
        const sent = await devWallet.transfer(answer, chainList, from);
        log(`web-demo: sent ${answer.source.amount} to deposit address ${vaultAddress} from development account ${sent.from}: ${sent.transactions.map((t) => t.hash).join(', ')}`);
        send(res, 200, sent);
      } catch (error) {
        log(`web-demo: sending to deposit address ${vaultAddress} failed: ${error.stack}`);
        send(res, 422, { title: 'the development wallet could not send to this deposit address', detail: String(error.shortMessage ?? error.message ?? error) });
      }
    },
  };

  async function serveFile(res, file) {
    if (!file) return send(res, 404, { title: 'not found' });
    try {
      const bytes = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(bytes);
    } catch {
      send(res, 404, { title: 'not found' });
    }
  }

  return http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://demo.invalid');
    try {
      const route = routes[`${req.method} ${url.pathname}`];
      if (route) return await route(req, res, url);
      if (req.method !== 'GET') return send(res, 405, { title: 'method not allowed' });
      if (url.pathname.startsWith('/vendor/stableroutes/')) {
        return await serveFile(res, packageFile(url.pathname.slice('/vendor/stableroutes/'.length)));
      }
      return await serveFile(res, publicFile(decodeURIComponent(url.pathname.slice(1))));
    } catch (error) {
      if (!res.headersSent) send(res, error.status ?? 500, { title: error.status ? error.message : 'internal error' });
      log(`web-demo: ${req.method} ${url.pathname}: ${error.stack ?? error}`);
    }
  });
}

/** Starts the backend and resolves to its base URL once it listens. */
export async function startDemoServer({ port = 0, host = '127.0.0.1', ...options }) {
  const server = createDemoServer(options);
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  const { port: bound } = server.address();
  return {
    url: `http://${host}:${bound}`,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const chainsDir = process.env.SR_LOCAL_CHAINS_DIR ?? join(repoDir, 'build', 'local-chains');
  const demo = await startDemoServer({
    port: Number(process.env.DEMO_PORT ?? 8080),
    workerUrl: process.env.WORKER_URL ?? 'http://127.0.0.1:8787',
    // Set when browsers reach the API at another address than this backend does.
    publicApiUrl: process.env.PUBLIC_API_URL ?? process.env.WORKER_URL ?? 'http://127.0.0.1:8787',
    // The local development key; a real dapp sets its own and never commits it.
    apiKey: process.env.STABLEROUTES_API_KEY ?? 'dev-key-acme',
    // The local configuration enables deposit addresses for the partner `acme`.
    depositPartner: process.env.DEPOSIT_PARTNER ?? 'acme',
    deploymentFile: join(chainsDir, 'deployment.json'),
    log: (line) => console.log(line),
  });
  console.log(`web-demo: ${demo.url} (worker ${process.env.WORKER_URL ?? 'http://127.0.0.1:8787'})`);
  const stop = () => demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
