// Intent status from chain events: one Durable Object ("status index") stores every intent record
// the core's state machine produces, the quoteId -> delivery intent map, and one cursor per chain,
// all in SQLite. The core decides everything (ops registerQuote, applyLogs, intentStatus,
// legacyIntentStatus, pollPlan); this object only stores, fetches logs and keeps the clock.
//
// Feeding paths, both ending in #applyLogs:
// - the poller (`poll`): eth_getBlockByNumber("latest") per chain with an rpcUrl, then the core's
//   bounded ranges (re-reading a confirmation window for reorganisations), eth_getLogs for the
//   Portal and prover, and the cursor advanced only after the range's logs are stored;
// - POST /internal/chain-events (pushed logs, bearer INDEXER_TOKEN).
// A log seen twice changes nothing (the core compares records), so re-reads and pushes of logs
// already polled are harmless.
//
// When it runs: the cron trigger calls `poll` (every minute in production). With the variable
// POLL_INTERVAL_MS set (local: 1000) the object also polls from its own alarm at that interval;
// every call into the object arms the alarm if it is not armed, so `npm start` needs no cron.
// A chain whose block 1 changed (a restarted anvil: its blocks carry new timestamps) starts over
// from its first block; so does a chain whose head is below the cursor.
import { DurableObject } from "cloudflare:workers";
import { callCore } from "./core.js";
import { jsonRpc } from "./chain-rpc.js";
import { settings } from "./settings.js";

const INDEX_NAME = "global";
const DEFAULT_CONFIRMATIONS = 12;
const DEFAULT_MAX_RANGE = 1000;
const MAX_RANGES_PER_POLL = 4;

/** The status index stub. */
export function statusIndex(env) {
  return env.STATUS_INDEX.get(env.STATUS_INDEX.idFromName(INDEX_NAME));
}

const nowSec = () => Math.floor(Date.now() / 1000);

export class StatusIndex extends DurableObject {
  /** Serialises record updates: a read-modify-write spans awaits on the core. */
  #queue = Promise.resolve();
  /** Chains whose anchor block this instance has already compared. */
  #anchorChecked = new Set();
  #polling = null;

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS record (intent_hash TEXT PRIMARY KEY, record TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS quote (quote_id TEXT PRIMARY KEY, intent_hash TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS tx (tx_hash TEXT NOT NULL, intent_hash TEXT NOT NULL, PRIMARY KEY (tx_hash, intent_hash));
      CREATE TABLE IF NOT EXISTS chain_cursor (chain_id INTEGER PRIMARY KEY, block INTEGER, head INTEGER, head_time INTEGER, anchor_hash TEXT, polled_at INTEGER)`);
  }

  // ---- RPC methods -----------------------------------------------------------------------

  /** Registers a quote's intents (and each competing quote's). Returns the delivery intents. */
  async registerQuote(quote) {
    await this.#ensureAlarm();
    const quotes = [quote, ...(Array.isArray(quote?.competingQuotes) ? quote.competingQuotes : [])];
    const delivered = [];
    for (const q of quotes) {
      const body = await this.#serially(() => this.#withRecords("registerQuote", { quote: q, now: nowSec() }, (out) => {
        this.#storeRecords(out.records);
        if (out.deliveryIntentHash) {
          this.sql.exec("INSERT OR REPLACE INTO quote (quote_id, intent_hash) VALUES (?, ?)", out.quoteId, out.deliveryIntentHash);
        }
      }));
      delivered.push({ quoteId: body.quoteId, intentHash: body.deliveryIntentHash });
    }
    return delivered;
  }

  /** Pushed or polled logs of one chain. Returns the core's answer {status, body}. */
  async applyLogs(chainId, logs) {
    await this.#ensureAlarm();
    return this.#serially(() => this.#applyLogs(chainId, logs));
  }

  /** GET /v1/intents/status: query {intentHash, quoteId} as raw strings (null when absent). */
  async status(query) {
    await this.#ensureAlarm();
    const hash = query.intentHash != null ? String(query.intentHash).toLowerCase() : this.#deliveryOf(query.quoteId);
    return this.#core("intentStatus", { query, record: hash ? this.#record(hash) : null, now: nowSec(), chainTimes: this.#chainTimes() });
  }

  /** POST /api/v3/intents/intentStatus: by intentHash, else by the creation or fill transaction. */
  async legacyStatus(body) {
    await this.#ensureAlarm();
    const text = (v) => (typeof v === "string" ? v.toLowerCase() : null);
    const b = body && typeof body === "object" ? body : {};
    const hash = text(b.intentHash) ?? this.#intentOfTx(text(b.intentCreatedHash)) ?? this.#intentOfTx(text(b.fulfillmentHash));
    return this.#core("legacyIntentStatus", { body, record: hash ? this.#record(hash) : null, now: nowSec(), chainTimes: this.#chainTimes() });
  }

  /** The stored record of an intent (for other parts of the worker), or null. */
  async record(intentHash) {
    return this.#record(String(intentHash).toLowerCase());
  }

  /** Per-chain cursors, for /health-style inspection and tests. */
  async cursors() {
    return this.sql.exec("SELECT chain_id, block, head, head_time, polled_at FROM chain_cursor ORDER BY chain_id").toArray();
  }

  /** One polling round over every chain with an rpcUrl; concurrent calls share the round. */
  async poll() {
    await this.#ensureAlarm();
    this.#polling ??= this.#pollRound().finally(() => (this.#polling = null));
    return this.#polling;
  }

  async alarm() {
    try {
      await this.poll();
    } finally {
      await this.#ensureAlarm(true);
    }
  }

  // ---- internals ---------------------------------------------------------------------------

  #serially(task) {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => {});
    return run;
  }

  async #core(op, input) {
    return callCore(settings(this.env).coreInputs, op, input);
  }

  /**
   * Runs a record-merging op: first with the records it names as missing loaded, then `store`
   * on the answer. Nothing awaits between loading and storing except the core, and updates are
   * serialised, so no other update interleaves.
   */
  async #withRecords(op, input, store) {
    let answer = await this.#core(op, { ...input, records: {} });
    if (answer.status === 200 && Array.isArray(answer.body.missing)) {
      const records = Object.fromEntries(answer.body.missing.map((h) => [h, this.#record(h)]));
      answer = await this.#core(op, { ...input, records });
    }
    if (answer.status !== 200) {
      const error = new Error(`${op} answered ${answer.status}: ${answer.body?.detail ?? ""}`);
      error.answer = answer;
      throw error;
    }
    this.ctx.storage.transactionSync(() => store(answer.body));
    return answer.body;
  }

  async #applyLogs(chainId, logs) {
    try {
      const body = await this.#withRecords("applyLogs", { chainId, logs, now: nowSec() }, (out) => this.#storeRecords(out.updates));
      return { status: 200, body: { applied: body.applied, updated: Object.keys(body.updates).length, ignored: body.ignored } };
    } catch (e) {
      if (e.answer) return e.answer;
      throw e;
    }
  }

  #storeRecords(records) {
    for (const [hash, record] of Object.entries(records ?? {})) {
      this.sql.exec("INSERT OR REPLACE INTO record (intent_hash, record) VALUES (?, ?)", hash, JSON.stringify(record));
      for (const tx of Object.values(record.transactions ?? {})) {
        if (tx) this.sql.exec("INSERT OR IGNORE INTO tx (tx_hash, intent_hash) VALUES (?, ?)", tx.transactionHash, hash);
      }
    }
  }

  #record(hash) {
    const row = this.sql.exec("SELECT record FROM record WHERE intent_hash = ?", hash).toArray()[0];
    return row ? JSON.parse(row.record) : null;
  }

  #deliveryOf(quoteId) {
    if (typeof quoteId !== "string") return null;
    return this.sql.exec("SELECT intent_hash FROM quote WHERE quote_id = ?", quoteId.toLowerCase()).toArray()[0]?.intent_hash ?? null;
  }

  #intentOfTx(txHash) {
    if (!txHash) return null;
    return this.sql.exec("SELECT intent_hash FROM tx WHERE tx_hash = ? LIMIT 1", txHash).toArray()[0]?.intent_hash ?? null;
  }

  #chainTimes() {
    const times = {};
    for (const row of this.sql.exec("SELECT chain_id, head_time FROM chain_cursor WHERE head_time IS NOT NULL")) times[row.chain_id] = row.head_time;
    return times;
  }

  async #ensureAlarm(force = false) {
    const interval = Number(this.env.POLL_INTERVAL_MS ?? 0);
    if (!(interval > 0)) return;
    if (!force && (await this.ctx.storage.getAlarm()) !== null) return;
    await this.ctx.storage.setAlarm(Date.now() + interval);
  }

  async #pollRound() {
    const cursors = {};
    for (const row of this.sql.exec("SELECT chain_id, block FROM chain_cursor")) cursors[row.chain_id] = row.block;
    const targets = await this.#core("pollPlan", { cursors });
    if (targets.status !== 200) throw new Error(`pollPlan answered ${targets.status}`);
    const heads = {};
    await Promise.all(
      targets.body.chains.map(async ({ chainId, rpcUrl }) => {
        try {
          heads[chainId] = await this.#head(chainId, jsonRpc(rpcUrl));
        } catch (e) {
          console.error(JSON.stringify({ event: "chain-poll-failed", chainId, stage: "head", message: e.message }));
        }
      }),
    );
    for (const [chainId, head] of Object.entries(heads)) {
      if (head.reset) cursors[chainId] = null;
    }
    const plan = await this.#core("pollPlan", {
      cursors,
      heads: Object.fromEntries(Object.entries(heads).map(([id, h]) => [id, h.number])),
      confirmations: Number(this.env.POLL_CONFIRMATIONS ?? DEFAULT_CONFIRMATIONS),
      maxRange: Number(this.env.POLL_MAX_RANGE ?? DEFAULT_MAX_RANGE),
      maxRanges: MAX_RANGES_PER_POLL,
    });
    if (plan.status !== 200) throw new Error(`pollPlan answered ${plan.status}`);
    const summary = [];
    await Promise.all(
      plan.body.chains.map(async ({ chainId, rpcUrl, ranges }) => {
        const head = heads[chainId];
        if (!head) return;
        const rpc = jsonRpc(rpcUrl);
        let logs = 0;
        try {
          for (const range of ranges) {
            const found = await rpc("eth_getLogs", [range.filter]);
            const answer = await this.applyLogs(chainId, found);
            if (answer.status !== 200) throw new Error(`applyLogs answered ${answer.status}: ${answer.body?.detail}`);
            logs += found.length;
            this.#saveCursor(chainId, { block: range.toBlock, head });
          }
          if (ranges.length === 0) this.#saveCursor(chainId, { block: cursors[chainId] ?? null, head });
          summary.push({ chainId, head: head.number, ranges: ranges.length, logs });
        } catch (e) {
          console.error(JSON.stringify({ event: "chain-poll-failed", chainId, stage: "logs", message: e.message }));
          summary.push({ chainId, error: e.message });
        }
      }),
    );
    return summary;
  }

  /**
   * The latest block and its time; `reset` when the chain is not the one the cursor was read
   * from. The anchor is block 1 (block 0 when there is none yet): anvil's genesis is the same on
   * every run, but block 1 carries the time it was mined.
   */
  async #head(chainId, rpc) {
    const latest = await rpc("eth_getBlockByNumber", ["latest", false]);
    const number = Number(BigInt(latest.number));
    let reset = false;
    if (!this.#anchorChecked.has(chainId) && number >= 1) {
      const anchor = (await rpc("eth_getBlockByNumber", ["0x1", false]))?.hash ?? null;
      const stored = this.sql.exec("SELECT anchor_hash FROM chain_cursor WHERE chain_id = ?", Number(chainId)).toArray()[0];
      reset = Boolean(stored?.anchor_hash) && stored.anchor_hash !== anchor;
      if (reset) console.log(JSON.stringify({ event: "chain-replaced", chainId, anchor }));
      this.sql.exec(
        "INSERT INTO chain_cursor (chain_id, block, anchor_hash) VALUES (?, NULL, ?) ON CONFLICT (chain_id) DO UPDATE SET anchor_hash = excluded.anchor_hash, block = CASE WHEN ? THEN NULL ELSE chain_cursor.block END",
        Number(chainId), anchor, reset ? 1 : 0,
      );
      this.#anchorChecked.add(chainId);
    }
    return { number, time: Number(BigInt(latest.timestamp)), reset };
  }

  #saveCursor(chainId, { block, head }) {
    this.sql.exec(
      "INSERT INTO chain_cursor (chain_id, block, head, head_time, polled_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (chain_id) DO UPDATE SET block = excluded.block, head = excluded.head, head_time = excluded.head_time, polled_at = excluded.polled_at",
      Number(chainId), block, head.number, head.time, nowSec(),
    );
  }
}
