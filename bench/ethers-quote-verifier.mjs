// Reference verifier for the benchmark: the same checks as the package's WebAssembly verifier
// (js/, src/verify/quote_verifier.cpp), written the way a dapp would with ethers v6, for EVM
// direct and competing quotes. It reports the same check names so bench/verify.mjs can confirm
// both agree before timing them.
import { AbiCoder, Interface, Signature, TypedDataEncoder, getAddress, getCreate2Address, keccak256, recoverAddress, solidityPacked } from 'ethers';

const abi = AbiCoder.defaultAbiCoder();
const ROUTE = 'tuple(bytes32,uint64,address,uint256,tuple(address,uint256)[],tuple(address,bytes,uint256)[])';
const REWARD = 'tuple(uint64,address,address,uint256,tuple(address,uint256)[])';
const portal = new Interface([
  'function publishAndFund(uint64 destination, bytes route, tuple(uint64 deadline, address creator, address prover, uint256 nativeAmount, tuple(address token, uint256 amount)[] tokens) reward, bool allowPartial)',
]);
const erc20 = new Interface(['function approve(address spender, uint256 amount)', 'function transfer(address to, uint256 amount)']);
const QUOTE_TYPES = { Quote: [{ name: 'id', type: 'string' }, { name: 'intentHashes', type: 'bytes32[]' }, { name: 'expiresAt', type: 'uint64' }] };
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const ROLES = new Set(['direct', 'stitched-source', 'stitched-destination', 'bucket-candidate']);

const same = (a, b) => getAddress(a) === getAddress(b);
const routeTuple = (r) => [r.salt, r.deadline, r.portal, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount]), r.calls.map((c) => [c.target, c.data, c.value])];
const rewardTuple = (r) => [r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])];
const hashIntent = (intent) => {
  const encodedRoute = abi.encode([ROUTE], [routeTuple(intent.route)]);
  const rewardHash = keccak256(abi.encode([REWARD], [rewardTuple(intent.reward)]));
  return { encodedRoute, intentHash: keccak256(solidityPacked(['uint64', 'bytes32', 'bytes32'], [intent.destination, keccak256(encodedRoute), rewardHash])) };
};
const fail = (detail) => {
  throw new Error(detail);
};

function signature(q, ctx) {
  const chain = ctx.chains.get(q.source.chainId) ?? fail(`chain ${q.source.chainId} is not in the chain records`);
  const hashes = [q.intentHash, ...q.steps.flatMap((s) => s.intents.map((i) => i.intentHash))].filter((h) => h !== null);
  const intentHashes = [...new Set(hashes.map((h) => h.toLowerCase()))].sort();
  const digest = TypedDataEncoder.hash({ name: 'ServiceQuoteV1', version: '1', chainId: q.source.chainId }, QUOTE_TYPES,
    { id: q.id, intentHashes, expiresAt: q.expiresAt });
  if (BigInt(Signature.from(q.signature).s) > HALF_N) fail('high s');
  const signer = recoverAddress(digest, q.signature);
  if (!same(signer, chain.quoteSigner)) fail(`signed by ${signer}`);
}

function expiry(q, ctx) {
  if (ctx.now >= q.expiresAt) fail('expired');
  const { route, reward } = q.execution.intent;
  if (route.deadline <= q.expiresAt || reward.deadline <= route.deadline) fail('deadlines');
}

function intentHashes(q) {
  const recomputed = q.steps.flatMap((s) => s.intents).map((entry) => {
    if (!ROLES.has(entry.role)) fail(`role ${entry.role}`);
    if (entry.intent.destination !== entry.destinationChainId) fail('destination');
    const h = hashIntent(entry.intent);
    if (h.encodedRoute !== entry.encodedRoute.toLowerCase()) fail('encodedRoute');
    if (h.intentHash !== entry.intentHash.toLowerCase()) fail('intentHash');
    return h.intentHash;
  });
  const funded = hashIntent(q.execution.intent).intentHash;
  if (q.intentHash !== null && q.intentHash.toLowerCase() !== funded) fail('top-level intentHash');
  if (!recomputed.includes(funded)) fail('execution.intent not listed');
}

function vault(q, ctx) {
  const vaultOf = (chainId, intent) => {
    const chain = ctx.chains.get(chainId);
    return getCreate2Address(chain.portal, hashIntent(intent).intentHash, chain.vaultInitCodeHash);
  };
  if (!same(q.execution.vault, vaultOf(q.source.chainId, q.execution.intent))) fail('execution.vault');
  for (const entry of q.steps.flatMap((s) => s.intents)) {
    if (!same(entry.vault, vaultOf(entry.sourceChainId, entry.intent))) fail('listed vault');
  }
}

function fundingTarget(q, ctx) {
  const chain = ctx.chains.get(q.source.chainId);
  const { transaction: tx, approval, intent } = q.execution;
  if (tx.type !== 'evm' || tx.chainId !== chain.chainId || !same(tx.to, chain.portal) || !same(tx.from, q.source.funder)) fail('transaction');
  if (BigInt(tx.value) !== BigInt(intent.reward.nativeAmount)) fail('value');
  if (approval === null) return;
  const reward = intent.reward.tokens.length === 1 ? intent.reward.tokens[0] : fail('one reward token');
  if (approval.chainId !== chain.chainId || !same(approval.from, q.source.funder) || !same(approval.to, q.source.token)
    || !same(reward.token, q.source.token) || BigInt(approval.value) !== 0n) fail('approval');
  const [spender, amount] = erc20.decodeFunctionData('approve', approval.data);
  if (!same(spender, chain.portal) || amount !== BigInt(reward.amount)) fail('approve arguments');
}

function fundingCalldata(q) {
  const { intent } = q.execution;
  const [destination, route, reward, allowPartial] = portal.decodeFunctionData('publishAndFund', q.execution.transaction.data);
  if (Number(destination) !== intent.destination) fail('destination');
  if (route !== hashIntent(intent).encodedRoute) fail('route');
  if (abi.encode([REWARD], [reward]) !== abi.encode([REWARD], [rewardTuple(intent.reward)])) fail('reward');
  if (allowPartial) fail('allowPartial');
}

function routeMatchesRequest(q, ctx) {
  const r = ctx.request;
  if (r) {
    if (r.type !== q.type || r.source.chainId !== q.source.chainId || r.destination.chainId !== q.destination.chainId) fail('type or chains');
    if (!same(r.source.token, q.source.token) || !same(r.source.funder, q.source.funder)
      || !same(r.destination.token, q.destination.token) || !same(r.destination.recipient, q.destination.recipient)) fail('parties');
    if (!same(r.source.refundRecipient ?? r.source.funder, q.execution.intent.reward.creator)) fail('refund recipient');
    const fixed = q.type === 'exact-out' ? [r.destination.amount, q.destination.amount] : [r.source.amount, q.source.amount];
    if (BigInt(fixed[0]) !== BigInt(fixed[1])) fail('amount');
  }
  const { reward } = q.execution.intent;
  const source = ctx.chains.get(q.source.chainId);
  if (reward.tokens.length !== 1 || !same(reward.tokens[0].token, q.source.token) || BigInt(reward.tokens[0].amount) !== BigInt(q.source.amount)) fail('reward');
  if (!same(reward.creator, q.source.refundRecipient ?? q.source.funder)) fail('creator');
  if (source.prover && !same(reward.prover, source.prover)) fail('prover');
  const min = BigInt(q.destination.minAmountOut);
  const destination = ctx.chains.get(q.destination.chainId);
  const deliveries = q.steps.flatMap((s) => s.intents).filter((e) => e.role === 'direct' || e.role === 'stitched-destination');
  if (deliveries.length === 0) fail('no delivery intent');
  for (const entry of deliveries) {
    const { route } = entry.intent;
    if (entry.destinationChainId !== destination.chainId || !same(route.portal, destination.portal)) fail('delivery chain');
    if (!route.tokens.some((t) => same(t.token, q.destination.token) && BigInt(t.amount) >= min)) fail('route tokens');
    const pays = route.calls.some((c) => {
      if (!same(c.target, q.destination.token) || BigInt(c.value) !== 0n) return false;
      try {
        const [to, amount] = erc20.decodeFunctionData('transfer', c.data);
        return same(to, q.destination.recipient) && amount >= min;
      } catch {
        return false;
      }
    });
    if (!pays) fail('no transfer to the recipient');
  }
}

function slippageBound(q, ctx) {
  const millionths = Math.round(q.slippage * 1e6);
  if (Math.abs(q.slippage * 1e6 - millionths) > 1e-6 || millionths < 0 || millionths > 1e6) fail('slippage');
  // A quote binding no tolerance (slippage 0: its route delivers exactly amountOut) honours any
  // slippage the request allowed; one binding a tolerance must bind the one asked for.
  if (ctx.request && q.type !== 'exact-out' && millionths !== 0 &&
      Math.round((ctx.request.slippage ?? 0.005) * 1e6) !== millionths) fail('requested slippage');
  const min = BigInt(q.destination.minAmountOut);
  const out = BigInt(q.destination.amountOut);
  if (q.type === 'exact-out') {
    if (min !== BigInt(q.destination.amount) || out < min) fail('exact-out minimum');
  } else if (min !== (out * BigInt(1_000_000 - millionths)) / 1_000_000n) fail('minAmountOut');
}

function competingQuotes(q, ctx) {
  for (const [i, competing] of (q.competingQuotes ?? []).entries()) {
    const failed = verifyQuoteWithEthers(competing, ctx.options).checks.find((c) => !c.ok);
    if (failed) fail(`competingQuotes[${i}] fails ${failed.name}`);
  }
}

const CHECKS = [['signature', signature], ['expiry', expiry], ['intent-hashes', intentHashes], ['vault', vault],
  ['funding-target', fundingTarget], ['funding-calldata', fundingCalldata], ['route-matches-request', routeMatchesRequest],
  ['slippage-bound', slippageBound], ['competing-quotes', competingQuotes]];

export function verifyQuoteWithEthers(quote, options) {
  const list = Array.isArray(options.chains) ? options.chains : options.chains.chains;
  const ctx = { chains: new Map(list.map((c) => [c.chainId, c])), request: options.request ?? null, now: options.now, options };
  const checks = CHECKS.map(([name, check]) => {
    try {
      check(quote, ctx);
      return { name, ok: true, detail: '' };
    } catch (error) {
      return { name, ok: false, detail: error.message };
    }
  });
  return { ok: checks.every((c) => c.ok), checks };
}

// The essentials only, as the leanest dapp-side check would do them with ethers: the signature
// (EIP-712 digest, low s, recovery, the chain's quoteSigner), the intent hashes (every listed
// intent and execution.intent re-encoded and hashed) and the calldata decode (publishAndFund
// carries execution.intent), and the same three for each competing quote. No vaults, funding
// target, request comparison, slippage or expiry: a lower bar than the package's nine checks, so
// a speed-up against it is the conservative figure (bench/README.md shows both).
const ESSENTIALS = [['signature', signature], ['intent-hashes', intentHashes], ['funding-calldata', fundingCalldata],
  ['competing-quotes', (q, ctx) => {
    for (const [i, competing] of (q.competingQuotes ?? []).entries()) {
      const failed = verifyQuoteEssentialsWithEthers(competing, ctx.options).checks.find((c) => !c.ok);
      if (failed) fail(`competingQuotes[${i}] fails ${failed.name}`);
    }
  }]];

export function verifyQuoteEssentialsWithEthers(quote, options) {
  const list = Array.isArray(options.chains) ? options.chains : options.chains.chains;
  const ctx = { chains: new Map(list.map((c) => [c.chainId, c])), options };
  const checks = ESSENTIALS.map(([name, check]) => {
    try {
      check(quote, ctx);
      return { name, ok: true, detail: '' };
    } catch (error) {
      return { name, ok: false, detail: error.message };
    }
  });
  return { ok: checks.every((c) => c.ok), checks };
}
