// What each part of a quote costs in the worker, by taking it out: workers started from copies of
// one bundle, each with one part patched out of the bundled code, loaded with POST /v1/quotes in
// interleaved rounds (32 connections), each against the unpatched worker of the same run, and
// GET /health on the unpatched worker in the same rounds (what any request costs). The CPU per
// answer is workerd's (user + system, /proc) over the requests answered.
//   npm run bench:ablation -- [ablation[+ablation...] ...]     (default: each ablation alone)
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 npm run bench:ablation -- no-registration no-log+no-limiter
// A patch is a literal text replacement in the bundle; when the source it names changes, the run
// stops and says which, rather than measuring an unpatched worker.
import autocannon from "autocannon";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchQuoteBody, cpuMs, machine, workerdPids } from "./worker-process.mjs";
import { buildBundle, removeBundle, startWorker, tempDir } from "../edge-worker/test/harness.mjs";

const ablations = {
  // The quote's background registration in the intent shards (one shard call and write).
  "no-registration": [["if (answer.status === 200) registerQuote", "if (false) registerQuote"]],
  // The registrations' calls to their shards (what the shard does for them included): the
  // worker's side of a registration (its batching, timers and retries) stays.
  "no-registration-call": [["await shardOf(env, key).registerAll(left.map((l) => l.entry));", "await Promise.resolve([]);"]],
  // The quote's registration up to its shard's batch (the worker's side: the records grouped by
  // shard, the entries made), nothing queued and nothing sent.
  "no-registration-batches": [["  shard.waiting.push(entry);\n  shard.beforeCall = beforeCall;", "  if (true) return Promise.resolve();"]],
  // The quote's analytics event (src/quotes/quote-events.js).
  "no-event": [["recordQuote(c, { status: answer.status", "void ({ status: answer.status"]],
  // The shard's read of the stored rows of a call's intents before registering them (chain events
  // may have created them first).
  "no-registration-read": [["const rows = this.#rows(hashes);\n        const stored = Object.fromEntries(", "const rows = {};\n        const stored = Object.fromEntries("]],
  // The shard's storage of what a step names (its SQLite transaction; in a quote run, the
  // registrations'): the call to the shard and the core's step stay.
  "no-registration-storage": [["this.#tally(this.ctx.storage.transactionSync(() => {\n      const created = {};", "this.#tally((() => {\n      return {};\n      const created = {};"]],
  // The core's solverRequests op (which solvers to ask over HTTP: none in the bundled configurations;
  // the funder's reads: no chain to read them from without the local chains).
  "no-solver-requests": [['const plan = await askCore(c.env, "solverRequests", { body: c.body, key: keyForCore(c.key), now, ...headInputs(c.env) });', "const plan = { status: 200, body: { requests: [], funderReads: null } };"]],
  // The quote's answer written small: what writing and sending its 9 KB body costs.
  "small-answer": [["coalesce: true });\n  return coreResponse(c, answer);", "coalesce: true });\n  return coreResponse(c, { status: answer.status, body: { id: answer.body.id } });"]],
  // The keyed rate limiter (leases, headers).
  "no-limiter": [["return limited(c, next, await takeToken(c.env.RATE_LIMITER, `key:${c.key.id}`, c.key.rateLimit, c.ctx, leaseWindowMs(c.env)));", "return next();"]],
  // The core's two quote ops, answered from their first answers (the engine's CPU taken out; the
  // same intent is then registered again and again, which merges instead of inserting).
  "no-engine": [[
    "const out = JSON.parse(svc.handle(op, JSON.stringify(input)));",
    'const out = JSON.parse(op === "quote" || op === "solverRequests" ? ((globalThis.__ablation ??= {})[op] ??= svc.handle(op, JSON.stringify(input))) : svc.handle(op, JSON.stringify(input)));',
  ]],
};

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ablations);
const variants = [{ name: "unpatched", patches: [] }];
for (const name of wanted) {
  const patches = name.split("+").map((part) => ablations[part] ?? (() => { throw new Error(`unknown ablation ${part}: one of ${Object.keys(ablations).join(", ")}`); })());
  variants.push({ name, patches: patches.flat() });
}
const body = JSON.stringify(benchQuoteBody("bench-ablation"));

const bundle = buildBundle();
const started = [];
try {
  for (const v of variants) {
    const dir = tempDir("sr-ablation-");
    cpSync(bundle, dir.dir, { recursive: true });
    let code = readFileSync(join(dir.dir, "index.js"), "utf8");
    for (const [from, to] of v.patches) {
      if (!code.includes(from)) throw new Error(`ablation ${v.name}: the bundle no longer contains ${JSON.stringify(from)}; update bench/ablation.mjs`);
      code = code.replace(from, to);
    }
    writeFileSync(join(dir.dir, "index.js"), code);
    const state = tempDir("sr-ablation-state-");
    const before = new Set(workerdPids());
    const worker = await startWorker({ bundleDir: dir.dir, persistDir: state.dir, bindings: { KEYLESS_RATE_PER_SEC: "1000000", KEYLESS_BURST: "1000000" } });
    started.push({ v, worker, pids: workerdPids().filter((p) => !before.has(p)), dirs: [dir, state] });
  }
  const load = (base, duration, health = false) =>
    health
      ? autocannon({ url: new URL("/health", base).href, connections: 32, duration, timeout: 10 })
      : autocannon({ url: new URL("/v1/quotes", base).href, method: "POST", connections: 32, duration, timeout: 10, headers: { "x-api-key": "dev-key-acme", "content-type": "application/json" }, body });
  for (const s of started) await load(s.worker.base, 3); // warm-up: wasm tier-up, shards created
  // GET /health on the unpatched worker, in the same rounds: what any request costs this runtime
  // (its HTTP, routing and response), against which a quote's parts are read.
  const runs = [...started.map((s) => ({ s, name: s.v.name, health: false })), { s: started[0], name: "GET /health (unpatched)", health: true }];
  const totals = new Map(runs.map((run) => [run.name, { answered: 0, seconds: 0, cpu: 0, p99: [], errors: 0 }]));
  for (let round = 1; round <= rounds; round++) {
    for (const { s, name, health } of runs) {
      const cpuBefore = cpuMs(s.pids);
      const r = await load(s.worker.base, seconds, health);
      const t = totals.get(name);
      t.cpu += cpuMs(s.pids) - cpuBefore;
      t.answered += r["2xx"];
      t.seconds += r.duration;
      t.p99.push(r.latency.p99);
      t.errors += r.errors + r.non2xx;
    }
  }
  const base = totals.get("unpatched");
  const basePerQuote = base.cpu / base.answered;
  console.log(`bench:ablation on ${machine()}; ${rounds} rounds x ${seconds} s per worker, 32 connections, POST /v1/quotes`);
  console.table([...totals].map(([name, t]) => ({
    worker: name,
    "answers/s": Math.round(t.answered / t.seconds),
    "workerd CPU ms/answer": +(t.cpu / t.answered).toFixed(3),
    "CPU saved ms/answer": +(basePerQuote - t.cpu / t.answered).toFixed(3),
    "p99 ms": Math.max(...t.p99),
    errors: t.errors,
  })));
} finally {
  for (const s of started) {
    await s.worker.dispose();
    for (const d of s.dirs) d.remove();
  }
  removeBundle(bundle);
}
