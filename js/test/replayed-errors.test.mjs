// The package's modules are built without C++'s unwinding code: where the C++ code throws, the
// module leaves the call, and its host (src/replayed-errors.js) runs the call again from the memory
// it had before, until the catch that was due takes its outcome. They must answer exactly what the
// same C++ answers with exceptions: the repository's own verifier module (build/wasm-release, built
// with WebAssembly exception handling and nlohmann's JSON, through embind) is the reference, call by
// call, on genuine, tampered and re-signed quotes, gasless payloads, deposit addresses and malformed
// arguments. And a genuine verification runs once, a replay leaves no memory behind, and chain
// records bound in the module outlive the runs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';

import { instantiate } from '../../tests/node/wasm.mjs';
import { quoteTampers } from '../../tests/node/quote-tampers.mjs';
import { createQuoteVerifierApi, createVerifierApi } from '../src/verifier.js';
import { instantiateModule } from '../src/wasm-host.js';
import * as d from './deposit-fixtures.mjs';
import * as e from './engine-answers.mjs';
import * as f from './fixtures.mjs';

const moduleBytes = (name) => readFileSync(new URL(`../wasm/${name}.wasm`, import.meta.url));

// What a call answers: its report, or the error it throws (class and message).
const outcome = (fn) => {
  try {
    return { report: fn() };
  } catch (error) {
    return { threw: error.constructor.name, message: error.message };
  }
};

let reference; // the repository's verifier module: C++ exceptions
let wasm; // the package's module, as its host wraps it (wasm.runs counts the runs after unwound ones)
let verifier;
let evmWasm;
let evm;
let engine;
before(async () => {
  reference = await instantiate('verifier');
  wasm = await instantiateModule(moduleBytes('verifier'));
  verifier = createVerifierApi(wasm);
  evmWasm = await instantiateModule(moduleBytes('quote-verifier-evm'));
  evm = createQuoteVerifierApi(evmWasm);
  engine = await e.loadEngine();
});

// The reference's answer as the package's API gives it: the report, or the TypeError it throws.
function expected(name, args) {
  const reply = JSON.parse(reference[name](JSON.stringify(args)));
  return reply.ok ? { report: reply.result } : { threw: 'TypeError', message: `${name}: ${reply.error}` };
}

// Calls fn and counts the runs it took after the first.
function runsOf(module, fn) {
  const before = module.runs;
  const answer = outcome(fn);
  return { answer, runs: module.runs - before };
}

function engineQuotes() {
  const { quoteFor, chains } = engine;
  const request = { ...e.exactIn(), options: { allQuotes: true } };
  const genuine = [e.exactIn(), request, { ...e.stitched(), options: { allQuotes: true } }].map((body) => {
    const copy = JSON.parse(JSON.stringify(body));
    return [`genuine ${copy.type} to ${copy.destination.chainId}`, quoteFor(copy), { chains, request: copy, now: e.NOW }];
  });
  const tampered = quoteTampers(e.OTHER).map(([name, , change]) => {
    const quote = quoteFor(request);
    change(quote);
    return [`engine quote, ${name} tampered`, quote, { chains, request, now: e.NOW }];
  });
  const late = quoteFor(e.exactIn());
  late.steps[0].intents[0].intent.reward.deadline += e.FIVE_YEARS;
  tampered.push(['a reward deadline five years ahead, re-signed', e.resign(late), { chains, request: e.exactIn(), now: e.NOW }]);
  return { genuine, tampered };
}

describe('errors replayed', () => {
  it('answers quotes as the C++ exceptions build does, and runs a genuine one once', () => {
    const { genuine, tampered } = engineQuotes();
    const fixtures = [
      ['a fixture quote', f.buildQuote(), { chains: f.chains, request: f.request(), now: f.NOW }],
      ['a fixture quote, expired', f.buildQuote(), { chains: f.chains, request: f.request(), now: f.NOW + 10 ** 7 }],
      ['a deposit-address answer as a quote', d.buildDeposit(), { chains: f.chains, request: f.request(), now: f.NOW }],
      ['chains not a list', f.buildQuote(), { chains: 7, now: f.NOW }],
      ['a chain record without fields', f.buildQuote(), { chains: [{}], now: f.NOW }],
      ['now negative', f.buildQuote(), { chains: f.chains, now: -1 }],
      ['maxFeeBps a word', f.buildQuote(), { chains: f.chains, now: f.NOW, maxFeeBps: 'three hundred' }],
      ['a quote that is a string', 'quote', { chains: f.chains, now: f.NOW }],
    ];
    let replays = 0;
    for (const [name, quote, options] of [...genuine, ...tampered, ...fixtures]) {
      const want = expected('verify_quote', { quote, ...options, request: options.request ?? null });
      const run = runsOf(wasm, () => verifier.verifyQuote(quote, options));
      assert.deepEqual(run.answer, want, name);
      if (genuine.some(([n]) => n === name)) {
        assert.equal(run.answer.report.ok, true, name);
        assert.equal(run.runs, 0, `${name}: no error was caught`);
      }
      replays += run.runs;
    }
    assert.ok(replays >= tampered.length, `${replays} runs again for ${tampered.length} tampered quotes`);
  });

  it('answers gasless payloads as the C++ exceptions build does', async () => {
    const quote = f.buildQuote();
    const cases = [
      ['an ERC-3009 authorization to the vault', await f.erc3009For(quote)],
      ['to someone else', await f.erc3009For(quote, { to: f.OTHER })],
      ['below the reward', await f.erc3009For(quote, { value: '24999999' })],
      ['signed by someone else', await f.erc3009For(quote, {}, f.signer)],
      ['no signature', { ...(await f.erc3009For(quote)), signature: undefined }],
      ['a payload that is a number', { ...(await f.erc3009For(quote)), payload: 7 }],
    ];
    for (const [name, auth] of cases) {
      const options = { ...auth, chains: f.chains, tokens: f.tokens, now: f.NOW };
      assert.deepEqual(outcome(() => verifier.verifyGaslessPayload(quote, options)),
        expected('verify_gasless_payload', { quote, ...options }), name);
    }
  });

  it('answers deposit addresses as the C++ exceptions build does', () => {
    const request = d.depositRequest();
    const flipped = d.buildDeposit();
    flipped.signature = flipped.signature.slice(0, 10) + (flipped.signature[10] === '0' ? '1' : '0') + flipped.signature.slice(11);
    const noIntent = d.buildDeposit();
    delete noIntent.intent;
    const cases = [
      ['genuine', d.buildDeposit(), request],
      ['signature bit flipped', flipped, request],
      ['no intent', noIntent, request],
      ['another refund recipient asked', d.buildDeposit(), { ...request, refundRecipient: f.OTHER }],
      ['an answer that is a list', [], request],
    ];
    for (const [name, answer, req] of cases) {
      const options = { chains: f.chains, request: req, now: f.NOW };
      assert.deepEqual(outcome(() => verifier.verifyDepositAddress(answer, options)),
        expected('verify_deposit_address', { answer, ...options }), name);
    }
  });

  it('keeps no memory of an unwound run: the heap and the stack as they were, over 300 bad calls', () => {
    const { tampered } = engineQuotes();
    const [name, quote, options] = tampered.find(([, q, o]) => runsOf(evmWasm, () => evm.verifyQuote(q, o)).runs > 0);
    const first = evm.verifyQuote(quote, options);
    const memory = evmWasm.memory.buffer.byteLength;
    const stack = evmWasm.stackSave();
    for (let i = 0; i < 300; i++) assert.deepEqual(evm.verifyQuote(quote, options), first, name);
    assert.equal(evmWasm.memory.buffer.byteLength, memory, 'an unwound run leaves nothing allocated');
    assert.equal(evmWasm.stackSave(), stack);
    const request = JSON.parse(JSON.stringify(e.exactIn()));
    assert.equal(evm.verifyQuote(engine.quoteFor(request), { chains: engine.chains, request, now: e.NOW }).ok, true);
  });

  it('keeps bound chain records across unwound runs, and forgets released ones', () => {
    const { quoteFor, chains } = engine;
    const request = JSON.parse(JSON.stringify(e.exactIn()));
    const quote = quoteFor(request);
    const [, tampered, options] = engineQuotes().tampered[0];
    const bound = evm.forChains(chains);
    const other = evm.forChains(f.chains);
    const before = evmWasm.runs;
    assert.equal(bound.verifyQuote(tampered, { request: options.request, now: e.NOW }).ok, false);
    assert.equal(evm.verifyQuote(tampered, options).ok, false);
    assert.ok(evmWasm.runs > before, 'the tampered quote was run again');
    assert.equal(bound.verifyQuote(quote, { request, now: e.NOW }).ok, true);
    other.release();
    assert.equal(bound.verifyQuote(quote, { request, now: e.NOW }).ok, true);
    bound.release();
    assert.deepEqual(outcome(() => bound.verifyQuote(quote, { request, now: e.NOW })),
      { threw: 'TypeError', message: 'verifyQuote: these chain records were released' });
    assert.deepEqual(outcome(() => evm.forChains([{ chainId: 'one' }])), outcome(() => verifier.forChains([{ chainId: 'one' }])));
  });
});
