// Stalled connections in the local runtime, reduced to a worker of a few lines: why the worker
// starts its background Durable Object calls after the response (edge-worker/src/background.js).
//
// Each variant is the same worker in workerd (Miniflare): it reads a 400-byte body, burns about a
// millisecond of CPU, makes one call to one of 256 Durable Objects and answers 7 KB, like a quote
// and its registration. The variants differ only in the call and when it runs:
//   in-flight   a call that writes the object's SQLite, started before the response and left to
//               waitUntil (the quote's registration before the fix)
//   no-write    the same, but the call writes nothing (it stalls too, less reliably)
//   awaited     the writing call, awaited before the response
//   after       the writing call, started from a timer once the response is on its way (the fix)
// Each runs BENCH_SECONDS (default 10) at 32 connections with autocannon, timeout 10 s. Figures,
// not assertions: a stall shows as requests that time out or are reset, and as a max latency of
// seconds, while the other connections are served.
//   npm run bench:stalls              BENCH_SECONDS=5 npm run bench:stalls -- in-flight after
import autocannon from "autocannon";
import { Miniflare } from "miniflare";
import { machine } from "./worker-process.mjs";
import { tempDir } from "../edge-worker/test/harness.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const variants = ["in-flight", "no-write", "awaited", "after"];
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
}
const VARIANT = ${JSON.stringify(variant)};
function burn() {
  let x = 0;
  for (let i = 0; i < 40_000; i++) x += Math.sqrt(i);
  return x;
}
export default {
  async fetch(request, env, ctx) {
    const body = await request.text();
    burn();
    const id = crypto.randomUUID();
    const shard = () => env.SHARDS.get(env.SHARDS.idFromName(id.slice(0, 2)));
    if (VARIANT === "in-flight") ctx.waitUntil(shard().write(id, body));
    if (VARIANT === "no-write") ctx.waitUntil(shard().read(id));
    if (VARIANT === "awaited") await shard().write(id, body);
    if (VARIANT === "after") ctx.waitUntil(new Promise((r) => setTimeout(r, 0)).then(() => shard().write(id, body)));
    return new Response("y".repeat(7000));
  },
};`;

const rows = [];
for (const variant of wanted) {
  const state = tempDir("sr-stalls-");
  const mf = new Miniflare({
    modules: true,
    script: script(variant),
    compatibilityDate: "2025-04-01",
    durableObjects: { SHARDS: { className: "Shard", useSQLite: true } },
    durableObjectsPersist: state.dir,
  });
  try {
    const url = (await mf.ready).href;
    const errorKinds = {};
    const instance = autocannon({ url, method: "POST", body: "z".repeat(400), connections: 32, duration: seconds, timeout: 10 });
    instance.on("reqError", (e) => {
      const kind = e.code ?? e.message;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    });
    const r = await instance;
    rows.push({
      variant,
      "req/s": Math.round(r.requests.average),
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "max ms": r.latency.max,
      "timeouts and resets": r.errors,
      kinds: Object.entries(errorKinds).map(([k, n]) => `${k} ${n}`).join(", "),
    });
  } finally {
    await mf.dispose();
    state.remove();
  }
}
console.log(`bench:stalls on ${machine()}; ${seconds} s per variant, 32 connections, workerd via Miniflare`);
console.table(rows);
console.log(JSON.stringify({ bench: "stalls", machine: machine(), seconds, rows }));
