// The package against a lying signer, as a property (README, "What a lying signer cannot get
// past"): genuine engine answers of every EVM shape (direct exact-in, exact-out, custom) are
// changed at random where a signer holding the key could change them, re-signed (engine-answers.mjs:
// every hash, vault and calldata derived again with ethers), and verified by the package. Whenever
// the package says ok, what the funding transaction makes happen on chain, read with ethers from
// its calldata alone, must be what the request asked: the funder pays the request's amount of its
// token, into an intent refunding the refund recipient through the chain's prover; the recipient
// receives minAmountOut of the asked token on the asked chain, losing at most the 3% fee ceiling;
// nobody but the named fees is paid; nothing but the request's calls is called; the deadlines are
// ahead and within the chain records' limits. The native suite runs the same property over the
// stitched route to Solana too (tests/verify/lying_signer_property_test.cpp, fuzz/lying_signer.cpp).
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';

import { AbiCoder, getAddress } from 'ethers';
import { loadVerifier } from 'stableroutes';

import * as e from './engine-answers.mjs';
import * as f from './fixtures.mjs';

const { NOW, FUNDER, RECIPIENT, OTHER, OPTIMISM_USDC, exactIn } = e;
const abi = AbiCoder.defaultAbiCoder();
const MAX_FEE_BPS = 300n;
const TRANSFER = f.erc20Interface.getFunction('transfer').selector;
const transfer = (to, amount) => f.erc20Interface.encodeFunctionData('transfer', [to, amount]);
const chainRecord = (id) => e.config.chains.find((c) => c.chainId === id);
const same = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

const shapes = {
  'direct exact-in': exactIn,
  'direct exact-out': () => {
    const body = exactIn();
    body.type = 'exact-out';
    delete body.source.amount;
    body.destination.amount = '99840001';
    return body;
  },
  custom: () => {
    const body = exactIn();
    body.type = 'custom';
    body.destination.calls = [{ target: RECIPIENT, data: '0xdeadbeef', value: '0' }];
    return body;
  },
};

// "" when the funding transaction does what the request asked; otherwise what differs.
function effectDiffers(quote, request, chains) {
  const tx = quote.execution.transaction;
  const source = chainRecord(request.source.chainId);
  if (tx.type !== 'evm' || tx.chainId !== source.chainId) return 'the funding is not on the source chain';
  if (!same(tx.from, request.source.funder) || !same(tx.to, source.portal) || tx.value !== '0') return 'the funding transaction is not the funder\'s call of the Portal';
  const [destination, routeBytes, reward, allowPartial] = f.portalInterface.decodeFunctionData('publishAndFund', tx.data);
  if (allowPartial) return 'a partial fill is allowed';
  const [rewardDeadline, creator, prover, rewardNative, rewardTokens] = reward;
  const refundTo = request.source.refundRecipient ?? request.source.funder;
  if (!same(creator, refundTo) || !same(prover, source.prover) || rewardNative !== 0n) return 'the reward refunds elsewhere, names another prover or locks native value';
  if (rewardTokens.length !== 1 || !same(rewardTokens[0][0], request.source.token)) return 'the reward is not the source token alone';
  const paid = rewardTokens[0][1];
  if (paid !== BigInt(request.source.amount ?? quote.source.amount)) return `the funder pays ${paid}`;

  const to = chainRecord(Number(destination));
  if (!to || to.chainId !== request.destination.chainId) return 'the intent delivers on another chain';
  const [[, routeDeadline, portal, routeNative, routeTokens, calls]] = abi.decode([f.ROUTE_TYPE], routeBytes);
  if (!same(portal, to.portal) || routeNative !== 0n) return 'the route runs through another Portal or asks native value';
  const limits = (id) => (chains.chains ?? chains).find((c) => c.chainId === id).limits; // GET /v1/chains' body
  const latestStart = BigInt(NOW + limits(source.chainId).maxQuoteLifetimeSec + 300);
  if (routeDeadline <= BigInt(NOW) || routeDeadline > latestStart + BigInt(limits(to.chainId).maxFillWindowSec) ||
      rewardDeadline < routeDeadline || rewardDeadline - routeDeadline > BigInt(limits(source.chainId).maxRewardWindowSec)) {
    return 'the deadlines are out of the chain records\' limits';
  }
  const asked = request.destination;
  const askedCalls = (asked.calls ?? []).map((c) => [getAddress(c.target), c.data.toLowerCase(), BigInt(c.value ?? '0')]);
  const payments = [];
  const foreign = [];
  for (const [target, data, value] of calls) {
    if (value !== 0n) return 'a route call sends native value';
    if (data.startsWith(TRANSFER)) {
      const [payee, amount] = f.erc20Interface.decodeFunctionData('transfer', data);
      payments.push({ token: target, payee, amount });
    } else {
      foreign.push([getAddress(target), data.toLowerCase(), value]);
    }
  }
  if (JSON.stringify(foreign, (k, v) => (typeof v === 'bigint' ? v.toString() : v)) !==
      JSON.stringify(askedCalls, (k, v) => (typeof v === 'bigint' ? v.toString() : v))) {
    return 'the route calls what the request did not ask';
  }
  if (routeTokens.length !== 1 || !same(routeTokens[0][0], asked.token)) return 'the route holds another token';
  const held = routeTokens[0][1];
  let received = null;
  let paidOut = 0n;
  for (const p of payments) {
    if (!same(p.token, asked.token)) return 'the route pays a token it does not hold';
    paidOut += p.amount;
    if (!asked.calls && same(p.payee, asked.recipient) && received === null) {
      received = p.amount;
      continue;
    }
    const named = quote.fees.some((fee) => fee.recipient && same(fee.recipient, p.payee) && fee.token.chainId === to.chainId &&
      same(fee.token.address, asked.token) && BigInt(fee.amount) === p.amount);
    if (!named) return `${p.payee} is paid ${p.amount}, named neither by the request nor by a fee`;
  }
  if (asked.calls) {
    if (paidOut > held) return 'the route pays more than it holds';
    received = held - paidOut; // what the request's calls act on
  } else if (paidOut !== held) {
    return 'the route leaves tokens behind or pays more than it holds';
  }
  if (received === null) return 'the recipient is not paid';
  if (asked.amount !== undefined && received !== BigInt(asked.amount)) return `the recipient receives ${received}, not the asked amount`;
  if (quote.destination.minAmountOut !== received.toString()) return `the recipient receives ${received}, not minAmountOut`;
  // Both tokens have 6 decimals in the local configuration: at most the ceiling is lost.
  if (received * 10_000n < paid * (10_000n - MAX_FEE_BPS)) return 'more than the fee ceiling is lost on the way';
  return '';
}

// ---- the lies -----------------------------------------------------------------------------------

// A small seeded generator (mulberry32): the same sample on every run.
function generator(seed) {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

function sites(quote) {
  const out = [];
  const walk = (holder, key) => {
    const value = holder[key];
    if (Array.isArray(value)) {
      out.push([holder, key]);
      value.forEach((_, i) => walk(value, i));
    } else if (value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) walk(value, k);
    } else {
      out.push([holder, key]);
    }
  };
  quote.steps.forEach((s) => s.intents.forEach((entry) => walk(entry, 'intent')));
  walk(quote.destination, 'amountOut');
  walk(quote.destination, 'minAmountOut');
  walk(quote.source, 'amount');
  walk(quote, 'fees');
  walk(quote, 'expiresAt');
  return out;
}

function changed(value, pick) {
  if (typeof value === 'number') return [value + 1, value - 1, value + 3600, value + 5 * 365 * 86400, 0, Math.floor(value / 2)][pick % 6];
  if (typeof value !== 'string') return value;
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return [OTHER, FUNDER, RECIPIENT, f.PORTAL, OPTIMISM_USDC, f.BASE_USDC][pick % 6];
  if (value.startsWith(TRANSFER) && pick % 2 === 0) {
    const [, amount] = f.erc20Interface.decodeFunctionData('transfer', value);
    return transfer(OTHER, pick % 4 === 0 ? amount : amount + 1n);
  }
  if (/^0x[0-9a-fA-F]+$/.test(value)) {
    const at = 2 + (pick % (value.length - 2));
    return value.slice(0, at) + (value[at] === '0' ? '1' : '0') + value.slice(at + 1);
  }
  if (/^\d+$/.test(value)) {
    const v = BigInt(value);
    return [v + 1n, v > 0n ? v - 1n : v, v * 2n, v / 2n, 0n, v + 1_000_000n][pick % 6].toString();
  }
  return value;
}

// The coordinated lies: the recipient's transfer, the route's tokens and the promised amounts
// lowered together; or the expiry and every deadline moved later together.
function shave(quote, pick) {
  const route = quote.steps.at(-1).intents[0].intent.route;
  const call = route.calls.find((c) => c.data.startsWith(TRANSFER) && same(f.erc20Interface.decodeFunctionData('transfer', c.data)[0], RECIPIENT));
  if (!call) return;
  const [, amount] = f.erc20Interface.decodeFunctionData('transfer', call.data);
  const taken = (amount * BigInt(pick)) / 256n;
  call.data = transfer(RECIPIENT, amount - taken);
  route.tokens[0].amount = (BigInt(route.tokens[0].amount) - taken).toString();
  for (const k of ['amountOut', 'minAmountOut']) quote.destination[k] = (BigInt(quote.destination[k]) - taken).toString();
}
function postpone(quote, pick) {
  const delay = (1 + pick) * 86400;
  quote.expiresAt += delay;
  for (const s of quote.steps) for (const entry of s.intents) for (const part of ['route', 'reward']) entry.intent[part].deadline += delay;
}

function lie(genuine, random) {
  const quote = structuredClone(genuine);
  const count = 1 + random(4);
  for (let i = 0; i < count; i++) {
    const op = random(16);
    const pick = random(256);
    if (op === 14) {
      postpone(quote, pick);
      continue;
    }
    if (op === 15) {
      try {
        shave(quote, pick);
      } catch {
        // an earlier change left no transfer or token to lower
      }
      continue;
    }
    const all = sites(quote);
    const [holder, key] = all[random(all.length)];
    const value = holder[key];
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      if (op % 2 === 0) value.splice(pick % value.length, 1);
      else value.push(structuredClone(value[pick % value.length]));
    } else {
      try {
        holder[key] = changed(value, pick);
      } catch {
        // a value the change cannot read (a transfer's data already broken)
      }
    }
  }
  try {
    return e.resign(quote);
  } catch {
    return null; // a change no signer can sign consistently (the intent no longer encodes)
  }
}

describe('a lying signer, as a property (random re-signed changes of every EVM shape)', () => {
  let verifier;
  let chains;
  let quoteFor;
  before(async () => {
    ({ quoteFor, chains } = await e.loadEngine());
    verifier = await loadVerifier();
  });

  for (const [name, body] of Object.entries(shapes)) {
    it(`${name}: the genuine answer passes and does what the request asked`, () => {
      const request = body();
      const quote = quoteFor(request);
      assert.equal(verifier.verifyQuote(quote, { chains, request, now: NOW }).ok, true);
      assert.equal(effectDiffers(quote, request, chains), '');
    });

    it(`${name}: every re-signed change the package accepts still does what the request asked`, () => {
      const request = body();
      const genuine = quoteFor(request);
      const random = generator(20261128 + name.length);
      let lied = 0;
      let accepted = 0;
      for (let i = 0; i < 250; i++) {
        const quote = lie(genuine, random);
        if (quote === null) continue;
        lied++;
        if (!verifier.verifyQuote(quote, { chains, request, now: NOW }).ok) continue;
        accepted++;
        assert.equal(effectDiffers(quote, request, chains), '', JSON.stringify(quote));
      }
      assert.ok(lied > 150, `only ${lied} changes could be re-signed`);
      assert.ok(accepted > 0 && accepted < lied, `${accepted} of ${lied} accepted`);
    });
  }
});
