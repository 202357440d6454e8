// The package against a signer that lies (README, "What a lying signer cannot get past"): genuine
// answers of the quote engine (the core WebAssembly module's Service, local configuration) are
// changed where an attacker holding the quote signer's key would change them, then every hash,
// vault and calldata that follows is derived again with ethers and the answer is signed with that
// key (the development quote signer of config/local). The signature passes; the rule the change
// breaks refuses it, by name.
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';

import { getCreate2Address } from 'ethers';
import { loadVerifier } from 'stableroutes';

import * as d from './deposit-fixtures.mjs';
import * as e from './engine-answers.mjs';
import * as f from './fixtures.mjs';

const { NOW, FUNDER, RECIPIENT, OTHER, OPTIMISM_USDC, FIVE_YEARS, exactIn, stitched, resign } = e;

const transfer = (to, amount) => f.erc20Interface.encodeFunctionData('transfer', [to, amount]);

describe('a lying signer (genuine engine answers, changed and re-signed)', () => {
  let verifier;
  let chains;
  let ask;
  let quoteFor;
  before(async () => {
    ({ ask, quoteFor, chains } = await e.loadEngine());
    verifier = await loadVerifier();
  });
  const verify = (quote, request, maxFeeBps) => verifier.verifyQuote(quote, { chains, request, now: NOW, maxFeeBps });
  const refuses = (report, rule, detail) => {
    const failed = report.checks.filter((c) => !c.ok);
    assert.equal(report.checks.find((c) => c.name === 'signature').ok, true, JSON.stringify(failed));
    const check = report.checks.find((c) => c.name === rule);
    assert.equal(check.ok, false, `${rule} passed; failed: ${JSON.stringify(failed)}`);
    if (detail) assert.match(check.detail, detail);
  };

  it('passes the genuine answers', () => {
    for (const body of [exactIn(), stitched()]) {
      const report = verify(quoteFor(body), body);
      assert.equal(report.ok, true, JSON.stringify(report.checks.filter((c) => !c.ok)));
    }
  });

  for (const nullHash of [false, true]) {
    it(`refuses a funded intent listed as stitched-source beside a direct decoy (intentHash ${nullHash ? 'null' : 'set'}): funded-intent`, () => {
      const body = exactIn();
      const quote = quoteFor(body);
      const funded = structuredClone(quote.steps[0]);
      funded.intents[0].role = 'stitched-source';
      const route = funded.intents[0].intent.route;
      route.calls[0].data = transfer(OTHER, route.tokens[0].amount);
      quote.steps.push(funded);
      if (nullHash) quote.intentHash = null;
      refuses(verify(resign(quote, [1, 0]), body), 'funded-intent', /1 direct, 1 stitched-source/);
    });
  }

  it('refuses a first leg that pays someone instead of funding the second intent: first-leg', () => {
    const body = stitched();
    const quote = quoteFor(body);
    const route = quote.steps[0].intents[0].intent.route;
    route.calls = [{ target: route.tokens[0].token, data: transfer(OTHER, route.tokens[0].amount), value: '0' }];
    refuses(verify(resign(quote), body), 'first-leg', /calls has 1 call/);
  });

  it('refuses a delivery route with a second transfer to someone else: delivery-route', () => {
    const body = exactIn();
    const quote = quoteFor(body);
    const route = quote.steps[0].intents[0].intent.route;
    route.calls.push({ target: OPTIMISM_USDC, data: transfer(OTHER, '1000000'), value: '0' });
    route.tokens[0].amount = (BigInt(route.tokens[0].amount) + 1000000n).toString();
    refuses(verify(resign(quote), body), 'delivery-route', /route\.tokens must be exactly \d+ of/);
  });

  it('refuses a delivery route with a call that always reverts: delivery-route', () => {
    const body = exactIn();
    const quote = quoteFor(body);
    quote.steps[0].intents[0].intent.route.calls.push({ target: OPTIMISM_USDC, data: `0x23b872dd${'0'.repeat(192)}`, value: '0' });
    refuses(verify(resign(quote), body), 'delivery-route', /the asked route makes/);
  });

  it('refuses a reward deadline five years ahead: deadlines', () => {
    const body = exactIn();
    const quote = quoteFor(body);
    quote.steps[0].intents[0].intent.reward.deadline += FIVE_YEARS;
    refuses(verify(resign(quote), body), 'deadlines', /maxRewardWindowSec/);
  });

  it('refuses an amountOut unrelated to the amount: fees', () => {
    const body = exactIn();
    const quote = quoteFor(body);
    // amountOut doubled, minAmountOut equal to it (nothing slips) and the route following: the
    // recipient's transfer grows and the fee transfers after it stay, so only the statement is wrong.
    const was = BigInt(quote.destination.amountOut);
    const out = was * 2n;
    quote.destination.amountOut = out.toString();
    quote.destination.minAmountOut = out.toString();
    const route = quote.steps[0].intents[0].intent.route;
    route.tokens[0].amount = (BigInt(route.tokens[0].amount) - was + out).toString();
    route.calls[0].data = transfer(RECIPIENT, out.toString());
    const report = verify(resign(quote), body);
    refuses(report, 'fees', /the statement says/);
    assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ['fees']);
  });

  it('holds the fees under maxFeeBps, 3% unless the dapp passes its own', () => {
    const body = exactIn();
    const genuine = quoteFor(body);
    assert.equal(verify(genuine, body).ok, true);
    refuses(verify(genuine, body, 10), 'fees', /above the ceiling maxFeeBps 10/);
  });

  it('refuses a deposit address whose minimum and route pay 1% of what the deposit less its fees leaves: fees', () => {
    const request = {
      source: { chainId: 8453, token: f.BASE_USDC, amount: '25000000' },
      destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT },
      refundRecipient: FUNDER,
    };
    const created = ask('depositCreate', { body: request, partner: 'acme', now: NOW, random: `0x${'ab'.repeat(32)}`, confirmedChains: [8453] }, 201);
    const answer = created.record;
    const options = { chains, request, now: NOW };
    assert.equal(verifier.verifyDepositAddress(answer, options).ok, true);
    const onePercent = (BigInt(answer.minAmountOut) / 100n).toString();
    // The route keeps paying each fee after the recipient: its tokens drop by what the recipient loses.
    const lost = BigInt(answer.minAmountOut) - BigInt(onePercent);
    answer.minAmountOut = onePercent;
    answer.intent.route.tokens[0].amount = (BigInt(answer.intent.route.tokens[0].amount) - lost).toString();
    answer.intent.route.calls[0].data = transfer(RECIPIENT, onePercent);
    const { intentHash } = f.hashIntent(answer.intent);
    answer.intentHash = intentHash;
    answer.vaultAddress = getCreate2Address(f.PORTAL, intentHash, f.INIT_CODE_HASH);
    d.signDeposit(answer);
    const report = verifier.verifyDepositAddress(answer, options);
    assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ['fees']);
    assert.match(report.checks.find((c) => c.name === 'fees').detail, /above the ceiling maxFeeBps 300/);
  });
});
