// `stableroutes/quotes`: the quote verifier alone, from its own module (wasm/quote-verifier.wasm,
// the same objects as verifier.wasm linked with only the quote exports). It must answer exactly
// what the full verifier answers, report for report and error for error, on every shape of quote
// the suites build: ethers-built fixtures (direct, the quote a gasless flow checks first, with
// competing quotes, tampered, re-signed), the engine's genuine answers (exact-in/out, custom, from
// Solana, stitched to Solana, all quotes), the engine's quotes tampered and re-signed by a lying
// signer, a deposit-address answer handed to verifyQuote, malformed quotes, and malformed options;
// plain and bound (forChains). And its module exports nothing but the quote calls.
// `stableroutes/quotes/inline` carries the same module inside its script: it must unpack to the
// same bytes and answer as the full verifier too. `stableroutes/quotes/evm` carries the EVM-only
// module: it answers every quote between EVM chains as the full verifier does (with Solana in the
// chain records), and refuses a quote to or from Solana, check by check, where the full verifier
// passes it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { before, describe, it, mock } from 'node:test';

import { CHECK_NAMES, loadVerifier } from 'stableroutes';
import { CHECK_NAMES as QUOTE_CHECK_NAMES, loadQuoteVerifier, quoteVerifierWasmUrl } from 'stableroutes/quotes';
import { CHECK_NAMES as INLINE_CHECK_NAMES, loadQuoteVerifier as loadInlineQuoteVerifier } from 'stableroutes/quotes/inline';
import { CHECK_NAMES as EVM_CHECK_NAMES, loadQuoteVerifier as loadEvmQuoteVerifier } from 'stableroutes/quotes/evm';
import packed from '../dist/quote-verifier-packed.js';
import packedEvm from '../dist/quote-verifier-evm-packed.js';
import { unpackModule } from '../src/packed-module.js';

import { quoteTampers } from '../../tests/node/quote-tampers.mjs';
import * as d from './deposit-fixtures.mjs';
import * as e from './engine-answers.mjs';
import * as f from './fixtures.mjs';

const wasmExports = (file) =>
  WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(new URL(`../wasm/${file}`, import.meta.url)))).map((x) => x.name);

// What a call answers: its report, or the error it throws (class and message).
const outcome = (fn) => {
  try {
    return { report: fn() };
  } catch (error) {
    return { threw: error.constructor.name, message: error.message };
  }
};

let full;
let quotes;
let inline;
let evm;
let engine;
before(async () => {
  [full, quotes, inline, evm, engine] = await Promise.all([loadVerifier(), loadQuoteVerifier(), loadInlineQuoteVerifier(),
    loadEvmQuoteVerifier(), e.loadEngine()]);
});

// Each case: [name, quote, options]; compared plain, then bound to the same records when the
// options carry chains (a bound verifier answers the plain call's report).
function assertSameAnswers(cases, subject = quotes) {
  const quotes = subject;
  for (const [name, quote, options] of cases) {
    const expected = outcome(() => full.verifyQuote(structuredClone(quote), structuredClone(options)));
    const actual = outcome(() => quotes.verifyQuote(structuredClone(quote), structuredClone(options)));
    assert.deepEqual(actual, expected, `${name}: plain verifyQuote differs`);
    if (options?.chains === undefined) continue;
    const { chains, ...rest } = options;
    const fullBound = outcome(() => full.forChains(structuredClone(chains)));
    const quoteBound = outcome(() => quotes.forChains(structuredClone(chains)));
    if (fullBound.threw || quoteBound.threw) {
      assert.deepEqual(quoteBound, fullBound, `${name}: forChains differs`);
      continue;
    }
    assert.deepEqual(outcome(() => quoteBound.report.verifyQuote(structuredClone(quote), structuredClone(rest))),
      outcome(() => fullBound.report.verifyQuote(structuredClone(quote), structuredClone(rest))), `${name}: bound verifyQuote differs`);
    fullBound.report.release();
    quoteBound.report.release();
  }
}

// The engine's quote with each of quoteTampers' changes, and a lying signer's: a reward deadline
// five years ahead, every hash derived again and re-signed.
function tamperedEngineQuotes() {
  const { quoteFor, chains } = engine;
  const request = { ...e.exactIn(), options: { allQuotes: true } };
  const cases = [];
  for (const [name, , change] of quoteTampers(e.OTHER)) {
    const quote = quoteFor(request);
    change(quote);
    cases.push([`engine quote, ${name} tampered`, quote, { chains, request, now: e.NOW }]);
  }
  const late = quoteFor(e.exactIn());
  late.steps[0].intents[0].intent.reward.deadline += e.FIVE_YEARS;
  cases.push(['a reward deadline five years ahead, re-signed', e.resign(late), { chains, request: e.exactIn(), now: e.NOW }]);
  return cases;
}

describe('stableroutes/quotes', () => {
  it('has the same check names, and offers verifyQuote and forChains(...).verifyQuote only', () => {
    assert.deepEqual(QUOTE_CHECK_NAMES, CHECK_NAMES);
    assert.deepEqual(Object.keys(quotes), ['verifyQuote', 'forChains']);
    const bound = quotes.forChains(f.chains);
    assert.deepEqual(Object.keys(bound), ['verifyQuote', 'release']);
    bound.release();
    assert.ok(Object.isFrozen(quotes) && Object.isFrozen(bound));
  });

  it('loads a module that exports only the quote calls, and is not the full module', () => {
    assert.equal(quoteVerifierWasmUrl.href, new URL('../wasm/quote-verifier.wasm', import.meta.url).href);
    assert.deepEqual(wasmExports('quote-verifier.wasm').sort(), [
      '__indirect_function_table', '__wasm_call_ctors', 'memory', 'sr_alloc', 'sr_bind_chains', 'sr_release_chains',
      'sr_replay_regions', 'sr_reply', 'sr_verify_quote', 'sr_verify_quote_bound', 'stackRestore', 'stackSave',
    ]);
    const fullOnly = wasmExports('verifier.wasm').filter((name) => !wasmExports('quote-verifier.wasm').includes(name));
    assert.deepEqual(fullOnly.sort(), ['sr_verify_deposit_address', 'sr_verify_deposit_address_bound', 'sr_verify_gasless_payload']);
  });

  it('answers the fixtures as the full verifier does: consistent, tampered and re-signed quotes', () => {
    // The clock both default to, held one second past the fixture's expiry for the calls compared.
    const clock = mock.method(Date, 'now', () => (f.EXPIRES_AT + 1) * 1000);
    const request = f.request();
    const options = { chains: f.chains, request, now: f.NOW };
    const tampered = (change) => {
      const q = f.buildQuote();
      change(q);
      return q;
    };
    const competing = f.buildQuote();
    competing.competingQuotes = [f.buildQuote({ id: 'quote:00000000-1111-4222-8333-444444444444' }),
      tampered((q) => { q.execution.transaction.to = f.OTHER; })];
    assertSameAnswers([
      ['a direct quote', f.buildQuote(), options],
      ['the chains body and no request', f.buildQuote(), { chains: { chains: f.chains }, now: f.NOW }],
      ['the clock as now (expired)', f.buildQuote(), { chains: f.chains, request }],
      ['exact at expiresAt', f.buildQuote(), { ...options, now: f.EXPIRES_AT }],
      ['a tighter fee ceiling', f.buildQuote(), { ...options, maxFeeBps: 1 }],
      ['another amount asked', f.buildQuote(), { ...options, request: f.request({ amount: '30000000' }) }],
      ['other slippage', f.buildQuote({ slippage: 0.01 }), options],
      ['competing quotes, one tampered', competing, options],
      ['source amount', tampered((q) => { q.source.amount = '30000000'; }), options],
      ['recipient', tampered((q) => { q.destination.recipient = f.OTHER; }), options],
      ['vault', tampered((q) => { q.execution.vault = f.OTHER; }), options],
      ['portal', tampered((q) => { q.execution.transaction.to = f.PROVER; }), options],
      ['signature by another key', tampered((q) => { f.sign(q, f.funderWallet); }), options],
      ['reward amount, re-signed', tampered((q) => {
        q.execution.intent.reward.tokens[0].amount = '26000000';
        f.reseal(q);
      }), options],
      ['intent hash, re-signed', tampered((q) => {
        q.steps[0].intents[0].intentHash = `0x${'a'.repeat(64)}`;
        f.sign(q);
      }), options],
    ]);
    clock.mock.restore();
  });

  it('answers the engine\'s quotes of every shape as the full verifier does, genuine and tampered', () => {
    const { quoteFor, chains } = engine;
    const bodies = [
      e.exactIn(),
      { ...e.exactIn(), options: { allQuotes: true } },
      { ...e.exactIn(), type: 'exact-out', source: { ...e.exactIn().source, amount: undefined }, destination: { ...e.exactIn().destination, amount: '99840001' } },
      { ...e.exactIn(), type: 'custom', destination: { ...e.exactIn().destination, calls: [{ target: e.RECIPIENT, data: '0xdeadbeef', value: '0' }] } },
      { ...e.stitched(), options: { allQuotes: true } },
    ].map((body) => JSON.parse(JSON.stringify(body)));
    const cases = bodies.map((body) => [`${body.type} to ${body.destination.chainId}`, quoteFor(body), { chains, request: body, now: e.NOW }]);
    for (const [, quote, options] of cases) assert.equal(full.verifyQuote(quote, options).ok, true, 'a genuine answer passes');
    cases.push(...tamperedEngineQuotes());
    assertSameAnswers(cases);
  });

  it('answers a deposit-address answer and malformed quotes with the same failed checks', () => {
    const options = { chains: f.chains, request: f.request(), now: f.NOW };
    assertSameAnswers([
      ['a deposit-address answer', d.buildDeposit(), options],
      ['null', null, options],
      ['an empty object', {}, options],
      ['a string', 'quote', options],
      ['no execution', (({ execution, ...rest }) => rest)(f.buildQuote()), options],
    ]);
  });

  it('throws the same TypeErrors for malformed options, plain and bound', () => {
    const quote = f.buildQuote();
    assertSameAnswers([
      ['no options', quote, undefined],
      ['no chains', quote, { now: f.NOW }],
      ['chains not a list', quote, { chains: 5, now: f.NOW }],
      ['a chain record without fields', quote, { chains: [{}], now: f.NOW }],
      ['a request that is not an object', quote, { chains: f.chains, request: 5, now: f.NOW }],
      ['now not a number', quote, { chains: f.chains, now: 'soon' }],
      ['a negative fee ceiling', quote, { chains: f.chains, now: f.NOW, maxFeeBps: -1 }],
    ]);
    assert.deepEqual(outcome(() => quotes.forChains()), outcome(() => full.forChains()));
    const [a, b] = [quotes.forChains(f.chains), full.forChains(f.chains)];
    a.release();
    b.release();
    assert.deepEqual(outcome(() => a.verifyQuote(quote, { now: f.NOW })), outcome(() => b.verifyQuote(quote, { now: f.NOW })));
    assert.equal(outcome(() => a.verifyQuote(quote)).message, 'verifyQuote: these chain records were released');
  });
});

describe('stableroutes/quotes/inline', () => {
  it('carries exactly the quote-only module, and offers what stableroutes/quotes offers', () => {
    assert.deepEqual(gunzipSync(Buffer.from(packed, 'base64')), readFileSync(new URL('../wasm/quote-verifier.wasm', import.meta.url)));
    assert.deepEqual(INLINE_CHECK_NAMES, CHECK_NAMES);
    assert.deepEqual(Object.keys(inline), ['verifyQuote', 'forChains']);
  });

  it('answers as the full verifier does: genuine, tampered and re-signed quotes, malformed options', () => {
    const { quoteFor, chains } = engine;
    const request = { ...e.exactIn(), options: { allQuotes: true } };
    const cases = [['an engine quote', quoteFor(request), { chains, request, now: e.NOW }], ...tamperedEngineQuotes()];
    cases.push(['a deposit-address answer', d.buildDeposit(), { chains: f.chains, request: f.request(), now: f.NOW }]);
    cases.push(['no chains', f.buildQuote(), { now: f.NOW }]);
    assert.equal(full.verifyQuote(cases[0][1], cases[0][2]).ok, true, 'a genuine answer passes');
    assertSameAnswers(cases, inline);
  });
});

describe('stableroutes/quotes/evm', () => {
  const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const REFUSED = 'chain 1399811149 is an SVM chain, which this verifier does not check: it is built for EVM chains only';

  it('carries the EVM-only module: the quote calls only, and smaller than the quote-only module', () => {
    const module = readFileSync(new URL('../wasm/quote-verifier-evm.wasm', import.meta.url));
    assert.deepEqual(gunzipSync(Buffer.from(packedEvm, 'base64')), module);
    assert.deepEqual(wasmExports('quote-verifier-evm.wasm').sort(), wasmExports('quote-verifier.wasm').sort());
    assert.ok(module.length < readFileSync(new URL('../wasm/quote-verifier.wasm', import.meta.url)).length * 0.9,
      'the Solana code is linked out');
    assert.deepEqual(EVM_CHECK_NAMES, CHECK_NAMES);
    assert.deepEqual(Object.keys(evm), ['verifyQuote', 'forChains']);
  });

  // Browsers since 2025 decode base64 natively (Chromium's pages take that path in
  // bundlers.test.mjs); older ones and Node 20 go through atob. Both must give the module's bytes.
  it('unpacks to the module by Uint8Array.fromBase64 where the runtime has it, and by atob where not', async () => {
    const module = readFileSync(new URL('../wasm/quote-verifier-evm.wasm', import.meta.url));
    const unpacked = async () => Buffer.from(await unpackModule(packedEvm).arrayBuffer());
    const own = Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64');
    const decode = own?.value ?? ((text) => new Uint8Array(Buffer.from(text, 'base64')));
    let calls = 0;
    try {
      Object.defineProperty(Uint8Array, 'fromBase64', { value: undefined, configurable: true, writable: true });
      assert.deepEqual(await unpacked(), module, 'by atob');
      Uint8Array.fromBase64 = (text) => { calls++; return decode.call(Uint8Array, text); };
      assert.deepEqual(await unpacked(), module, 'by Uint8Array.fromBase64');
      assert.equal(calls, 1);
    } finally {
      if (own) Object.defineProperty(Uint8Array, 'fromBase64', own);
      else delete Uint8Array.fromBase64;
    }
  });

  it('answers quotes between EVM chains as the full verifier does, with Solana in the chain records', () => {
    const { quoteFor, chains } = engine;
    assert.ok(chains.chains.some((c) => c.vm === 'svm'), 'the engine\'s chain records list Solana');
    const bodies = [
      e.exactIn(),
      { ...e.exactIn(), options: { allQuotes: true } },
      { ...e.exactIn(), type: 'exact-out', source: { ...e.exactIn().source, amount: undefined }, destination: { ...e.exactIn().destination, amount: '99840001' } },
      { ...e.exactIn(), type: 'custom', destination: { ...e.exactIn().destination, calls: [{ target: e.RECIPIENT, data: '0xdeadbeef', value: '0' }] } },
    ].map((body) => JSON.parse(JSON.stringify(body)));
    const cases = bodies.map((body) => [`${body.type} to ${body.destination.chainId}`, quoteFor(body), { chains, request: body, now: e.NOW }]);
    for (const [name, quote, options] of cases) assert.equal(evm.verifyQuote(quote, options).ok, true, `${name} passes`);
    cases.push(...tamperedEngineQuotes());
    cases.push(['a fixture quote', f.buildQuote(), { chains: f.chains, request: f.request(), now: f.NOW }]);
    cases.push(['a deposit-address answer', d.buildDeposit(), { chains: f.chains, request: f.request(), now: f.NOW }]);
    cases.push(['no chains', f.buildQuote(), { now: f.NOW }]);
    cases.push(['a chain record without fields', f.buildQuote(), { chains: [{}], now: f.NOW }]);
    assertSameAnswers(cases, evm);
  });

  it('refuses a quote to or from Solana, naming the chain in every check that needs it', () => {
    const { quoteFor, chains } = engine;
    const bodies = {
      'stitched to Solana': { ...e.stitched(), options: { allQuotes: true } },
      'from Solana': {
        ...e.exactIn(),
        source: { chainId: e.SOLANA, token: SOLANA_USDC, amount: '100000000', funder: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
        destination: { chainId: 8453, token: f.BASE_USDC, recipient: e.RECIPIENT },
      },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const request = JSON.parse(JSON.stringify(body));
      const quote = quoteFor(request);
      assert.equal(full.verifyQuote(quote, { chains, request, now: e.NOW }).ok, true, `${name}: the full verifier passes it`);
      for (const report of [evm.verifyQuote(quote, { chains, request, now: e.NOW }),
        evm.forChains(chains).verifyQuote(quote, { request, now: e.NOW })]) {
        assert.equal(report.ok, false, name);
        const refusals = report.checks.filter((c) => c.detail.includes(REFUSED));
        assert.ok(refusals.length >= 3, `${name}: ${JSON.stringify(report.checks)}`);
        for (const check of refusals) assert.equal(check.ok, false, `${name}: ${check.name}`);
      }
    }
  });

  it('reads Solana records without checking them: a malformed one is not an error here', () => {
    const solana = { ...engine.chains.chains.find((c) => c.vm === 'svm'), portal: 'not base58' };
    const chains = [...engine.chains.chains.filter((c) => c.vm !== 'svm'), solana];
    assert.equal(outcome(() => full.forChains(chains)).threw, 'TypeError');
    const bound = evm.forChains(chains);
    const request = JSON.parse(JSON.stringify(e.exactIn()));
    assert.equal(bound.verifyQuote(engine.quoteFor(request), { request, now: e.NOW }).ok, true);
    bound.release();
  });
});
