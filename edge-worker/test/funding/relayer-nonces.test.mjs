// One nonce sequence per relayer account, whatever happens between signing and broadcasting, and
// whatever the key list becomes (issue 27), on the local chains with the real contracts (Circle's
// FiatToken USDC, the Eco Portal). The worker reaches chain 31337 through a JSON-RPC proxy
// (rpc-proxy.mjs) that can refuse eth_sendRawTransaction: a job's transactions are then signed and
// stored but reach no node, as when the worker is killed between storing and broadcasting
// (bench:faults found that case at a burst of 30).
// - One account: a second job submitted while the first one's stored nonces are unknown to the
//   node is not signed at the node's pending count (which would take the first job's nonce and fail
//   one of them as "nonce taken"): it waits, waitingFor "relayer", and once the sends go through
//   both are funded once, in order, nothing reverted.
// - One account, the worker killed (kill -9) the moment its first transaction reaches the node:
//   the signed bytes were stored before they left (the Durable Object's output gate), so the job
//   sends those same bytes after the restart, never a second signing.
// - One account, a node that shows the relayer's nonce used before it serves the receipt (the
//   proxy answers null receipts): the job finds its receipt on a second look instead of failing as
//   "nonce taken" (bench:faults saw that under load: an accepted job failed, its intent funded).
// - Three accounts: a job signed by its account, then the worker restarted with the key list
//   reordered, is still relayed by that account (the job keeps its account's address), from its
//   stored bytes; before, it went to whichever key sat at its old position. With an account's key
//   removed, its job that it signed waits for the key, and its job it never signed goes to a
//   listed account.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Contract, Wallet, keccak256 } from "ethers";
import { devAccount, localProvider, writeGeneratedConfig } from "../../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../../scripts/chains/local.mjs";
import { relayerAccountOf } from "../../src/funding/relayer-accounts.js";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";
import { assertNoneReverted, erc3009Submit, localUsdcQuote, waitFor } from "../gasless-helpers.mjs";
import { startRpcProxy } from "../rpc-proxy.mjs";
import { workerdPids } from "../../../bench/worker-process.mjs";

const json = { "content-type": "application/json" };
// The local relayer accounts: RELAYER_KEY anvil #11, RELAYER_KEYS #14 and #15.
const RELAYERS = [devAccount(11), devAccount(14), devAccount(15)];
const ERC20 = ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)"];

let stack, outDir, overlayDir, proxy, bundleDir, chainA, providerA, firstBlock;
/** @type {Awaited<ReturnType<typeof startWorker>> | undefined} */
let worker;
const dirs = [];

before(async () => {
  ({ stack, outDir } = await startTestChains("sr-relayer-nonces-"));
  [chainA] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  firstBlock = await providerA.getBlockNumber();
  // The worker reaches chain 31337 only through the proxy; the test reads anvil directly.
  proxy = await startRpcProxy(chainA.rpcUrl);
  const deployment = structuredClone(stack.deployment);
  deployment.chains.find((c) => c.chainId === 31337).rpcUrl = proxy.url;
  overlayDir = mkdtempSync(join(tmpdir(), "sr-relayer-nonces-overlay-"));
  writeGeneratedConfig(deployment, overlayDir);
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: overlayDir } });
});

after(async () => {
  await worker?.dispose();
  for (const d of dirs) d.remove();
  await proxy?.close();
  providerA?.destroy();
  await stack?.stop();
  if (bundleDir) removeBundle(bundleDir);
  for (const dir of [outDir, overlayDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const usdcDomain = () => ({ name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC });
const usdc = (runner = providerA) => new Contract(chainA.tokens.USDC, ERC20, runner);
const jobIdOf = (quote) => `job:${String(quote.id).replace(/^quote:/, "")}`;
const jobOf = async (id) => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json();
const sendsSeen = () => proxy.requests.filter((r) => r.method === "eth_sendRawTransaction").length;
const counts = () => Promise.all(RELAYERS.map((w) => providerA.getTransactionCount(w.address, "pending")));

async function startOn(persistDir, bindings = {}) {
  await worker?.dispose();
  worker = await startWorker({ bundleDir, persistDir, bindings });
}

/** A payer holding exactly 1 USDC (and no ETH) and a quote of that 1 USDC. */
async function payerWithQuote() {
  const payer = Wallet.createRandom();
  await (await usdc(devAccount(1, providerA)).transfer(payer.address, 1_000_000n)).wait();
  return { payer, quote: await localUsdcQuote(worker, stack.deployment, { funder: payer.address, amount: "1000000", dappId: "relayer-nonces-test" }) };
}

async function submit({ payer, quote }) {
  const body = await erc3009Submit(quote, { wallet: payer, from: payer.address, domain: usdcDomain() });
  const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
  const job = await res.json();
  assert.equal(res.status, 202, JSON.stringify(job));
  return job;
}

/**
 * Refuses every broadcast from now on and records the bytes each refused one carried: the signed
 * transactions the worker has stored and tries to send.
 */
function refuseSends() {
  const refused = [];
  proxy.faults.refuseSend = Infinity;
  proxy.faults.onSend = (bytes) => refused.push(bytes);
  return refused;
}

/**
 * Lets broadcasts through again, after lowering the chain's base fee: a job signed anew from here
 * on would carry other fees, so other bytes than the ones it stored.
 */
async function allowSendsAtALowerPrice() {
  const base = (await providerA.getBlock("latest")).baseFeePerGas;
  await providerA.send("anvil_setNextBlockBaseFeePerGas", ["0x" + (base / 2n > 0n ? base / 2n : 1n).toString(16)]);
  await providerA.send("evm_mine", []);
  proxy.faults.onSend = null;
  proxy.faults.refuseSend = 0;
}

/** The mined transaction whose bytes are `raw` (one a job stored and the proxy refused), or fails. */
async function minedFrom(raw, what) {
  const tx = await providerA.getTransaction(keccak256(raw));
  assert.ok(tx?.blockNumber != null, `${what}: the stored bytes were not the ones mined (signed anew?)`);
  return tx;
}

/** Every relayer transaction since the suite started succeeded. */
const assertNoRevertedRelayerTransaction = () => assertNoneReverted(providerA, RELAYERS.map((w) => w.address), firstBlock);

test("one account: a job signed and stored but never broadcast holds its nonces; the next job waits (waitingFor relayer) instead of taking them, then both are funded once, in order", async () => {
  const persist = tempDir("sr-relayer-nonces-one-");
  dirs.push(persist);
  await startOn(persist.dir, { RELAYER_KEYS: "" });
  const first = await payerWithQuote();
  const second = await payerWithQuote();
  const before = await providerA.getTransactionCount(RELAYERS[0].address, "pending");

  const refused = refuseSends();
  const sendsBefore = sendsSeen();
  const jobA = await submit(first);
  // Signed and stored, its broadcast refused: the node knows none of its nonces.
  await waitFor(async () => sendsSeen(), (n) => n > sendsBefore, { timeoutMs: 30_000, intervalMs: 100 });
  const jobB = await submit(second);
  // The second job is not signed at the node's pending count (the first job's nonce): it waits
  // behind the first, and says so.
  const waiting = await waitFor(() => jobOf(jobB.id), (j) => j.waitingFor === "relayer", { timeoutMs: 30_000, intervalMs: 200 });
  assert.equal(waiting.status, "accepted");
  assert.equal(await providerA.getTransactionCount(RELAYERS[0].address, "pending"), before, "nothing reached the node");
  const storedA = refused[0];

  await allowSendsAtALowerPrice();
  const [a, b] = await Promise.all([jobA, jobB].map((j) => waitFor(() => jobOf(j.id), (x) => x.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 })));
  assert.equal(a.status, "published", JSON.stringify(a));
  assert.equal(b.status, "published", JSON.stringify(b));
  assert.equal(b.waitingFor, null);
  // Each funded once (each payer held exactly its amount), four transactions, in job order.
  assert.equal(await usdc().balanceOf(first.payer.address), 0n);
  assert.equal(await usdc().balanceOf(second.payer.address), 0n);
  assert.equal(await providerA.getTransactionCount(RELAYERS[0].address, "pending"), before + 4);
  const [txA, txB] = await Promise.all([a, b].map((j) => providerA.getTransaction(j.transactionHash)));
  assert.equal(txA.nonce, before + 1, "the first job's funding follows its authorization at the nonces it was signed with");
  assert.equal(txB.nonce, before + 3);
  // Its authorization is the very transaction it stored before the first refused broadcast.
  assert.equal((await minedFrom(storedA, "the first job's authorization")).nonce, before);
  await assertNoRevertedRelayerTransaction();
});

test("three accounts: a job signed by its account is relayed by that account after the key list is reordered, from its stored bytes", async () => {
  const persist = tempDir("sr-relayer-nonces-three-");
  dirs.push(persist);
  // The local configuration as it is: RELAYER_KEY, then RELAYER_KEYS #14, #15.
  await startOn(persist.dir);
  // A job whose id chooses account 1 or 2: reordering RELAYER_KEYS moves those positions.
  let paid;
  for (let i = 0; i < 12 && !paid; i++) {
    const candidate = await payerWithQuote();
    if (relayerAccountOf({ RELAYER_KEY: "0x1", RELAYER_KEYS: "0x2,0x3" }, jobIdOf(candidate.quote)) !== 0) paid = candidate;
  }
  assert.ok(paid, "a quote whose job chooses account 1 or 2 (odds 2 in 3 each try)");
  const position = relayerAccountOf({ RELAYER_KEY: "0x1", RELAYER_KEYS: "0x2,0x3" }, jobIdOf(paid.quote));
  const signer = RELAYERS[position];
  const moved = RELAYERS[3 - position]; // the account at that position once the list is reversed
  // The account the position will name after the reorder has used more nonces than the job's
  // account: relayed there, the job's stored nonce would count as taken.
  for (let i = 0; i < 3; i++) await (await moved.connect(providerA).sendTransaction({ to: moved.address, value: 0 })).wait();
  const before = await counts();

  const refused = refuseSends();
  const sendsBefore = sendsSeen();
  const job = await submit(paid);
  await waitFor(async () => sendsSeen(), (n) => n > sendsBefore, { timeoutMs: 30_000, intervalMs: 100 });
  const stored = refused[0];

  // The same storage, the key list reversed: position 1 is now #15 and position 2 #14.
  await startOn(persist.dir, { RELAYER_KEYS: [RELAYERS[2].privateKey, RELAYERS[1].privateKey].join(",") });
  await allowSendsAtALowerPrice();
  const done = await waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 });
  assert.equal(done.status, "published", JSON.stringify(done));
  assert.equal((await providerA.getTransaction(done.transactionHash)).from, signer.address, "relayed by the account it was signed by");
  assert.equal(await usdc().balanceOf(paid.payer.address), 0n, "funded once");
  // Two transactions from the job's account, none from the others: nothing signed anew.
  const after = await counts();
  assert.deepEqual(after.map((n, i) => n - before[i]), RELAYERS.map((w) => (w === signer ? 2 : 0)));
  // The authorization mined is the transaction stored before the restart, byte for byte.
  assert.equal((await minedFrom(stored, "the job's authorization")).from, signer.address);
  await assertNoRevertedRelayerTransaction();
});

test("three accounts: a key removed from the list: its job that it signed waits for it (never signed by another), its job it never signed goes to a listed account; the key back, the first is funded from its stored bytes", async () => {
  const persist = tempDir("sr-relayer-nonces-removed-");
  dirs.push(persist);
  await startOn(persist.dir);
  const positionOf = (candidate) => relayerAccountOf({ RELAYER_KEY: "0x1", RELAYER_KEYS: "0x2,0x3" }, jobIdOf(candidate.quote));
  // Two jobs of one account other than account 0 (RELAYER_KEY stays listed).
  const byPosition = new Map();
  let pair;
  for (let i = 0; i < 24 && !pair; i++) {
    const candidate = await payerWithQuote();
    const p = positionOf(candidate);
    if (p === 0) continue;
    if (byPosition.has(p)) pair = [byPosition.get(p), candidate];
    else byPosition.set(p, candidate);
  }
  assert.ok(pair, "two quotes whose jobs choose the same account, 1 or 2");
  const removed = RELAYERS[positionOf(pair[0])];
  const kept = RELAYERS[3 - positionOf(pair[0])];
  const before = await counts();

  // The first job signs and stores its transactions, none broadcast; the second waits behind it
  // (same account), signed by nothing.
  const refused = refuseSends();
  const sendsBefore = sendsSeen();
  const signed = await submit(pair[0]);
  await waitFor(async () => sendsSeen(), (n) => n > sendsBefore, { timeoutMs: 30_000, intervalMs: 100 });
  const stored = refused[0];
  const unsigned = await submit(pair[1]);
  await waitFor(() => jobOf(unsigned.id), (j) => j.waitingFor === "relayer", { timeoutMs: 30_000, intervalMs: 200 });

  // The removed account's key leaves the list.
  await startOn(persist.dir, { RELAYER_KEYS: kept.privateKey });
  await allowSendsAtALowerPrice();
  const moved = await waitFor(() => jobOf(unsigned.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 });
  assert.equal(moved.status, "published", JSON.stringify(moved));
  const mover = (await providerA.getTransaction(moved.transactionHash)).from;
  assert.ok([RELAYERS[0].address, kept.address].includes(mover), `relayed by a listed account, not ${mover}`);
  assert.equal(await usdc().balanceOf(pair[1].payer.address), 0n, "funded once");
  // The signed job waits for its account's key: still accepted, nothing sent from that account.
  await new Promise((r) => setTimeout(r, 3_000));
  assert.equal((await jobOf(signed.id)).status, "accepted");
  assert.equal(await providerA.getTransactionCount(removed.address, "pending"), before[RELAYERS.indexOf(removed)]);

  // The key back (the local list as it is): funded by the account that signed it, from its stored bytes.
  await startOn(persist.dir);
  const done = await waitFor(() => jobOf(signed.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 });
  assert.equal(done.status, "published", JSON.stringify(done));
  assert.equal((await providerA.getTransaction(done.transactionHash)).from, removed.address);
  assert.equal(await usdc().balanceOf(pair[0].payer.address), 0n, "funded once");
  const after = await counts();
  assert.equal(after[RELAYERS.indexOf(removed)] - before[RELAYERS.indexOf(removed)], 2, "two transactions from the account that signed, nothing anew");
  assert.equal(after.reduce((x, y) => x + y) - before.reduce((x, y) => x + y), 4, "two per job in all");
  assert.equal((await minedFrom(stored, "the signed job's authorization")).from, removed.address);
  await assertNoRevertedRelayerTransaction();
});

test("one account: the worker killed (kill -9) the moment its first transaction reaches the node: the signed bytes were stored before they left, so after the restart the job sends those same bytes, never a second signing", async () => {
  const persist = tempDir("sr-relayer-nonces-kill-");
  dirs.push(persist);
  await startOn(persist.dir, { RELAYER_KEYS: "" });
  const paid = await payerWithQuote();
  const before = await providerA.getTransactionCount(RELAYERS[0].address, "pending");
  // The first eth_sendRawTransaction kills workerd as it arrives; it reaches no node.
  let raw = null;
  proxy.faults.refuseSend = Infinity;
  proxy.faults.onSend = (bytes) => {
    if (raw) return;
    raw = bytes;
    for (const pid of workerdPids()) process.kill(pid, "SIGKILL");
  };
  const job = await submit(paid);
  await waitFor(async () => raw, Boolean, { timeoutMs: 30_000, intervalMs: 50 });
  proxy.faults.onSend = null;
  // The chain's price falls meanwhile: signed anew, the job's transactions would differ (the
  // stored ones still pay it, so they are simply sent again).
  const base = (await providerA.getBlock("latest")).baseFeePerGas;
  await providerA.send("anvil_setNextBlockBaseFeePerGas", ["0x" + (base / 2n > 0n ? base / 2n : 1n).toString(16)]);
  await providerA.send("evm_mine", []);
  proxy.faults.refuseSend = 0;
  await worker.dispose().catch(() => {});
  worker = undefined;
  await startOn(persist.dir, { RELAYER_KEYS: "" });
  const done = await waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 });
  assert.equal(done.status, "published", JSON.stringify(done));
  assert.equal(await usdc().balanceOf(paid.payer.address), 0n, "funded once");
  // The transaction at the job's first nonce is the one whose bytes left before the kill.
  const first = await providerA.getTransaction(keccak256(raw));
  assert.ok(first, "the bytes sent before the kill were mined, not a second signing");
  assert.equal(first.nonce, before);
  assert.equal(await providerA.getTransactionCount(RELAYERS[0].address, "pending"), before + 2);
  await assertNoRevertedRelayerTransaction();
});

test("one account: a node that shows the relayer's nonce used before it serves the receipt: the job is not failed as 'nonce taken', it finds its receipt and is funded once", async () => {
  const persist = tempDir("sr-relayer-nonces-receipt-");
  dirs.push(persist);
  await startOn(persist.dir, { RELAYER_KEYS: "" });
  const paid = await payerWithQuote();
  const before = await providerA.getTransactionCount(RELAYERS[0].address, "pending");
  // The relay looks for the authorization's receipt before sending it (none) and once it is
  // mined (anvil mines at once): both lookups answer null, while the nonce count already shows it.
  proxy.faults.nullReceipts = 2;
  const job = await submit(paid);
  const done = await waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
  proxy.faults.nullReceipts = 0;
  assert.equal(done.status, "published", JSON.stringify(done));
  assert.equal(await usdc().balanceOf(paid.payer.address), 0n, "funded once");
  assert.equal(await providerA.getTransactionCount(RELAYERS[0].address, "pending"), before + 2);
  await assertNoRevertedRelayerTransaction();
});
