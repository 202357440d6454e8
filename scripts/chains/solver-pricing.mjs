// How the local reference solver prices a request of the remote-solver protocol
// (docs/solver-protocol.md): pure, so a solver operator can read the whole rule here.
//
// The solver keeps its fee out of the whole reward it is offered: `fixedFee` plus `feeBps` of the
// reward (rounded up), and its route delivers the rest. That is at least what its fill loop
// demands of an intent on chain (solver.mjs evaluateIntent: reward >= delivered + fixedFee +
// delivered x feeBps / 10^4, the bps taken of the smaller delivered amount), so an intent built
// from its answer is one it fills. The test stablecoins all have 6 decimals and trade 1:1.
import { getAddress } from 'ethers';

const BPS = 10_000n;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const TYPES = Object.freeze(['exact-in', 'exact-out', 'custom']);

const refuse = (status, error) => ({ ok: false, status, error });
const ceilDiv = (a, b) => (a + b - 1n) / b;

/** What of a reward `source` the route delivers once the solver keeps its fee (may be <= 0). */
export function deliveredFor(source, terms) {
  return source - terms.fixedFee - ceilDiv(source * terms.feeBps, BPS);
}

/** The smallest reward whose delivered share (deliveredFor) is at least `delivered`. */
export function rewardFor(delivered, terms) {
  // The bps fee is at least its exact share, so no reward below this one delivers enough; its
  // rounding may leave it a unit short, which the walk up adds.
  let source = ceilDiv((delivered + terms.fixedFee) * BPS, BPS - terms.feeBps);
  while (deliveredFor(source, terms) < delivered) source += 1n;
  return source;
}

/** The pricing terms of a LOCAL_SOLVERS record, as BigInt. */
export function pricingTerms(solver) {
  return Object.freeze({
    feeBps: BigInt(solver.feeBps),
    fixedFee: BigInt(solver.fixedFee),
    minAmount: BigInt(solver.minAmount),
    maxAmount: BigInt(solver.maxAmount),
    estimatedFulfillTimeSec: solver.estimatedFulfillTimeSec,
  });
}

/** The deployment chain record of `side` ({chainId, token}) and its token's symbol, or a reason. */
function servedToken(side, chains, name) {
  if (side === null || typeof side !== 'object' || Array.isArray(side)) return { error: `${name} must be an object` };
  if (!Number.isSafeInteger(side.chainId)) return { error: `${name}.chainId must be an integer` };
  const chain = chains.find((c) => Number(c.chainId) === side.chainId);
  if (!chain) return { error: `${name}.chainId ${side.chainId} is not a chain this solver serves` };
  let token;
  try {
    token = getAddress(String(side.token));
  } catch {
    return { error: `${name}.token must be an EVM address` };
  }
  const symbol = Object.keys(chain.tokens).find((s) => getAddress(chain.tokens[s]) === token);
  if (!symbol) return { error: `${name}.token ${token} is not a token this solver holds on chain ${side.chainId}` };
  return { chain, token, symbol };
}

function amountOf(side, name) {
  if (typeof side.amount !== 'string' || !DECIMAL.test(side.amount) || side.amount === '0') {
    return { error: `${name}.amount must be a decimal string > 0` };
  }
  return { amount: BigInt(side.amount) };
}

/**
 * Prices one request body of the protocol. Answers {ok: true, answer, delivers: {chainId, token,
 * amount}} (the protocol's answer, and what the solver's route would deliver: the caller checks
 * it holds that much), or {ok: false, status, error} (a 400 for a malformed request, a 422 for
 * one it does not fill). `validUntil` is the request's `deadline`: the route deadline the solver
 * agreed to fill by, after the quote's expiry, which is as long as the price must hold.
 */
export function priceRequest(body, { chains, terms }) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return refuse(400, 'the request must be a JSON object');
  if (!TYPES.includes(body.type)) return refuse(400, `type must be one of ${TYPES.join(', ')}`);
  if (!Number.isSafeInteger(body.deadline) || body.deadline <= 0) return refuse(400, 'deadline must be Unix seconds');
  if (body.type === 'custom' && !Array.isArray(body.calls)) return refuse(400, 'calls must be an array for a custom request');
  const source = servedToken(body.source, chains, 'source');
  if (source.error) return refuse(422, source.error);
  const destination = servedToken(body.destination, chains, 'destination');
  if (destination.error) return refuse(422, destination.error);
  if (source.chain.chainId === destination.chain.chainId) return refuse(422, 'source and destination are on the same chain');

  const exactOut = body.type === 'exact-out';
  const given = amountOf(exactOut ? body.destination : body.source, exactOut ? 'destination' : 'source');
  if (given.error) return refuse(400, given.error);
  const reward = exactOut ? rewardFor(given.amount, terms) : given.amount;
  const delivered = exactOut ? given.amount : deliveredFor(reward, terms);
  if (delivered <= 0n) return refuse(422, `a reward of ${reward} does not cover the solver's fee`);
  if (reward < terms.minAmount) return refuse(422, `a reward of ${reward} is below the solver's minimum ${terms.minAmount}`);
  if (reward > terms.maxAmount) return refuse(422, `a reward of ${reward} is above the solver's maximum ${terms.maxAmount}`);

  const amountMember = exactOut ? { amountIn: reward.toString() } : { amountOut: delivered.toString() };
  return {
    ok: true,
    answer: { ...amountMember, estimatedFulfillTimeSec: terms.estimatedFulfillTimeSec, validUntil: body.deadline },
    delivers: { chainId: destination.chain.chainId, token: destination.token, amount: delivered },
  };
}
