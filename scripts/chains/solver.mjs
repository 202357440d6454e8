#!/usr/bin/env node
// Solver for the local chains (one process loop per solver account). It polls IntentPublished on
// every chain's real Eco Portal, waits for the reward to be funded, fills profitable intents on the
// destination chain with `fulfill(intentHash, route, rewardHash, claimant)` (the Portal pulls
// route.tokens from the solver into its Executor, which runs route.calls), records the proof on
// the source chain's prover as a trusted relayer, and withdraws the reward from the source Portal.
// Several local solvers watch the same chains; `deferTo` makes one leave an intent to solvers
// listed before it whenever their policy would fill it, so exactly one of them fills each intent.
// The local stack runs the reference solver's loop inside remote-solver.mjs (a process of its own,
// beside the quoting endpoint the worker asks) and the others' loops in its own process; run
// directly, this file runs every local solver's loop here, with no quoting endpoint.
//
// Per intent: waiting -> filled -> proven -> withdrawn, or a terminal skipped/closed/failed with
// a reason. Every step first reads chain state, so restarts and retries are idempotent.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Contract, Interface, MaxUint256, Wallet, ZeroHash, getAddress } from 'ethers';
import { loadArtifact } from './compile.mjs';
import { ERC20_ABI } from './abis.mjs';
import { ACCOUNT_INDEX, LOCAL_SOLVERS, REFERENCE_SOLVER_FEES, devAccount, localProvider } from './deploy.mjs';
import { portalArtifact } from './packages.mjs';
import { addressToBytes32, decodeRoute, hashIntent } from './intent.mjs';
import { LOCAL_CHAINS_DIR, isMain } from './paths.mjs';

// The real Portal's getRewardStatus(bytes32) enum.
export const REWARD_STATUS = Object.freeze({ Initial: 0, Funded: 1, Withdrawn: 2, Refunded: 3 });
export const TERMINAL_STATES = Object.freeze(['withdrawn', 'skipped', 'closed', 'failed']);

export const DEFAULT_POLICY = Object.freeze({
  feeBps: BigInt(REFERENCE_SOLVER_FEES.feeBps),
  fixedFee: REFERENCE_SOLVER_FEES.fixedFee,
  // Time the solver wants left before the route deadline (fill) and the reward deadline (prove
  // and withdraw before the creator may refund).
  minFillWindowSec: 10n,
});

/** The solving policy of a LOCAL_SOLVERS record. */
export function solverPolicy(solver) {
  return Object.freeze({ feeBps: BigInt(solver.feeBps), fixedFee: BigInt(solver.fixedFee), minFillWindowSec: DEFAULT_POLICY.minFillWindowSec });
}

const sameAddress = (a, b) => getAddress(a) === getAddress(b);
const sum = (amounts) => amounts.reduce((total, t) => total + BigInt(t.amount), 0n);

/**
 * Decides whether to fill an intent. Pure. The test stablecoins all have 6 decimals and are
 * priced 1:1, so the rule is: reward >= provided + fixedFee + provided * feeBps / 10000.
 * @param intent {destination, route (decoded), reward}
 * @param context {sourceChainId, chains: deployment chains, policy, sourceNow and destinationNow:
 *   the latest block times (s) of both chains, which anvil lets drift apart}
 */
export function evaluateIntent(intent, { sourceChainId, chains, policy = DEFAULT_POLICY, sourceNow, destinationNow }) {
  const reject = (reason) => ({ ok: false, reason });
  const chainOf = (id) => chains.find((c) => BigInt(c.chainId) === BigInt(id));
  const isKnownToken = (chain, token) => Object.values(chain.tokens).some((address) => sameAddress(address, token));
  const source = chainOf(sourceChainId);
  const destination = chainOf(intent.destination);
  if (!source) return reject(`source chain ${sourceChainId} is not served`);
  if (!destination) return reject(`destination chain ${intent.destination} is not served`);
  if (!sameAddress(intent.route.portal, destination.portal)) return reject('route.portal is not the destination Portal');
  if (!sameAddress(intent.reward.prover, source.prover)) return reject('reward.prover is not the source Prover');
  if (BigInt(intent.route.nativeAmount) !== 0n || BigInt(intent.reward.nativeAmount) !== 0n) {
    return reject('native amounts are not priced');
  }
  if (intent.route.tokens.some((t) => !isKnownToken(destination, t.token))) return reject('unknown route token');
  if (intent.reward.tokens.some((t) => !isKnownToken(source, t.token))) return reject('unknown reward token');
  const window = policy.minFillWindowSec;
  if (BigInt(intent.route.deadline) < BigInt(destinationNow) + window) return reject('route deadline too close');
  if (BigInt(intent.reward.deadline) < BigInt(sourceNow) + window) return reject('reward deadline too close');
  const provided = sum(intent.route.tokens);
  const earned = sum(intent.reward.tokens);
  const required = provided + policy.fixedFee + (provided * policy.feeBps) / 10_000n;
  if (earned < required) return reject(`unprofitable: reward ${earned} < required ${required}`);
  return { ok: true, provided, earned };
}

/**
 * Resolves with the intent's record once it reaches one of `states`; rejects after timeoutMs.
 * `solver`: {intents (Map by intent hash), events (emitting 'state' with a record)}, a solver
 * loop of this process or the handle of one running in another (solver-process.mjs).
 */
export function waitForState({ intents, events }, intentHash, states, timeoutMs = 20000) {
  const wanted = [].concat(states);
  return new Promise((resolve, reject) => {
    const current = intents.get(intentHash);
    if (current && wanted.includes(current.state)) return resolve(current);
    const onState = (record) => {
      if (record.intentHash !== intentHash || !wanted.includes(record.state)) return;
      clearTimeout(timeout);
      events.off('state', onState);
      resolve(record);
    };
    const timeout = setTimeout(() => {
      events.off('state', onState);
      const record = intents.get(intentHash);
      reject(new Error(`intent ${intentHash} did not reach ${wanted} within ${timeoutMs} ms (state ${record?.state ?? 'unseen'}${record?.reason ? `: ${record.reason}` : ''})`));
    }, timeoutMs);
    events.on('state', onState);
  });
}

/** What a solver's intent record says, as plain JSON (no BigInt): what crosses a process boundary. */
export function recordSnapshot(record) {
  return {
    intentHash: record.intentHash,
    sourceChainId: String(record.sourceChainId),
    destination: String(record.intent?.destination ?? '?'),
    state: record.state,
    ...(record.reason ? { reason: record.reason } : {}),
    attempts: record.attempts,
    transactions: { ...record.transactions },
    pending: { ...(record.pending ?? {}) },
  };
}

/** Reads an IntentPublished log into {intentHash, intent, encodedRoute, routeHash, rewardHash}. */
export function parseIntentPublished(portalInterface, log) {
  const { args } = portalInterface.parseLog(log);
  const reward = {
    deadline: args.rewardDeadline,
    creator: args.creator,
    prover: args.prover,
    nativeAmount: args.rewardNativeAmount,
    tokens: args.rewardTokens.map((t) => ({ token: t.token, amount: t.amount })),
  };
  const encodedRoute = args.route;
  const { intentHash, routeHash, rewardHash } = hashIntent(args.destination, encodedRoute, reward);
  if (intentHash !== args.intentHash) throw new Error(`event hash ${args.intentHash} does not match its fields (${intentHash})`);
  return {
    intentHash,
    intent: { destination: args.destination, route: decodeRoute(encodedRoute), reward },
    encodedRoute,
    routeHash,
    rewardHash,
  };
}

/**
 * Starts a solver. `chains`: deployment chain records ({chainId, name, rpcUrl, portal, prover,
 * tokens}). `deferTo`: policies of solvers that take precedence (an intent one of them would fill
 * is skipped here). Returns {id, address, intents, events, waitFor(intentHash, states, timeoutMs), stop()}.
 */
export async function startSolver({
  chains,
  id = LOCAL_SOLVERS[0].id,
  privateKey = null,
  policy = DEFAULT_POLICY,
  deferTo = [],
  pollMs = 200,
  fromBlock = 0,
  maxAttempts = 3,
  txWaitMs = 10_000,
  log = (line) => console.log(line),
}) {
  const account = privateKey ? new Wallet(privateKey) : devAccount(ACCOUNT_INDEX.solver);
  const claimant = addressToBytes32(account.address);
  const portalAbi = portalArtifact().abi;
  const portalInterface = new Interface(portalAbi);
  const intentPublishedTopic = portalInterface.getEvent('IntentPublished').topicHash;
  const tokenAbi = ERC20_ABI;

  const nodes = new Map();
  for (const chain of chains) {
    const provider = localProvider(chain.rpcUrl, chain.chainId);
    const signer = account.connect(provider);
    nodes.set(BigInt(chain.chainId), {
      chain,
      provider,
      portal: new Contract(chain.portal, portalAbi, signer),
      prover: new Contract(chain.prover, loadArtifact('Prover').abi, signer),
      cursor: fromBlock === 'latest' ? await provider.getBlockNumber() : fromBlock - 1,
    });
  }
  const stopProviders = () => nodes.forEach((node) => node.provider.destroy());
  try {
    // One standing approval per token, so a fill is one transaction.
    for (const node of nodes.values()) {
      for (const token of Object.values(node.chain.tokens)) {
        const contract = new Contract(token, tokenAbi, account.connect(node.provider));
        if ((await contract.allowance(account.address, node.chain.portal)) < MaxUint256 / 2n) {
          await (await contract.approve(node.chain.portal, MaxUint256)).wait();
        }
      }
    }
  } catch (error) {
    stopProviders();
    throw error;
  }

  const intents = new Map();
  const events = new EventEmitter();
  const short = (hash) => `${hash.slice(0, 10)}…`;
  const setState = (record, state, detail) => {
    record.state = state;
    if (detail) record.reason = detail;
    log(`solver ${id}: ${short(record.intentHash)} ${record.sourceChainId}->${record.intent.destination} ${state}${detail ? ` (${detail})` : ''}`);
    events.emit('state', record);
  };
  const blockTime = async (node) => BigInt((await node.provider.getBlock('latest')).timestamp);
  // One step's transaction (fulfill, prove, withdraw), remembered in record.pending until it is
  // mined or the node no longer has it: a dropped or replaced transaction is sent again on a later
  // round, a merely slow one is looked at again rather than sent twice. Resolves to the mined
  // transaction's hash, or null while it is still pending (the round moves on; nothing waits forever).
  const confirmed = async (node, record, step, send) => {
    record.pending ??= {};
    let hash = record.pending[step];
    if (hash) {
      if (!(await node.provider.getTransactionReceipt(hash)) && !(await node.provider.getTransaction(hash))) {
        log(`solver ${id}: ${short(record.intentHash)} ${step} ${short(hash)} dropped; sending again`);
        hash = null;
      }
    }
    if (!hash) {
      hash = (await send()).hash;
      record.pending[step] = hash;
      events.emit('update', record);
    }
    const receipt = await node.provider.waitForTransaction(hash, 1, txWaitMs).catch(() => null);
    if (!receipt) return null;
    delete record.pending[step];
    if (receipt.status !== 1) throw new Error(`transaction ${receipt.hash} reverted`);
    return receipt.hash;
  };

  async function scan(sourceChainId, node) {
    const latest = await node.provider.getBlockNumber();
    if (latest <= node.cursor) return;
    const logs = await node.provider.getLogs({
      address: node.chain.portal,
      topics: [intentPublishedTopic],
      fromBlock: node.cursor + 1,
      toBlock: latest,
    });
    node.cursor = latest;
    for (const entry of logs) {
      const hash = entry.topics[1];
      if (intents.has(hash)) continue;
      const record = { intentHash: hash, sourceChainId, state: 'waiting', attempts: 0, transactions: {} };
      intents.set(hash, record);
      try {
        Object.assign(record, parseIntentPublished(portalInterface, entry));
        log(`solver ${id}: ${short(hash)} ${sourceChainId}->${record.intent.destination} published`);
      } catch (error) {
        record.intent = { destination: '?' };
        setState(record, 'skipped', `unreadable IntentPublished: ${error.shortMessage ?? error.message}`);
      }
    }
  }

  async function advance(record) {
    const source = nodes.get(record.sourceChainId);
    const destination = nodes.get(BigInt(record.intent.destination));
    // A transaction still pending at the end of an earlier round may have been mined since: the
    // chain's state below then shows the step done, and the record names the transaction.
    for (const [step, hash] of Object.entries(record.pending ?? {})) {
      const receipt = await (step === 'fulfill' ? destination : source).provider.getTransactionReceipt(hash);
      if (receipt?.status === 1) {
        record.transactions[step] = hash;
        delete record.pending[step];
      }
    }
    if (record.state === 'waiting') {
      const context = {
        sourceChainId: record.sourceChainId,
        chains,
        sourceNow: await blockTime(source),
        destinationNow: destination ? await blockTime(destination) : 0n,
      };
      const verdict = evaluateIntent(record.intent, { ...context, policy });
      if (!verdict.ok) return setState(record, 'skipped', verdict.reason);
      if (deferTo.some((preferred) => evaluateIntent(record.intent, { ...context, policy: preferred }).ok)) {
        return setState(record, 'skipped', 'left to a preferred solver');
      }
      const status = Number(await source.portal.getRewardStatus(record.intentHash));
      if (status === REWARD_STATUS.Withdrawn || status === REWARD_STATUS.Refunded) return setState(record, 'closed', 'reward already settled');
      if (status !== REWARD_STATUS.Funded) return; // funding may still arrive (fundFor, partial funding)
      const existing = await destination.portal.claimants(record.intentHash);
      if (existing === ZeroHash) {
        const hash = await confirmed(destination, record, 'fulfill', () =>
          destination.portal.fulfill(record.intentHash, record.intent.route, record.rewardHash, claimant));
        if (!hash) return;
        record.transactions.fulfill = hash;
      } else if (existing !== claimant) {
        return setState(record, 'closed', 'fulfilled by someone else');
      }
      setState(record, 'filled');
    }
    if (record.state === 'filled') {
      const proof = await source.prover.provenIntents(record.intentHash);
      if (BigInt(proof.claimant) === 0n) {
        const hash = await confirmed(source, record, 'prove', () =>
          source.prover.recordProof(record.intentHash, account.address, record.intent.destination));
        if (!hash) return;
        record.transactions.prove = hash;
      }
      setState(record, 'proven');
    }
    if (record.state === 'proven') {
      const status = Number(await source.portal.getRewardStatus(record.intentHash));
      if (status === REWARD_STATUS.Funded) {
        const hash = await confirmed(source, record, 'withdraw', () =>
          source.portal.withdraw(record.intent.destination, record.routeHash, record.intent.reward));
        if (!hash) return;
        record.transactions.withdraw = hash;
      }
      setState(record, 'withdrawn');
    }
  }

  async function tick() {
    for (const [chainId, node] of nodes) await scan(chainId, node);
    for (const record of intents.values()) {
      if (TERMINAL_STATES.includes(record.state)) continue;
      try {
        await advance(record);
      } catch (error) {
        record.attempts += 1;
        const message = error.shortMessage ?? error.message;
        if (record.attempts >= maxAttempts) setState(record, 'failed', message);
        else log(`solver ${id}: ${short(record.intentHash)} attempt ${record.attempts} failed: ${message}`);
      }
    }
  }

  let stopped = false;
  let timer = null;
  let running = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => log(`solver ${id}: poll failed: ${error.shortMessage ?? error.message}`))
        .finally(schedule);
    }, pollMs);
  };
  schedule();
  log(`solver ${id}: ${account.address} watching ${chains.map((c) => c.chainId).join(', ')}`);

  const waitFor = (intentHash, states, timeoutMs) => waitForState({ intents, events }, intentHash, states, timeoutMs);

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await running;
    stopProviders();
  }

  return { id, address: account.address, intents, events, waitFor, stop };
}

/**
 * Starts the solver loop of one LOCAL_SOLVERS record with its own account and policy; it defers
 * to the solvers listed before it, so exactly one local solver fills each intent.
 */
export function startLocalSolver(solver, { chains, solvers = LOCAL_SOLVERS, ...options }) {
  const position = solvers.findIndex((s) => s.id === solver.id);
  if (position < 0) throw new Error(`${solver.id} is not a local solver`);
  return startSolver({
    ...options,
    chains,
    id: solver.id,
    privateKey: devAccount(solver.accountIndex).privateKey,
    policy: solverPolicy(solver),
    deferTo: solvers.slice(0, position).map(solverPolicy),
  });
}

/** Starts one solver loop per LOCAL_SOLVERS record (startLocalSolver), all in this process. */
export async function startLocalSolvers({ chains, solvers = LOCAL_SOLVERS, ...options }) {
  const started = [];
  try {
    for (const solver of solvers) started.push(await startLocalSolver(solver, { ...options, chains, solvers }));
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
  return started;
}

if (isMain(import.meta.url)) {
  const deployment = JSON.parse(readFileSync(join(LOCAL_CHAINS_DIR, 'deployment.json'), 'utf8'));
  const solvers = await startLocalSolvers({ chains: deployment.chains });
  const shutdown = async () => {
    await Promise.all(solvers.map((s) => s.stop()));
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
