// Records by expiry hour (issue 44: rows written per quote). A quote's registration writes one row
// per intent (its record, in the WITHOUT ROWID table of its expiry's hour: no index row), counted
// by SQLite itself (rowsWritten, what Durable Objects bill); a table whose hour has passed is
// dropped whole by the shard's alarm, writing no row for the records it held; records stored by
// the code before (the rowid table "record") keep answering, move out when stored again, and go
// by their expiry as before. The bundle has a test hook to write rows as the code before did.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";
import { waitFor } from "../gasless-helpers.mjs";

const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];
const SHARDS = 256;
const now = () => Math.floor(Date.now() / 1000);
const json = { "content-type": "application/json" };

/** Test hooks: a record row as the code before stored it, and how many rows that table holds. */
function withHooks(src) {
  const file = join(src, "status", "intent-shard.js");
  const hooks = `
  async legacyRecordRow(hash, record, expireAt) {
    this.sql.exec("INSERT INTO record (intent_hash, record, expire_at) VALUES (?, ?, ?)", hash, JSON.stringify(record), expireAt);
    if (expireAt !== null) await this.ctx.storage.setAlarm(expireAt * 1000);
  }
  legacyRows() {
    return this.sql.exec("SELECT COUNT(*) AS n FROM record").toArray()[0].n;
  }

  #count(method) {`;
  const text = readFileSync(file, "utf8");
  assert.ok(text.includes("\n  #count(method) {"));
  writeFileSync(file, text.replace("\n  #count(method) {", hooks));
}

/** A registered record of a Base -> Optimism intent whose reward deadline is `inSec` from now. */
function recordOf(intentHash, quoteId, inSec) {
  return {
    intentHash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now() + inSec - 60, rewardDeadline: now() + inSec,
    role: "direct", quoteId, fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
  };
}

describe("records by expiry hour", () => {
  let bundleDir, state, w;
  before(async () => {
    bundleDir = buildBundle({ patch: withHooks });
    state = tempDir("sr-record-tables-");
    // Grace 0 and "hours" of 2 s: tables come due within the test.
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { RECORD_GRACE_SEC: "0", RECORD_BUCKET_SEC: "2" } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
    removeBundle(bundleDir);
  });
  const shardNamed = async (byte) => {
    const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    return shards.get(shards.idFromName(`shard:${byte}`));
  };
  const statusOf = async (query) => (await w.fetch(`/v1/intents/status?${new URLSearchParams(query)}`, { key: DEV_KEYS.acme })).json();
  /** Rows written by all shards so far, per table (IntentShard.stats). */
  const rowsWritten = async () => {
    const tables = {};
    for (let i = 0; i < SHARDS; i++) {
      const stats = await (await shardNamed(i.toString(16).padStart(2, "0"))).stats();
      for (const [t, n] of Object.entries(stats.rowsWritten)) tables[t] = (tables[t] ?? 0) + n;
    }
    return tables;
  };

  test("a real quote writes one row per intent, as SQLite counts them: its record in its expiry hour's table", async () => {
    const before = await rowsWritten();
    const res = await w.fetch("/v1/quotes", {
      method: "POST", key: DEV_KEYS.acme, headers: json,
      body: JSON.stringify({
        type: "exact-in", dappId: "record-tables", options: { allQuotes: true },
        source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
      }),
    });
    const quote = await res.json();
    assert.equal(res.status, 200, JSON.stringify(quote));
    const hashes = [quote.intentHash, ...(quote.competingQuotes ?? []).map((q) => q.intentHash)];
    assert.ok(hashes.length >= 2, "allQuotes answers competing quotes too");
    for (const hash of hashes) await waitFor(() => statusOf({ intentHash: hash }), (s) => s.status === "pending");
    const after = await rowsWritten();
    const written = Object.fromEntries(Object.keys(after).map((t) => [t, after[t] - (before[t] ?? 0)]).filter(([, n]) => n !== 0));
    // The tables the records' hours created are schema, counted apart (one per shard and hour).
    const { schema = 0, ...rows } = written;
    assert.deepEqual(rows, { record_until: hashes.length }, JSON.stringify(written));
    assert.ok(schema <= 3 * hashes.length, JSON.stringify(written));
    for (const hash of hashes) {
      const shard = await shardNamed(hash.slice(2, 4));
      assert.match((await shard.expiries({ intentHash: hash })).record.table, /^record_until_\d+$/);
    }
    // The quote id leads to its record (no row of its own).
    assert.equal((await statusOf({ quoteId: quote.id.slice("quote:".length) })).intentHash, quote.intentHash);
  });

  test("a table whose hour has passed is dropped whole, writing no row for its records", async () => {
    const hash = `0x7c${hexlify(randomBytes(31)).slice(2)}`;
    const quoteId = `${hash.slice(2, 10)}-${hash.slice(10, 14)}-4${crypto.randomUUID().slice(15)}`;
    const shard = await shardNamed("7c");
    const record = recordOf(hash, quoteId, -60);
    // Its table: the first second after its expiry's 2 s "hour" (grace 0: the reward deadline).
    const table = `record_until_${(Math.floor(record.rewardDeadline / 2) + 1) * 2}`;
    await shard.register({ [hash]: record }, "key:dev-acme");
    const written = (await shard.stats()).rowsWritten;
    await waitFor(() => statusOf({ intentHash: hash }), (s) => s.status === "unknown", { timeoutMs: 15_000 });
    assert.equal((await statusOf({ quoteId })).status, "unknown");
    const stats = await shard.stats();
    assert.ok(!stats.tables.includes(table), `${table} is gone: ${stats.tables}`);
    assert.equal(stats.rowsWritten.record_until, written.record_until, "the drop wrote no row");
  });

  test("records stored by the code before keep answering, move to their hour's table when stored again, and go by their expiry", async () => {
    const shard = await shardNamed("3e");
    const moved = `0x3e${hexlify(randomBytes(31)).slice(2)}`;
    const movedQuote = `${moved.slice(2, 10)}-${moved.slice(10, 14)}-4${crypto.randomUUID().slice(15)}`;
    const old = `0x3e${hexlify(randomBytes(31)).slice(2)}`;
    const rowsBefore = await shard.legacyRows();
    await shard.legacyRecordRow(moved, recordOf(moved, movedQuote, 3600), now() + 3600);
    // Answers by intent hash and by the quote id that leads to it.
    assert.equal((await statusOf({ intentHash: moved })).status, "pending");
    assert.equal((await statusOf({ quoteId: movedQuote })).intentHash, moved);
    assert.equal((await shard.expiries({ intentHash: moved })).record.table, "record");
    // Stored again: it moves, and still answers.
    await shard.register({ [moved]: recordOf(moved, movedQuote, 3600) });
    assert.match((await shard.expiries({ intentHash: moved })).record.table, /^record_until_\d+$/);
    assert.equal(await shard.legacyRows(), rowsBefore);
    assert.equal((await statusOf({ quoteId: movedQuote })).intentHash, moved);
    // An old row past its expiry goes by the alarm, as before.
    await shard.legacyRecordRow(old, recordOf(old, null, -60), now() - 1);
    await waitFor(() => statusOf({ intentHash: old }), (s) => s.status === "unknown", { timeoutMs: 15_000 });
    assert.equal(await shard.legacyRows(), rowsBefore);
  });
});
