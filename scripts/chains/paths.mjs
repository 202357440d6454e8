// Locations shared by the local-chain scripts, independent of the working directory.
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { realpathSync } from 'node:fs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LOCAL_CHAINS_DIR = resolve(REPO_ROOT, 'build', 'local-chains');

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl) {
  if (!process.argv[1]) return false;
  return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(process.argv[1]);
}
