// GET /internal/status on the local chains: the readers' head, cursor and lag, their endpoints,
// and the relayer account's balance against the chain's floor (relay.minRelayerBalanceWei, local
// 0.01 ETH). An account drained below its floor (anvil_setBalance) is shown below it with an alert,
// and takes no new job: a gasless job waits (`waitingFor: "relayer"`, the account sends nothing)
// until the account is funded again, then is relayed. One account (RELAYER_KEYS empty), so the job
// has nowhere else to go. Every answer is checked against openapi.json by the harness.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, test } from "node:test";
import { Contract, Wallet } from "ethers";
import { devAccount, localProvider } from "../../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../../scripts/chains/local.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { erc3009Submit, localUsdcQuote, waitFor } from "../gasless-helpers.mjs";

const RELAYER = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"; // anvil #11, RELAYER_KEY
const FLOOR = "10000000000000000"; // config/local/service.json minRelayerBalanceWei of 31337 and 31338
const TOKEN = "dev-indexer-token";
const ERC20 = ["function transfer(address,uint256) returns (bool)"];

let stack;
let outDir;
let worker;
let persist;
let chainA;
let providerA;

before(async () => {
  ({ stack, outDir } = await startTestChains("sr-operator-status-"));
  [chainA] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  const bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-operator-status-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { RELAYER_KEYS: "" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  providerA?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const status = async (token = TOKEN) => {
  const res = await worker.fetch("/internal/status", { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
};
const chainOf = (body, chainId) => body.chains.find((c) => c.chainId === chainId);

test("without the indexer token: 401 naming the endpoint", async () => {
  for (const token of [null, "wrong-token"]) {
    const r = await status(token);
    assert.equal(r.status, 401);
    assert.match(r.body.detail, /GET \/internal\/status needs the indexer token/);
  }
});

test("each chain's reader, its endpoint by origin and the relayer account against its floor", async () => {
  // The first round of each reader runs on the first request's alarm: wait for both heads.
  const { body } = await waitFor(status, (r) => r.status === 200 && r.body.chains.every((c) => c.reader.head !== null));
  assert.deepEqual(body.chains.map((c) => c.chainId), [31337, 31338]);
  for (const chain of stack.deployment.chains) {
    const shown = chainOf(body, chain.chainId);
    const provider = localProvider(chain.rpcUrl, chain.chainId);
    try {
      assert.ok(shown.reader.head <= (await provider.getBlockNumber()));
      assert.equal(shown.reader.lagBlocks, shown.reader.head - shown.reader.cursor);
      assert.deepEqual(shown.providers, [{ origin: new URL(chain.rpcUrl).origin, healthy: true, coolingDownForMs: 0, failures: 0 }]);
      assert.equal(shown.relayers.length, 1);
      const [relayer] = shown.relayers;
      assert.equal(relayer.address, RELAYER);
      assert.equal(relayer.balanceWei, String(await provider.getBalance(RELAYER)));
      assert.equal(relayer.floorWei, FLOOR);
      assert.equal(relayer.belowFloor, false);
      assert.equal(relayer.openJobs, 0);
    } finally {
      provider.destroy();
    }
  }
  assert.deepEqual(body.alerts, []);
  assert.equal(body.healthy, true);
});

test("an account drained below its floor is shown with an alert and takes no new job until funded", async () => {
  const full = await providerA.getBalance(RELAYER);
  const payer = Wallet.createRandom();
  const usdc = new Contract(chainA.tokens.USDC, ERC20, devAccount(1, providerA));
  await (await usdc.transfer(payer.address, 1_000_000n)).wait();
  const quote = await localUsdcQuote(worker, stack.deployment, { funder: payer.address, amount: "1000000", dappId: "operator-status-test" });

  const drained = BigInt(FLOOR) - 1n;
  await providerA.send("anvil_setBalance", [RELAYER, `0x${drained.toString(16)}`]);
  const { body } = await status();
  const relayer = chainOf(body, 31337).relayers[0];
  assert.equal(relayer.balanceWei, String(drained));
  assert.equal(relayer.belowFloor, true);
  assert.deepEqual(body.alerts, [`chain 31337 (${chainOf(body, 31337).name}): relayer account ${RELAYER} holds ${drained} wei on chain 31337 (${chainOf(body, 31337).name}), below its floor of ${FLOOR} wei (relay.minRelayerBalanceWei): it takes no new job until it is funded`]);
  assert.equal(body.healthy, false);
  assert.equal(chainOf(body, 31338).relayers[0].belowFloor, false);

  const nonce = await providerA.getTransactionCount(RELAYER);
  const submit = await erc3009Submit(quote, { wallet: payer, from: payer.address, domain: { name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC } });
  const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: { "content-type": "application/json" }, body: JSON.stringify(submit) });
  const job = await res.json();
  assert.equal(res.status, 202, JSON.stringify(job));
  const jobOf = async () => (await worker.fetch(`/v1/gasless/jobs/${job.id}`, { key: DEV_KEYS.acme })).json();
  const waiting = await waitFor(jobOf, (j) => j.waitingFor === "relayer");
  assert.equal(waiting.status, "accepted");
  await waitFor(async () => worker.output(), (out) => out.includes('"event":"relayer-below-floor"'));
  assert.match(worker.output(), new RegExp(`"event":"relayer-below-floor","chainId":31337,"address":"${RELAYER}","balanceWei":"${drained}","floorWei":"${FLOOR}"`));
  assert.equal(await providerA.getTransactionCount(RELAYER), nonce, "the account below its floor sent nothing");

  // Funded again: the waiting job is relayed at its next look.
  await providerA.send("anvil_setBalance", [RELAYER, `0x${full.toString(16)}`]);
  const published = await waitFor(jobOf, (j) => j.status !== "accepted", { timeoutMs: 60_000 });
  assert.equal(published.status, "published", JSON.stringify(published));
  assert.equal((await status()).body.healthy, true);
});
