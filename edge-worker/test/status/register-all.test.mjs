// Several registrations in one shard call (IntentShard.registerAll, status/registration-batches.js
// sends it): stored in one step of the core, as each would be alone; an entry the core refuses
// fails alone, the others are stored; quotes issued together share their shards' calls and each is
// found by its quote id.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { DEV_KEYS, buildBundle, removeBundle, startWorker, tempDir } from "../harness.mjs";

const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];
const now = Math.floor(Date.now() / 1000);
const hashIn = (shard) => `0x${shard}${hexlify(randomBytes(31)).slice(2)}`;
const recordOf = (hash) => ({
  intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now + 600, rewardDeadline: now + 3600, role: "direct", quoteId: null,
  fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
});

let bundleDir, state, w, shard;
before(async () => {
  bundleDir = buildBundle();
  state = tempDir("sr-register-all-");
  // A long window, so that the quotes of the last test share calls however slowly the machine
  // issues them.
  w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { REGISTRATION_WINDOW_MS: "5000" } });
  const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
  shard = shards.get(shards.idFromName("shard:cf"));
});
after(async () => {
  await w?.dispose();
  state?.remove();
  removeBundle(bundleDir);
});

test("registrations in one call are stored in one step, in order: a record registered twice keeps its first owner", async () => {
  const [a, b] = [hashIn("cf"), hashIn("cf")];
  const apartId = "ab000000-0000-4000-8000-000000000001"; // a quote id whose intent is in another shard
  const other = hashIn("ab");
  const failed = await shard.registerAll([
    { records: { [a]: recordOf(a) }, owner: "key:first" },
    { records: { [b]: recordOf(b) }, owner: null, quote: null },
    { records: { [a]: recordOf(a) }, owner: "key:second" },
    { records: {}, owner: null, quote: { quoteId: apartId, deliveryIntentHash: other, record: recordOf(other) } },
  ]);
  assert.deepEqual(failed, []);
  const stats = await shard.stats();
  assert.deepEqual({ ...stats.calls }, { registerAll: 1 }, "one step: never one by one");
  assert.equal(stats.records, 2);
  assert.equal(stats.owners, 1, "a's owner is the first registration's; b has none");
  assert.equal(stats.quotes, 1, "the quote id kept apart from its record");
  const expiries = await shard.expiries({ intentHash: a, quoteId: apartId });
  assert.match(expiries.record.table, /^record_until_\d+$/);
  assert.equal(expiries.quote.intentHash, other);
});

test("an entry the core refuses fails alone; the others are stored", async () => {
  const [good, bad] = [hashIn("cf"), hashIn("cf")];
  const before = (await shard.stats()).records;
  const failed = await shard.registerAll([
    { records: { [good]: recordOf(good) }, owner: "key:good" },
    { records: { [bad]: recordOf(bad) }, owner: 7 },
  ]);
  assert.deepEqual(failed.map((f) => f.index), [1]);
  assert.deepEqual({ ...(await shard.stats()).calls }, { registerAll: 2, registerAllOneByOne: 1 });
  assert.match(failed[0].message, /owner/);
  assert.equal((await shard.stats()).records, before + 1);
  assert.ok((await shard.expiries({ intentHash: good })).record);
  assert.equal((await shard.expiries({ intentHash: bad })).record, null);
});

test("quotes issued together share their shards' calls, and each is found by its quote id", async () => {
  const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
  const calls = async () => {
    const all = await Promise.all(Array.from({ length: 256 }, (_, i) => shards.get(shards.idFromName(`shard:${i.toString(16).padStart(2, "0")}`)).stats()));
    return all.reduce((n, s) => n + (s.calls.registerAll ?? 0) + (s.calls.register ?? 0), 0);
  };
  const before = await calls();
  const QUOTES = 96;
  const quotes = await Promise.all(Array.from({ length: QUOTES }, async (_, i) => {
    const res = await w.fetch("/v1/quotes", {
      method: "POST", key: DEV_KEYS.acme, headers: { "content-type": "application/json" },
      body: JSON.stringify({
        type: "exact-in", dappId: "register-all",
        source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: String(25_000_000 + i), funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
      }),
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return body;
  }));
  // Every quote is found by its id once registered (within a window, 5 s here, and its call).
  for (const q of quotes) {
    const deadline = Date.now() + 15_000;
    let status;
    do {
      status = await (await w.fetch(`/v1/intents/status?quoteId=${q.id.slice("quote:".length)}`, { key: DEV_KEYS.acme })).json();
      if (status.status === "unknown") await new Promise((r) => setTimeout(r, 100));
    } while (status.status === "unknown" && Date.now() < deadline);
    assert.equal(status.status, "pending", JSON.stringify(status));
    assert.equal(status.intentHash, q.intentHash);
  }
  // 96 quotes over 256 shards within one window: some share a shard, and so a call (that none
  // does is a chance of about 2 in 100 million).
  const made = (await calls()) - before;
  assert.ok(made < QUOTES, `${made} shard calls for ${QUOTES} quotes`);
  // Riders never wait on a promise another request settles (workerd would cancel them), and
  // nothing failed.
  assert.doesNotMatch(w.output(), /different request context|status-register-failed/);
});
