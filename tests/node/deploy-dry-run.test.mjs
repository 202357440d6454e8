// `npm run deploy -- --dry-run`: the offline checks pass on the repository's production
// configuration and worker, and refuse, naming what to fix, a bundle carrying a development key,
// an EVM chain without its fee ceiling, and a bundle over the plan's size limit. Each refusal is
// made with a temporary copy of the configuration or the worker (the real ones are never edited).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../scripts/chains/paths.mjs';

const DEPLOY = join(REPO_ROOT, 'scripts', 'deploy.mjs');
const TIMEOUT = 300_000;

/** Runs the dry run; resolves {code, out} (stdout and stderr together). */
function dryRun(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [DEPLOY, '--dry-run', ...args], { timeout: TIMEOUT - 10_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, out: `${stdout}${stderr}` });
    });
  });
}

function tempCopy(from, filter) {
  const root = mkdtempSync(join(tmpdir(), 'sr-deploy-test-'));
  const dir = join(root, 'copy');
  cpSync(from, dir, { recursive: true, filter });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
const workerCopy = () => tempCopy(join(REPO_ROOT, 'edge-worker'), (src) => !/\/(node_modules|\.wrangler|test|generated|wasm)$/.test(src));

test('the production configuration and worker pass every offline check; zero solvers is a warning', { timeout: TIMEOUT }, async () => {
  const { code, out } = await dryRun();
  assert.equal(code, 0, out);
  assert.match(out, /configuration loads \(6 chains/);
  assert.match(out, /bundle [\d.]+ KiB raw, [\d.]+ KiB compressed \(free plan limit 3072\.0 KiB\)/);
  assert.match(out, /startup [\d.]+ ms \(platform limit 1000 ms\)/);
  assert.match(out, /WARNING: no solver is configured: every quote will answer 502 solver-error/);
  assert.match(out, /dry run: nothing uploaded/);
});

test('refuses a chain without its fee ceiling, naming the chain and the member to add', { timeout: TIMEOUT }, async () => {
  const config = tempCopy(join(REPO_ROOT, 'config', 'production'));
  try {
    const file = join(config.dir, 'service.json');
    const service = JSON.parse(readFileSync(file, 'utf8'));
    delete service.relay.maxFeePerGasWei['10'];
    writeFileSync(file, JSON.stringify(service));
    const { code, out } = await dryRun('--config-dir', config.dir);
    assert.equal(code, 1, out);
    assert.match(out, /chain 10 \([^)]+\) has no fee ceiling: add "10": "<wei>" to service\.json relay\.maxFeePerGasWei/);
    assert.doesNotMatch(out, /chain (1|8453|42161|137) \([^)]+\) has no fee ceiling/);
  } finally {
    config.remove();
  }
});

test('refuses a bundle carrying a development key or a local API key, naming where it comes from', { timeout: TIMEOUT }, async () => {
  const worker = workerCopy();
  try {
    const toml = readFileSync(join(REPO_ROOT, 'edge-worker', 'wrangler.toml'), 'utf8');
    const relayerKey = /^RELAYER_KEY = "(0x[0-9a-f]{64})"/m.exec(toml)[1];
    appendFileSync(join(worker.dir, 'src', 'index.js'), `\nexport const leakedKey = "${relayerKey}";\nexport const leakedApiKey = "dev-key-acme";\n`);
    const { code, out } = await dryRun('--worker-dir', worker.dir);
    assert.equal(code, 1, out);
    assert.match(out, /REFUSED: the bundle's index\.js holds a development secret \(wrangler\.toml \[env\.local\.vars\] RELAYER_KEY\)/);
    assert.match(out, /REFUSED: the bundle's index\.js holds a development secret \(the development mnemonic's account #11\)/);
    assert.match(out, /REFUSED: the bundle's index\.js holds the local API key "dev-key-acme"/);
  } finally {
    worker.remove();
  }
});

test('refuses a bundle over the plan\'s size limit, naming the size and the limit', { timeout: TIMEOUT }, async () => {
  const worker = workerCopy();
  try {
    // Incompressible padding: 4 MiB of random bytes as base64 stays about 4 MiB gzipped.
    writeFileSync(join(worker.dir, 'src', 'padding.js'), `export default "${randomBytes(4 << 20).toString('base64')}";\n`);
    appendFileSync(join(worker.dir, 'src', 'index.js'), '\nexport { default as padding } from "./padding.js";\n');
    const free = await dryRun('--worker-dir', worker.dir);
    assert.equal(free.code, 1, free.out);
    assert.match(free.out, /REFUSED: the bundle is [\d.]+ KiB compressed, over the free plan's Worker size limit of 3072\.0 KiB/);
    // The same bundle fits the paid plan's 10 MiB.
    const paid = await dryRun('--worker-dir', worker.dir, '--plan', 'paid');
    assert.equal(paid.code, 0, paid.out);
  } finally {
    worker.remove();
  }
});
