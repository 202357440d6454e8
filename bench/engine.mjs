// Quote engine throughput, native and WebAssembly: an exact-in request from Arbitrum USDC to Base
// USDC with options.allQuotes (all five configured solvers serve it, so each answer carries the
// winner and four competing quotes, five signed quotes in all), through Service.handle as the
// worker calls it. Prints quotes per second and CPU milliseconds per quote; the target is under
// 1 ms of CPU per quote in WebAssembly.
//   node bench/engine.mjs [--seconds S] [--rounds R] [--wasm-dir DIR] [--native PATH]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';

import { loadLocalConfig } from '../tests/node/local-config.mjs';
import { instantiate, wasmDir as defaultWasmDir } from '../tests/node/wasm.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const seconds = Number(option('--seconds', '3'));
const rounds = Number(option('--rounds', '3'));
const wasmDir = option('--wasm-dir') ? pathToFileURL(option('--wasm-dir') + '/') : defaultWasmDir;
const nativePath = option('--native', new URL('../build/native-release/bench_engine', import.meta.url).pathname);

const { config, secrets } = await loadLocalConfig();

const input = {
  body: {
    type: 'exact-in',
    source: { chainId: 42161, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', amount: '100000000',
      funder: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
    destination: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
    dappId: 'bench',
    options: { allQuotes: true },
  },
  // allQuotes needs the key's all-quotes feature (config/local/keys.json lists it for dev-acme).
  key: { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 },
    features: ['quotes', 'all-quotes'] },
  now: 1763697600,
};
// Fresh random bytes per quote, as the worker passes them.
const inputFor = (i) => JSON.stringify({ ...input, random: '0x' + i.toString(16).padStart(64, '0') });

function runWasm(service) {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  let elapsed = 0;
  do {
    const out = service.handle('quote', inputFor(++n));
    if (out.length < 100) throw new Error(out);
    elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  } while (elapsed < seconds);
  const cpu = process.cpuUsage(cpu0);
  return { quotes: n, seconds: elapsed, quotesPerSec: n / elapsed, cpuMsPerQuote: (cpu.user + cpu.system) / 1000 / n };
}

function runNative() {
  const r = spawnSync(nativePath, [String(seconds)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${nativePath}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const subjects = [];
if (existsSync(nativePath)) subjects.push({ name: 'native (g++ -O3)', run: runNative });
else console.warn(`skipping native: ${nativePath} not built (npm run build -- --release)`);
if (existsSync(new URL('core.wasm', wasmDir))) {
  const core = await instantiate('core', wasmDir);
  const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
  const first = JSON.parse(service.handle('quote', inputFor(0)));
  if (first.status !== 200 || first.body.competingQuotes.length !== 4) {
    throw new Error(`unexpected answer: ${JSON.stringify(first).slice(0, 400)}`);
  }
  subjects.push({ name: 'wasm core (Service.handle)', run: () => runWasm(service) });
} else {
  console.warn(`skipping wasm: no core.wasm in ${wasmDir.pathname}`);
}

// Interleaved rounds, best round per subject: the machine is shared.
const best = new Map();
for (let r = 0; r < rounds; r++) {
  for (const s of subjects) {
    const result = s.run();
    const previous = best.get(s.name);
    if (!previous || result.cpuMsPerQuote < previous.cpuMsPerQuote) best.set(s.name, result);
  }
}

console.log(`quote engine: exact-in, allQuotes, 5 solvers (5 signed quotes per answer); ` +
  `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, best of ${rounds} x ${seconds}s`);
console.log('| build | quotes/s | CPU ms/quote | target (< 1 ms CPU in wasm) |');
console.log('|---|---:|---:|---|');
for (const [name, r] of best) {
  const verdict = name.startsWith('wasm') ? (r.cpuMsPerQuote < 1 ? 'met' : 'missed') : '';
  console.log(`| ${name} | ${r.quotesPerSec.toFixed(0)} | ${r.cpuMsPerQuote.toFixed(3)} | ${verdict} |`);
}
