// Intent records, sharded: 256 Durable Objects, one per first byte of a hex key. An intent's record
// lives in the shard of its intent hash; the quoteId -> delivery intent map in the shard of the
// quote's UUID; the transaction -> intent map (legacy status by transaction) in the shard of the
// transaction hash; the deposit-address index in the shard of the vault address. Hashes and random
// UUIDs spread evenly, so every shard takes 1/256 of the load and none is on every request (docs/scale.md says why shards and not one object per intent).
// The core decides everything (ops registerQuote, mergeRegistration, applyLogs, intentStatus,
// legacyIntentStatus), including which recorded transactions a reorganisation removed;
// a shard stores, serialises its own read-modify-writes and keeps no clock of its own.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { chainClocks } from "../chain/clocks.js";
import { nowSec } from "../runtime/time.js";
import { hexOf } from "../runtime/bytes.js";
import { deliverStatusChange } from "../webhooks/webhooks.js";
import { byShard, depositOf, shardOf } from "../runtime/objects.js";

// Live status streams (GET /v1/intents/stream): settings by variable so tests can shorten them.
const STREAM_KEEPALIVE_MS = 15_000;
const STREAM_MAX_MS = 10 * 60_000;
const STREAM_END_STATUSES = new Set(["settled", "refunded", "failed"]);
// Quote-id rows checked against their record's shard per alarm (the next alarm takes the rest).
const QUOTE_ROW_BATCH = 200;
// A check that failed (the record's shard or the core unreachable) is tried again this much later.
const QUOTE_ROW_RETRY_SEC = 60;
// Which retention this shard's stored rows were last brought up to (meta "retention"): 1 = every
// record and every quote-id row kept apart from its record has its expiry (see #upgradeRetention);
// 2 = so has every record whose intent was only published (kept until the rule gave it one).
const RETENTION_VERSION = 2;
const encoder = new TextEncoder();

/** The event id of a status body: the first 16 hex digits of its SHA-256. */
async function bodyId(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(data)));
  return hexOf(digest.slice(0, 8));
}

export class IntentShard extends DurableObject {
  /** Serialises record updates: a read-modify-write spans awaits on the core. */
  #queue = Promise.resolve();
  /** intent hash -> the open status streams of that intent. */
  #streams = new Map();
  /** intent hash -> its record, for intents with open streams. */
  #live = new Map();
  /** intent hash -> how often chain events marked it for a webhook status check (see alarm). */
  #marks = new Map();
  #ticker = null;
  /** Calls per method since this instance started, for the scale simulation (bench/scale-sim.mjs). */
  #calls = {};

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS record (intent_hash TEXT PRIMARY KEY, record TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS quote (quote_id TEXT PRIMARY KEY, intent_hash TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS tx (tx_hash TEXT NOT NULL, intent_hash TEXT NOT NULL, PRIMARY KEY (tx_hash, intent_hash));
      CREATE TABLE IF NOT EXISTS owner (intent_hash TEXT PRIMARY KEY, owner TEXT NOT NULL, last_status TEXT, check_at INTEGER);
      CREATE TABLE IF NOT EXISTS deposit_vault (vault TEXT PRIMARY KEY, owner TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS record_tx (intent_hash TEXT NOT NULL, tx_hash TEXT NOT NULL, PRIMARY KEY (intent_hash, tx_hash))`);
    // record_tx: the transaction-index rows (kept in the transactions' shards) of this shard's
    // records, as op "applyLogs" added and removed them, so a record that goes takes its rows
    // with it (#dropExpired) and the index never outgrows the records.
    // When a record may go (op "recordRetention": an hour after its later deadline when the chains
    // never showed a transaction of it; null: kept), enforced by the alarm. Records stored before
    // the column existed have none until they are stored again.
    try {
      this.sql.exec("ALTER TABLE record ADD COLUMN expire_at INTEGER");
    } catch {
      // an object created since the column existed
    }
    // When a quote-id row kept apart from its intent's record may go (op "quoteIdRetention": with
    // that record, by the same rule), enforced by the alarm; null: it goes with its record, which
    // this shard holds, or it leads to a record that holds a transaction (kept).
    try {
      this.sql.exec("ALTER TABLE quote ADD COLUMN expire_at INTEGER");
    } catch {
      // an object created since the column existed
    }
    this.sql.exec(`CREATE INDEX IF NOT EXISTS record_expiry ON record (expire_at) WHERE expire_at IS NOT NULL;
      CREATE INDEX IF NOT EXISTS quote_intent ON quote (intent_hash);
      CREATE INDEX IF NOT EXISTS quote_expiry ON quote (expire_at) WHERE expire_at IS NOT NULL;
      CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
    // Rows stored before their rule existed get it before this object answers anything.
    ctx.blockConcurrencyWhile(() => this.#upgradeRetention());
    this.#wakeIndexedDeposits();
  }

  /**
   * Stores the records a quote registers for this shard's intents (op "registerQuote" with
   * "fresh"). A record chain events created first gets the registration merged in by the core
   * (op "mergeRegistration"); otherwise the registered record is stored as it is.
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
    return this.#serially(async () => {
      const merged = {};
      for (const [hash, registered] of Object.entries(records)) {
        const stored = this.#record(hash.toLowerCase());
        if (!stored) {
          merged[hash] = registered;
          continue;
        }
        const answer = await this.#core("mergeRegistration", { registered, stored });
        if (answer.status !== 200) throw new Error(`mergeRegistration answered ${answer.status}: ${answer.body?.detail ?? ""}`);
        merged[hash] = answer.body.record;
      }
      const expireAt = await this.#retention(merged);
      // A quote id whose delivery intent is stored here goes with that record; otherwise the row
      // has a lifetime of its own.
      const apart = quote && !Object.keys(merged).some((h) => h.toLowerCase() === String(quote.deliveryIntentHash).toLowerCase());
      const quoteExpiry = apart ? await this.#quoteRowExpiry(quote.quoteId, quote.deliveryIntentHash, quote.record ?? null) : null;
      this.ctx.storage.transactionSync(() => {
        this.#storeRecords(merged, expireAt);
        if (quote) this.#mapQuote(quote.quoteId, quote.deliveryIntentHash, quoteExpiry);
        if (owner) {
          for (const hash of Object.keys(merged)) {
            this.sql.exec("INSERT OR IGNORE INTO owner (intent_hash, owner, last_status, check_at) VALUES (?, ?, NULL, NULL)", hash.toLowerCase(), owner);
          }
        }
      });
      this.#notify(Object.keys(merged));
      await this.#armExpiry({ ...expireAt, ...(quoteExpiry != null ? { quote: quoteExpiry } : {}) });
    });
  }

  /**
   * Remembers which intent a quote delivers (this shard holds the quote's UUID, another shard the
   * intent's record). `record` is that intent's registered record: the row lives as long as it
   * (op "quoteIdRetention"), checked again against the record's shard when that time comes.
   */
  async mapQuote(quoteId, intentHash, record = null) {
    this.#count("mapQuote");
    const expireAt = await this.#quoteRowExpiry(quoteId, intentHash, record);
    this.#mapQuote(quoteId, intentHash, expireAt);
    await this.#armExpiry({ quote: expireAt });
  }

  #mapQuote(quoteId, intentHash, expireAt = null) {
    this.sql.exec("INSERT OR REPLACE INTO quote (quote_id, intent_hash, expire_at) VALUES (?, ?, ?)", String(quoteId).toLowerCase(), String(intentHash).toLowerCase(), expireAt);
  }

  /**
   * The records of `hashes` this shard holds ({hash: record | null}): read by another shard's
   * alarm for the quote-id rows that lead to them. Reads only.
   */
  recordsOf(hashes) {
    this.#count("recordsOf");
    return Object.fromEntries(hashes.map((h) => [String(h).toLowerCase(), this.#record(String(h).toLowerCase())]));
  }

  /** The delivery intent of a quote, or null. */
  deliveryOf(quoteId) {
    this.#count("deliveryOf");
    return this.sql.exec("SELECT intent_hash FROM quote WHERE quote_id = ?", String(quoteId).toLowerCase()).toArray()[0]?.intent_hash ?? null;
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
        this.sql.exec("DELETE FROM tx WHERE tx_hash = ? AND intent_hash = ?", transactionHash.toLowerCase(), intentHash.toLowerCase());
      }
      for (const { transactionHash, intentHash } of pairs) {
        this.sql.exec("INSERT OR IGNORE INTO tx (tx_hash, intent_hash) VALUES (?, ?)", transactionHash.toLowerCase(), intentHash.toLowerCase());
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
   * it (pushed logs) they are folded in. One core call with the records of the named intents.
   * Logs of intents without a record (registered by no quote or deposit address here) change
   * nothing. Answers the core's {status, body: {applied, updated, unregistered}}.
   */
  applyLogs(chainId, byIntent, range = null) {
    this.#count("applyLogs");
    return this.#serially(async () => {
      const records = Object.fromEntries(Object.keys(byIntent).map((h) => [h.toLowerCase(), this.#record(h.toLowerCase())]));
      const input = { chainId, logs: Object.values(byIntent).flat(), records, now: nowSec() };
      if (range) Object.assign(input, { fromBlock: range.fromBlock, toBlock: range.toBlock });
      const answer = await this.#core("applyLogs", input);
      if (answer.status !== 200) return answer;
      if (answer.body.missing) throw new Error(`applyLogs asked for records it was given: ${answer.body.missing.join(", ")}`);
      const { updates, applied, unregistered, transactions } = answer.body;
      const expireAt = await this.#retention(updates);
      this.ctx.storage.transactionSync(() => {
        this.#storeRecords(updates, expireAt);
        for (const { transactionHash, intentHash } of transactions.removed) this.sql.exec("DELETE FROM record_tx WHERE intent_hash = ? AND tx_hash = ?", intentHash, transactionHash);
        for (const { transactionHash, intentHash } of transactions.added) this.sql.exec("INSERT OR IGNORE INTO record_tx (intent_hash, tx_hash) VALUES (?, ?)", intentHash, transactionHash);
      });
      this.#notify(Object.keys(updates));
      await this.#checkOwned(Object.keys(updates));
      await this.#armExpiry(expireAt);
      return { status: 200, body: { applied, updated: Object.keys(updates).length, unregistered, transactions } };
    });
  }

  /**
   * GET /v1/intents/status of an intent of this shard (chainHeads: chain/clocks.js). With `stream`
   * the core refuses an intent without a record (404) instead of answering "unknown".
   */
  status(query, intentHash, chainTimes, chainHeads = {}, stream = false) {
    this.#count("status");
    const record = intentHash ? this.#record(intentHash.toLowerCase()) : null;
    return this.#core("intentStatus", { query, record, now: nowSec(), chainTimes, chainHeads, stream });
  }

  /** POST /api/v3/intents/intentStatus of an intent of this shard (or of none). */
  legacyStatus(body, intentHash, chainTimes) {
    this.#count("legacyStatus");
    const record = intentHash ? this.#record(intentHash.toLowerCase()) : null;
    return this.#core("legacyIntentStatus", { body, record, now: nowSec(), chainTimes });
  }

  /**
   * GET /v1/intents/stream of an intent of this shard, as Server-Sent Events: the current status
   * at once, then one `status` event per change of the status body (chain events folded here, or
   * a deadline passing), `: keep-alive` comments, and the end after a final status or the
   * stream's maximum age. Changes reach open streams from memory: nothing polls storage per
   * client. The URL carries {query, intentHash, chainTimes} as the worker resolved them.
   */
  async fetch(request) {
    this.#count("stream");
    const url = new URL(request.url);
    const intentHash = url.searchParams.get("intentHash")?.toLowerCase() ?? null;
    const sub = {
      intentHash,
      query: JSON.parse(url.searchParams.get("query")),
      chainTimes: JSON.parse(url.searchParams.get("chainTimes") ?? "{}"),
      opened: Date.now(),
      last: null,
      lastEventId: request.headers.get("last-event-id"),
      closed: false,
    };
    const { readable, writable } = new TransformStream();
    sub.writer = writable.getWriter();
    sub.writer.closed.catch(() => this.#drop(sub)); // the client went away
    await this.#push(sub);
    if (!sub.closed) {
      if (!this.#streams.has(intentHash)) this.#streams.set(intentHash, new Set());
      this.#streams.get(intentHash).add(sub);
      this.#tickSoon();
    }
    return new Response(readable, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform" } });
  }

  /**
   * When a record and a quote-id row of this shard may go ({record, quote}: each {expireAt} or
   * null when not stored; expireAt null: kept, or for a quote id, goes with its record), for
   * tests and operators. Reads only.
   */
  expiries({ intentHash = null, quoteId = null } = {}) {
    const record = intentHash ? this.sql.exec("SELECT expire_at FROM record WHERE intent_hash = ?", String(intentHash).toLowerCase()).toArray()[0] : null;
    const quote = quoteId ? this.sql.exec("SELECT intent_hash, expire_at FROM quote WHERE quote_id = ?", String(quoteId).toLowerCase()).toArray()[0] : null;
    return {
      record: record ? { expireAt: record.expire_at } : null,
      quote: quote ? { intentHash: quote.intent_hash, expireAt: quote.expire_at } : null,
    };
  }

  /** {calls: {method: n}, records, quotes, transactions}: what this shard took, for the scale simulation. */
  stats() {
    const count = (table) => this.sql.exec(`SELECT COUNT(*) AS n FROM ${table}`).toArray()[0].n;
    return { calls: { ...this.#calls }, records: count("record"), quotes: count("quote"), transactions: count("tx") };
  }

  // ---- internals ---------------------------------------------------------------------------

  // ---- webhooks: owned intents' status changes -------------------------------------------

  /** Marks owned intents among `hashes` for a status check now (the alarm delivers changes). */
  async #checkOwned(hashes) {
    let any = false;
    for (const hash of hashes) {
      const row = this.sql.exec("UPDATE owner SET check_at = ? WHERE intent_hash = ? RETURNING intent_hash", nowSec(), hash.toLowerCase()).toArray();
      if (row.length > 0) this.#marks.set(row[0].intent_hash, (this.#marks.get(row[0].intent_hash) ?? 0) + 1);
      any ||= row.length > 0;
    }
    if (any) await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * Delivers the status changes of owned intents that are due for a check: after chain events,
   * at their next deadline (a status can change with time alone), or on a retry. The last
   * delivered status moves on only once the deliveries are queued.
   */
  async alarm() {
    const now = nowSec();
    await this.#dropExpired(now);
    await this.#checkQuoteRows(now);
    const due = this.sql.exec("SELECT intent_hash, owner, last_status FROM owner WHERE check_at IS NOT NULL AND check_at <= ?", now).toArray();
    for (const row of due) {
      const mark = this.#marks.get(row.intent_hash) ?? 0;
      const record = this.#record(row.intent_hash);
      let next = null;
      // Without a record (not stored yet, or gone) there is nothing to judge and no deadline to
      // wait for: the check ends, and a chain event that creates the record marks the intent again.
      if (record) {
        try {
          const { heads } = await chainClocks(this.env);
          // One answer: the status now and when time alone could change it (the core reads the
          // record's deadlines; the shard keeps the record opaque).
          const answer = await this.#core("intentStatusCheck", { record, now, chainTimes: {}, chainHeads: heads });
          if (answer.status !== 200) throw new Error(`intentStatusCheck answered ${answer.status}`);
          const after = answer.body.status;
          if (after.status !== row.last_status) {
            await deliverStatusChange(this.env, row.owner, row.last_status ? { status: row.last_status } : null, after);
            this.sql.exec("UPDATE owner SET last_status = ? WHERE intent_hash = ?", after.status, row.intent_hash);
          }
          next = answer.body.recheckAt;
        } catch (e) {
          console.error(JSON.stringify({ event: "webhook-status-check-failed", intentHash: row.intent_hash, message: String(e?.message ?? e) }));
          next = now + 30;
        }
      }
      // Chain events that arrived while this check awaited the core and the queues (an
      // IntentProven right after a fill) marked the intent again: check it again at once rather
      // than at the next deadline, which would hold the new status back until then.
      if ((this.#marks.get(row.intent_hash) ?? 0) !== mark) next = now;
      else this.#marks.delete(row.intent_hash);
      this.sql.exec("UPDATE owner SET check_at = ? WHERE intent_hash = ?", next, row.intent_hash);
    }
    const checks = this.sql.exec("SELECT MIN(check_at) AS at FROM owner WHERE check_at IS NOT NULL").toArray()[0]?.at ?? null;
    const soonest = [checks, this.#nextExpiry()].filter((t) => t != null);
    if (soonest.length > 0) await this.ctx.storage.setAlarm(Math.max(Date.now() + 50, Math.min(...soonest) * 1000));
  }

  /** The earliest expiry of a record or a quote-id row, or null. */
  #nextExpiry() {
    const records = this.sql.exec("SELECT MIN(expire_at) AS at FROM record WHERE expire_at IS NOT NULL").toArray()[0]?.at ?? null;
    const quotes = this.sql.exec("SELECT MIN(expire_at) AS at FROM quote WHERE expire_at IS NOT NULL").toArray()[0]?.at ?? null;
    const times = [records, quotes].filter((t) => t != null);
    return times.length > 0 ? Math.min(...times) : null;
  }

  // ---- retention: records the chains never touched -----------------------------------------

  /** The core's retention of records about to be stored: {hash: unix seconds | null}. */
  async #retention(records) {
    if (Object.keys(records ?? {}).length === 0) return {};
    const grace = this.env.RECORD_GRACE_SEC;
    const input = { records, now: nowSec(), ...(grace !== undefined && grace !== "" ? { graceSec: Number(grace) } : {}) };
    const answer = await this.#core("recordRetention", input);
    if (answer.status !== 200) throw new Error(`recordRetention answered ${answer.status}`);
    return answer.body.expireAt;
  }

  /** The core's expiry of a quote-id row kept apart from its record (op "quoteIdRetention"). */
  async #quoteRowExpiry(quoteId, intentHash, record) {
    const id = String(quoteId).toLowerCase();
    const answer = await this.#quoteRowRetention({ [id]: { intentHash: String(intentHash).toLowerCase(), record } }, nowSec());
    return answer[id];
  }

  async #quoteRowRetention(rows, now) {
    const grace = this.env.RECORD_GRACE_SEC;
    const input = { rows, now, ...(grace !== undefined && grace !== "" ? { graceSec: Number(grace) } : {}) };
    const answer = await this.#core("quoteIdRetention", input);
    if (answer.status !== 200) throw new Error(`quoteIdRetention answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body.expireAt;
  }

  /**
   * The quote-id rows whose time came (rows kept apart from their intent's record): each is
   * checked against its record as the record's shard holds it now, and the core answers whether
   * it goes (the record is gone, or untouched and past its own expiry), is kept (the record holds
   * a transaction) or waits longer (the record's expiry moved). A bounded batch per alarm.
   */
  async #checkQuoteRows(now) {
    const due = this.sql.exec("SELECT quote_id, intent_hash, expire_at FROM quote WHERE expire_at IS NOT NULL AND expire_at <= ? LIMIT ?", now, QUOTE_ROW_BATCH).toArray();
    if (due.length === 0) return;
    try {
      const records = {};
      const elsewhere = [];
      for (const { intent_hash: hash } of due) {
        const local = this.#record(hash);
        if (local || this.#isOwnShard(hash)) records[hash] = local;
        else elsewhere.push(hash);
      }
      const byShard = new Map();
      for (const hash of elsewhere) {
        const key = hash.slice(2, 4);
        if (!byShard.has(key)) byShard.set(key, []);
        byShard.get(key).push(hash);
      }
      for (const found of await Promise.all([...byShard.values()].map((hashes) => shardOf(this.env, hashes[0]).recordsOf(hashes)))) Object.assign(records, found);
      const rows = Object.fromEntries(due.map((r) => [r.quote_id, { intentHash: r.intent_hash, record: records[r.intent_hash] ?? null }]));
      const expireAt = await this.#quoteRowRetention(rows, now);
      this.ctx.storage.transactionSync(() => {
        for (const r of due) {
          const at = expireAt[r.quote_id];
          // Only rows still as read: a registration meanwhile stored the row again with its own expiry.
          if (at != null && at <= now) this.sql.exec("DELETE FROM quote WHERE quote_id = ? AND expire_at = ?", r.quote_id, r.expire_at);
          else this.sql.exec("UPDATE quote SET expire_at = ? WHERE quote_id = ? AND expire_at = ?", at ?? null, r.quote_id, r.expire_at);
        }
      });
    } catch (e) {
      console.error(JSON.stringify({ event: "quote-row-retention-failed", message: String(e?.message ?? e) }));
      const ids = due.map((r) => r.quote_id);
      this.sql.exec(`UPDATE quote SET expire_at = ? WHERE quote_id IN (${ids.map(() => "?").join(", ")}) AND expire_at <= ?`, now + QUOTE_ROW_RETRY_SEC, ...ids, now);
    }
  }

  /** Whether `hash` belongs to this shard (its first byte names this object). */
  #isOwnShard(hash) {
    return this.env.INTENT_SHARDS.idFromName(`shard:${hash.slice(2, 4)}`).equals(this.ctx.id);
  }

  /**
   * Brings rows stored before their rule existed under it, once per object (meta "retention"):
   * records without an expiry (stored before op "recordRetention") get the one the core gives
   * them now (null again for those that hold a transaction), and quote-id rows without one whose
   * record this shard does not hold are due for a check at the next alarm (their registered
   * deadlines were never stored with them; the check reads the record's). Runs before the object
   * answers anything; a failure leaves the rows as they were, to be tried at the next start.
   */
  async #upgradeRetention() {
    const done = this.sql.exec("SELECT value FROM meta WHERE name = 'retention'").toArray()[0]?.value ?? 0;
    if (done >= RETENTION_VERSION) return;
    try {
      const now = nowSec();
      let after = "";
      for (;;) {
        const rows = this.sql.exec("SELECT intent_hash, record FROM record WHERE expire_at IS NULL AND intent_hash > ? ORDER BY intent_hash LIMIT 200", after).toArray();
        if (rows.length === 0) break;
        const expireAt = await this.#retention(Object.fromEntries(rows.map((r) => [r.intent_hash, JSON.parse(r.record)])));
        this.ctx.storage.transactionSync(() => {
          for (const r of rows) if (expireAt[r.intent_hash] != null) this.sql.exec("UPDATE record SET expire_at = ? WHERE intent_hash = ?", expireAt[r.intent_hash], r.intent_hash);
        });
        after = rows[rows.length - 1].intent_hash;
      }
      this.ctx.storage.transactionSync(() => {
        this.sql.exec("UPDATE quote SET expire_at = ? WHERE expire_at IS NULL AND intent_hash NOT IN (SELECT intent_hash FROM record)", now);
        this.sql.exec("INSERT OR REPLACE INTO meta (name, value) VALUES ('retention', ?)", RETENTION_VERSION);
      });
      const next = this.#nextExpiry();
      if (next != null) await this.#armExpiry({ next });
    } catch (e) {
      console.error(JSON.stringify({ event: "retention-upgrade-failed", object: "IntentShard", message: String(e?.message ?? e) }));
    }
  }

  /**
   * Once per object (meta "deposit-wake"): starts the object of every deposit address this shard
   * indexes. An address stored before its retention alarm existed gets that alarm when its object
   * starts (deposit-addresses.js); an unfunded one past its deadline is otherwise never touched
   * again (its chain's reader no longer watches it, nobody looks it up), so it would be kept
   * forever. In the background, a few at a time; the mark is set only once all were reached.
   */
  #wakeIndexedDeposits() {
    if (this.sql.exec("SELECT 1 FROM meta WHERE name = 'deposit-wake'").toArray().length > 0) return;
    const vaults = this.sql.exec("SELECT vault FROM deposit_vault").toArray().map((r) => r.vault);
    const run = async () => {
      for (let i = 0; i < vaults.length; i += 20) {
        await Promise.all(vaults.slice(i, i + 20).map((vault) => depositOf(this.env, vault).read()));
      }
      this.sql.exec("INSERT OR REPLACE INTO meta (name, value) VALUES ('deposit-wake', 1)");
    };
    run().catch((e) => console.error(JSON.stringify({ event: "deposit-wake-failed", message: String(e?.message ?? e) })));
  }

  /** Brings the alarm forward to the earliest of `expireAt` when it is set later (or not at all). */
  async #armExpiry(expireAt) {
    const times = Object.values(expireAt).filter((t) => t != null);
    if (times.length === 0) return;
    const at = Math.min(...times) * 1000;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(Math.max(Date.now() + 50, at));
  }

  /**
   * Deletes the records past their retention, with this shard's quote ids that lead to them and
   * their webhook owners (a bounded batch per alarm; the next alarm takes the rest). Such a record
   * holds at most its publication, whose transaction-index row (in the transaction's shard) goes
   * with it. Quote-id rows of such records kept in other shards go by those shards' alarms
   * (#checkQuoteRows).
   */
  async #dropExpired(now) {
    const unindexed = this.ctx.storage.transactionSync(() => {
      const expired = "SELECT intent_hash FROM record WHERE expire_at IS NOT NULL AND expire_at <= ? LIMIT 1000";
      // Such a record may still hold its publication (op "recordRetention"): its index row goes too.
      const rows = this.sql.exec(`DELETE FROM record_tx WHERE intent_hash IN (${expired}) RETURNING intent_hash, tx_hash`, now).toArray();
      this.sql.exec(`DELETE FROM quote WHERE intent_hash IN (${expired})`, now);
      this.sql.exec(`DELETE FROM owner WHERE intent_hash IN (${expired})`, now);
      this.sql.exec(`DELETE FROM record WHERE intent_hash IN (${expired})`, now);
      return rows.map((r) => ({ transactionHash: r.tx_hash, intentHash: r.intent_hash }));
    });
    // A row left behind (its shard unreachable) is harmless: a lookup through it finds no record.
    await Promise.all([...byShard(unindexed, (p) => p.transactionHash).values()].map((pairs) =>
      shardOf(this.env, pairs[0].transactionHash).mapTransactions([], pairs).catch((e) =>
        console.error(JSON.stringify({ event: "transaction-unindex-failed", message: String(e?.message ?? e) })),
      ),
    ));
  }

  /** Sends the intent's status to one stream when it differs from what the stream last got. */
  async #push(sub) {
    // Records of streamed intents are held in memory (kept current by #storeRecords), so the
    // keep-alive ticks that catch deadlines read no storage.
    let record = null;
    if (sub.intentHash) {
      if (!this.#live.has(sub.intentHash)) this.#live.set(sub.intentHash, this.#record(sub.intentHash));
      record = this.#live.get(sub.intentHash);
    }
    // The readers' latest heads: a transaction's confirmations grow, and it turns final, while the
    // stream is open.
    const { heads } = await chainClocks(this.env);
    const answer = await this.#core("intentStatus", { query: sub.query, record, now: nowSec(), chainTimes: sub.chainTimes, chainHeads: heads });
    if (sub.closed) return;
    if (answer.status !== 200) return this.#close(sub);
    const data = JSON.stringify(answer.body);
    if (data !== sub.last) {
      sub.last = data;
      // The id names the body: a client reconnecting with Last-Event-ID of the status it already
      // has is not sent it again.
      const id = await bodyId(data);
      if (sub.closed || id === sub.lastEventId) return;
      this.#write(sub, `event: status\nid: ${id}\ndata: ${data}\n\n`);
    }
    // Closed at a status the package's watchIntent also ends on. (A settlement is not final until
    // its proof is: closing at the body's "final" instead would hold local streams open until
    // anvil's finalized block passes, 64 blocks; clients would then have to end on "final" too.)
    if (STREAM_END_STATUSES.has(answer.body.status)) this.#close(sub);
  }

  #notify(hashes) {
    for (const hash of hashes) {
      for (const sub of this.#streams.get(hash) ?? []) this.#push(sub).catch(() => this.#close(sub));
    }
  }

  /** Keep-alives, deadlines that pass without an event, and the streams' maximum age. */
  #tickSoon() {
    if (this.#ticker) return;
    const every = Number(this.env.STREAM_KEEPALIVE_MS ?? STREAM_KEEPALIVE_MS);
    const maxAge = Number(this.env.STREAM_MAX_MS ?? STREAM_MAX_MS);
    this.#ticker = setInterval(() => {
      for (const subs of this.#streams.values()) {
        for (const sub of subs) {
          if (Date.now() - sub.opened >= maxAge) {
            this.#close(sub);
            continue;
          }
          this.#write(sub, ": keep-alive\n\n");
          this.#push(sub).catch(() => this.#close(sub));
        }
      }
      if (this.#streams.size === 0) {
        clearInterval(this.#ticker);
        this.#ticker = null;
      }
    }, every);
  }

  #write(sub, text) {
    sub.writer.write(encoder.encode(text)).catch(() => this.#drop(sub));
  }

  #close(sub) {
    if (sub.closed) return;
    this.#drop(sub);
    sub.writer.close().catch(() => {});
  }

  #drop(sub) {
    sub.closed = true;
    const subs = this.#streams.get(sub.intentHash);
    subs?.delete(sub);
    if (subs?.size === 0) this.#streams.delete(sub.intentHash);
    if (!this.#streams.has(sub.intentHash)) this.#live.delete(sub.intentHash);
  }

  #count(method) {
    this.#calls[method] = (this.#calls[method] ?? 0) + 1;
  }

  #serially(task) {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #core(op, input) {
    return askCore(this.env, op, input);
  }

  #storeRecords(records, expireAt = {}) {
    for (const [hash, record] of Object.entries(records ?? {})) {
      if (this.#live.has(hash)) this.#live.set(hash, record);
      this.sql.exec("INSERT OR REPLACE INTO record (intent_hash, record, expire_at) VALUES (?, ?, ?)", hash, JSON.stringify(record), expireAt[hash] ?? null);
    }
  }

  #record(hash) {
    const row = this.sql.exec("SELECT record FROM record WHERE intent_hash = ?", hash).toArray()[0];
    return row ? JSON.parse(row.record) : null;
  }
}
