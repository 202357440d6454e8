// A relayed ERC-3009 gasless funding on the local chains (scripts/chains startLocalStack): a quote
// from the worker's engine, an authorization signed here with ethers, and the worker's relayer
// sending real transactions from RELAYER_KEY (anvil #11) until the job is `published` with the
// hash of a successful publishAndFundFor that funded the intent, then followed by intent status to
// its fill on the destination chain. Needs a core build with Service.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, JsonRpcProvider, Wallet, hexlify, randomBytes } from "ethers";
import { startLocalStack } from "../../scripts/chains/local.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "./harness.mjs";
import { ERC3009_TYPES, nowSec, waitFor } from "./gasless-helpers.mjs";

const json = { "content-type": "application/json" };
const funder = new Wallet("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"); // anvil #2, holds test USDC
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const INTENT_FUNDED = "0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a";
/** Source-side reward status: 0 Initial, 1 Funded, 2 Withdrawn, 3 Refunded. */
const rewardStatus = async (intentHash) =>
  Number(await new Contract(chainA.portal, ["function rewardStatus(bytes32) view returns (uint8)"], provider).rewardStatus(intentHash));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

let stack;
let outDir;
let worker;
let persist;
let chainA;
let provider;

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
  chainA = stack.deployment.chains[0];
  provider = new JsonRpcProvider(chainA.rpcUrl, 31337, { staticNetwork: true });
  // The bundle's local configuration with the anvil chains overlaid (as serve.sh does).
  const previous = process.env.SR_LOCAL_CHAINS_DIR;
  process.env.SR_LOCAL_CHAINS_DIR = outDir;
  try {
    const bundleDir = buildBundle();
    persist = tempDir("sr-gasless-chains-state-");
    worker = await startWorker({ bundleDir, persistDir: persist.dir });
  } finally {
    if (previous === undefined) delete process.env.SR_LOCAL_CHAINS_DIR;
    else process.env.SR_LOCAL_CHAINS_DIR = previous;
  }
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  provider?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("relayed gasless funding on the local chains", () => {
  test("an ERC-3009 job becomes published with a real, successful funding transaction", async () => {
    const usdc = chainA.tokens.USDC;
    const chainB = stack.deployment.chains[1];
    const providerB = new JsonRpcProvider(chainB.rpcUrl, 31338, { staticNetwork: true });
    const usdcB = new Contract(chainB.tokens.USDC, ["function balanceOf(address) view returns (uint256)"], providerB);
    const recipientBefore = await usdcB.balanceOf(RECIPIENT);
    const quoteRes = await worker.fetch("/v1/quotes", {
      method: "POST",
      key: DEV_KEYS.acme,
      headers: json,
      body: JSON.stringify({
        type: "exact-in",
        source: { chainId: 31337, token: usdc, amount: "5000000", funder: funder.address },
        destination: { chainId: 31338, token: stack.deployment.chains[1].tokens.USDC, recipient: RECIPIENT },
        dappId: "gasless-test",
      }),
    });
    const quote = await quoteRes.json();
    assert.equal(quoteRes.status, 200, JSON.stringify(quote));

    const domain = { name: "Test USD Coin", version: "2", chainId: 31337, verifyingContract: usdc };
    const authorization = { from: funder.address, to: quote.execution.vault, value: quote.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    const signature = await funder.signTypedData(domain, ERC3009_TYPES, authorization);
    const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ quote, authorization, signature }) });
    const job = await res.json();
    assert.equal(res.status, 202, JSON.stringify(job));

    const published = await waitFor(
      async () => (await worker.fetch(`/v1/gasless/jobs/${job.id}`, { key: DEV_KEYS.acme })).json(),
      (j) => j.status !== "accepted",
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    assert.equal(published.status, "published", JSON.stringify(published));
    assert.match(published.transactionHash, /^0x[0-9a-f]{64}$/);
    const receipt = await provider.getTransactionReceipt(published.transactionHash);
    assert.equal(receipt.status, 1);
    assert.equal(receipt.to, chainA.portal);
    assert.equal(receipt.from, "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"); // anvil #11, the relayer
    // The funding transaction emitted IntentFunded for this intent (protocol page topic0).
    assert.ok(receipt.logs.some((l) => l.topics[0] === INTENT_FUNDED && l.data.startsWith(quote.intentHash)), "IntentFunded in the receipt");
    // Funded, or already Withdrawn: the reference solver fills and settles within seconds.
    assert.ok([1, 2].includes(await rewardStatus(quote.intentHash)));

    // Followed to delivery by the worker's own status index (its poller reads both chains' logs):
    // `published` is not delivery, the fill on chain B is.
    const delivered = await waitFor(
      async () => (await worker.fetch(`/v1/intents/status?intentHash=${quote.intentHash}`, { key: DEV_KEYS.acme })).json(),
      (st) => st.status === "filled" || st.status === "settled",
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    assert.ok(["filled", "settled"].includes(delivered.status), JSON.stringify(delivered));
    assert.equal(delivered.transactions.funded.transactionHash, published.transactionHash);
    assert.equal(delivered.transactions.fulfilled.chainId, 31338);
    // Anvil account #5 starts with test USDC: what counts is what this intent delivered.
    const received = (await usdcB.balanceOf(RECIPIENT)) - recipientBefore;
    providerB.destroy();
    assert.ok(received >= BigInt(quote.destination.minAmountOut), `recipient received ${received}`);
  });

  test("a deposit address funded by a plain transfer is picked up from Transfer logs and relayed", async () => {
    const usdc = chainA.tokens.USDC;
    const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        source: { chainId: 31337, token: usdc, amount: "3000000" },
        destination: { chainId: 31338, token: stack.deployment.chains[1].tokens.USDC, recipient: RECIPIENT },
        refundRecipient: funder.address,
      }),
    });
    const record = await res.json();
    assert.equal(res.status, 201, JSON.stringify(record));
    const payer = funder.connect(provider);
    const token = new Contract(usdc, ["function transfer(address,uint256) returns (bool)"], payer);
    await (await token.transfer(record.vaultAddress, record.source.amount)).wait();
    const status = await waitFor(
      async () => (await worker.fetch(`/v1/acme-gateway/${record.vaultAddress}`)).json(),
      (r) => r.job?.status === "published" || r.job?.status === "failed",
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    assert.equal(status.job.status, "published", JSON.stringify(status));
    assert.equal(status.job.standard, "transfer");
    const receipt = await provider.getTransactionReceipt(status.job.transactionHash);
    assert.equal(receipt.status, 1);
    assert.ok(receipt.logs.some((l) => l.topics[0] === INTENT_FUNDED && l.data.startsWith(record.intentHash)), "IntentFunded in the receipt");
    assert.ok([1, 2].includes(await rewardStatus(record.intentHash)));
  });
});
