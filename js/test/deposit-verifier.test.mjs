// The package's deposit-address verifier on answers built with ethers (deposit-fixtures.mjs): a
// consistent answer passes every check; each tamper a malicious or buggy server could make fails
// the check that names it, including tampers re-signed with the real signer key.
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';

import { loadVerifier, DEPOSIT_CHECK_NAMES } from 'stableroutes';
import * as f from './fixtures.mjs';
import * as d from './deposit-fixtures.mjs';

let verifier;
before(async () => {
  verifier = await loadVerifier();
});

const verify = (answer, { request = d.depositRequest(), now = f.NOW, chains = f.chains } = {}) =>
  verifier.verifyDepositAddress(answer, { chains, request, now });
const failed = (report) => report.checks.filter((c) => !c.ok).map((c) => c.name);

describe('verifyDepositAddress', () => {
  it('passes a consistent answer with every check, in the documented order', () => {
    const report = verify(d.buildDeposit());
    assert.equal(report.ok, true, JSON.stringify(report, null, 2));
    assert.deepEqual(report.checks.map((c) => c.name), DEPOSIT_CHECK_NAMES);
    assert.deepEqual(DEPOSIT_CHECK_NAMES, ['signature', 'deadline', 'intent-hash', 'vault', 'route-pays-recipient',
      'reward-locks-deposit', 'fees', 'matches-request']);
  });

  it('accepts the {"chains": [...]} body of GET /v1/chains and defaults now to the clock', () => {
    assert.equal(verify(d.buildDeposit(), { chains: { chains: f.chains } }).ok, true);
    // The fixture's deadline is in 2025: by the clock it has passed.
    assert.deepEqual(failed(verifier.verifyDepositAddress(d.buildDeposit(), { chains: f.chains, request: d.depositRequest() })), ['deadline']);
  });

  // [name, the only checks that fail, detail pattern of the first, change(answer, request)]
  const transfer = (to, amount) => f.erc20Interface.encodeFunctionData('transfer', [to, amount]);
  const tampers = [
    ['signature (bit flip)', ['signature'], /answer\.signature/, (a) => {
      a.signature = a.signature.slice(0, 10) + (a.signature[10] === '0' ? '1' : '0') + a.signature.slice(11);
    }],
    ['signer (another key)', ['signature'], /not to the quoteSigner of chain 8453/, (a) => { d.signDeposit(a, f.funderWallet); }],
    ['quoteId', ['signature'], /recovers to/, (a) => { a.quoteId = '00000000-0000-4000-8000-000000000000'; }],
    ['deadline (moved after signing)', ['signature'], /recovers to/, (a) => { a.deadline += 60; }],
    ['route deadline (re-signed)', ['deadline'], /route\.deadline .* is not after answer\.deadline/, (a) => {
      a.intent.route.deadline = a.deadline;
      d.resealDeposit(a);
    }],
    ['intent (salt)', ['intent-hash', 'vault'], /answer\.intent hashes to/, (a) => { a.intent.route.salt = `0x${'7'.repeat(64)}`; }],
    ['intentHash', ['signature', 'intent-hash'], /recovers to/, (a) => { a.intentHash = `0x${'7'.repeat(64)}`; }],
    ['vaultAddress', ['vault'], /answer\.vaultAddress is 0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc but the Portal of chain 8453 derives/, (a) => {
      a.vaultAddress = f.OTHER;
    }],
    ['route recipient (re-signed)', ['route-pays-recipient'], /calls\[0\] is not the call/, (a) => {
      a.intent.route.calls[0].data = transfer(f.OTHER, a.minAmountOut);
      d.resealDeposit(a);
    }],
    ['route amount (re-signed)', ['route-pays-recipient'], /does not provide minAmountOut/, (a) => {
      a.intent.route.tokens[0].amount = '1';
      a.intent.route.calls[0].data = transfer(f.RECIPIENT, '1');
      d.resealDeposit(a);
    }],
    ['route portal (re-signed)', ['route-pays-recipient'], /route\.portal is/, (a) => {
      a.intent.route.portal = f.OTHER;
      d.resealDeposit(a);
    }],
    ['minAmountOut', ['route-pays-recipient', 'fees'], /does not provide minAmountOut \(25005000\)/, (a) => { a.minAmountOut = '25000000'; }],
    ['destination.recipient', ['route-pays-recipient', 'matches-request'], /calls\[0\] is not the call/, (a) => { a.destination.recipient = f.OTHER; }],
    ['reward amount (re-signed)', ['reward-locks-deposit'], /the reward locks 24999999/, (a) => {
      a.intent.reward.tokens[0].amount = '24999999';
      d.resealDeposit(a);
    }],
    ['reward creator (re-signed)', ['reward-locks-deposit'], /not the request's refundRecipient/, (a) => {
      a.intent.reward.creator = f.OTHER;
      d.resealDeposit(a);
    }],
    ['reward token (re-signed)', ['reward-locks-deposit'], /not answer\.source\.token/, (a) => {
      a.intent.reward.tokens[0].token = f.OPTIMISM_USDC;
      d.resealDeposit(a);
    }],
    ['reward prover (re-signed)', ['reward-locks-deposit'], /not the prover of chain 8453/, (a) => {
      a.intent.reward.prover = f.OTHER;
      d.resealDeposit(a);
    }],
    ['source.amount', ['reward-locks-deposit', 'fees', 'matches-request'], /answer\.source\.amount is 26000000/, (a) => { a.source.amount = '26000000'; }],
    ['fee token', ['route-pays-recipient', 'fees'], /names a recipient but is not in the destination token/, (a) => { a.fees[0].token.address = f.OTHER; }],
    ['fee amount', ['fees'], /25000000 less fees 25000000 converts to 0, but the statement says/, (a) => { a.fees[1].amount = '25000000'; }],
    ['request refundRecipient', ['reward-locks-deposit'], /refundRecipient/, (_a, r) => { r.refundRecipient = f.OTHER; }],
    ['request amount', ['matches-request'], /answer\.source\.amount is 25000000 but the request asked for 30000000/, (_a, r) => {
      r.source.amount = '30000000';
    }],
    ['request recipient', ['matches-request'], /destination\.recipient/, (_a, r) => { r.destination.recipient = f.OTHER; }],
    ['request destination chain', ['matches-request'], /destination\.chainId is 10 but the request asked for 42161/, (_a, r) => {
      r.destination.chainId = 42161;
    }],
  ];
  for (const [name, checks, detail, change] of tampers) {
    it(`fails ${checks.join(' and ')} on a tampered ${name}`, () => {
      const answer = d.buildDeposit();
      const request = d.depositRequest();
      change(answer, request);
      const report = verify(answer, { request });
      assert.deepEqual(failed(report), checks, JSON.stringify(report.checks.filter((c) => !c.ok), null, 2));
      assert.match(report.checks.find((c) => c.name === checks[0]).detail, detail);
    });
  }

  it('fails deadline at the deadline exactly, passes one second before', () => {
    const answer = d.buildDeposit();
    assert.deepEqual(failed(verify(answer, { now: d.DEADLINE })), ['deadline']);
    assert.equal(verify(answer, { now: d.DEADLINE - 1 }).ok, true);
  });

  it('throws a TypeError for a missing request or chains, never for a malformed answer', () => {
    assert.throws(() => verifier.verifyDepositAddress(d.buildDeposit(), { chains: f.chains, now: f.NOW }), /request/);
    assert.throws(() => verifier.verifyDepositAddress(d.buildDeposit(), { request: d.depositRequest(), now: f.NOW }), /chains/);
    const report = verify('not an answer');
    assert.equal(report.ok, false);
    assert.equal(report.checks.length, DEPOSIT_CHECK_NAMES.length);
  });

  it('checks deposits against bound chain records too', () => {
    const bound = verifier.forChains(f.chains);
    assert.equal(bound.verifyDepositAddress(d.buildDeposit(), { request: d.depositRequest(), now: f.NOW }).ok, true);
    bound.release();
  });
});
