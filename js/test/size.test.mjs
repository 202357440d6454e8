// The size budget, enforced by size-limit (the "size-limit" entry of package.json): what a browser
// downloads for the verifier (entry, API, emscripten glue, binary), gzipped. js/scripts/build.mjs
// prints the same files' sizes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

it('the browser entry stays within the size-limit budget', () => {
  let out;
  try {
    out = execFileSync(bin('size-limit'), ['--json'], { cwd: packageDir, encoding: 'utf8' });
  } catch (error) {
    assert.fail(`size-limit failed:\n${error.stdout}${error.stderr}`);
  }
  const [entry] = JSON.parse(out);
  assert.equal(entry.passed, true, `${entry.size} bytes over the ${entry.sizeLimit} limit`);
});

it('the package module carries only the verifier: no signing export (and so no signing table)', () => {
  const glue = readFileSync(new URL('../wasm/verifier.mjs', import.meta.url), 'utf8');
  assert.ok(!glue.includes('sign_digest'), 'the package module exports sign_digest');
  const exports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(new URL('../wasm/verifier.wasm', import.meta.url))));
  assert.ok(exports.length <= 16, `unexpected exports: ${exports.map((e) => e.name).join(', ')}`);
});
