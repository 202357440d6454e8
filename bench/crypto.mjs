// Signer-address recoveries per second, measured in one run for: native libsecp256k1 (through
// the core, bench/native/secp_recover.cpp), both WebAssembly builds (through their JSON
// boundary, as JavaScript callers use them), ethers and @noble/curves. Prints a table with
// ratios against @noble/curves and against native.
//   node bench/crypto.mjs [--seconds S per subject] [--rounds R] [--wasm-dir [LABEL=]DIR ...] [--native PATH] [--cpu] [--browser]
// --cpu: rates per second of the process's CPU time instead of wall time. On a machine other work
// shares, a wall-clock round also counts the time a subject waited for a core, which differs from
// round to round by more than the subjects do; CPU time leaves that out (it still counts what the
// process spends besides the loop: Node's compiler and collector threads, for the wasm subjects).
// --wasm-dir may be given several times: each build is then a subject of the same interleaved
// rounds, so builds made with different options compare in one run (LABEL names it in the table).
// --browser: the wasm loop also in Debian's Chromium (the web build, bench_secp_recover_web.js, run
// by a page on 127.0.0.1, one round per call of its main): the engine a dapp's users run, which may
// be newer than this Node's. A page has no CPU clock, so with --cpu that subject still counts wall
// time (nothing else runs in its renderer).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { ethers } from 'ethers';

import { instantiate, wasmDir as defaultWasmDir } from '../tests/node/wasm.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const seconds = Number(option('--seconds', '5'));
const byCpu = args.includes('--cpu');
const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const rounds = Number(option('--rounds', '5'));
const inBrowser = args.includes('--browser');
const wasmDirs = args.flatMap((a, i) => (a === '--wasm-dir' ? [args[i + 1]] : [])).map((spec) => {
  const [label, dir] = spec.includes('=') ? spec.split('=', 2) : ['', spec];
  return { label, url: pathToFileURL(dir + '/') };
});
if (wasmDirs.length === 0) wasmDirs.push({ label: '', url: defaultWasmDir });
const nativePath = option('--native', new URL('../build/native-release/bench_secp_recover', import.meta.url).pathname);

// 64 distinct signatures, made by ethers so no implementation under test produces its own input.
const cases = Array.from({ length: 64 }, (_, i) => {
  const key = new ethers.SigningKey(ethers.id(`bench key ${i}`));
  const digest = ethers.id(`bench message ${i}`);
  const signature = key.sign(digest);
  return { digest, signature, address: ethers.computeAddress(key.publicKey) };
});

// Rate of fn over the cases for about `seconds`.
function rate(fn, seconds) {
  let n = 0;
  const start = process.hrtime.bigint();
  const cpuStart = cpuSeconds();
  let elapsed = 0;
  do {
    for (const c of cases) fn(c);
    n += cases.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / (byCpu ? cpuSeconds() - cpuStart : elapsed);
}

function check(name, fn) {
  for (const c of cases) {
    const got = fn(c);
    if (got.toLowerCase() !== c.address.toLowerCase()) throw new Error(`${name} recovered ${got}, expected ${c.address}`);
  }
}

// The rate bench/native/secp_recover.cpp (natively or compiled to wasm) printed.
const loopRate = (result) => (byCpu ? result.iterations / result.cpuSeconds : result.recoveriesPerSecond);

// Each entry: name and run(seconds) -> recoveries per second (or a promise of them).
const subjects = [];
// What the browser subject leaves to close once the rounds are over.
const closers = [];

if (existsSync(nativePath)) {
  subjects.push({
    name: 'native libsecp256k1 (C++ core)',
    native: true,
    run(limit) {
      const run = spawnSync(nativePath, [String(limit)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`native benchmark failed: ${run.stderr}`);
      return loopRate(JSON.parse(run.stdout));
    },
  });
} else {
  console.warn(`no native benchmark at ${nativePath}: run bash scripts/build.sh --release`);
}

for (const { label, url: wasmDir } of wasmDirs) {
  // The native benchmark's own loop compiled to wasm (cmake/wasm.cmake): recovery without the
  // JSON boundary, so the table separates the compiled code's ratio from the boundary's cost.
  const loop = new URL('bench_secp_recover.js', wasmDir).pathname;
  if (existsSync(loop)) {
    subjects.push({
      name: `wasm${label ? ` ${label}` : ''} loop (bench_secp_recover.js, no boundary)`,
      run(limit) {
        const run = spawnSync(process.execPath, [loop, String(limit)], { encoding: 'utf8' });
        if (run.status !== 0) throw new Error(`wasm loop benchmark failed: ${run.stderr}`);
        return loopRate(JSON.parse(run.stdout));
      },
    });
  }
  const webLoop = new URL('bench_secp_recover_web.js', wasmDir).pathname;
  if (inBrowser) {
    if (!existsSync(webLoop)) throw new Error(`--browser: no ${webLoop}: run bash scripts/build.sh --release`);
    subjects.push(await browserLoop(label, webLoop));
  }
  for (const build of ['verifier', 'core']) {
    if (!existsSync(new URL(`${build}.wasm`, wasmDir))) {
      console.warn(`no ${build}.wasm in ${wasmDir.pathname}: skipped`);
      continue;
    }
    const module = await instantiate(build, wasmDir);
    const inputs = new Map(cases.map((c) => [c, JSON.stringify({ digest: c.digest, signature: c.signature.serialized })]));
    const recover = (c) => JSON.parse(module.recover_address(inputs.get(c))).result;
    const name = `wasm ${build}${label ? ` ${label}` : ''}`;
    check(name, recover);
    subjects.push({ name: `${name} (recover_address, JSON boundary)`, run: (limit) => rate(recover, limit) });
  }
}

{
  const recover = (c) => ethers.recoverAddress(c.digest, c.signature.serialized);
  check('ethers', recover);
  subjects.push({ name: 'ethers (recoverAddress)', run: (limit) => rate(recover, limit) });
}

{
  const compact = new Map(cases.map((c) => [c, ethers.getBytes(ethers.concat([c.signature.r, c.signature.s]))]));
  const digests = new Map(cases.map((c) => [c, ethers.getBytes(c.digest)]));
  const recover = (c) => {
    const point = secp256k1.Signature.fromCompact(compact.get(c)).addRecoveryBit(c.signature.v - 27)
      .recoverPublicKey(digests.get(c));
    return '0x' + Buffer.from(keccak_256(point.toRawBytes(false).subarray(1)).subarray(12)).toString('hex');
  };
  check('@noble/curves', recover);
  subjects.push({ name: '@noble/curves (recoverPublicKey + keccak)', noble: true, run: (limit) => rate(recover, limit) });
}

// The web build of the loop in a page of its own: the module and a page that keeps what main prints
// and runs main on request, served from a temporary folder; what ends the browser and the server
// joins `closers`.
async function browserLoop(label, loop) {
  const { launchBrowser, serveStatic } = await import('../js/test/dapp.mjs');
  const root = mkdtempSync(join(tmpdir(), 'stableroutes-crypto-'));
  copyFileSync(loop, join(root, 'bench_secp_recover_web.js'));
  copyFileSync(loop.replace(/\.js$/, '.wasm'), join(root, 'bench_secp_recover_web.wasm'));
  writeFileSync(join(root, 'index.html'), `<!doctype html>
<script>
  let printed = [];
  var Module = {
    print: (line) => printed.push(line),
    printErr: (line) => printed.push(line),
    onRuntimeInitialized: () => { document.title = 'ready'; },
  };
  window.runLoop = (seconds) => {
    printed = [];
    Module.callMain([String(seconds)]);
    return printed.join('\\n');
  };
</script>
<script src="bench_secp_recover_web.js"></script>
`);
  const server = await serveStatic(root);
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.title === 'ready');
  closers.push(async () => {
    await browser.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    name: `wasm${label ? ` ${label}` : ''} loop in Chromium ${browser.version()} (no boundary)`,
    async run(limit) {
      const printed = await page.evaluate((seconds) => window.runLoop(seconds), limit);
      return loopRate(JSON.parse(printed));
    },
  };
}

// Interleaved rounds, best round per subject: on a shared machine the best round is the one
// least disturbed by other load, and interleaving exposes every subject to the same periods.
try {
  for (const s of subjects) await s.run(0.2);  // warm-up (JIT)
  for (let round = 0; round < rounds; round++) {
    for (const s of subjects) s.best = Math.max(s.best ?? 0, await s.run(seconds / rounds));
  }
} finally {
  for (const close of closers) await close();
}
const results = subjects.map((s) => ({ ...s, rate: s.best }));

const noble = results.find((r) => r.noble).rate;
const native = results.find((r) => r.native)?.rate;
console.log(`signer recoveries per ${byCpu ? 'CPU ' : ''}second (${cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, best of ${rounds} interleaved rounds, ${seconds}s per subject)`);
console.log(`${'implementation'.padEnd(58)} ${'recoveries/s'.padStart(12)} ${'vs noble'.padStart(9)} ${'vs native'.padStart(10)}`);
for (const r of results) {
  const vsNative = native ? `${(r.rate / native).toFixed(2)}x` : 'n/a';
  console.log(`${r.name.padEnd(58)} ${r.rate.toFixed(0).padStart(12)} ${`${(r.rate / noble).toFixed(2)}x`.padStart(9)} ${vsNative.padStart(10)}`);
}
