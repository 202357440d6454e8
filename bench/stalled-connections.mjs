// Stalled connections in the local runtime, reduced to a worker of a few lines: what the timeouts
// and resets seen in Miniflare and on `npm start` are (bench/README.md, "Stalled connections").
//
// Each variant is the same worker in workerd (Miniflare): it reads a 400-byte body, burns about a
// millisecond of CPU and answers 7 KB, like a quote; the variants differ only in the Durable
// Object call it makes and when:
//   in-flight   a call to one of 256 objects that writes the object's SQLite, started in the turn
//               that returns the response and left to waitUntil (a quote's registration until
//               2026-11-26)
//   no-write    the same, but the call writes nothing
//   awaited     the writing call, awaited before the response
//   after       the writing call, started from a timer once the response is on its way (what
//               edge-worker/src/runtime/background.js does)
//   one-in-50   one request in 50 awaits a call to one object whose method does nothing (no
//               storage); the others make no call: about how often the rate limiter's leases call
//               their bucket's object
//   no-call     no Durable Object call at all (the control)
// Each variant runs BENCH_ROUNDS (default 3) rounds of BENCH_SECONDS (default 10) at 32 connections
// with autocannon, timeout BENCH_TIMEOUT (default 3 s), in one Miniflare per variant.
// BENCH_DIRECT=1 serves the worker on a socket of its own (Miniflare's unsafeDirectSockets),
// without Miniflare's entry worker in front.
// Once a second a probe on a connection of its own asks the worker how many requests have been in
// its handler for over a second: a request stuck in the worker's code or in its call counts
// there, one stuck in the runtime before the handler does not. Figures, not assertions: a stall
// shows as requests that time out or are reset while the other connections are served.
//   npm run bench:stalls              BENCH_SECONDS=15 npm run bench:stalls -- one-in-50 no-call
import autocannon from "autocannon";
import { Miniflare } from "miniflare";
import { machine } from "./worker-process.mjs";
import { tempDir } from "../edge-worker/test/harness.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const direct = Boolean(process.env.BENCH_DIRECT);
const timeoutSec = Number(process.env.BENCH_TIMEOUT ?? 3);
const variants = ["in-flight", "no-write", "awaited", "after", "one-in-50", "no-call"];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : variants;
for (const v of wanted) if (!variants.includes(v)) throw new Error(`unknown variant ${v}: one of ${variants.join(", ")}`);

const script = (variant) => `
import { DurableObject } from "cloudflare:workers";
export class Shard extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS record (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
  }
  write(id, body) {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO record (id, body) VALUES (?, ?)", id, body);
  }
  read(id) {
    return id.length;
  }
  nothing() {
    return 0;
  }
}
const VARIANT = ${JSON.stringify(variant)};
let served = 0;
function burn() {
  let x = 0;
  for (let i = 0; i < 40_000; i++) x += Math.sqrt(i);
  return x;
}
// Requests inside this handler and when each entered, for the probe: a request stuck in the
// worker's own code (or in its call) shows here; one stuck in the runtime before it does not.
const inside = new Map();
let entered = 0;
export default {
  async fetch(request, env, ctx) {
    if (request.method === "GET") {
      const now = Date.now();
      return Response.json({ insideOverOneSecond: [...inside.values()].filter((t) => now - t > 1000).length });
    }
    const n = ++entered;
    inside.set(n, Date.now());
    try {
      return await answer(request, env, ctx);
    } finally {
      inside.delete(n);
    }
  },
};
async function answer(request, env, ctx) {
  const body = await request.text();
  burn();
  const id = crypto.randomUUID();
  const shard = () => env.SHARDS.get(env.SHARDS.idFromName(id.slice(0, 2)));
  if (VARIANT === "in-flight") ctx.waitUntil(shard().write(id, body));
  if (VARIANT === "no-write") ctx.waitUntil(shard().read(id));
  if (VARIANT === "awaited") await shard().write(id, body);
  if (VARIANT === "after") ctx.waitUntil(new Promise((r) => setTimeout(r, 0)).then(() => shard().write(id, body)));
  if (VARIANT === "one-in-50" && ++served % 50 === 0) await env.SHARDS.get(env.SHARDS.idFromName("one")).nothing();
  return new Response("y".repeat(7000));
}`;

/**
 * One round against `url`: autocannon's result, the count of each transport error, and what a
 * probe on a connection of its own saw once a second: the most requests that had been inside the
 * worker's handler for over a second, and its own slowest answer.
 */
async function round(url) {
  const errorKinds = {};
  const instance = autocannon({ url, method: "POST", body: "z".repeat(400), connections: 32, duration: seconds, timeout: timeoutSec });
  instance.on("reqError", (e) => {
    const kind = e.code ?? e.message;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  });
  const probe = { inside: 0, slowestMs: 0 };
  const unanswered = new Set();
  const probing = setInterval(async () => {
    const sent = Date.now();
    unanswered.add(sent);
    try {
      const seen = await (await fetch(url, { signal: AbortSignal.timeout(timeoutSec * 1000) })).json();
      probe.inside = Math.max(probe.inside, seen.insideOverOneSecond);
    } catch {
      // unanswered within the timeout: its wait is the slowest figure
    }
    unanswered.delete(sent);
    probe.slowestMs = Math.max(probe.slowestMs, Date.now() - sent);
  }, 1000);
  const result = await instance;
  clearInterval(probing);
  for (const sent of unanswered) probe.slowestMs = Math.max(probe.slowestMs, Date.now() - sent);
  return { result, errorKinds, probe };
}

const rows = [];
for (const variant of wanted) {
  const state = tempDir("sr-stalls-");
  const mf = new Miniflare({
    modules: true,
    script: script(variant),
    compatibilityDate: "2025-04-01",
    durableObjects: { SHARDS: { className: "Shard", useSQLite: true } },
    durableObjectsPersist: state.dir,
    ...(direct ? { unsafeDirectSockets: [{ port: 0 }] } : {}),
  });
  try {
    const entry = await mf.ready;
    const url = direct ? (await mf.unsafeGetDirectURL()).href : entry.href;
    const stalls = [];
    const kinds = {};
    let requests = 0;
    let maxMs = 0;
    let rate = 0;
    let insideMax = 0;
    let probeMs = 0;
    for (let i = 0; i < rounds; i++) {
      const { result, errorKinds, probe } = await round(url);
      stalls.push(result.errors);
      insideMax = Math.max(insideMax, probe.inside);
      probeMs = Math.max(probeMs, probe.slowestMs);
      for (const [k, n] of Object.entries(errorKinds)) kinds[k] = (kinds[k] ?? 0) + n;
      requests += result.requests.total;
      maxMs = Math.max(maxMs, result.latency.max);
      rate += result.requests.average / rounds;
    }
    rows.push({
      variant,
      "req/s": Math.round(rate),
      requests,
      "max ms": maxMs,
      "timeouts and resets per round": stalls.join(" "),
      "rounds with any": `${stalls.filter((n) => n > 0).length} of ${rounds}`,
      kinds: Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(", "),
      "in handler > 1 s": insideMax,
      "probe max ms": probeMs,
    });
  } finally {
    await mf.dispose();
    state.remove();
  }
}
const front = direct ? "the worker's own socket" : "Miniflare's entry worker";
console.log(`bench:stalls on ${machine()}; ${rounds} x ${seconds} s per variant, 32 connections, workerd via Miniflare (${front})`);
console.table(rows);
console.log(JSON.stringify({ bench: "stalls", machine: machine(), seconds, rounds, direct, rows }));
