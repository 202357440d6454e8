// The local reference solver's pricing (scripts/chains/solver-pricing.mjs), held to its own fill
// rule: every answer it gives builds an intent its solver loop (solver.mjs evaluateIntent, an
// independent statement of what pays it) fills, an exact-out answer is the smallest reward that
// does, and a request it cannot serve is refused with a status and the field that is wrong.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCAL_SOLVERS } from '../../scripts/chains/deploy.mjs';
import { deliveredFor, priceRequest, pricingTerms, rewardFor } from '../../scripts/chains/solver-pricing.mjs';
import { evaluateIntent, solverPolicy } from '../../scripts/chains/solver.mjs';

const USDC_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC_B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PORTAL = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const PROVER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const chains = [
  { chainId: 31337, portal: PORTAL, prover: PROVER, tokens: { USDC: USDC_A } },
  { chainId: 31338, portal: PORTAL, prover: PROVER, tokens: { USDC: USDC_B } },
];
const reference = LOCAL_SOLVERS.find((s) => s.id === 'local-reference');
const terms = pricingTerms(reference);
const DEADLINE = 2_000_000_000;

const request = (type, amount) => ({
  type,
  source: { chainId: 31337, token: USDC_A, ...(type === 'exact-out' ? {} : { amount }) },
  destination: { chainId: 31338, token: USDC_B, ...(type === 'exact-out' ? { amount } : {}) },
  ...(type === 'custom' ? { calls: [] } : {}),
  deadline: DEADLINE,
});

/** Does the reference solver's loop fill an intent rewarding `reward` for delivering `delivered`? */
function fills(reward, delivered, solver = reference) {
  const intent = {
    destination: 31338n,
    route: { portal: PORTAL, nativeAmount: 0n, deadline: BigInt(DEADLINE), tokens: [{ token: USDC_B, amount: delivered }] },
    reward: { prover: PROVER, nativeAmount: 0n, deadline: BigInt(DEADLINE), tokens: [{ token: USDC_A, amount: reward }] },
  };
  return evaluateIntent(intent, { sourceChainId: 31337n, chains, policy: solverPolicy(solver), sourceNow: 0n, destinationNow: 0n }).ok;
}

// Amounts across the solver's range: its minimum, odd units, around the fixed fee's dominance.
const AMOUNTS = [1_000_000n, 1_000_001n, 20_000_001n, 1_333_333_333n, 999_999_999_999n, 1_000_000_000_000n];

describe('the reference solver prices what it fills', () => {
  it('exact-in and custom: it delivers the reward less its fee, and fills the intent that pays that', () => {
    for (const type of ['exact-in', 'custom']) {
      for (const amount of AMOUNTS) {
        const priced = priceRequest(request(type, amount.toString()), { chains, terms });
        assert.ok(priced.ok, `${type} ${amount}: ${priced.error}`);
        const delivered = BigInt(priced.answer.amountOut);
        assert.deepEqual(priced.answer, { amountOut: delivered.toString(), estimatedFulfillTimeSec: reference.estimatedFulfillTimeSec, validUntil: DEADLINE });
        assert.deepEqual(priced.delivers, { chainId: 31338, token: USDC_B, amount: delivered });
        // fixedFee + ceil(feeBps of the reward), as the core's in-process model of the same terms.
        assert.equal(delivered, amount - terms.fixedFee - (amount * terms.feeBps + 9_999n) / 10_000n);
        assert.ok(fills(amount, delivered), `${type} ${amount}: its loop would not fill its own price`);
      }
    }
  });

  it('exact-out: the smallest reward whose delivered share covers the amount, which it fills', () => {
    for (const amount of AMOUNTS.slice(0, -2)) {
      const priced = priceRequest(request('exact-out', amount.toString()), { chains, terms });
      assert.ok(priced.ok, `${amount}: ${priced.error}`);
      const reward = BigInt(priced.answer.amountIn);
      assert.equal(rewardFor(amount, terms), reward);
      assert.ok(deliveredFor(reward, terms) >= amount);
      assert.ok(deliveredFor(reward - 1n, terms) < amount, `${amount}: ${reward - 1n} would do`);
      assert.ok(fills(reward, amount), `${amount}: its loop would not fill its own price`);
    }
  });

  it('a request it cannot serve is refused, naming why', () => {
    const refusal = (body) => {
      const priced = priceRequest(body, { chains, terms });
      assert.equal(priced.ok, false, JSON.stringify(body));
      return [priced.status, priced.error];
    };
    const base = request('exact-in', '5000000');
    assert.deepEqual(refusal([]), [400, 'the request must be a JSON object']);
    assert.deepEqual(refusal({ ...base, type: 'swap' }), [400, 'type must be one of exact-in, exact-out, custom']);
    assert.deepEqual(refusal({ ...base, deadline: '1' }), [400, 'deadline must be Unix seconds']);
    assert.deepEqual(refusal({ ...base, source: { ...base.source, amount: '01' } }), [400, 'source.amount must be a decimal string > 0']);
    assert.deepEqual(refusal({ ...base, source: { ...base.source, amount: '0' } }), [400, 'source.amount must be a decimal string > 0']);
    assert.deepEqual(refusal({ ...request('exact-out', '1'), destination: { chainId: 31338, token: USDC_B } }), [400, 'destination.amount must be a decimal string > 0']);
    assert.deepEqual(refusal({ ...base, type: 'custom' }), [400, 'calls must be an array for a custom request']);
    assert.match(refusal({ ...base, source: { ...base.source, chainId: 1 } }).join(' '), /^422 source\.chainId 1 is not a chain/);
    assert.match(refusal({ ...base, destination: { chainId: 31338, token: USDC_A } }).join(' '), /^422 destination\.token .* is not a token/);
    assert.match(refusal({ ...base, destination: { chainId: 31337, token: USDC_A } }).join(' '), /^422 source and destination are on the same chain/);
    assert.match(refusal(request('exact-in', '999999')).join(' '), /^422 a reward of 999999 is below the solver's minimum 1000000/);
    assert.match(refusal(request('exact-in', '1000000000001')).join(' '), /^422 a reward of 1000000000001 is above the solver's maximum/);
    // The budget solver's fixed fee (0.05) exceeds a reward of 0.04 whatever its minimum says.
    const budget = pricingTerms({ ...LOCAL_SOLVERS.find((s) => s.id === 'local-budget'), minAmount: 1n });
    assert.match(priceRequest(request('exact-in', '40000'), { chains, terms: budget }).error, /does not cover the solver's fee/);
  });
});
