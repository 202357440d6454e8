// `npm run check:chains` against the local chain stack (the real Portal, Permit2, USDC, our
// Permit3 and prover on two anvil nodes, no solvers), run as the command a deployer runs: a
// child process reading a generated configuration through SR_LOCAL_CHAINS_DIR. A correct
// configuration passes; a wrong vaultInitCodeHash, an unreachable node and a chain without an RPC
// URL each fail it, naming the chain and the reason. Needs the core's wasm build; loopback only.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../scripts/chains/anvil.mjs';
import { startLocalStack } from '../../scripts/chains/local.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-chains.mjs', import.meta.url));
const A = 31337;
const B = 31338;

let stack;
const tempDirs = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sr-check-chains-'));
  tempDirs.push(dir);
  return dir;
};

/** Runs the command on the `local` environment with chains and tokens from `dir`. */
function checkChains(dir, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, 'local', ...args], {
      env: { ...process.env, SR_LOCAL_CHAINS_DIR: dir, [`RPC_URL_${A}`]: '', [`RPC_URL_${B}`]: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, lines: output.split('\n') }));
  });
}

/** A copy of the generated configuration with `edit` applied to chain `chainId`'s record. */
function editedCopy(chainId, edit) {
  const dir = tempDir();
  cpSync(stack.outDir, dir, { recursive: true });
  const file = join(dir, 'chains.json');
  const chains = JSON.parse(readFileSync(file, 'utf8')).map((c) => (c.chainId === chainId ? edit({ ...c }) : c));
  writeFileSync(file, JSON.stringify(chains, null, 2));
  return dir;
}

const chainLine = (lines, chainId) => lines.find((l) => l.startsWith(`chain ${chainId} `));

describe('npm run check:chains against the local chains', { timeout: 60_000 }, () => {
  before(async () => {
    const outDir = tempDir();
    const [portA, portB] = [await freePort(), await freePort()];
    const started = await startLocalStack({
      chains: [
        { name: 'Test A', chainId: A, port: portA },
        { name: 'Test B', chainId: B, port: portB },
      ],
      outDir,
      solver: false,
      log: () => {},
    });
    stack = { ...started, outDir };
  });

  after(async () => {
    await stack?.stop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('confirms every chain of a correct configuration and exits 0', async () => {
    const { code, output, lines } = await checkChains(stack.outDir);
    assert.equal(code, 0, output);
    for (const id of [A, B]) assert.match(chainLine(lines, id), /: confirmed$/, output);
    assert.match(output, /ok {4}eth_chainId 31337/);
    assert.match(output, /ok {4}Portal version\(\) "3\.2"/);
    for (const role of ['portal', 'prover', 'permit2', 'permit3', 'token USDC', 'token USDT']) {
      assert.equal(lines.filter((l) => new RegExp(`ok {4}${role} 0x[0-9a-fA-F]{40} has code`).test(l)).length, 2, `${role}\n${output}`);
    }
    assert.equal(lines.filter((l) => /ok {4}vault derivation confirmed/.test(l)).length, 2, output);
    assert.match(output, /2 of 2 checked chains confirmed: OK/);
  });

  it('a vaultInitCodeHash the Portal does not use fails that chain, naming both vaults', async () => {
    const dir = editedCopy(B, (c) => ({ ...c, vaultInitCodeHash: `0x${'ab'.repeat(32)}` }));
    const { code, output, lines } = await checkChains(dir);
    assert.equal(code, 1, output);
    assert.match(chainLine(lines, A), /: confirmed$/, output);
    assert.match(chainLine(lines, B), /: FAILED \(1 failed check\)$/, output);
    assert.ok(
      lines.some((l) => /FAIL {2}vault derivation unconfirmed: the Portal at 0x[0-9a-fA-F]{40} derives vault 0x[0-9a-fA-F]{40} where the configured vaultInitCodeHash gives 0x[0-9a-fA-F]{40}/.test(l)),
      output,
    );
  });

  it('a node that does not answer fails its chain; --rpc overrides the record\'s rpcUrl', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const dir = editedCopy(B, (c) => ({ ...c, rpcUrl: closed }));
    const refused = await checkChains(dir);
    assert.equal(refused.code, 1, refused.output);
    assert.match(chainLine(refused.lines, A), /: confirmed$/, refused.output);
    assert.equal(chainLine(refused.lines, B), `chain ${B} Test B via ${closed} (rpcUrl): FAILED (1 failed check)`, refused.output);
    assert.ok(refused.lines.includes('  FAIL  RPC unreachable (ECONNREFUSED)'), refused.output);

    const good = stack.deployment.chains.find((c) => c.chainId === B).rpcUrl;
    const overridden = await checkChains(dir, ['--rpc', `${B}=${good}`]);
    assert.equal(overridden.code, 0, overridden.output);
    assert.match(chainLine(overridden.lines, B), /\(--rpc\): confirmed$/, overridden.output);
  });

  it('a chain without an RPC URL is not checked: exit 1 unless --allow-unchecked', async () => {
    // Without an rpcUrl the chain is no longer a local one, and the core requires an explorer.
    const dir = editedCopy(B, (c) => {
      delete c.rpcUrl;
      return { ...c, blockExplorerUrl: 'https://explorer.invalid' };
    });
    const strict = await checkChains(dir);
    assert.equal(strict.code, 1, strict.output);
    assert.match(chainLine(strict.lines, B), /no RPC URL: not checked/, strict.output);
    const allowed = await checkChains(dir, ['--allow-unchecked']);
    assert.equal(allowed.code, 0, allowed.output);
    assert.match(allowed.output, /1 of 1 checked chains confirmed, 1 not checked \(allowed\): OK/);
  });
});
