// Compiles a TypeScript file against the package's declarations the way a consumer would:
// tsc --strict with Node16 resolution through the package's own `exports` map. TypeScript is a
// root devDependency (npm), so a missing tsc fails the caller instead of skipping it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = new URL('../../', import.meta.url);
const tsc = fileURLToPath(new URL('node_modules/.bin/tsc', repo));

/** Fails the test with tsc's report unless `file` (a URL) compiles. */
export function typecheck(file) {
  assert.ok(existsSync(tsc), `tsc is missing at ${tsc}: run scripts/bootstrap.sh (npm ci)`);
  try {
    execFileSync(tsc, ['--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022',
      '--lib', 'es2022,dom', fileURLToPath(file)], { cwd: fileURLToPath(new URL('js/', repo)), encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc reported:\n${error.stdout}${error.stderr}`);
  }
}

/**
 * Writes `lines` as build/types-check/<name> (inside the repository, so `stableroutes` resolves
 * through the workspace link) and type-checks it. Values written as object literals under a
 * declared type get TypeScript's excess-property check: a field the declarations lack fails.
 */
export function typecheckModule(name, lines) {
  const dir = new URL('build/types-check/', repo);
  mkdirSync(dir, { recursive: true });
  const file = new URL(name, dir);
  writeFileSync(file, [...lines, ''].join('\n'));
  typecheck(file);
}
