// Gasless fundings relayed on the local chains, which run the real contracts (scripts/chains
// startLocalStack: the Eco Portal, canonical Permit2, Circle's FiatToken USDC, our Permit3):
// - every gasless standard (ERC-3009, Permit2, Permit3 transfer and allowance) and every deposit
//   funding (ERC-3009, EIP-2612, a plain transfer) is relayed by the worker from RELAYER_KEY
//   (anvil #11), then followed through the worker's own status index to delivery on chain B, the
//   recipient's balance checked;
// - a submit whose funding would fail (an empty wallet, a used authorization, a missing Permit2
//   approval) is refused with 422 funding-would-fail: no job, and the relayer sends nothing;
// - the chain records say the local Portals confirmed the vault derivation;
// - a deposit address's answer (POST and GET) holds up against independent implementations: the
//   real Portal's getIntentHash and intentVaultAddress of its intent, ethers' EIP-712 recovery of
//   its signature to the chain's quoteSigner, and the package's verifyDepositAddress.
// Signatures are made here with ethers, independently of the core.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, Signature, Wallet, hexlify, randomBytes, verifyTypedData } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { devAccount, localProvider } from "../../../scripts/chains/deploy.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { limiterObjectName } from "../../src/runtime/objects.js";
import http from "node:http";
import { verifyWebhook } from "stableroutes/client";
import { loadVerifier } from "stableroutes";
import { PORTAL_FUNCTIONS, encodeRoute } from "../../../scripts/chains/intent.mjs";
import { portalArtifact } from "../../../scripts/chains/packages.mjs";
import { ERC3009_TYPES, PERMIT_TYPES, erc3009Submit, localUsdcQuote, nowSec, permit2Submit, permit3Submit, waitFor } from "../gasless-helpers.mjs";

const json = { "content-type": "application/json" };
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
const RELAYER = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"; // anvil #11
// This suite follows one account's nonces: its worker relays from RELAYER_KEY alone (the local
// RELAYER_KEYS unset); relayer-accounts.test.mjs runs the local configuration's three accounts.
const ONE_ACCOUNT = { RELAYER_KEYS: "" };
const INTENT_FUNDED = "0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a";
const ERC20 = [
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address,uint256) returns (bool)",
  "function transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
];

let stack;
let outDir;
const hook = { received: [], server: null, secret: null };
let worker;
let persist;
let chainA;
let chainB;
let providerA;
let providerB;

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-gasless-chains-"));
  const [portA, portB] = [await freePort(), await freePort()];
  stack = await startLocalStack({
    chains: [
      { name: "Test A", chainId: 31337, port: portA },
      { name: "Test B", chainId: 31338, port: portB },
    ],
    outDir,
    solverOptions: { pollMs: 200 },
    log: () => {},
  });
  [chainA, chainB] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  providerB = localProvider(chainB.rpcUrl, 31338);
  // The bundle's local configuration with the anvil chains overlaid (as serve.sh does).
  const previous = process.env.SR_LOCAL_CHAINS_DIR;
  process.env.SR_LOCAL_CHAINS_DIR = outDir;
  try {
    const bundleDir = buildBundle();
    persist = tempDir("sr-gasless-chains-state-");
    worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: ONE_ACCOUNT });
  } finally {
    if (previous === undefined) delete process.env.SR_LOCAL_CHAINS_DIR;
    else process.env.SR_LOCAL_CHAINS_DIR = previous;
  }
  // An integrator's webhook receiver on loopback, registered with the key the quotes use.
  hook.server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hook.received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise((r) => hook.server.listen(0, "127.0.0.1", r));
  const res = await worker.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url: `http://127.0.0.1:${hook.server.address().port}/hook`, events: ["intent.status"] }) });
  const created = await res.json();
  assert.equal(res.status, 201, JSON.stringify(created));
  hook.secret = created.secret;
});

after(async () => {
  hook.server?.closeAllConnections();
  hook.server?.close();
  await worker?.dispose();
  persist?.remove();
  providerA?.destroy();
  providerB?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const usdcDomain = () => ({ name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC });
const permit2Options = () => ({ chainId: 31337 });

const quoteFor = (funder, amount = "5000000") => localUsdcQuote(worker, stack.deployment, { funder: funder.address, amount, recipient: RECIPIENT, dappId: "gasless-chains-test" });

const submit = (standard, body) =>
  worker.fetch(`/v1/gasless/${standard}`, { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });

const jobOf = async (id) => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json();
const statusOf = async (intentHash) => (await worker.fetch(`/v1/intents/status?intentHash=${intentHash}`, { key: DEV_KEYS.acme })).json();
/** What chain A's store of relayed fundings holds (its relayer object named by the chain alone). */
async function reservationsHeld() {
  const ns = await worker.mf.getDurableObjectNamespace("RELAYER");
  return JSON.parse(JSON.stringify(await ns.get(ns.idFromName("31337")).reservationsHeld()));
}
const recipientBalance = () => new Contract(chainB.tokens.USDC, ERC20, providerB).balanceOf(RECIPIENT);

/** Waits for a job to be published with a successful funding transaction that funded `intentHash`. */
async function publishedFunding(readJob, intentHash) {
  const job = await waitFor(readJob, (j) => j && j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
  assert.equal(job.status, "published", JSON.stringify(job));
  const receipt = await providerA.getTransactionReceipt(job.transactionHash);
  assert.equal(receipt.status, 1);
  assert.equal(receipt.to, chainA.portal);
  assert.equal(receipt.from, RELAYER);
  assert.ok(receipt.logs.some((l) => l.topics[0] === INTENT_FUNDED && l.data.startsWith(intentHash)), "IntentFunded in the receipt");
  return job;
}

/**
 * Waits for the worker's status index to see the fill on chain B (and the funding it relayed).
 * Each chain has its own reader, so one chain's events can be read before the other's (the fill on
 * chain B before the funding on chain A, or the proof on A before the fill on B): wait for both
 * transactions, not only for a status past pending.
 */
async function delivered(intentHash, fundingTx) {
  const status = await waitFor(
    () => statusOf(intentHash),
    (st) => (st.status === "filled" || st.status === "settled") && st.transactions.fulfilled !== null && st.transactions.funded !== null,
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  assert.equal(status.transactions.funded.transactionHash, fundingTx);
  assert.equal(status.transactions.fulfilled.chainId, 31338);
  return status;
}

describe("the local chains run the real contracts and confirm their vault derivation", () => {
  test("chain records are confirmed and USDC lists every gasless standard", async () => {
    const { chains } = await (await worker.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    for (const chain of chains) {
      assert.equal(chain.vaultDerivation, "confirmed", JSON.stringify(chain));
      assert.equal(chain.portal, chainA.portal);
      assert.equal(chain.permit2, "0x000000000022D473030F116dDEE9F6B43aC78BA3");
      assert.equal(chain.permit3, "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34");
    }
    const { tokens } = await (await worker.fetch("/v1/tokens?chainId=31337", { key: DEV_KEYS.acme })).json();
    assert.deepEqual(tokens.find((t) => t.symbol === "USDC").gasless, ["permit3", "permit2", "erc3009"]);
  });
});

describe("every gasless standard is relayed and delivered", () => {
  // Each standard from its own funder (anvil #2-#5: they hold test USDC and approved Permit2 and
  // Permit3), all in flight together: the relayer sends them one at a time per chain.
  const cases = [
    ["erc3009", 2, (quote, wallet) => erc3009Submit(quote, { wallet, from: wallet.address, domain: usdcDomain() })],
    ["permit2", 3, (quote, wallet) => permit2Submit(quote, { wallet, ...permit2Options() })],
    ["permit3", 4, (quote, wallet) => permit3Submit(quote, { wallet, modeOrExpiration: "0" })],
    ["permit3", 5, (quote, wallet) => permit3Submit(quote, { wallet })],
  ];
  test("ERC-3009, Permit2, Permit3 transfer and Permit3 allowance each fund, fill and pay the recipient", async () => {
    const before = await recipientBalance();
    const flows = await Promise.all(cases.map(async ([standard, account, make]) => {
      const wallet = devAccount(account);
      const quote = await quoteFor(wallet);
      const res = await submit(standard, await make(quote, wallet));
      const job = await res.json();
      assert.equal(res.status, 202, `${standard} from #${account}: ${JSON.stringify(job)}`);
      const published = await publishedFunding(() => jobOf(job.id), quote.intentHash);
      await delivered(quote.intentHash, published.transactionHash);
      return quote;
    }));
    const minimum = flows.reduce((sum, q) => sum + BigInt(q.destination.minAmountOut), 0n);
    assert.ok((await recipientBalance()) - before >= minimum, "the recipient received every transfer");

    // The integrator's receiver heard every quote's status changes, signed, in order, to settled.
    for (const quote of flows) {
      const mine = async () => {
        const list = [];
        for (const entry of hook.received) {
          const payload = await verifyWebhook(hook.secret, entry.headers, entry.body);
          if (payload.data.intentHash === quote.intentHash) list.push(payload.data.status);
        }
        return list;
      };
      const statuses = await waitFor(mine, (list) => list.includes("settled"), { timeoutMs: 60_000, intervalMs: 500 });
      assert.equal(statuses.at(-1), "settled", JSON.stringify(statuses));
      const order = ["pending", "filled", "settled"];
      assert.deepEqual(statuses, order.filter((s) => statuses.includes(s)), `in order: ${statuses}`);
    }
  });
});

describe("deposit addresses funded three ways are relayed and delivered", () => {
  // One client network of the test's own: its count of open, unfunded addresses is these three.
  const client = "192.0.2.77";
  const holdName = `deposits:net:ipv4:${client}`;
  const openUnfunded = async () => {
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    return (await ns.get(ns.idFromName(limiterObjectName(holdName))).peekHolds(holdName)).open;
  };
  async function depositAddress(refundRecipient, amount) {
    const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", {
      method: "POST",
      headers: { ...json, "cf-connecting-ip": client },
      body: JSON.stringify({
        source: { chainId: 31337, token: chainA.tokens.USDC, amount },
        destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
        refundRecipient,
      }),
    });
    const record = await res.json();
    assert.equal(res.status, 201, JSON.stringify(record));
    return record;
  }
  const depositJob = (record) => async () => (await (await worker.fetch(`/v1/acme-gateway/${record.vaultAddress}`)).json()).job;

  test("ERC-3009 and EIP-2612 submits and a plain transfer each reach the recipient", async () => {
    const before = await recipientBalance();
    const [erc3009Payer, permitPayer, transferPayer] = [devAccount(7), devAccount(8), devAccount(9)];
    const records = await Promise.all([
      depositAddress(erc3009Payer.address, "3000000"),
      depositAddress(permitPayer.address, "3000000"),
      depositAddress(transferPayer.address, "3000000"),
    ]);
    const [viaErc3009, viaPermit, viaTransfer] = records;
    assert.equal(await openUnfunded(), 3, "each address counts against its client network until funded");

    const authorization = { from: erc3009Payer.address, to: viaErc3009.vaultAddress, value: viaErc3009.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    const erc3009 = await worker.fetch("/v1/acme-gateway/submit/erc-3009", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ vaultAddress: viaErc3009.vaultAddress, authorization, signature: await erc3009Payer.signTypedData(usdcDomain(), ERC3009_TYPES, authorization) }),
    });
    assert.equal(erc3009.status, 202, JSON.stringify(await erc3009.clone().json()));

    const usdc = new Contract(chainA.tokens.USDC, ["function nonces(address) view returns (uint256)"], providerA);
    const permit = { owner: permitPayer.address, spender: viaPermit.vaultAddress, value: viaPermit.source.amount, nonce: String(await usdc.nonces(permitPayer.address)), deadline: String(nowSec() + 3600) };
    const erc2612 = await worker.fetch("/v1/acme-gateway/submit/erc-2612", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ vaultAddress: viaPermit.vaultAddress, permit, signature: await permitPayer.signTypedData(usdcDomain(), PERMIT_TYPES, permit) }),
    });
    assert.equal(erc2612.status, 202, JSON.stringify(await erc2612.clone().json()));

    const token = new Contract(chainA.tokens.USDC, ERC20, transferPayer.connect(providerA));
    await (await token.transfer(viaTransfer.vaultAddress, viaTransfer.source.amount)).wait();
    // A transfer funds once POLL_CONFIRMATIONS blocks (local: 4) hold it, and anvil mines only
    // when something is sent: mine the other three rather than wait for other traffic. (That
    // nothing funds before the depth is shown in deposit.test.mjs, whose chain moves only when
    // the test says so; here the solver and the relayer mine blocks of their own.)
    await providerA.send("anvil_mine", ["0x3"]);

    const standards = await Promise.all(records.map(async (record) => {
      const job = await publishedFunding(depositJob(record), record.intentHash);
      await delivered(record.intentHash, job.transactionHash);
      return job.standard;
    }));
    assert.deepEqual(standards, ["erc3009", "erc2612", "transfer"]);
    const minimum = records.reduce((sum, r) => sum + BigInt(r.minAmountOut), 0n);
    assert.ok((await recipientBalance()) - before >= minimum, "the recipient received every deposit");
    // Funded by two submits and a transfer the reader saw on the chain: none counts any more.
    assert.equal(await openUnfunded(), 0, "a funded address frees its slot");
  });
});

describe("a stranger's failing submit never holds a deposit address", () => {
  // Anyone who learns a vault can submit an ERC-3009 authorization to it from a wallet holding the
  // amount and then move that balance away. The chain's price is held above its ceiling (local
  // 10 gwei) while that happens, so the stranger's job waits unsent; back under it, the relayer's
  // simulation fails the job with nothing sent. The address must stay open: the user's own submit
  // is accepted (202) and funds it, and, on another address, the user's plain transfer does.
  const gwei = (n) => "0x" + (BigInt(n) * 1_000_000_000n).toString(16);
  const baseFee = async (fee) => {
    await providerA.send("anvil_setNextBlockBaseFeePerGas", [fee]);
    await providerA.send("evm_mine", []);
  };
  const record = async (vault) => (await worker.fetch(`/v1/acme-gateway/${vault}`)).json();
  async function depositAddress(refundRecipient) {
    const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", {
      method: "POST",
      headers: { ...json, "cf-connecting-ip": "192.0.2.78" },
      body: JSON.stringify({
        source: { chainId: 31337, token: chainA.tokens.USDC, amount: "3000000" },
        destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
        refundRecipient,
      }),
    });
    const created = await res.json();
    assert.equal(res.status, 201, JSON.stringify(created));
    return created;
  }
  /** `payer`'s ERC-3009 submit of the address's amount into its vault. */
  async function submitErc3009(vault, payer, amount = "3000000") {
    const authorization = { from: payer.address, to: vault, value: amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    return worker.fetch("/v1/acme-gateway/submit/erc-3009", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ vaultAddress: vault, authorization, signature: await payer.signTypedData(usdcDomain(), ERC3009_TYPES, authorization) }),
    });
  }
  /** A fresh wallet holding `amount` USDC on chain A (and no ETH). */
  async function walletHolding(amount) {
    const wallet = Wallet.createRandom();
    await (await new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA)).transfer(wallet.address, amount)).wait();
    return wallet;
  }
  /** `payer`'s whole balance moved to RECIPIENT by an ERC-3009 transfer someone else sends for it. */
  async function moveAway(payer, amount) {
    const away = { from: payer.address, to: RECIPIENT, value: String(amount), validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    const { v, r, s } = Signature.from(await payer.signTypedData(usdcDomain(), ERC3009_TYPES, away));
    const usdc = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
    await (await usdc.transferWithAuthorization(away.from, away.to, away.value, away.validAfter, away.validBefore, away.nonce, v, r, s)).wait();
  }

  /** How many open, unfunded addresses the partner's cap counts now (the pool object's holds). */
  async function openUnfunded() {
    const name = "deposits:partner:acme";
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    return (await ns.get(ns.idFromName(limiterObjectName(name))).peekHolds(name)).open;
  }
  /** The chain reader's cursor on chain A (the next block it reads). */
  async function readerBlock() {
    const ns = await worker.mf.getDurableObjectNamespace("CHAIN_READERS");
    return (await ns.get(ns.idFromName("chain:31337")).cursor())?.block ?? 0;
  }

  test("the job fails with nothing sent; the user's own submit, and on another address the user's plain transfer sent while that job was in flight, fund them; each address holds its unfunded slot again meanwhile", async () => {
    const [user, strangerA, strangerB] = [await walletHolding(3_000_000n), await walletHolding(3_000_000n), await walletHolding(3_000_000n)];
    const transferPayer = devAccount(9);
    const [viaSubmit, viaTransfer] = [await depositAddress(user.address), await depositAddress(transferPayer.address)];
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const unfunded = await openUnfunded();

    await baseFee(gwei(100));
    try {
      for (const [address, stranger] of [[viaSubmit, strangerA], [viaTransfer, strangerB]]) {
        const res = await submitErc3009(address.vaultAddress, stranger);
        assert.equal(res.status, 202, JSON.stringify(await res.json()));
        await waitFor(() => record(address.vaultAddress), (r) => r.job?.waitingFor === "gas-price", { timeoutMs: 30_000, intervalMs: 200 });
        await moveAway(stranger, 3_000_000n);
      }
      // While the stranger's job may still be relayed, it holds the quote: the user waits.
      const early = await submitErc3009(viaSubmit.vaultAddress, user);
      assert.equal(early.status, 409, JSON.stringify(await early.json()));
      // The strangers' 202s freed both addresses' unfunded slots.
      assert.equal(await openUnfunded(), unfunded - 2);
      // The user's plain transfer into the other address, confirmed and read while the stranger's
      // job still holds its quote: it meets that job, and the address stays watched.
      const token = new Contract(chainA.tokens.USDC, ERC20, transferPayer.connect(providerA));
      const sent = await (await token.transfer(viaTransfer.vaultAddress, viaTransfer.source.amount)).wait();
      await providerA.send("anvil_mine", ["0x5"]);
      await waitFor(readerBlock, (block) => block >= sent.blockNumber + 5, { timeoutMs: 30_000, intervalMs: 200 });
      assert.equal((await record(viaTransfer.vaultAddress)).job?.standard, "erc3009");
    } finally {
      await baseFee(gwei(1));
    }

    // The address the user submits to: open again, awaiting funding.
    const open = await waitFor(() => record(viaSubmit.vaultAddress), (r) => r.attempts.length === 1 && r.job === null, { timeoutMs: 60_000, intervalMs: 300 });
    assert.equal(open.status, "awaiting-funding", JSON.stringify(open));
    // The other: still watched, so once the stranger's job is archived the user's plain transfer,
    // sent and read while that job held the quote, funds it at a later range.
    const byTransfer = await publishedFunding(async () => {
      const r = await record(viaTransfer.vaultAddress);
      // The reader reads ranges as blocks come: mine one while nothing else does.
      if (r.job === null) await providerA.send("anvil_mine", ["0x1"]);
      return r.attempts.length === 1 ? r.job : null;
    }, viaTransfer.intentHash);
    assert.equal(byTransfer.standard, "transfer");
    for (const address of [viaSubmit, viaTransfer]) {
      const [failed] = (await record(address.vaultAddress)).attempts;
      assert.equal(failed.status, "failed");
      assert.equal(failed.transactionHash, null);
      assert.match(failed.error, /exceeds balance/);
    }
    // Nothing was sent for the strangers' jobs: the relayer's one transaction is the transfer's funding.
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce + 1);
    // The first address, open again, counts against its partner's unfunded addresses again; the
    // second is funded.
    assert.equal(await openUnfunded(), unfunded - 1);

    // The user's own submit: accepted, relayed and delivered.
    const own = await submitErc3009(viaSubmit.vaultAddress, user);
    const accepted = await own.json();
    assert.equal(own.status, 202, JSON.stringify(accepted));
    const job = await publishedFunding(async () => (await record(viaSubmit.vaultAddress)).job, viaSubmit.intentHash);
    assert.equal(job.standard, "erc3009");
    await delivered(viaSubmit.intentHash, job.transactionHash);

    await delivered(viaTransfer.intentHash, byTransfer.transactionHash);
    // Each record keeps the stranger's failed attempt beside the job that funded it.
    for (const address of [viaSubmit, viaTransfer]) assert.equal((await record(address.vaultAddress)).attempts.length, 1);
    assert.equal(await openUnfunded(), unfunded - 2);
  });
});

describe("a deposit address verifies against the real Portal, ethers and the package", () => {
  test("intent hash and vault from the Portal, signer from ethers, every check of verifyDepositAddress", async () => {
    const request = {
      source: { chainId: 31337, token: chainA.tokens.USDC, amount: "2000000" },
      destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
      refundRecipient: devAccount(5).address,
    };
    const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", { method: "POST", headers: json, body: JSON.stringify(request) });
    const created = await res.json();
    assert.equal(res.status, 201, JSON.stringify(created));
    const served = await (await worker.fetch(`/v1/acme-gateway/${created.vaultAddress}`)).json();
    assert.deepEqual([served.intent, served.signature], [created.intent, created.signature]);

    // The Portal deployed on chain A (its own code, not ours) hashes the intent and derives its vault.
    const { intent } = created;
    const portal = new Contract(chainA.portal, portalArtifact().abi, providerA);
    const encodedRoute = encodeRoute(intent.route);
    const [intentHash] = await portal[PORTAL_FUNCTIONS.getIntentHash](intent.destination, encodedRoute, intent.reward);
    assert.equal(intentHash, created.intentHash);
    assert.equal(await portal[PORTAL_FUNCTIONS.intentVaultAddress](intent.destination, encodedRoute, intent.reward), created.vaultAddress);

    // ethers recovers the v1 Quote typed data's signer: the quoteSigner of chain A's record.
    const chains = await (await worker.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    const record = chains.chains.find((c) => c.chainId === 31337);
    const signer = verifyTypedData({ name: "ServiceQuoteV1", version: "1", chainId: 31337 },
      { Quote: [{ name: "id", type: "string" }, { name: "intentHashes", type: "bytes32[]" }, { name: "expiresAt", type: "uint64" }] },
      { id: `quote:${created.quoteId}`, intentHashes: [created.intentHash], expiresAt: created.deadline }, created.signature);
    assert.equal(signer, record.quoteSigner);

    // The package's verifier passes both answers, and names the check a changed answer fails.
    const verifier = await loadVerifier();
    for (const answer of [created, served]) {
      const report = verifier.verifyDepositAddress(answer, { chains, request });
      assert.equal(report.ok, true, JSON.stringify(report.checks.filter((c) => !c.ok)));
    }
    // The vault of the same intent with another creator (refunds): a real vault, not ours.
    const elsewhere = await portal[PORTAL_FUNCTIONS.intentVaultAddress](intent.destination, encodedRoute, { ...intent.reward, creator: devAccount(6).address });
    assert.notEqual(elsewhere.toLowerCase(), created.vaultAddress.toLowerCase());
    const report = verifier.verifyDepositAddress({ ...created, vaultAddress: elsewhere }, { chains, request });
    assert.deepEqual(report.checks.filter((c) => !c.ok).map((c) => c.name), ["vault"]);
  });
});

describe("a funding that would fail is refused before anything is sent", () => {
  async function refusedWithNothingSent(standard, body, reason) {
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const res = await submit(standard, body);
    const problem = await res.json();
    assert.equal(res.status, 422, JSON.stringify(problem));
    assert.equal(problem.code, "funding-would-fail");
    assert.match(problem.detail, reason);
    const quoteId = body.quote.id.replace(/^quote:/, "");
    assert.equal((await worker.fetch(`/v1/gasless/jobs?quoteId=${quoteId}`, { key: DEV_KEYS.acme })).status, 404, "no job");
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce, "the relayer sent nothing");
  }

  test("an ERC-3009 authorization from an empty wallet", async () => {
    const empty = Wallet.createRandom();
    const quote = await quoteFor(empty);
    await refusedWithNothingSent("erc3009", await erc3009Submit(quote, { wallet: empty, from: empty.address, domain: usdcDomain() }), /insufficient balance/);
  });

  test("an ERC-3009 authorization whose nonce was already used", async () => {
    const wallet = devAccount(1);
    const quote = await quoteFor(wallet);
    const body = await erc3009Submit(quote, { wallet, from: wallet.address, domain: usdcDomain() });
    // Someone else sends the authorization first (the funds reach the vault; the nonce is spent).
    const { from, to, value, validAfter, validBefore, nonce } = body.authorization;
    const { v, r, s } = Signature.from(body.signature);
    const token = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
    await (await token.transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s)).wait();
    await refusedWithNothingSent("erc3009", body, /authorization already used/);
  });

  test("a Permit2 permit from a wallet that never approved Permit2", async () => {
    const fresh = Wallet.createRandom();
    const token = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
    await (await token.transfer(fresh.address, 10_000_000n)).wait();
    const quote = await quoteFor(fresh);
    await refusedWithNothingSent("permit2", await permit2Submit(quote, { wallet: fresh, ...permit2Options() }), /Permit2 not approved/);
  });
});

// Issue 29: a gasless job follows the reorganisation rule of statuses. Its funding mined is not
// the end: the job says how final it is and keeps checking the receipt; a reorganisation that
// removes the funding's block sends the job back to accepted (it no longer names the
// transaction), the relayer re-sends the same signed bytes after simulating them again, and the
// same transaction is mined again. The funding lands once and the relayer sends nothing else.
describe("an identical resubmit finds its job, whatever the chain says since", () => {
  // A client retrying after a timeout sends the identical signed payload again: the specification
  // promises 200 with the existing job. Sent 20 times at once, the copies that reach the chain's
  // preflight after the first job's authorization was mined must still find that job, not be
  // judged against a chain where the authorization is spent (422 funding-would-fail).
  const standards = [
    ["erc3009", 2, (quote, wallet) => erc3009Submit(quote, { wallet, from: wallet.address, domain: usdcDomain() })],
    ["permit2", 3, (quote, wallet) => permit2Submit(quote, { wallet, ...permit2Options() })],
    ["permit3", 4, (quote, wallet) => permit3Submit(quote, { wallet, modeOrExpiration: "0" })],
  ];
  for (const [standard, account, make] of standards) {
    test(`${standard}: 20 identical submits at once answer one job, 202 once and 200 otherwise, funded once`, async () => {
      const wallet = devAccount(account);
      const quote = await quoteFor(wallet);
      const body = await make(quote, wallet);
      const responses = await Promise.all(Array.from({ length: 20 }, () => submit(standard, body)));
      const answers = await Promise.all(responses.map(async (r) => [r.status, await r.json()]));
      const refused = answers.filter(([status]) => status !== 200 && status !== 202);
      assert.deepEqual(refused, [], "every copy finds the job");
      assert.deepEqual(answers.map(([status]) => status).filter((s) => s === 202), [202]);
      assert.equal(new Set(answers.map(([, job]) => job.id)).size, 1);
      const published = await publishedFunding(() => jobOf(answers[0][1].id), quote.intentHash);
      // Sent again after its funding was mined: still the job.
      const late = await submit(standard, body);
      assert.equal(late.status, 200);
      assert.equal((await late.json()).transactionHash, published.transactionHash);
    });
  }

  test("another partner's identical submit does not get the partner's job", async () => {
    const wallet = devAccount(2);
    const quote = await quoteFor(wallet);
    const body = await erc3009Submit(quote, { wallet, from: wallet.address, domain: usdcDomain() });
    const first = await submit("erc3009", body);
    const job = await first.json();
    assert.equal(first.status, 202);
    const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.frugal, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = await res.json();
    assert.equal(res.status, 409, JSON.stringify(answer));
    assert.equal(answer.id, undefined, "no job of another partner in the answer");
    assert.ok(!JSON.stringify(answer).includes(job.id), "the answer names no job");
    // The partner's job goes on (and leaves the relayer idle for the suites after this one).
    await publishedFunding(() => jobOf(job.id), quote.intentHash);
  });
});

describe("a relayed funding reorganised away is re-sent, the same transaction", () => {
  test("the job stops naming it, the same bytes are mined again, funded exactly once, no reverted gas", async () => {
    const fresh = Wallet.createRandom();
    const usdc = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
    await (await usdc.transfer(fresh.address, 10_000_000n)).wait();
    const quote = await quoteFor(fresh);
    const firstBlock = (await providerA.getBlockNumber()) + 1;
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const res = await submit("erc3009", await erc3009Submit(quote, { wallet: fresh, from: fresh.address, domain: usdcDomain() }));
    const created = await res.json();
    assert.equal(res.status, 202, JSON.stringify(created));
    const published = await publishedFunding(() => jobOf(created.id), quote.intentHash);
    assert.equal(published.final, false, JSON.stringify(published));
    assert.equal(typeof published.confirmations, "number");
    // The relayer's two transactions of the job: the authorization, then the funding.
    const funding = await providerA.getTransaction(published.transactionHash);
    assert.equal(funding.nonce, relayerNonce + 1);
    const relayerTxs = async () => {
      const found = [];
      const head = await providerA.getBlockNumber();
      for (let n = firstBlock; n <= head; n++) {
        const block = await providerA.getBlock(n, true);
        for (const tx of block.prefetchedTransactions) if (tx.from === RELAYER) found.push(tx);
      }
      return found;
    };
    const sent = await relayerTxs();
    assert.deepEqual(sent.map((tx) => tx.nonce), [relayerNonce, relayerNonce + 1]);
    const [authorization] = sent;
    assert.equal(sent[1].hash, published.transactionHash);

    // Automining off, so the re-sent transaction waits in the pool where the test can see it; then
    // the blocks from the authorization's up are reorganised away (anvil_reorg, as the status
    // tests do).
    await providerA.send("evm_setAutomine", [false]);
    try {
      const depth = (await providerA.getBlockNumber()) - authorization.blockNumber + 1;
      assert.ok(depth >= 2, `depth ${depth}`);
      await providerA.send("anvil_reorg", [depth, []]);
      assert.equal(await providerA.send("eth_getTransactionReceipt", [published.transactionHash]), null);
      // The job no longer names it: accepted again, no transaction, nothing about finality.
      const back = await waitFor(() => jobOf(created.id), (j) => j.status === "accepted", { timeoutMs: 30_000, intervalMs: 100 });
      assert.deepEqual([back.transactionHash, back.confirmations, back.final, back.error], [null, null, false, null]);
      assert.ok(!JSON.stringify(back).includes(published.transactionHash.slice(2)), JSON.stringify(back));
      // The funder's money is its own again until the job settles once more: its balance is
      // held again in the chain's store (released when the funding was first mined).
      const held = await waitFor(reservationsHeld, (rows) => rows.some((r) => r.jobId === created.id), { timeoutMs: 30_000, intervalMs: 100 });
      assert.deepEqual(held.filter((r) => r.jobId === created.id).map(({ funder, amount }) => [funder, amount]), [[fresh.address.toLowerCase(), quote.source.amount]]);
      // The relayer re-sent the same signed authorization (same hash: same bytes, same nonce).
      const pending = await waitFor(() => providerA.send("eth_getTransactionByHash", [authorization.hash]), (tx) => tx !== null, { timeoutMs: 30_000, intervalMs: 100 });
      assert.equal(pending.blockNumber, null);
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    await providerA.send("evm_mine", []);
    // Mined again: the same funding transaction, published again.
    const again = await waitFor(() => jobOf(created.id), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 200 });
    assert.equal(again.status, "published", JSON.stringify(again));
    assert.equal(again.transactionHash, published.transactionHash);
    await waitFor(reservationsHeld, (rows) => !rows.some((r) => r.jobId === created.id), { timeoutMs: 30_000, intervalMs: 200 });
    const receipt = await providerA.getTransactionReceipt(published.transactionHash);
    assert.equal(receipt.status, 1);
    assert.ok(receipt.logs.some((l) => l.topics[0] === INTENT_FUNDED && l.data.startsWith(quote.intentHash)), "IntentFunded in the receipt");

    // Funded exactly once: the funder paid the amount once, one IntentFunded for the intent.
    assert.equal(await new Contract(chainA.tokens.USDC, ERC20, providerA).balanceOf(fresh.address), 10_000_000n - BigInt(quote.source.amount));
    const fundedLogs = await providerA.getLogs({ address: chainA.portal, fromBlock: firstBlock, toBlock: "latest", topics: [INTENT_FUNDED] });
    assert.equal(fundedLogs.filter((l) => l.data.startsWith(quote.intentHash)).length, 1);
    // The relayer sent only the two transactions, again, and none reverted: no gas on reverts.
    const after = await relayerTxs();
    assert.deepEqual(after.map((tx) => tx.hash), sent.map((tx) => tx.hash));
    for (const tx of after) assert.equal((await providerA.getTransactionReceipt(tx.hash)).status, 1);
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce + 2);

    // Final once the chain's finalized block (anvil: 64 below the head) passes it: no longer watched.
    await providerA.send("anvil_mine", ["0x48"]);
    const final = await waitFor(() => jobOf(created.id), (j) => j.final === true, { timeoutMs: 60_000, intervalMs: 500 });
    assert.equal(final.transactionHash, published.transactionHash);
    assert.ok(final.confirmations >= 64, JSON.stringify(final));
  });

  test("an authorization used by someone else meanwhile: the job fails, nothing new is sent", async () => {
    const fresh = Wallet.createRandom();
    const usdc = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
    await (await usdc.transfer(fresh.address, 10_000_000n)).wait();
    const quote = await quoteFor(fresh);
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    const body = await erc3009Submit(quote, { wallet: fresh, from: fresh.address, domain: usdcDomain() });
    const res = await submit("erc3009", body);
    const created = await res.json();
    assert.equal(res.status, 202, JSON.stringify(created));
    const published = await publishedFunding(() => jobOf(created.id), quote.intentHash);
    const authorizationBlock = (await providerA.getTransaction(published.transactionHash)).blockNumber - 1;
    assert.equal((await providerA.getTransactionCount(RELAYER)), relayerNonce + 2);
    await providerA.send("evm_setAutomine", [false]);
    try {
      // Someone else holds the signed authorization and has it waiting in the pool (its gas set:
      // on the chain as it is now it would revert, so no estimate); the reorganisation removes the
      // relayer's transactions, and that one becomes valid first.
      const { from, to, value, validAfter, validBefore, nonce } = body.authorization;
      const { v, r, s } = Signature.from(body.signature);
      const stranger = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
      const theirs = await stranger.transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s, { gasLimit: 200_000n });
      const depth = (await providerA.getBlockNumber()) - authorizationBlock + 1;
      await providerA.send("anvil_reorg", [depth, []]);
      // Simulated again against the pending state before re-sending: the authorization is used.
      const failed = await waitFor(() => jobOf(created.id), (j) => j.status === "failed", { timeoutMs: 30_000, intervalMs: 100 });
      assert.equal(failed.transactionHash, null);
      assert.match(failed.error, /simulated again before re-sending/);
      assert.equal(await providerA.send("eth_getTransactionByHash", [published.transactionHash]), null, "the funding was not re-sent");
      await providerA.send("evm_mine", []);
      assert.equal((await providerA.getTransactionReceipt(theirs.hash)).status, 1);
    } finally {
      await providerA.send("evm_setAutomine", [true]);
    }
    // Nothing new sent: the relayer's nonce is back where it was before the job.
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce);
  });
});
