// A record's webhook owner, the status last delivered to it and its next check are columns of the
// record's row (issue 44: one row written per intent, not two). Shards stored them in an owner
// table before: those rows move into their records' rows when the shard next starts, and keep
// answering (more than a page of them: moved 500 to a transaction); storing the record again (a
// registration, chain events) keeps them. The bundle here
// has a test hook added to the shard to write and read rows as the code before stored them.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, removeBundle, startWorker, tempDir } from "../harness.mjs";

const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];

/** Test hooks on the shard: the record and owner tables as the code before wrote them, and the record's owner columns. */
function withHooks(src) {
  const file = join(src, "status", "intent-shard.js");
  const hooks = `
  legacyRecordRow(hash, record, expireAt) {
    this.sql.exec("INSERT INTO record (intent_hash, record, expire_at) VALUES (?, ?, ?)", hash, JSON.stringify(record), expireAt);
  }
  legacyOwnedRecords(n, record) {
    // n records and their owner rows, as the code before stored them: more than a page of them.
    const hashes = [];
    for (let i = 0; i < n; i++) {
      const hash = "0xcd" + i.toString(16).padStart(62, "0");
      this.sql.exec("INSERT INTO record (intent_hash, record, expire_at) VALUES (?, ?, NULL)", hash, JSON.stringify({ ...record, intentHash: hash }));
      this.sql.exec("INSERT INTO owner (intent_hash, owner, last_status, check_at) VALUES (?, ?, NULL, NULL)", hash, "key:many");
      hashes.push(hash);
    }
    return hashes;
  }
  legacyOwnerRow(hash, owner, lastStatus, checkAt) {
    this.sql.exec("INSERT INTO owner (intent_hash, owner, last_status, check_at) VALUES (?, ?, ?, ?)", hash, owner, lastStatus, checkAt);
  }
  ownerRows() {
    return this.sql.exec("SELECT COUNT(*) AS n FROM owner").toArray()[0].n;
  }
  asFirstLayout() {
    // The layout of a shard created before the kept records' table and the owner columns.
    this.sql.exec("DROP TABLE record_kept");
    this.sql.exec("DROP INDEX record_check");
    for (const column of ["check_at", "last_status", "owner"]) this.sql.exec("ALTER TABLE record DROP COLUMN " + column);
  }
  schema() {
    const names = this.sql.exec("SELECT name FROM sqlite_master WHERE name IN ('record_kept', 'record_kept_check', 'record_check')").toArray().map((r) => r.name).sort();
    const record = this.sql.exec("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'record'").toArray()[0].sql;
    return { names, ownerColumns: ["owner", "last_status", "check_at"].filter((c) => record.includes(c)) };
  }
  ownerOf(hash) {
    const row = this.#rows([hash])[hash];
    return row ? { owner: row.owner, last_status: row.lastStatus, check_at: row.checkAt } : null;
  }

  #count(method) {`;
  const text = readFileSync(file, "utf8");
  assert.ok(text.includes("\n  #count(method) {"));
  writeFileSync(file, text.replace("\n  #count(method) {", hooks));
}

describe("webhook owners as columns of the record's row", () => {
  let bundleDir, state, w;
  before(() => {
    bundleDir = buildBundle({ patch: withHooks });
    state = tempDir("sr-owner-columns-");
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
    removeBundle(bundleDir);
  });

  test("owner rows stored before move into their records when the shard starts; storing a record again keeps them", async () => {
    const now = Math.floor(Date.now() / 1000);
    const hash = `0xcd${hexlify(randomBytes(31)).slice(2)}`;
    const record = {
      intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now + 600, rewardDeadline: now + 3600, role: "direct", quoteId: null,
      fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
    };
    w = await startWorker({ bundleDir, persistDir: state.dir });
    let shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    let shard = shards.get(shards.idFromName("shard:cd"));
    // As the code before stored it: the record's row (in the table of that code), and its owner in
    // a row of its own.
    await shard.legacyRecordRow(hash, record, record.rewardDeadline + 3600);
    await shard.legacyOwnerRow(hash, "key:before", "pending", now + 3600);
    const many = await shard.legacyOwnedRecords(1_201, record);
    assert.equal(await shard.ownerRows(), 1_202);
    assert.deepEqual({ ...(await shard.ownerOf(hash)) }, { owner: null, last_status: null, check_at: null });
    await w.dispose();

    w = await startWorker({ bundleDir, persistDir: state.dir });
    shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    shard = shards.get(shards.idFromName("shard:cd"));
    assert.deepEqual({ ...(await shard.ownerOf(hash)) }, { owner: "key:before", last_status: "pending", check_at: now + 3600 });
    assert.equal(await shard.ownerRows(), 0);
    // Every page moved (500 rows a transaction), the last one too.
    assert.equal((await shard.stats()).owners, 1_202);
    for (const h of [many[0], many[499], many[500], many[1_200]]) assert.equal((await shard.ownerOf(h))?.owner, "key:many", h);
    // A registration with another owner stores the record again (it moves to the table of its
    // expiry's hour): the owner, its last delivered status and its next check stay.
    await shard.register({ [hash]: record }, "key:other");
    assert.deepEqual({ ...(await shard.ownerOf(hash)) }, { owner: "key:before", last_status: "pending", check_at: now + 3600 });
    assert.match((await shard.expiries({ intentHash: hash })).record.table, /^record_until_\d+$/);
    // A new record gets its owner with its row.
    const fresh = `0xcd${hexlify(randomBytes(31)).slice(2)}`;
    await shard.register({ [fresh]: { ...record, intentHash: fresh } }, "key:fresh");
    assert.deepEqual({ ...(await shard.ownerOf(fresh)) }, { owner: "key:fresh", last_status: null, check_at: null });
  });

  test("a shard of the first layout gets the kept table and the owner columns when it starts (a shard with them skips the statements)", async () => {
    await w?.dispose();
    w = await startWorker({ bundleDir, persistDir: state.dir });
    let shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    let shard = shards.get(shards.idFromName("shard:ce"));
    const full = { names: ["record_check", "record_kept", "record_kept_check"], ownerColumns: ["owner", "last_status", "check_at"] };
    const schema = async () => JSON.parse(JSON.stringify(await shard.schema()));
    assert.deepEqual(await schema(), full);
    await shard.asFirstLayout();
    assert.deepEqual(await schema(), { names: [], ownerColumns: [] });
    await w.dispose();

    w = await startWorker({ bundleDir, persistDir: state.dir });
    shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    shard = shards.get(shards.idFromName("shard:ce"));
    assert.deepEqual(await schema(), full);
    const now = Math.floor(Date.now() / 1000);
    const hash = `0xce${hexlify(randomBytes(31)).slice(2)}`;
    await shard.register({ [hash]: {
      intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now + 600, rewardDeadline: now + 3600, role: "direct", quoteId: null,
      fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
    } }, "key:first-layout");
    assert.equal((await shard.ownerOf(hash))?.owner, "key:first-layout");
  });
});
