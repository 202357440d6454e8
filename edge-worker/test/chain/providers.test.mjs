// The chain reader against a faulty provider, end to end: two anvil nodes with our contracts, the
// real worker bundle in workerd (Miniflare), and chain A's endpoint replaced by a fault-injecting
// JSON-RPC proxy in front of its anvil (rpc-proxy.mjs). Each fault is switched on for one polling
// round (the cron handler; the readers' own alarm is off), while a real funding is on chain A:
// - log ranges refused above 2 blocks: the reader reads them in halves and finds the funding;
// - HTTP 429 with Retry-After: the round fails, nothing reaches the provider before the
//   Retry-After, and the round after it finds the funding;
// - a node lagging 6 blocks behind (more than the local confirmation window of 4): nothing moves,
//   no status goes back, and the funding is found once the node catches up.
// Throughout, an intent funded earlier keeps its funding: no fault makes a status forget.
// And a quote's own reads through the same provider: its head, then the funder's allowance and
// balance in one JSON-RPC batch at that head, then the simulation at that block; a balance read
// the provider refuses inside the batch is that read's error (no checks), never a success.
// Needs a core build with Service (SR_WASM_DIR or build/wasm-release); loopback only.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { JsonRpcProvider, Wallet } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { writeGeneratedConfig } from "../../../scripts/chains/deploy.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { waitFor } from "../gasless-helpers.mjs";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";
import { startRpcProxy } from "../rpc-proxy.mjs";

const JSON_HEADERS = { "content-type": "application/json" };
const funderKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil #1
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // anvil #6

let stack, outDir, overlayDir, bundleDir, persist, worker, proxy;
let chainA, chainB, providerA;

const statusOf = async (intentHash) => {
  const res = await worker.fetch(`/v1/intents/status?intentHash=${intentHash}`, { key: DEV_KEYS.acme });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
};
const fundingOf = async (intentHash) => (await statusOf(intentHash)).transactions.funded?.transactionHash ?? null;

/** One polling round of every chain reader (the scheduled handler). */
async function pollOnce() {
  const fetcher = await worker.mf.getWorker();
  await fetcher.scheduled({ cron: "* * * * *" });
}

/** A quote from chain A to chain B of `amount` USDC (6 decimals) for the funder. */
async function quoteOnA(amount) {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: JSON_HEADERS,
    body: JSON.stringify({
      type: "exact-in",
      source: { chainId: chainA.chainId, token: chainA.tokens.USDC, amount, funder: new Wallet(funderKey).address },
      destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT },
      dappId: "providers-e2e",
    }),
  });
  const quote = await res.json();
  assert.equal(res.status, 200, JSON.stringify(quote));
  return quote;
}

/** A quote on chain A whose registration has landed, funded as quoted by the funder. */
async function fundedQuote(amount) {
  const quote = await quoteOnA(amount);
  await waitFor(() => statusOf(quote.intentHash), (b) => b.status === "pending", { timeoutMs: 5_000 });
  const wallet = new Wallet(funderKey, providerA);
  let receipt;
  for (const tx of [quote.execution.approval, quote.execution.transaction]) {
    if (!tx) continue;
    receipt = await (await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })).wait();
  }
  return { intentHash: quote.intentHash, fundingHash: receipt.hash };
}

/** Chain A's reader cursor, read straight from its Durable Object. */
async function cursorOfA() {
  const namespace = await worker.mf.getDurableObjectNamespace("CHAIN_READERS");
  return namespace.get(namespace.idFromName(`chain:${chainA.chainId}`)).cursor();
}

const mine = (n) => providerA.send("anvil_mine", ["0x" + n.toString(16)]);
const logReads = (since) => proxy.requests.slice(since).filter((r) => r.method === "eth_getLogs");

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-providers-"));
  overlayDir = mkdtempSync(join(tmpdir(), "sr-providers-overlay-"));
  stack = await startLocalStack({
    chains: [
      { name: "Test A", chainId: 31337, port: await freePort() },
      { name: "Test B", chainId: 31338, port: await freePort() },
    ],
    outDir,
    solver: false,
    log: () => {},
  });
  [chainA, chainB] = stack.deployment.chains;
  providerA = new JsonRpcProvider(chainA.rpcUrl, chainA.chainId, { staticNetwork: true, cacheTimeout: -1 });
  proxy = await startRpcProxy(chainA.rpcUrl);
  // The worker knows chain A only through the proxy.
  const deployment = structuredClone(stack.deployment);
  deployment.chains[0].rpcUrl = proxy.url;
  writeGeneratedConfig(deployment, overlayDir);
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: overlayDir } });
  persist = tempDir("sr-providers-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { POLL_INTERVAL_MS: "0", POLL_CONFIRMATIONS: "4" } });
});

after(async () => {
  await worker?.dispose();
  await proxy?.close();
  await stack?.stop();
  persist?.remove();
  for (const dir of [outDir, overlayDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  if (bundleDir) removeBundle(bundleDir);
});

describe("a faulty provider in front of chain A", { timeout: 150_000 }, () => {
  let earlier;

  test("first, a funding read through the healthy proxy", async () => {
    earlier = await fundedQuote("2000000");
    await pollOnce();
    assert.equal(await fundingOf(earlier.intentHash), earlier.fundingHash);
  });

  test("log ranges refused above 2 blocks are read in halves", async () => {
    const intent = await fundedQuote("2100000");
    await mine(6);
    proxy.faults.maxLogRange = 2;
    const since = proxy.requests.length;
    await pollOnce();
    proxy.faults.maxLogRange = null;
    assert.equal(await fundingOf(intent.intentHash), intent.fundingHash);
    const reads = logReads(since);
    assert.ok(reads.some((r) => r.toBlock - r.fromBlock + 1 > 2), "a wide range was asked first");
    const answered = reads.filter((r) => r.toBlock - r.fromBlock + 1 <= 2);
    assert.ok(answered.length >= 2, JSON.stringify(reads));
    assert.equal(await fundingOf(earlier.intentHash), earlier.fundingHash);
  });

  test("HTTP 429: nothing is sent before its Retry-After, and the next round reads", async () => {
    const intent = await fundedQuote("2200000");
    proxy.faults.rateLimited = 1;
    proxy.faults.retryAfter = 2;
    const since = proxy.requests.length;
    await pollOnce();
    assert.equal(await fundingOf(intent.intentHash), null);
    assert.equal(proxy.requests.length - since, 1, "one request, answered 429");
    await pollOnce(); // within the Retry-After: the reader does not ask
    assert.equal(proxy.requests.length - since, 1, JSON.stringify(proxy.requests.slice(since)));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await pollOnce();
    assert.equal(await fundingOf(intent.intentHash), intent.fundingHash);
    assert.equal(await fundingOf(earlier.intentHash), earlier.fundingHash);
  });

  test("a node 6 blocks behind moves nothing; caught up, the funding is read", async () => {
    await pollOnce();
    const intent = await fundedQuote("2300000");
    proxy.faults.lagBy = 6;
    const before = { earlier: await statusOf(earlier.intentHash), cursor: await cursorOfA() };
    const since = proxy.requests.length;
    await pollOnce();
    await pollOnce();
    assert.equal(await fundingOf(intent.intentHash), null, "the lagging node does not have the funding");
    assert.deepEqual(logReads(since), [], "no log is read from a node behind the cursor");
    assert.equal((await cursorOfA()).block, before.cursor.block, "the cursor stays where it was proved");
    assert.deepEqual((await statusOf(earlier.intentHash)).transactions.funded.transactionHash, before.earlier.transactions.funded.transactionHash);
    proxy.faults.lagBy = 0;
    await pollOnce();
    assert.equal(await fundingOf(intent.intentHash), intent.fundingHash);
    assert.equal(await fundingOf(earlier.intentHash), earlier.fundingHash);
  });
});

describe("a quote's reads through the provider", { timeout: 60_000 }, () => {
  const QUOTE_METHODS = new Set(["eth_blockNumber", "eth_call", "eth_simulateV1"]);

  test("three round trips: the head, allowance and balance in one batch at it, the simulation at it", async () => {
    const since = proxy.roundTrips.length;
    const quote = await quoteOnA("1500000");
    const trips = proxy.roundTrips.slice(since).filter((calls) => calls.every((c) => QUOTE_METHODS.has(c.method)));
    const block = "0x" + quote.checks.blockNumber.toString(16);
    assert.deepEqual(trips.map((calls) => calls.map((c) => c.method)), [["eth_blockNumber"], ["eth_call", "eth_call"], ["eth_simulateV1"]]);
    assert.deepEqual(trips[1].map((c) => c.params[1]), [block, block]);
    assert.equal(trips[2][0].params[1], block);
    assert.equal(quote.execution.transaction.gasEstimated, true);
  });

  test("a balance read the provider refuses inside the batch: no checks, the approval listed", async () => {
    const balanceOf = "0x70a08231";
    proxy.faults.answer = (method, params) => (method === "eth_call" && params[0]?.data?.startsWith(balanceOf) ? { code: -32000, message: "header not found" } : null);
    try {
      const quote = await quoteOnA("1600000");
      assert.equal(quote.checks, null);
      assert.equal(quote.execution.approvals.length, 1);
      assert.equal(quote.execution.approval.to.toLowerCase(), chainA.tokens.USDC.toLowerCase());
    } finally {
      proxy.faults.answer = null;
    }
  });
});
