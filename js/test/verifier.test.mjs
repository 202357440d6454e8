// The package's verifier on quotes built with ethers (fixtures.mjs): a consistent quote passes
// every check; each tamper a malicious or buggy server could make fails the check that names it.
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';

import { loadVerifier, CHECK_NAMES } from 'stableroutes';
import * as f from './fixtures.mjs';

let verifier;
before(async () => {
  verifier = await loadVerifier();
});

const verify = (quote, { request = f.request(), now = f.NOW } = {}) =>
  verifier.verifyQuote(quote, { chains: f.chains, request, now });
const failed = (report) => report.checks.filter((c) => !c.ok).map((c) => c.name);

describe('verifyQuote', () => {
  it('passes a consistent quote with every check, in the documented order', () => {
    const report = verify(f.buildQuote());
    assert.equal(report.ok, true, JSON.stringify(report, null, 2));
    assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES);
    for (const check of report.checks) assert.equal(typeof check.detail, 'string');
  });

  it('accepts the {"chains": [...]} body of GET /v1/chains and no request', () => {
    const report = verifier.verifyQuote(f.buildQuote(), { chains: { chains: f.chains }, now: f.NOW });
    assert.equal(report.ok, true, JSON.stringify(failed(report)));
    assert.match(report.checks.find((c) => c.name === 'route-matches-request').detail, /^no request given/);
  });

  it('defaults now to the clock: a quote from the past is expired', () => {
    const report = verifier.verifyQuote(f.buildQuote(), { chains: f.chains });
    assert.deepEqual(failed(report), ['expiry']);
  });

  // [name, check that must fail, detail pattern, change]
  const tampers = [
    ['amount (source echo)', 'route-matches-request', /quote\.source\.amount is 30000000/, (q) => { q.source.amount = '30000000'; }],
    ['amount (reward, re-signed)', 'route-matches-request', /the funded reward locks 26000000/, (q) => {
      q.execution.intent.reward.tokens[0].amount = '26000000';
      f.reseal(q);
    }],
    ['recipient (echo)', 'route-matches-request', /quote\.destination\.recipient is/, (q) => { q.destination.recipient = f.OTHER; }],
    ['recipient (route, re-signed)', 'delivery-route', /calls\[0\] is not the call/, (q) => {
      q.execution.intent.route.calls[0].data = f.erc20Interface.encodeFunctionData('transfer', [f.OTHER, q.destination.minAmountOut]);
      f.reseal(q);
    }],
    ['portal', 'funding-target', /transaction\.to is 0xeC0008acc34d/, (q) => { q.execution.transaction.to = f.PROVER; }],
    ['approval spender', 'funding-target', /approval approves/, (q) => {
      q.execution.approval.data = f.erc20Interface.encodeFunctionData('approve', [f.OTHER, q.source.amount]);
    }],
    ['signature (other key)', 'signature', /recovers to/, (q) => { f.sign(q, f.funderWallet); }],
    ['signature (bit flip)', 'signature', /quote\.signature/, (q) => {
      q.signature = q.signature.slice(0, 10) + (q.signature[10] === '0' ? '1' : '0') + q.signature.slice(11);
    }],
    ['expiry (moved after signing)', 'signature', /recovers to/, (q) => { q.expiresAt += 3600; }],
    ['vault', 'vault', /quote\.execution\.vault is/, (q) => { q.execution.vault = f.OTHER; }],
    ['calldata (reward)', 'funding-calldata', /reward differs/, (q) => {
      const { encodedRoute } = f.hashIntent(q.execution.intent);
      const reward = f.rewardTuple({ ...q.execution.intent.reward, tokens: [{ token: f.BASE_USDC, amount: '1' }] });
      q.execution.transaction.data = f.portalInterface.encodeFunctionData('publishAndFund', [10, encodedRoute, reward, false]);
    }],
    ['calldata (allowPartial)', 'funding-calldata', /allowPartial/, (q) => {
      const { encodedRoute } = f.hashIntent(q.execution.intent);
      q.execution.transaction.data = f.portalInterface.encodeFunctionData('publishAndFund',
        [10, encodedRoute, f.rewardTuple(q.execution.intent.reward), true]);
    }],
    ['intent hash (re-signed)', 'intent-hashes', /but the intent hashes to/, (q) => {
      q.steps[0].intents[0].intentHash = `0x${'a'.repeat(64)}`;
      f.sign(q);
    }],
    ['slippage', 'slippage-bound', /quote\.slippage is 0\.01 but the request asked for 0\.005/, (q) => { q.slippage = 0.01; }],
    ['minAmountOut', 'slippage-bound', /minAmountOut is 24875000/, (q) => { q.destination.minAmountOut = '24875000'; }],
    ['competing quote', 'competing-quotes', /competingQuotes\[1\] fails funding-target/, (q) => {
      const bad = f.buildQuote({ id: 'quote:11111111-2222-4333-8444-555555555555' });
      bad.execution.transaction.to = f.OTHER;
      q.competingQuotes = [f.buildQuote({ id: 'quote:00000000-1111-4222-8333-444444444444' }), bad];
    }],
  ];
  for (const [name, check, detail, change] of tampers) {
    it(`fails ${check} on a tampered ${name}`, () => {
      const quote = f.buildQuote();
      change(quote);
      const report = verify(quote);
      assert.equal(report.ok, false);
      const found = report.checks.find((c) => c.name === check);
      assert.equal(found.ok, false, `${check} passed: ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
      assert.match(found.detail, detail);
    });
  }

  it('fails expiry at expiresAt exactly, passes one second before', () => {
    const quote = f.buildQuote();
    assert.deepEqual(failed(verify(quote, { now: f.EXPIRES_AT })), ['expiry']);
    assert.equal(verify(quote, { now: f.EXPIRES_AT - 1 }).ok, true);
  });

  it('fails route-matches-request when the request asked for something else', () => {
    const asked = f.request();
    asked.destination.chainId = 42161;
    const report = verify(f.buildQuote(), { request: asked });
    assert.deepEqual(failed(report), ['route-matches-request']);
    assert.match(report.checks.find((c) => !c.ok).detail, /destination\.chainId is 10 but the request asked for 42161/);
  });

  // verifyQuote keeps the records of its last call read in the module, under their JSON text: a
  // change made to the very same object must be seen on the next call, and records that do not
  // read must throw the plain call's error, not the binding's.
  it('reads the chain records of every call as they are now, the same object changed in place included', () => {
    const records = structuredClone(f.chains);
    const options = { chains: records, request: f.request(), now: f.NOW };
    assert.deepEqual(failed(verifier.verifyQuote(f.buildQuote(), options)), []);
    const source = records.find((c) => c.chainId === f.buildQuote().source.chainId);
    const signer = source.quoteSigner;
    source.quoteSigner = '0x000000000000000000000000000000000000dEaD';
    assert.deepEqual(failed(verifier.verifyQuote(f.buildQuote(), options)), ['signature']);
    source.quoteSigner = signer;
    assert.deepEqual(failed(verifier.verifyQuote(f.buildQuote(), options)), []);
    source.quoteSigner = 'not an address';
    assert.throws(() => verifier.verifyQuote(f.buildQuote(), options), (e) => e instanceof TypeError && /^verify_quote: .*quoteSigner/.test(e.message));
    source.quoteSigner = signer;
    assert.deepEqual(failed(verifier.verifyQuote(f.buildQuote(), options)), []);
  });

  it('throws a TypeError for a malformed context, never for a malformed quote', () => {
    assert.throws(() => verifier.verifyQuote(f.buildQuote(), { chains: [{ chainId: 1 }], now: f.NOW }), TypeError);
    assert.throws(() => verifier.verifyQuote(f.buildQuote(), {}), /chains/);
    // No quote at all is the caller's mistake, as missing chains are.
    assert.throws(() => verifier.verifyQuote(null, { chains: f.chains, now: f.NOW }), /quote: missing/);
    // A quote that is no object: a report, every check named, not ok.
    for (const quote of ['not a quote', 7, [], true, {}]) {
      const report = verifier.verifyQuote(quote, { chains: f.chains, request: f.request(), now: f.NOW });
      assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES, JSON.stringify(quote));
      assert.equal(report.ok, false, JSON.stringify(quote));
    }
    // Every member of a consistent quote, at every depth, removed or replaced by a value of each
    // kind: still a report with every check, never a throw; refused, and a value of another JSON
    // kind than the member's (or its absence) is named by a failed check with its JSON path. What
    // passes is listed below: members only shown to the user, and the spellings of "none".
    const genuine = f.buildQuote();
    const paths = [];
    const walk = (value, path) => {
      if (value === null || typeof value !== 'object') return;
      for (const [key, member] of Object.entries(value)) {
        const at = [...path, Array.isArray(value) ? Number(key) : key];
        paths.push(at);
        walk(member, at);
      }
    };
    walk(genuine, []);
    assert.ok(paths.length > 100, `${paths.length} members`);
    const WRONG = [undefined, null, true, -1, 1.5, 2 ** 64, '', 'x', '0x', '0xzz', '-1', [], {}, [[{}]], 'f'.repeat(5000)];
    const kind = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
    const pathText = (path) => path.reduce((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`), 'quote');
    const passed = new Map(); // member -> the changes that passed
    const changes = new Map(); // member -> how many changes were tried
    let tried = 0;
    for (const path of paths) {
      for (const wrong of WRONG) {
        const quote = structuredClone(genuine);
        const parent = path.slice(0, -1).reduce((node, key) => node[key], quote);
        const key = path.at(-1);
        const original = parent[key];
        if (JSON.stringify(original) === JSON.stringify(wrong)) continue; // not a change
        if (wrong === undefined && !Array.isArray(parent)) delete parent[key];
        else parent[key] = wrong;
        const here = pathText(path);
        const shown = wrong === undefined ? '(removed)' : JSON.stringify(wrong).slice(0, 12);
        let report;
        assert.doesNotThrow(() => { report = verify(quote); }, `${here} = ${shown}`);
        tried += 1;
        changes.set(here, (changes.get(here) ?? 0) + 1);
        assert.deepEqual(report.checks.map((c) => c.name), CHECK_NAMES, `${here} = ${shown}`);
        if (report.ok) {
          passed.set(here, [...(passed.get(here) ?? []), shown]);
        } else if (wrong === undefined || kind(wrong) !== kind(original)) {
          const named = report.checks.some((c) => !c.ok &&
            (c.detail.includes(here) || c.detail.includes(`${pathText(path.slice(0, -1))} is missing "${key}"`)));
          assert.ok(named, `${here} = ${shown}: no failed check names it: ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
        }
      }
    }
    assert.ok(tried > 1400, `${tried} malformed quotes`);
    assert.deepEqual(Object.fromEntries([...passed].map(([member, kept]) => [member, kept.length === changes.get(member) ? 'any' : kept])), {
      // Shown to the user, never decisive: the verifier does not read them.
      'quote.fees[0].token.symbol': 'any',
      'quote.fees[0].estimate': 'any',
      'quote.steps[0].provider': 'any',
      'quote.solver': 'any',
      'quote.solver.id': 'any',
      'quote.solver.name': 'any',
      // No approval needed, no competing quotes.
      'quote.execution.approval': ['(removed)', 'null'],
      'quote.competingQuotes': ['(removed)', '[]'],
    });
  });
});

describe('verifyGaslessPayload', () => {
  const gasless = (quote, auth, now = f.NOW) =>
    verifier.verifyGaslessPayload(quote, { ...auth, chains: f.chains, tokens: f.tokens, now });

  it('passes an ERC-3009 authorization to the vault signed by the funder', async () => {
    const quote = f.buildQuote();
    const report = gasless(quote, await f.erc3009For(quote));
    assert.equal(report.ok, true, JSON.stringify(report, null, 2));
    assert.deepEqual(report.checks.map((c) => c.name), ['standard', 'binding', 'amount', 'validity', 'signer']);
  });

  const cases = [
    ['binding', /payload\.to is/, { to: f.OTHER }],
    ['amount', /below the reward 25000000/, { value: '24999999' }],
    ['validity', /ends before the quote expires/, { validBefore: f.EXPIRES_AT - 1 }],
  ];
  for (const [check, detail, changes] of cases) {
    it(`fails ${check} when the authorization differs`, async () => {
      const quote = f.buildQuote();
      const report = gasless(quote, await f.erc3009For(quote, changes));
      assert.equal(report.checks.find((c) => c.name === check).ok, false);
      assert.match(report.checks.find((c) => c.name === check).detail, detail);
    });
  }

  it('fails signer for an authorization signed by someone else', async () => {
    const quote = f.buildQuote();
    const report = gasless(quote, await f.erc3009For(quote, {}, f.signer));
    assert.deepEqual(failed(report), ['signer']);
  });
});
