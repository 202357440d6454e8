// Refunds nobody has to send, on the local chains with the real Portal (scripts/chains
// startLocalStack, no solver loop: nothing is ever filled): two keyed quotes' intents are funded
// by their users' wallets, and their source chain's clock reaches their reward deadlines.
// - One intent's refund is sent first by a bystander with the Portal's refund call (encoded here
//   with ethers from the quote's own intent): the relayer sends nothing for it.
// - The other is refunded by the worker's relayer with no action from anyone: the status moves to
//   refunded naming the relayer's transaction, a call of Portal.refund with exactly the quote's
//   arguments, and the refund recipient (the funder) has every token back.
// - A reorganisation (anvil_reorg) removes that refund: the relayer sends the same signed bytes
//   again (same hash, same nonce), the intent is refunded once (one IntentRefunded, the
//   recipient paid once), and the relayer sent one transaction in all, none reverted.
// - A refund job that fails with nothing sent (the relayer's simulation right before signing is
//   refused once: the node answers eth_simulateV1 "not available", through a JSON-RPC proxy
//   between the worker and chain A) does not hold the intent: a later look replaces it by the
//   job's next generation (op refundStep), which is mined; one refund, one relayer transaction.
// Each test has its own local chains and worker. The worker relays from RELAYER_KEY alone
// (anvil #11). Needs a core build (build/wasm-release); loopback only.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, Interface, Wallet, getAddress, keccak256 } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { devAccount, localProvider, writeGeneratedConfig } from "../../../scripts/chains/deploy.mjs";
import { loadArtifact } from "../../../scripts/chains/compile.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { localUsdcQuote, waitFor } from "../gasless-helpers.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { startRpcProxy } from "../rpc-proxy.mjs";

const RELAYER = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"; // anvil #11
const ONE_ACCOUNT = { RELAYER_KEYS: "" };
const portal = new Interface(loadArtifact("Portal").abi);
const INTENT_REFUNDED = portal.getEvent("IntentRefunded").topicHash;
const ERC20 = ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)"];

let stack, outDir, overlayDir, proxy, persist, worker, chainA, providerA;

/** Fresh local chains (no solver) and a worker that reaches chain A through the proxy. */
async function start(bindings) {
  outDir = mkdtempSync(join(tmpdir(), "sr-refunds-chains-"));
  stack = await startLocalStack({
    chains: [
      { name: "Test A", chainId: 31337, port: await freePort() },
      { name: "Test B", chainId: 31338, port: await freePort() },
    ],
    outDir,
    solver: false,
    log: () => {},
  });
  [chainA] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  // The test's own provider reads anvil directly.
  proxy = await startRpcProxy(chainA.rpcUrl);
  const deployment = structuredClone(stack.deployment);
  deployment.chains.find((c) => c.chainId === 31337).rpcUrl = proxy.url;
  overlayDir = mkdtempSync(join(tmpdir(), "sr-refunds-overlay-"));
  writeGeneratedConfig(deployment, overlayDir);
  const bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: overlayDir } });
  persist = tempDir("sr-refunds-chains-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { ...ONE_ACCOUNT, ...bindings } });
}

async function stop() {
  await worker?.dispose();
  persist?.remove();
  providerA?.destroy();
  await proxy?.close();
  await stack?.stop();
  for (const dir of [outDir, overlayDir]) if (dir) rmSync(dir, { recursive: true, force: true });
}

const statusOf = async (intentHash) => {
  const res = await worker.fetch(`/v1/intents/status?intentHash=${intentHash}`, { key: DEV_KEYS.acme });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
};
const usdcOf = (address) => new Contract(chainA.tokens.USDC, ERC20, providerA).balanceOf(address);

/** A fresh wallet on chain A holding `amount` USDC and some ETH for its own transactions. */
async function walletWith(amount) {
  const wallet = Wallet.createRandom().connect(providerA);
  await providerA.send("anvil_setBalance", [wallet.address, "0xde0b6b3a7640000"]);
  await (await new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA)).transfer(wallet.address, amount)).wait();
  return wallet;
}

/** Sends the quote's approval and funding exactly as quoted. */
async function fund(wallet, quote) {
  for (const tx of [quote.execution.approval, quote.execution.transaction]) {
    if (!tx) continue;
    await (await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })).wait();
  }
}

/** Portal.refund(destination, routeHash, reward) of the quote's intent, encoded with ethers. */
function refundData(quote) {
  const { destination, reward } = quote.execution.intent;
  return portal.encodeFunctionData("refund", [destination, keccak256(quote.steps[0].intents[0].encodedRoute), reward]);
}

/** The transactions `from` sent on chain A in blocks after `fromBlock`. */
async function sentBy(from, fromBlock) {
  const found = [];
  for (let n = fromBlock + 1; n <= (await providerA.getBlockNumber()); n++) {
    for (const tx of (await providerA.getBlock(n, true)).prefetchedTransactions) if (tx.from === from) found.push(tx);
  }
  return found;
}

/** The IntentRefunded logs of `intentHash` on chain A's canonical chain now. */
async function refundLogs(intentHash) {
  const logs = await providerA.getLogs({ address: chainA.portal, fromBlock: 0, toBlock: "latest", topics: [INTENT_REFUNDED] });
  return logs.filter((l) => portal.parseLog(l).args.intentHash === intentHash);
}

/** The chain reader's view of chain A's clock (what the worker judges deadlines by). */
async function readerTime() {
  const ns = await worker.mf.getDurableObjectNamespace("CHAIN_READERS");
  return (await ns.get(ns.idFromName("chain:31337")).cursor())?.headTime ?? null;
}

/** The relayer's refund job of an intent, as its object holds it (null: none). */
async function refundJob(intentHash) {
  const ns = await worker.mf.getDurableObjectNamespace("GASLESS_JOBS");
  return (await ns.get(ns.idFromName(`refund:${intentHash}`)).read())?.job ?? null;
}

/**
 * One quote per amount, each funded by a fresh wallet while chain A's clock stands 20 s before the
 * earlier reward deadline, as the worker's reader has seen: their watch looks again when the
 * deadline comes by that clock.
 */
async function fundedBeforeTheirDeadline(amounts) {
  const wallets = [];
  for (const amount of amounts) wallets.push(await walletWith(amount));
  const quotes = [];
  for (let i = 0; i < amounts.length; i++) {
    quotes.push(await localUsdcQuote(worker, stack.deployment, { funder: wallets[i].address, amount: String(amounts[i]), dappId: "refunds-chains-test" }));
  }
  for (const q of quotes) await waitFor(() => statusOf(q.intentHash), (b) => b.status === "pending", { timeoutMs: 5_000 });
  const deadlines = quotes.map((q) => Number(q.execution.intent.reward.deadline));
  // The source chain's clock jumps to 20 s before the earlier reward deadline (its route
  // deadline long past on this chain, not on the destination's), and the worker's reader sees
  // it before the fundings.
  const early = Math.min(...deadlines) - 20;
  await providerA.send("evm_setNextBlockTimestamp", [early]);
  await providerA.send("evm_mine", []);
  await waitFor(readerTime, (t) => t !== null && t >= early, { timeoutMs: 20_000 });
  // The worker caches the chain clocks for 5 s (chain/clocks.js).
  await new Promise((r) => setTimeout(r, 5_500));
  for (let i = 0; i < amounts.length; i++) await fund(wallets[i], quotes[i]);
  for (const q of quotes) {
    const s = await waitFor(() => statusOf(q.intentHash), (b) => b.transactions.funded !== null, { timeoutMs: 20_000 });
    assert.equal(s.status, "pending");
  }
  return { wallets, quotes, deadline: Math.max(...deadlines) };
}

describe("refunds the relayer sends itself", { timeout: 240_000 }, () => {
  before(() => start({}));
  after(stop);

  test("an intent nobody fills is refunded at its reward deadline with no action from its user, once through a reorganisation; one someone else refunded first is not", async () => {
    const {
      wallets: [alice, bob],
      quotes: [ours, theirs],
      deadline,
    } = await fundedBeforeTheirDeadline([7_000_000n, 5_000_000n]);
    assert.equal(await usdcOf(alice.address), 0n);
    const startBlock = await providerA.getBlockNumber();
    const relayerNonce = await providerA.getTransactionCount(RELAYER);

    // Someone else sends bob's refund in the very block that reaches both deadlines.
    const bystander = devAccount(9, providerA);
    await providerA.send("evm_setNextBlockTimestamp", [deadline]);
    const theirRefund = await (await bystander.sendTransaction({ to: chainA.portal, data: refundData(theirs) })).wait();
    assert.equal(theirRefund.status, 1);
    assert.equal(await usdcOf(bob.address), 5_000_000n);

    // Alice does nothing: the relayer refunds her intent.
    const refunded = await waitFor(() => statusOf(ours.intentHash), (b) => b.status === "refunded", { timeoutMs: 90_000, intervalMs: 500 });
    const hash = refunded.transactions.refunded.transactionHash;
    const sent = await providerA.getTransaction(hash);
    assert.equal(sent.from, RELAYER);
    assert.equal(sent.to, getAddress(chainA.portal));
    assert.equal(sent.data, refundData(ours));
    // The status's ready-to-send refund was this very call.
    assert.equal((await providerA.getTransactionReceipt(hash)).status, 1);
    assert.equal(await usdcOf(alice.address), 7_000_000n);
    assert.equal(refunded.reason.code, "not-filled");
    assert.equal(refunded.refund, null);
    // Bob's: the bystander's refund, and nothing from the relayer.
    const theirStatus = await statusOf(theirs.intentHash);
    assert.equal(theirStatus.status, "refunded");
    assert.equal(theirStatus.transactions.refunded.transactionHash, theirRefund.hash);
    assert.deepEqual((await sentBy(RELAYER, startBlock)).map((tx) => tx.hash), [hash]);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce + 1);
    const job = await waitFor(() => refundJob(ours.intentHash), (j) => j?.status === "published", { timeoutMs: 30_000 });
    assert.equal(job.transactionHash, hash);
    assert.equal(job.standard, "refund");
    assert.equal(await refundJob(theirs.intentHash), null);

    // A reorganisation removes the relayer's refund: it is sent again, the same bytes.
    const refundBlock = (await providerA.getTransactionReceipt(hash)).blockNumber;
    await providerA.send("evm_setAutomine", [false]);
    try {
      const depth = (await providerA.getBlockNumber()) - refundBlock + 1;
      await providerA.send("anvil_reorg", [depth, []]);
      assert.equal(await providerA.send("eth_getTransactionReceipt", [hash]), null);
      assert.equal(await usdcOf(alice.address), 0n);
      // The refund's job saw its receipt go: accepted again, naming no transaction.
      const back = await waitFor(() => refundJob(ours.intentHash), (j) => j?.status === "accepted", { timeoutMs: 30_000, intervalMs: 200 });
      assert.deepEqual([back.id, back.transactionHash, back.error], [`refund:${ours.intentHash}`, null, null]);
      // Waiting in the pool again (re-sent by the relayer, or kept by the node), never a second one.
      const pending = await waitFor(() => providerA.send("eth_getTransactionByHash", [hash]), (tx) => tx !== null && tx.blockNumber === null, { timeoutMs: 60_000, intervalMs: 200 });
      assert.equal(pending.nonce, "0x" + relayerNonce.toString(16));
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await providerA.send("evm_mine", []);
    const again = await waitFor(() => statusOf(ours.intentHash), (b) => b.status === "refunded", { timeoutMs: 60_000, intervalMs: 300 });
    assert.equal(again.transactions.refunded.transactionHash, hash);
    assert.equal((await providerA.getTransactionReceipt(hash)).status, 1);
    // Refunded once: the recipient paid once, one IntentRefunded each, one relayer transaction.
    assert.equal(await usdcOf(alice.address), 7_000_000n);
    assert.deepEqual((await refundLogs(ours.intentHash)).map((l) => l.transactionHash), [hash]);
    assert.deepEqual((await refundLogs(theirs.intentHash)).map((l) => l.transactionHash), [theirRefund.hash]);
    // A little later still nothing more: the job watches its refund, nothing else is sent.
    await providerA.send("anvil_mine", ["0x3"]);
    await new Promise((r) => setTimeout(r, 3_000));
    const relayed = await sentBy(RELAYER, startBlock);
    assert.deepEqual(relayed.map((tx) => tx.hash), [hash]);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce + 1);
  });
});

describe("a refund job that failed with nothing sent", { timeout: 240_000 }, () => {
  // The intent is looked at again 2 s after a look, not 10 minutes (REFUND_RETRY_SEC).
  before(() => start({ REFUND_RETRY_SEC: "2" }));
  after(stop);

  test("is replaced by its next generation at a later look, which refunds the intent once", async () => {
    // The relayer's simulations of the refund: the first (before the job is stored) passes, the
    // second (right before signing) finds a node that cannot simulate, so the job fails with
    // nothing signed or sent; every later one passes.
    // (The quotes' gas estimates simulate too: only the Portal's refund calls are counted.)
    const refundSelector = portal.getFunction("refund").selector;
    const isRefund = (params) => params[0]?.blockStateCalls?.[0]?.calls?.[0]?.data?.startsWith(refundSelector) ?? false;
    let simulations = 0;
    proxy.faults.answer = (method, params) =>
      method === "eth_simulateV1" && isRefund(params) && ++simulations === 2 ? { code: -32601, message: "the method eth_simulateV1 does not exist/is not available" } : undefined;
    const {
      wallets: [alice],
      quotes: [ours],
      deadline,
    } = await fundedBeforeTheirDeadline([6_000_000n]);
    const startBlock = await providerA.getBlockNumber();
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    await providerA.send("evm_setNextBlockTimestamp", [deadline]);
    await providerA.send("evm_mine", []);

    const refunded = await waitFor(() => statusOf(ours.intentHash), (b) => b.status === "refunded", { timeoutMs: 120_000, intervalMs: 500 });
    const hash = refunded.transactions.refunded.transactionHash;
    assert.ok(simulations >= 4, `the relayer simulated ${simulations} times`);
    // The refund is the second generation's: the first failed, and its row was replaced.
    const job = await waitFor(() => refundJob(ours.intentHash), (j) => j?.status === "published", { timeoutMs: 30_000 });
    assert.deepEqual([job.id, job.transactionHash], [`refund:${ours.intentHash}:2`, hash]);
    const sent = await providerA.getTransaction(hash);
    assert.deepEqual([sent.from, sent.to, sent.data], [RELAYER, getAddress(chainA.portal), refundData(ours)]);
    assert.equal((await providerA.getTransactionReceipt(hash)).status, 1);
    assert.equal(await usdcOf(alice.address), 6_000_000n);
    // Refunded once, by one relayer transaction: the failed generation sent nothing.
    assert.deepEqual((await refundLogs(ours.intentHash)).map((l) => l.transactionHash), [hash]);
    assert.deepEqual((await sentBy(RELAYER, startBlock)).map((tx) => tx.hash), [hash]);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce + 1);
    // Looked at again later: the refunded intent starts nothing more.
    await providerA.send("anvil_mine", ["0x3"]);
    await new Promise((r) => setTimeout(r, 5_000));
    assert.deepEqual((await sentBy(RELAYER, startBlock)).map((tx) => tx.hash), [hash]);
    assert.equal((await refundJob(ours.intentHash)).id, `refund:${ours.intentHash}:2`);
  });
});
