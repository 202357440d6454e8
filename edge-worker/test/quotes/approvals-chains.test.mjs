// Approvals only when needed, on the local chains (issue 42): two anvil nodes with our contracts
// (scripts/chains: the real Portal, Circle's USDC, and the test USDT whose approve of a non-zero
// amount over a non-zero allowance reverts, as USDT's on Ethereum; tokens.json approvalReset), the
// real worker bundle in workerd reading the source chain at quote time, and a wallet (ethers)
// sending exactly what the quote lists. Checks:
// - a funder without an allowance: one approval of source.amount; checks state the allowance and
//   balance the chain shows at checks.blockNumber (read again here with ethers);
// - a leftover USDT allowance: approve(Portal, 0) first, then approve(Portal, amount); the
//   approval alone reverts on the chain, the listed sequence funds the intent;
// - an allowance that covers the amount: no approval, approval null, and the funding alone goes;
// - a funder without the tokens: the quote is made, its balance stated short;
// - every transaction carries a gas limit a wallet sends it with: estimated against the chain from
//   one simulation of the approvals and the funding together (the funding spends the allowance the
//   approval sets), the gas each then used on the chain plus 30%; the configured bounds when the
//   simulation reverts (a funder without the tokens).
// Needs a core build with Service (SR_WASM_DIR or build/wasm-release); loopback only.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, Interface, JsonRpcProvider, Wallet, getAddress } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { loadArtifact } from "../../../scripts/chains/compile.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";

const JSON_HEADERS = { "content-type": "application/json" };
const funderKey = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"; // anvil #2
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // anvil #6
const erc20 = ["function balanceOf(address) view returns (uint256)", "function allowance(address,address) view returns (uint256)", "function approve(address,uint256) returns (bool)"];
const portalInterface = new Interface(loadArtifact("Portal").abi);

let stack, outDir, bundleDir, persist, worker, chainA, chainB, providerA, funder;

async function quote(token, amount, from = funder.address) {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: JSON_HEADERS,
    body: JSON.stringify({
      type: "exact-in",
      source: { chainId: chainA.chainId, token: chainA.tokens[token], amount, funder: from },
      destination: { chainId: chainB.chainId, token: chainB.tokens[token], recipient: RECIPIENT },
      dappId: "approvals-e2e",
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

/** Sends one quoted transaction exactly as listed, with its gas limit. */
async function send(tx) {
  assert.equal(tx.from, funder.address);
  assert.equal(typeof tx.gas, "number");
  const sent = await funder.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gasLimit: BigInt(tx.gas) });
  const receipt = await sent.wait();
  assert.equal(receipt.status, 1);
  // An estimated limit is what the transaction used on the chain, in the state it was simulated
  // against, plus the 30% margin (src/service/quotes/quote_gas.h).
  if (tx.gasEstimated) assert.equal(BigInt(tx.gas), receipt.gasUsed + (receipt.gasUsed * 30n + 99n) / 100n, `${tx.data.slice(0, 10)}: ${tx.gas} for ${receipt.gasUsed} used`);
  return receipt;
}

/** What the approvals of a quote approve, as [spender, amount] decoded with ethers. */
const approvedBy = (q) => q.execution.approvals.map((a) => {
  const [spender, amount] = new Interface(erc20).decodeFunctionData("approve", a.data);
  return [getAddress(spender), amount.toString()];
});

/** The Portal's reward status of the quote's intent (1 = Funded). */
async function rewardStatus(q) {
  const portal = new Contract(chainA.portal, portalInterface, providerA);
  return Number(await portal.getRewardStatus(q.intentHash));
}

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-approvals-chains-"));
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
  funder = new Wallet(funderKey, providerA);
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-approvals-chains-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { POLL_INTERVAL_MS: "0" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  providerA?.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("approvals only when needed, on the local chains", { timeout: 150_000 }, () => {
  test("no allowance: one approval of the amount; checks say what the chain shows at their block", async () => {
    const usdc = new Contract(chainA.tokens.USDC, erc20, providerA);
    assert.equal(await usdc.allowance(funder.address, chainA.portal), 0n);
    const q = await quote("USDC", "3000000");
    assert.deepEqual(approvedBy(q), [[getAddress(chainA.portal), "3000000"]]);
    assert.deepEqual(q.execution.approval, q.execution.approvals[0]);
    const block = q.checks.blockNumber;
    assert.deepEqual(q.checks, {
      allowance: { spender: getAddress(chainA.portal), actual: (await usdc.allowance(funder.address, chainA.portal, { blockTag: block })).toString(), required: "3000000" },
      balance: { actual: (await usdc.balanceOf(funder.address, { blockTag: block })).toString(), required: "3000000" },
      blockNumber: block,
    });
    assert.ok(block <= (await providerA.getBlockNumber()));
    // Gas: estimated against the chain, the funding after the approval it needs (alone it reverts).
    assert.equal(q.execution.approval.gasEstimated, true);
    assert.equal(q.execution.transaction.gasEstimated, true);
    const { transaction } = q.execution;
    await assert.rejects(providerA.estimateGas({ from: funder.address, to: transaction.to, data: transaction.data }), /revert/i);
    assert.ok(q.execution.transaction.gas < 600000, `${q.execution.transaction.gas}`);
    for (const tx of [...q.execution.approvals, q.execution.transaction]) await send(tx);
    assert.equal(await rewardStatus(q), 1);
  });

  test("a leftover USDT allowance: reset to 0 first, which the token requires", async () => {
    const usdt = new Contract(chainA.tokens.USDT, erc20, funder);
    await (await usdt.approve(chainA.portal, 5_000_000n)).wait();
    const q = await quote("USDT", "7000000");
    assert.equal(q.checks.allowance.actual, "5000000");
    assert.deepEqual(approvedBy(q), [[getAddress(chainA.portal), "0"], [getAddress(chainA.portal), "7000000"]]);
    assert.deepEqual(q.execution.approval, q.execution.approvals[1]);
    // The approval alone, over the leftover allowance, reverts on the test USDT.
    const [reset, approval] = q.execution.approvals;
    await assert.rejects(providerA.call({ from: funder.address, to: approval.to, data: approval.data }), /revert|AllowanceNotZero/i);
    for (const tx of [reset, approval, q.execution.transaction]) await send(tx);
    assert.equal(await rewardStatus(q), 1);
    assert.equal(await usdt.allowance(funder.address, chainA.portal), 0n);
  });

  test("an allowance that covers the amount: no approval, the funding alone", async () => {
    const usdt = new Contract(chainA.tokens.USDT, erc20, funder);
    await (await usdt.approve(chainA.portal, 50_000_000n)).wait();
    const q = await quote("USDT", "4000000");
    assert.deepEqual(q.execution.approvals, []);
    assert.equal(q.execution.approval, null);
    assert.deepEqual(q.checks.allowance, { spender: getAddress(chainA.portal), actual: "50000000", required: "4000000" });
    await send(q.execution.transaction);
    assert.equal(await rewardStatus(q), 1);
    assert.equal(await usdt.allowance(funder.address, chainA.portal), 46_000_000n);
  });

  test("a funder without the tokens: the quote is made, the short balance stated", async () => {
    const empty = Wallet.createRandom().address;
    const q = await quote("USDC", "2000000", empty);
    assert.deepEqual(q.checks.balance, { actual: "0", required: "2000000" });
    assert.deepEqual(approvedBy(q), [[getAddress(chainA.portal), "2000000"]]);
    // Its funding reverts in the simulation: the configured bounds, said to be bounds.
    assert.deepEqual([q.execution.approval.gas, q.execution.approval.gasEstimated], [100000, false]);
    assert.deepEqual([q.execution.transaction.gas, q.execution.transaction.gasEstimated], [600000, false]);
  });
});
