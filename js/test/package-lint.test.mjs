// The packed tarball as the ecosystem's linters see it: publint (package.json fields, exports,
// files) and Are the Types Wrong (the declarations resolve under Node 16+ ESM and bundlers; the
// package is ESM-only, so the CommonJS resolutions are not checked, and ./verifier.wasm and
// ./quote-verifier.wasm are asset exports without declarations).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stableroutes-lint-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (command, args) => {
  try {
    return execFileSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  } catch (error) {
    return assert.fail(`${command} ${args.join(' ')} failed:\n${error.stdout}${error.stderr}`);
  }
};

describe('the packed tarball', () => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir, '--loglevel=error'],
    { cwd: packageDir, encoding: 'utf8' }));
  const tarball = join(dir, packed.filename);

  it('passes publint (strict: warnings fail too)', () => {
    run(bin('publint'), ['run', tarball, '--strict']);
  });

  it('passes Are the Types Wrong (esm-only profile)', () => {
    run(bin('attw'), [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './verifier.wasm', './quote-verifier.wasm',
      './quote-verifier-evm.wasm']);
  });

  it('is licensed Apache-2.0 with the license text, and says where it comes from', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    assert.equal(manifest.license, 'Apache-2.0');
    assert.ok(manifest.repository?.url && manifest.homepage && manifest.keywords?.length > 0);
    assert.ok(packed.files.some((f) => f.path === 'LICENSE'), 'LICENSE is not in the tarball');
  });
});
