// What a stranger without a key can make the service store, do or answer, measured on the real
// bundle in workerd (Miniflare), loopback only, bounded in count and time:
// 1. Durable Objects created by 1,000 keyless reads of unknown identifiers (deposit vaults, their
//    status, submits to them, legacy status of unknown intents, invalid legacy quotes with fresh
//    dAppIDs, streams of unknown intents), each from its own IPv6 /48 so no limit hides a write.
//    Goal 0, after the fixed set exists (256 intent shards, 64 limiter pool objects).
// 2. The share of 429 in bursts, with the production limits (wrangler.toml's top-level vars): one
//    /64 spread over 1,000 addresses, 1,000 /64s of one /48, 1,000 requests with bad keys from one
//    address, deposit creation from one /64, stream opens from one /64.
// 3. How long a stream of an unknown intent lives (it is a 404, not a stream).
// 4. With the local chains: the delay from a funding's block to its status, with no watched
//    deposit address and with 10,000 unfunded ones in the source chain's reader (registered
//    through the reader's own `watchDeposit`, what each deposit-address creation does; the API's
//    caps keep one partner at 10,000 in production), and whether it stays within two poll
//    intervals.
// Zero 5xx is checked throughout; the process exits non-zero when an invariant breaks.
//   npm run bench:abuse        ABUSE_WATCHED=n ABUSE_FUNDINGS=n to change part 4's sizes;
//                              ABUSE_PARTS=delay runs part 4 alone (ABUSE_WATCHED=0: the baseline alone),
//                              ABUSE_PARTS=strangers parts 1-3 alone (no local chains)
import { readdirSync, readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { JsonRpcProvider, Wallet, hexlify, randomBytes } from "ethers";
import { buildBundle, removeBundle, startWorker, tempDir } from "../edge-worker/test/harness.mjs";
import { freePort } from "../scripts/chains/anvil.mjs";
import { startLocalStack } from "../scripts/chains/local.mjs";

const READS = 1_000;
const WATCHED = Number(process.env.ABUSE_WATCHED ?? 10_000);
const FUNDINGS = Number(process.env.ABUSE_FUNDINGS ?? 5);
const POLL_INTERVAL_MS = 1_000;
const ACME = "dev-key-acme";
const FUNDER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil #1
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // anvil #6
const json = { "content-type": "application/json" };
const hex = (bytes) => hexlify(randomBytes(bytes)).slice(2);
/** An address of a random /48 (and /64) of the documentation prefix. */
const random48 = () => `2001:db8:${hex(2)}:${hex(2)}::${hex(2)}`;

let broken = false;
const verdict = (ok, text) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  if (!ok) broken = true;
};
const fiveHundreds = [];
const count = (statuses) => statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** The production limits: the top-level [vars] of wrangler.toml that the local environment raises. */
function productionLimits() {
  const toml = readFileSync(new URL("../edge-worker/wrangler.toml", import.meta.url), "utf8");
  const top = toml.slice(toml.indexOf("[vars]"), toml.indexOf("\n[", toml.indexOf("[vars]") + 1));
  const limits = {};
  for (const [, name, value] of top.matchAll(/^(KEYLESS_\w+|DEPOSITS_\w+|STREAMS_\w+)\s*=\s*"([^"]*)"/gm)) limits[name] = value;
  return limits;
}

/** Durable Objects that exist: Miniflare keeps one SQLite file per object. */
function objects(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += readdirSync(join(dir, entry.name)).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite").length;
  }
  return n;
}

/** One request; its status (the body read and dropped), 5xx remembered. */
async function send(w, path, { ip, key, method = "GET", body } = {}) {
  const headers = { ...(ip ? { "cf-connecting-ip": ip } : {}), ...(key ? { "x-api-key": key } : {}), ...(body ? json : {}) };
  const res = await w.mf.dispatchFetch(`http://api.stableroutes.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  await res.arrayBuffer().catch(() => {});
  if (res.status >= 500) fiveHundreds.push(`${method} ${path}: ${res.status}`);
  return res.status;
}

/** `n` requests, `concurrency` at a time; their statuses in order. */
async function burst(n, concurrency, one) {
  const statuses = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      statuses[i] = await one(i);
    }
  }));
  return statuses;
}

async function strangers() {
  const bundleDir = buildBundle();
  const state = tempDir("sr-abuse-");
  const limits = productionLimits();
  const w = await startWorker({ bundleDir, persistDir: state.dir, bindings: limits });
  try {
    console.log(`production limits: ${JSON.stringify(limits)}`);
    // The fixed set: the 256 intent shards and the 64 limiter pool objects.
    for (let i = 0; i < 256; i++) await send(w, `/v1/acme-gateway/0x${i.toString(16).padStart(2, "0")}${hex(19)}`, { ip: random48() });
    for (let i = 0; i < 2_000; i++) await send(w, "/health", { ip: random48() });
    const fixed = objects(state.dir);

    // 1. Reads of unknown identifiers, six kinds in turn, each from a fresh /48.
    const kinds = [
      () => ({ path: `/v1/acme-gateway/0x${hex(20)}` }),
      () => ({ path: `/v1/acme-gateway/status?vaultAddress=0x${hex(20)}` }),
      () => ({ path: "/v1/acme-gateway/submit/erc-3009", method: "POST", body: { vaultAddress: `0x${hex(20)}` } }),
      () => ({ path: "/api/v3/intents/intentStatus", method: "POST", body: { intentHash: `0x${hex(32)}` } }),
      () => ({ path: "/api/v3/quotes/exactOut", method: "POST", body: { dAppID: `probe-${hex(8)}` } }),
      () => ({ path: `/v1/public/intents/stream?intentHash=0x${hex(32)}` }),
    ];
    const t0 = performance.now();
    const reads = await burst(READS, 10, (i) => {
      const read = kinds[i % kinds.length]();
      return send(w, read.path, { ip: random48(), method: read.method, body: read.body });
    });
    const readMs = performance.now() - t0;
    // Attribution would flush a second after a use: wait past it, so any write has landed.
    await new Promise((r) => setTimeout(r, 1_500));
    const created = objects(state.dir) - fixed;
    console.log(`1. ${READS} keyless reads of unknown ids from ${READS} /48s in ${Math.round(readMs)} ms: ${JSON.stringify(count(reads))}; objects before ${fixed}, created ${created}`);
    verdict(created === 0, `objects created per ${READS} keyless reads of unknown ids: ${created} (goal 0)`);

    // 2. Bursts against the production limits. A burst runs for seconds, and its bucket refills
    // meanwhile: the invariant is that no more than burst + rate x duration get through.
    const rate = (name) => Number(limits[name]);
    const bursts = [
      { label: `${READS} reads from ${READS} addresses of one /64`, n: READS, bucket: ["KEYLESS_BURST", "KEYLESS_RATE_PER_SEC", 1],
        one: (net, i) => send(w, "/health", { ip: `${net}::${(i + 1).toString(16)}` }), net: () => `2001:db8:${hex(2)}:${hex(2)}` },
      { label: `${2 * READS} reads from ${2 * READS} /64s of one /48 (its aggregate: ${limits.KEYLESS_AGGREGATE_FACTOR} x a /64's)`, n: 2 * READS, bucket: ["KEYLESS_BURST", "KEYLESS_RATE_PER_SEC", rate("KEYLESS_AGGREGATE_FACTOR")],
        one: (net, i) => send(w, "/health", { ip: `${net}:${(i + 1).toString(16)}::1` }), net: () => `2001:db8:${hex(2)}` },
      { label: `${READS} requests with bad keys from one address`, n: READS, bucket: ["KEYLESS_BURST", "KEYLESS_RATE_PER_SEC", 1],
        one: (ip, i) => send(w, "/v1/chains", { ip, key: `bad-${i}` }), net: () => "198.51.100.7" },
      { label: "200 deposit creations from one /64", n: 200, bucket: ["KEYLESS_CREATE_BURST", "KEYLESS_CREATE_RATE_PER_SEC", 1],
        one: (net, i) => send(w, "/v1/acme-gateway/deposit-addresses", { ip: `${net}::${(i + 1).toString(16)}`, method: "POST", body: {} }), net: () => `2001:db8:${hex(2)}:${hex(2)}` },
      { label: "200 stream opens (unknown intents) from one /64", n: 200, bucket: ["KEYLESS_STREAM_BURST", "KEYLESS_STREAM_RATE_PER_SEC", 1],
        one: (net, i) => send(w, `/v1/public/intents/stream?intentHash=0x${hex(32)}`, { ip: `${net}::${(i + 1).toString(16)}` }), net: () => `2001:db8:${hex(2)}:${hex(2)}` },
    ];
    let withinBounds = true;
    for (const b of bursts) {
      const net = b.net();
      const started = performance.now();
      const statuses = await burst(b.n, 10, (i) => b.one(net, i));
      const seconds = (performance.now() - started) / 1000;
      const [burstName, rateName, factor] = b.bucket;
      const bound = factor * (rate(burstName) + rate(rateName) * seconds);
      const through = statuses.filter((s) => s !== 429).length;
      const refused = statuses.length - through;
      withinBounds &&= through <= Math.ceil(bound);
      console.log(`2. ${b.label} in ${seconds.toFixed(1)} s: ${JSON.stringify(count(statuses))}, 429 share ${((100 * refused) / statuses.length).toFixed(1)} %; through ${through}, bound (burst + rate x duration) ${bound.toFixed(0)}`);
    }
    verdict(withinBounds, "no burst got more through than its bucket's burst + rate x duration");

    // 3. Streams of unknown intents: 404 at once, never a stream.
    const lifetimes = [];
    const streamStatuses = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      streamStatuses.push(await send(w, `/v1/public/intents/stream?intentHash=0x${hex(32)}`, { ip: random48() }));
      lifetimes.push(performance.now() - t);
    }
    console.log(`3. 100 streams of unknown intents: ${JSON.stringify(count(streamStatuses))}; lifetime p50 ${percentile(lifetimes, 50).toFixed(1)} ms, max ${Math.max(...lifetimes).toFixed(1)} ms`);
    verdict(streamStatuses.every((s) => s === 404), "a stream of an unknown intent is a 404, closed at once");
  } finally {
    await w.dispose();
    state.remove();
    removeBundle(bundleDir);
  }
}

async function fundedStatusDelay() {
  const outDir = mkdtempSync(join(tmpdir(), "sr-abuse-chains-"));
  const stack = await startLocalStack({
    chains: [
      { name: "Abuse A", chainId: 31337, port: await freePort() },
      { name: "Abuse B", chainId: 31338, port: await freePort() },
    ],
    outDir,
    solver: false,
    log: () => {},
  });
  const [chainA, chainB] = stack.deployment.chains;
  const provider = new JsonRpcProvider(chainA.rpcUrl, chainA.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const wallet = new Wallet(FUNDER_KEY, provider);
  const bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  const state = tempDir("sr-abuse-state-");
  const w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { POLL_INTERVAL_MS: String(POLL_INTERVAL_MS) } });
  const statusOf = async (intentHash) => {
    const res = await w.fetch(`/v1/intents/status?intentHash=${intentHash}`, { key: ACME });
    if (res.status >= 500) fiveHundreds.push(`status: ${res.status}`);
    return res.json();
  };
  /** Quote, wait for its registration, fund it; ms from the funding's receipt to its status. */
  const oneFunding = async (i) => {
    const res = await w.fetch("/v1/quotes", {
      method: "POST",
      key: ACME,
      headers: json,
      body: JSON.stringify({
        type: "exact-in",
        source: { chainId: chainA.chainId, token: chainA.tokens.USDC, amount: String(2_000_000 + i), funder: wallet.address },
        destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT },
        dappId: "bench-abuse",
      }),
    });
    const quote = await res.json();
    if (res.status !== 200) throw new Error(`quote answered ${res.status}: ${JSON.stringify(quote)}`);
    while ((await statusOf(quote.intentHash)).status !== "pending") await new Promise((r) => setTimeout(r, 20));
    let receipt;
    for (const tx of [quote.execution.approval, quote.execution.transaction]) {
      if (tx) receipt = await (await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })).wait();
    }
    const mined = performance.now();
    const deadline = mined + 30_000;
    while (performance.now() < deadline) {
      const s = await statusOf(quote.intentHash);
      if (s.transactions?.funded?.transactionHash === receipt.hash) return performance.now() - mined;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  };
  try {
    const before = [];
    for (let i = 0; i < FUNDINGS; i++) before.push(await oneFunding(i));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const row = (label, xs) => console.log(`   ${label.padEnd(36)} mean ${mean(xs).toFixed(0).padStart(6)} ms, max ${Math.max(...xs).toFixed(0).padStart(6)} ms  (${xs.map((x) => x.toFixed(0)).join(", ")})`);
    if (WATCHED === 0) {
      console.log(`4. block -> status delay of a funding, ${FUNDINGS} fundings, poll interval ${POLL_INTERVAL_MS} ms:`);
      row("no watched deposit address", before);
      return;
    }
    // The watch list a flood of unfunded deposit addresses leaves in the source chain's reader.
    const readers = await w.mf.getDurableObjectNamespace("CHAIN_READERS");
    const reader = readers.get(readers.idFromName(`chain:${chainA.chainId}`));
    const deadline = Math.floor(Date.now() / 1000) + 86_400;
    const t0 = performance.now();
    for (let i = 0; i < WATCHED; i += 200) {
      await Promise.all(Array.from({ length: Math.min(200, WATCHED - i) }, () => reader.watchDeposit({ vault: `0x${hex(20)}`, token: chainA.tokens.USDC, deadline })));
    }
    console.log(`4. ${WATCHED} unfunded deposit vaults watched by chain ${chainA.chainId}'s reader (registered in ${Math.round(performance.now() - t0)} ms)`);
    const after = [];
    for (let i = 0; i < FUNDINGS; i++) after.push(await oneFunding(FUNDINGS + i));
    console.log(`4. block -> status delay of a funding, ${FUNDINGS} fundings each, poll interval ${POLL_INTERVAL_MS} ms:`);
    row("no watched deposit address (baseline)", before);
    row(`${WATCHED} unfunded addresses watched`, after);
    console.log(`   ratio of means ${(mean(after) / mean(before)).toFixed(2)}x`);
    verdict(Math.max(...after) <= 2 * POLL_INTERVAL_MS, `with ${WATCHED} unfunded addresses a funding's status moves within two poll intervals (max ${Math.max(...after).toFixed(0)} ms)`);
  } finally {
    await w.dispose();
    state.remove();
    removeBundle(bundleDir);
    provider.destroy();
    await stack.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.env.ABUSE_PARTS !== "delay") await strangers();
if (process.env.ABUSE_PARTS !== "strangers") await fundedStatusDelay();
verdict(fiveHundreds.length === 0, `5xx answers throughout: ${fiveHundreds.length}${fiveHundreds.length ? ` (${fiveHundreds.slice(0, 5).join("; ")})` : ""}`);
process.exit(broken ? 1 : 0);
