// Load on the local worker (the real bundle in workerd via Miniflare, or BENCH_URL): quotes with
// and without allQuotes, chains and status, each for BENCH_SECONDS (default 30) at
// BENCH_CONNECTIONS (default 32) with autocannon. Reports throughput, p50/p99 latency, errors
// (non-2xx answers, and transport errors and timeouts by kind) and the CPU time the workerd
// process spent per request, plus the core's own CPU time per quote (the two core ops of a
// quote, timed in Node's V8 on the same wasm build). Figures, not assertions; the target is zero
// errors at 32 connections.
//   npm run bench:load            BENCH_SECONDS=10 npm run bench:load
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { benchWorker, cpuMs, machine } from "./worker-process.mjs";
import { instantiate } from "../tests/node/wasm.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEY = "dev-key-acme";
const quoteBody = {
  type: "exact-in",
  source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
  destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
  dappId: "bench-load",
};
const HASH = "0x23744c2252d544a50dd8906a9c6c94f725bf7a98c549c7a3c643367c77f7e05c";

const scenarios = [
  { name: "POST /v1/quotes", method: "POST", path: "/v1/quotes", body: quoteBody },
  { name: "POST /v1/quotes allQuotes", method: "POST", path: "/v1/quotes", body: { ...quoteBody, options: { allQuotes: true } } },
  { name: "GET /v1/chains", method: "GET", path: "/v1/chains" },
  { name: "GET /v1/intents/status", method: "GET", path: `/v1/intents/status?intentHash=${HASH}` },
];

/** One scenario; resolves to autocannon's result plus the count of each transport error seen. */
async function run(base, s) {
  const errorCodes = {};
  const instance = autocannon({
    url: new URL(s.path, base).href,
    method: s.method,
    connections,
    duration: seconds,
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

/** CPU milliseconds of the core's two ops per quote, in V8 (Node) on build/wasm-release. */
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
    for (let i = 0; i < 20; i++) once(body);
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) once(body);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
  return { plain: measure(quoteBody), allQuotes: measure({ ...quoteBody, options: { allQuotes: true } }) };
}

const worker = await benchWorker();
try {
  const probe = await fetch(new URL("/v1/quotes", worker.base), { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(quoteBody) });
  const probeBody = await probe.json();
  if (probe.status !== 200 || !probeBody.signature) {
    console.error(`bench:load: the worker does not serve signed quotes (${probe.status} ${JSON.stringify(probeBody).slice(0, 200)}); build the core first (npm run build)`);
    process.exitCode = 1;
  } else {
    console.log(`bench:load on ${machine()}; ${connections} connections, ${seconds} s per scenario, ${worker.external ? process.env.BENCH_URL : "workerd via Miniflare"}`);
    const rows = [];
    for (const s of scenarios) {
      const cpuBefore = cpuMs(worker.pids);
      const r = await run(worker.base, s);
      const cpu = cpuMs(worker.pids) - cpuBefore;
      const done = r["2xx"] + r.non2xx;
      rows.push({
        scenario: s.name,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        requests: done,
        // autocannon counts a timeout among its errors too.
        errors: r.errors + r.non2xx,
        "error kinds": Object.entries({ ...r.errorCodes, ...(r.non2xx ? { "non-2xx": r.non2xx } : {}) }).map(([k, n]) => `${k} ${n}`).join(", "),
        "workerd CPU ms/req": worker.pids.length && done ? +(cpu / done).toFixed(2) : null,
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
    console.table(rows);
    const core = await coreCpuPerQuote();
    if (core) console.log(`core CPU per quote (solverRequests + quote ops, V8 in Node): ${core.plain.toFixed(2)} ms; with allQuotes ${core.allQuotes.toFixed(2)} ms`);
    console.log(JSON.stringify({ bench: "load", machine: machine(), seconds, connections, rows, coreCpuMsPerQuote: core }));
  }
} finally {
  await worker.dispose();
}
