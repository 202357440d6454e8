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
  // A window longer than a wave of the last test's quotes takes to issue, so that its bound on each
  // shard's calls is tight.
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
  const WINDOW_MS = 5000; // REGISTRATION_WINDOW_MS above
  const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
  const keys = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
  const callsByShard = async () => {
    const all = await Promise.all(keys.map((k) => shards.get(shards.idFromName(`shard:${k}`)).stats()));
    return all.map((s) => (s.calls.registerAll ?? 0) + (s.calls.register ?? 0));
  };
  const quoteOnce = async (i) => {
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
  };
  const before = await callsByShard();
  // What the window promises, whatever the machine's pace: a shard's first registration goes at
  // once, and each later call carries one that arrived after the call before it, which went at
  // least a window after the one before that. So with every registration arriving within `span` ms,
  // a shard takes at most 2 + floor(span / window) calls, however many quotes it was sent. Quotes
  // are issued until some shard was sent more than that (96 over 256 shards leave none with three
  // about one time in ten), so that the sharing is there to be seen in every run.
  const quotes = [];
  const startedAt = Date.now();
  let span = 0;
  const sentTo = new Map(); // shard key -> quotes whose delivery intent it holds
  const cap = () => 2 + Math.floor(span / WINDOW_MS);
  for (let wave = 96; quotes.length === 0 || Math.max(...sentTo.values()) <= cap(); wave = 32) {
    assert.ok(quotes.length < 480, `no shard was sent more than ${cap()} of ${quotes.length} quotes`);
    const issued = await Promise.all(Array.from({ length: wave }, (_, i) => quoteOnce(quotes.length + i)));
    span = Date.now() - startedAt;
    for (const q of issued) {
      const key = q.intentHash.slice(2, 4).toLowerCase();
      assert.equal(q.id.slice("quote:".length, "quote:".length + 2).toLowerCase(), key, "a quote id starts with its delivery intent's shard");
      sentTo.set(key, (sentTo.get(key) ?? 0) + 1);
    }
    quotes.push(...issued);
  }
  // Every quote is found by its id once registered (within a window and its call).
  for (const q of quotes) {
    const deadline = Date.now() + WINDOW_MS + 15_000;
    let status;
    do {
      status = await (await w.fetch(`/v1/intents/status?quoteId=${q.id.slice("quote:".length)}`, { key: DEV_KEYS.acme })).json();
      if (status.status === "unknown") await new Promise((r) => setTimeout(r, 100));
    } while (status.status === "unknown" && Date.now() < deadline);
    assert.equal(status.status, "pending", JSON.stringify(status));
    assert.equal(status.intentHash, q.intentHash);
  }
  const made = (await callsByShard()).map((n, i) => n - before[i]);
  for (const [i, n] of made.entries()) {
    assert.ok(n <= cap(), `shard ${keys[i]}: ${n} calls within ${span} ms of quotes (at most ${cap()})`);
  }
  const shared = [...sentTo].filter(([key, sent]) => made[keys.indexOf(key)] < sent);
  assert.ok(shared.length > 0, "some shard took fewer calls than the quotes it was sent");
  const total = made.reduce((a, b) => a + b, 0);
  assert.ok(total < quotes.length, `${total} shard calls for ${quotes.length} quotes`);
  // Riders never wait on a promise another request settles (workerd would cancel them), and
  // nothing failed.
  assert.doesNotMatch(w.output(), /different request context|status-register-failed/);
});
