// `npm run check:chains -- production` with a Solana RPC given: the command asks getAccountInfo
// of the configured Portal and prover program ids (executable) and of the configured mints (owned
// by SPL Token). The RPC here is a loopback fake that serves accounts a test sets: a correct chain
// passes, a missing or non-executable program and a Token-2022 mint fail it, naming the account.
// The EVM chains have no RPC URL here (--allow-unchecked). Needs the core's wasm build.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-chains.mjs', import.meta.url));
const SOLANA = 1399811149;
const chains = JSON.parse(readFileSync(new URL('../../config/production/chains.json', import.meta.url), 'utf8'));
const tokens = JSON.parse(readFileSync(new URL('../../config/production/tokens.json', import.meta.url), 'utf8'));
const solana = chains.find((c) => c.chainId === SOLANA);
const mints = tokens.filter((t) => t.chainId === SOLANA).map((t) => t.address);
const SPL_TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';

const program = () => ({ executable: true, owner: LOADER, lamports: 1141440, data: ['', 'base64'], rentEpoch: 0, space: 36 });
const mint = (owner = SPL_TOKEN) => ({ executable: false, owner, lamports: 1461600, data: ['', 'base64'], rentEpoch: 0, space: 82 });

let server;
let url;
let accounts;
const asked = [];

function checkChains(args) {
  // No EVM chain has an RPC URL here, whatever the environment holds.
  const env = { ...process.env };
  for (const c of chains) env[`RPC_URL_${c.chainId}`] = '';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, 'production', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, lines: output.split('\n') }));
  });
}

const solanaLine = (lines) => lines.find((l) => l.startsWith(`chain ${SOLANA} `));

describe('npm run check:chains -- production with a Solana RPC', { timeout: 60_000 }, () => {
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { id, method, params } = JSON.parse(body);
        asked.push({ method, params });
        const answer = method === 'getAccountInfo'
          ? { jsonrpc: '2.0', id, result: { context: { slot: 1 }, value: accounts.get(params[0]) ?? null } }
          : { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server?.close());

  const correct = () => new Map([[solana.portal, program()], [solana.prover, program()], ...mints.map((m) => [m, mint()])]);

  it('confirms the Portal, the prover and the SPL Token mints', async () => {
    accounts = correct();
    asked.length = 0;
    const { code, output, lines } = await checkChains(['--allow-unchecked', '--rpc', `${SOLANA}=${url}`]);
    assert.equal(code, 0, output);
    assert.equal(solanaLine(lines), `chain ${SOLANA} Solana via ${url} (--rpc): confirmed`, output);
    assert.ok(lines.includes(`  ok    portal EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV is an executable program (owner ${LOADER})`), output);
    assert.ok(lines.includes(`  ok    prover EcoHDiDaKXryeHsvRwoJNPEeS56uhmPDd9ksuPyF68ky is an executable program (owner ${LOADER})`), output);
    for (const m of mints) assert.ok(lines.some((l) => l.endsWith(`${m} is owned by SPL Token`)), output);
    assert.match(output, /1 of 1 checked chains confirmed, 5 not checked \(allowed\): OK/);
    assert.deepEqual(new Set(asked.map((a) => a.params[0])), new Set([solana.portal, solana.prover, ...mints]));
    assert.ok(asked.every((a) => a.method === 'getAccountInfo'));
  });

  it('a missing Portal, a prover that is not a program and a Token-2022 mint fail the chain', async () => {
    accounts = correct();
    accounts.delete(solana.portal);
    accounts.set(solana.prover, mint());
    accounts.set(mints[0], mint(TOKEN_2022));
    const { code, output, lines } = await checkChains(['--allow-unchecked', '--rpc', `${SOLANA}=${url}`]);
    assert.equal(code, 1, output);
    assert.equal(solanaLine(lines), `chain ${SOLANA} Solana via ${url} (--rpc): FAILED (3 failed checks)`, output);
    assert.ok(lines.includes(`  FAIL  portal ${solana.portal} has no account`), output);
    assert.ok(lines.includes(`  FAIL  prover ${solana.prover} is not executable (owner ${SPL_TOKEN}): not a program`), output);
    assert.ok(lines.some((l) => l.startsWith(`  FAIL  token USDC ${mints[0]} is owned by ${TOKEN_2022}, not SPL Token`)), output);
  });

  it('without a Solana RPC the chain is listed and not checked', async () => {
    const { code, output, lines } = await checkChains(['--allow-unchecked']);
    assert.equal(code, 1, output); // nothing checked at all
    assert.match(solanaLine(lines), /svm chain without an RPC URL, not checked/, output);
  });
});
