// The `stableroutes verify` command: report on stdout, exit 0 when every check passes, 1 when a
// check fails, 2 for usage and input errors.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, after } from 'node:test';

import { CHECK_NAMES } from 'stableroutes';
import * as f from './fixtures.mjs';
import * as d from './deposit-fixtures.mjs';

const bin = fileURLToPath(new URL('../bin/stableroutes.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stableroutes-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const file = (name, value) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const run = (args, input) => new Promise((resolve) => {
  const child = execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
    resolve({ code: error ? error.code : 0, stdout, stderr }));
  if (input !== undefined) child.stdin.end(input);
});

const quote = file('quote.json', f.buildQuote());
const chains = file('chains.json', { chains: f.chains });
const request = file('request.json', f.request());

describe('stableroutes verify', () => {
  it('exits 0 and prints every check for a valid quote', async () => {
    const { code, stdout } = await run(['verify', quote, '--chains', chains, '--request', request, '--now', String(f.NOW)]);
    assert.equal(code, 0, stdout);
    for (const name of ['signature', 'expiry', 'intent-hashes', 'vault', 'funding-target', 'funding-calldata',
      'route-matches-request', 'slippage-bound', 'competing-quotes']) {
      assert.match(stdout, new RegExp(`^pass  ${name} `, 'm'));
    }
    assert.match(stdout, /quote verified: every check passed/);
  });

  it('exits 1 and names the failing check for a tampered quote', async () => {
    const tampered = f.buildQuote();
    tampered.execution.transaction.to = f.OTHER;
    const { code, stdout } = await run(['verify', file('bad.json', tampered), '--chains', chains, '--now', String(f.NOW)]);
    assert.equal(code, 1);
    assert.match(stdout, /^FAIL  funding-target +quote\.execution\.transaction\.to is/m);
    assert.match(stdout, /1 check\(s\) failed/);
  });

  it('exits 1 for an expired quote with the clock as now', async () => {
    const { code, stdout } = await run(['verify', quote, '--chains', chains]);
    assert.equal(code, 1);
    assert.match(stdout, /^FAIL  expiry/m);
  });

  it('reads the quote from stdin and prints JSON with --json', async () => {
    const { code, stdout } = await run(['verify', '-', '--chains', chains, '--now', String(f.NOW), '--json'],
      JSON.stringify(f.buildQuote()));
    assert.equal(code, 0);
    const report = JSON.parse(stdout);
    assert.equal(report.ok, true);
    assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES);
  });

  const usage = [
    ['no command', []],
    ['missing --chains', ['verify', quote]],
    ['missing quote file', ['verify', join(dir, 'absent.json'), '--chains', chains]],
    ['quote not JSON', ['verify', file('junk.json', '{'), '--chains', chains]],
    ['bad --now', ['verify', quote, '--chains', chains, '--now', '-1']],
    ['malformed chains', ['verify', quote, '--chains', file('c.json', [{ chainId: 1 }])]],
  ];
  for (const [name, args] of usage) {
    it(`exits 2 on ${name}`, async () => {
      const { code, stderr } = await run(args);
      assert.equal(code, 2);
      assert.match(stderr, /^stableroutes: /);
    });
  }
});

describe('stableroutes verify-deposit', () => {
  const deposit = file('deposit.json', d.buildDeposit());
  const depositRequest = file('deposit-request.json', d.depositRequest());

  it('exits 0 and prints every check for a valid deposit answer', async () => {
    const { code, stdout } = await run(['verify-deposit', deposit, '--chains', chains, '--request', depositRequest, '--now', String(f.NOW)]);
    assert.equal(code, 0, stdout);
    for (const name of ['signature', 'deadline', 'intent-hash', 'vault', 'route-pays-recipient', 'reward-locks-deposit', 'fees', 'matches-request']) {
      assert.match(stdout, new RegExp(`^pass  ${name} `, 'm'));
    }
    assert.match(stdout, /deposit address verified: every check passed/);
  });

  it('exits 1 and names the failing check for a tampered answer, read from stdin', async () => {
    const tampered = d.buildDeposit();
    tampered.vaultAddress = f.OTHER;
    const { code, stdout } = await run(['verify-deposit', '-', '--chains', chains, '--request', depositRequest, '--now', String(f.NOW)],
      JSON.stringify(tampered));
    assert.equal(code, 1, stdout);
    assert.match(stdout, /^FAIL  vault +answer\.vaultAddress is/m);
    assert.match(stdout, /deposit address NOT verified: 1 check\(s\) failed/);
  });

  it('exits 2 without --request: only the request names the refund recipient', async () => {
    const { code, stderr } = await run(['verify-deposit', deposit, '--chains', chains]);
    assert.equal(code, 2);
    assert.match(stderr, /--request is required for verify-deposit/);
  });
});
