// Load on the local worker (the real bundle in workerd via Miniflare, or BENCH_URL, e.g. a running
// `npm start`): GET /health, quotes with and without allQuotes, chains and status, interleaved for
// BENCH_ROUNDS rounds (default 2) of BENCH_SECONDS each (default 10) at BENCH_CONNECTIONS
// (default 32) with autocannon. /health runs in every round as the baseline: each scenario is
// reported as a ratio of /health's throughput and p99 measured in the same run. Also errors
// (non-2xx answers, transport errors and timeouts by kind), the CPU time workerd spent per request
// (every workerd process below this one, or all of them with BENCH_URL), and the core's own CPU
// per quote (its two ops, timed in Node's V8 on the same wasm build). Against `npm start`, the
// CPU is also split between wrangler's proxy (the workerd that accepts the connections and passes
// each request on; a deployment has none) and the worker's own workerd. The machine's CPU per
// request and how busy it was (/proc/stat: every process and the kernel, the load generator
// included) say whether throughput is bound by CPU: when both scenarios keep the machine equally
// busy, their throughputs are in the inverse ratio of their machine CPU. Figures, not assertions;
// the targets (issue "Edge scale"): quotes >= 40% of /health's throughput, quote p99 <= 2x
// /health's, zero errors.
//
// BENCH_LIMITER=compare (Miniflare only) starts two workers from one bundle, one with the rate
// limiter's leases (the default) and one calling the bucket's object on every request
// (RATE_LIMIT_LEASE_MS=0, the limiter before leases), and interleaves them round by round: each is
// reported against its own /health, and the two against each other. In Miniflare each scenario
// also reports the calls its bucket's RateLimiter object took per request (the object counts them).
//   npm run bench:load            BENCH_SECONDS=15 BENCH_ROUNDS=3 npm run bench:load
//   BENCH_LIMITER=compare BENCH_SCENARIOS=quotes npm run bench:load
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { benchQuoteBody, benchWorker, cpuMs, machine, machineCpuMs, workerdPids } from "./worker-process.mjs";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { limiterObjectName } from "../edge-worker/src/runtime/objects.js";
import { isolatedBundle, removeBundle } from "../tests/bad-inputs/bundle.mjs";
import { instantiate } from "../tests/node/wasm.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEY = "dev-key-acme";
// The local configuration's route (Base USDC -> Optimism USDC); a running `npm start` serves its
// local chains instead, so with BENCH_URL the route is read from the worker's GET /v1/tokens.
const localQuoteBody = benchQuoteBody("bench-load");
const HASH = "0x23744c2252d544a50dd8906a9c6c94f725bf7a98c549c7a3c643367c77f7e05c";

// bucket: the rate limiter's bucket each request draws from (keyless reads share "net:read:unknown": locally there is no CF-Connecting-IP).
const KEY_BUCKET = "key:dev-acme";
const quoteBody = benchQuoteBody("bench-load");
if (process.env.BENCH_URL) {
  const res = await fetch(new URL("/v1/tokens", process.env.BENCH_URL), { headers: { "x-api-key": KEY } });
  const usdc = (await res.json()).tokens.filter((t) => t.symbol === "USDC");
  const destination = usdc.find((t) => t.chainId !== usdc[0]?.chainId);
  if (!destination) throw new Error(`bench:load: ${process.env.BENCH_URL} lists no USDC on two chains`);
  quoteBody.source = { ...quoteBody.source, chainId: usdc[0].chainId, token: usdc[0].address };
  quoteBody.destination = { ...quoteBody.destination, chainId: destination.chainId, token: destination.address };
}
const allScenarios = [
  { name: "GET /health", method: "GET", path: "/health", baseline: true, bucket: "net:read:unknown" },
  { name: "POST /v1/quotes", method: "POST", path: "/v1/quotes", body: quoteBody, bucket: KEY_BUCKET },
  { name: "POST /v1/quotes allQuotes", method: "POST", path: "/v1/quotes", body: { ...quoteBody, options: { allQuotes: true } }, bucket: KEY_BUCKET },
  { name: "GET /v1/chains", method: "GET", path: "/v1/chains", bucket: KEY_BUCKET },
  { name: "GET /v1/intents/status", method: "GET", path: `/v1/intents/status?intentHash=${HASH}`, bucket: KEY_BUCKET },
];
// BENCH_SCENARIOS="quotes,chains" keeps the scenarios whose name contains one of the words (the
// /health baseline always runs).
const wanted = process.env.BENCH_SCENARIOS?.split(",").map((w) => w.trim()).filter(Boolean);
const scenarios = allScenarios.filter((s) => s.baseline || !wanted || wanted.some((w) => s.name.includes(w)));

/** One scenario; resolves to autocannon's result plus the count of each transport error seen. */
async function run(base, s, duration = seconds) {
  const errorCodes = {};
  const instance = autocannon({
    url: new URL(s.path, base).href,
    method: s.method,
    connections,
    duration,
    headers: { "x-api-key": KEY, ...(s.body ? { "content-type": "application/json" } : {}) },
    body: s.body ? JSON.stringify(s.body) : undefined,
    timeout: 10,
  });
  instance.on("reqError", (e) => {
    const code = e.code ?? e.message;
    errorCodes[code] = (errorCodes[code] ?? 0) + 1;
  });
  return { ...(await instance), errorCodes };
}

/**
 * CPU milliseconds of the core's two ops per quote, in V8 (Node) on build/wasm-release, with the
 * local configuration (its route, whichever worker is measured).
 */
async function coreCpuPerQuote(n = 300) {
  const core = await instantiate("core");
  if (typeof core.Service !== "function") return null;
  const dir = new URL("../config/local/", import.meta.url);
  const read = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
  const config = { service: read("service"), chains: read("chains"), tokens: read("tokens"), solvers: read("solvers"), partners: read("partners") };
  const svc = new core.Service(JSON.stringify(config), JSON.stringify(read("secrets")));
  const key = { id: "dev-acme", partner: "acme", feeSchedule: { protocolBps: 0, gatewayBps: 10 }, features: ["quotes", "all-quotes", "gasless"] };
  const once = (body) => {
    const now = Math.floor(Date.now() / 1000);
    JSON.parse(svc.handle("solverRequests", JSON.stringify({ body, now })));
    const random = Buffer.from(crypto.getRandomValues(new Uint8Array(64))).toString("hex");
    const out = JSON.parse(svc.handle("quote", JSON.stringify({ body, key, now, random, solverAnswers: [] })));
    if (out.status !== 200) throw new Error(`core quote answered ${out.status}: ${JSON.stringify(out.body).slice(0, 300)}`);
  };
  const measure = (body) => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) once(body);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
  // Warm-up of both kinds first: V8 compiles wasm with its baseline tier and optimises the hot
  // functions later, so a short warm-up timed the first kind on slower code than the second.
  const all = { ...localQuoteBody, options: { allQuotes: true } };
  for (let i = 0; i < 400; i++) { once(localQuoteBody); once(all); }
  return { plain: measure(localQuoteBody), allQuotes: measure(all) };
}

/**
 * Calls the bucket's RateLimiter object has taken since it started (Miniflare only). Asked again
 * once when the ask fails: Miniflare's connection for it can sit idle through a whole scenario,
 * and with 15 s scenarios it was found reset when next used (ECONNRESET, twice in two runs).
 */
async function limiterCalls(worker, bucket) {
  if (!worker.mf) return null;
  const ask = async () => {
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    // One object may hold many buckets (edge-worker/src/runtime/objects.js, limiterObjectName): ask for this one.
    return (await ns.get(ns.idFromName(limiterObjectName(bucket))).peek(bucket)).counts?.calls ?? null;
  };
  try {
    return await ask();
  } catch {
    return ask();
  }
}

/**
 * The two workers of BENCH_LIMITER=compare, from one bundle, with the bindings benchWorker uses
 * (a keyless limit /health never reaches) plus the lease switch; each with its own workerd pids.
 */
async function limiterWorkers() {
  const dir = isolatedBundle();
  const targets = [];
  for (const [label, leaseMs] of [["leases", undefined], ["object per request", "0"]]) {
    const before = new Set(workerdPids());
    const persist = tempDir("sr-bench-state-");
    const bindings = { KEYLESS_RATE_PER_SEC: "1000000", KEYLESS_BURST: "1000000", ...(leaseMs === undefined ? {} : { RATE_LIMIT_LEASE_MS: leaseMs }) };
    const worker = await startWorker({ bundleDir: dir, persistDir: persist.dir, bindings });
    targets.push({ label, worker: { ...worker, pids: workerdPids().filter((p) => !before.has(p)), dispose: async () => { await worker.dispose(); persist.remove(); } } });
  }
  return { targets, dispose: async () => { for (const t of targets) await t.worker.dispose(); removeBundle(dir); } };
}

const compare = process.env.BENCH_LIMITER === "compare" && !process.env.BENCH_URL;
const setup = compare ? await limiterWorkers() : await (async () => {
  const worker = await benchWorker();
  return { targets: [{ label: "", worker }], dispose: () => worker.dispose() };
})();
try {
  let probeFailed = false;
  for (const { worker } of setup.targets) {
    const probe = await fetch(new URL("/v1/quotes", worker.base), { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(quoteBody) });
    const probeBody = await probe.json();
    if (probe.status !== 200 || !probeBody.signature) {
      console.error(`bench:load: the worker does not serve signed quotes (${probe.status} ${JSON.stringify(probeBody).slice(0, 200)}); build the core first (npm run build)`);
      probeFailed = true;
    }
  }
  if (probeFailed) {
    process.exitCode = 1;
  } else {
    const where = setup.targets[0].worker.external ? process.env.BENCH_URL : "workerd via Miniflare";
    console.log(`bench:load on ${machine()}; ${connections} connections, ${rounds} rounds x ${seconds} s per scenario, ${where}${compare ? "; limiter with leases vs an object call per request, interleaved" : ""}`);
    // Warm-up, not counted: the first requests compile the wasm and fill the JIT.
    for (const { worker } of setup.targets) for (const s of scenarios) await run(worker.base, s, Number(process.env.BENCH_WARMUP_SECONDS ?? 3));
    const totals = new Map();
    for (const t of setup.targets) for (const s of scenarios) totals.set(`${t.label}|${s.name}`, { requests: 0, seconds: 0, p50: [], p99: [], errors: 0, kinds: {}, cpu: 0, proxyCpu: 0, machineBusy: 0, machineTotal: 0, limiterCalls: 0 });
    for (let round = 1; round <= rounds; round++) {
      for (const { label, worker } of setup.targets) {
        for (const s of scenarios) {
          const cpuBefore = cpuMs(worker.pids);
          const proxyBefore = cpuMs(worker.proxyPids ?? []);
          const machineBefore = machineCpuMs();
          const callsBefore = await limiterCalls(worker, s.bucket);
          const r = await run(worker.base, s);
          const t = totals.get(`${label}|${s.name}`);
          t.cpu += cpuMs(worker.pids) - cpuBefore;
          t.proxyCpu += cpuMs(worker.proxyPids ?? []) - proxyBefore;
          const machineAfter = machineCpuMs();
          t.machineBusy += machineAfter.busy - machineBefore.busy;
          t.machineTotal += machineAfter.total - machineBefore.total;
          // Background lease calls of the last requests may land a moment later; they are few.
          const callsAfter = await limiterCalls(worker, s.bucket);
          t.limiterCalls = callsBefore === null || callsAfter === null ? null : t.limiterCalls + (callsAfter - callsBefore);
          t.requests += r["2xx"] + r.non2xx;
          t.seconds += r.duration;
          t.p50.push(r.latency.p50);
          t.p99.push(r.latency.p99);
          // autocannon counts a timeout among its errors too.
          t.errors += r.errors + r.non2xx;
          const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).filter(([code]) => !code.startsWith("2")).map(([code, v]) => [`HTTP ${code}`, v.count]));
          for (const [k, n] of Object.entries({ ...r.errorCodes, ...statuses })) t.kinds[k] = (t.kinds[k] ?? 0) + n;
          console.log(JSON.stringify({ round, ...(label ? { limiter: label } : {}), scenario: s.name, "req/s": Math.round(r.requests.average), "p99 ms": r.latency.p99, errors: r.errors + r.non2xx, errorKinds: r.errorCodes }));
        }
      }
    }
    const worst = (list) => Math.max(...list);
    const rows = [];
    for (const { label, worker } of setup.targets) {
      const baseline = totals.get(`${label}|${scenarios.find((s) => s.baseline).name}`);
      const baseRate = baseline.requests / baseline.seconds;
      for (const s of scenarios) {
        const t = totals.get(`${label}|${s.name}`);
        const rate = t.requests / t.seconds;
        rows.push({
          ...(label ? { limiter: label } : {}),
          scenario: s.name,
          "req/s": Math.round(rate),
          "x /health req/s": +(rate / baseRate).toFixed(2),
          "p50 ms": Math.max(...t.p50),
          "p99 ms": worst(t.p99),
          "x /health p99": +(worst(t.p99) / worst(baseline.p99)).toFixed(2),
          requests: t.requests,
          errors: t.errors,
          "error kinds": Object.entries(t.kinds).map(([k, n]) => `${k} ${n}`).join(", "),
          "workerd CPU ms/req": worker.pids.length && t.requests ? +(t.cpu / t.requests).toFixed(2) : null,
          ...(worker.proxyPids?.length && t.requests
            ? { "of it proxy ms/req": +(t.proxyCpu / t.requests).toFixed(2), "of it worker ms/req": +((t.cpu - t.proxyCpu) / t.requests).toFixed(2) }
            : {}),
          "machine CPU ms/req": t.requests ? +(t.machineBusy / t.requests).toFixed(2) : null,
          "machine busy": t.machineTotal ? `${Math.round((100 * t.machineBusy) / t.machineTotal)}%` : null,
          "limiter calls/req": t.limiterCalls === null || !t.requests ? null : +(t.limiterCalls / t.requests).toFixed(3),
        });
      }
    }
    console.table(rows);
    if (compare) {
      // The same scenario with leases against without, from the interleaved rounds.
      const [lease, object] = setup.targets.map((t) => t.label);
      const versus = scenarios.map((s) => {
        const a = rows.find((r) => r.limiter === lease && r.scenario === s.name);
        const b = rows.find((r) => r.limiter === object && r.scenario === s.name);
        return { scenario: s.name, "req/s leases / object": +(a["req/s"] / b["req/s"]).toFixed(2), "p99 leases / object": +(a["p99 ms"] / b["p99 ms"]).toFixed(2), "errors leases": a.errors, "errors object": b.errors };
      });
      console.table(versus);
    }
    const core = await coreCpuPerQuote();
    if (core) console.log(`core CPU per quote (solverRequests + quote ops, V8 in Node): ${core.plain.toFixed(2)} ms; with allQuotes ${core.allQuotes.toFixed(2)} ms`);
    for (const quoteRow of rows.filter((r) => r.scenario === "POST /v1/quotes")) {
      if (core && quoteRow["workerd CPU ms/req"] != null) {
        console.log(`${quoteRow.limiter ? `${quoteRow.limiter}: ` : ""}workerd CPU per quote ${quoteRow["workerd CPU ms/req"]} ms = ${(quoteRow["workerd CPU ms/req"] / core.plain).toFixed(2)}x the core's own ${core.plain.toFixed(2)} ms`);
      }
    }
    console.log(JSON.stringify({ bench: "load", machine: machine(), seconds, rounds, connections, limiter: compare ? "compare" : "default", rows, coreCpuMsPerQuote: core }));
  }
} finally {
  for (const { label, worker } of setup.targets) {
    // What the runtime said while under load (errors and warnings explain timeouts and resets).
    const said = worker.output?.() ?? "";
    const notes = said.split("\n").filter((l) => /error|exceeded|overloaded|reset|warn/i.test(l) && !l.includes('"event":"quote"'));
    if (notes.length) console.log(`${label ? `${label}: ` : ""}worker said ${notes.length} error/warning lines; first: ${notes.slice(0, 5).join(" | ").slice(0, 1200)}`);
  }
  await setup.dispose();
}
