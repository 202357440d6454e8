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
// - Three accounts: a job signed by its account, then the worker restarted with the key list
//   reordered, is still relayed by that account (the job keeps its account's address), from its
//   stored bytes; before, it went to whichever key sat at its old position.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Contract, Wallet } from "ethers";
import { devAccount, localProvider, writeGeneratedConfig } from "../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../scripts/chains/local.mjs";
import { relayerAccountOf } from "../src/relayer-accounts.js";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "./harness.mjs";
import { assertNoneReverted, erc3009Submit, localUsdcQuote, waitFor } from "./gasless-helpers.mjs";
import { startRpcProxy } from "./rpc-proxy.mjs";

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

/** Every relayer transaction since the suite started succeeded. */
const assertNoRevertedRelayerTransaction = () => assertNoneReverted(providerA, RELAYERS.map((w) => w.address), firstBlock);

test("one account: a job signed and stored but never broadcast holds its nonces; the next job waits (waitingFor relayer) instead of taking them, then both are funded once, in order", async () => {
  const persist = tempDir("sr-relayer-nonces-one-");
  dirs.push(persist);
  await startOn(persist.dir, { RELAYER_KEYS: "" });
  const first = await payerWithQuote();
  const second = await payerWithQuote();
  const before = await providerA.getTransactionCount(RELAYERS[0].address, "pending");

  proxy.faults.refuseSend = Infinity;
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

  proxy.faults.refuseSend = 0;
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

  proxy.faults.refuseSend = Infinity;
  const sendsBefore = sendsSeen();
  const job = await submit(paid);
  await waitFor(async () => sendsSeen(), (n) => n > sendsBefore, { timeoutMs: 30_000, intervalMs: 100 });

  // The same storage, the key list reversed: position 1 is now #15 and position 2 #14.
  await startOn(persist.dir, { RELAYER_KEYS: [RELAYERS[2].privateKey, RELAYERS[1].privateKey].join(",") });
  proxy.faults.refuseSend = 0;
  const done = await waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 });
  assert.equal(done.status, "published", JSON.stringify(done));
  assert.equal((await providerA.getTransaction(done.transactionHash)).from, signer.address, "relayed by the account it was signed by");
  assert.equal(await usdc().balanceOf(paid.payer.address), 0n, "funded once");
  // Two transactions from the job's account, none from the others: nothing signed anew.
  const after = await counts();
  assert.deepEqual(after.map((n, i) => n - before[i]), RELAYERS.map((w) => (w === signer ? 2 : 0)));
  await assertNoRevertedRelayerTransaction();
});
