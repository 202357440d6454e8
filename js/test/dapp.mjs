// A one-page dapp built from the packed package, shared by js/test/bundlers.test.mjs (does it work
// under Vite and esbuild in Chromium?) and bench/verify-browser.mjs (how long until the first
// verification?). Everything stays on loopback: the package is installed from its own tarball,
// the quotes are signed in process by the core engine, the pages are served from 127.0.0.1 and
// Chromium is Debian's (playwright-core drives it; no browser is downloaded).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';

const repo = new URL('../../', import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.SR_CHROMIUM ?? '/usr/bin/chromium';

// ---- a live quote -------------------------------------------------------------------------------
// The core's quote engine (build/wasm-release/core.wasm, the Service the edge worker runs) with the
// local configuration signs an exact-in Arbitrum USDC -> Base USDC quote with its competing quotes
// at `now`, and answers GET /v1/chains: what a dapp talking to `npm start` receives.
export const REQUEST = {
  type: 'exact-in',
  source: { chainId: 42161, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: '100000000',
    funder: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
  destination: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
  dappId: 'bundler-dapp',
  options: { allQuotes: true },
};

export async function signedQuote({ now = Math.floor(Date.now() / 1000), random = 1 } = {}) {
  const coreDir = new URL('build/wasm-release/', repo);
  if (!existsSync(new URL('core.wasm', coreDir))) {
    throw new Error(`no core.wasm in ${fileURLToPath(coreDir)}: build the core first (npm run build)`);
  }
  const readConfig = (name) => JSON.parse(readFileSync(new URL(`config/local/${name}.json`, repo), 'utf8'));
  const config = Object.fromEntries(['service', 'chains', 'tokens', 'solvers', 'partners'].map((n) => [n, readConfig(n)]));
  const { default: createCore } = await import(new URL('core.mjs', coreDir).href);
  const core = await createCore({ wasmBinary: readFileSync(new URL('core.wasm', coreDir)) });
  const service = new core.Service(JSON.stringify(config), JSON.stringify(readConfig('secrets')));
  const ask = (op, input) => {
    const answer = JSON.parse(service.handle(op, JSON.stringify(input)));
    if (answer.status !== 200) throw new Error(`core ${op}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.body;
  };
  const key = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes', 'gasless'] };
  const quote = ask('quote', { body: REQUEST, key, now, random: `0x${random.toString(16).padStart(64, '0')}` });
  const chains = ask('chains', { confirmedChains: [] });
  service.delete?.();
  return { quote, chains, request: REQUEST, now };
}

// ---- the package as a dapp installs it ----------------------------------------------------------
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

// `npm pack` into `dir`, then an empty project `dir/app` with only the tarball installed (the
// package has no dependencies, so this works offline).
export function installPackedPackage(dir) {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], packageDir));
  const app = join(dir, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'dapp', private: true, type: 'module' }));
  npm(['install', '--offline', join(dir, packed.filename)], app);
  return app;
}

// The page: verifies the embedded quote against the embedded chain list and writes the report
// into #report; performance marks for bench/verify-browser.mjs (sr:start when the bundle runs,
// sr:loaded when the verifier is instantiated, sr:verified after the first verifyQuote).
const PAGE = `import data from './quote-data.json';

export async function run(load) {
  performance.mark('sr:start');
  try {
    const verifier = await load();
    performance.mark('sr:loaded');
    const report = verifier.verifyQuote(data.quote, { chains: data.chains, request: data.request, now: data.now });
    performance.mark('sr:verified');
    document.getElementById('report').textContent = JSON.stringify(report, null, 2);
    document.body.dataset.ok = String(report.ok);
  } catch (error) {
    document.getElementById('report').textContent = String(error?.stack ?? error);
    document.body.dataset.ok = 'error';
  }
  document.body.dataset.done = 'true';
}
`;

const HTML = (script) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>stableroutes quote check</title></head>
<body>
<h1>Quote check</h1>
<pre id="report">verifying…</pre>
<script type="module" src="${script}"></script>
</body>
</html>
`;

// Writes the dapp's sources into `app`: page.js (the shared page), main.js (the Vite entry: nothing
// but loadVerifier(), the package's `new URL('../wasm/verifier.wasm', import.meta.url)` is what
// Vite recognises) and main-esbuild.js (esbuild leaves `new URL(..., import.meta.url)` alone, so
// the dapp imports the package's ./verifier.wasm export, which the file loader emits, and hands
// its URL to loadVerifier). The same page on `stableroutes/quotes` (loadQuoteVerifier, the
// quote-only module): app/quotes/ (index.html and main.js, a second Vite project root that
// resolves the package from app/node_modules) and main-quotes-esbuild.js; on the one-request
// entries `stableroutes/quotes/inline` and `stableroutes/quotes/evm`: app/quotes-inline/ and
// app/quotes-evm/, likewise.
// `data`: { quote, chains, request, now? } (now omitted: the clock).
export function writeDapp(app, data) {
  writeFileSync(join(app, 'quote-data.json'), JSON.stringify(data));
  writeFileSync(join(app, 'page.js'), PAGE);
  writeFileSync(join(app, 'main.js'), `import { loadVerifier } from 'stableroutes';
import { run } from './page.js';

run(() => loadVerifier());
`);
  writeFileSync(join(app, 'main-esbuild.js'), `import { loadVerifier } from 'stableroutes';
import wasmPath from 'stableroutes/verifier.wasm'; // the file loader's output path, relative to this bundle
import { run } from './page.js';

run(() => loadVerifier({ wasmUrl: new URL(wasmPath, import.meta.url) }));
`);
  writeFileSync(join(app, 'index.html'), HTML('./main.js'));
  mkdirSync(join(app, 'quotes'), { recursive: true });
  writeFileSync(join(app, 'quotes', 'main.js'), `import { loadQuoteVerifier } from 'stableroutes/quotes';
import { run } from '../page.js';

run(() => loadQuoteVerifier());
`);
  writeFileSync(join(app, 'quotes', 'index.html'), HTML('./main.js'));
  for (const [dir, entry] of [['quotes-inline', 'stableroutes/quotes/inline'], ['quotes-evm', 'stableroutes/quotes/evm']]) {
    mkdirSync(join(app, dir), { recursive: true });
    writeFileSync(join(app, dir, 'main.js'), `import { loadQuoteVerifier } from '${entry}';
import { run } from '../page.js';

run(() => loadQuoteVerifier());
`);
    writeFileSync(join(app, dir, 'index.html'), HTML('./main.js'));
  }
  writeFileSync(join(app, 'main-quotes-esbuild.js'), `import { loadQuoteVerifier } from 'stableroutes/quotes';
import wasmPath from 'stableroutes/quote-verifier.wasm'; // the file loader's output path, relative to this bundle
import { run } from './page.js';

run(() => loadQuoteVerifier({ wasmUrl: new URL(wasmPath, import.meta.url) }));
`);
}

const bin = (name) => fileURLToPath(new URL(`node_modules/.bin/${name}`, repo));

// `vite build` with no config file and no plugin, output in app/dist (`quotes`: the
// stableroutes/quotes page, app/quotes as the project root, output in app/quotes/dist; `inline`:
// the stableroutes/quotes/inline page, likewise in app/quotes-inline; `evm`: the
// stableroutes/quotes/evm page, in app/quotes-evm).
export function buildWithVite(app, { quotes = false, inline = false, evm = false } = {}) {
  const root = evm ? join(app, 'quotes-evm') : inline ? join(app, 'quotes-inline') : quotes ? join(app, 'quotes') : app;
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return join(root, 'dist');
}

// esbuild: bundle, ESM, minified, the wasm emitted by the file loader under assets/, output in
// app/dist-esbuild (index.html written beside the bundle: esbuild does not process HTML);
// `quotes`: the stableroutes/quotes page, in app/dist-esbuild-quotes.
export async function buildWithEsbuild(app, { quotes = false } = {}) {
  const outdir = join(app, quotes ? 'dist-esbuild-quotes' : 'dist-esbuild');
  await esbuild({
    absWorkingDir: app,
    entryPoints: { main: quotes ? 'main-quotes-esbuild.js' : 'main-esbuild.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir,
    loader: { '.wasm': 'file' },
    assetNames: 'assets/[name]-[hash]',
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'index.html'), HTML('./main.js'));
  return outdir;
}

// The ethers reference pages for the timing: bench/ethers-quote-verifier.mjs's essentials check
// (`essentials`) or its nine checks (`nine`), bundled for the browser by esbuild (ESM, minified),
// with the same embedded data and page, output in app/dist-ethers-<which>.
export async function buildEthersPage(app, which = 'essentials') {
  const fn = { essentials: 'verifyQuoteEssentialsWithEthers', nine: 'verifyQuoteWithEthers' }[which];
  const outdir = join(app, `dist-ethers-${which}`);
  const reference = fileURLToPath(new URL('bench/ethers-quote-verifier.mjs', repo));
  writeFileSync(join(app, `main-ethers-${which}.js`), `import { ${fn} } from ${JSON.stringify(reference)};
import { run } from './page.js';

run(async () => ({ verifyQuote: ${fn} }));
`);
  await esbuild({
    absWorkingDir: app,
    entryPoints: { main: `main-ethers-${which}.js` },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    outdir,
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'index.html'), HTML('./main.js'));
  return outdir;
}

// Every file under `dir`, relative paths.
export function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

// ---- a static server ----------------------------------------------------------------------------
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
};

// Serves `root` on 127.0.0.1 with content types by extension, gzip when the client accepts it
// (as any production server would; compressed once per file), and records every request.
export async function serveStatic(root) {
  const requests = [];
  const gzipped = new Map();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const rel = normalize(path === '/' ? '/index.html' : path);
    const file = join(root, rel);
    const record = { method: req.method, path, status: 404, contentType: null, contentEncoding: null };
    requests.push(record);
    if (rel.includes('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    let body = readFileSync(file);
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
      body = gzipped.get(file);
      headers['content-encoding'] = 'gzip';
    }
    Object.assign(record, { status: 200, contentType: headers['content-type'], contentEncoding: headers['content-encoding'] ?? null });
    res.writeHead(200, { ...headers, 'content-length': body.length }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// ---- Chromium -----------------------------------------------------------------------------------
// Headless, no sandbox (containers), no GPU, nothing that phones home; playwright gives the
// browser a fresh temporary profile, and every browser.newContext() starts with an empty cache.
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: run scripts/ensure-chromium.sh (apt-get install chromium) first`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
