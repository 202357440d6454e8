// Where a request's CPU goes in the worker: the real bundle in workerd (Miniflare) with the V8
// inspector open, one scenario driven by autocannon (32 connections) while V8's sampling profiler
// runs in the worker's isolate. Prints the self time by source module of the bundle (esbuild's
// `// src/...` markers), by native or WebAssembly code, and by function, and writes the
// .cpuprofile for DevTools. bench:load says how much CPU a request costs; this says where.
//   npm run bench:profile -- [quotes|allQuotes|health|status] [seconds] [out.cpuprofile]
// Needs Node's WebSocket client (--experimental-websocket on Node 20, which the npm script passes).
// Sampling shares: the profiler attributes native work (storage, RPC serialisation, console) to
// the JavaScript frame that called it, so a line's share can hold runtime work it triggered.
import autocannon from "autocannon";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchQuoteBody } from "./worker-process.mjs";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { isolatedBundle, removeBundle } from "../tests/bad-inputs/bundle.mjs";

const [scenario = "quotes", seconds = "5", out = "worker.cpuprofile"] = process.argv.slice(2);
const quoteBody = benchQuoteBody("bench-profile");
const requests = {
  quotes: { method: "POST", path: "/v1/quotes", body: quoteBody },
  allQuotes: { method: "POST", path: "/v1/quotes", body: { ...quoteBody, options: { allQuotes: true } } },
  health: { method: "GET", path: "/health" },
  status: { method: "GET", path: "/v1/intents/status?intentHash=0x23744c2252d544a50dd8906a9c6c94f725bf7a98c549c7a3c643367c77f7e05c" },
};
const req = requests[scenario];
if (!req) throw new Error(`unknown scenario ${scenario}: one of ${Object.keys(requests).join(", ")}`);
if (typeof WebSocket !== "function") throw new Error("no WebSocket client: run with node --experimental-websocket (npm run bench:profile does)");

/** The inspector's one target (the worker's isolate), as a send(method, params) over CDP. */
async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.title?.includes("stableroutes")) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
  });
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });
  return { send, close: () => ws.close() };
}

/** Self samples per key(callFrame), as [key, share] rows, largest first. */
function selfShares(profile, key) {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const shares = new Map();
  for (const id of profile.samples) {
    const k = key(frames.get(id));
    shares.set(k, (shares.get(k) ?? 0) + 1);
  }
  return [...shares].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n / profile.samples.length]);
}

const print = (title, rows, limit) => {
  console.log(`\n${title}`);
  for (const [k, share] of rows.slice(0, limit)) console.log(`${(100 * share).toFixed(1).padStart(6)}%  ${k}`);
};

const port = 9230 + Math.floor(Math.random() * 500);
const dir = isolatedBundle();
const persist = tempDir("sr-profile-state-");
const worker = await startWorker({ bundleDir: dir, persistDir: persist.dir, bindings: { KEYLESS_RATE_PER_SEC: "1000000", KEYLESS_BURST: "1000000" }, inspectorPort: port });
try {
  const load = (duration) =>
    autocannon({ url: new URL(req.path, worker.base).href, method: req.method, connections: 32, duration, headers: { "x-api-key": "dev-key-acme", ...(req.body ? { "content-type": "application/json" } : {}) }, body: req.body ? JSON.stringify(req.body) : undefined });
  await load(3); // warm-up: the wasm tiers up, the shards exist
  const cdp = await inspector(port);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const result = await load(Number(seconds));
  const { result: { profile } } = await cdp.send("Profiler.stop");
  cdp.close();
  writeFileSync(out, JSON.stringify(profile));

  // Bundle line -> source module, from esbuild's "// src/file.js" comments.
  const lines = readFileSync(join(dir, "index.js"), "utf8").split("\n");
  const marks = [];
  lines.forEach((l, i) => { if (/^\/\/ (src|wasm|generated)\/\S+$/.test(l)) marks.push([i, l.slice(3)]); });
  const moduleOf = (line) => marks.findLast(([at]) => at <= line)?.[1] ?? "(bundle)";
  const isWasm = (f) => f.functionName.startsWith("wasm-function") || f.url.startsWith("wasm://");
  const inBundle = (f) => f.url.endsWith("index.js");
  const kind = (f) => (isWasm(f) ? "WebAssembly (the core)" : inBundle(f) ? moduleOf(f.lineNumber) : `runtime: ${f.functionName || "(anonymous)"}`);

  console.log(`${scenario}: ${Math.round(result.requests.average)} req/s over ${seconds} s, ${profile.samples.length} samples; profile in ${out}`);
  print("self time by module", selfShares(profile, kind), 20);
  print("self time by function (bundle line)", selfShares(profile, (f) => (isWasm(f) ? "WebAssembly" : `${f.functionName || "(anonymous)"} ${inBundle(f) ? `${moduleOf(f.lineNumber)}:${f.lineNumber + 1}` : "(runtime)"}`)), 25);
} finally {
  await worker.dispose();
  persist.remove();
  removeBundle(dir);
}
