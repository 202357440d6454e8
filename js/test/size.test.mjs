// The size budget: what a browser downloads for the verifier (entry, API, emscripten glue,
// binary) stays at most 150 KiB gzipped. js/scripts/build.mjs prints the same figure.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { gzipSync } from 'node:zlib';

it('verifier JS + WASM is at most 150 KiB gzipped', () => {
  const files = ['src/entry-browser.js', 'src/verifier.js', 'wasm/verifier.mjs', 'wasm/verifier.wasm'];
  const sizes = files.map((f) => gzipSync(readFileSync(new URL(`../${f}`, import.meta.url)), { level: 9 }).length);
  const total = sizes.reduce((a, b) => a + b, 0);
  assert.ok(total <= 150 * 1024, `${(total / 1024).toFixed(1)} KiB: ${files.map((f, i) => `${f} ${sizes[i]}`).join(', ')}`);
  // The package module carries only the verifier: no signing export (and so no signing table).
  const glue = readFileSync(new URL('../wasm/verifier.mjs', import.meta.url), 'utf8');
  assert.ok(!glue.includes('sign_digest'), 'the package module exports sign_digest');
});
