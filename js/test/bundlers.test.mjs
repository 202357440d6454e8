// The package in a dapp as bundlers build it: `npm pack`, the tarball installed into an empty
// project, a one-page dapp (index.html + main.js importing `stableroutes`) built by `vite build`
// with no config and no plugin, and by esbuild (bundle, ESM, `loader: { '.wasm': 'file' }`), each
// output served statically from 127.0.0.1 and opened in Debian's Chromium. The quote is live: the
// core's quote engine (build/wasm-release/core.wasm, the Service the worker runs, local
// configuration) signs it in this process at the current time, with its competing quotes, and the
// page checks it against the engine's chain list on the browser's clock (no `now` passed).
// Asserted for each bundler: the wasm is emitted as an asset, the page fetches exactly that file,
// served as application/wasm and compiled by WebAssembly.instantiateStreaming, the report is ok
// with every check, and the page requests nothing but its own origin.
// Needs /usr/bin/chromium (scripts/ensure-chromium.sh) and the core build (npm run build).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { CHECK_NAMES } from 'stableroutes';

import { buildWithEsbuild, buildWithVite, installPackedPackage, launchBrowser, listFiles, serveStatic, signedQuote, writeDapp } from './dapp.mjs';

const dir = mkdtempSync(join(tmpdir(), 'stableroutes-bundlers-'));
let browser;
let app;

before(async () => {
  browser = await launchBrowser(); // a missing browser is this suite's failure to report, first
  app = installPackedPackage(dir);
  const { quote, chains, request } = await signedQuote();
  assert.ok(quote.competingQuotes.length > 0, 'the local solvers give competing quotes');
  writeDapp(app, { quote, chains, request });
}, { timeout: 60_000 });

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openDapp(root) {
  const server = await serveStatic(root);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Which URLs went to instantiateStreaming (compiled while downloading) and which to the
    // buffered fallback the package takes when the content type is not application/wasm.
    await page.addInitScript(() => {
      const streaming = WebAssembly.instantiateStreaming;
      window.__streamed = [];
      WebAssembly.instantiateStreaming = async (source, imports) => {
        window.__streamed.push((await source).url);
        return streaming.call(WebAssembly, source, imports);
      };
    });
    const requested = [];
    const responses = [];
    const errors = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('response', (response) => responses.push({ url: response.url(), contentType: response.headers()['content-type'] }));
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
    await page.waitForSelector('body[data-done="true"]', { timeout: 20_000 });
    const ok = await page.getAttribute('body', 'data-ok');
    const text = await page.textContent('#report');
    const streamed = await page.evaluate(() => window.__streamed);
    return { ok, text, streamed, requested, responses, errors, served: server.requests, origin: server.url };
  } finally {
    await context.close();
    await server.close();
  }
}

// `module`: the package's wasm the page must load, by the name its asset starts with.
function assertVerified(result, root, module = 'verifier') {
  const wasmFiles = listFiles(root).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasmFiles.length, 1, `one wasm asset emitted: ${listFiles(root).join(', ')}`);
  assert.match(wasmFiles[0], new RegExp(`(^|/)${module}-[^/]*\\.wasm$`), `the ${module} module`);
  assert.deepEqual(result.errors, []);
  assert.equal(result.ok, 'true', result.text);
  const report = JSON.parse(result.text);
  assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES);
  for (const check of report.checks) assert.ok(check.ok, `${check.name}: ${check.detail}`);

  const wasmRequests = result.served.filter((r) => r.path.endsWith('.wasm'));
  assert.deepEqual(wasmRequests.map((r) => [r.path, r.status, r.contentType]), [[`/${wasmFiles[0]}`, 200, 'application/wasm']]);
  const wasmResponses = result.responses.filter((r) => r.url.endsWith('.wasm'));
  assert.deepEqual(wasmResponses.map((r) => r.contentType), ['application/wasm'], 'Chromium received application/wasm');
  assert.deepEqual(result.streamed, [new URL(wasmFiles[0], result.origin).href], 'compiled by instantiateStreaming');
  for (const url of result.requested) assert.ok(url.startsWith(result.origin), `request off the page's origin: ${url}`);
}

describe('a dapp built from the packed tarball, in Chromium', { timeout: 60_000 }, () => {
  it('Vite (vite build, default config, no plugin) emits the wasm and the page verifies the live quote', async () => {
    const root = buildWithVite(app);
    assertVerified(await openDapp(root), root);
  });

  it('esbuild (bundle, esm, the wasm by the file loader) emits the wasm and the page verifies the live quote', async () => {
    const root = await buildWithEsbuild(app);
    assertVerified(await openDapp(root), root);
  });

  it('Vite, stableroutes/quotes: emits only the quote-only module and the page verifies the live quote', async () => {
    const root = buildWithVite(app, { quotes: true });
    assertVerified(await openDapp(root), root, 'quote-verifier');
  });

  it('esbuild, stableroutes/quotes: emits only the quote-only module and the page verifies the live quote', async () => {
    const root = await buildWithEsbuild(app, { quotes: true });
    assertVerified(await openDapp(root), root, 'quote-verifier');
  });

  for (const [entry, page] of [['stableroutes/quotes/inline', { inline: true }], ['stableroutes/quotes/evm', { evm: true }]]) {
    it(`Vite, ${entry}: no wasm asset, one script, and the page verifies the live quote`, async () => {
      const root = buildWithVite(app, page);
      const result = await openDapp(root);
      assert.deepEqual(listFiles(root).filter((f) => f.endsWith('.wasm')), [], 'the module is inside the script');
      assert.deepEqual(result.errors, []);
      assert.equal(result.ok, 'true', result.text);
      const report = JSON.parse(result.text);
      assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES);
      for (const check of report.checks) assert.ok(check.ok, `${check.name}: ${check.detail}`);
      // The page's requests: the document and its one script (no second request for the module;
      // Chromium asks for the favicon on its own).
      assert.deepEqual(result.served.map((r) => r.path.replace(/-[^/]*\.js$/, '.js')).filter((p) => p !== '/favicon.ico'),
        ['/', '/assets/index.js']);
    });
  }
});
