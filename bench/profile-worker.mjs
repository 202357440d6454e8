// Where a request's CPU goes in the worker: the real bundle in workerd (Miniflare) with the V8
// inspector open, one scenario driven by autocannon (32 connections) while V8's sampling profiler
// runs in the worker's isolate. Prints the self time by source module of the bundle (esbuild's
// `// src/...` markers), by native or WebAssembly code, and by function, and writes the
// .cpuprofile for DevTools. bench:load says how much CPU a request costs; this says where.
//   npm run bench:profile -- [quotes|allQuotes|health|status] [seconds] [out.cpuprofile] [warm-up seconds]
// The warm-up (3 s by default) runs the scenario unprofiled first: the wasm tiers up and, for
// quotes, the intent shards come to exist (256 of them, each made by the first quote whose intent
// falls in it): a profile taken while some are still being made holds their creation, not the
// steady state, so give a quote profile a longer warm-up (10 s).
// Needs Node's WebSocket client (--experimental-websocket on Node 20, which the npm script passes).
// Sampling shares: the profiler attributes native work (storage, RPC serialisation, console) to
// the JavaScript frame that called it, so a line's share can hold runtime work it triggered.
import autocannon from "autocannon";
import { writeFileSync } from "node:fs";
import { benchQuoteBody } from "./worker-process.mjs";
import { inspector, printProfile } from "./worker-profiler.mjs";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { isolatedBundle, removeBundle } from "../tests/bad-inputs/bundle.mjs";

const [scenario = "quotes", seconds = "5", out = "worker.cpuprofile", warmup = "3"] = process.argv.slice(2);
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

const port = 9230 + Math.floor(Math.random() * 500);
const dir = isolatedBundle();
const persist = tempDir("sr-profile-state-");
const worker = await startWorker({ bundleDir: dir, persistDir: persist.dir, bindings: { KEYLESS_RATE_PER_SEC: "1000000", KEYLESS_BURST: "1000000" }, inspectorPort: port });
try {
  const load = (duration) =>
    autocannon({ url: new URL(req.path, worker.base).href, method: req.method, connections: 32, duration, headers: { "x-api-key": "dev-key-acme", ...(req.body ? { "content-type": "application/json" } : {}) }, body: req.body ? JSON.stringify(req.body) : undefined });
  await load(Number(warmup)); // warm-up: the wasm tiers up, the shards exist
  const cdp = await inspector(port);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const result = await load(Number(seconds));
  const { result: { profile } } = await cdp.send("Profiler.stop");
  cdp.close();
  writeFileSync(out, JSON.stringify(profile));

  console.log(`${scenario}: ${Math.round(result.requests.average)} req/s over ${seconds} s, ${profile.samples.length} samples; profile in ${out}`);
  printProfile(profile, dir);
} finally {
  await worker.dispose();
  persist.remove();
  removeBundle(dir);
}
