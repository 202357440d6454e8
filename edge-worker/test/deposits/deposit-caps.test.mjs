// Bounds on deposit addresses through the real worker bundle. Caps on open, unfunded addresses per
// client network (and an IPv6 client's /48, at KEYLESS_AGGREGATE_FACTOR times that) and per
// deposit partner, the core deciding (op "depositAdmission"): the cap+1-th
// creation answers 429 deposit-quota-exceeded with Retry-After and RateLimit-*, and an address
// that is funded (an accepted ERC-3009 submit) or passes its deadline frees its slot. Storage: an
// address's object deletes itself and its index row once past its retention (its alarm). Keyless
// submits to one partner are checked a few at a time per isolate (op submitAdmission). Base is a
// JSON-RPC double (chain-double.mjs), as in deposit.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes, Wallet } from "ethers";
import { buildBundle, startWorker, tempDir } from "../harness.mjs";
import { chainRpcUrls, startChainDouble } from "../chain-double.mjs";
import { startRpcProxy } from "../rpc-proxy.mjs";
import { ERC3009_TYPES, USDC_BASE, nowSec, usdcBaseDomain, vectors, waitFor } from "../gasless-helpers.mjs";
import { limiterObjectName } from "../../src/runtime/objects.js";

const json = { "content-type": "application/json" };
const payer = new Wallet("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"); // anvil #3
const base = "/v1/acme-gateway";
const PER_CLIENT = 2;
const PER_PARTNER = 4;

let bundleDir;
let persist;
let worker;
let chain;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-deposit-caps-");
  chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  worker = await startWorker({
    bundleDir,
    persistDir: persist.dir,
    bindings: capBindings({ DEPOSITS_UNFUNDED_PER_PARTNER: String(PER_PARTNER), DEPOSIT_EXPIRED_GRACE_SEC: "0", RATE_LIMIT_PRUNE_MS: "300" }),
  });
});

/** A worker's bindings: the chain double, the per-client cap, buckets that never refuse, and `more`. */
function capBindings(more) {
  return { CHAIN_RPC_URLS: chainRpcUrls(chain.url), DEPOSITS_UNFUNDED_PER_CLIENT: String(PER_CLIENT), KEYLESS_CREATE_BURST: "1000", KEYLESS_BURST: "1000", ...more };
}

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await chain?.close();
});

const createBody = () => ({
  source: { chainId: 8453, token: USDC_BASE, amount: "25000000" },
  destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc" },
  refundRecipient: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
});
const create = (ip, w = worker) => w.fetch(`${base}/deposit-addresses`, { method: "POST", headers: { ...json, "cf-connecting-ip": ip }, body: JSON.stringify(createBody()) });

async function created(ip, w) {
  const res = await create(ip, w);
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body;
}

async function refused(ip, limit, w) {
  const res = await create(ip, w);
  const body = await res.json();
  assert.equal(res.status, 429, JSON.stringify(body));
  assert.equal(body.code, "deposit-quota-exceeded");
  assert.equal(res.headers.get("ratelimit-limit"), String(limit));
  assert.equal(res.headers.get("ratelimit-remaining"), "0");
  const retryAfter = Number(res.headers.get("retry-after"));
  assert.ok(retryAfter >= 1, `Retry-After ${res.headers.get("retry-after")}`);
  assert.equal(res.headers.get("ratelimit-reset"), String(retryAfter));
  return { body, retryAfter };
}

async function fundByErc3009(record, w = worker) {
  const authorization = { from: payer.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
  const body = { vaultAddress: record.vaultAddress, authorization, signature: await payer.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization) };
  const res = await w.fetch(`${base}/submit/erc-3009`, { method: "POST", headers: { ...json, "cf-connecting-ip": "192.0.2.200" }, body: JSON.stringify(body) });
  assert.equal(res.status, 202, await res.text());
}

describe("deposit addresses past their retention are deleted by their alarm", () => {
  // An address whose deadline passes in 3 s: a real created record (its intent, its quote)
  // stored under a vault of the test's own with that deadline, directly in its object and the
  // index, as creation stores them (no address the API hands out lives that briefly).
  async function shortLived(record) {
    const vault = `0x${hexlify(randomBytes(20)).slice(2)}`;
    const short = { ...record, vaultAddress: vault, deadline: nowSec() + 3 };
    const deposits = await worker.mf.getDurableObjectNamespace("DEPOSIT_ADDRESSES");
    const shards = await worker.mf.getDurableObjectNamespace("INTENT_SHARDS");
    const object = deposits.get(deposits.idFromName(vault.toLowerCase()));
    const shard = shards.get(shards.idFromName(`shard:${vault.slice(2, 4)}`));
    await object.create({ owner: "partner:acme", record: short, intent: record.intent });
    await shard.indexDeposit(vault, "partner:acme");
    return { vault, short, object, shard };
  }
  // One real address to copy from, marked funded at once so that it holds no slot in the caps
  // the next tests count.
  let record;
  before(async () => {
    record = await created("192.0.2.210");
    const deposits = await worker.mf.getDurableObjectNamespace("DEPOSIT_ADDRESSES");
    await deposits.get(deposits.idFromName(record.vaultAddress.toLowerCase())).funded();
  });
  const lookup = (vault) => worker.fetch(`${base}/${vault}`, { headers: { "cf-connecting-ip": "192.0.2.201" } });

  test("an unfunded address goes with its index row once past its deadline (grace 0 here); lookups are then 404", async () => {
    const { vault, object, shard } = await shortLived(record);
    assert.equal((await lookup(vault)).status, 200, "stored and indexed");
    assert.equal(await shard.depositOwner(vault), "partner:acme");
    const gone = await waitFor(async () => ({ owner: await shard.depositOwner(vault), deposit: await object.read() }), (s) => s.owner === null && s.deposit === null, { timeoutMs: 10_000, intervalMs: 250 });
    assert.deepEqual(gone, { owner: null, deposit: null });
    const res = await lookup(vault);
    assert.equal(res.status, 404, await res.text());
  });

  test("a funded address is kept past its deadline (the funded retention, 30 days)", async () => {
    const { vault, short, object, shard } = await shortLived(record);
    await object.funded();
    // Past the deadline and the alarm that came with it: still there.
    await new Promise((r) => setTimeout(r, Math.max(0, short.deadline * 1000 - Date.now()) + 2_000));
    assert.equal(await shard.depositOwner(vault), "partner:acme");
    assert.equal((await object.read())?.record.vaultAddress, vault);
    assert.equal((await lookup(vault)).status, 200);
  });
});

describe("open, unfunded deposit addresses are capped", () => {
  // Counts carry over from test to test (one worker): the partner holds 3 after the first two.
  let first;

  test("per client network: the cap+1-th creation is 429 deposit-quota-exceeded until its first address's deadline; another network is apart", async () => {
    first = await created("198.51.100.1");
    await created("198.51.100.1");
    const { body, retryAfter } = await refused("198.51.100.1", PER_CLIENT);
    assert.match(body.detail, /client network already has 2 unfunded deposit addresses/);
    // Until the earliest counted address passes its deadline (a day after its creation).
    assert.ok(Math.abs(retryAfter - (first.deadline - nowSec())) <= 5, `Retry-After ${retryAfter}, deadline in ${first.deadline - nowSec()} s`);
    await created("198.51.100.2");
  });

  test("a funded address frees its network's slot", async () => {
    await fundByErc3009(first);
    await created("198.51.100.1");
    await refused("198.51.100.1", PER_CLIENT);
  });

  test("an address past its deadline frees its slot", async () => {
    // Two addresses of this network whose deadlines pass within a second: held in the network's
    // pool object directly (no address lives that briefly), as creation holds them.
    const name = "deposits:net:ipv4:198.51.100.3";
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    const pool = ns.get(ns.idFromName(limiterObjectName(name)));
    const soon = Date.now() + 1_000;
    for (const holder of ["0x" + "a1".repeat(20), "0x" + "a2".repeat(20)]) await pool.acquireHold(name, holder, soon);
    const { retryAfter } = await refused("198.51.100.3", PER_CLIENT);
    assert.ok(retryAfter <= 2, `Retry-After ${retryAfter}`);
    await new Promise((r) => setTimeout(r, Math.max(0, soon - Date.now()) + 1_100));
    await created("198.51.100.3");
    assert.deepEqual(JSON.parse(JSON.stringify(await pool.peekHolds(name))), { open: 1, stored: 1 });
  });

  test("expired holds' rows are deleted by the pool object's alarm, with nothing else touching them", async () => {
    const name = "deposits:net:ipv4:198.51.100.5";
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    const pool = ns.get(ns.idFromName(limiterObjectName(name)));
    const soon = Date.now() + 500;
    for (const holder of ["0x" + "b1".repeat(20), "0x" + "b2".repeat(20)]) await pool.acquireHold(name, holder, soon);
    // The alarm runs every 300 ms here (RATE_LIMIT_PRUNE_MS).
    const rows = await waitFor(async () => JSON.parse(JSON.stringify(await pool.peekHolds(name))), (p) => p.stored === 0, { timeoutMs: 10_000, intervalMs: 250 });
    assert.deepEqual(rows, { open: 0, stored: 0 });
  });

  test("per partner: the quota+1-th open address is 429 whatever the network", async () => {
    // Open now: 198.51.100.1 two, .2 one, .3 one: the partner's quota of 4 is full.
    const { body } = await refused("198.51.100.4", PER_PARTNER);
    assert.match(body.detail, /partner's quota of 4 unfunded deposit addresses is full/);
    await refused("2001:db8:4::1", PER_PARTNER);
  });
});

describe("the /64s of one IPv6 /48 share its cap on open, unfunded addresses", () => {
  // A worker of its own: a /48 counts KEYLESS_AGGREGATE_FACTOR (2 here) times a /64's cap of 2,
  // so 4, below a partner quota (100) that the /48 must not be able to fill alone.
  let state;
  let w;
  before(async () => {
    state = tempDir("sr-deposit-caps-48-");
    w = await startWorker({
      bundleDir,
      persistDir: state.dir,
      bindings: capBindings({ DEPOSITS_UNFUNDED_PER_PARTNER: "100", KEYLESS_AGGREGATE_FACTOR: "2" }),
    });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("four /64s of one /56 hold the /48's 4; a fifth /64 with none open is 429 until one is funded; another /48 is apart", async () => {
    // One address from each of four /64s of 2001:db8:40:100::/56: each /64 is within its own cap.
    const open = [];
    for (const net of ["2001:db8:40:101", "2001:db8:40:102", "2001:db8:40:1ff", "2001:db8:40:120"]) open.push(await created(`${net}::1`, w));
    const { body, retryAfter } = await refused("2001:db8:40:1aa::1", PER_CLIENT * 2, w);
    assert.match(body.detail, /IPv6 \/48 already has 4 unfunded deposit addresses open/);
    assert.ok(Math.abs(retryAfter - (open[0].deadline - nowSec())) <= 5, `Retry-After ${retryAfter}, deadline in ${open[0].deadline - nowSec()} s`);
    // Any spelling of an address of that /48, and a /64 outside the /56, count there too.
    await refused("2001:0DB8:0040:0777:0:0:0:9", PER_CLIENT * 2, w);
    // Another /48, and an IPv4 client, are served.
    await created("2001:db8:41:101::1", w);
    await created("198.51.100.40", w);
    // A funded address frees its /48's slot as well as its /64's.
    await fundByErc3009(open[1], w);
    await created("2001:db8:40:1aa::1", w);
    await refused("2001:db8:40:1ab::1", PER_CLIENT * 2, w);
  });
});

describe("a keyless submit whose preflight is refused costs its network one more work-creating token", () => {
  // A worker of its own whose work-creating bucket holds 3 tokens and barely refills: a refused
  // preflight read the chain for nothing, so it takes a second token (middleware countRefusedWork)
  // and a flood of them meets the bucket's 429 after half as many submits, before reading the
  // chain again.
  let state;
  let w;
  before(async () => {
    state = tempDir("sr-deposit-caps-refused-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: capBindings({ KEYLESS_CREATE_BURST: "3", KEYLESS_CREATE_RATE_PER_SEC: "0.001" }) });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("3 tokens: two refused preflights (422) spend them, the third submit is 429 with Retry-After and RateLimit-*", async () => {
    const record = await created("198.51.100.60", w);
    const submit = async () => {
      // A fresh wallet the chain says holds nothing: the preflight refuses it.
      const stranger = Wallet.createRandom();
      chain.world.balances.set(stranger.address.toLowerCase(), 0n);
      const authorization = { from: stranger.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
      const body = { vaultAddress: record.vaultAddress, authorization, signature: await stranger.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization) };
      return w.fetch(`${base}/submit/erc-3009`, { method: "POST", headers: { ...json, "cf-connecting-ip": "198.51.100.61" }, body: JSON.stringify(body) });
    };
    const first = await submit();
    assert.equal(first.status, 422, await first.text());
    assert.equal(first.headers.get("ratelimit-limit"), "3");
    const second = await submit();
    assert.equal(second.status, 422, await second.text());
    // The first took two tokens, this one its own: nothing is left (it would be 1 without the extra token).
    assert.equal(second.headers.get("ratelimit-remaining"), "0");
    const third = await submit();
    const body = await third.json();
    assert.equal(third.status, 429, JSON.stringify(body));
    assert.equal(body.code, "rate-limited");
    assert.ok(Number(third.headers.get("retry-after")) >= 1, `Retry-After ${third.headers.get("retry-after")}`);
    assert.equal(third.headers.get("ratelimit-limit"), "3");
    assert.equal(third.headers.get("ratelimit-remaining"), "0");
  });
});

describe("keyless submits to a partner are checked a few at a time per isolate", () => {
  // A worker of its own that checks one of acme's submits at a time, reaching the chain double
  // through a JSON-RPC proxy that can hold one submit's chain reads in flight: that submit has
  // passed the gate and is being checked (limits/submit-gate.js, op submitAdmission).
  let state;
  let w;
  let proxy;
  before(async () => {
    state = tempDir("sr-deposit-caps-gate-");
    proxy = await startRpcProxy(chain.url);
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { ...capBindings({ KEYLESS_SUBMITS_AT_ONCE: "1" }), CHAIN_RPC_URLS: chainRpcUrls(proxy.url) } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
    await proxy?.close();
  });

  /** A submit of a fresh wallet the chain says holds nothing: its preflight reads the chain, then refuses it. */
  async function strangersSubmit(record, ip) {
    const stranger = Wallet.createRandom();
    chain.world.balances.set(stranger.address.toLowerCase(), 0n);
    const authorization = { from: stranger.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)) };
    const body = { vaultAddress: record.vaultAddress, authorization, signature: await stranger.signTypedData(usdcBaseDomain, ERC3009_TYPES, authorization) };
    return { stranger: stranger.address, send: () => w.fetch(`${base}/submit/erc-3009`, { method: "POST", headers: { ...json, "cf-connecting-ip": ip }, body: JSON.stringify(body) }) };
  }

  test("one submit held on its chain read: another answers 429 at once naming the partner, without reading the chain; the slot frees when the first ends", async () => {
    const record = await created("198.51.100.70", w);
    const first = await strangersSubmit(record, "198.51.100.71");
    // The first submit's reads (they name its wallet) wait until released.
    let release;
    const released = new Promise((r) => {
      release = r;
    });
    let reached;
    const reading = new Promise((r) => {
      reached = r;
    });
    const mentions = (params, address) => JSON.stringify(params).toLowerCase().includes(address.slice(2).toLowerCase());
    proxy.faults.hold = (method, params) => {
      if (!mentions(params, first.stranger)) return null;
      reached();
      return released;
    };
    const firstAnswer = first.send();
    await reading;

    const second = await strangersSubmit(record, "198.51.100.72");
    let secondRead = false;
    proxy.faults.answer = (method, params) => {
      if (mentions(params, second.stranger)) secondRead = true;
      return null;
    };
    const refusedRes = await second.send();
    const body = await refusedRes.json();
    assert.equal(refusedRes.status, 429, JSON.stringify(body));
    assert.equal(body.code, "rate-limited");
    assert.equal(body.detail, "at most 1 submits to acme's deposit addresses are checked at once here; retry in 1 s");
    assert.equal(refusedRes.headers.get("retry-after"), "1");
    assert.equal(refusedRes.headers.get("ratelimit-limit"), "1");
    assert.equal(refusedRes.headers.get("ratelimit-remaining"), "0");
    assert.equal(refusedRes.headers.get("ratelimit-reset"), "1");
    assert.equal(secondRead, false, "the refused submit read nothing from the chain");

    // The first goes on and is refused by its preflight; its end frees the slot, so the second,
    // sent again, is checked (and refused by its own preflight).
    release();
    const firstRes = await firstAnswer;
    assert.equal(firstRes.status, 422, await firstRes.text());
    proxy.faults.hold = null;
    const again = await second.send();
    assert.equal(again.status, 422, await again.text());
    assert.equal(secondRead, true, "checked this time: its preflight read the chain");
    proxy.faults.answer = null;
  });
});
