// Builds the package's verifier modules into js/wasm/ and prints what a browser downloads,
// gzipped, against the package's budgets (86.1 KiB for the full verifier's JS + WASM, 74.8 KiB for
// the quote-only `stableroutes/quotes`, and 71.4 and 62.1 KiB for the one-file entries below; the
// tests enforce them with size-limit, the "size-limit" entries of js/package.json).
//
// The repository's wasm build (build/wasm-release) makes a `verifier` module for the node suites
// that also exports signing and the generic ABI/EIP-712 coders, compiled -O3, with embind. The
// package ships only verification, so it has its own CMake build folder:
//   - SR_VERIFIER_PACKAGE: plain C exports instead of embind (bindings/verifier.cpp), without the
//     signing exports, and with them libsecp256k1's 32 KiB signing table;
//   - SR_WASM_EH=replay: no unwinding code at all. Where the C++ code throws, the module leaves
//     the call, and its host runs the call again from the memory it had before; the catch that was
//     due then takes its outcome (src/crypto/replayed_errors.cpp, src/replayed-errors.js). C++
//     cleanups on every path that can throw were a tenth of the download (bench/README.md). It
//     replaces WebAssembly exception handling, which had replaced emscripten's JavaScript
//     trampolines (the largest cost in an earlier CPU profile);
//   - C++ is compiled for size with LTO (-Oz, with inlining left on: see SR_WASM_SIZE_FLAGS in
//     cmake/wasm.cmake for why);
//   - C (libsecp256k1) at -Os (below);
//   - emmalloc instead of dlmalloc: 2 KiB gzip smaller, and no slower on this workload;
//   - libsecp256k1's recovery table at window 4 (below);
//   - a second wasm-opt pass by binaryen 132, which also orders the functions by name (below);
//   - no emscripten loader: src/wasm-host.js instantiates the module (1.6 KiB gzip against 3.6);
//   - the browser entry bundled and minified into dist/entry-browser.js (below).
// Three modules are linked from the same objects (cmake/wasm.cmake): `verifier` (every export),
// `quote-verifier` (only the quote exports, for `stableroutes/quotes`: the gasless and
// deposit-address verifiers stay out of a quote-checking dapp's download) and `quote-verifier-evm`
// (the same without the Solana code, for `stableroutes/quotes/evm`: protocol/vm.h). Only those
// targets are built, incrementally (the first run takes a few minutes); the build folder is
// configured again whenever the options below or the CMake files change.
//   node js/scripts/build.mjs            the package modules, into js/wasm/
//   node js/scripts/build.mjs --profile  also the same modules with their function names kept, for
//                                        bench/profile-verifier.mjs (build/wasm-verifier-package/verifier.named.wasm,
//                                        quote-verifier.named.wasm, quote-verifier-evm.named.wasm)
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import * as esbuild from 'esbuild';

const packageDir = new URL('../', import.meta.url);
const repoDir = new URL('../', packageDir);
// --profile: also write the shipped module with its function names kept (verifier.named.wasm, not
// copied into the package): what bench/profile-verifier.mjs reads for the size and CPU profiles.
// The link always keeps the names (--profiling-funcs, which changes no code): the second pass
// below orders the functions by them before it strips them.
const profile = process.argv.includes('--profile');
const buildDir = new URL('build/wasm-verifier-package/', repoDir);
const targetDir = new URL('wasm/', packageDir);
const path = (url) => fileURLToPath(url);
// As js/package.json's size-limit entry. The rules against a lying signer (funded intent, first
// leg, exact delivery route, deadlines, the fee statement) and Solana's TransferChecked decoder
// took the download to 106.2 KiB; the package's own module host, the second wasm-opt pass, the
// minified browser bundle and the functions ordered by name brought it back to 99.3 (with the
// expiry and native-value rules since). Issue 44 (chain records kept bound between plain calls,
// the bound records in a list instead of a std::map) left it at 99.7; the intent hashes sorted by a
// heap sort instead of std::sort's introsort (0.5 KiB less) paid for a faster verification and
// left it at 99.5: the budget follows it down. Splitting off the quote-only module (below) cost
// the full entry 91 bytes (79 of JavaScript, the API shared between the two entries; 12 of wasm,
// the exports no longer keepalive) and the budget 0.1 KiB. The readers' JSON paths built only
// for an error (json::Path) took it to 97.5; libsecp256k1's messages written without stdio,
// ParseError thrown by one function instead of written out at every site (sr::throw_parse_error)
// and the link and wasm-opt options below to 93.6; the EVM-only module's refusal of SVM chains
// (the chain directory's unchecked records; protocol/vm.h) cost the full module 0.15 KiB, and the
// last throws written out (account, chain directory) and the host's unused imports took it to 93.3,
// and the modules built without unwinding code (SR_WASM_EH=replay) to 86.0.
// bench/README.md says where the bytes are, and what the large lever left (the gasless and deposit
// verifiers in the first download) would take off.
const BUDGET_BYTES = 86.1 * 1024;
// The quote-only path (`stableroutes/quotes`: its bundled browser entry and quote-verifier.wasm), as
// js/package.json's second size-limit entry: just above the 86.7 KiB it measured when split off,
// the 85.2 after json::Path, the 80.6 after sr::throw_parse_error, the 74.7 without unwinding code
// and 74.8 with call_value written once.
const QUOTES_BUDGET_BYTES = 74.8 * 1024;
// `stableroutes/quotes/inline` (one file, the module inside it), as the third entry: the quote-only
// path's bytes and the 0.5% its base64 costs after gzip (85.9 KiB after json::Path, 81.4 after
// sr::throw_parse_error), 77.0 once the module inside was gzipped by Zopfli (below), 71.3 without
// unwinding code.
const QUOTES_INLINE_BUDGET_BYTES = 71.4 * 1024;
// `stableroutes/quotes/evm` (one file, the EVM-only module inside it), as the fourth entry: the
// inline quote path without the Solana code, 73.3 KiB when it was made and 71.1 after
// sr::throw_parse_error; 61.9 once its module was built without unwinding code (its errors
// replayed: src/crypto/replayed_errors.cpp) and gzipped by Zopfli, 62.0 with the host's replay
// shared by every entry.
const QUOTES_EVM_BUDGET_BYTES = 62.1 * 1024;

const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
// emcc runs binaryen's tools by bare name: under npm, node_modules/.bin (npm's binaryen 132, for
// the second pass below, which names its own path) would shadow the Debian binaryen emcc expects.
env.PATH = (env.PATH ?? '').split(':').filter((dir) => !dir.endsWith('/node_modules/.bin')).join(':');
delete env.EM_CACHE; // Debian's emcc works only with its frozen, prebuilt system-library cache
const run = (...args) => execFileSync(args[0], args.slice(1), { cwd: path(repoDir), env, stdio: ['ignore', 'ignore', 'inherit'] });
// The same, answering a promise: the two modules' wasm-opt passes run side by side (each pass is
// one thread; under CI the other core is otherwise left to the lower-priority native lane).
const runAsync = async (...args) => {
  const { stderr } = await promisify(execFile)(args[0], args.slice(1), { cwd: path(repoDir), env, maxBuffer: 64 << 20 });
  if (stderr) process.stderr.write(stderr);
};

const configureArgs = ['-DCMAKE_BUILD_TYPE=Release',
  '-DSR_VERIFIER_PACKAGE=ON', // plain C exports, no embind (bindings/verifier.cpp)
  '-DSR_WASM_EH=replay', // no unwinding code: errors replayed (cmake/wasm.cmake)
  '-DCMAKE_CXX_FLAGS_RELEASE=-flto -DNDEBUG', // -O level per file:
  // One level for every C++ file now: since WebAssembly exception handling (and now with no
  // unwinding at all) no call goes out through a JavaScript trampoline, and the three hot files at
  // -O2 bought 5% (456 against 481 us per verification, same process) for 5 KiB gzip (bench/README.md).
  '-DSR_WASM_SIZE_FLAGS=-Oz;-finline-functions',
  '-DSR_WASM_SPEED_FLAGS=-Oz;-finline-functions',
  // libsecp256k1 at -Os: 5.8 KiB gzip less than -O3 (-O2: 0.6 KiB less) and no slower here:
  // verifyQuote at 0.97x and 1.03x the -O3 build's rate in two runs of bench/verifier-builds.mjs
  // (bench/README.md); -O3's unrolled field arithmetic buys nothing measurable in wasm.
  '-DCMAKE_C_FLAGS_RELEASE=-Os -DNDEBUG',
  // libsecp256k1's table of multiples of G at window 4 (512 bytes) instead of 8 (8 KiB): tables do
  // not compress, so that is 7.9 KiB of the gzipped download, and the G half of a recovery is
  // the smaller one (bench/README.md).
  '-DSR_SECP_WINDOW=4',
  // The link's -O drives LTO and wasm-opt. SUPPORT_ERRNO=0 links emmalloc's build that does not set
  // errno when the heap cannot grow (nothing here reads it: operator new throws std::bad_alloc
  // either way; libc's own functions still set it): 61 bytes gzip off the quote-only module, 54 off
  // the full one.
  '-DCMAKE_EXE_LINKER_FLAGS=-Oz -sMALLOC=emmalloc -sSUPPORT_ERRNO=0 --profiling-funcs'];
// Configured again when the options or the CMake files change (as scripts/build.sh does for the
// presets): a target the CMake files add is otherwise unknown to the folder's Makefiles, and make
// stops before it would regenerate them.
const stamp = new URL('configure-args.json', buildDir);
const cmakeFiles = ['CMakeLists.txt', ...readdirSync(new URL('cmake/', repoDir)).sort().map((f) => `cmake/${f}`)];
const stampText = JSON.stringify({ configureArgs, cmake: createHash('sha256')
  .update(cmakeFiles.map((f) => readFileSync(new URL(f, repoDir), 'utf8')).join('\0')).digest('hex') });
const configured = existsSync(new URL('CMakeCache.txt', buildDir)) && existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === stampText;
if (!configured) {
  run('emcmake', 'cmake', '-S', '.', '-B', path(buildDir), ...configureArgs);
  writeFileSync(stamp, stampText);
}
const modules = ['verifier', 'quote-verifier', 'quote-verifier-evm'];
run('cmake', '--build', path(buildDir), '--target', ...modules, '-j2');

// A second pass by a newer wasm-opt (npm's binaryen, pinned in the root package.json) than the one
// Debian's emcc runs: 0.7 KiB gzip less (bench/README.md). It then orders the functions by their
// (demangled) names, which puts each namespace's and each template's code side by side inside
// gzip's 32 KiB window: 2.2 KiB gzip less for 4.4 KiB more raw (call indices of the hot functions
// no longer come first), measured on the same linked module (bench/README.md). The features are
// those every browser has had since 2021 (Safari 15 was the last to arrive); the modules need no
// WebAssembly exception handling. Skipped when neither the linked module nor the options changed.
// Each module's linked, second-pass and named files in the build folder.
const stages = (name) => ({
  linked: new URL(`${name}.wasm`, buildDir),
  optimized: new URL(`${name}.opt.wasm`, buildDir),
  named: new URL(`${name}.named.wasm`, buildDir),
  optimizedFrom: new URL(`${name}.opt.from`, buildDir),
});
async function secondPass(name) {
  const { linked, optimized, named, optimizedFrom } = stages(name);
  const wasmOpt = path(new URL('node_modules/.bin/wasm-opt', repoDir));
  const features = ['--mvp-features', '--enable-sign-ext', '--enable-mutable-globals', '--enable-bulk-memory',
    '--enable-nontrapping-float-to-int'];
  // --low-memory-unused: nothing lives below address 1024 (emscripten's first pass assumes it too,
  // and the data starts there), so constant offsets fold into loads and stores;
  // --generate-global-effects first: what each function may touch or throw, for the passes after it.
  // The two: 65 bytes gzip off the quote-only module, 50 off the full one. Functions of up to 4
  // bytes inlined wherever they are called (binaryen's default under -Oz: 2): libc++'s one-load
  // accessors, which LLVM's size-tuned inliner leaves as calls; 47 and 63 bytes less, and
  // verifyQuote 1.03-1.04x as fast (bench/README.md).
  const passes = [...features, '--low-memory-unused', '--generate-global-effects', '--always-inline-max-function-size', '4',
    '-Oz', '--converge', '--reorder-functions-by-name'];
  // The linked module and the options: a change of either runs the pass again.
  const from = createHash('sha256').update(readFileSync(linked)).update(JSON.stringify(passes)).digest('hex');
  if (existsSync(optimized) && existsSync(named) && existsSync(optimizedFrom) &&
      readFileSync(optimizedFrom, 'utf8') === from) return;
  await runAsync(wasmOpt, path(linked), '-o', path(named), ...passes, '-g');
  await runAsync(wasmOpt, path(named), '-o', path(optimized), ...features, '--strip-debug');
  writeFileSync(optimizedFrom, from);
}
await Promise.all(modules.map(secondPass));
if (profile) {
  for (const name of modules) console.log(`js: the shipped module with its function names: ${path(stages(name).named)}`);
  process.exit(0);
}
mkdirSync(targetDir, { recursive: true });
// Only the binary: emscripten's generated loader is not shipped (src/wasm-host.js replaces it).
for (const name of modules) copyFileSync(stages(name).optimized, new URL(`${name}.wasm`, targetDir));
rmSync(new URL('verifier.mjs', targetDir), { force: true });

// The browser entry as one minified module (what the package's "browser" condition names): the
// sources stay readable in src/, and a page loading the package without a bundler downloads one
// small file instead of three commented ones. esbuild keeps `new URL('../wasm/verifier.wasm',
// import.meta.url)` as written, and dist/ sits beside src/, so the path holds.
mkdirSync(new URL('dist/', packageDir), { recursive: true });
// `stableroutes/quotes/inline` and `stableroutes/quotes/evm` (src/entry-quotes-inline.js says why):
// the module gzipped and written as base64, which the entry's bundle then carries
// (src/packed-module.js). Gzipped by Zopfli (npm's @gfx/zopfli, pinned in the root package.json),
// whose search for the shortest deflate stream any inflater reads takes a second and gives 6%
// less than zlib's level 9: about 4 KiB off each module (bench/README.md). A server's own compression of the entry cannot win that back, as the module
// arrives compressed. Zopfli writes no time into the gzip header, so the same module gives the
// same text.
await Promise.all([['quote-verifier', 'entry-quotes-inline'], ['quote-verifier-evm', 'entry-quotes-evm']].map(async ([name, entry]) => {
  const packed = Buffer.from(await zopfliGzip(readFileSync(new URL(`${name}.wasm`, targetDir)), { numiterations: 15 }));
  writeFileSync(new URL(`dist/${name}-packed.js`, packageDir),
    `// wasm/${name}.wasm, gzipped, as base64 (js/scripts/build.mjs; src/${entry}.js).\n` +
    `export default '${packed.toString('base64')}';\n`);
}));
esbuild.buildSync({
  entryPoints: ['entry-browser', 'entry-quotes-browser', 'entry-quotes-inline', 'entry-quotes-evm']
    .map((name) => path(new URL(`src/${name}.js`, packageDir))),
  outdir: path(new URL('dist/', packageDir)),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'error',
});

// The browser's share of the package, per entry: the bundled entry and its binary.
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const paths = [
  { name: 'verifier', files: ['dist/entry-browser.js', 'wasm/verifier.wasm'], budget: BUDGET_BYTES },
  { name: 'quote verifier', files: ['dist/entry-quotes-browser.js', 'wasm/quote-verifier.wasm'], budget: QUOTES_BUDGET_BYTES },
  { name: 'quote verifier, one request', files: ['dist/entry-quotes-inline.js'], budget: QUOTES_INLINE_BUDGET_BYTES },
  { name: 'EVM-only quote verifier, one request', files: ['dist/entry-quotes-evm.js'], budget: QUOTES_EVM_BUDGET_BYTES },
];
for (const { name, files, budget } of paths) {
  let total = 0;
  for (const file of files) {
    const bytes = readFileSync(new URL(file, packageDir));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    console.log(`js: ${file.padEnd(28)} ${kib(bytes.length).padStart(10)} raw ${kib(gzip).padStart(10)} gzip`);
  }
  console.log(`js: ${name} JS+WASM ${kib(total)} gzip, ${total <= budget ? 'within' : 'OVER'} the ${kib(budget)} budget`);
}
