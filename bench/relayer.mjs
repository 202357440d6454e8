// Relayed fundings per minute on one local chain, BEFORE and AFTER several relayer accounts, in
// the same run (npm run bench:relayer): the local chains with the real contracts (Circle's FiatToken
// USDC, the Eco Portal), chain A mining one block a second (evm_setIntervalMining), and the real
// worker bundle in workerd twice: once relaying from RELAYER_KEY alone (RELAYER_KEYS unset: one
// account, one job at a time on the chain), once with the local configuration's three accounts
// (RELAYER_KEYS: anvil #14 and #15). Each worker gets RELAYER_N ERC-3009 gasless jobs (default 12,
// each payer holding exactly its 1 USDC) submitted at once; the figure is jobs published per
// minute from the first submit to the last publication. Every job must be published and no
// relayer transaction may revert; the process exits non-zero otherwise. Loopback only; bounded:
// a worker whose jobs are not all settled after RELAYER_TIMEOUT_S (default 90) fails the run.
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Contract, Wallet } from "ethers";
import { erc3009Submit } from "../edge-worker/test/gasless-helpers.mjs";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { devAccount, localProvider } from "../scripts/chains/deploy.mjs";
import { startTestChains } from "../scripts/chains/local.mjs";

const JOBS = Number(process.env.RELAYER_N ?? 12);
const TIMEOUT_MS = Number(process.env.RELAYER_TIMEOUT_S ?? 90) * 1000;
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
const RELAYERS = ["0x71bE63f3384f5fb98995898A86B02Fb2426c5788", "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097", "0xcd3B766CCDd6AE721141F452C550Ca635964ce71"];
const json = { "content-type": "application/json" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let broken = false;
const verdict = (ok, text) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) broken = true;
};

const { stack, outDir } = await startTestChains("sr-bench-relayer-", { names: ["Bench A", "Bench B"], pollMs: 500 });
const [chainA, chainB] = stack.deployment.chains;
const provider = localProvider(chainA.rpcUrl, 31337);
const usdc = new Contract(chainA.tokens.USDC, ["function balanceOf(address) view returns (uint256)", "function transfer(address,uint256) returns (bool)"], devAccount(1, provider));
const usdcDomain = { name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC };
const bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });

// Every payer of both runs, funded while the chain still mines at once.
const payers = [];
for (let i = 0; i < 2 * JOBS; i++) {
  const wallet = Wallet.createRandom();
  await (await usdc.transfer(wallet.address, 1_000_000n)).wait();
  payers.push(wallet);
}
await provider.send("evm_setIntervalMining", [1]);

/** One worker's run: JOBS jobs submitted at once; jobs published per minute. */
async function run(label, bindings, batch) {
  const persist = tempDir("sr-bench-relayer-state-");
  const worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings });
  const call = async (path, init = {}) => {
    const res = await worker.mf.dispatchFetch(new URL(path, worker.base).href, { ...init, headers: { ...json, "x-api-key": DEV_KEYS.acme } });
    return { status: res.status, body: await res.json() };
  };
  try {
    const firstBlock = await provider.getBlockNumber();
    const quotes = await Promise.all(batch.map(async (payer) => {
      const { status, body } = await call("/v1/quotes", {
        method: "POST",
        body: JSON.stringify({
          type: "exact-in",
          source: { chainId: 31337, token: chainA.tokens.USDC, amount: "1000000", funder: payer.address },
          destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
          dappId: "bench-relayer",
        }),
      });
      if (status !== 200) throw new Error(`quote: ${status} ${JSON.stringify(body)}`);
      return body;
    }));
    const bodies = await Promise.all(quotes.map((quote, i) => erc3009Submit(quote, { wallet: batch[i], from: batch[i].address, domain: usdcDomain })));
    const started = performance.now();
    const answers = await Promise.all(bodies.map((body) => call("/v1/gasless/erc3009", { method: "POST", body: JSON.stringify(body) })));
    const accepted = answers.filter((a) => a.status === 202);
    verdict(accepted.length === JOBS, `${label}: ${accepted.length}/${JOBS} submits accepted (202)`);
    const settled = new Map();
    let lastAt = started;
    while (settled.size < accepted.length && performance.now() - started < TIMEOUT_MS) {
      await sleep(250);
      for (const { body: job } of accepted) {
        if (settled.has(job.id)) continue;
        const { body } = await call(`/v1/gasless/jobs/${job.id}`);
        if (body.status !== "accepted") {
          settled.set(job.id, body);
          lastAt = performance.now();
        }
      }
    }
    const published = [...settled.values()].filter((j) => j.status === "published").length;
    verdict(published === JOBS, `${label}: ${published}/${JOBS} jobs published within ${TIMEOUT_MS / 1000} s`);
    // Every relayer transaction of the run: none reverted; which accounts sent; blocks with fundings of several jobs.
    const fundingsPerBlock = new Map();
    const senders = new Set();
    let reverted = 0;
    for (let n = firstBlock + 1; n <= (await provider.getBlockNumber()); n++) {
      const block = await provider.getBlock(n, true);
      for (const tx of block.prefetchedTransactions) {
        if (!RELAYERS.includes(tx.from)) continue;
        senders.add(tx.from);
        if ((await provider.getTransactionReceipt(tx.hash)).status !== 1) reverted += 1;
        if (tx.to?.toLowerCase() === chainA.portal.toLowerCase()) fundingsPerBlock.set(n, (fundingsPerBlock.get(n) ?? 0) + 1);
      }
    }
    verdict(reverted === 0, `${label}: ${reverted} reverted relayer transactions`);
    const minutes = (lastAt - started) / 60_000;
    const perMinute = published / minutes;
    console.log(`     ${label}: ${published} fundings in ${(minutes * 60).toFixed(1)} s = ${perMinute.toFixed(1)} per minute; relaying accounts ${senders.size}; most fundings in one block ${Math.max(0, ...fundingsPerBlock.values())}`);
    return perMinute;
  } finally {
    await worker.dispose();
    persist.remove();
  }
}

try {
  console.log(`relayer bench: ${JOBS} ERC-3009 gasless jobs per worker on chain 31337, 1 s blocks`);
  const before = await run("before (RELAYER_KEY alone)", { RELAYER_KEYS: "" }, payers.slice(0, JOBS));
  const after = await run("after (3 accounts)", {}, payers.slice(JOBS));
  console.log(`     ratio after/before: ${(after / before).toFixed(2)}x`);
  verdict(after > before, "more fundings per minute with three accounts than with one");
} finally {
  provider.destroy();
  await stack.stop();
  if (bundleDir) removeBundle(bundleDir);
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(broken ? 1 : 0);
