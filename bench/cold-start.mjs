// Cold start: from starting the worker process (workerd via Miniflare, the bundle built
// beforehand) to the first signed quote it returns. Repeated BENCH_ROUNDS times (default 5)
// with fresh state; reports each phase (process up and listening, first signed quote) and the
// core's own figures from its "core-ready" log line (wasm instantiation, Service construction).
import { performance } from "node:perf_hooks";
import { startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { isolatedBundle } from "../tests/bad-inputs/bundle.mjs";
import { benchQuoteBody, machine } from "./worker-process.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const quoteBody = JSON.stringify(benchQuoteBody("bench-cold-start"));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bundleDir = isolatedBundle();
const results = [];
for (let i = 0; i < rounds; i++) {
  const persist = tempDir("sr-cold-");
  const t0 = performance.now();
  const worker = await startWorker({ bundleDir, persistDir: persist.dir });
  const listening = performance.now() - t0;
  let status = 0;
  let attempts = 0;
  let body;
  while (performance.now() - t0 < 60_000) {
    attempts++;
    const res = await worker.fetch("/v1/quotes", { method: "POST", key: "dev-key-acme", headers: { "content-type": "application/json" }, body: quoteBody });
    status = res.status;
    body = await res.json();
    if (status === 200 && body.signature) break;
    if (status >= 500 && /engine is not available/.test(body.detail ?? "")) break;
  }
  const firstQuote = performance.now() - t0;
  const ready = /\{"event":"core-ready"[^\n]*\}/.exec(worker.output());
  const core = ready ? JSON.parse(ready[0]) : null;
  await worker.dispose();
  persist.remove();
  if (status !== 200) {
    console.error(`cold start: no signed quote (${status} ${JSON.stringify(body).slice(0, 200)}); build the core first (npm run build)`);
    process.exit(1);
  }
  results.push({ round: i + 1, "listening ms": Math.round(listening), "first signed quote ms": Math.round(firstQuote), attempts, "wasm instantiate ms": core?.instantiateMs ?? null, "Service construct ms": core?.constructMs ?? null });
  console.log(JSON.stringify(results.at(-1)));
}
console.table(results);
const summary = {
  bench: "cold-start",
  machine: machine(),
  rounds,
  medianListeningMs: median(results.map((r) => r["listening ms"])),
  medianFirstSignedQuoteMs: median(results.map((r) => r["first signed quote ms"])),
  medianInstantiateMs: median(results.map((r) => r["wasm instantiate ms"] ?? 0)),
  medianConstructMs: median(results.map((r) => r["Service construct ms"] ?? 0)),
};
console.log(JSON.stringify(summary));
