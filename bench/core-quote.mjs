// The core's CPU per quote on the worker's quote path, in V8 (Node), one or more core builds
// interleaved: for one quote the worker asks op "solverRequests", then op "quote" (no solver
// answers and no funder reads: the worker's steady state without chain reads), then, in the quote
// shard, op "intentShardStep" with event "registered" for the quote's registration (the state the
// shard passes for intents it has never seen); op "quoteGas" is what a chain the worker reads adds
// (every simulation answered, each call successful). Inputs are made as the worker makes them
// (edge-worker/src/quotes/handlers.js, status/intent-status.js, status/intent-shard.js), JSON
// strings both ways as callCore does.
//
// Every build answers the same inputs (fixed `now` and random bytes) first, and the answers must be
// byte-identical across builds (a faster core that answers differently is not a faster core).
// Then, in rounds, each build runs every scenario for --calls calls; CPU time by
// process.cpuUsage(), best round per build and scenario (another process on the machine can only
// make a round slower).
//   node bench/core-quote.mjs [--wasm-dir DIR]... [--rounds R] [--calls N] [--warmup N]
// Without --wasm-dir: build/wasm-release.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { instantiate } from "../tests/node/wasm.mjs";
import { benchQuoteBody, machine } from "./worker-process.mjs";
import { byShard, shardKey } from "../edge-worker/src/runtime/objects.js";

const args = process.argv.slice(2);
const options = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));
const option = (name, fallback) => options(name)[0] ?? fallback;
const dirs = options("--wasm-dir");
if (dirs.length === 0) dirs.push("build/wasm-release");
const rounds = Number(option("--rounds", 5));
const calls = Number(option("--calls", 400));
const warmup = Number(option("--warmup", 400));

const configDir = new URL("../config/local/", import.meta.url);
const read = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, configDir), "utf8"));
const configJson = JSON.stringify({ service: read("service"), chains: read("chains"), tokens: read("tokens"), solvers: read("solvers"), partners: read("partners") });
const secretsJson = JSON.stringify(read("secrets"));
const keyRecord = read("keys").find((k) => k.id === "dev-acme");
const key = { id: keyRecord.id, partner: keyRecord.partner, feeSchedule: keyRecord.feeSchedule, features: keyRecord.features };
const owner = `key:${key.id}`;
const plain = benchQuoteBody("bench-core-quote");
const kinds = { plain, allQuotes: { ...plain, options: { allQuotes: true } } };

async function load(dir) {
  const core = await instantiate("core", pathToFileURL(dir.replace(/\/?$/, "/")));
  return new core.Service(configJson, secretsJson);
}

// JSON string in, JSON string out, as callCore does (edge-worker/src/core.js).
function ask(svc, op, input, texts) {
  const text = svc.handle(op, JSON.stringify(input));
  if (texts) texts.push(`${op}: ${text}`);
  return JSON.parse(text);
}

function random(seed) {
  return Buffer.from(Array.from({ length: 64 }, (_, i) => (seed * 131 + i * 7) & 0xff)).toString("hex");
}

// The registration of one quote as storeRegistration stores it: one "registered" step per shard
// its records fall in, the quote id with the shard that holds it, on shards that hold none of them.
function registerSteps(svc, { records, quoteId, deliveryIntentHash }, owned, nowMs, texts) {
  const quoteShard = shardKey(quoteId);
  const record = Object.entries(records).find(([hash]) => hash.toLowerCase() === deliveryIntentHash.toLowerCase())?.[1] ?? null;
  for (const [k, entries] of byShard(Object.entries(records), ([hash]) => hash)) {
    const hashes = entries.map(([h]) => h.toLowerCase());
    const state = {
      nowMs,
      records: Object.fromEntries(entries),
      stored: Object.fromEntries(hashes.map((h) => [h, null])),
      owner: owned ? owner : null,
      owned: [],
      quote: k === quoteShard ? { quoteId, deliveryIntentHash, record } : null,
      places: {},
      alarm: nowMs + 3_600_000,
    };
    const answer = ask(svc, "intentShardStep", { state, event: { kind: "registered" } }, texts);
    if (answer.status !== 200) throw new Error(`intentShardStep answered ${answer.status}`);
  }
}

// One quote of `body` the way the worker asks for it; answers {quote, simulations} for quoteGas.
function quoteOnce(svc, body, now, seed, texts) {
  const plan = ask(svc, "solverRequests", { body, key, now }, texts);
  if (plan.status !== 200) throw new Error(`solverRequests answered ${plan.status}`);
  const answer = ask(svc, "quote", { body, key, now, random: random(seed), solverAnswers: [] }, texts);
  if (answer.status !== 200) throw new Error(`quote answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  answer.registrations.forEach((r, i) => registerSteps(svc, r, i === 0, now * 1000, texts));
  return answer;
}

// op "quoteGas" for a quote's simulations, every call answered successfully.
function gasOnce(svc, simulations, texts) {
  const results = simulations.map(({ quoteId, calls: c }) => ({ quoteId, calls: c.map((_, i) => ({ status: "0x1", gasUsed: `0x${(45000 + 1000 * i).toString(16)}` })) }));
  const answer = ask(svc, "quoteGas", { simulations, results }, texts);
  if (answer.status !== 200) throw new Error(`quoteGas answered ${answer.status}`);
}

const builds = [];
for (const dir of dirs) builds.push({ dir, svc: await load(dir) });

// Same inputs, same answers: every op's text, for each kind, compared with the first build's.
const now = 1_790_000_000;
let reference = null;
for (const build of builds) {
  const texts = [];
  for (const body of Object.values(kinds)) gasOnce(build.svc, quoteOnce(build.svc, body, now, 1, texts).simulations, texts);
  if (!reference) reference = texts;
  else if (texts.join("\n") !== reference.join("\n")) {
    const i = texts.findIndex((t, j) => t !== reference[j]);
    throw new Error(`${build.dir} answers differently from ${builds[0].dir}:\n${reference[i]?.slice(0, 400)}\n${texts[i]?.slice(0, 400)}`);
  }
}
if (builds.length > 1) console.log(`answers byte-identical across ${builds.length} builds (${reference.length} op answers, ${reference.join("").length} bytes)`);

// The simulations of each kind, for the quoteGas scenario.
const simulationsOf = Object.fromEntries(Object.entries(kinds).map(([name, body]) => [name, quoteOnce(builds[0].svc, body, now, 2).simulations]));
const scenarios = {
  "quote path (solverRequests + quote + registered)": (svc, i) => quoteOnce(svc, plain, now + (i % 60), i),
  "quoteGas": (svc) => gasOnce(svc, simulationsOf.plain),
  "allQuotes quote path": (svc, i) => quoteOnce(svc, kinds.allQuotes, now + (i % 60), i),
  "allQuotes quoteGas": (svc) => gasOnce(svc, simulationsOf.allQuotes),
};

function cpuUsOf(fn, svc, n) {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(svc, i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

// V8 compiles wasm with its baseline tier first and optimises hot functions later: every build
// runs every scenario before any is timed.
for (const build of builds) for (const fn of Object.values(scenarios)) cpuUsOf(fn, build.svc, warmup);
// Round by round, scenario by scenario, each build in turn (first one way, then the other), so a
// burst of load from elsewhere falls on every build alike.
const times = builds.map(() => Object.fromEntries(Object.keys(scenarios).map((name) => [name, []])));
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of Object.entries(scenarios)) {
    const order = r % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const b of order) times[b][name].push(cpuUsOf(fn, builds[b].svc, calls));
  }
}
const pick = (list, how) => (how === "best" ? Math.min(...list) : [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]);
const best = times.map((t) => Object.fromEntries(Object.entries(t).map(([name, list]) => [name, pick(list, "best")])));
const median = times.map((t) => Object.fromEntries(Object.entries(t).map(([name, list]) => [name, pick(list, "median")])));

console.log(`${machine()}; ${rounds} rounds x ${calls} calls; CPU us per quote, best round (median)`);
console.log(["scenario", ...dirs].join(" | "));
for (const name of Object.keys(scenarios)) {
  const cells = builds.map((_, b) => `${best[b][name].toFixed(0)} (${median[b][name].toFixed(0)})`);
  const ratio = builds.length > 1 ? ` | ${builds.slice(1).map((_, i) => `${(best[i + 1][name] / best[0][name]).toFixed(2)}x (${(median[i + 1][name] / median[0][name]).toFixed(2)}x)`).join(" | ")}` : "";
  console.log(`${name} | ${cells.join(" | ")}${ratio}`);
}
console.log(JSON.stringify({ bench: "core-quote", machine: machine(), rounds, calls, builds: dirs, cpuUsPerQuote: { best, median } }));
