// Gasless jobs have a lifetime (issue 28): a finished job's object is deleted by its alarm
// GASLESS_JOB_RETENTION_SEC after it finished (30 days in production; 2 s here), its reservation
// released first. Exactly-once holds after the deletion: the identical signed payload submitted
// again is refused (the published funding spent the authorization's on-chain nonce: 422
// funding-would-fail) and the relayer sends nothing. (Past the quote's expiry, which workerd's
// clock cannot reach here, the core refuses it even before that: tests/service/funding/gasless_test.cpp.)
// On the local chains, with the real Portal and Circle's FiatToken USDC.
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Contract } from "ethers";
import { devAccount, localProvider } from "../../../scripts/chains/deploy.mjs";
import { startTestChains } from "../../../scripts/chains/local.mjs";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";
import { erc3009Submit, waitFor } from "../gasless-helpers.mjs";

const json = { "content-type": "application/json" };
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
const RELAYER = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"; // anvil #11
// This suite follows one account's nonces: its worker relays from RELAYER_KEY alone (the local
// RELAYER_KEYS unset); relayer-accounts.test.mjs runs the local configuration's three accounts.
const ONE_ACCOUNT = { RELAYER_KEYS: "" };
const ERC20 = ["function balanceOf(address) view returns (uint256)"];

let stack, outDir, bundleDir, worker, persist, chainA, chainB, providerA;

before(async () => {
  ({ stack, outDir } = await startTestChains("sr-gasless-retention-"));
  [chainA, chainB] = stack.deployment.chains;
  providerA = localProvider(chainA.rpcUrl, 31337);
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-gasless-retention-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { ...ONE_ACCOUNT, GASLESS_JOB_RETENTION_SEC: "2" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  if (bundleDir) removeBundle(bundleDir);
  providerA?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("a finished (final) gasless job past its retention", () => {
  test("is deleted with its storage, and its payload submitted again pays nothing", async () => {
    const wallet = devAccount(1);
    const res = await worker.fetch("/v1/quotes", {
      method: "POST", key: DEV_KEYS.acme, headers: json,
      body: JSON.stringify({
        type: "exact-in",
        source: { chainId: 31337, token: chainA.tokens.USDC, amount: "5000000", funder: wallet.address },
        destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
        dappId: "gasless-retention-test",
      }),
    });
    const quote = await res.json();
    assert.equal(res.status, 200, JSON.stringify(quote));
    const body = await erc3009Submit(quote, { wallet, from: wallet.address, domain: { name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC } });
    const submit = () => worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
    const created = await submit();
    const job = await created.json();
    assert.equal(created.status, 202, JSON.stringify(job));
    const read = () => worker.fetch(`/v1/gasless/jobs/${job.id}`, { key: DEV_KEYS.acme });

    const published = await waitFor(async () => (await read()).json(), (j) => j.status !== "accepted", { timeoutMs: 60_000, intervalMs: 300 });
    assert.equal(published.status, "published", JSON.stringify(published));
    const usdc = new Contract(chainA.tokens.USDC, ERC20, providerA);
    const funderBalance = await usdc.balanceOf(wallet.address);
    const relayerNonce = await providerA.getTransactionCount(RELAYER);
    // The reservation was released when it settled: none outlives the job.
    const relayers = await worker.mf.getDurableObjectNamespace("RELAYER");
    const held = JSON.parse(JSON.stringify(await relayers.get(relayers.idFromName("31337")).reservationsHeld()));
    assert.ok(!held.some((r) => r.jobId === job.id), JSON.stringify(held));
    // Its signed transactions are kept while the job is (a reorganisation may need them again),
    // in the object of the account it is pinned to (named by its address).
    const account = relayers.get(relayers.idFromName(`chain:31337:relayer:${RELAYER.toLowerCase()}`));
    assert.ok((await account.sentJobs()).includes(job.id));

    // Published but not final: watched for a reorganisation, not deleted. Once the chain's
    // finalized block (anvil: 64 below the head) passes it, it is final, and two seconds after
    // that the alarm deletes the job: 404, no table left.
    assert.equal(published.final, false);
    await providerA.send("anvil_mine", ["0x48"]);
    await waitFor(async () => (await read()).status, (s) => s === 404, { timeoutMs: 30_000, intervalMs: 300 });
    const jobs = await worker.mf.getDurableObjectNamespace("GASLESS_JOBS");
    assert.equal(await jobs.get(jobs.idFromName(job.quoteId)).read(), null);
    // The relayer's signed transactions of the job went with it.
    const sentJobs = JSON.parse(JSON.stringify(await account.sentJobs()));
    assert.ok(!sentJobs.includes(job.id), JSON.stringify(sentJobs));

    // The identical payload again: refused, the relayer sends nothing, the funder pays once.
    const again = await submit();
    const problem = await again.json();
    assert.equal(again.status, 422, JSON.stringify(problem));
    assert.equal(problem.code, "funding-would-fail");
    assert.equal((await read()).status, 404, "no new job");
    assert.equal(await providerA.getTransactionCount(RELAYER), relayerNonce, "the relayer sent nothing");
    assert.equal(await usdc.balanceOf(wallet.address), funderBalance);
  });
});
