// Where the package verifier's bytes and time go: a size profile of the wasm by function and by
// library, and a per-function CPU profile of `verifyQuote`, both on the shipped package module
// with its function names kept (`node js/scripts/build.mjs --profile` writes it beside the
// shipped one as verifier.named.wasm; the names change no code).
//   node js/scripts/build.mjs --profile && node bench/profile-verifier.mjs [--seconds S] [--out DIR]
// Writes DIR/verifier-size.txt and DIR/verifier-cpu.txt (default bench/profiles/) and prints both.
// The CPU profile is V8's sampling profiler (node:inspector) over repeated verifications of the
// benchmark's 16 direct quotes; self time per function, grouped by library like the sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { gzipSync } from 'node:zlib';

import * as f from '../js/test/fixtures.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const buildDir = new URL(option('--build', '../build/wasm-verifier-package/'), import.meta.url);
const outDir = new URL(option('--out', 'profiles/'), import.meta.url);
const seconds = Number(option('--seconds', '4'));
// --api: the verifier.js whose instantiateVerifier drives the module (an older build needs the API
// files of its own commit beside each other: git show REV:js/src/verifier.js > FILE, and so on).
const apiUrl = new URL(option('--api', '../js/src/verifier.js'), import.meta.url);

// ---- wasm reading -----------------------------------------------------------------------------
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

function readWasm(bytes) {
  const sections = [];
  const names = new Map();
  const bodies = [];
  let importedFunctions = 0;
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    let name = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount', 'tag'][id];
    if (id === 0) {
      const [n, s] = leb(bytes, start);
      name = `custom "${new TextDecoder().decode(bytes.subarray(s, s + n))}"`;
      if (name === 'custom "name"') readNames(bytes, s + n, end, names);
    }
    if (id === 2) {
      let [count, p] = leb(bytes, start);
      for (let i = 0; i < count; i++) {
        let n;
        [n, p] = leb(bytes, p); p += n; // module
        [n, p] = leb(bytes, p); p += n; // field
        const kind = bytes[p++];
        if (kind === 0) { [, p] = leb(bytes, p); importedFunctions++; }
        else if (kind === 1) { p++; const [flags, q] = leb(bytes, p); [, p] = leb(bytes, q); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 2) { const [flags, q] = leb(bytes, p); [, p] = leb(bytes, q); if (flags & 1) [, p] = leb(bytes, p); }
        else if (kind === 3) p += 2;
      }
    }
    if (id === 10) {
      let [count, p] = leb(bytes, start);
      for (let i = 0; i < count; i++) {
        const [n, q] = leb(bytes, p);
        bodies.push({ index: importedFunctions + i, bytes: bytes.subarray(p, q + n) });
        p = q + n;
      }
    }
    sections.push({ id, name, size: end - at });
    at = end;
  }
  return { sections, bodies: bodies.map((b) => ({ ...b, name: names.get(b.index) ?? `function ${b.index}` })) };
}

function readNames(bytes, at, end, names) {
  while (at < end) {
    const kind = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    if (kind === 1) {
      let [count, p] = leb(bytes, start);
      for (let i = 0; i < count; i++) {
        let index;
        let n;
        [index, p] = leb(bytes, p);
        [n, p] = leb(bytes, p);
        names.set(index, new TextDecoder().decode(bytes.subarray(p, p + n)));
        p += n;
      }
    }
    at = start + size;
  }
}

// A function's library, from its (demangled) name.
const LIBRARIES = [
  ['nlohmann::json', /nlohmann/],
  ['libsecp256k1', /^secp256k1_|^rustsecp|ecmult|^_?secp/],
  ['embind', /embind|emscripten::|_embind_|EmscriptenBindingInitializer|__getTypeName/],
  ['C++ exceptions / RTTI (libc++abi)', /__cxa|__cxxabiv1|_Unwind|typeinfo|__dynamic_cast|__gxx|std::exception|std::bad_|std::logic_error|std::runtime_error|std::invalid_argument|std::out_of_range|std::length_error|__throw/],
  ['sr::crypto (Keccak, hex, ed25519, ...)', /^sr::(secp256k1|hex|base58|base64|ed25519|sha256|keccak|Keccak|svm|\{anonymous\}::(absorb_block|keccak))|^sr::keccak|sr::crypto/],
  ['sr::eth (ABI, EIP-712, u256, addresses)', /^sr::(U256|I256|abi|eip712|rlp|Address|eth|create2)|^sr::u256|^sr::address/],
  ['sr::protocol', /^sr::protocol/],
  ['sr::verify', /^sr::verify/],
  ['sr::bindings', /^sr::bindings/],
  ['sr::json (value, parser, dump)', /^sr::json/],
  ['other sr::', /^sr::/],
  ['libc++ (strings, containers, streams)', /^std::|^void std::|^bool std::|^char\* std::|__1::/],
  ['libc / compiler runtime / malloc', /^(mem|str|__|emmalloc|malloc|free|realloc|calloc|sbrk|abort|_emscripten|emscripten_|dlmalloc|fflush|printf|vfprintf|snprintf|strtol|strtod|__multi|__ashl|__lshr|__udiv|__div|__mul|pthread|stackSave|stackRestore|stackAlloc|setThrew|dynCall|fmt_|pop_arg|out|pad|getint|wctomb|frexp|fwrite|isdigit|atoi|[a-z_]+$)/],
];
// The qualified name of a demangled C++ function: what stands before its parameter list, less
// the return type, so that check_x(nlohmann::json const&) counts as sr::verify, not nlohmann.
function qualifiedName(full) {
  const name = full.replaceAll('(anonymous namespace)', '{anonymous}');
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === ' ' && depth === 0 && name[i - 1] !== ',') start = i + 1;
    else if (c === '(' && depth === 0) return name.slice(start, i);
  }
  return name.slice(start);
}
const libraryOf = (name) => {
  const qualified = qualifiedName(name);
  return LIBRARIES.find(([, re]) => re.test(qualified))?.[0] ?? 'unclassified';
};

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`;

// ---- size profile -----------------------------------------------------------------------------
// --module quote-verifier: the quote-only module's sizes (its CPU profile is the same code's).
const moduleName = option('--module', 'verifier');
const wasmBytes = readFileSync(new URL(`${moduleName}.named.wasm`, buildDir)); // as the package ships it, names kept
const { sections, bodies } = readWasm(wasmBytes);
const codeTotal = bodies.reduce((n, b) => n + b.bytes.length, 0);
const size = [];
size.push(`Size profile of the package verifier (profiling build: ${kib(wasmBytes.length)} raw with its name section)`);
size.push('');
size.push('Sections (bytes):');
for (const s of sections) size.push(`  ${s.name.padEnd(24)} ${String(s.size).padStart(9)}`);
size.push('');
const byLibrary = new Map();
for (const b of bodies) {
  const lib = libraryOf(b.name);
  const entry = byLibrary.get(lib) ?? { bytes: 0, functions: 0, parts: [] };
  entry.bytes += b.bytes.length;
  entry.functions += 1;
  entry.parts.push(b.bytes);
  byLibrary.set(lib, entry);
}
size.push(`Code by library (${bodies.length} functions, ${kib(codeTotal)} of code; gzip alone = the group's bodies compressed on their own):`);
for (const [lib, e] of [...byLibrary].sort((a, b) => b[1].bytes - a[1].bytes)) {
  const gz = gzipSync(Buffer.concat(e.parts), { level: 9 }).length;
  size.push(`  ${lib.padEnd(40)} ${kib(e.bytes).padStart(10)} ${pct(e.bytes, codeTotal).padStart(6)}  ${String(e.functions).padStart(5)} functions  gzip alone ${kib(gz)}`);
}
size.push('');
size.push('Largest 60 functions (body bytes):');
for (const b of [...bodies].sort((x, y) => y.bytes.length - x.bytes.length).slice(0, 60)) {
  size.push(`  ${String(b.bytes.length).padStart(7)}  ${libraryOf(b.name).padEnd(24).slice(0, 24)}  ${b.name.slice(0, 150)}`);
}

if (process.argv.includes('--size-only')) {
  console.log(size.join('\n'));
  process.exit(0);
}

// ---- CPU profile ------------------------------------------------------------------------------
const { instantiateVerifier } = await import(apiUrl);
const verifier = await instantiateVerifier(wasmBytes);
const options = { chains: f.chains, request: f.request(), now: f.NOW };
const quotes = Array.from({ length: 16 }, (_, i) => f.buildQuote({ id: `quote:7f3c2a10-9d4e-4b1a-8c2f-${String(i).padStart(12, '0')}` }));
for (const q of quotes) if (!verifier.verifyQuote(q, options).ok) throw new Error('a profiled quote does not verify');
for (let i = 0; i < 200; i++) verifier.verifyQuote(quotes[i % 16], options); // warm up (tier-up)

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
let n = 0;
const start = performance.now();
while (performance.now() - start < seconds * 1000) {
  for (const q of quotes) verifier.verifyQuote(q, options);
  n += quotes.length;
}
const elapsed = performance.now() - start;
const { profile } = await session.post('Profiler.stop');
session.disconnect();

const selfUs = new Map();
const dt = new Map();
profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const nodeName = (node) => {
  const { functionName, url } = node.callFrame;
  if (url.startsWith('wasm://')) return functionName.replace(/^\$/, '');
  return `[js] ${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}`.trim();
};
for (const node of profile.nodes) {
  const name = nodeName(node);
  if (name.startsWith('[js] (idle)') || name.startsWith('[js] (program)') || name.startsWith('[js] (garbage collector)')) {
    selfUs.set(name, (selfUs.get(name) ?? 0) + (dt.get(node.id) ?? 0));
    continue;
  }
  selfUs.set(name, (selfUs.get(name) ?? 0) + (dt.get(node.id) ?? 0));
}
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
const cpuLibrary = (name) => {
  if (name.startsWith('[js] (garbage collector)')) return 'V8 garbage collector';
  if (name.startsWith('[js] (program)') || name.startsWith('[js] (idle)')) return 'V8 (program, idle)';
  if (/^\[js\] (invoke_|___cxa|__cxa|_?__resumeException|findMatchingCatch|getWasmTableEntry)/.test(name)) return 'JS exception trampolines (invoke_*)';
  if (name.startsWith('[js] (anonymous) node:') || / node:/.test(name)) return 'Node internals';
  if (/^\[js\] (JSON\.|stringify|parse)/.test(name)) return 'JSON.stringify / JSON.parse (JS)';
  if (name.startsWith('[js]')) return 'JavaScript (glue, API, JSON)';
  return libraryOf(name);
};
const cpuByLibrary = new Map();
for (const [name, us] of selfUs) cpuByLibrary.set(cpuLibrary(name), (cpuByLibrary.get(cpuLibrary(name)) ?? 0) + us);

const cpu = [];
cpu.push(`CPU profile of verifyQuote (profiling build, node ${process.version}; V8 sampling profiler at 50 us;`);
cpu.push(`${n} verifications of 16 distinct direct quotes in ${(elapsed / 1000).toFixed(1)} s: ${(elapsed / n * 1000).toFixed(0)} us per verification under the profiler)`);
cpu.push('');
cpu.push('Self time by library:');
for (const [lib, us] of [...cpuByLibrary].sort((a, b) => b[1] - a[1])) {
  cpu.push(`  ${lib.padEnd(40)} ${pct(us, totalUs).padStart(6)}  ${(us / n).toFixed(1).padStart(7)} us per verification`);
}
cpu.push('');
cpu.push('Self time by function (top 50):');
for (const [name, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 50)) {
  cpu.push(`  ${pct(us, totalUs).padStart(6)}  ${(us / n).toFixed(1).padStart(7)} us  ${cpuLibrary(name).padEnd(24).slice(0, 24)}  ${name.slice(0, 150)}`);
}

// Inclusive time (a function and everything it calls), which says where a verification goes by
// stage: the JSON text across the boundary (JavaScript's stringify and parse, the module's parser
// and dump), reading the chain records, hashing the intents, recovering the signer.
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const inclusiveUs = new Map();
profile.samples.forEach((id, i) => {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const name = nodeName(nodeById.get(at));
    if (seen.has(name)) continue; // a recursive call counts once per sample
    seen.add(name);
    inclusiveUs.set(name, (inclusiveUs.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
cpu.push('');
cpu.push('Inclusive time by function (top 40, the profiler\'s own frames left out):');
for (const [name, us] of [...inclusiveUs].filter(([name]) => !/^\[js\] \((root|program|idle)\)|node:inspector|node:internal|profile-verifier|^\[js\] dispatch/.test(name))
  .sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  cpu.push(`  ${pct(us, totalUs).padStart(6)}  ${(us / n).toFixed(1).padStart(7)} us  ${cpuLibrary(name).padEnd(24).slice(0, 24)}  ${name.slice(0, 150)}`);
}

mkdirSync(outDir, { recursive: true });
writeFileSync(new URL('verifier-size.txt', outDir), `${size.join('\n')}\n`);
writeFileSync(new URL('verifier-cpu.txt', outDir), `${cpu.join('\n')}\n`);
console.log(size.join('\n'));
console.log('');
console.log(cpu.join('\n'));
