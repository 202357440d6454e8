// The hand-written declarations type-check the way the package is used (tsc --strict, Node16
// resolution through the package's own `exports` map), and reject misuse.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

const tsc = ['/usr/bin/tsc', fileURLToPath(new URL('../../node_modules/.bin/tsc', import.meta.url))].find(existsSync);

it('types/index.d.ts and types/client.d.ts compile against a usage file', { skip: !tsc && 'tsc not installed (Debian node-typescript)' }, () => {
  const usage = fileURLToPath(new URL('types/usage.ts', import.meta.url));
  try {
    execFileSync(tsc, ['--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022',
      '--lib', 'es2022,dom', usage], { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc reported:\n${error.stdout}${error.stderr}`);
  }
});
