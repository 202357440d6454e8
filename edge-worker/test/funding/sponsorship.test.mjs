// Sponsorship limits and the minimum relayed amount, on the local chains with the real contracts
// (scripts/chains startLocalStack: the Eco Portal, Circle's FiatToken USDC), through the real
// worker bundle. The local partner "frugal" (config/local/partners.json) has a daily gas budget of
// 1000 wei on chain 31338 (less than any relayed funding costs, so its first funding spends it)
// and one relayed funding per funder per day (on every chain); its deposit addresses are keyless.
// - a funder's second deposit submit of the day on chain 31337: 429 sponsorship-exhausted (the funder's limit);
// - after one funding on chain 31338, the partner's next submit there: 429
//   sponsorship-exhausted (the budget), counting the gas the relayer's receipts say it spent plus
//   the L1 data fee they report: the worker reaches 31338 through a JSON-RPC proxy
//   (rpc-proxy.mjs) that adds an OP-stack `l1Fee` to every receipt, as Base's and Optimism's nodes do;
// - a deposit address of the local partner "thrifty" (a budget of 1000 wei on chain 31337) funded
//   by a plain transfer: relayed although nothing refuses or admits it up front, its receipt counted
//   against thrifty, whose next keyless submit on 31337 is then 429 (the budget, spent by it);
// - both survive a restart of the worker (same persistence directory);
// - a refused submit sends nothing (the relayer's nonce does not move);
// - below relay.minAmount (1 USDC locally): deposit creation 400 naming source.amount, a keyed
//   gasless submit 400 naming quote.source.amount (the latter in tests/service/funding/gasless_test.cpp
//   only: the local solvers quote nothing below 1 USDC, so no signed quote below it exists here).
// Signatures are made with ethers, independently of the core.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, Wallet, hexlify, randomBytes } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { devAccount, localProvider, writeGeneratedConfig } from "../../../scripts/chains/deploy.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { buildBundle, removeBundle, startWorker, tempDir } from "../harness.mjs";
import { ERC3009_TYPES, fieldsOf, nowSec, waitFor } from "../gasless-helpers.mjs";
import { startRpcProxy } from "../rpc-proxy.mjs";

const json = { "content-type": "application/json" };
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
// The local relayer's three accounts (RELAYER_KEY anvil #11, RELAYER_KEYS #14 and #15): a job's
// receipts are recorded by its account's object in the chain's one store (account 0's object).
const RELAYERS = ["0x71bE63f3384f5fb98995898A86B02Fb2426c5788", "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097", "0xcd3B766CCDd6AE721141F452C550Ca635964ce71"];
/** How many transactions the relayer's accounts have sent, pending included. */
const sentCount = async (provider) => (await Promise.all(RELAYERS.map((a) => provider.getTransactionCount(a, "pending")))).reduce((x, y) => x + y, 0);
const ERC20 = ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)"];
// The deposit submits and creations of this suite exceed the keyless creation bucket's burst.
const BINDINGS = { KEYLESS_CREATE_RATE_PER_SEC: "100", KEYLESS_CREATE_BURST: "100" };

let stack;
let outDir;
let overlayDir;
let proxy;
let bundleDir;
let worker;
let persist;
const chains = {};

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-sponsorship-"));
  stack = await startLocalStack({
    chains: [
      { name: "Test A", chainId: 31337, port: await freePort() },
      { name: "Test B", chainId: 31338, port: await freePort() },
    ],
    outDir,
    solverOptions: { pollMs: 200 },
    log: () => {},
  });
  for (const chain of stack.deployment.chains) {
    const provider = localProvider(chain.rpcUrl, chain.chainId);
    chains[chain.chainId] = { ...chain, provider, firstBlock: await provider.getBlockNumber() };
  }
  // The worker reaches chain 31338 only through the proxy (which adds an l1Fee to receipts when a
  // test asks it to); the test's own providers read anvil directly.
  proxy = await startRpcProxy(chains[31338].rpcUrl);
  const deployment = structuredClone(stack.deployment);
  deployment.chains.find((c) => c.chainId === 31338).rpcUrl = proxy.url;
  overlayDir = mkdtempSync(join(tmpdir(), "sr-sponsorship-overlay-"));
  writeGeneratedConfig(deployment, overlayDir);
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: overlayDir } });
  persist = tempDir("sr-sponsorship-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: BINDINGS });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await proxy?.close();
  for (const chain of Object.values(chains)) chain.provider.destroy();
  await stack?.stop();
  if (bundleDir) removeBundle(bundleDir);
  for (const dir of [outDir, overlayDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const other = (chainId) => (chainId === 31337 ? 31338 : 31337);
const usdcDomain = (chainId) => ({ name: "USD Coin", version: "2", chainId, verifyingContract: chains[chainId].tokens.USDC });

/** A wallet that holds `amount` of USDC on `chainId` and no ETH. */
async function walletHolding(chainId, amount) {
  const wallet = Wallet.createRandom();
  const usdc = new Contract(chains[chainId].tokens.USDC, ERC20, devAccount(1, chains[chainId].provider));
  await (await usdc.transfer(wallet.address, amount)).wait();
  return wallet;
}

function createDeposit(chainId, refundRecipient, amount, partner = "frugal") {
  return worker.fetch(`/v1/${partner}-gateway/deposit-addresses`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      source: { chainId, token: chains[chainId].tokens.USDC, amount },
      destination: { chainId: other(chainId), token: chains[other(chainId)].tokens.USDC, recipient: RECIPIENT },
      refundRecipient,
    }),
  });
}

async function depositAddress(chainId, refundRecipient, amount = "2000000", partner = "frugal") {
  const res = await createDeposit(chainId, refundRecipient, amount, partner);
  const record = await res.json();
  assert.equal(res.status, 201, JSON.stringify(record));
  return record;
}

/** The ERC-3009 submit body of `payer` paying the whole of the address. */
async function depositSubmitBody(record, payer) {
  const authorization = { from: payer.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
  return { vaultAddress: record.vaultAddress, authorization, signature: await payer.signTypedData(usdcDomain(record.source.chainId), ERC3009_TYPES, authorization) };
}

async function submitDeposit(body, partner = "frugal") {
  const res = await worker.fetch(`/v1/${partner}-gateway/submit/erc-3009`, { method: "POST", headers: json, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Waits until the address's job was published by a successful relayer transaction. */
async function published(record, partner = "frugal") {
  const { provider } = chains[record.source.chainId];
  const job = await waitFor(async () => (await (await worker.fetch(`/v1/${partner}-gateway/${record.vaultAddress}`)).json()).job, (j) => j && j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
  assert.equal(job.status, "published", JSON.stringify(job));
  assert.equal((await provider.getTransactionReceipt(job.transactionHash)).status, 1);
  return job;
}

/** The sponsorship rows the chain's relayer object keeps (one per admitted job). */
async function sponsorshipRows(chainId) {
  const ns = await worker.mf.getDurableObjectNamespace("RELAYER");
  return JSON.parse(JSON.stringify(await ns.get(ns.idFromName(String(chainId))).sponsorshipRows()));
}

/**
 * The relayer's transactions on `chainId` since the suite started, read from anvil directly: what
 * they cost in gas used x effective gas price, and how many there are.
 */
async function relayerSpent(chainId) {
  const { provider, firstBlock } = chains[chainId];
  let spent = 0n;
  let count = 0;
  for (let n = firstBlock + 1; n <= (await provider.getBlockNumber()); n++) {
    const block = await provider.getBlock(n, true);
    for (const tx of block.prefetchedTransactions) {
      if (!RELAYERS.includes(tx.from)) continue;
      const receipt = await provider.getTransactionReceipt(tx.hash);
      spent += receipt.gasUsed * receipt.gasPrice;
      count += 1;
    }
  }
  return { spent, count };
}

// The L1 data fee the proxy adds to each receipt of chain 31338 (hex wei): 1.234567890123 gwei.
const L1_FEE = 1_234_567_890_123n;

/** A 429 of the sponsorship: its code, Retry-After until the next UTC day, RateLimit-* of the limit. */
function assertSponsorship429(answer, code, limit) {
  assert.equal(answer.status, 429, JSON.stringify(answer.body));
  assert.equal(answer.body.code, code, JSON.stringify(answer.body));
  const retryAfter = Number(answer.headers.get("retry-after"));
  assert.ok(retryAfter >= 1 && retryAfter <= 86_400, `Retry-After ${retryAfter}`);
  // It ends at a UTC midnight (give or take the seconds this assertion runs after the answer).
  const end = nowSec() + retryAfter;
  assert.ok(end % 86_400 <= 5 || end % 86_400 >= 86_400 - 5, `now + Retry-After = ${end} is not a UTC midnight`);
  assert.equal(answer.headers.get("ratelimit-limit"), limit);
  assert.equal(answer.headers.get("ratelimit-remaining"), "0");
  assert.equal(answer.headers.get("ratelimit-reset"), String(retryAfter));
}

// The funder refused above, and a refused body, submitted again after the restart.
const refusedBodies = {};

describe("sponsorship limits per partner", () => {
  test("a funder's second relayed funding of the day: 429 sponsorship-exhausted (the funder's limit), nothing sent", async () => {
    const { provider } = chains[31337];
    const payer = await walletHolding(31337, 4_000_000n);
    const [first, second] = [await depositAddress(31337, payer.address), await depositAddress(31337, payer.address)];
    const accepted = await submitDeposit(await depositSubmitBody(first, payer));
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    await published(first);

    const nonce = await sentCount(provider);
    refusedBodies.payer = payer;
    const refused = await submitDeposit(await depositSubmitBody(second, payer));
    assertSponsorship429(refused, "sponsorship-exhausted", "1");
    assert.ok(refused.body.detail.includes(`funder ${payer.address} has had its 1 relayed fundings on chain 31337 today`), refused.body.detail);
    assert.equal(await sentCount(provider), nonce, "the relayer sent nothing");
    // Another funder of the same partner is still sponsored (the budget on 31337 is the default).
    const otherPayer = await walletHolding(31337, 2_000_000n);
    const another = await submitDeposit(await depositSubmitBody(second, otherPayer));
    assert.equal(another.status, 202, JSON.stringify(another.body));
    await published(second);
  });

  test("a partner past its daily gas budget on a chain: 429 sponsorship-exhausted (the budget) counting the receipts' gas and L1 data fee, nothing sent", async () => {
    const { provider } = chains[31338];
    // From now on, every receipt the worker reads on 31338 reports an L1 data fee, as on Base.
    proxy.faults.l1Fee = "0x" + L1_FEE.toString(16);
    const payer = await walletHolding(31338, 2_000_000n);
    const record = await depositAddress(31338, payer.address);
    const accepted = await submitDeposit(await depositSubmitBody(record, payer));
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    await published(record);
    // Once the job has settled, its row counts its two receipts (the relayer's own record).
    const rows = await waitFor(() => sponsorshipRows(31338), (r) => r.length === 1 && r[0].settled, { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal(rows[0].partner, "frugal");
    assert.equal(rows[0].funder, payer.address);
    assert.equal(rows[0].receipts.length, 2);
    assert.deepEqual(rows[0].receipts.map((r) => r.l1Fee), ["0x" + L1_FEE.toString(16), "0x" + L1_FEE.toString(16)]);

    const nonce = await sentCount(provider);
    const next = await walletHolding(31338, 2_000_000n);
    refusedBodies.budget = await depositSubmitBody(await depositAddress(31338, next.address), next);
    const refused = await submitDeposit(refusedBodies.budget);
    assertSponsorship429(refused, "sponsorship-exhausted", "1000");
    // The spending it counts is what the relayer's two transactions on chain 31338 really cost:
    // gas used x effective gas price from anvil's own receipts, plus each one's L1 data fee.
    const relayed = await relayerSpent(31338);
    assert.equal(relayed.count, 2);
    const spent = relayed.spent + 2n * L1_FEE;
    assert.ok(relayed.spent > 1000n);
    assert.ok(refused.body.detail.includes(`partner frugal's daily gas budget on chain 31338 (1000 wei) is spent: ${spent} wei today`), refused.body.detail);
    assert.equal(await sentCount(provider), nonce, "the relayer sent nothing");
  });

  test("the counters survive a restart of the worker", async () => {
    assert.ok(refusedBodies.payer && refusedBodies.budget, "the tests above ran");
    // Every job above has settled (its row then changes no more), then the rows as kept.
    for (const id of [31337, 31338]) await waitFor(() => sponsorshipRows(id), (r) => r.length > 0 && r.every((row) => row.settled), { timeoutMs: 30_000, intervalMs: 200 });
    const before = await Promise.all([31337, 31338].map(sponsorshipRows));
    await worker.dispose();
    worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: BINDINGS });
    assert.deepEqual(await Promise.all([31337, 31338].map(sponsorshipRows)), before);
    const nonces = await Promise.all([31337, 31338].map((id) => sentCount(chains[id].provider)));
    // The funder limited above, on a fresh address of the partner (its earlier one has its job now).
    const fresh = await depositAddress(31337, refusedBodies.payer.address);
    assertSponsorship429(await submitDeposit(await depositSubmitBody(fresh, refusedBodies.payer)), "sponsorship-exhausted", "1");
    assertSponsorship429(await submitDeposit(refusedBodies.budget), "sponsorship-exhausted", "1000");
    assert.deepEqual(await Promise.all([31337, 31338].map((id) => sentCount(chains[id].provider))), nonces, "the relayer sent nothing");
  });
});

describe("a deposit address funded by plain transfers counts against its partner", () => {
  test("relayed within the budget; its receipt is the partner's spending, and the partner's next submit is 429", async () => {
    const { provider } = chains[31337];
    const payer = devAccount(9, provider);
    const record = await depositAddress(31337, payer.address, "2000000", "thrifty");
    const usdc = new Contract(chains[31337].tokens.USDC, ERC20, payer);
    await (await usdc.transfer(record.vaultAddress, record.source.amount)).wait();
    // A transfer funds once POLL_CONFIRMATIONS blocks (local: 4) hold it; anvil mines only when
    // something is sent, so mine the other three.
    await provider.send("anvil_mine", ["0x3"]);
    const job = await published(record, "thrifty");
    assert.equal(job.standard, "transfer");

    // Its row in the chain's relayer object: thrifty's, with the one receipt of publishAndFundFor.
    const rows = await waitFor(async () => (await sponsorshipRows(31337)).filter((r) => r.partner === "thrifty"), (r) => r.length === 1 && r[0].settled, { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal(rows[0].jobId, job.id);
    assert.equal(rows[0].receipts.length, 1);
    const receipt = await provider.getTransactionReceipt(job.transactionHash);
    assert.equal(BigInt(rows[0].receipts[0].gasUsed), receipt.gasUsed);
    assert.equal(BigInt(rows[0].receipts[0].effectiveGasPrice), receipt.gasPrice);

    // thrifty's budget on 31337 (1000 wei) is now spent by that job alone: its next keyless submit
    // is refused, the spending named being exactly that receipt's cost; the relayer sends nothing.
    const nonce = await sentCount(provider);
    const next = await walletHolding(31337, 2_000_000n);
    const refused = await submitDeposit(await depositSubmitBody(await depositAddress(31337, next.address, "2000000", "thrifty"), next), "thrifty");
    assertSponsorship429(refused, "sponsorship-exhausted", "1000");
    const cost = receipt.gasUsed * receipt.gasPrice;
    assert.ok(refused.body.detail.includes(`partner thrifty's daily gas budget on chain 31337 (1000 wei) is spent: ${cost} wei today`), refused.body.detail);
    assert.equal(await sentCount(provider), nonce, "the relayer sent nothing");
  });

  test("a deposit address funded by a plain transfer is held while its partner's budget is spent", async () => {
    // thrifty's budget on 31337 was spent by the previous test's transfer job.
    const { provider } = chains[31337];
    const payer = devAccount(9, provider);
    const record = await depositAddress(31337, payer.address, "2000000", "thrifty");
    const nonce = await sentCount(provider);
    const rowsBefore = (await sponsorshipRows(31337)).length;
    const usdc = new Contract(chains[31337].tokens.USDC, ERC20, payer);
    await (await usdc.transfer(record.vaultAddress, record.source.amount)).wait();
    await provider.send("anvil_mine", ["0x3"]);
    // Confirmed and covering: the address's object asks for the job's admission and is held
    // until the next UTC day (the core's Retry-After), creating nothing.
    const ns = await worker.mf.getDurableObjectNamespace("DEPOSIT_ADDRESSES");
    const object = ns.get(ns.idFromName(record.vaultAddress.toLowerCase()));
    const heldUntil = await waitFor(() => object.sponsorshipHeldUntil(), (t) => t !== null, { timeoutMs: 30_000, intervalMs: 200 });
    assert.ok(heldUntil > nowSec() && heldUntil <= nowSec() + 86_400, String(heldUntil));
    const held = await (await worker.fetch(`/v1/thrifty-gateway/${record.vaultAddress}`)).json();
    assert.equal(held.job, null, JSON.stringify(held));
    assert.equal((await sponsorshipRows(31337)).length, rowsBefore, "no row taken");
    assert.equal(await sentCount(provider), nonce, "the relayer sent nothing");
  });
});

describe("the minimum relayed amount per chain (relay.minAmount: 1 USDC locally)", () => {
  test("a deposit address below it is 400 naming source.amount; at it, 201", async () => {
    const res = await createDeposit(31337, RECIPIENT, "999999", "acme");
    const problem = await res.json();
    assert.equal(res.status, 400, JSON.stringify(problem));
    assert.deepEqual(fieldsOf(problem), ["source.amount"]);
    assert.match(problem.detail, /below the smallest amount a deposit address takes on chain 31337: 1000000 base units of USDC/);
    assert.equal((await createDeposit(31337, RECIPIENT, "1000000", "acme")).status, 201);
  });
});
