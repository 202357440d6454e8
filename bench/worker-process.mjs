// Starting the worker for the benchmarks the way the tests do (the real bundle in workerd via
// Miniflare, edge-worker/test/harness.mjs), and reading the workerd process's CPU time from
// /proc so a benchmark can say how much CPU each request cost inside the worker.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { isolatedBundle, removeBundle } from "../tests/bad-inputs/bundle.mjs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** Every workerd process below ours (Miniflare spawns one). */
export function workerdPids() {
  const out = execFileSync("ps", ["-eo", "pid=,ppid=,comm="]).toString();
  const rows = out.trim().split("\n").map((l) => l.trim().split(/\s+/));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      const row = rows.find((r) => r[0] === child);
      if (row?.[2]?.startsWith("workerd")) found.push(Number(child));
      walk(child);
    }
  };
  walk(String(process.pid));
  return found;
}

/** Every workerd process on the machine. */
function allWorkerdPids() {
  const out = execFileSync("ps", ["-eo", "pid=,comm="]).toString();
  return out.trim().split("\n").map((l) => l.trim().split(/\s+/)).filter(([, comm]) => comm?.startsWith("workerd")).map(([pid]) => Number(pid));
}

/**
 * The workerd processes among `pids` that accept the connections to `url` themselves: under
 * `wrangler dev` (npm start) that is wrangler's proxy worker, its own workerd in front of the
 * worker's (its command line binds the entry socket to the URL's port), which every request
 * passes through on the way in and out. A deployment has no such hop.
 */
function entryPids(pids, url) {
  const { hostname, port } = new URL(url);
  const socket = `entry=${hostname}:${port || 80}`;
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").some((arg) => arg.endsWith(socket));
    } catch {
      return false;
    }
  });
}

/** User + system CPU milliseconds of the given processes so far. */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15 of stat)
    } catch {}
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * The machine's CPU time so far from /proc/stat, in milliseconds: busy (everything but idle and
 * iowait, every core and every process: the load generator, wrangler's own process, the kernel's
 * network work) and total.
 */
export function machineCpuMs() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

/**
 * A worker to measure: BENCH_URL when set (e.g. a running `npm start`), else the local bundle
 * started in Miniflare with fresh Durable Object state.
 */
export async function benchWorker({ bundleDir } = {}) {
  if (process.env.BENCH_URL) {
    // A running `npm start`: its workerd is not below this process, so count every workerd, and
    // say apart which of them is wrangler's proxy.
    const pids = allWorkerdPids();
    return { base: process.env.BENCH_URL.replace(/\/$/, "") + "/", pids, proxyPids: entryPids(pids, process.env.BENCH_URL), dispose: async () => {}, external: true };
  }
  const dir = bundleDir ?? isolatedBundle();
  const persist = tempDir("sr-bench-state-");
  // The keyless per-address limit (1,000/s locally) would answer /health, the baseline, with 429s:
  // the benchmark measures the service, not that limit.
  const worker = await startWorker({ bundleDir: dir, persistDir: persist.dir, bindings: { KEYLESS_RATE_PER_SEC: "1000000", KEYLESS_BURST: "1000000" } });
  return {
    ...worker,
    pids: workerdPids(),
    dispose: async () => {
      await worker.dispose();
      persist.remove();
      if (!bundleDir) removeBundle(dir);
    },
  };
}

/**
 * The quote request the worker benchmarks send: 25 USDC from Base to Optimism, a route of the
 * local configuration that every configured solver prices.
 * @param {string} dappId names the benchmark in the worker's attribution counts
 */
export function benchQuoteBody(dappId) {
  return {
    type: "exact-in",
    source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
    dappId,
  };
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? "unknown CPU"} x${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, node ${process.version}`;
}
