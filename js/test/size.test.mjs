// The size budgets, enforced by size-limit (the "size-limit" entries of package.json): what a
// browser downloads for the verifier (entry, API, the module's host, binary), gzipped, through the
// package's main entry, through `stableroutes/quotes` (the quote-only module), through
// `stableroutes/quotes/inline` (the same module inside its script) and through
// `stableroutes/quotes/evm` (the EVM-only module inside its script). js/scripts/build.mjs prints the
// same files' sizes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

it('the browser entries stay within their size-limit budgets', () => {
  let out;
  try {
    out = execFileSync(bin('size-limit'), ['--json'], { cwd: packageDir, encoding: 'utf8' });
  } catch (error) {
    assert.fail(`size-limit failed:\n${error.stdout}${error.stderr}`);
  }
  const entries = JSON.parse(out);
  assert.equal(entries.length, 4, 'the full entry, stableroutes/quotes, stableroutes/quotes/inline and stableroutes/quotes/evm');
  for (const entry of entries) assert.equal(entry.passed, true, `${entry.name}: ${entry.size} bytes over the ${entry.sizeLimit} limit`);
});

it('the package module carries only the verifier: no signing export (and so no signing table)', () => {
  const module = new WebAssembly.Module(readFileSync(new URL('../wasm/verifier.wasm', import.meta.url)));
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  assert.deepEqual(names.filter((name) => name.startsWith('sr_')).sort(), [
    'sr_alloc', 'sr_bind_chains', 'sr_release_chains', 'sr_replay_regions', 'sr_reply', 'sr_verify_deposit_address',
    'sr_verify_deposit_address_bound', 'sr_verify_gasless_payload', 'sr_verify_quote', 'sr_verify_quote_bound',
  ]);
});

it('the modules import only what src/wasm-host.js provides (with src/replayed-errors.js)', async () => {
  const host = ['wasm-host.js', 'replayed-errors.js'].map((name) => readFileSync(new URL(`../src/${name}`, import.meta.url), 'utf8')).join('\n');
  for (const file of ['verifier.wasm', 'quote-verifier.wasm', 'quote-verifier-evm.wasm']) {
    const module = new WebAssembly.Module(readFileSync(new URL(`../wasm/${file}`, import.meta.url)));
    for (const { module: from, name } of WebAssembly.Module.imports(module)) {
      assert.ok(['env', 'wasi_snapshot_preview1'].includes(from), `${file}: import from ${from}`);
      assert.match(host, new RegExp(`\\b${name}\\b`), `${file}: ${from}.${name} is not provided by src/wasm-host.js`);
    }
  }
});
