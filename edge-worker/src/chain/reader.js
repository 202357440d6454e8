// Chain reading, one Durable Object per chain: its cursor, head, confirmation window and anchor
// block. It fetches the chain's Portal and prover logs in the core's bounded ranges (op
// "pollPlan", re-reading a confirmation window for reorganisations) and hands them to the intent
// shards that own them (logs.js); the cursor advances only after every shard stored its part,
// so a failure re-reads the range and a log seen twice changes nothing. A re-read range also goes
// to the shards of the intents it had logs of before (window_intent): the core replaces what their
// records held in those blocks, so a transaction a reorganisation removed leaves them.
//
// The same reading feeds deposit addresses funded by plain transfer: the reader keeps the chain's
// watched deposit vaults (registered by DepositAddresses at creation, dropped once funded, funded
// by a submit, or past their deadline), fetches the Transfer filters the core adds to each range,
// has the core route those logs to their vaults and name the vaults due (op "routeDepositTransfers")
// and hands each its part of the range (DepositAddresses.observeTransfers), before the cursor moves
// like the rest. A vault that holds transfers not yet at the confirmation depth gets every later
// range that reaches them, with or without new transfers, so the core sees them confirmed or
// reorganised away. Which vaults stay watched is the core's: past their deadline (op
// "chainReaderStep"), or no longer waiting (each vault's observe answer, its `watch`).
// Why here and not in each address: one eth_getLogs per range serves every vault of the chain
// (a filter lists up to 100 of them), where a poll per address cost one RPC round per address
// every few seconds for as long as it lived; and the confirmation window is already this reader's.
//
// When it runs: the cron trigger calls `poll` (every minute in production). With the variable
// POLL_INTERVAL_MS set (local: 1000) the object also polls from its own alarm at that interval,
// armed by `start` (the status facade calls it once per isolate). A chain whose block 1 changed
// (a restarted anvil: its blocks carry new timestamps) starts over from its first block. A head
// below the cursor with the same block 1 is a node behind its balancer: the round reads nothing
// and moves nothing until a head passes the cursor again. Those rules, how far each range moves
// the cursor and when the alarm wakes are op "chainReaderStep"'s (src/service/reader/
// chain_reader_step.h): this object is its driver, it performs the reads the step names, hands
// the logs over and writes the rows.
//
// Providers as they are: the chain's endpoints are tried in order of health, 429s honoured, every
// call bounded in time (chain/rpc-endpoints.js); a log range the provider refuses as too large is read in
// halves (getLogs below). A node that answers eth_getLogs from behind the head it reported (an
// empty answer for blocks it does not have yet) is caught by the confirmation window: every round
// re-reads the last `confirmations` blocks, so such blocks are read again from a node that has them.
// Where the node serves a `finalized` block, every round re-reads everything above the finalized
// block of the previous round (up to one range below the cursor): a transaction there is not final
// (the status says so), and a reorganisation deeper than the confirmation window still takes it back.
//
// Only chains with a JSON-RPC endpoint are read: the configuration's rpcUrl (local chains) or the
// deployment's CHAIN_RPC_URLS (chain/rpc.js). Without one a chain has no status from polling (only
// pushed logs) and its deposit addresses are funded only by submits: their vaults stay registered
// here, unread, until their deadline, so an endpoint added later reads them from then on.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { deliverLogs } from "./logs.js";
import { deploymentRpcUrls, rpcUrlsOf } from "./rpc.js";
import { endpointHealth, refusesRange, rpcEndpoints } from "./rpc-endpoints.js";
import { applyWrites } from "../runtime/sql-writes.js";
import { depositOf } from "../runtime/objects.js";

/** An environment's number where it is set (the core's default otherwise). */
function setting(env, name) {
  const n = Number(env[name]);
  return env[name] !== undefined && env[name] !== "" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export class ChainReader extends DurableObject {
  /** Whether this instance has compared the chain's anchor block. */
  #anchorChecked = false;
  #polling = null;
  /** Why the last round failed (null when it did not), since this isolate started: GET /internal/status. */
  #lastError = null;
  #calls = {};
  /** When a step last set the polling alarm (Unix ms). */
  #armedAt = 0;
  /** The blocks the last round named for the next one to read first (null: ask first). */
  #nextRead = null;

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS cursor (id INTEGER PRIMARY KEY CHECK (id = 1), chain_id INTEGER NOT NULL, block INTEGER, head INTEGER, head_time INTEGER, anchor_hash TEXT, polled_at INTEGER)");
    // The chain's finalized block at the last head (null where the node serves no such tag) and
    // the confirmation depth read with it: what status bodies judge finality by (finality.h).
    for (const column of ["finalized INTEGER", "depth INTEGER"]) {
      try {
        this.sql.exec(`ALTER TABLE cursor ADD COLUMN ${column}`);
      } catch {
        // an object created since the column existed
      }
    }
    // recheck_from: the lowest block of the vault's transfers not yet at the confirmation depth.
    this.sql.exec("CREATE TABLE IF NOT EXISTS deposit_watch (vault TEXT PRIMARY KEY, token TEXT NOT NULL, deadline INTEGER NOT NULL, recheck_from INTEGER)");
    // Every registration drops the expired vaults first: by index, or each creation would scan the
    // whole watch list (10,000 registrations took 93 s without it, bench/abuse.mjs).
    this.sql.exec("CREATE INDEX IF NOT EXISTS deposit_watch_deadline ON deposit_watch (deadline)");
    // Which intents had logs in the blocks the confirmation window still re-reads: a re-read
    // range hands them to their shards even when the chain no longer has their logs there.
    this.sql.exec("CREATE TABLE IF NOT EXISTS window_intent (block INTEGER NOT NULL, intent_hash TEXT NOT NULL, PRIMARY KEY (block, intent_hash))");
  }

  /** Reads transfers into a deposit vault from now until it is funded or `deadline` (Unix seconds) passes. */
  watchDeposit({ vault, token, deadline }) {
    this.#count("watchDeposit");
    this.sql.exec("INSERT INTO deposit_watch (vault, token, deadline) VALUES (?, ?, ?) ON CONFLICT (vault) DO NOTHING", vault.toLowerCase(), token, deadline);
  }

  /** Stops reading a vault's transfers (a submitted authorization funds it). */
  unwatchDeposit(vault) {
    this.#count("unwatchDeposit");
    this.sql.exec("DELETE FROM deposit_watch WHERE vault = ?", vault.toLowerCase());
  }

  /** Arms the polling alarm (when POLL_INTERVAL_MS is set, op chainReaderStep) unless it is armed. */
  async start(chainId) {
    this.#count("start");
    this.#remember(chainId);
    if ((await this.ctx.storage.getAlarm()) === null) await this.#arm();
  }

  /** One polling round; concurrent calls share it. */
  async poll(chainId) {
    this.#count("poll");
    this.#remember(chainId);
    this.#polling ??= this.#pollRound()
      .then(
        (outcome) => ((this.#lastError = outcome?.error ?? null), outcome),
        (e) => {
          this.#lastError = String(e?.message ?? e);
          throw e;
        },
      )
      .finally(() => (this.#polling = null));
    return this.#polling;
  }

  async alarm() {
    const started = Date.now();
    try {
      if (this.#row()) await this.poll(this.#row().chain_id);
    } finally {
      // Each round arms the next one interval after its start (op chainReaderStep); a round that
      // failed before it could (the core unavailable) leaves the alarm armed all the same.
      if (this.#armedAt < started) await this.#arm();
    }
  }

  /** {chainId, block, head, headTime, finalized, depth, polledAt} or null before the first poll. */
  cursor() {
    this.#count("cursor");
    const row = this.#row();
    return row
      ? { chainId: row.chain_id, block: row.block, head: row.head, headTime: row.head_time, finalized: row.finalized, depth: row.depth, polledAt: row.polled_at }
      : null;
  }

  /** What GET /internal/status shows of this reader: its cursor row and its endpoints' health (op operatorStatus). */
  status(chainId) {
    const row = this.#row();
    return {
      reader: row ? { head: row.head, cursor: row.block, finalized: row.finalized, polledAt: row.polled_at, lastError: this.#lastError } : null,
      providers: endpointHealth(rpcUrlsOf(this.env, Number(chainId))),
    };
  }

  // ---- internals ---------------------------------------------------------------------------

  #count(method) {
    this.#calls[method] = (this.#calls[method] ?? 0) + 1;
  }

  #row() {
    return this.sql.exec("SELECT chain_id, block, head, head_time, anchor_hash, polled_at, finalized, depth FROM cursor WHERE id = 1").toArray()[0] ?? null;
  }

  #remember(chainId) {
    this.sql.exec("INSERT INTO cursor (id, chain_id) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", Number(chainId));
  }

  /** The polling alarm an object without one gets (event start). */
  async #arm() {
    const step = await this.#ask({ ...this.#settings(), chainId: null }, { kind: "start" });
    if (step.alarmAt !== null) await this.#setAlarm(step.alarmAt);
  }

  async #setAlarm(at) {
    this.#armedAt = Date.now();
    await this.ctx.storage.setAlarm(at);
  }

  /** The deployment's reading settings, as the step takes them. */
  #settings() {
    const confirmations = setting(this.env, "POLL_CONFIRMATIONS");
    const maxRange = setting(this.env, "POLL_MAX_RANGE");
    const intervalMs = setting(this.env, "POLL_INTERVAL_MS");
    return {
      rpcUrls: deploymentRpcUrls(this.env),
      ...(confirmations !== undefined ? { confirmations } : {}),
      ...(maxRange !== undefined ? { maxRange } : {}),
      ...(intervalMs !== undefined ? { intervalMs } : {}),
    };
  }

  async #ask(state, event) {
    const answer = await askCore(this.env, "chainReaderStep", { state: { ...state, nowMs: Date.now() }, event });
    if (answer.status !== 200) throw new Error(`chainReaderStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body;
  }

  /**
   * One round as op "chainReaderStep" decides it (src/service/reader/chain_reader_step.h): the
   * blocks to read (head, anchor, finalized), whether the chain was replaced (reset) or the node
   * lags behind the cursor (nothing moves), the ranges to read and how far each moves the cursor,
   * and the polling alarm. This object reads what the step names, hands the logs over and writes.
   */
  async #pollRound() {
    const row = this.#row();
    const chainId = row.chain_id;
    const watched = this.sql.exec("SELECT vault, token, deadline FROM deposit_watch").toArray().map(({ vault, token, deadline }) => ({ vault, token, deadline }));
    let state = {
      ...this.#settings(),
      chainId,
      cursor: { block: row.block, finalized: row.finalized, anchorHash: row.anchor_hash },
      anchorChecked: this.#anchorChecked,
      watched,
    };
    let endpoints = null;
    const rpc = (method, params) => (endpoints ??= rpcEndpoints(rpcUrlsOf(this.env, chainId))).call(method, params);
    // A round the last one named its reads for starts with them: one core call for its head.
    let event = this.#nextRead ? { kind: "read", results: await readBlocks(rpc, this.#nextRead) } : { kind: "poll" };
    for (;;) {
      const step = await this.#ask(state, event);
      this.ctx.storage.transactionSync(() => applyWrites(this.sql, step.writes, ["cursor", "deposit_watch"]));
      for (const { level, line } of step.logs) console[level](JSON.stringify(line));
      if (step.alarmAt !== null) await this.#setAlarm(step.alarmAt);
      if (typeof step.state.anchorChecked === "boolean") this.#anchorChecked = step.state.anchorChecked;
      this.#nextRead = step.state.nextRead ?? null;
      if (step.effects.length === 0) return step.reply;
      state = step.state;
      if (step.effects[0].kind === "read") {
        event = { kind: "read", results: await readBlocks(rpc, step.effects[0].blocks) };
        continue;
      }
      try {
        let logs = 0;
        // The vaults the step still watches (those past their deadline went with its writes).
        for (const range of step.effects) logs += await this.#readRange(rpc, chainId, range, step.state.watched);
        // The step's summary of the round; how many logs the reads found is this object's count.
        return { ...step.reply, logs };
      } catch (e) {
        event = { kind: "rangeFailed", message: String(e?.message ?? e) };
      }
    }
  }

  /**
   * One range the step named: its logs handed to their shards, its transfers to their vaults,
   * then (once both succeeded) the intents seen noted and the cursor moved past it, in one
   * transaction. Throws when a read or a delivery fails: the cursor stays, the range is read again.
   * @returns {Promise<number>} how many logs its reads found
   */
  async #readRange(rpc, chainId, range, watched) {
    const found = await getLogs(rpc, range.filter);
    const intents = this.sql.exec("SELECT DISTINCT intent_hash FROM window_intent WHERE block BETWEEN ? AND ?", range.fromBlock, range.toBlock).toArray().map((r) => r.intent_hash);
    const delivered = await deliverLogs(this.env, chainId, found, { fromBlock: range.fromBlock, toBlock: range.toBlock, intents });
    if (delivered.status !== 200) throw new Error(`routeLogs answered ${delivered.status}: ${delivered.body?.detail}`);
    const transfers = await this.#deliverTransfers(rpc, chainId, range, watched, range.confirmations);
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM window_intent WHERE block BETWEEN ? AND ?", range.fromBlock, range.toBlock);
      for (const [hash, n] of delivered.seen) this.sql.exec("INSERT OR IGNORE INTO window_intent (block, intent_hash) VALUES (?, ?)", n, hash);
      this.sql.exec("DELETE FROM window_intent WHERE block < ?", range.keepFrom);
      applyWrites(this.sql, range.writes, ["cursor"]);
    });
    return found.length + transfers;
  }

  /**
   * Hands each watched vault its transfers of one range (and the range itself, with none, to a
   * vault whose unconfirmed transfers it reaches); stops watching vaults that are no longer
   * waiting. Throws when an object fails, so the cursor stays and the range is read again (the
   * objects replace what they held for the range, so a second delivery changes nothing).
   * @returns {Promise<number>} how many logs the transfer filters found
   */
  async #deliverTransfers(rpc, chainId, range, watched, confirmations) {
    if (watched.length === 0) return 0;
    const logs = [];
    for (const filter of range.transferFilters) logs.push(...(await getLogs(rpc, filter)));
    // The rows as they are now: an earlier range of this round may have moved a vault's recheck.
    const deposits = this.sql
      .exec("SELECT vault, token, recheck_from FROM deposit_watch")
      .toArray()
      .map(({ vault, token, recheck_from }) => ({ vault, token, recheckFrom: recheck_from }));
    const routed = await askCore(this.env, "routeDepositTransfers", { chainId, logs, deposits, toBlock: range.toBlock });
    if (routed.status !== 200) throw new Error(`routeDepositTransfers answered ${routed.status}: ${routed.body?.detail ?? ""}`);
    const { byVault, due } = routed.body;
    await Promise.all(due.map(async (vault) => {
      const answer = await depositOf(this.env, vault).observeTransfers({ fromBlock: range.fromBlock, toBlock: range.toBlock, transfers: byVault[vault] ?? [], confirmations });
      // What to keep of the vault is the core's answer (op depositAddressStep's observe reply).
      if (answer.watch) this.sql.exec("UPDATE deposit_watch SET recheck_from = ? WHERE vault = ?", answer.watch.recheckFrom ?? null, vault);
      else this.sql.exec("DELETE FROM deposit_watch WHERE vault = ?", vault);
    }));
    return logs.length;
  }
}

/**
 * eth_getBlockByNumber of each tag a step named, in order, stopping at the first that throws (the
 * step judges what was read).
 */
async function readBlocks(rpc, tags) {
  const results = [];
  for (const tag of tags) {
    try {
      results.push({ tag, block: (await rpc("eth_getBlockByNumber", [tag, false])) ?? null });
    } catch (e) {
      results.push({ tag, thrown: String(e?.message ?? e) });
      break;
    }
  }
  return results;
}

/**
 * eth_getLogs over a filter's block range, split in halves whenever the provider refuses a range
 * as too wide or too rich (-32005, "query returned more than 10000 results", "block range too
 * large"), down to single blocks: the same logs, in order, in as many calls as the provider takes.
 */
async function getLogs(rpc, filter) {
  try {
    return await rpc("eth_getLogs", [filter]);
  } catch (e) {
    const from = Number(BigInt(filter.fromBlock));
    const to = Number(BigInt(filter.toBlock));
    if (!refusesRange(e) || from >= to) throw e;
    const middle = from + Math.floor((to - from) / 2);
    const quantity = (n) => "0x" + n.toString(16);
    const first = await getLogs(rpc, { ...filter, fromBlock: quantity(from), toBlock: quantity(middle) });
    return first.concat(await getLogs(rpc, { ...filter, fromBlock: quantity(middle + 1), toBlock: quantity(to) }));
  }
}
