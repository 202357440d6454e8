// More than one relayed job per block: the local configuration's three relayer accounts
// (RELAYER_KEY anvil #11, RELAYER_KEYS #14 and #15) relay the jobs of one chain at once, each
// account its own jobs one at a time, on the local chains with the real contracts (Circle's
// FiatToken USDC, the Eco Portal). With automatic mining off, the test mines a block only once
// more than one account has a transaction waiting, so the block holds several jobs' transactions:
// each job funded once, by the account its id chooses, and no relayer transaction reverted.
// Then the worker is killed (kill -9) while several accounts wait for their transactions: after a
// restart on the same storage every job finds its stored bytes in its own account's object,
// nothing is signed anew, each funded once. The replacement cases of one account are
// relayer-adversarial.test.mjs's.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { Contract, Wallet } from "ethers";
import { devAccount, localProvider } from "../../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../../scripts/chains/local.mjs";
import { relayerAccountOf } from "../../src/funding/relayer-accounts.js";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { assertNoneReverted, erc3009Submit, localUsdcQuote, waitFor } from "../gasless-helpers.mjs";
import { workerdPids } from "../../../bench/worker-process.mjs";

const json = { "content-type": "application/json" };
const RELAYERS = ["0x71bE63f3384f5fb98995898A86B02Fb2426c5788", "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097", "0xcd3B766CCDd6AE721141F452C550Ca635964ce71"];
const ERC20 = ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)"];
const JOBS = 6;

let stack;
let outDir;
let worker;
let persist;
let chainA;
let providerA;
let firstBlock;
let bundleDir;

before(async () => {
  ({ stack, outDir } = await startTestChains("sr-relayer-accounts-"));
  [chainA] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  firstBlock = await providerA.getBlockNumber();
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-relayer-accounts-state-");
  // The local configuration as it is: three relayer accounts.
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  providerA?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const usdcDomain = () => ({ name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC });
const usdc = (runner = providerA) => new Contract(chainA.tokens.USDC, ERC20, runner);

const jobIdOf = (quote) => `job:${String(quote.id).replace(/^quote:/, "")}`;
const jobOf = async (id) => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json();

/** The senders with a transaction in anvil's pool. */
async function pendingSenders() {
  const { pending } = await providerA.send("txpool_content", []);
  return new Set(Object.keys(pending ?? {}).map((a) => a.toLowerCase()));
}

/** Payers holding exactly 1 USDC each (and no ETH), and a quote for each. */
// The job id (and so the account) follows from the quote: when all n chose one account (a chance in
// 3^(n-1)), the suites below could not show the accounts working side by side.
async function payersWithQuotes(n) {
  const payers = [];
  for (let i = 0; i < n; i++) {
    const wallet = Wallet.createRandom();
    await (await usdc(devAccount(1, providerA)).transfer(wallet.address, 1_000_000n)).wait();
    payers.push(wallet);
  }
  const quoteOf = (p) => localUsdcQuote(worker, stack.deployment, { funder: p.address, amount: "1000000", dappId: "relayer-accounts-test" });
  const quotes = await Promise.all(payers.map(quoteOf));
  // A quote's random salt decides its job id: the last payer's quote is asked again until two differ.
  for (let retry = 0; retry < 20 && new Set(accountsOf(quotes)).size < 2; retry++) quotes[n - 1] = await quoteOf(payers[n - 1]);
  return { payers, quotes };
}

/** The account each quote's job is relayed by (the local configuration's three keys). */
const accountsOf = (quotes) => quotes.map((q) => relayerAccountOf({ RELAYER_KEY: "0x1", RELAYER_KEYS: "0x2,0x3" }, jobIdOf(q)));

/** Each payer's ERC-3009 submit of its quote, all at once: [{status, body}]. */
async function submitAll(payers, quotes) {
  const bodies = await Promise.all(quotes.map((q, i) => erc3009Submit(q, { wallet: payers[i], from: payers[i].address, domain: usdcDomain() })));
  return Promise.all(bodies.map(async (body) => {
    const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }));
}

/** Every relayer transaction since the suite started succeeded. */
const assertNoRevertedRelayerTransaction = () => assertNoneReverted(providerA, RELAYERS, firstBlock);

test("jobs submitted at once on one chain: relayed by different accounts concurrently, several fundings in one block, each funded once, nothing reverted", async () => {
  // Each payer holds exactly its amount (and no ETH): a second funding could not be paid.
  const { payers, quotes } = await payersWithQuotes(JOBS);
  const accounts = accountsOf(quotes);
  // Random quote ids: all six on one account has odds 3 in 729; then this run proves nothing.
  assert.ok(new Set(accounts).size > 1, `the jobs all chose one account (${accounts})`);
  const nonces = await Promise.all(RELAYERS.map((a) => providerA.getTransactionCount(a)));

  await providerA.send("evm_setAutomine", [false]);
  let jobs;
  try {
    const answers = await submitAll(payers, quotes);
    for (const [i, a] of answers.entries()) {
      assert.equal(a.status, 202, JSON.stringify(a.body));
      assert.equal(a.body.id, jobIdOf(quotes[i]));
    }
    jobs = answers.map((a) => a.body);
    // Mine only once every account with a job left has its transaction in the pool (or after a
    // while, when fewer are busy): the accounts' transactions meet in one block.
    const relayers = new Set(RELAYERS.map((a) => a.toLowerCase()));
    for (let round = 0; round < 4 * JOBS; round++) {
      const left = [];
      for (const [i, job] of jobs.entries()) if ((await jobOf(job.id)).status === "accepted") left.push(RELAYERS[accounts[i]].toLowerCase());
      if (left.length === 0) break;
      const busy = new Set(left);
      await waitFor(pendingSenders, (s) => [...busy].every((a) => s.has(a)), { timeoutMs: 5_000, intervalMs: 100 }).catch(() => null);
      const senders = [...(await pendingSenders())].filter((a) => relayers.has(a));
      if (senders.length > 0) await providerA.send("evm_mine", []);
      else await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await providerA.send("evm_setAutomine", [true]);
  }

  const settled = await Promise.all(jobs.map((job) => waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 })));
  const fundingBlocks = new Map();
  for (const [i, job] of settled.entries()) {
    assert.equal(job.status, "published", JSON.stringify(job));
    const tx = await providerA.getTransaction(job.transactionHash);
    const receipt = await providerA.getTransactionReceipt(job.transactionHash);
    assert.equal(receipt.status, 1);
    // Relayed by the account its id chose, and funded: the payer's whole balance moved once.
    assert.equal(tx.from, RELAYERS[accounts[i]]);
    assert.equal(tx.to.toLowerCase(), chainA.portal.toLowerCase(), "the funding call is the Portal's");
    assert.equal(await usdc().balanceOf(payers[i].address), 0n);
    fundingBlocks.set(receipt.blockNumber, [...(fundingBlocks.get(receipt.blockNumber) ?? []), tx.from]);
  }
  // More than one job's funding in one block, from different accounts.
  const shared = [...fundingBlocks.values()].filter((senders) => new Set(senders).size > 1);
  assert.ok(shared.length > 0, JSON.stringify([...fundingBlocks]));

  // Every relayer transaction since the suite started: two per job (authorization, funding),
  // each from the job's account, none reverted.
  const perAccount = RELAYERS.map((_, a) => accounts.filter((x) => x === a).length * 2);
  assert.deepEqual(await Promise.all(RELAYERS.map(async (a, k) => (await providerA.getTransactionCount(a)) - nonces[k])), perAccount);
  await assertNoRevertedRelayerTransaction();
});

test("the worker killed (kill -9) while several accounts wait for receipts: after a restart on the same storage each job finds its own stored bytes, nothing signed anew, each funded once", async () => {
  const { payers, quotes } = await payersWithQuotes(4);
  const accounts = accountsOf(quotes);
  assert.ok(new Set(accounts).size > 1, `the jobs all chose one account (${accounts})`);
  const busy = [...new Set(accounts)].map((a) => RELAYERS[a].toLowerCase());
  const nonces = await Promise.all(RELAYERS.map((a) => providerA.getTransactionCount(a)));
  await providerA.send("evm_setAutomine", [false]);
  let jobs;
  let sentBeforeKill;
  try {
    const answers = await submitAll(payers, quotes);
    for (const a of answers) assert.equal(a.status, 202, JSON.stringify(a.body));
    jobs = answers.map((a) => a.body);
    // Every account with a job has signed, stored and broadcast its first authorization, and
    // waits for its receipt: kill -9, then a new workerd on the same storage.
    await waitFor(pendingSenders, (s) => busy.every((a) => s.has(a)), { timeoutMs: 30_000, intervalMs: 100 });
    const { pending } = await providerA.send("txpool_content", []);
    sentBeforeKill = Object.entries(pending).filter(([a]) => busy.includes(a.toLowerCase())).flatMap(([, byNonce]) => Object.values(byNonce).map((tx) => tx.hash));
    assert.equal(sentBeforeKill.length, busy.length, "one transaction per busy account");
    const pids = workerdPids();
    assert.ok(pids.length > 0, "a workerd to kill");
    for (const pid of pids) process.kill(pid, "SIGKILL");
    await worker.dispose().catch(() => {});
    worker = await startWorker({ bundleDir, persistDir: persist.dir });
  } finally {
    await providerA.send("evm_setAutomine", [true]);
  }
  await providerA.send("evm_mine", []);
  const settled = await Promise.all(jobs.map((job) => waitFor(() => jobOf(job.id), (j) => j.status !== "accepted", { timeoutMs: 90_000, intervalMs: 300 })));
  for (const [i, job] of settled.entries()) {
    assert.equal(job.status, "published", JSON.stringify(job));
    assert.equal((await providerA.getTransaction(job.transactionHash)).from, RELAYERS[accounts[i]]);
    assert.equal(await usdc().balanceOf(payers[i].address), 0n, "funded once");
  }
  // The transactions sent before the kill were mined as they were (their stored bytes), and
  // each account sent exactly two per job: nothing signed anew, by it or by another account.
  for (const hash of sentBeforeKill) assert.equal((await providerA.getTransactionReceipt(hash))?.status, 1, `${hash} mined`);
  const perAccount = RELAYERS.map((_, a) => accounts.filter((x) => x === a).length * 2);
  assert.deepEqual(await Promise.all(RELAYERS.map(async (a, k) => (await providerA.getTransactionCount(a)) - nonces[k])), perAccount);
  await assertNoRevertedRelayerTransaction();
});
