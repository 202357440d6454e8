// The relayer never pays for someone else's failure: an outsider's attempts, on the local chains
// with the real contracts (scripts/chains startLocalStack: the Eco Portal, canonical Permit2,
// Circle's FiatToken USDC, our Permit3), to make the worker's relayer (RELAYER_KEY, anvil #11)
// send a transaction that reverts. Each case ends by counting the relayer's reverted receipts on
// the chain since the suite started: zero.
// - one balance behind several relayed fundings at once (keyless deposit-address submits and keyed
//   gasless submits): exactly the ones the balance covers are accepted; the others answer 422
//   funding-would-fail naming the reservation; the reservation is released once its job settles;
// - a Permit2 batch naming the token twice (the real Permit2 keeps the last amount, shown here);
// - an intent the Portal already counts as funded; a Permit3 salt already spent;
// - stuck and dropped transactions (automatic mining off, the base fee spiked with
//   anvil_setNextBlockBaseFeePerGas, anvil_dropTransaction): replaced with higher fees under the
//   ceiling, broadcast again, or, when the call would now revert, its nonce filled with a 0-value
//   transfer to the relayer itself; funded exactly once, the job names the transaction mined;
// - a job queued behind one whose quote claims a tiny or a huge `gas` fee: both are sent at the
//   chain's price (no figure a request carries prices the relayer).
// Signatures are made with ethers, independently of the core.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Contract, Signature, Wallet, hexlify, randomBytes } from "ethers";
import { devAccount, localProvider } from "../../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../../scripts/chains/local.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { workerdPids } from "../../../bench/worker-process.mjs";
import { ERC3009_TYPES, PERMIT2_TYPES, erc3009Submit, fieldsOf, nowSec, permit3Submit, waitFor } from "../gasless-helpers.mjs";

const json = { "content-type": "application/json" };
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
const RELAYER = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"; // anvil #11
// This suite follows one account's nonces: its worker relays from RELAYER_KEY alone (the local
// RELAYER_KEYS unset); relayer-accounts.test.mjs runs the local configuration's three accounts.
// One relayer account; acme's keyless submits checked four at a time (the default is 1 per isolate,
// op submitAdmission), so that four submits sent at once all reach the reservation they race for.
const ONE_ACCOUNT = { RELAYER_KEYS: "", KEYLESS_SUBMITS_AT_ONCE: "4" };
const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
const PERMIT3 = "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34";
const ERC20 = ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)", "function approve(address,uint256) returns (bool)"];
const PERMIT2_BATCH_TYPES = { PermitBatch: [{ name: "details", type: "PermitDetails[]" }, { name: "spender", type: "address" }, { name: "sigDeadline", type: "uint256" }], PermitDetails: PERMIT2_TYPES.PermitDetails };
const PERMIT2_ABI = [
  "function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce)[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature)",
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
];

let stack;
let outDir;
let worker;
let persist;
let chainA;
let providerA;
let firstBlock;
let bundleDir;

before(async () => {
  ({ stack, outDir } = await startTestChains("sr-relayer-adversarial-"));
  [chainA] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  firstBlock = await providerA.getBlockNumber();
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-relayer-adversarial-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: ONE_ACCOUNT });
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

/** A wallet that holds `amount` of USDC on chain A and no ETH. */
async function walletHolding(amount) {
  const wallet = Wallet.createRandom();
  await (await usdc(devAccount(1, providerA)).transfer(wallet.address, amount)).wait();
  return wallet;
}

async function quoteFor(funderAddress, amount) {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: json,
    body: JSON.stringify({
      type: "exact-in",
      source: { chainId: 31337, token: chainA.tokens.USDC, amount, funder: funderAddress },
      destination: { chainId: 31338, token: stack.deployment.chains[1].tokens.USDC, recipient: RECIPIENT },
      dappId: "relayer-adversarial-test",
    }),
  });
  const quote = await res.json();
  assert.equal(res.status, 200, JSON.stringify(quote));
  return quote;
}

async function depositAddress(refundRecipient, amount) {
  const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      source: { chainId: 31337, token: chainA.tokens.USDC, amount },
      destination: { chainId: 31338, token: stack.deployment.chains[1].tokens.USDC, recipient: RECIPIENT },
      refundRecipient,
    }),
  });
  const record = await res.json();
  assert.equal(res.status, 201, JSON.stringify(record));
  return record;
}

const submit = (standard, body) => worker.fetch(`/v1/gasless/${standard}`, { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
const jobOf = async (id) => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json();

/** Every transaction the relayer sent on chain A since the suite started, with its receipt's status. */
async function relayerTransactions() {
  const latest = await providerA.getBlockNumber();
  const sent = [];
  for (let n = firstBlock + 1; n <= latest; n++) {
    const block = await providerA.getBlock(n, true);
    for (const tx of block.prefetchedTransactions) {
      if (tx.from !== RELAYER) continue;
      sent.push({ hash: tx.hash, status: (await providerA.getTransactionReceipt(tx.hash)).status });
    }
  }
  return sent;
}

async function assertNoRevertedRelayerTransaction() {
  const reverted = (await relayerTransactions()).filter((t) => t.status !== 1);
  assert.deepEqual(reverted, [], "the relayer sent no transaction that reverted");
}

/** The responses of `requests` started together, with their bodies. */
async function together(requests) {
  return Promise.all(requests.map(async (start) => {
    const res = await start();
    return { status: res.status, body: await res.json() };
  }));
}

/** Waits for a job to settle and asserts it was published by a successful relayer transaction. */
async function published(readJob) {
  const job = await waitFor(readJob, (j) => j && j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
  assert.equal(job.status, "published", JSON.stringify(job));
  assert.equal((await providerA.getTransactionReceipt(job.transactionHash)).status, 1);
  return job;
}

describe("one balance cannot back two relayed fundings", () => {
  test("keyless: four deposit addresses, four ERC-3009 authorizations of the whole 2 USDC at once: one accepted", async () => {
    const payer = await walletHolding(2_000_000n);
    const records = await Promise.all([0, 1, 2, 3].map(() => depositAddress(payer.address, "2000000")));
    const bodies = await Promise.all(records.map(async (record) => {
      const authorization = { from: payer.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
      return { vaultAddress: record.vaultAddress, authorization, signature: await payer.signTypedData(usdcDomain(), ERC3009_TYPES, authorization) };
    }));
    const answers = await together(bodies.map((body) => () => worker.fetch("/v1/acme-gateway/submit/erc-3009", { method: "POST", headers: json, body: JSON.stringify(body) })));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 422);
    assert.equal(accepted.length, 1, JSON.stringify(answers));
    assert.equal(refused.length, 3, JSON.stringify(answers));
    for (const { body } of refused) {
      assert.equal(body.code, "funding-would-fail");
      // The detail names the reservation: the accepted job and its amount.
      assert.match(body.detail, /insufficient balance once reserved/);
      assert.ok(body.detail.includes(`${accepted[0].body.id} (2000000)`), body.detail);
    }
    const record = records[answers.indexOf(accepted[0])];
    await published(async () => (await (await worker.fetch(`/v1/acme-gateway/${record.vaultAddress}`)).json()).job);
    assert.equal(await usdc().balanceOf(payer.address), 0n);
    await assertNoRevertedRelayerTransaction();
  });

  test("keyed: three quotes, three ERC-3009 gasless submits of the whole 2 USDC at once: one accepted; released once published", async () => {
    const payer = await walletHolding(2_000_000n);
    const quotes = await Promise.all([0, 1, 2].map(() => quoteFor(payer.address, "2000000")));
    const bodies = await Promise.all(quotes.map((quote) => erc3009Submit(quote, { wallet: payer, from: payer.address, domain: usdcDomain() })));
    const answers = await together(bodies.map((body) => () => submit("erc3009", body)));
    const accepted = answers.filter((a) => a.status === 202);
    assert.equal(accepted.length, 1, JSON.stringify(answers));
    for (const { status, body } of answers.filter((a) => a.status !== 202)) {
      assert.equal(status, 422, JSON.stringify(body));
      assert.equal(body.code, "funding-would-fail");
      assert.ok(body.detail.includes(`${accepted[0].body.id} (2000000)`), body.detail);
    }
    await published(() => jobOf(accepted[0].body.id));

    // Settled: the reservation is gone. Topped up with 2 USDC, the wallet funds one more quote
    // (a reservation left behind would refuse it: the 2 USDC would be "reserved" still).
    await (await usdc(devAccount(1, providerA)).transfer(payer.address, 2_000_000n)).wait();
    const again = await submit("erc3009", await erc3009Submit(await quoteFor(payer.address, "2000000"), { wallet: payer, from: payer.address, domain: usdcDomain() }));
    const job = await again.json();
    assert.equal(again.status, 202, JSON.stringify(job));
    await published(() => jobOf(job.id));
    await assertNoRevertedRelayerTransaction();
  });
});

describe("the contracts' own semantics are refused up front", () => {
  test("a Permit2 batch naming the token twice: Permit2 keeps the last amount, so the service refuses it naming the field", async () => {
    const owner = devAccount(3); // holds USDC and approved Permit2
    const permit2 = new Contract(PERMIT2, PERMIT2_ABI, devAccount(1, providerA));
    // On the real Permit2, sent by someone else: 4,999,999 then 1 of the same token for a spender.
    const spender = Wallet.createRandom().address;
    const { nonce } = await permit2.allowance(owner.address, chainA.tokens.USDC, spender);
    const expiration = String(nowSec() + 7200);
    const batch = {
      details: [
        { token: chainA.tokens.USDC, amount: "4999999", expiration, nonce: String(nonce) },
        { token: chainA.tokens.USDC, amount: "1", expiration, nonce: String(nonce + 1n) },
      ],
      spender,
      sigDeadline: String(nowSec() + 3600),
    };
    const domain = { name: "Permit2", chainId: 31337, verifyingContract: PERMIT2 };
    await (await permit2.permit(owner.address, batch, await owner.signTypedData(domain, PERMIT2_BATCH_TYPES, batch))).wait();
    const kept = await permit2.allowance(owner.address, chainA.tokens.USDC, spender);
    assert.equal(kept.amount, 1n, "Permit2 keeps the last entry's amount, not the sum");

    // The same shape for a quote of 5 USDC is refused before anything is sent.
    const quote = await quoteFor(owner.address, "5000000");
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const forQuote = { ...batch, spender: quote.execution.vault, details: batch.details.map((d, i) => ({ ...d, nonce: String(i) })) };
    const res = await submit("permit2", { quote, permit2: forQuote, signature: await owner.signTypedData(domain, PERMIT2_BATCH_TYPES, forQuote) });
    const problem = await res.json();
    assert.equal(res.status, 400, JSON.stringify(problem));
    assert.ok(fieldsOf(problem).includes("permit2.details[1].token"), JSON.stringify(problem));
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce, "the relayer sent nothing");
  });

  test("an intent the Portal already counts as funded: 422 intent already funded, nothing sent", async () => {
    const funder = devAccount(1, providerA);
    const quote = await quoteFor(funder.address, "3000000");
    // The funder funds it itself, exactly as quoted, then also signs a gasless authorization.
    for (const tx of [quote.execution.approval, quote.execution.transaction]) {
      if (tx) await (await funder.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })).wait();
    }
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain() }));
    const problem = await res.json();
    assert.equal(res.status, 422, JSON.stringify(problem));
    assert.equal(problem.code, "funding-would-fail");
    assert.match(problem.detail, /intent already funded/);
    assert.ok(problem.detail.includes(quote.intentHash.toLowerCase()), problem.detail);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce, "the relayer sent nothing");
  });

  test("a Permit3 salt its owner already spent: 422 authorization already used, nothing sent", async () => {
    const owner = devAccount(5, providerA); // holds USDC and approved Permit3
    const quote = await quoteFor(owner.address, "3000000");
    const body = permit3Submit(quote, { wallet: owner, modeOrExpiration: "0" });
    const permit3 = new Contract(PERMIT3, ["function invalidateNonces(bytes32[] salts)"], owner);
    await (await permit3.invalidateNonces([body.permit3.salt])).wait();
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const res = await submit("permit3", body);
    const problem = await res.json();
    assert.equal(res.status, 422, JSON.stringify(problem));
    assert.match(problem.detail, /authorization already used: Permit3 salt/);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce, "the relayer sent nothing");
    await assertNoRevertedRelayerTransaction();
  });
});

// Last in this file: it stops chain A's automatic mining for a while and moves its clock forward.
describe("the whole job is simulated right before signing", () => {
  test("a balance moved away and an authorization expiring while queued: both jobs fail, the relayer sends nothing for them", async () => {
    const first = devAccount(2); // holds USDC
    const expiring = devAccount(3); // holds USDC
    const payer = await walletHolding(2_000_000n);
    const [firstQuote, movedQuote, expiringQuote] = await Promise.all([first, payer, expiring].map((w) => quoteFor(w.address, "2000000")));
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    // Hold the chain's relay queue: with automatic mining off, the first job's authorization
    // waits in the mempool and the relayer waits for its receipt, so the next jobs queue behind it.
    await providerA.send("evm_setAutomine", [false]);
    let automine = false;
    try {
      const firstRes = await submit("erc3009", await erc3009Submit(firstQuote, { wallet: first, from: first.address, domain: usdcDomain() }));
      const firstJob = await firstRes.json();
      assert.equal(firstRes.status, 202, JSON.stringify(firstJob));
      await waitFor(() => providerA.getTransactionCount(RELAYER, "pending"), (n) => n > relayerBefore, { timeoutMs: 30_000, intervalMs: 100 });

      // Accepted while the balance is there; then the payer moves it away (an ERC-3009 transfer
      // that someone else sends for it: the payer has no ETH).
      const movedRes = await submit("erc3009", await erc3009Submit(movedQuote, { wallet: payer, from: payer.address, domain: usdcDomain() }));
      const movedJob = await movedRes.json();
      assert.equal(movedRes.status, 202, JSON.stringify(movedJob));
      const away = { from: payer.address, to: RECIPIENT, value: "2000000", validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
      const { v, r, s } = Signature.from(await payer.signTypedData(usdcDomain(), ERC3009_TYPES, away));
      const fiat = new Contract(chainA.tokens.USDC, ["function transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)"], devAccount(1, providerA));
      await fiat.transferWithAuthorization(away.from, away.to, away.value, away.validAfter, away.validBefore, away.nonce, v, r, s);

      // Accepted with an authorization valid for 150 s (the quote expires in 120 s); then, while
      // it waits, the chain's clock passes 120 s: the window closes within the 60 s margin.
      const expiringRes = await submit("erc3009", await erc3009Submit(expiringQuote, { wallet: expiring, from: expiring.address, domain: usdcDomain(), validBefore: String(nowSec() + 150) }));
      const expiringJob = await expiringRes.json();
      assert.equal(expiringRes.status, 202, JSON.stringify(expiringJob));
      await providerA.send("evm_increaseTime", [120]);

      await providerA.send("evm_setAutomine", [true]);
      automine = true;
      await providerA.send("evm_mine", []);
      assert.equal(await usdc().balanceOf(payer.address), 0n, "the balance moved away");

      await published(() => jobOf(firstJob.id));
      const moved = await waitFor(() => jobOf(movedJob.id), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
      assert.equal(moved.status, "failed", JSON.stringify(moved));
      assert.match(moved.error, /simulated together against the pending state, the authorization call reverts: .*exceeds balance/);
      const expired = await waitFor(() => jobOf(expiringJob.id), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
      assert.equal(expired.status, "failed", JSON.stringify(expired));
      assert.match(expired.error, /authorization\.validBefore ends at \d+, within 60 s of the chain's time/);
      // The relayer sent the first job's two transactions and nothing else.
      assert.equal(await providerA.getTransactionCount(RELAYER), relayerBefore + 2);
      await assertNoRevertedRelayerTransaction();
    } finally {
      if (!automine) await providerA.send("evm_setAutomine", [true]);
    }
  });
});

// After the clock test: these move chain A's base fee, and its clock is ahead of the wall clock
// by then, so windows are set from the chain's own time. The local ceiling of chain 31337 is
// 10 gwei (config/local/service.json relay.maxFeePerGasWei).
const gwei = (n) => "0x" + (BigInt(n) * 1_000_000_000n).toString(16);
/** The next block's base fee, then that block. */
async function baseFee(fee) {
  await providerA.send("anvil_setNextBlockBaseFeePerGas", [fee]);
  await providerA.send("evm_mine", []);
}
const chainTime = async () => (await providerA.getBlock("latest")).timestamp;
/**
 * Submits `funder`'s ERC-3009 funding of `quote`, valid for `validFor` s of the chain's time, while
 * the chain's base fee is `feeGwei`, and waits until the job says it waits for the gas price; then
 * runs `meanwhile(job)` with the chain still priced so, and lowers the base fee to `thenGwei` (1).
 * @returns the accepted job
 */
async function submitWhilePriced(feeGwei, quote, funder, { validFor = 3600, meanwhile = async () => {}, thenGwei = 1 } = {}) {
  await baseFee(gwei(feeGwei));
  try {
    const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain(), validBefore: String((await chainTime()) + validFor) }));
    const accepted = await res.json();
    assert.equal(res.status, 202, JSON.stringify(accepted));
    const waiting = await waitFor(() => jobOf(accepted.id), (j) => j.waitingFor === "gas-price", { timeoutMs: 30_000, intervalMs: 200 });
    await meanwhile(waiting);
    return accepted;
  } finally {
    await baseFee(gwei(thenGwei));
  }
}

describe("a fee spike: the relayer waits under its ceiling", () => {
  const CEILING = 10_000_000_000n;

  test("above the ceiling nothing is sent and the job says it waits for the gas price; back under it, the job is sent at most at the ceiling, though its own price is above it", async () => {
    const funder = devAccount(4); // holds USDC
    const quote = await quoteFor(funder.address, "2000000");
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    // 1000 gwei: the solvers' own transactions on chain A mine blocks that lower it 12.5% each,
    // far from reaching the ceiling while the job is looked at. The job says why it waits once the
    // relayer looked at the price and signed nothing.
    // Then 9 gwei: with the 1 gwei priority fee the chain asks 10 gwei, not above the ceiling, so
    // the job is sent; the relayer's own price (twice the base fee plus the priority fee, 19 gwei)
    // is above it, so the ceiling is what bounds what it offers.
    const accepted = await submitWhilePriced(1000, quote, funder, {
      thenGwei: 9,
      meanwhile: async (waiting) => {
        assert.equal(waiting.status, "accepted", JSON.stringify(waiting));
        assert.equal(await providerA.getTransactionCount(RELAYER, "pending"), relayerBefore, "nothing sent above the ceiling");
      },
    });
    try {
      const job = await published(() => jobOf(accepted.id));
      assert.equal(job.waitingFor, null, JSON.stringify(job));
      // Its transactions were priced at most at the ceiling, where the relayer's own price was above it.
      const sent = await relayerTransactions();
      assert.equal(await providerA.getTransactionCount(RELAYER), relayerBefore + 2);
      for (const { hash } of sent.slice(-2)) {
        const tx = await providerA.getTransaction(hash);
        assert.ok(tx.maxFeePerGas <= CEILING, `${hash} maxFeePerGas ${tx.maxFeePerGas}`);
        // Blocks mined meanwhile lower the base fee; the case shows the ceiling only while the
        // relayer's own price at its block was still above it.
        const { baseFeePerGas } = await providerA.getBlock(tx.blockNumber);
        assert.ok(2n * baseFeePerGas + 1_000_000_000n > CEILING, `the base fee fell to ${baseFeePerGas} before the job was sent: the ceiling bound nothing`);
      }
    } finally {
      await baseFee(gwei(1));
    }
    await assertNoRevertedRelayerTransaction();
  });

  test("a job whose window closes while it waits for the gas price fails with nothing sent", async () => {
    const funder = devAccount(4);
    const quote = await quoteFor(funder.address, "2000000");
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    // Valid for 150 s of the chain's time; while the job waits, the chain's clock passes 120 s:
    // the window closes within the relayer's 60 s margin.
    await submitWhilePriced(1000, quote, funder, {
      validFor: 150,
      meanwhile: async (waiting) => {
        await providerA.send("evm_increaseTime", [120]);
        await baseFee(gwei(1000));
        const failed = await waitFor(() => jobOf(waiting.id), (j) => j.status !== "accepted", { timeoutMs: 30_000, intervalMs: 200 });
        assert.equal(failed.status, "failed", JSON.stringify(failed));
        assert.match(failed.error, /authorization\.validBefore ends at \d+, within 60 s of the chain's time/);
        assert.equal(failed.waitingFor, null);
        assert.equal(await providerA.getTransactionCount(RELAYER, "pending"), relayerBefore, "the relayer sent nothing");
      },
    });
    await assertNoRevertedRelayerTransaction();
  });
});

// No figure a request carries prices the relayer: a quote's fees travel with the client's copy
// and are under no signature, so a submitter can write any `gas` entry. A first job claims a tiny
// or a huge one; a second job, queued behind it on the suite's one relayer account, must not be
// pinned by it. Both go at the chain's price: maxFeePerGas = relay.baseFeeMultiplier (2 locally) x
// the base fee of a block the relayer read + the priority fee, under the 10 gwei ceiling, whatever
// the claim. (Priced from the claim instead, the tiny one would cover 0.0016 gwei at chain 31337's
// old 0.5 USD native price: the first job would wait for ever, the second behind it.)
describe("no relayer price from a request: a job behind one whose quote claims any gas fee", () => {
  /** A real quote whose gas entry (in chain A's USDC) the submitter rewrote to `amount`. */
  async function claiming(funderAddress, amount) {
    const quote = await quoteFor(funderAddress, "2000000");
    const gas = quote.fees.filter((f) => f.type === "gas" && f.token.chainId === 31337);
    assert.equal(gas.length, 1, JSON.stringify(quote.fees));
    gas[0].amount = amount;
    return quote;
  }

  /** Asserts `hash` is priced from the chain: 2 x some block's base fee since `fromBlock` + its priority fee. */
  async function assertChainPriced(hash, fromBlock) {
    const tx = await providerA.getTransaction(hash);
    const CEILING = 10_000_000_000n;
    const read = [];
    for (let n = fromBlock; n < tx.blockNumber; n++) read.push((await providerA.getBlock(n)).baseFeePerGas);
    const prices = read.map((base) => 2n * base + tx.maxPriorityFeePerGas);
    assert.ok(prices.every((p) => p < CEILING), `the chain is under its ceiling: ${prices}`);
    assert.ok(prices.includes(tx.maxFeePerGas), `${hash} maxFeePerGas ${tx.maxFeePerGas} is none of the chain's prices ${prices}`);
  }

  for (const [label, claim] of [["a tiny gas fee (1 base unit)", "1"], ["a huge gas fee (the whole 2 USDC)", "2000000"]]) {
    test(`the first quote claims ${label}: both jobs are sent at the chain's price`, async () => {
      const funder = devAccount(4);
      const first = await claiming(funder.address, claim);
      const second = await quoteFor(funder.address, "2000000");
      const fromBlock = await providerA.getBlockNumber();
      const relayerBefore = await providerA.getTransactionCount(RELAYER);
      const ids = [];
      for (const quote of [first, second]) {
        const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain() }));
        const accepted = await res.json();
        assert.equal(res.status, 202, JSON.stringify(accepted));
        ids.push(accepted.id);
      }
      for (const id of ids) {
        const job = await published(() => jobOf(id));
        assert.equal(job.waitingFor, null, JSON.stringify(job));
      }
      assert.equal(await providerA.getTransactionCount(RELAYER), relayerBefore + 4, "two transactions per job");
      for (const { hash } of (await relayerTransactions()).slice(-4)) await assertChainPriced(hash, fromBlock);
      await assertNoRevertedRelayerTransaction();
    });
  }
});

// Last: automatic mining off while the chain's base fee sits above what the relayer first paid.
// After relay.replaceAfterBlocks (2 locally) blocks with no receipt the relayer replaces its
// transaction (same nonce, same call, both fees raised at least 10%, at most the 10 gwei ceiling).
describe("stuck and dropped transactions", () => {
  const CEILING = 10_000_000_000n;
  /** Mines one block whose base fee is `fee`. */
  const mineAt = baseFee;
  /** The relayer's transaction at `nonce` in the node's pool, or null. */
  async function pooled(nonce) {
    const { pending } = await providerA.send("txpool_content", []);
    const key = Object.keys(pending ?? {}).find((a) => a.toLowerCase() === RELAYER.toLowerCase());
    return key ? pending[key][String(nonce)] ?? null : null;
  }
  /** The relayer's mined transactions from nonce `from` on, with their receipts. */
  async function minedFrom(from) {
    const out = [];
    const latest = await providerA.getBlockNumber();
    for (let n = firstBlock + 1; n <= latest; n++) {
      for (const tx of (await providerA.getBlock(n, true)).prefetchedTransactions) {
        if (tx.from === RELAYER && tx.nonce >= from) out.push({ tx, receipt: await providerA.getTransactionReceipt(tx.hash) });
      }
    }
    return out;
  }
  /** Mines a block (at 5 gwei unless told) every 300 ms until `done` answers something. */
  async function mineUntil(done, { timeoutMs = 90_000, mine = () => mineAt(gwei(5)) } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await done();
      if (value) return value;
      if (Date.now() > deadline) throw new Error("timed out mining");
      await mine();
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  // Stuck but held by the node: anvil drops a transaction priced under a block's base fee when it
  // mines that block (a spike on anvil is a drop; geth keeps it pending). So here the block gas
  // limit is 210,000 and every block first takes a 21,000-gas transfer tipping 5 gwei (anvil #8):
  // the relayer's 200,000-gas authorization, tipping less, no longer fits and stays in the pool;
  // a replacement of it is still accepted (its gas limit is under the block's).
  async function crowdedBlock() {
    const competitor = devAccount(8, providerA);
    const nonce = await providerA.getTransactionCount(competitor.address, "latest");
    await competitor.sendTransaction({ nonce, to: competitor.address, value: 0n, gasLimit: 21_000n, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 5_000_000_000n });
    await providerA.send("evm_mine", []);
  }
  const plainBlock = () => providerA.send("evm_mine", []);
  async function withBlockGasLimit(limit, run) {
    const previous = (await providerA.getBlock("latest")).gasLimit;
    await providerA.send("anvil_setBlockGasLimit", ["0x" + limit.toString(16)]);
    try {
      return await run();
    } finally {
      await providerA.send("anvil_setBlockGasLimit", ["0x" + previous.toString(16)]);
    }
  }
  const settled = (id) => async () => {
    const job = await jobOf(id);
    return job.status !== "accepted" ? job : null;
  };

  test("a fee spike after sending: replaced with higher fees under the ceiling, the replacement mined, funded once, the job names it", async () => {
    const funder = devAccount(4); // holds USDC
    const quote = await quoteFor(funder.address, "2000000");
    const balanceBefore = await usdc().balanceOf(funder.address);
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    await mineAt(gwei(1));
    await providerA.send("evm_setAutomine", [false]);
    try {
      const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain(), validBefore: String((await chainTime()) + 3600) }));
      const accepted = await res.json();
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const original = await waitFor(() => pooled(relayerBefore), Boolean, { timeoutMs: 30_000, intervalMs: 100 });
      // Priced for a 1 gwei base fee: blocks at 5 gwei cannot include it (anvil then drops it
      // from its pool; the relayer replaces it at the chain's price, raised at least 10%).
      assert.ok(BigInt(original.maxFeePerGas) < 5_000_000_000n, original.maxFeePerGas);
      const job = await mineUntil(settled(accepted.id));
      assert.equal(job.status, "published", JSON.stringify(job));

      const mined = await minedFrom(relayerBefore);
      assert.deepEqual(mined.map(({ tx }) => tx.nonce), [relayerBefore, relayerBefore + 1], "one transaction per nonce, no more");
      const [authorization, funding] = mined;
      // The authorization mined is a replacement of the one first sent: same nonce and call, both
      // fees raised at least 10%, at most the ceiling; the first one never mined.
      assert.notEqual(authorization.tx.hash, original.hash);
      assert.equal(authorization.tx.data, original.input);
      assert.ok(authorization.tx.maxFeePerGas * 10n >= BigInt(original.maxFeePerGas) * 11n);
      assert.ok(authorization.tx.maxPriorityFeePerGas * 10n >= BigInt(original.maxPriorityFeePerGas) * 11n);
      assert.equal(await providerA.send("eth_getTransactionReceipt", [original.hash]), null);
      // The funding was signed with the first fees too, and replaced the same way; the job names
      // the funding transaction that was mined.
      assert.equal(job.transactionHash, funding.tx.hash);
      assert.ok(funding.tx.maxFeePerGas * 10n >= BigInt(original.maxFeePerGas) * 11n);
      for (const { tx, receipt } of mined) {
        assert.ok(tx.maxFeePerGas <= CEILING, `${tx.hash} maxFeePerGas ${tx.maxFeePerGas}`);
        assert.equal(receipt.status, 1);
      }
      // Funded once: the funder paid the amount once.
      assert.equal(await usdc().balanceOf(funder.address), balanceBefore - 2_000_000n);
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await assertNoRevertedRelayerTransaction();
  });

  test("held by the node but not mined for 2 blocks: replaced with both fees raised 10%, rounded up; the replacement mined, funded once", async () => {
    const funder = devAccount(4);
    const quote = await quoteFor(funder.address, "2000000");
    const balanceBefore = await usdc().balanceOf(funder.address);
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    await mineAt(gwei(1));
    await providerA.send("evm_setAutomine", [false]);
    try {
      const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain(), validBefore: String((await chainTime()) + 3600) }));
      const accepted = await res.json();
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const original = await waitFor(() => pooled(relayerBefore), Boolean, { timeoutMs: 30_000, intervalMs: 100 });
      const replacement = await withBlockGasLimit(210_000n, () =>
        mineUntil(async () => {
          const held = await pooled(relayerBefore);
          return held && held.hash !== original.hash ? held : null;
        }, { mine: crowdedBlock }));
      // Both fields raised at least 10%, rounded up (or to the chain's price if higher), at most
      // the ceiling.
      const raised = (v) => (BigInt(v) * 110n + 99n) / 100n;
      assert.ok(BigInt(replacement.maxFeePerGas) >= raised(original.maxFeePerGas), JSON.stringify([original, replacement]));
      assert.ok(BigInt(replacement.maxPriorityFeePerGas) >= raised(original.maxPriorityFeePerGas), JSON.stringify([original, replacement]));
      assert.ok(BigInt(replacement.maxFeePerGas) <= CEILING);
      assert.equal(replacement.input, original.input, "the same call");
      const job = await mineUntil(settled(accepted.id), { mine: plainBlock });
      assert.equal(job.status, "published", JSON.stringify(job));
      const mined = await minedFrom(relayerBefore);
      assert.deepEqual(mined.map(({ tx }) => tx.nonce), [relayerBefore, relayerBefore + 1]);
      assert.equal(mined[0].tx.hash, replacement.hash, "the replacement was mined");
      assert.equal(await providerA.send("eth_getTransactionReceipt", [original.hash]), null);
      assert.equal(job.transactionHash, mined[1].tx.hash);
      assert.equal(await usdc().balanceOf(funder.address), balanceBefore - 2_000_000n);
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await assertNoRevertedRelayerTransaction();
  });

  test("the worker killed (kill -9) while a replacement is pending: after the restart the job finds the replacement's receipt, funded once", async () => {
    const funder = devAccount(4);
    const quote = await quoteFor(funder.address, "2000000");
    const balanceBefore = await usdc().balanceOf(funder.address);
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    await mineAt(gwei(1));
    await providerA.send("evm_setAutomine", [false]);
    try {
      const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain(), validBefore: String((await chainTime()) + 3600) }));
      const accepted = await res.json();
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const original = await waitFor(() => pooled(relayerBefore), Boolean, { timeoutMs: 30_000, intervalMs: 100 });
      const replacement = await withBlockGasLimit(210_000n, () =>
        mineUntil(async () => {
          const held = await pooled(relayerBefore);
          return held && held.hash !== original.hash ? held : null;
        }, { mine: crowdedBlock }));
      // The relayer is waiting for a receipt under either hash: kill -9, then the same storage.
      const pids = workerdPids();
      assert.ok(pids.length > 0, "a workerd to kill");
      for (const pid of pids) process.kill(pid, "SIGKILL");
      await worker.dispose().catch(() => {});
      worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: ONE_ACCOUNT });
      const job = await mineUntil(settled(accepted.id), { mine: plainBlock });
      assert.equal(job.status, "published", JSON.stringify(job));
      const mined = await minedFrom(relayerBefore);
      assert.deepEqual(mined.map(({ tx }) => tx.nonce), [relayerBefore, relayerBefore + 1], "nothing signed anew");
      assert.equal(mined[0].tx.hash, replacement.hash);
      assert.equal(job.transactionHash, mined[1].tx.hash);
      assert.equal(await usdc().balanceOf(funder.address), balanceBefore - 2_000_000n, "funded once");
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await assertNoRevertedRelayerTransaction();
  });

  test("a dropped transaction (anvil_dropTransaction) is broadcast again, the same bytes, and mined once", async () => {
    const funder = devAccount(4);
    const quote = await quoteFor(funder.address, "2000000");
    const balanceBefore = await usdc().balanceOf(funder.address);
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    await mineAt(gwei(1));
    await providerA.send("evm_setAutomine", [false]);
    let automine = false;
    try {
      const res = await submit("erc3009", await erc3009Submit(quote, { wallet: funder, from: funder.address, domain: usdcDomain(), validBefore: String((await chainTime()) + 3600) }));
      const accepted = await res.json();
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const original = await waitFor(() => pooled(relayerBefore), Boolean, { timeoutMs: 30_000, intervalMs: 100 });
      await providerA.send("anvil_dropTransaction", [original.hash]);
      assert.equal(await pooled(relayerBefore), null, "the node no longer holds it");
      // The relayer notices, simulates the job again and broadcasts the same bytes.
      await waitFor(() => pooled(relayerBefore), (tx) => tx?.hash === original.hash, { timeoutMs: 30_000, intervalMs: 100 });
      await providerA.send("evm_setAutomine", [true]);
      automine = true;
      await providerA.send("evm_mine", []);
      const job = await published(() => jobOf(accepted.id));
      const mined = await minedFrom(relayerBefore);
      assert.deepEqual(mined.map(({ tx }) => tx.nonce), [relayerBefore, relayerBefore + 1]);
      assert.equal(mined[0].tx.hash, original.hash, "the same transaction was mined");
      assert.equal(job.transactionHash, mined[1].tx.hash);
      assert.equal(await usdc().balanceOf(funder.address), balanceBefore - 2_000_000n);
    } finally {
      if (!automine) await providerA.send("evm_setAutomine", [true]);
    }
    await assertNoRevertedRelayerTransaction();
  });

  test("stuck, and its call would now revert: not re-sent; the nonce is filled with a 0-value transfer and the job fails", async () => {
    const payer = await walletHolding(2_000_000n);
    const quote = await quoteFor(payer.address, "2000000");
    const relayerBefore = await providerA.getTransactionCount(RELAYER);
    await mineAt(gwei(1));
    await providerA.send("evm_setAutomine", [false]);
    try {
      const res = await submit("erc3009", await erc3009Submit(quote, { wallet: payer, from: payer.address, domain: usdcDomain(), validBefore: String((await chainTime()) + 3600) }));
      const accepted = await res.json();
      assert.equal(res.status, 202, JSON.stringify(accepted));
      const original = await waitFor(() => pooled(relayerBefore), Boolean, { timeoutMs: 30_000, intervalMs: 100 });
      // While it is stuck, the payer's balance moves away in a transfer someone else sends for it.
      const away = { from: payer.address, to: RECIPIENT, value: "2000000", validAfter: "0", validBefore: String((await chainTime()) + 3600), nonce: hexlify(randomBytes(32)) };
      const { v, r, s } = Signature.from(await payer.signTypedData(usdcDomain(), ERC3009_TYPES, away));
      const fiat = new Contract(chainA.tokens.USDC, ["function transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)"], devAccount(1, providerA));
      // Held by the node, out of every block (crowded out, above), while the transfer is mined.
      const job = await withBlockGasLimit(210_000n, async () => {
        await fiat.transferWithAuthorization(away.from, away.to, away.value, away.validAfter, away.validBefore, away.nonce, v, r, s, { gasLimit: 100_000n, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n });
        return mineUntil(settled(accepted.id), { mine: crowdedBlock });
      });
      assert.equal(job.status, "failed", JSON.stringify(job));
      assert.match(job.error, /simulated again before re-sending, .*exceeds balance/);
      assert.match(job.error, /filled its nonce \d+ on chain 31337 with a 0-value transfer to itself/);
      assert.equal(job.transactionHash, null);
      assert.equal(await usdc().balanceOf(payer.address), 0n);
      // The relayer's only transaction: the 0-value transfer to itself at the stuck nonce, mined
      // successfully; the authorization never mined, the funding never sent.
      const mined = await minedFrom(relayerBefore);
      assert.equal(mined.length, 1, JSON.stringify(mined.map(({ tx }) => tx.hash)));
      const [{ tx, receipt }] = mined;
      assert.deepEqual([tx.nonce, tx.to, tx.value, tx.data, receipt.status], [relayerBefore, RELAYER, 0n, "0x", 1]);
      assert.equal(await providerA.send("eth_getTransactionReceipt", [original.hash]), null);
      assert.equal(await providerA.getTransactionCount(RELAYER), relayerBefore + 1);
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await assertNoRevertedRelayerTransaction();
  });
});
