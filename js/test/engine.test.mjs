// The package verifies real quotes from the quote engine: the core WebAssembly module's Service
// (the same code the edge worker runs) with the local configuration answers POST /v1/quotes
// bodies, and each answer passes every check; tampered copies fail the named check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, before } from 'node:test';

import { loadVerifier } from 'stableroutes';

import { quoteTampers } from '../../tests/node/quote-tampers.mjs';

const repo = new URL('../../', import.meta.url);
const coreDir = new URL('build/wasm-release/', repo);
const readConfig = (name) => JSON.parse(readFileSync(new URL(`config/local/${name}.json`, repo), 'utf8'));
const config = Object.fromEntries(['service', 'chains', 'tokens', 'solvers', 'partners'].map((n) => [n, readConfig(n)]));
const secrets = readConfig('secrets');
const NOW = 1763697600;
const FUNDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const OTHER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOLANA_FUNDER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SOLANA_OTHER = '3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG';
const KEY = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes', 'gasless'] };

const exactIn = (changes = {}) => ({
  type: 'exact-in',
  source: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: '100000000', funder: FUNDER },
  destination: { chainId: 10, token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', recipient: RECIPIENT },
  dappId: 'js-engine-test',
  ...changes,
});

describe('engine quotes (core wasm Service)', () => {
  let service;
  let verifier;
  let chains; // GET /v1/chains as the Service answers it (with the limits the deadline rule reads)
  before(async () => {
    const { default: createCore } = await import(new URL('core.mjs', coreDir).href);
    const core = await createCore({ wasmBinary: readFileSync(new URL('core.wasm', coreDir)) });
    assert.equal(typeof core.Service, 'function', 'core.wasm exports no Service');
    service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));
    verifier = await loadVerifier();
    chains = JSON.parse(service.handle('chains', JSON.stringify({ confirmedChains: [] }))).body;
  });

  const quoteFor = (body) => {
    const out = JSON.parse(service.handle('quote', JSON.stringify({ body, key: KEY, now: NOW, random: `0x${'5a'.repeat(32)}`, solverAnswers: [] })));
    assert.equal(out.status, 200, JSON.stringify(out.body));
    return out.body;
  };
  const verify = (quote, request, now = NOW) => verifier.verifyQuote(quote, { chains, request, now });
  const failures = (report) => JSON.stringify(report.checks.filter((c) => !c.ok), null, 2);

  const bodies = {
    'exact-in': exactIn(),
    'exact-in with slippage and refund recipient': exactIn({ slippage: 0.0125, source: { ...exactIn().source, refundRecipient: RECIPIENT } }),
    'exact-out': exactIn({ type: 'exact-out', source: { ...exactIn().source, amount: undefined }, destination: { ...exactIn().destination, amount: '99840001' } }),
    custom: exactIn({ type: 'custom', destination: { ...exactIn().destination, calls: [{ target: RECIPIENT, data: '0xdeadbeef', value: '0' }] } }),
    'all quotes': exactIn({ options: { allQuotes: true } }),
    'from Solana': {
      type: 'exact-in',
      source: { chainId: 1399811149, token: SOLANA_USDC, amount: '100000000', funder: SOLANA_FUNDER },
      destination: { chainId: 8453, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', recipient: RECIPIENT },
      dappId: 'js-engine-test',
    },
    'stitched to Solana': {
      type: 'exact-in',
      source: { chainId: 137, token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', amount: '100000000', funder: FUNDER },
      destination: { chainId: 1399811149, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
      dappId: 'js-engine-test',
      options: { allQuotes: true },
    },
  };
  for (const [name, body] of Object.entries(bodies)) {
    it(`verifies the ${name} quote`, () => {
      const request = JSON.parse(JSON.stringify(body)); // drops undefined members, as the wire would
      const quote = quoteFor(request);
      const report = verify(quote, request);
      assert.equal(report.ok, true, failures(report));
    });
  }

  const tampers = quoteTampers(OTHER);
  for (const [name, check, change] of tampers) {
    it(`catches a tampered ${name} on an engine quote (${check})`, () => {
      const request = exactIn({ options: { allQuotes: true } });
      const quote = quoteFor(request);
      assert.ok(quote.competingQuotes?.length > 0, 'the local solvers give competing quotes');
      change(quote);
      const report = verify(quote, request);
      assert.equal(report.ok, false);
      assert.equal(report.checks.find((c) => c.name === check).ok, false, failures(report));
    });
  }

  // A Solana-source quote's fund instruction departing from the Portal's account list or data.
  // Accounts: 0 payer, 1 funder, 2 vault, 3 Token, 4 Token-2022, 5 Associated Token, 6 System
  // program, 7 funder's token account, 8 vault's token account, 9 mint.
  const solanaTampers = [
    ['swapped Token and Token-2022 programs', ['funding-calldata'], /account 3 is TokenzQdB/, (ix) => {
      [ix.accounts[3], ix.accounts[4]] = [ix.accounts[4], ix.accounts[3]];
    }],
    ['swapped token accounts', ['funding-calldata'], /account 7 is/, (ix) => {
      [ix.accounts[7], ix.accounts[8]] = [ix.accounts[8], ix.accounts[7]];
    }],
    ['read-only funder', ['funding-calldata'], /account 1 is 9WzD\w+ \(signer, read-only\)/, (ix) => { ix.accounts[1].isWritable = false; }],
    ['writable mint', ['funding-calldata'], /account 9 is/, (ix) => { ix.accounts[9].isWritable = true; }],
    ['vault token account of another wallet', ['funding-calldata'], /account 8 is/, (ix) => { ix.accounts[8].pubkey = SOLANA_OTHER; }],
    ['missing System program', ['funding-calldata'], /has 9 accounts, expected 10/, (ix) => { ix.accounts.splice(6, 1); }],
    ['another payer', ['funding-calldata'], /payer is 3h1z/, (ix) => { ix.accounts[0].pubkey = SOLANA_OTHER; }],
    ['wrong program id', ['funding-target', 'funding-calldata'], /calls program 3h1z/, (ix) => { ix.programId = SOLANA_OTHER; }],
    // Other data is another intent, whose vault is not the listed one.
    ['wrong data (reward amount)', ['funding-calldata'], /account 2 is \w+ \(not signer, writable\), expected/, (ix) => {
      const data = Buffer.from(ix.data, 'base64');
      data[data.length - 9] ^= 1; // the low byte of the one reward token's u64 amount
      ix.data = data.toString('base64');
    }],
    ['wrong data (discriminator)', ['funding-calldata'], /discriminator/, (ix) => {
      const data = Buffer.from(ix.data, 'base64');
      data[0] ^= 1;
      ix.data = data.toString('base64');
    }],
  ];
  for (const [name, checks, detail, change] of solanaTampers) {
    it(`catches a Solana fund instruction with ${name} (${checks.join(', ')})`, () => {
      const request = JSON.parse(JSON.stringify(bodies['from Solana']));
      const quote = quoteFor(request);
      assert.equal(verify(quote, request).ok, true);
      change(quote.execution.transaction.instructions[0]);
      const report = verify(quote, request);
      const failed = report.checks.filter((c) => !c.ok);
      assert.deepEqual(failed.map((c) => c.name), checks, failures(report));
      assert.match(failed.map((c) => c.detail).join('\n'), detail);
    });
  }

  it('rejects an engine quote at its expiry', () => {
    const quote = quoteFor(exactIn());
    const report = verify(quote, exactIn(), quote.expiresAt);
    assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ['expiry']);
  });
});
