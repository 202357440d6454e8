// Quotes from the core wasm's Service, checked with ethers alone: every intent hash recomputed
// from the decoded intent, the funding transaction decoded with the Portal ABI and compared with
// the intent, vaults recomputed with CREATE2, and the signature verified with verifyTypedData
// against the configured quoteSigner. For exact-in, exact-out, custom, multi-hop and allQuotes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { loadLocalConfig } from './local-config.mjs';
import { checkQuote as checkQuoteAgainst, erc20, portalAbi, rewardValue } from './quote-checks.mjs';
import { instantiate } from './wasm.mjs';

const { config, secrets } = await loadLocalConfig();
const chainById = new Map(config.chains.map((c) => [c.chainId, c]));

const core = await instantiate('core');
const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));

const now = 1763697600;
const funder = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const recipient = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const token = (chainId, symbol) => config.tokens.find((t) => t.chainId === chainId && t.symbol === symbol).address;
const expected = { chains: config.chains, expiresAt: { from: now + config.service.quoteLifetimeSec, to: now + config.service.quoteLifetimeSec } };
const checkQuote = (q) => checkQuoteAgainst(q, expected);
const acmeKey = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ['quotes', 'all-quotes', 'gasless'] };

function quote(body, random = '0x' + '5a'.repeat(32)) {
  const out = JSON.parse(service.handle('quote', JSON.stringify({ body, key: acmeKey, now, random })));
  assert.equal(out.status, 200, JSON.stringify(out.body));
  return out.body;
}

const exactIn = (extra = {}) => ({
  type: 'exact-in',
  source: { chainId: 42161, token: token(42161, 'USDC'), amount: '100000000', funder },
  destination: { chainId: 8453, token: token(8453, 'USDC'), recipient },
  dappId: 'engine-node-test',
  ...extra,
});

describe('core Service quotes, checked with ethers', () => {
  it('exact-in: direct intent, transfer of amountOut to the recipient, then the gateway fee to its recipient', () => {
    const q = quote(exactIn());
    checkQuote(q);
    assert.equal(q.steps[0].intents[0].role, 'direct');
    assert.equal(q.intentHash, q.steps[0].intents[0].intentHash);
    assert.equal(q.slippage, 0);
    assert.equal(q.destination.minAmountOut, q.destination.amountOut);
    const route = q.steps[0].intents[0].intent.route;
    const transfer = erc20.decodeFunctionData('transfer', route.calls[0].data);
    assert.equal(transfer.to, recipient);
    assert.equal(transfer.amount, BigInt(q.destination.amountOut));
    // acme's gateway fee (10 bps of 100 USDC) is paid by the route, in the destination token.
    const gateway = q.fees.find((f) => f.type === 'gateway');
    assert.equal(gateway.amount, '100000');
    assert.equal(gateway.token.chainId, 8453);
    assert.equal(route.calls.length, 2);
    const fee = erc20.decodeFunctionData('transfer', route.calls[1].data);
    assert.equal(fee.to, gateway.recipient);
    assert.equal(fee.amount, 100000n);
    assert.equal(BigInt(route.tokens[0].amount), BigInt(q.destination.amountOut) + 100000n);
    // The statement adds up: amountOut + gateway = source - gas - proving.
    const kept = q.fees.filter((f) => f.recipient === null).reduce((sum, f) => sum + BigInt(f.amount), 0n);
    assert.equal(BigInt(q.destination.amountOut) + 100000n, BigInt(q.source.amount) - kept);
  });

  it('exact-out: the route delivers destination.amount, the reward is the quoted source.amount', () => {
    const body = exactIn({ type: 'exact-out' });
    delete body.source.amount;
    body.destination.amount = '75000000';
    const q = quote(body);
    checkQuote(q);
    assert.equal(q.destination.minAmountOut, '75000000');
    // 75 USDC to the recipient and the gateway fee (10 bps of the fixed output) to acme.
    assert.equal(q.steps[0].intents[0].intent.route.tokens[0].amount, '75075000');
    assert.ok(BigInt(q.source.amount) > 75000000n);
  });

  it('custom: the route runs the caller\'s calls', () => {
    const calls = [{ target: recipient, data: '0x12345678', value: '0' }];
    const q = quote(exactIn({ type: 'custom', destination: { ...exactIn().destination, calls } }));
    checkQuote(q);
    const route = q.steps[0].intents[0].intent.route;
    assert.deepEqual(route.calls.slice(0, 1), calls);
    const gateway = q.fees.find((f) => f.type === 'gateway');
    const fee = erc20.decodeFunctionData('transfer', route.calls[1].data);
    assert.equal(fee.to, gateway.recipient);
    assert.equal(BigInt(route.tokens[0].amount), BigInt(q.destination.amountOut) + BigInt(gateway.amount));
  });

  it('multi-hop: the first route funds the delivery intent through the intermediate Portal', () => {
    const q = quote({
      type: 'exact-in',
      source: { chainId: 137, token: token(137, 'USDT'), amount: '100000000', funder },
      destination: { chainId: 1, token: token(1, 'USDT'), recipient },
      dappId: 'engine-node-test',
    });
    checkQuote(q);
    assert.equal(q.intentHash, null);
    const [first, second] = [q.steps[0].intents[0], q.steps[1].intents[0]];
    assert.equal(first.role, 'stitched-source');
    assert.equal(second.role, 'stitched-destination');
    const middle = chainById.get(second.sourceChainId);
    const [approveCall, fundCall] = first.intent.route.calls;
    const approve = erc20.decodeFunctionData('approve', approveCall.data);
    assert.equal(approve.spender, middle.portal);
    assert.equal(approve.amount, BigInt(second.intent.reward.tokens[0].amount));
    assert.equal(fundCall.target, middle.portal);
    const funding = portalAbi.decodeFunctionData('publishAndFund', fundCall.data);
    assert.equal(funding.destination, 1n);
    assert.equal(funding.route, second.encodedRoute);
    assert.deepEqual(funding.reward.toArray(true).map(String), rewardValue(second.intent.reward).map(String));
  });

  it('allQuotes: every competing quote is complete, independently signed and ranked', () => {
    const q = quote(exactIn({ options: { allQuotes: true } }));
    checkQuote(q);
    assert.equal(q.competingQuotes.length, 4);  // five solvers serve Arbitrum USDC -> Base USDC
    const ids = new Set([q.id]);
    let previous = BigInt(q.destination.minAmountOut);
    for (const c of q.competingQuotes) {
      checkQuote(c);
      assert.equal(c.competingQuotes, null);
      assert.ok(BigInt(c.destination.minAmountOut) <= previous);
      previous = BigInt(c.destination.minAmountOut);
      ids.add(c.id);
    }
    assert.equal(ids.size, 5);
  });

  it('same inputs give the same bytes; errors come back as statuses', () => {
    const input = JSON.stringify({ body: exactIn(), key: acmeKey, now, random: '0x' + '01'.repeat(32) });
    assert.equal(service.handle('quote', input), service.handle('quote', input));
    const bad = JSON.parse(service.handle('quote', JSON.stringify({ body: { type: 'exact-in' }, key: acmeKey, now, random: '0x' + '01'.repeat(32) })));
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(service.handle('nope', '{}')).status, 500);
    assert.throws(() => new core.Service('{}', JSON.stringify(secrets)), /core Service: invalid configuration/);
  });
});

// config/production as shipped, with one change a test must make: every chain's quoteSigner is the
// development key's address (the production key is a deployment secret nobody here holds, and the
// Service refuses a key that is not the configured signer's). Its solvers.json is what is tested.
describe('the production configuration names no solver', () => {
  const readProduction = (name) => JSON.parse(readFileSync(new URL(`../../config/production/${name}.json`, import.meta.url), 'utf8'));
  const production = Object.fromEntries(['service', 'chains', 'tokens', 'solvers', 'partners'].map((n) => [n, readProduction(n)]));
  const devSigner = config.chains[0].quoteSigner;
  production.chains = production.chains.map((c) => ({ ...c, quoteSigner: devSigner }));
  const prodService = new core.Service(JSON.stringify(production), JSON.stringify(secrets));
  const ask = (op, input) => JSON.parse(prodService.handle(op, JSON.stringify(input)));

  it('lists no solver, and every in-process model of the local configuration is labelled a simulation', () => {
    assert.deepEqual(production.solvers, []);
    assert.ok(config.solvers.length > 0);
    for (const s of config.solvers) {
      assert.equal(s.url ?? null, null, s.id);
      assert.match(s.name, / \(simulation\)$/);
    }
  });

  it('quotes answer 502 solver-error saying no solver is configured, on v1 and legacy v3', () => {
    const legacyBody = {
      dAppID: 'engine-node-test',
      intentExecutionTypes: ['SELF_PUBLISH'],
      quoteRequest: { sourceChainID: 42161, destinationChainID: 8453, sourceToken: token(42161, 'USDC'), destinationToken: token(8453, 'USDC'), sourceAmount: '100000000', funder, recipient },
    };
    const answers = [
      ask('quote', { body: exactIn(), key: acmeKey, now, random: '0x' + '01'.repeat(32) }),
      ask('legacyExactIn', { body: legacyBody, now, random: '0x' + '01'.repeat(32) }),
      ask('legacyExactOut', { body: legacyBody, now, random: '0x' + '01'.repeat(32) }),
    ];
    for (const out of answers) {
      assert.equal(out.status, 502, JSON.stringify(out.body));
      assert.equal(out.body.code, 'solver-error');
      assert.match(out.body.detail, /^no solver is configured in this deployment, so nobody can fill USDC on chain 42161 to USDC on chain 8453/);
    }
    // The worker asks no remote solver either: there is none to ask.
    const requests = ask('solverRequests', { body: exactIn(), key: acmeKey, now });
    assert.equal(requests.status, 200, JSON.stringify(requests.body));
    assert.deepEqual(requests.body.requests, []);
  });
});
