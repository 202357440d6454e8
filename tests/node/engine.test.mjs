// Quotes from the core wasm's Service, checked with ethers alone: every intent hash recomputed
// from the decoded intent, the funding transaction decoded with the Portal ABI and compared with
// the intent, vaults recomputed with CREATE2, and the signature verified with verifyTypedData
// against the configured quoteSigner. For exact-in, exact-out, custom, multi-hop and allQuotes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ethers } from 'ethers';

import { loadLocalConfig } from './local-config.mjs';
import { instantiate } from './wasm.mjs';

const { config, secrets } = await loadLocalConfig();
const chainById = new Map(config.chains.map((c) => [c.chainId, c]));

const core = await instantiate('core');
const service = new core.Service(JSON.stringify(config), JSON.stringify(secrets));

const now = 1763697600;
const funder = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const recipient = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const token = (chainId, symbol) => config.tokens.find((t) => t.chainId === chainId && t.symbol === symbol).address;
const acmeKey = { id: 'dev-acme', partner: 'acme', feeSchedule: { protocolBps: 0, gatewayBps: 10 } };

function quote(body, random = '0x' + '5a'.repeat(32)) {
  const out = JSON.parse(service.handle('quote', JSON.stringify({ body, key: acmeKey, now, random })));
  assert.equal(out.status, 200, JSON.stringify(out.body));
  return out.body;
}

const abi = ethers.AbiCoder.defaultAbiCoder();
const TOKENS = 'tuple(address token,uint256 amount)[]';
const ROUTE = `tuple(bytes32 salt,uint64 deadline,address portal,uint256 nativeAmount,${TOKENS} tokens,tuple(address target,bytes data,uint256 value)[] calls)`;
const REWARD = `tuple(uint64 deadline,address creator,address prover,uint256 nativeAmount,${TOKENS} tokens)`;
const portalAbi = new ethers.Interface([
  `function publishAndFund(uint64 destination, bytes route, ${REWARD} reward, bool allowPartial) payable returns (bytes32, address)`,
]);
const erc20 = new ethers.Interface([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
]);

const routeValue = (r) => [r.salt, r.deadline, r.portal, r.nativeAmount,
  r.tokens.map((t) => [t.token, t.amount]), r.calls.map((c) => [c.target, c.data, c.value])];
const rewardValue = (r) => [r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])];

// Everything about one steps[].intents[] entry an integrator can recompute (EVM to EVM).
function checkEntry(entry) {
  const { intent } = entry;
  assert.equal(intent.destination, entry.destinationChainId);
  const encodedRoute = abi.encode([ROUTE], [routeValue(intent.route)]);
  assert.equal(entry.encodedRoute, encodedRoute);
  const rewardHash = ethers.keccak256(abi.encode([REWARD], [rewardValue(intent.reward)]));
  const intentHash = ethers.keccak256(ethers.solidityPacked(['uint64', 'bytes32', 'bytes32'],
    [intent.destination, ethers.keccak256(encodedRoute), rewardHash]));
  assert.equal(entry.intentHash, intentHash);
  const source = chainById.get(entry.sourceChainId);
  assert.equal(entry.vault, ethers.getCreate2Address(source.portal, intentHash, source.vaultInitCodeHash));
  assert.equal(intent.route.portal, chainById.get(entry.destinationChainId).portal);
  assert.equal(intent.reward.prover, source.prover);
  return intentHash;
}

// The whole quote: entries, execution against the funded intent, lifetimes and signature.
function checkQuote(q) {
  const entries = q.steps.flatMap((s) => s.intents);
  for (const e of entries) checkEntry(e);
  const funded = entries[0];
  assert.deepEqual(q.execution.intent, funded.intent);
  assert.equal(q.execution.vault, funded.vault);
  const source = chainById.get(q.source.chainId);
  const tx = q.execution.transaction;
  assert.equal(tx.type, 'evm');
  assert.equal(tx.to, source.portal);
  assert.equal(tx.from, q.source.funder);
  assert.equal(tx.value, '0');
  const call = portalAbi.decodeFunctionData('publishAndFund', tx.data);
  assert.equal(call.destination, BigInt(funded.intent.destination));
  assert.equal(call.route, funded.encodedRoute);
  assert.deepEqual(call.reward.toArray(true).map(String), rewardValue(funded.intent.reward).map(String));
  assert.equal(call.allowPartial, false);
  const approve = erc20.decodeFunctionData('approve', q.execution.approval.data);
  assert.equal(q.execution.approval.to, q.source.token);
  assert.equal(approve.spender, source.portal);
  assert.equal(approve.amount, BigInt(q.source.amount));
  assert.equal(funded.intent.reward.tokens[0].amount, q.source.amount);

  assert.ok(q.expiresAt === now + config.service.quoteLifetimeSec);
  for (const e of entries) {
    assert.ok(q.expiresAt < e.intent.route.deadline && e.intent.route.deadline < e.intent.reward.deadline);
  }
  const hashes = [...new Set([q.intentHash, ...entries.map((e) => e.intentHash)].filter(Boolean)
    .map((h) => h.toLowerCase()))].sort();
  const signer = ethers.verifyTypedData(
    { name: 'ServiceQuoteV1', version: '1', chainId: q.source.chainId },
    { Quote: [{ name: 'id', type: 'string' }, { name: 'intentHashes', type: 'bytes32[]' }, { name: 'expiresAt', type: 'uint64' }] },
    { id: q.id, intentHashes: hashes, expiresAt: q.expiresAt }, q.signature);
  assert.equal(signer, source.quoteSigner);
  assert.match(q.id, /^quote:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
}

const exactIn = (extra = {}) => ({
  type: 'exact-in',
  source: { chainId: 42161, token: token(42161, 'USDC'), amount: '100000000', funder },
  destination: { chainId: 8453, token: token(8453, 'USDC'), recipient },
  dappId: 'engine-node-test',
  ...extra,
});

describe('core Service quotes, checked with ethers', () => {
  it('exact-in: direct intent, transfer of minAmountOut to the recipient', () => {
    const q = quote(exactIn());
    checkQuote(q);
    assert.equal(q.steps[0].intents[0].role, 'direct');
    assert.equal(q.intentHash, q.steps[0].intents[0].intentHash);
    const route = q.steps[0].intents[0].intent.route;
    const transfer = erc20.decodeFunctionData('transfer', route.calls[0].data);
    assert.equal(transfer.to, recipient);
    assert.equal(transfer.amount, BigInt(q.destination.minAmountOut));
    const min = (BigInt(q.destination.amountOut) * 995000n) / 1000000n;
    assert.equal(BigInt(q.destination.minAmountOut), min);
  });

  it('exact-out: the route delivers destination.amount, the reward is the quoted source.amount', () => {
    const body = exactIn({ type: 'exact-out' });
    delete body.source.amount;
    body.destination.amount = '75000000';
    const q = quote(body);
    checkQuote(q);
    assert.equal(q.destination.minAmountOut, '75000000');
    assert.equal(q.steps[0].intents[0].intent.route.tokens[0].amount, '75000000');
    assert.ok(BigInt(q.source.amount) > 75000000n);
  });

  it('custom: the route runs the caller\'s calls', () => {
    const calls = [{ target: recipient, data: '0x12345678', value: '0' }];
    const q = quote(exactIn({ type: 'custom', destination: { ...exactIn().destination, calls } }));
    checkQuote(q);
    assert.deepEqual(q.steps[0].intents[0].intent.route.calls, calls);
    assert.equal(q.steps[0].intents[0].intent.route.tokens[0].amount, q.destination.minAmountOut);
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
