// A legitimate gasless submit's latency while a stranger floods the chain with submits whose
// preflight is refused, against the quiet figure, in the same run (npm run bench:preflight-flood):
// the local chains with the real contracts (Circle's FiatToken USDC, the Eco Portal), the worker
// reaching chain A through a loopback JSON-RPC proxy that holds every request FLOOD_RPC_MS
// (default 100: a provider's round trip), and the real worker bundle in workerd.
//   quiet  FLOOD_LEGIT (default 8) ERC-3009 submits of partner frugal's key, one after the other,
//          each from its own funded wallet; the figure is the median time to the 202;
//   flood  the same again while FLOOD_CONCURRENCY (default 24) keyless ERC-3009 submits at a time
//          go to one of acme's deposit addresses from fresh, empty wallets (each refused 422
//          funding-would-fail once its preflight has read the chain, or 429 when more of acme's
//          submits are being checked than the worker checks at once), each from a client network
//          of its own, sent from a thread of its own over loopback HTTP (bench/flood-client.mjs)
//          so that it never holds up the RPC proxy, which this thread runs; that thread runs at
//          the lowest priority (FLOOD_NICE=0: at the worker's), as a stranger's own machine would
//          not take the worker's CPU.
// The target is flood / quiet within 1.5x; the process exits non-zero above it, or when a
// legitimate submit is not accepted or a flood submit answers anything but 422 or 429.
// Loopback only; bounded (FLOOD_LEGIT submits per phase, the flood stops with the last of them).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { Contract, Wallet, hexlify, randomBytes } from "ethers";
import { ERC3009_TYPES, erc3009Submit, nowSec } from "../edge-worker/test/gasless-helpers.mjs";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { startRpcProxy } from "../edge-worker/test/rpc-proxy.mjs";
import { inspector, printProfile } from "./worker-profiler.mjs";
import { devAccount, localProvider, writeGeneratedConfig } from "../scripts/chains/deploy.mjs";
import { startTestChains } from "../scripts/chains/local.mjs";

const LEGIT = Number(process.env.FLOOD_LEGIT ?? 8);
const CONCURRENCY = Number(process.env.FLOOD_CONCURRENCY ?? 24);
const RPC_MS = Number(process.env.FLOOD_RPC_MS ?? 100);
const TARGET = 1.5;
// FLOOD_PROFILE=1: V8's sampling profiler runs in the worker's isolate during the flood phase, and
// the bench prints where workerd's CPU went (bench/worker-profiler.mjs; needs Node's WebSocket
// client: node --experimental-websocket on Node 20).
const PROFILE = Boolean(process.env.FLOOD_PROFILE);
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; // anvil #6
const json = { "content-type": "application/json" };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU seconds spent so far by this process's descendants named `comm` (utime + stime, /proc,
 * Linux only; null elsewhere): with the wall time of a phase, how busy workerd's one thread and
 * the chain nodes were.
 */
function childCpuSec(comm) {
  try {
    const procs = new Map();
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        procs.set(Number(pid), { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
      } catch {
        // Gone meanwhile.
      }
    }
    const ours = (pid) => {
      for (let p = procs.get(pid)?.ppid; p; p = procs.get(p)?.ppid) if (p === process.pid) return true;
      return false;
    };
    let ticks = 0;
    for (const [pid, proc] of procs) if (proc.name === comm && ours(pid)) ticks += proc.ticks;
    return ticks / 100;
  } catch {
    return null;
  }
}
const cpuNow = () => ({ workerd: childCpuSec("workerd"), anvil: childCpuSec("anvil"), bench: process.cpuUsage() });
/** Runs `fn`, and says how long it took and how much of it workerd, the chain nodes and this process spent on the CPU. */
async function measured(label, fn) {
  const before = cpuNow();
  const t0 = performance.now();
  const out = await fn();
  const wall = (performance.now() - t0) / 1000;
  const after = cpuNow();
  const share = (sec) => `${sec.toFixed(1)} s (${((100 * sec) / wall).toFixed(0)}% of one core)`;
  const parts = [];
  for (const name of ["workerd", "anvil"]) if (before[name] !== null && after[name] !== null) parts.push(`${name} ${share(after[name] - before[name])}`);
  const bench = process.cpuUsage(before.bench);
  parts.push(`this process (the flood, the RPC proxy) ${share((bench.user + bench.system) / 1e6)}`);
  console.log(`${label}: ${wall.toFixed(1)} s wall; on the CPU: ${parts.join(", ")}; load average ${loadavg()[0].toFixed(1)}`);
  return out;
}

let broken = false;
const verdict = (ok, text) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) broken = true;
};

const { stack, outDir } = await startTestChains("sr-bench-flood-", { names: ["Bench A", "Bench B"], pollMs: 500 });
const [chainA, chainB] = stack.deployment.chains;
const provider = localProvider(chainA.rpcUrl, 31337);
const proxy = await startRpcProxy(chainA.rpcUrl);
const deployment = structuredClone(stack.deployment);
deployment.chains.find((c) => c.chainId === 31337).rpcUrl = proxy.url;
const overlayDir = mkdtempSync(join(tmpdir(), "sr-bench-flood-overlay-"));
writeGeneratedConfig(deployment, overlayDir);
const bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: overlayDir } });
const persist = tempDir("sr-bench-flood-state-");
// One relayer account and the deployed keyless limits (wrangler.toml's [vars], where the local
// environment's are wide open for load benches): the work-creating bucket per client network
// (FLOOD_CREATE_RATE / FLOOD_CREATE_BURST, default 1 and 10) and the submits checked at once per
// partner (KEYLESS_SUBMITS_AT_ONCE, the core's default when unset). The flood's submits each come
// from a client network of their own, as from a stranger with as many as it likes, so no bucket
// refuses them (FLOOD_ONE_NETWORK=1: all from this machine's, which its bucket soon cuts off).
const ONE_NETWORK = Boolean(process.env.FLOOD_ONE_NETWORK);
// The stranger's thread runs at the lowest priority (FLOOD_NICE=0: at the worker's): in a
// deployment its CPU is its own machine's, not the worker's, and here it shares two cores with
// workerd and the stand-in provider. Its rate is printed with the figures.
const NICE = process.env.FLOOD_NICE !== "0";
const limits = {
  KEYLESS_CREATE_RATE_PER_SEC: process.env.FLOOD_CREATE_RATE ?? "1",
  KEYLESS_CREATE_BURST: process.env.FLOOD_CREATE_BURST ?? "10",
  ...(process.env.KEYLESS_SUBMITS_AT_ONCE ? { KEYLESS_SUBMITS_AT_ONCE: process.env.KEYLESS_SUBMITS_AT_ONCE } : {}),
};
const inspectorPort = PROFILE ? 9230 + Math.floor(Math.random() * 500) : undefined;
const worker = await startWorker({ bundleDir, persistDir: persist.dir, inspectorPort, bindings: { RELAYER_KEYS: "", ...limits } });
const usdcDomain = { name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chainA.tokens.USDC };
const call = async (path, init = {}, key) => {
  const res = await worker.mf.dispatchFetch(new URL(path, worker.base).href, { ...init, headers: { ...json, ...(key ? { "x-api-key": key } : {}) } });
  return { status: res.status, body: await res.json() };
};

try {
  // Every legitimate payer of both phases, funded and quoted before anything is timed.
  const usdc = new Contract(chainA.tokens.USDC, ["function transfer(address,uint256) returns (bool)"], devAccount(1, provider));
  const bodies = [];
  for (let i = 0; i < 2 * LEGIT; i++) {
    const wallet = Wallet.createRandom();
    await (await usdc.transfer(wallet.address, 1_000_000n)).wait();
    const quote = await call("/v1/quotes", {
      method: "POST",
      body: JSON.stringify({
        type: "exact-in",
        source: { chainId: 31337, token: chainA.tokens.USDC, amount: "1000000", funder: wallet.address },
        destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT },
        dappId: "bench-preflight-flood",
      }),
    }, DEV_KEYS.frugal);
    if (quote.status !== 200) throw new Error(`quote: ${quote.status} ${JSON.stringify(quote.body)}`);
    bodies.push(await erc3009Submit(quote.body, { wallet, from: wallet.address, domain: usdcDomain }));
  }
  const vault = await call("/v1/acme-gateway/deposit-addresses", {
    method: "POST",
    body: JSON.stringify({ source: { chainId: 31337, token: chainA.tokens.USDC, amount: "1000000" }, destination: { chainId: 31338, token: chainB.tokens.USDC, recipient: RECIPIENT }, refundRecipient: RECIPIENT }),
  });
  if (vault.status !== 201) throw new Error(`deposit address: ${vault.status} ${JSON.stringify(vault.body)}`);
  proxy.faults.delayMs = RPC_MS;

  /** LEGIT keyed submits one after the other: each one's time to its answer. */
  async function legitimate(batch, label) {
    const times = [];
    for (const body of batch) {
      const started = performance.now();
      const res = await call("/v1/gasless/erc3009", { method: "POST", body: JSON.stringify(body) }, DEV_KEYS.frugal);
      times.push(performance.now() - started);
      verdict(res.status === 202, `${label}: a legitimate submit answered ${res.status}${res.status === 202 ? "" : ` ${JSON.stringify(res.body)}`}`);
    }
    return times;
  }

  const quiet = await measured("quiet", () => legitimate(bodies.slice(0, LEGIT), "quiet"));

  // The stranger: fresh, empty wallets authorizing the deposit address's amount, signed before
  // anything is timed (the bench's own signing would take the machine's CPU from the worker) and
  // sent CONCURRENCY at a time, each again once all were sent (refused, so judged again).
  const floodBodies = [];
  for (let i = 0; i < 4 * CONCURRENCY; i++) {
    const payer = Wallet.createRandom();
    const authorization = { from: payer.address, to: vault.body.vaultAddress, value: "1000000", validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    floodBodies.push(JSON.stringify({ vaultAddress: vault.body.vaultAddress, authorization, signature: await payer.signTypedData(usdcDomain, ERC3009_TYPES, authorization) }));
  }
  // The flood runs in a thread of its own (bench/flood-client.mjs says why), over loopback HTTP.
  const floodStarted = performance.now();
  const strangers = new Worker(new URL("./flood-client.mjs", import.meta.url), {
    workerData: { url: new URL("/v1/acme-gateway/submit/erc-3009", worker.base).href, bodies: floodBodies, concurrency: CONCURRENCY, networks: !ONE_NETWORK, nice: NICE },
  });
  const floodStatusesSent = new Promise((resolve, reject) => {
    strangers.once("message", resolve);
    strangers.once("error", reject);
  });
  // Let the flood fill the chain's preflights before the first legitimate submit.
  await new Promise((r) => setTimeout(r, 4 * RPC_MS));
  const cdp = PROFILE ? await inspector(inspectorPort) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const flooded = await measured("flood", () => legitimate(bodies.slice(LEGIT), "flood"));
  const profile = cdp ? (await cdp.send("Profiler.stop")).result.profile : null;
  cdp?.close();
  strangers.postMessage("stop");
  const floodStatuses = await floodStatusesSent;
  await strangers.terminate();
  const floodSec = (performance.now() - floodStarted) / 1000;

  const ratio = median(flooded) / median(quiet);
  console.log(`chain A round trip ${RPC_MS} ms; ${LEGIT} legitimate submits per phase; flood of ${CONCURRENCY} at a time, ${ONE_NETWORK ? "from one client network" : "each from a client network of its own"}, ${NICE ? "from a thread at nice 19" : "from a thread at the worker's priority"}; limits ${JSON.stringify(limits)}`);
  console.log(`quiet  median ${median(quiet).toFixed(0)} ms  (${quiet.map((t) => t.toFixed(0)).join(", ")})`);
  console.log(`flood  median ${median(flooded).toFixed(0)} ms  (${flooded.map((t) => t.toFixed(0)).join(", ")})`);
  const answered = Object.values(floodStatuses).reduce((a, b) => a + b, 0);
  console.log(`flood submits answered ${JSON.stringify(floodStatuses)} in ${floodSec.toFixed(1)} s (${(answered / floodSec).toFixed(0)} per second)`);
  if (profile) printProfile(profile, bundleDir);
  verdict(Object.keys(floodStatuses).every((s) => s === "422" || s === "429"), "every flood submit was refused (422 or 429)");
  verdict(ratio <= TARGET, `flood / quiet = ${ratio.toFixed(2)}x (target within ${TARGET}x)`);
} finally {
  await worker.dispose();
  persist.remove();
  removeBundle(bundleDir);
  await proxy.close();
  provider.destroy();
  await stack.stop();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(overlayDir, { recursive: true, force: true });
}
process.exit(broken ? 1 : 0);
