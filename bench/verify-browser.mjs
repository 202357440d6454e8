// Time to first verification in Chromium: how long after navigation a dapp page has checked its
// first quote, for the `stableroutes` package (the Vite page of js/test/dapp.mjs: the packed
// tarball installed into an empty project, `vite build` with no config; download, compile and
// instantiate the wasm, first verifyQuote with all nine checks; and the same page on
// `stableroutes/quotes`, the quote-only module, as most dapps would load it, and on
// `stableroutes/quotes/inline`, the same module inside the script: one request instead of two, and
// on `stableroutes/quotes/evm`, the EVM-only module inside the script) and
// for the same page built on ethers v6 (bench/ethers-quote-verifier.mjs bundled by esbuild,
// minified: the essentials check, the conservative baseline of bench/verify.mjs, and the nine checks).
//   node bench/verify-browser.mjs [--loads N] [--network loopback,4g] [--cpu-slowdown K]   (part of npm run bench:verify)
// --cpu-slowdown K: Chromium's CPU throttling at K times slower (DevTools' "4x slowdown" is the mid-range
// phone of its mobile preset): the same pages as a phone's CPU would run them. Off by default, so the
// figures are those of this machine's CPU.
// Every load is cold: a fresh browser context (empty HTTP cache, so no cached wasm code either, and
// a new renderer process). The pages are served by a static Node server on 127.0.0.1 with gzip, as
// a production server would; `4g` puts Chromium's network emulation in front of it (DevTools' "Fast
// 4G" preset: 9 Mbit/s down x 0.9, 1.5 Mbit/s up x 0.9, 165 ms latency per request). The page sets
// performance marks (sr:start when its bundle runs, sr:loaded when the verifier is ready,
// sr:verified after the first verification), read after each load; the figures are medians over N
// loads, subjects interleaved load by load, after one discarded warm-up load each.
// The quote is a direct quote (the winner alone) signed by the core engine in this process with the
// local configuration (build/wasm-release/core.wasm), checked against its chain list.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildEthersPage, buildWithVite, installPackedPackage, launchBrowser, listFiles, serveStatic, signedQuote, writeDapp } from '../js/test/dapp.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const loads = Number(option('--loads', '15'));
const cpuSlowdown = Number(option('--cpu-slowdown', '1'));
const networks = option('--network', 'loopback,4g').split(',');
const NETWORKS = {
  loopback: null,
  '4g': { offline: false, latency: 165, downloadThroughput: (9e6 / 8) * 0.9, uploadThroughput: (1.5e6 / 8) * 0.9 },
};
for (const n of networks) if (!(n in NETWORKS)) throw new Error(`--network: ${n} is not one of ${Object.keys(NETWORKS).join(', ')}`);

// The Vite page with the wasm's fetch announced in the HTML, so it starts beside the script's instead
// of after it has run (what a dapp can add to its index.html; the fetch the package makes reuses
// the preloaded response: same URL, CORS mode, same-origin credentials).
function withWasmPreload(root) {
  const copy = `${root}-preload`;
  cpSync(root, copy, { recursive: true });
  const [wasm] = listFiles(copy).filter((f) => f.endsWith('.wasm'));
  const html = readFileSync(join(copy, 'index.html'), 'utf8');
  writeFileSync(join(copy, 'index.html'), html.replace('</head>',
    `<link rel="preload" href="/${wasm}" as="fetch" type="application/wasm" crossorigin>\n</head>`));
  return copy;
}
const networksDone = (network) => networks.indexOf(network) + 1;

const dir = mkdtempSync(join(tmpdir(), 'stableroutes-ttfv-'));
const servers = [];
let browser;
try {
  const app = installPackedPackage(dir);
  const { quote: { competingQuotes, ...direct }, chains, request, now } = await signedQuote();
  writeDapp(app, { quote: direct, chains, request, now });
  const vitePage = buildWithVite(app);
  const subjects = [
    { name: 'stableroutes (Vite page)', root: vitePage, ours: true },
    { name: 'stableroutes, wasm preload', root: withWasmPreload(vitePage), ours: true },
    { name: 'stableroutes/quotes (Vite)', root: buildWithVite(app, { quotes: true }), ours: true },
    { name: 'quotes, wasm preload', root: withWasmPreload(join(app, 'quotes/dist')), ours: true },
    { name: 'stableroutes/quotes/inline (Vite)', root: buildWithVite(app, { inline: true }), ours: true, inline: true },
    { name: 'stableroutes/quotes/evm (Vite)', root: buildWithVite(app, { evm: true }), ours: true, inline: true },
    { name: 'ethers, essentials', root: await buildEthersPage(app, 'essentials') },
    { name: 'ethers, nine checks', root: await buildEthersPage(app, 'nine') },
  ];
  for (const s of subjects) {
    s.server = await serveStatic(s.root);
    servers.push(s.server);
  }
  browser = await launchBrowser();

  async function coldLoad(subject, network) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      if (NETWORKS[network] || cpuSlowdown !== 1) {
        const cdp = await context.newCDPSession(page);
        if (NETWORKS[network]) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', NETWORKS[network]);
        }
        if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      }
      await page.goto(subject.server.url);
      await page.waitForSelector('body[data-done="true"]', { timeout: 30_000 });
      const ok = await page.getAttribute('body', 'data-ok');
      if (ok !== 'true') throw new Error(`${subject.name}: the quote did not verify: ${await page.textContent('#report')}`);
      return await page.evaluate(() => {
        const mark = (name) => performance.getEntriesByName(name, 'mark')[0].startTime;
        const resources = performance.getEntriesByType('resource');
        const [navigation] = performance.getEntriesByType('navigation');
        return {
          start: mark('sr:start'),
          loaded: mark('sr:loaded'),
          verified: mark('sr:verified'),
          bytes: navigation.encodedBodySize + resources.reduce((sum, r) => sum + r.encodedBodySize, 0),
          wasmEnd: resources.find((r) => r.name.endsWith('.wasm'))?.responseEnd ?? null,
        };
      });
    } finally {
      await context.close();
    }
  }

  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const ms = (x) => `${x.toFixed(0)} ms`;

  console.log(`time to first verification in Chromium (${cpus()[0]?.model ?? 'unknown cpu'}, ${cpus().length} cores` +
    `${cpuSlowdown !== 1 ? `, CPU throttled ${cpuSlowdown}x` : ''}; median of ${loads} cold loads per subject, interleaved; ` +
    'a direct quote signed by the core engine)');
  for (const network of networks) {
    for (const s of subjects) await coldLoad(s, network); // warm-up, discarded
    const runs = new Map(subjects.map((s) => [s, []]));
    for (let i = 0; i < loads; i++) for (const s of subjects) runs.get(s).push(await coldLoad(s, network));
    console.log(`  network: ${network}${NETWORKS[network] ? ` (${JSON.stringify(NETWORKS[network])})` : ' (127.0.0.1, gzip)'}`);
    console.log(`    ${'subject'.padEnd(26)} ${'bytes (gzip)'.padStart(12)} ${'script runs'.padStart(12)} ` +
      `${'verifier ready'.padStart(15)} ${'first verify'.padStart(13)} ${'TTFV'.padStart(9)}`);
    const ttfv = new Map();
    for (const s of subjects) {
      const r = runs.get(s);
      const m = (f) => median(r.map(f));
      ttfv.set(s, m((x) => x.verified));
      console.log(`    ${s.name.padEnd(26)} ${`${(m((x) => x.bytes) / 1024).toFixed(1)} KiB`.padStart(12)} ${ms(m((x) => x.start)).padStart(12)} ` +
        `${ms(m((x) => x.loaded)).padStart(15)} ${ms(m((x) => x.verified - x.loaded)).padStart(13)} ${ms(ttfv.get(s)).padStart(9)}`);
    }
    const ours = subjects.filter((s) => s.ours);
    for (const b of subjects.filter((s) => !s.ours)) {
      console.log(`    TTFV ${b.name} / stableroutes: ${ours.map((o) => `${(ttfv.get(b) / ttfv.get(o)).toFixed(2)}x`).join(', ')} ` +
        `(${ours.map((o) => o.name).join('; ')})`);
    }
    for (const s of subjects) {
      const wasmRequests = s.server.requests.filter((r) => r.path.endsWith('.wasm')).length;
      if (wasmRequests !== (s.ours && !s.inline ? loads + 1 : 0) * networksDone(network)) {
        throw new Error(`${s.name}: ${wasmRequests} wasm requests for ${loads + 1} loads (a preload not reused?)`);
      }
    }
  }
} finally {
  await browser?.close();
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
}
