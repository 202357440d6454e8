// What an integrator can recompute from a quote with ethers alone (EVM to EVM): every intent hash
// from its decoded intent, vaults with CREATE2, the funding transaction decoded with the Portal ABI
// and compared with the intent, the approval, the lifetimes, and the EIP-712 signature against the
// chain's quoteSigner. Shared by the core-Service suite and the suite that fetches quotes over HTTP.
import assert from 'node:assert/strict';
import { ethers } from 'ethers';

const abi = ethers.AbiCoder.defaultAbiCoder();
const TOKENS = 'tuple(address token,uint256 amount)[]';
const ROUTE = `tuple(bytes32 salt,uint64 deadline,address portal,uint256 nativeAmount,${TOKENS} tokens,tuple(address target,bytes data,uint256 value)[] calls)`;
const REWARD = `tuple(uint64 deadline,address creator,address prover,uint256 nativeAmount,${TOKENS} tokens)`;
export const portalAbi = new ethers.Interface([
  `function publishAndFund(uint64 destination, bytes route, ${REWARD} reward, bool allowPartial) payable returns (bytes32, address)`,
]);
export const erc20 = new ethers.Interface([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
]);

export const routeValue = (r) => [r.salt, r.deadline, r.portal, r.nativeAmount,
  r.tokens.map((t) => [t.token, t.amount]), r.calls.map((c) => [c.target, c.data, c.value])];
export const rewardValue = (r) => [r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])];

// Everything about one steps[].intents[] entry an integrator can recompute (EVM to EVM).
function checkEntry(entry, chainById) {
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

/**
 * The whole quote: entries, execution against the funded intent, lifetimes and signature.
 * @param {object} q the quote
 * @param {{ chains: object[], expiresAt: { from: number, to: number } }} expected chain records
 *        (as GET /v1/chains lists them) and the window expiresAt must fall in
 */
export function checkQuote(q, { chains, expiresAt }) {
  const chainById = new Map(chains.map((c) => [c.chainId, c]));
  const entries = q.steps.flatMap((s) => s.intents);
  for (const e of entries) checkEntry(e, chainById);
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

  assert.ok(expiresAt.from <= q.expiresAt && q.expiresAt <= expiresAt.to, `expiresAt ${q.expiresAt} outside [${expiresAt.from}, ${expiresAt.to}]`);
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
