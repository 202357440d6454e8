#!/usr/bin/env node
// stableroutes verify <quote.json> --chains <chains.json> [--request <request.json>] [--now <unix seconds>] [--json]
// stableroutes verify-deposit <deposit.json> --chains <chains.json> --request <request.json> [--now ...] [--json]
// Prints the verification report; exit status 0 when every check passes, 1 when one fails,
// 2 for a usage or input error. "-" reads the quote (or deposit answer) from standard input.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { loadVerifier } from '../src/entry-node.js';

const USAGE = `usage: stableroutes verify <quote.json|-> --chains <chains.json> [--request <request.json>] [--now <unix seconds>] [--json]

  Verifies a stableroutes v1 quote locally: the signature by the source chain's quoteSigner, expiry,
  intent hashes, vaults, the funding transaction and calldata, the route against your request, the
  slippage bound and every competing quote. --chains takes the body of GET /v1/chains (or its array).

usage: stableroutes verify-deposit <deposit.json|-> --chains <chains.json> --request <request.json> [--now <unix seconds>] [--json]

  Verifies a deposit address (the answer of POST .../deposit-addresses or GET .../{vaultAddress})
  before you send money to it: the signature by the source chain's quoteSigner, the deadline, the
  intent hash, the vault recomputed from the Portal, the route paying the recipient at least
  minAmountOut, the reward locking the deposit with your refund recipient, the fees, and that it is
  what your request (the deposit-addresses request body you sent) asked for.`;

class UsageError extends Error {}

async function readJson(file, what) {
  let text;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${error.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} ${file} is not JSON: ${error.message}`);
  }
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      chains: { type: 'string' },
      request: { type: 'string' },
      now: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true };
  const [command, quote, ...rest] = positionals;
  if (command !== 'verify' && command !== 'verify-deposit') {
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  }
  const deposit = command === 'verify-deposit';
  if (!quote) throw new UsageError(deposit ? 'missing the deposit answer file' : 'missing the quote file');
  if (rest.length) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
  if (!values.chains) throw new UsageError('--chains is required (the body of GET /v1/chains)');
  // A deposit answer does not name the refund recipient: only the request does.
  if (deposit && !values.request) throw new UsageError('--request is required for verify-deposit (the deposit-addresses request body)');
  let now;
  if (values.now !== undefined) {
    if (!/^(0|[1-9][0-9]*)$/.test(values.now)) throw new UsageError(`--now must be Unix seconds, got "${values.now}"`);
    now = Number(values.now);
  }
  return { deposit, quote, chains: values.chains, request: values.request, now, json: values.json };
}

function print(report, asJson, what) {
  if (asJson) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const width = Math.max(...report.checks.map((c) => c.name.length));
  for (const check of report.checks) {
    process.stdout.write(`${check.ok ? 'pass' : 'FAIL'}  ${check.name.padEnd(width)}  ${check.detail}\n`);
  }
  const failed = report.checks.filter((c) => !c.ok).length;
  process.stdout.write(report.ok ? `${what} verified: every check passed\n` : `${what} NOT verified: ${failed} check(s) failed\n`);
}

async function main(argv) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    process.stderr.write(`stableroutes: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    const what = options.deposit ? 'deposit address' : 'quote';
    const document = await readJson(options.quote, options.deposit ? 'deposit answer' : 'quote');
    const chains = await readJson(options.chains, 'chains');
    const request = options.request ? await readJson(options.request, 'request') : null;
    const verifier = await loadVerifier();
    const context = { chains, request, ...(options.now !== undefined && { now: options.now }) };
    const report = options.deposit ? verifier.verifyDepositAddress(document, context) : verifier.verifyQuote(document, context);
    print(report, options.json, what);
    return report.ok ? 0 : 1;
  } catch (error) {
    process.stderr.write(`stableroutes: ${error.message}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
