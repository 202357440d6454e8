// Intent status from real chain events, end to end: two anvil nodes with our contracts
// (scripts/chains), the real worker bundle in workerd (Miniflare) with the local chains as its
// configuration, a test wallet (ethers) sending the quote's execution.approval and
// execution.transaction as-is, and the reference solver filling and proving. Checks:
// - exact-in: pending -> filled (a pushed fill log) -> settled (polled proof), through a worker
//   restart that keeps every record and cursor; the recipient gets at least minAmountOut;
// - POST /internal/chain-events: bearer token, idempotency, malformed logs;
// - an intent another integrator publishes on the shared Portal: no record, no transaction index;
// - reorganisations (anvil_reorg) that remove the funding block of one intent and the fill block
//   of another: the status goes back (the funding leaves the record; filled -> pending, on the
//   open stream too) and no status, stream event or legacy answer names the vanished transaction;
//   deeper than the confirmation window but above the finalized block, the funding of one, then the
//   proof (settled -> filled) and the fill (filled -> pending) of another, on either chain;
// - lookups by transaction hash (funding, fill, proof, refund; on a chain or any), and none by a
//   transaction a reorganisation removed or another integrator's;
// - an unfilled intent (solver stopped): expired (offering refund.transaction) -> refundable at
//   exactly refund.availableAt by the chain clock (evm_setNextBlockTimestamp) -> that transaction,
//   sent as-is by a wallet that is not the funder in a block at availableAt -> refunded, and the
//   funder has its tokens back.
// Needs a core build with Service (SR_WASM_DIR or build/wasm-release); loopback only.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, HDNodeWallet, Interface, JsonRpcProvider, Wallet, getAddress, keccak256 } from "ethers";
import { DEV_MNEMONIC, freePort } from "../../../scripts/chains/anvil.mjs";
import { loadArtifact } from "../../../scripts/chains/compile.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { ACCOUNT_INDEX, devAccount } from "../../../scripts/chains/deploy.mjs";
import { parseIntentPublished, startSolver } from "../../../scripts/chains/solver.mjs";
import { waitFor } from "../gasless-helpers.mjs";
import { sse } from "../sse.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";

const JSON_HEADERS = { "content-type": "application/json" };
const INDEXER = { authorization: "Bearer dev-indexer-token", ...JSON_HEADERS };
const funderKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil #1
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // anvil #6
// Sends the refund: any account may, and this one has no other part in the local stack.
const bystander = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'/0/9");
const portalInterface = new Interface(loadArtifact("Portal").abi);
const erc20 = ["function balanceOf(address) view returns (uint256)"];

let stack, outDir, bundleDir, persist, worker, solver;
let chainA, chainB, providerA, providerB;

const statusOf = async (query) => {
  const res = await worker.fetch(`/v1/intents/status?${new URLSearchParams(query)}`, { key: DEV_KEYS.acme });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
};

/** One polling round now (the scheduled handler), for a worker whose alarm is off. */
async function pollOnce() {
  const fetcher = await worker.mf.getWorker();
  await fetcher.scheduled({ cron: "* * * * *" });
}

/** The chain readers' stored cursors, read straight from their Durable Objects. */
async function cursors() {
  const namespace = await worker.mf.getDurableObjectNamespace("CHAIN_READERS");
  const read = await Promise.all([chainA, chainB].map((c) => namespace.get(namespace.idFromName(`chain:${c.chainId}`)).cursor()));
  return read.filter(Boolean).map((c) => ({ chain_id: c.chainId, block: c.block, head: c.head, head_time: c.headTime, polled_at: c.polledAt }));
}

/** POST /api/v3/intents/intentStatus, keyless; the response unread. */
const legacyStatusOf = (query) =>
  worker.fetch("/api/v3/intents/intentStatus", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(query) });

// This suite's worker polls only when asked (the cron handler): every look polls first, so a
// test does not depend on which earlier test left a polling worker behind.
async function polledStatus(query) {
  await pollOnce();
  return statusOf(query);
}

/** A quote whose registration has landed: a funding log is then never read before its intent. */
async function registeredQuote(amount) {
  const quote = await quoteExactIn(amount);
  await waitFor(() => statusOf({ intentHash: quote.intentHash }), (b) => b.status === "pending", { timeoutMs: 5_000 });
  return quote;
}

async function quoteExactIn(amount) {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: JSON_HEADERS,
    body: JSON.stringify({
      type: "exact-in",
      source: { chainId: chainA.chainId, token: chainA.tokens.USDC, amount, funder: new Wallet(funderKey).address },
      destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT },
      dappId: "status-e2e",
    }),
  });
  const quote = await res.json();
  assert.equal(res.status, 200, JSON.stringify(quote));
  return quote;
}

/** Sends execution.approval then execution.transaction exactly as quoted. */
async function fund(quote) {
  const wallet = new Wallet(funderKey, providerA);
  const receipts = [];
  for (const tx of [quote.execution.approval, quote.execution.transaction]) {
    if (!tx) continue;
    assert.equal(tx.from, wallet.address);
    const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    receipts.push(await sent.wait());
  }
  return receipts.at(-1);
}

/** Moves both chains' clocks to `unixSeconds` and mines a block on each. */
async function warpTo(unixSeconds) {
  for (const p of [providerA, providerB]) {
    await p.send("evm_setNextBlockTimestamp", [unixSeconds]);
    await p.send("evm_mine", []);
  }
}

const pushLogs = (chainId, logs, headers = INDEXER) =>
  worker.fetch("/internal/chain-events", { method: "POST", headers, body: JSON.stringify({ chainId, logs }) });

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-status-chains-"));
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
  providerB = new JsonRpcProvider(chainB.rpcUrl, chainB.chainId, { staticNetwork: true, cacheTimeout: -1 });
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-status-chains-state-");
  // The first worker polls only when told to, so each status step is observed deterministically.
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { POLL_INTERVAL_MS: "0" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await solver?.stop();
  providerA?.destroy();
  providerB?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("intent status from the local chains", { timeout: 150_000 }, () => {
  let settledQuote;

  test("the local configuration lists only the local chains, with rpcUrl", async () => {
    const { chains } = await (await worker.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    assert.deepEqual(chains.map((c) => c.chainId), [31337, 31338]);
    assert.equal(chains[0].rpcUrl, chainA.rpcUrl);
    assert.equal(chains[0].blockExplorerUrl, null);
  });

  test("exact-in: pending -> filled -> settled, across a worker restart", async () => {
    const quote = await quoteExactIn("25000000");
    const quoteId = quote.id.slice("quote:".length);
    // Registration runs after the answer: until it lands the quote reads as unknown.
    const first = await statusOf({ quoteId });
    assert.ok(["unknown", "pending"].includes(first.status), JSON.stringify(first));
    let s = await waitFor(() => statusOf({ quoteId }), (b) => b.status === "pending", { timeoutMs: 5_000 });
    assert.equal(s.intentHash, quote.intentHash);
    assert.deepEqual(Object.values(s.transactions), [null, null, null, null, null, null]);

    // Registered but not yet created on chain: Eco's intentCreated is required, so the legacy
    // lookup answers 404 until the chain shows the intent.
    const early = await legacyStatusOf({ intentHash: quote.intentHash });
    assert.equal(early.status, 404);
    assert.equal((await early.json()).code, "not-found");

    const funding = await fund(quote);
    await pollOnce();
    s = await statusOf({ intentHash: quote.intentHash });
    assert.equal(s.status, "pending");
    const waiting = await legacyStatusOf({ intentHash: quote.intentHash });
    const waitingBody = await waiting.json();
    assert.equal(waiting.status, 200, JSON.stringify(waitingBody));
    assert.deepEqual(waitingBody.data, {
      intentHash: quote.intentHash,
      status: { status: "Pending", subStatus: "WaitingToFulfill", subStatusMessage: "The intent is created on the source chain and waits for a solver to fulfill it." },
      intentCreated: { chainId: 31337, transactionHash: funding.hash, blockExplorerUrl: "" },
    });
    assert.equal(s.sourceChainId, 31337);
    assert.equal(s.destinationChainId, 31338);
    const { confirmations, final, ...fundedRef } = s.transactions.funded;
    assert.deepEqual(fundedRef, { chainId: 31337, transactionHash: funding.hash, blockNumber: funding.blockNumber, blockExplorerUrl: null });
    // anvil's finalized block is 64 below its head: a fresh funding is not final, nor the status.
    assert.ok(Number.isInteger(confirmations) && confirmations >= 0 && confirmations < 64, `${confirmations}`);
    assert.equal(final, false);
    assert.equal(s.final, false);
    assert.equal(s.transactions.published.transactionHash, funding.hash);
    // The same body by the funding transaction's hash, on its chain or on any; not on the other.
    assert.deepEqual(await statusOf({ transactionHash: funding.hash }), s);
    assert.deepEqual(await statusOf({ transactionHash: "0x" + funding.hash.slice(2).toUpperCase(), chainId: "31337" }), s);
    assert.equal((await statusOf({ transactionHash: funding.hash, chainId: "31338" })).status, "unknown");
    assert.equal((await statusOf({ transactionHash: "0x" + "ab".repeat(32) })).status, "unknown");
    const malformed = await worker.fetch(`/v1/intents/status?transactionHash=0x12`, { key: DEV_KEYS.acme });
    assert.equal(malformed.status, 400);
    assert.equal((await malformed.json()).errors[0].field, "transactionHash");

    solver = await startSolver({ chains: stack.deployment.chains, pollMs: 200, log: () => {} });
    await solver.waitFor(quote.intentHash, ["proven", "withdrawn"], 30_000);
    // An indexer pushes the destination's fill before the poller has seen the proof.
    const fills = await providerB.send("eth_getLogs", [{ address: chainB.portal, topics: [portalInterface.getEvent("IntentFulfilled").topicHash, quote.intentHash], fromBlock: "0x0", toBlock: "latest" }]);
    assert.equal(fills.length, 1);
    let res = await pushLogs(31338, fills);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).applied, 1);
    const filled = await statusOf({ quoteId });
    assert.equal(filled.status, "filled");
    assert.equal(filled.transactions.fulfilled.chainId, 31338);
    res = await pushLogs(31338, fills);
    assert.deepEqual(await res.json(), { applied: 0, updated: 0, ignored: [], unregistered: 0 });
    assert.deepEqual(await statusOf({ quoteId }), filled);

    // A restart: the new worker (polling from its alarm every second) keeps records and cursors.
    const cursorsBefore = await cursors();
    assert.ok(cursorsBefore.find((c) => c.chain_id === 31337).block >= funding.blockNumber, JSON.stringify(cursorsBefore));
    await worker.dispose();
    worker = await startWorker({ bundleDir, persistDir: persist.dir });
    assert.deepEqual(await cursors(), cursorsBefore);
    const settled = await waitFor(() => statusOf({ quoteId }), (b) => b.status === "settled", { timeoutMs: 20_000 });
    assert.equal(settled.transactions.published.transactionHash, funding.hash);
    assert.equal(settled.transactions.fulfilled.transactionHash, filled.transactions.fulfilled.transactionHash);
    assert.equal(settled.transactions.proven.chainId, 31337);
    const recipientBalance = await new Contract(chainB.tokens.USDC, erc20, providerB).balanceOf(RECIPIENT);
    assert.ok(recipientBalance >= BigInt(quote.destination.minAmountOut), `${recipientBalance} < ${quote.destination.minAmountOut}`);

    // The same intent by its creation and by its fill transaction: one answer, Eco's shape (the
    // harness holds every /api/v3 answer to Eco's published schemas).
    for (const query of [{ intentCreatedHash: funding.hash }, { fulfillmentHash: filled.transactions.fulfilled.transactionHash }]) {
      const legacy = await legacyStatusOf(query);
      const legacyBody = await legacy.json();
      assert.equal(legacy.status, 200, JSON.stringify(legacyBody));
      assert.deepEqual(legacyBody.data, {
        intentHash: quote.intentHash,
        status: { status: "Completed", subStatus: "Fulfilled", subStatusMessage: "The intent was fulfilled: the solver delivered to the recipient on the destination chain." },
        intentCreated: { chainId: 31337, transactionHash: funding.hash, blockExplorerUrl: "" },
        fulfillment: { chainId: 31338, transactionHash: filled.transactions.fulfilled.transactionHash, blockExplorerUrl: "" },
      });
    }
    // The fill (destination) and the proof (source) find the settled intent too.
    for (const [transactionHash, chainId] of [[settled.transactions.fulfilled.transactionHash, "31338"], [settled.transactions.proven.transactionHash, "31337"]]) {
      assert.deepEqual(await statusOf({ transactionHash, chainId }), await statusOf({ intentHash: quote.intentHash }));
    }
    settledQuote = quote;
  });

  test("/internal/chain-events takes only the indexer token and well-formed logs", async () => {
    for (const headers of [JSON_HEADERS, { ...JSON_HEADERS, authorization: "Bearer wrong" }, { ...JSON_HEADERS, authorization: "dev-indexer-token" }]) {
      const res = await pushLogs(31337, [], headers);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).code, "invalid-api-key");
    }
    let res = await pushLogs(31337, [{ address: chainA.portal, topics: [] }]);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).errors[0].field, "logs[0]");
    res = await pushLogs(999, []);
    assert.equal(res.status, 422);
    // Every log of the settled intent's source chain, pushed again: nothing changes. The intent
    // is the one the previous test settled; without it this case shows nothing, so it fails.
    assert.ok(settledQuote, "the previous test settled no intent to push the logs of");
    const before = await statusOf({ intentHash: settledQuote.intentHash });
    const logs = await providerA.send("eth_getLogs", [{ address: [chainA.portal, chainA.prover], fromBlock: "0x0", toBlock: "latest" }]);
    res = await pushLogs(31337, logs);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.applied, 0);
    assert.deepEqual(await statusOf({ intentHash: settledQuote.intentHash }), before);
  });

  test("an intent another integrator publishes on the shared Portal gets no record and no transaction index", async () => {
    // A quote of ours, published by someone else with another reward deadline: another intent,
    // which no quote or deposit address here registered.
    const quote = await quoteExactIn("3000000");
    const { reward, destination } = quote.execution.intent;
    const encodedRoute = quote.steps[0].intents[0].encodedRoute;
    const theirs = { ...reward, deadline: BigInt(reward.deadline) + 1n };
    const publisher = bystander.connect(providerA);
    const sent = await publisher.sendTransaction({ to: chainA.portal, data: portalInterface.encodeFunctionData("publish(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]))", [destination, encodedRoute, theirs]) });
    const receipt = await sent.wait();
    const published = receipt.logs.map((l) => { try { return portalInterface.parseLog(l); } catch { return null; } }).find((l) => l?.name === "IntentPublished");
    const foreignHash = published.args.intentHash;
    assert.notEqual(foreignHash, quote.intentHash);
    await pollOnce();
    // Pushed as well: nothing is created either way, and the answer counts it.
    const block = "0x" + receipt.blockNumber.toString(16);
    const logs = await providerA.send("eth_getLogs", [{ address: chainA.portal, fromBlock: block, toBlock: block }]);
    const pushed = await (await pushLogs(31337, logs)).json();
    assert.deepEqual([pushed.updated, pushed.unregistered], [0, 1], JSON.stringify(pushed));
    assert.equal((await statusOf({ intentHash: foreignHash })).status, "unknown");
    assert.equal((await statusOf({ transactionHash: receipt.hash })).status, "unknown");
    for (const query of [{ intentHash: foreignHash }, { intentCreatedHash: receipt.hash }]) {
      const res = await legacyStatusOf(query);
      assert.equal(res.status, 404, JSON.stringify(query));
    }
  });

  test("reorganisations: the funding block and then the fill block leave the chain, and the status goes back", async () => {
    await solver?.stop();
    solver = null;
    const legacyOf = async (intentHash) =>
      (await worker.fetch("/api/v3/intents/intentStatus", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ intentHash }) })).json();
    /** Removes `block` and every later block of the chain, mines as many empty ones, and one more. */
    const reorgFrom = async (provider, block) => {
      const depth = (await provider.getBlockNumber()) - block + 1;
      // The local readers re-read POLL_CONFIRMATIONS (4) blocks: a deeper reorganisation is final.
      assert.ok(depth >= 1 && depth <= 3, `depth ${depth}`);
      await provider.send("anvil_reorg", [depth, []]);
      await provider.send("evm_mine", []);
    };
    // The funding leaves the chain: the status no longer names it.
    const quote = await registeredQuote("3000000");
    const funding = await fund(quote);
    const funded = await waitFor(() => polledStatus({ intentHash: quote.intentHash }), (b) => b.transactions.funded !== null);
    assert.equal(funded.transactions.funded.transactionHash, funding.hash);
    assert.equal((await legacyOf(quote.intentHash)).data.intentCreated.transactionHash, funding.hash);
    assert.equal((await statusOf({ transactionHash: funding.hash })).intentHash, quote.intentHash);
    await reorgFrom(providerA, funding.blockNumber);
    assert.equal(await providerA.send("eth_getTransactionReceipt", [funding.hash]), null);
    const unfunded = await waitFor(() => polledStatus({ intentHash: quote.intentHash }), (b) => b.transactions.funded === null);
    assert.equal(unfunded.status, "pending");
    assert.equal(unfunded.transactions.published, null);
    assert.ok(!JSON.stringify(unfunded).includes(funding.hash.slice(2)), JSON.stringify(unfunded));
    // The transaction the chain no longer has finds nothing.
    assert.equal((await statusOf({ transactionHash: funding.hash })).status, "unknown");
    const legacyUnfunded = await legacyOf(quote.intentHash);
    assert.ok(!JSON.stringify(legacyUnfunded).toLowerCase().includes(funding.hash.slice(2).toLowerCase()), JSON.stringify(legacyUnfunded));

    // A fill leaves the destination chain: filled -> pending, pushed to an open stream as well.
    const second = await registeredQuote("4000000");
    const secondFunding = await fund(second);
    await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.transactions.funded !== null);
    const published = secondFunding.logs.find((l) => l.address.toLowerCase() === chainA.portal.toLowerCase() && l.topics[0] === portalInterface.getEvent("IntentPublished").topicHash);
    const { intent, rewardHash } = parseIntentPublished(portalInterface, published);
    const filler = devAccount(ACCOUNT_INDEX.solver, providerB);
    const usdcB = new Contract(chainB.tokens.USDC, [...erc20, "function allowance(address,address) view returns (uint256)", "function approve(address,uint256) returns (bool)"], filler);
    if ((await usdcB.allowance(filler.address, chainB.portal)) < 10n ** 30n) await (await usdcB.approve(chainB.portal, 2n ** 255n)).wait();
    const portalB = new Contract(chainB.portal, portalInterface, filler);
    const claimant = "0x" + filler.address.slice(2).toLowerCase().padStart(64, "0");
    const fill = await (await portalB.fulfill(second.intentHash, intent.route, rewardHash, claimant)).wait();
    assert.equal(fill.status, 1);
    const stream = sse(await worker.fetch(`/v1/intents/stream?intentHash=${second.intentHash}`, { key: DEV_KEYS.acme }));
    const filled = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.status === "filled");
    assert.equal(filled.transactions.fulfilled.transactionHash, fill.hash);
    assert.equal((await legacyOf(second.intentHash)).data.fulfillment.transactionHash, fill.hash);
    assert.equal((await statusOf({ transactionHash: fill.hash, chainId: "31338" })).intentHash, second.intentHash);
    await stream.until(() => stream.statuses().some((b) => b.status === "filled"));

    await reorgFrom(providerB, fill.blockNumber);
    assert.equal(await providerB.send("eth_getTransactionReceipt", [fill.hash]), null);
    const back = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.status !== "filled");
    assert.equal(back.status, "pending");
    assert.equal(back.transactions.fulfilled, null);
    assert.equal(back.transactions.funded.transactionHash, secondFunding.hash);
    assert.equal((await statusOf({ transactionHash: fill.hash })).status, "unknown");
    assert.equal((await statusOf({ transactionHash: secondFunding.hash })).intentHash, second.intentHash);
    const legacyBack = await legacyOf(second.intentHash);
    assert.deepEqual([legacyBack.data.status.status, legacyBack.data.status.subStatus], ["Pending", "WaitingToFulfill"]);
    for (const answer of [back, legacyBack]) {
      assert.ok(!JSON.stringify(answer).toLowerCase().includes(fill.hash.slice(2).toLowerCase()), JSON.stringify(answer));
    }
    // The stream told its client: after filled, pending again, and nothing since names the fill.
    await stream.until(() => stream.statuses().at(-1)?.status === "pending");
    const told = stream.statuses().map((b) => b.status);
    assert.deepEqual(told.slice(told.lastIndexOf("filled")), ["filled", "pending"]);
    assert.ok(!JSON.stringify(stream.statuses().at(-1)).includes(fill.hash.slice(2)));
    await stream.close();

    // Finality: once the source chain's finalized block (anvil: 64 below the head) passes the
    // funding, the funding says so; the intent itself (pending) can still change.
    assert.equal(back.transactions.funded.final, false);
    await providerA.send("anvil_mine", ["0x48"]);
    const deep = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.transactions.funded.final === true, { timeoutMs: 20_000 });
    assert.ok(deep.transactions.funded.confirmations >= 64, JSON.stringify(deep.transactions.funded));
    assert.equal(deep.transactions.published.final, true);
    assert.equal(deep.final, false);
  });

  test("reorganisations deeper than the confirmation window, above the finalized block: the funding, the proof, the fill", async () => {
    await solver?.stop();
    solver = null;
    /** Replaces the chain from `block` on (as many empty blocks, and one more); answers the depth. */
    const reorgFrom = async (provider, block) => {
      const depth = (await provider.getBlockNumber()) - block + 1;
      await provider.send("anvil_reorg", [depth, []]);
      await provider.send("evm_mine", []);
      return depth;
    };
    const finalizedOf = async (provider) => Number(BigInt((await provider.send("eth_getBlockByNumber", ["finalized", false])).number));

    // The funding, 10 blocks deep when it leaves (the readers' window is POLL_CONFIRMATIONS = 4).
    const quote = await registeredQuote("3500000");
    const funding = await fund(quote);
    await waitFor(() => polledStatus({ intentHash: quote.intentHash }), (b) => b.transactions.funded !== null);
    await providerA.send("anvil_mine", ["0x9"]);
    const deep = await polledStatus({ intentHash: quote.intentHash });
    assert.equal(deep.transactions.funded.transactionHash, funding.hash);
    assert.equal(deep.transactions.funded.final, false);
    assert.ok(await finalizedOf(providerA) < funding.blockNumber);
    assert.ok((await reorgFrom(providerA, funding.blockNumber)) > 4);
    assert.equal(await providerA.send("eth_getTransactionReceipt", [funding.hash]), null);
    const gone = await waitFor(() => polledStatus({ intentHash: quote.intentHash }), (b) => b.transactions.funded === null, { timeoutMs: 10_000 });
    assert.equal(gone.status, "pending");
    assert.ok(!JSON.stringify(gone).includes(funding.hash.slice(2)), JSON.stringify(gone));

    // The proof: funded, filled and proven by hand (the solver's steps), settled; the proof's block
    // leaves the source chain 6 blocks deep, and the status goes back to filled.
    const second = await registeredQuote("4500000");
    const secondFunding = await fund(second);
    const published = secondFunding.logs.find((l) => l.address.toLowerCase() === chainA.portal.toLowerCase() && l.topics[0] === portalInterface.getEvent("IntentPublished").topicHash);
    const { intent, rewardHash } = parseIntentPublished(portalInterface, published);
    const filler = devAccount(ACCOUNT_INDEX.solver, providerB);
    const usdcB = new Contract(chainB.tokens.USDC, [...erc20, "function allowance(address,address) view returns (uint256)", "function approve(address,uint256) returns (bool)"], filler);
    if ((await usdcB.allowance(filler.address, chainB.portal)) < 10n ** 30n) await (await usdcB.approve(chainB.portal, 2n ** 255n)).wait();
    const claimant = "0x" + filler.address.slice(2).toLowerCase().padStart(64, "0");
    const fill = await (await new Contract(chainB.portal, portalInterface, filler).fulfill(second.intentHash, intent.route, rewardHash, claimant)).wait();
    assert.equal(fill.status, 1);
    const prover = new Contract(chainA.prover, loadArtifact("Prover").abi, devAccount(ACCOUNT_INDEX.solver, providerA));
    const proof = await (await prover.recordProof(second.intentHash, filler.address, intent.destination)).wait();
    assert.equal(proof.status, 1);
    const settled = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.status === "settled");
    assert.equal(settled.transactions.proven.transactionHash, proof.hash);
    await providerA.send("anvil_mine", ["0x5"]);
    assert.equal((await polledStatus({ intentHash: second.intentHash })).status, "settled");
    assert.ok((await reorgFrom(providerA, proof.blockNumber)) > 4);
    const back = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.status !== "settled", { timeoutMs: 10_000 });
    assert.equal(back.status, "filled");
    assert.equal(back.transactions.proven, null);
    assert.equal(back.transactions.fulfilled.transactionHash, fill.hash);
    assert.equal(back.transactions.funded.transactionHash, secondFunding.hash);
    const legacy = await (await legacyStatusOf({ intentHash: second.intentHash })).json();
    assert.ok(!JSON.stringify(legacy).toLowerCase().includes(proof.hash.slice(2).toLowerCase()), JSON.stringify(legacy));

    // The fill on the other chain, 6 blocks deep when it leaves: filled -> pending.
    await providerB.send("anvil_mine", ["0x5"]);
    assert.equal((await polledStatus({ intentHash: second.intentHash })).status, "filled");
    assert.ok(await finalizedOf(providerB) < fill.blockNumber);
    assert.ok((await reorgFrom(providerB, fill.blockNumber)) > 4);
    const unfilled = await waitFor(() => polledStatus({ intentHash: second.intentHash }), (b) => b.status !== "filled", { timeoutMs: 10_000 });
    assert.equal(unfilled.status, "pending");
    assert.equal(unfilled.transactions.fulfilled, null);
    assert.ok(!JSON.stringify(unfilled).includes(fill.hash.slice(2)), JSON.stringify(unfilled));
  });

  test("an unfilled intent: expired, then refundable, then refunded by anyone with the offered transaction", async () => {
    await solver?.stop();
    solver = null;
    const funder = new Wallet(funderKey, providerA);
    const quote = await quoteExactIn("7000000");
    const { route, reward, destination } = quote.execution.intent;
    const rewardToken = new Contract(reward.tokens[0].token, erc20, providerA);
    const balanceBefore = await rewardToken.balanceOf(funder.address);
    await fund(quote);
    await waitFor(() => statusOf({ intentHash: quote.intentHash }), (b) => b.transactions.funded !== null);
    const pending = await statusOf({ intentHash: quote.intentHash });
    assert.equal(pending.status, "pending");
    assert.equal(pending.refund, null);
    assert.equal(pending.reason, null);
    assert.equal(await rewardToken.balanceOf(funder.address), balanceBefore - BigInt(reward.tokens[0].amount));

    await warpTo(Number(route.deadline) + 5);
    const expired = await waitFor(() => statusOf({ intentHash: quote.intentHash }), (b) => b.status !== "pending");
    assert.equal(expired.status, "expired");
    assert.equal(expired.updatedAt, Number(route.deadline) + 1);
    assert.equal(expired.reason.code, "not-filled");
    assert.ok(expired.reason.message.includes(`route deadline (Unix second ${route.deadline})`), expired.reason.message);
    // No fill can land: the status offers the Portal's refund, usable from the reward deadline.
    assert.ok(expired.refund, JSON.stringify(expired));
    const { transaction, availableAt } = expired.refund;
    assert.equal(availableAt, Number(reward.deadline));
    assert.deepEqual(Object.keys(transaction).sort(), ["chainId", "data", "to", "type", "value"]);
    assert.deepEqual([transaction.type, transaction.chainId, transaction.to, transaction.value], ["evm", chainA.chainId, getAddress(chainA.portal), "0"]);
    const routeHash = keccak256(quote.steps[0].intents[0].encodedRoute);
    assert.equal(transaction.data, portalInterface.encodeFunctionData("refund", [destination, routeHash, reward]));

    // The source chain reaches availableAt: refundable from that very second.
    await providerA.send("evm_setNextBlockTimestamp", [availableAt]);
    await providerA.send("evm_mine", []);
    const refundable = await waitFor(() => statusOf({ intentHash: quote.intentHash }), (b) => b.status !== "expired");
    assert.equal(refundable.status, "refundable");
    assert.equal(refundable.updatedAt, availableAt);
    assert.deepEqual(refundable.refund, expired.refund);
    assert.equal(refundable.reason.code, "not-filled");
    const waitingForRefund = await (await legacyStatusOf({ intentHash: quote.intentHash })).json();
    assert.deepEqual(waitingForRefund.data.status, { status: "Pending", subStatus: "WaitingForRefund", subStatusMessage: "The intent can no longer be fulfilled and waits for its reward to be refunded on the source chain." });
    assert.equal("fulfillment" in waitingForRefund.data || "refund" in waitingForRefund.data, false);

    // Exactly the offered transaction, from a wallet that is not the funder, in a block at availableAt.
    const sender = bystander.connect(providerA);
    assert.notEqual(sender.address, funder.address);
    await providerA.send("evm_setNextBlockTimestamp", [availableAt]);
    const sent = await sender.sendTransaction({ to: transaction.to, data: transaction.data, value: BigInt(transaction.value) });
    const refund = await sent.wait();
    assert.equal(refund.status, 1);
    assert.equal((await providerA.getBlock(refund.blockNumber)).timestamp, availableAt);
    const refunded = await waitFor(() => statusOf({ intentHash: quote.intentHash }), (b) => b.status !== "refundable");
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.refund, null);
    assert.equal(refunded.transactions.refunded.transactionHash, refund.hash);
    assert.equal(refunded.transactions.fulfilled, null);
    assert.equal(refunded.reason.code, "not-filled");
    // The refund's own hash finds the intent, as a wallet that only kept that hash would look it up.
    assert.deepEqual(await statusOf({ transactionHash: refund.hash }), refunded);
    assert.equal(await rewardToken.balanceOf(funder.address), balanceBefore);
    const legacy = await (await legacyStatusOf({ intentHash: quote.intentHash })).json();
    assert.deepEqual(legacy.data.status, { status: "Completed", subStatus: "Refunded", subStatusMessage: "The intent was refunded: the reward returned to the refund recipient on the source chain." });
    assert.deepEqual(legacy.data.refund, { chainId: 31337, transactionHash: refund.hash, blockExplorerUrl: "" });
    assert.equal("fulfillment" in legacy.data, false);
  });
});
