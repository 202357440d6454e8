// The local configuration as the worker assembles it for the core's Service, and its secrets.
import { readFile } from 'node:fs/promises';

const root = new URL('../../', import.meta.url);
const readJson = async (path) => JSON.parse(await readFile(new URL(path, root), 'utf8'));

export async function loadLocalConfig() {
  const config = {};
  for (const name of ['service', 'chains', 'tokens', 'solvers', 'partners']) {
    config[name] = await readJson(`config/local/${name}.json`);
  }
  return { config, secrets: await readJson('config/local/secrets.json') };
}
