// What a stranger without a key can do to the worker, through the real bundle in workerd: reads of
// unknown identifiers answer 404 (never 5xx) and create no Durable Object (counted as the SQLite
// files Miniflare persists, one per object); keyless limits count per client network (IPv4
// address, IPv6 /64) and per cost class; failed authentication drains the client's read bucket;
// streams of unknown intents are 404 and open streams are capped per client and per key.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { registeredQuote } from "../pushed-events.mjs";
import { LIMITER_POOL_SIZE, limiterObjectName } from "../../src/runtime/objects.js";

const json = { "content-type": "application/json" };
const base = "/v1/acme-gateway";
const hex = (bytes) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
const byteHex = (i) => i.toString(16).padStart(2, "0");

let bundleDir;
before(() => {
  bundleDir = buildBundle();
});

/**
 * Durable Objects that exist, per class directory: Miniflare keeps one SQLite file per object,
 * beside the class's own metadata.sqlite.
 */
function objects(dir) {
  const out = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    out[entry.name] = readdirSync(join(dir, entry.name)).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite").length;
  }
  return out;
}
const total = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

async function problem(res, status, code) {
  assert.equal(res.status, status, `${res.status} ${await res.clone().text()}`);
  const body = await res.json();
  assert.equal(body.code, code);
  return body;
}

describe("reads of unknown identifiers create nothing", () => {
  let state;
  let w;
  before(async () => {
    state = tempDir("sr-keyless-reads-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { KEYLESS_RATE_PER_SEC: "100000", KEYLESS_BURST: "100000", RATE_LIMIT_PRUNE_MS: "300" } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });
  const from = (ip) => ({ "cf-connecting-ip": ip });
  const get = (path, ip) => w.mf.dispatchFetch(`http://api.stableroutes.test${path}`, { headers: from(ip) });
  const post = (path, body, ip) => w.mf.dispatchFetch(`http://api.stableroutes.test${path}`, { method: "POST", headers: { ...json, ...from(ip) }, body: JSON.stringify(body) });

  test("300 lookups of random vaults, intents and transactions from 300 networks: 404/4xx, no new object", async () => {
    // Warm-up: every object these reads may use exists first, the 256 intent shards (one read
    // per first byte) and the 64 limiter pool objects (one network per pool slot); then the
    // reads below may create nothing at all.
    const vaultWithByte = (i) => `0x${byteHex(i)}${hex(19)}`;
    for (let i = 0; i < 256; i++) assert.equal((await get(`${base}/${vaultWithByte(i)}`, "192.0.2.1")).status, 404);
    const slots = new Set();
    for (let n = 0; slots.size < LIMITER_POOL_SIZE && n < 100_000; n++) {
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const slot = limiterObjectName(`net:read:ipv4:${ip}`);
      if (slots.has(slot)) continue;
      slots.add(slot);
      assert.equal((await get("/health", ip)).status, 200);
    }
    assert.equal(slots.size, LIMITER_POOL_SIZE);
    const before = objects(state.dir);

    const randomIpv6 = () => `2001:db8:${hex(2)}:${hex(2)}::${hex(2)}`;
    const answers = { vault: [], vaultStatus: [], submit: [], legacyStatus: [], legacyQuote: [] };
    for (let i = 0; i < 60; i++) {
      const vault = `0x${hex(20)}`;
      answers.vault.push(await get(`${base}/${vault}`, randomIpv6()));
      answers.vaultStatus.push(await get(`${base}/status?vaultAddress=${vault}`, randomIpv6()));
      answers.submit.push(await post(`${base}/submit/erc-3009`, { vaultAddress: vault }, randomIpv6()));
      answers.legacyStatus.push(await post("/api/v3/intents/intentStatus", { intentHash: `0x${hex(32)}` }, randomIpv6()));
      // Invalid legacy quotes carrying a fresh dAppID each: no attribution object or row.
      answers.legacyQuote.push(await post("/api/v3/quotes/exactOut", { dAppID: `probe-${hex(8)}` }, randomIpv6()));
    }
    const statuses = Object.fromEntries(Object.entries(answers).map(([kind, list]) => [kind, list.map((r) => r.status)]));
    // Drain what is left of each body (some are consumed already by the runtime's own checks).
    for (const r of Object.values(answers).flat()) if (!r.bodyUsed) await r.arrayBuffer().catch(() => {});
    const only = (list, status) => list.every((s) => s === status);
    // Unknown vaults (lookups, status, submits) and unknown intents (the legacy status) are 404;
    // the invalid legacy quotes 400.
    for (const kind of ["vault", "vaultStatus", "submit", "legacyStatus"]) assert.ok(only(statuses[kind], 404), `${kind}: ${JSON.stringify(statuses[kind])}`);
    assert.ok(only(statuses.legacyQuote, 400), `legacyQuote: ${JSON.stringify(statuses.legacyQuote)}`);
    // Attribution flushes a second after a use: wait past it, so a write would have landed.
    await new Promise((r) => setTimeout(r, 1_500));
    const afterReads = objects(state.dir);
    assert.deepEqual(afterReads, before, "no Durable Object was created by the reads");
    assert.ok(total(afterReads) <= 256 + LIMITER_POOL_SIZE + 4, JSON.stringify(afterReads));
  });

  test("the limiter rows of idle networks are pruned by the pool objects' alarms", async () => {
    // Drive one pool object directly (this worker prunes every 300 ms): 200 networks' buckets,
    // each refilled within 5 ms (rate 1000/s, burst 5), so the next alarms drop them all.
    const ns = await w.mf.getDurableObjectNamespace("RATE_LIMITER");
    const pool = ns.get(ns.idFromName("pool:test-prune"));
    for (let i = 0; i < 200; i++) await pool.take({ ratePerSec: 1000, burst: 5 }, 1, true, `net:read:ipv4:198.18.0.${i}`);
    // (How many are held at this point depends on the machine's speed: the alarm may already
    // have dropped the first ones.)
    const deadline = Date.now() + 10_000;
    let peek;
    do {
      await new Promise((r) => setTimeout(r, 500));
      peek = JSON.parse(JSON.stringify(await pool.peek("net:read:ipv4:198.18.0.1")));
    } while (peek.buckets > 0 && Date.now() < deadline);
    assert.equal(peek.buckets, 0, "every refilled bucket was dropped");
    assert.equal(peek.storedRows, 0);
    // A bucket still short of its burst is kept (dropping it would hand its client a full one).
    await pool.take({ ratePerSec: 0.001, burst: 5 }, 1, true, "net:read:ipv4:198.18.1.1");
    await new Promise((r) => setTimeout(r, 1_500));
    const kept = JSON.parse(JSON.stringify(await pool.peek("net:read:ipv4:198.18.1.1")));
    assert.equal(kept.buckets, 1);
    assert.equal(Math.floor(kept.stored.tokens), 4, "written through to storage and still there");
  });
});

describe("keyless limits by client network and cost; stream caps", () => {
  // Exact limits: no leases, nothing refills during a test (0.001 tokens a second).
  const bindings = {
    RATE_LIMIT_LEASE_MS: "0",
    KEYLESS_RATE_PER_SEC: "0.001",
    KEYLESS_BURST: "5",
    KEYLESS_CREATE_RATE_PER_SEC: "0.001",
    KEYLESS_CREATE_BURST: "3",
    KEYLESS_STREAM_RATE_PER_SEC: "1000",
    KEYLESS_STREAM_BURST: "1000",
    KEYLESS_AGGREGATE_FACTOR: "2",
    STREAMS_PER_CLIENT: "2",
    STREAMS_PER_KEY: "2",
    STREAM_KEEPALIVE_MS: "200",
  };
  let state;
  let w;
  before(async () => {
    state = tempDir("sr-keyless-limits-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });
  const from = (ip, extra = {}) => ({ headers: { "cf-connecting-ip": ip, ...extra } });

  async function assertLimited(res, limit) {
    const body = await problem(res, 429, "rate-limited");
    assert.ok(Number(res.headers.get("retry-after")) >= 1);
    assert.equal(res.headers.get("ratelimit-limit"), String(limit));
    assert.equal(res.headers.get("ratelimit-remaining"), "0");
    assert.match(res.headers.get("ratelimit-reset"), /^\d+$/);
    return body;
  }

  test("20 addresses of one IPv6 /64 share one bucket: 5 answers, then 429; another /64 is apart", async () => {
    const spellings = (i) => [`2001:db8:77:1::${i.toString(16)}`, `2001:0DB8:0077:0001:${i.toString(16)}::1`][i % 2];
    const answers = [];
    for (let i = 1; i <= 20; i++) answers.push(await w.fetch("/health", from(spellings(i))));
    assert.deepEqual(answers.map((r) => r.status), [...Array(5).fill(200), ...Array(15).fill(429)]);
    for (const r of answers.slice(5)) await assertLimited(r, 5);
    assert.equal((await w.fetch("/health", from("2001:db8:77:2::1"))).status, 200, "the next /64 has its own bucket");
    // An IPv4 client seen through an IPv6 socket is its IPv4 address.
    for (let i = 0; i < 5; i++) assert.equal((await w.fetch("/health", from("198.51.100.20"))).status, 200);
    await assertLimited(await w.fetch("/health", from("::ffff:198.51.100.20")), 5);
    assert.equal((await w.fetch("/health", from("198.51.100.21"))).status, 200, "IPv4 clients are counted per address");
  });

  test("the /64s of one IPv6 /48 also share its bucket, twice a /64's: a third /64 is refused at once", async () => {
    const answers = [];
    for (const net of ["2001:db8:88:1", "2001:db8:88:2", "2001:db8:88:3"]) {
      for (let i = 1; i <= 5; i++) answers.push(await w.fetch("/health", from(`${net}::${i}`)));
    }
    assert.deepEqual(answers.map((r) => r.status), [...Array(10).fill(200), ...Array(5).fill(429)]);
    // The /48's bucket refused: its headers (burst 10), not the untouched /64's.
    for (const r of answers.slice(10)) await assertLimited(r, 10);
    assert.equal((await w.fetch("/health", from("2001:db8:89:1::1"))).status, 200, "the next /48 has its own bucket");
    assert.equal((await w.fetch("/health", from("198.51.100.88"))).status, 200, "IPv4 clients have no aggregate");
  });

  test("failed authentication counts against the client's read bucket: 401 five times, then 429", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await w.fetch(`/v1/chains`, { key: `bad-key-${i}`, ...from("203.0.113.50") }));
    assert.deepEqual(answers.map((r) => r.status), [...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const r of answers.slice(5)) await assertLimited(r, 5);
    // A valid key from the same client is not held back by its keyless bucket.
    assert.equal((await w.fetch("/v1/chains", { key: DEV_KEYS.acme, ...from("203.0.113.50") })).status, 200);
    // The keyless reads of that client share the bucket the bad keys emptied.
    await assertLimited(await w.fetch("/health", from("203.0.113.50")), 5);
  });

  test("reads do not drain deposit creation, and creation has its own bucket", async () => {
    const ip = "203.0.113.60";
    for (let i = 0; i < 5; i++) assert.equal((await w.fetch("/health", from(ip))).status, 200);
    await assertLimited(await w.fetch("/health", from(ip)), 5);
    const create = () => w.fetch(`${base}/deposit-addresses`, { method: "POST", headers: { ...json, "cf-connecting-ip": ip }, body: "{}" });
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await create());
    // Each of the first three reaches the core (which names what the empty body lacks).
    assert.deepEqual(created.map((r) => r.status), [400, 400, 400, 429, 429]);
    for (const r of created.slice(3)) await assertLimited(r, 3);
    // Submits share the creation bucket; lookups the read bucket (empty here).
    await assertLimited(await w.fetch(`${base}/submit/erc-3009`, { method: "POST", headers: { ...json, "cf-connecting-ip": ip }, body: "{}" }), 3);
  });

  test("streams: an intent without a record is 404, not a stream", async () => {
    const unknown = `0x${hex(32)}`;
    await problem(await w.fetch(`/v1/public/intents/stream?intentHash=${unknown}`, from("203.0.113.70")), 404, "not-found");
    await problem(await w.fetch(`/v1/intents/stream?intentHash=${unknown}`, { key: DEV_KEYS.status }), 404, "not-found");
    await problem(await w.fetch(`/v1/intents/stream?quoteId=${crypto.randomUUID()}`, { key: DEV_KEYS.status }), 404, "not-found");
  });

  test("concurrent streams are capped per client network and per key; a closed stream frees its slot", async () => {
    const q = await registeredQuote(w, "stream-caps");
    const open = async (init) => {
      const controller = new AbortController();
      const res = await w.mf.dispatchFetch(`http://api.stableroutes.test${init.path}`, { headers: init.headers, signal: controller.signal });
      return { res, close: () => controller.abort() };
    };
    const keyless = { path: `/v1/public/intents/stream?intentHash=${q.intentHash}`, headers: { "cf-connecting-ip": "2001:db8:99:1::1" } };
    const sameNetwork = { ...keyless, headers: { "cf-connecting-ip": "2001:db8:99:1::2" } };
    const a = await open(keyless);
    const b = await open(sameNetwork);
    assert.deepEqual([a.res.status, b.res.status], [200, 200]);
    const third = await open(keyless);
    assert.equal(third.res.status, 429);
    assert.equal(third.res.headers.get("retry-after"), "1");
    assert.equal(third.res.headers.get("ratelimit-limit"), "2");
    assert.equal((await third.res.json()).code, "rate-limited");
    const other = await open({ ...keyless, headers: { "cf-connecting-ip": "2001:db8:99:2::1" } });
    assert.equal(other.res.status, 200, "another network has its own streams");

    const keyed = { path: `/v1/intents/stream?intentHash=${q.intentHash}`, headers: { "x-api-key": DEV_KEYS.status } };
    const k1 = await open(keyed);
    const k2 = await open(keyed);
    assert.deepEqual([k1.res.status, k2.res.status], [200, 200]);
    assert.equal((await open(keyed)).res.status, 429);

    // Closing a stream frees its slot (once the worker sees the client go away).
    a.close();
    k1.close();
    let again;
    for (let i = 0; i < 100; i++) {
      again = await open(keyless);
      if (again.res.status === 200) break;
      await again.res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(again.res.status, 200, "a slot came free");
    let keyedAgain;
    for (let i = 0; i < 100; i++) {
      keyedAgain = await open(keyed);
      if (keyedAgain.res.status === 200) break;
      await keyedAgain.res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(keyedAgain.res.status, 200);
    for (const s of [b, other, k2, again, keyedAgain]) s.close();
  });

  test("the /64s of one IPv6 /48 share its streams, twice a /64's cap: a fifth /64 is refused; another /48 is apart", async () => {
    const q = await registeredQuote(w, "stream-caps-48");
    const streams = [];
    const open = async (ip) => {
      const controller = new AbortController();
      const res = await w.mf.dispatchFetch(`http://api.stableroutes.test/v1/public/intents/stream?intentHash=${q.intentHash}`, { headers: { "cf-connecting-ip": ip }, signal: controller.signal });
      const stream = { res, close: () => controller.abort() };
      streams.push(stream);
      return stream;
    };
    try {
      // One stream from each of four /64s of 2001:db8:98:100::/56: each within its own cap of 2.
      const held = [];
      for (const net of ["101", "102", "1fe", "1ff"]) held.push(await open(`2001:db8:98:${net}::1`));
      assert.deepEqual(held.map((s) => s.res.status), [200, 200, 200, 200]);
      const refused = await open("2001:db8:98:103::1");
      // The status first: an admitted stream's body never ends.
      assert.equal(refused.res.status, 429);
      const body = await assertLimited(refused.res, 4);
      assert.match(body.detail, /at most 4 status streams may be open at once for this client's IPv6 \/48/);
      assert.equal((await open("2001:db8:97:101::1")).res.status, 200, "another /48 has its own streams");
      // Closing one frees the /48's slot as well as its /64's.
      held[0].close();
      let again;
      for (let i = 0; i < 100; i++) {
        again = await open("2001:db8:98:103::1");
        if (again.res.status === 200) break;
        await again.res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(again.res.status, 200, "a slot of the /48 came free");
    } finally {
      for (const s of streams) s.close();
    }
  });
});
