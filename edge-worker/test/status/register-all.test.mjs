// Several registrations in one shard call (IntentShard.registerAll, status/registration-batches.js
// sends it): stored in one step of the core, as each would be alone; an entry the core refuses
// fails alone, the others are stored.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, removeBundle, startWorker, tempDir } from "../harness.mjs";

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
  w = await startWorker({ bundleDir, persistDir: state.dir });
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
