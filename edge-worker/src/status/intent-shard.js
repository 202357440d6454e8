// Intent records, sharded: 256 Durable Objects, one per first byte of a hex key. An intent's record
// lives in the shard of its intent hash; the quoteId -> delivery intent map in the shard of the
// quote's UUID; the transaction -> intent map (legacy status by transaction) in the shard of the
// transaction hash; the deposit-address index in the shard of the vault address. Hashes and random
// UUIDs spread evenly, so every shard takes 1/256 of the load and none is on every request (docs/scale.md says why shards and not one object per intent).
// The core decides everything: op "intentShardStep" (src/service/status/intent_shard_step.h) what
// a registration, chain logs, a stream, a webhook status check and a quote-id row's retention
// mean for the shard's rows, and when the alarm fires next; ops intentStatus and
// legacyIntentStatus the lookups. A shard is its driver: it loads the rows an event concerns, asks,
// writes what the core names in one transaction, performs the effects it names, serialises its own
// read-modify-writes and keeps no clock of its own. Streams: status/shard-streams.js; retention
// upkeep: status/shard-retention.js.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { chainClocks } from "../chain/clocks.js";
import { nowSec } from "../runtime/time.js";
import { applyWrites } from "../runtime/sql-writes.js";
import { deliverStatusChange } from "../webhooks/webhooks.js";
import { ShardStreams } from "./shard-streams.js";
import { dueQuoteRows, dueRecords, graceOf, nextExpiry, unindex, upgradeRetention, wakeIndexedDeposits } from "./shard-retention.js";
import { startRefund } from "../funding/refunds.js";

// The tables a step of the core writes: records are stored by the core's choice of table
// (src/service/status/record_tables.h): "record_kept", one per expiry hour ("record_until_<end>",
// created when first named and dropped whole once past), and "record", the table of objects
// created before (read alongside; its rows move out when stored again and go by their expiry).
const BUCKET_TABLE = /^record_until_[0-9]+$/;
const STEP_TABLES = ["record", "record_kept", BUCKET_TABLE, "quote", "record_tx", "meta"];
// A record table as the core names it: keyed by intent hash WITHOUT ROWID (one row written per
// record, no index of its own), with a partial index on the webhook check (written only while a
// check is due). Answers the rows the schema wrote (one statement per exec, so that each is counted).
function createRecordTable(sql, table) {
  const created = sql.exec(`CREATE TABLE IF NOT EXISTS ${table} (intent_hash TEXT PRIMARY KEY, record TEXT NOT NULL, expire_at INTEGER,
    owner TEXT, last_status TEXT, check_at INTEGER) WITHOUT ROWID`).rowsWritten;
  return created + sql.exec(`CREATE INDEX IF NOT EXISTS ${table}_check ON ${table} (check_at) WHERE check_at IS NOT NULL`).rowsWritten;
}

// Intent hashes read per statement (#rows): each is bound once, under Durable Objects' 100 bound
// parameters per query.
const ROWS_PAGE = 90;
const PAGE_SIZES = [1, 2, 4, 8, 16, 32, 64, ROWS_PAGE];
// Owner rows moved per transaction at shard start (below).
const OWNER_PAGE = 500;

/**
 * Moves the owner table's rows (kept there before the owner was a column of the record's row) into
 * their records' rows (the table of objects created before), once: copied as they are, a page at a
 * time, each page in one transaction (a shard with many does not hold one long transaction), in the
 * constructor, so a shard answers nothing between. A row whose record is gone goes too (records
 * took theirs with them).
 */
function moveOwnerRows(storage, sql) {
  for (;;) {
    const page = sql.exec("SELECT intent_hash FROM owner ORDER BY intent_hash LIMIT ?", OWNER_PAGE).toArray();
    if (page.length === 0) return;
    const last = page[page.length - 1].intent_hash;
    storage.transactionSync(() => {
      sql.exec(`UPDATE record SET owner = o.owner, last_status = o.last_status, check_at = o.check_at
        FROM owner AS o WHERE o.intent_hash = record.intent_hash AND o.intent_hash <= ?`, last);
      sql.exec("DELETE FROM owner WHERE intent_hash <= ?", last);
    });
  }
}

/** Where each stored row is and its webhook columns (op intentShardStep's state "places"). */
function placesOf(rows) {
  return Object.fromEntries(Object.entries(rows).map(([hash, r]) => [hash, { table: r.table, owner: r.owner, lastStatus: r.lastStatus, checkAt: r.checkAt }]));
}

/**
 * The shard's tables and indexes, and the columns added to them since the first layout: created or
 * added where missing. A shard starts whenever it was evicted, which under thin traffic is nearly
 * every quote, and these are about twenty statements (five of them ALTER TABLEs that fail on every
 * object created since their column existed; bench/README.md, "Load"): a shard that holds the last
 * object they create, record_kept's check index, ran them all before (they run in this order), so
 * it reads that one name instead. A statement added here goes before createRecordTable(sql,
 * "record_kept"), and an object it creates that must exist for every shard needs a check of its own.
 */
function createSchema(sql) {
  if (sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'record_kept_check'").toArray().length > 0) return;
  sql.exec(`CREATE TABLE IF NOT EXISTS record (intent_hash TEXT PRIMARY KEY, record TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS quote (quote_id TEXT PRIMARY KEY, intent_hash TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS tx (tx_hash TEXT NOT NULL, intent_hash TEXT NOT NULL, PRIMARY KEY (tx_hash, intent_hash));
    CREATE TABLE IF NOT EXISTS owner (intent_hash TEXT PRIMARY KEY, owner TEXT NOT NULL, last_status TEXT, check_at INTEGER);
    CREATE TABLE IF NOT EXISTS deposit_vault (vault TEXT PRIMARY KEY, owner TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS record_tx (intent_hash TEXT NOT NULL, tx_hash TEXT NOT NULL, PRIMARY KEY (intent_hash, tx_hash))`);
  // record_tx: the transaction-index rows (kept in the transactions' shards) of this shard's
  // records, as op "applyLogs" added and removed them, so a record that goes takes its rows
  // with it (op intentShardStep's event "expired") and the index never outgrows the records.
  // When a record may go (op "recordRetention": an hour after its later deadline when the chains
  // never showed a transaction of it; null: kept), enforced by the alarm. Records stored before
  // the column existed have none until they are stored again.
  try {
    sql.exec("ALTER TABLE record ADD COLUMN expire_at INTEGER");
  } catch {
    // an object created since the column existed
  }
  // When a quote-id row kept apart from its intent's record may go (op "quoteIdRetention": with
  // that record, by the same rule), enforced by the alarm; null: it goes with its record, which
  // this shard holds, or it leads to a record that holds a transaction (kept).
  try {
    sql.exec("ALTER TABLE quote ADD COLUMN expire_at INTEGER");
  } catch {
    // an object created since the column existed
  }
  // Who hears of a record's status changes by webhook, the status last delivered to them and
  // when its next check is due: columns of the record's row (one row written per intent, not
  // two). Rows of the owner table, where objects created before kept them, move into them.
  for (const column of ["owner TEXT", "last_status TEXT", "check_at INTEGER"]) {
    try {
      sql.exec(`ALTER TABLE record ADD COLUMN ${column}`);
    } catch {
      // an object created since the column existed
    }
  }
  sql.exec(`CREATE INDEX IF NOT EXISTS record_expiry ON record (expire_at) WHERE expire_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS quote_intent ON quote (intent_hash);
    CREATE INDEX IF NOT EXISTS quote_expiry ON quote (expire_at) WHERE expire_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS record_check ON record (check_at) WHERE check_at IS NOT NULL;
    CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
  createRecordTable(sql, "record_kept");
}

export class IntentShard extends DurableObject {
  /** Serialises record updates: a read-modify-write spans awaits on the core. */
  #queue = Promise.resolve();
  /** intent hash -> how often chain events marked it for a webhook status check (see alarm). */
  #marks = new Map();
  /** Calls per method since this instance started, for the scale simulation (bench/scale-sim.mjs). */
  #calls = {};
  /** Rows SQLite wrote per table since this instance started (index rows included: what is billed), likewise. */
  #written = {};
  #streams;
  /** The record tables this object has (kept, by expiry hour oldest first, legacy), or null: read again. */
  #tables = null;

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createSchema(this.sql);
    moveOwnerRows(ctx.storage, this.sql);
    // Rows stored before their rule existed get it before this object answers anything.
    ctx.blockConcurrencyWhile(async () => {
      if (await upgradeRetention(env, this.sql, (state, event) => this.#run(state, event))) await this.#wake([nextExpiry(this.sql)], await ctx.storage.getAlarm());
    });
    wakeIndexedDeposits(env, this.sql);
    this.#streams = new ShardStreams(env, (hash) => this.#record(hash), async (sub, record) => {
      // The readers' latest heads: a transaction's confirmations grow, and it turns final, while
      // the stream is open.
      const { heads } = await chainClocks(this.env);
      const maxAgeMs = Number(this.env.STREAM_MAX_MS);
      const state = { query: sub.query, record, chainTimes: sub.chainTimes, chainHeads: heads, last: sub.last, ageMs: Date.now() - sub.opened, ...(Number.isInteger(maxAgeMs) && maxAgeMs > 0 ? { maxAgeMs } : {}) };
      return this.#step(state, { kind: "stream" });
    });
  }

  /**
   * Stores the records a quote registers for this shard's intents (op "registerQuote" with
   * "fresh"), merged into records chain events created first, each with its retention; the quote
   * id and the webhook owner with them (op "intentShardStep", event "registered").
   * @param {Record<string, object>} records intent hash -> registered record
   * @param {string | null} [owner] who hears of the intents' status changes by webhook
   *   ("key:<id>" for a quote, "partner:<slug>" for a deposit address)
   * @param {{ quoteId: string, deliveryIntentHash: string, record?: object } | null} [quote] the
   *   quote id to map to its delivery intent as mapQuote does, when this shard holds that id too
   *   (`record`: the delivery intent's registered record, which gives the row its expiry when
   *   this shard does not hold that record)
   */
  register(records, owner = null, quote = null) {
    this.#count("register");
    return this.#register(records, owner, quote);
  }

  /**
   * Several registrations in one call (status/registration-batches.js), stored as register stores
   * each, in order, in one step and one transaction. Answers those that failed ([{index, message}]);
   * the others are stored.
   * @param {{ records: Record<string, object>, owner?: string | null, quote?: object | null }[]} entries
   */
  async registerAll(entries) {
    this.#count("registerAll");
    try {
      // One step for all of them (op "intentShardStep", event "registered" with state "batch").
      await this.#serially(async () => {
        const hashes = [...new Set(entries.flatMap((e) => Object.keys(e.records).map((h) => h.toLowerCase())))];
        const rows = this.#rows(hashes);
        const stored = Object.fromEntries(hashes.map((h) => [h, rows[h]?.record ?? null]));
        const batch = entries.map(({ records, owner = null, quote = null }) => ({ records, owner, quote }));
        await this.#run({ batch, stored, places: placesOf(rows), ...graceOf(this.env), alarm: await this.ctx.storage.getAlarm() }, { kind: "registered" });
      });
      return [];
    } catch {
      // One the core refused fails the step for all: then each alone, so that only it fails.
      this.#count("registerAllOneByOne");
    }
    const failed = [];
    for (const [index, { records, owner = null, quote = null }] of entries.entries()) {
      try {
        await this.#register(records, owner, quote);
      } catch (e) {
        failed.push({ index, message: String(e?.message ?? e) });
      }
    }
    return failed;
  }

  #register(records, owner, quote) {
    return this.#serially(async () => {
      const hashes = Object.keys(records).map((h) => h.toLowerCase());
      const rows = this.#rows(hashes);
      const stored = Object.fromEntries(hashes.map((h) => [h, rows[h]?.record ?? null]));
      const owned = owner === null ? [] : hashes.filter((h) => rows[h]?.owner != null);
      await this.#run({ records, stored, owner, owned, quote, places: placesOf(rows), ...graceOf(this.env), alarm: await this.ctx.storage.getAlarm() }, { kind: "registered" });
    });
  }

  /**
   * Remembers which intent a quote delivers (this shard holds the quote's UUID, another shard the
   * intent's record). `record` is that intent's registered record: the row lives as long as it
   * (op "quoteIdRetention"), checked again against the record's shard when that time comes.
   */
  async mapQuote(quoteId, intentHash, record = null) {
    this.#count("mapQuote");
    const quote = { quoteId, deliveryIntentHash: intentHash, record };
    await this.#run({ records: {}, stored: {}, quote, ...graceOf(this.env), alarm: await this.ctx.storage.getAlarm() }, { kind: "registered" });
  }

  /**
   * The records of `hashes` this shard holds ({hash: record | null}): read by another shard's
   * alarm for the quote-id rows that lead to them. Reads only.
   */
  recordsOf(hashes) {
    this.#count("recordsOf");
    return Object.fromEntries(hashes.map((h) => [String(h).toLowerCase(), this.#record(String(h).toLowerCase())]));
  }

  /**
   * The delivery intent of a quote, or null: its quote-id row's, else the record this shard holds
   * that the quote id leads to (a quote id starts with its delivery intent hash's first 6 bytes,
   * and then needs no row: op "intentShardStep", event "registered"). The records in that range
   * are the candidates; the core says which holds the quote id (op "intentStatus").
   */
  async deliveryOf(quoteId) {
    this.#count("deliveryOf");
    const id = String(quoteId).toLowerCase();
    const row = this.sql.exec("SELECT intent_hash FROM quote WHERE quote_id = ?", id).toArray()[0];
    if (row) return row.intent_hash;
    // The range of intent hashes the quote id names, and how many records of it to read (the core's).
    const range = (await this.#step({ quoteId: id }, { kind: "quoteIdRange" })).reply;
    if (range === null) return null;
    const candidates = this.#recordTables()
      .flatMap((t) => this.sql.exec(`SELECT record FROM ${t} WHERE intent_hash >= ? AND intent_hash <= ? LIMIT ?`, range.from, range.to, range.limit).toArray())
      .slice(0, range.limit)
      .map((r) => JSON.parse(r.record));
    if (candidates.length === 0) return null;
    const answer = await askCore(this.env, "intentStatus", { query: { intentHash: null, quoteId: id }, record: null, candidates, now: nowSec(), chainTimes: {}, chainHeads: {} });
    return answer.status === 200 ? (answer.body.intentHash ?? null) : null;
  }

  /**
   * The deposit-address index (this shard holds the vault's first byte): which vaults exist and
   * whose they are. Lookups read it before the vault's own object, so an unknown vault answers
   * 404 from one of these 256 shards and never instantiates an object of its own.
   */
  indexDeposit(vault, owner) {
    this.#count("indexDeposit");
    this.sql.exec("INSERT OR IGNORE INTO deposit_vault (vault, owner) VALUES (?, ?)", String(vault).toLowerCase(), owner);
  }

  /** Drops a deposit vault from the index (its object deleted itself past its retention). */
  unindexDeposit(vault) {
    this.#count("unindexDeposit");
    this.sql.exec("DELETE FROM deposit_vault WHERE vault = ?", String(vault).toLowerCase());
  }

  /** The owner ("partner:<slug>") of an indexed deposit vault, or null. */
  depositOwner(vault) {
    this.#count("depositOwner");
    return this.sql.exec("SELECT owner FROM deposit_vault WHERE vault = ?", String(vault).toLowerCase()).toArray()[0]?.owner ?? null;
  }

  /**
   * Remembers transaction -> intent pairs (this shard holds the transactions), and forgets those
   * their records no longer hold (op "applyLogs" says which).
   */
  mapTransactions(pairs, removed = []) {
    this.#count("mapTransactions");
    this.ctx.storage.transactionSync(() => {
      for (const { transactionHash, intentHash } of removed) {
        this.#tally({ tx: this.sql.exec("DELETE FROM tx WHERE tx_hash = ? AND intent_hash = ?", transactionHash.toLowerCase(), intentHash.toLowerCase()).rowsWritten });
      }
      for (const { transactionHash, intentHash } of pairs) {
        this.#tally({ tx: this.sql.exec("INSERT OR IGNORE INTO tx (tx_hash, intent_hash) VALUES (?, ?)", transactionHash.toLowerCase(), intentHash.toLowerCase()).rowsWritten });
      }
    });
  }

  /** The intents (up to `limit`, by intent hash) whose records held a transaction, for a lookup by it. */
  intentsOfTransaction(txHash, limit) {
    this.#count("intentsOfTransaction");
    return this.sql.exec("SELECT intent_hash FROM tx WHERE tx_hash = ? ORDER BY intent_hash LIMIT ?", String(txHash).toLowerCase(), limit).toArray().map((r) => r.intent_hash);
  }

  /** The intent a transaction emitted events of, or null. */
  intentOfTransaction(txHash) {
    this.#count("intentOfTransaction");
    return this.sql.exec("SELECT intent_hash FROM tx WHERE tx_hash = ? LIMIT 1", String(txHash).toLowerCase()).toArray()[0]?.intent_hash ?? null;
  }

  /**
   * One chain's logs of this shard's intents, grouped by intent as op "routeLogs" grouped them
   * (an intent with no logs is one a re-read range must check: it had a transaction there).
   * `range` {fromBlock, toBlock}: the logs are everything the chain has in those blocks, so the
   * core replaces what the records held there (a reorganisation's removals leave them); without
   * it (pushed logs) they are folded in. One core call (op "intentShardStep", event "logs") with
   * the records of the named intents and which of them have a webhook owner. Logs of intents
   * without a record (registered by no quote or deposit address here) change nothing. Answers the
   * core's {status, body: {applied, updated, unregistered, transactions}}.
   */
  applyLogs(chainId, byIntent, range = null) {
    this.#count("applyLogs");
    return this.#serially(async () => {
      const hashes = Object.keys(byIntent).map((h) => h.toLowerCase());
      const rows = this.#rows(hashes);
      const records = Object.fromEntries(hashes.map((h) => [h, rows[h]?.record ?? null]));
      const owned = hashes.filter((h) => rows[h]?.owner != null);
      const state = { chainId, logs: Object.values(byIntent).flat(), records, range, owned, places: placesOf(rows), ...graceOf(this.env), alarm: await this.ctx.storage.getAlarm() };
      return this.#run(state, { kind: "logs" });
    });
  }

  /**
   * GET /v1/intents/status of an intent of this shard (chainHeads: chain/clocks.js). With `stream`
   * the core refuses an intent without a record (404) instead of answering "unknown".
   */
  status(query, intentHash, chainTimes, chainHeads = {}, stream = false) {
    this.#count("status");
    const record = intentHash ? this.#record(intentHash.toLowerCase()) : null;
    return askCore(this.env, "intentStatus", { query, record, now: nowSec(), chainTimes, chainHeads, stream });
  }

  /** POST /api/v3/intents/intentStatus of an intent of this shard (or of none). */
  legacyStatus(body, intentHash, chainTimes) {
    this.#count("legacyStatus");
    const record = intentHash ? this.#record(intentHash.toLowerCase()) : null;
    return askCore(this.env, "legacyIntentStatus", { body, record, now: nowSec(), chainTimes });
  }

  /**
   * GET /v1/intents/stream of an intent of this shard, as Server-Sent Events (status/shard-streams.js).
   * The URL carries {query, intentHash, chainTimes} as the worker resolved them.
   */
  async fetch(request) {
    this.#count("stream");
    const url = new URL(request.url);
    return this.#streams.open({
      intentHash: url.searchParams.get("intentHash")?.toLowerCase() ?? null,
      query: JSON.parse(url.searchParams.get("query")),
      chainTimes: JSON.parse(url.searchParams.get("chainTimes") ?? "{}"),
      lastEventId: request.headers.get("last-event-id"),
    });
  }

  /**
   * When a record and a quote-id row of this shard may go ({record, quote}: each {expireAt} or
   * null when not stored; expireAt null: kept, or for a quote id, goes with its record), for
   * tests and operators. Reads only.
   */
  expiries({ intentHash = null, quoteId = null } = {}) {
    const row = intentHash ? this.#rows([String(intentHash).toLowerCase()])[String(intentHash).toLowerCase()] : null;
    const quote = quoteId ? this.sql.exec("SELECT intent_hash, expire_at FROM quote WHERE quote_id = ?", String(quoteId).toLowerCase()).toArray()[0] : null;
    return {
      record: row ? { expireAt: row.expireAt, table: row.table } : null,
      quote: quote ? { intentHash: quote.intent_hash, expireAt: quote.expire_at } : null,
    };
  }

  /**
   * {calls: {method: n}, rowsWritten: {table: n}, records, quotes, owners, transactions}: what this
   * shard took and wrote, for the scale simulation and the cost table (docs/scale.md).
   */
  stats() {
    const count = (table, where = "") => this.sql.exec(`SELECT COUNT(*) AS n FROM ${table} ${where}`).toArray()[0].n;
    const sum = (where) => this.#recordTables().reduce((n, t) => n + count(t, where), 0);
    return { calls: { ...this.#calls }, rowsWritten: { ...this.#written }, records: sum(""), quotes: count("quote"), owners: sum("WHERE owner IS NOT NULL"), transactions: count("tx"), tables: this.#recordTables() };
  }

  /**
   * The shard's chores: records past their retention go, quote-id rows whose time came are checked
   * against their records, and owned intents due for a check are checked (after chain events, at
   * their next deadline, or on a retry), their status changes delivered by webhook.
   */
  async alarm() {
    const now = nowSec();
    // Serialised with registrations and chain events: a record they store again is not deleted.
    await this.#serially(async () => {
      const records = dueRecords(this.sql, now);
      if (records.length > 0) await this.#run({ records }, { kind: "expired" });
    });
    const nextTable = await this.#dropPastTables();
    await this.#checkQuoteRows(now);
    const due = this.#recordTables().flatMap((t) => this.sql.exec(`SELECT intent_hash, owner, last_status FROM ${t} WHERE check_at IS NOT NULL AND check_at <= ?`, now).toArray());
    for (const row of due) await this.#checkOwner(row);
    const checks = this.#recordTables().map((t) => this.sql.exec(`SELECT MIN(check_at) AS at FROM ${t} WHERE check_at IS NOT NULL`).toArray()[0]?.at ?? null);
    // The alarm that ran is over: the next one is set afresh.
    await this.#wake([...checks, nextExpiry(this.sql), nextTable], null);
  }

  /**
   * Drops the tables of records by expiry hour whose hour is past (events "buckets", then "drop"
   * per table, with those of its records that have record_tx or quote-id rows). Answers when the
   * next such table is due (seconds), or null.
   */
  async #dropPastTables() {
    const { due, next } = (await this.#step({ tables: this.#recordTables() }, { kind: "buckets" })).reply;
    for (const table of due) {
      await this.#serially(async () => {
        if (!BUCKET_TABLE.test(table)) throw new Error(`op intentShardStep named ${table} to drop`);
        const linked = this.sql
          .exec(`SELECT intent_hash FROM ${table} AS r WHERE EXISTS (SELECT 1 FROM record_tx AS x WHERE x.intent_hash = r.intent_hash)
            OR EXISTS (SELECT 1 FROM quote AS q WHERE q.intent_hash = r.intent_hash)`)
          .toArray();
        const records = linked.map((r) => ({
          intentHash: r.intent_hash,
          transactions: this.sql.exec("SELECT tx_hash FROM record_tx WHERE intent_hash = ?", r.intent_hash).toArray().map((t) => t.tx_hash),
        }));
        await this.#run({ table, records }, { kind: "drop" });
      });
    }
    return next;
  }

  /**
   * One owned intent's webhook status check (events "check", then "checked" once the effects the
   * core named are performed: the delivery queued, the refund the relayer sends itself started).
   * The last delivered status moves on only once the deliveries are queued.
   */
  async #checkOwner(row) {
    const mark = this.#marks.get(row.intent_hash) ?? 0;
    const state = { intentHash: row.intent_hash, owner: row.owner, lastStatus: row.last_status, record: this.#record(row.intent_hash) };
    // Where "checked" writes: the record's table once the check is over (chain events meanwhile
    // may have moved it, a funding to "record_kept").
    const tableNow = () => this.#rows([row.intent_hash])[row.intent_hash]?.table ?? "record";
    const failed = (e) => {
      console.error(JSON.stringify({ event: "webhook-status-check-failed", intentHash: row.intent_hash, message: String(e?.message ?? e) }));
      return String(e?.message ?? e);
    };
    // What "checked" writes when the check itself could not be asked: the status as it was.
    let checked = { ...state, status: row.last_status, next: null };
    // What the effects answered, in order (deliver, then refund), for event "checked".
    const outcome = { kind: "checked" };
    try {
      const event = await chainClocks(this.env).then(
        ({ heads, times }) => ({ kind: "check", chainHeads: heads, chainTimes: times }),
        (e) => ({ kind: "check", thrown: failed(e) }),
      );
      const answer = await this.#step(state, event);
      checked = answer.state;
      for (const effect of answer.effects) {
        const result = await this.#perform(effect);
        if (effect.kind === "deliver") outcome.delivered = true;
        if (effect.kind === "refund") outcome.refundAt = result;
      }
    } catch (e) {
      outcome.thrown = failed(e);
    }
    // Chain events that arrived while this check awaited the core and the queues marked the
    // intent again (what that means is the core's).
    outcome.markedAgain = (this.#marks.get(row.intent_hash) ?? 0) !== mark;
    if (!outcome.markedAgain) this.#marks.delete(row.intent_hash);
    await this.#run({ ...checked, table: tableNow() }, outcome);
  }

  /** The quote-id rows whose time came, as event "quoteRows" (shard-retention.js reads their records). */
  async #checkQuoteRows(now) {
    const { rows, read } = await dueQuoteRows(this.env, this.sql, now, (hash) => ({ record: this.#record(hash), own: this.#isOwnShard(hash) }));
    if (rows.length === 0) return;
    try {
      await read();
      await this.#run({ rows, ...graceOf(this.env) }, { kind: "quoteRows" });
    } catch (e) {
      console.error(JSON.stringify({ event: "quote-row-retention-failed", message: String(e?.message ?? e) }));
      await this.#run({ rows }, { kind: "quoteRows", thrown: String(e?.message ?? e) });
    }
  }

  /** Whether `hash` belongs to this shard (its first byte names this object). */
  #isOwnShard(hash) {
    return this.env.INTENT_SHARDS.idFromName(`shard:${hash.slice(2, 4)}`).equals(this.ctx.id);
  }

  // ---- the driver ------------------------------------------------------------------------------

  /** Asks op "intentShardStep"; a refusal is a bug of this driver (thrown). */
  async #step(state, event) {
    const answer = await askCore(this.env, "intentShardStep", { state: { nowMs: Date.now(), ...state }, event });
    if (answer.status !== 200) throw new Error(`intentShardStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body;
  }

  /** Asks, writes what the core names in one transaction, performs its effects, sets its alarm; answers its reply. */
  async #run(state, event) {
    const step = await this.#step(state, event);
    this.#tally(this.ctx.storage.transactionSync(() => {
      // A table of records the core names for the first time is created with the writes.
      const created = {};
      for (const w of step.writes) {
        if (w.drop || !BUCKET_TABLE.test(w.table) || this.#recordTables().includes(w.table)) continue;
        created.schema = (created.schema ?? 0) + createRecordTable(this.sql, w.table);
        this.#tables = null;
      }
      const written = applyWrites(this.sql, step.writes, STEP_TABLES);
      if (step.writes.some((w) => w.drop)) this.#tables = null;
      return { ...created, ...written };
    }));
    for (const effect of step.effects) await this.#perform(effect);
    if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);
    return step.reply;
  }

  /** Performs one effect a step named (a stream's own are performed by shard-streams.js). */
  async #perform(effect) {
    switch (effect.kind) {
      case "notify":
        return this.#streams.notify(effect.intents);
      case "mark":
        for (const hash of effect.intents) this.#marks.set(hash, (this.#marks.get(hash) ?? 0) + 1);
        return;
      case "deliver":
        return deliverStatusChange(this.env, effect.owner, effect.before, effect.after);
      case "unindex":
        return unindex(this.env, effect.pairs);
      case "refund":
        // When to look at the intent again (the refund not started now), or null.
        return startRefund(this.env, effect.job, effect.owner);
      default:
        throw new Error(`intentShardStep named an effect this object does not perform: ${effect.kind}`);
    }
  }

  /** Sets the alarm the core names for what is due next (`alarm`: the one set now, or null). */
  async #wake(due, alarm) {
    const step = await this.#step({ due, alarm }, { kind: "wake" });
    if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);
  }

  #count(method) {
    this.#calls[method] = (this.#calls[method] ?? 0) + 1;
  }

  #tally(written) {
    for (const [name, n] of Object.entries(written)) {
      const table = BUCKET_TABLE.test(name) ? "record_until" : name; // the tables by expiry hour, as one
      this.#written[table] = (this.#written[table] ?? 0) + n;
    }
  }

  #serially(task) {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => {});
    return run;
  }

  /** The record tables this object has: "record_kept", those by expiry hour (oldest first), the legacy "record". */
  #recordTables() {
    if (this.#tables === null) {
      const hours = this.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'record_until_%'")
        .toArray()
        .map((r) => r.name)
        .filter((name) => BUCKET_TABLE.test(name))
        .sort((a, b) => Number(a.slice(13)) - Number(b.slice(13)));
      this.#tables = ["record_kept", ...hours, "record"];
    }
    return this.#tables;
  }

  /**
   * The stored rows of `hashes` (lowercase): {hash: {table, record, expireAt, owner, lastStatus, checkAt}}, those stored only.
   * One statement across every record table (a record is in one of them; should two hold it, the
   * first in table order answers), each hash bound once: a registration reads its new intents'
   * absence in one exec instead of one per table and intent (about 6 each), which was most of the
   * SQLite work of a quote in workerd's profile. In pages within Durable Objects' 100 bound parameters.
   */
  #rows(hashes) {
    const rows = {};
    const tables = this.#recordTables();
    for (let from = 0; from < hashes.length; from += ROWS_PAGE) {
      const page = hashes.slice(from, from + ROWS_PAGE);
      // Padded to a size of a short ladder (the last hash again): the statement's text repeats
      // across calls, so SQLite's compiled statement is reused (workerd keeps a cache of them by
      // text). A text per batch size compiled anew on most calls, and cost a registration more
      // than all its writes (bench/README.md, "Registrations coalesced").
      const size = PAGE_SIZES.find((n) => n >= page.length);
      while (page.length < size) page.push(page[page.length - 1]);
      const named = page.map((_, i) => `?${i + 1}`).join(", ");
      const query = tables
        .map((table, at) => `SELECT ${at} AS at, intent_hash, record, expire_at, owner, last_status, check_at FROM ${table} WHERE intent_hash IN (${named})`)
        .join(" UNION ALL ");
      const found = this.sql.exec(query, ...page).toArray().sort((a, b) => a.at - b.at);
      for (const row of found) {
        if (rows[row.intent_hash]) continue;
        rows[row.intent_hash] = { table: tables[row.at], record: JSON.parse(row.record), expireAt: row.expire_at, owner: row.owner, lastStatus: row.last_status, checkAt: row.check_at };
      }
    }
    return rows;
  }

  #record(hash) {
    return this.#rows([hash])[hash]?.record ?? null;
  }
}
