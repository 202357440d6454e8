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
// has the core route those logs to their vaults (op "routeDepositTransfers") and hands each vault
// its part of the range (DepositAddresses.observeTransfers), before the cursor moves like the rest.
// A vault that holds transfers not yet at the confirmation depth gets every later range that
// reaches them, with or without new transfers, so the core sees them confirmed or reorganised away.
// Why here and not in each address: one eth_getLogs per range serves every vault of the chain
// (a filter lists up to 100 of them), where a poll per address cost one RPC round per address
// every few seconds for as long as it lived; and the confirmation window is already this reader's.
//
// When it runs: the cron trigger calls `poll` (every minute in production). With the variable
// POLL_INTERVAL_MS set (local: 1000) the object also polls from its own alarm at that interval,
// armed by `start` (the status facade calls it once per isolate). A chain whose block 1 changed
// (a restarted anvil: its blocks carry new timestamps) starts over from its first block. A head
// below the cursor with the same block 1 is a node behind its balancer: the round reads nothing
// and moves nothing until a head passes the cursor again.
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
import { nowSec } from "../runtime/time.js";
import { depositOf } from "../runtime/objects.js";

const DEFAULT_CONFIRMATIONS = 12;
const DEFAULT_MAX_RANGE = 1000;
const MAX_RANGES_PER_POLL = 4;

export class ChainReader extends DurableObject {
  /** Whether this instance has compared the chain's anchor block. */
  #anchorChecked = false;
  #polling = null;
  /** Why the last round failed (null when it did not), since this isolate started: GET /internal/status. */
  #lastError = null;
  #calls = {};

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
    this.#dropExpiredDeposits();
    this.sql.exec("INSERT INTO deposit_watch (vault, token, deadline) VALUES (?, ?, ?) ON CONFLICT (vault) DO NOTHING", vault.toLowerCase(), token, deadline);
  }

  /** Stops reading a vault's transfers (a submitted authorization funds it). */
  unwatchDeposit(vault) {
    this.#count("unwatchDeposit");
    this.sql.exec("DELETE FROM deposit_watch WHERE vault = ?", vault.toLowerCase());
  }

  /** Arms the polling alarm (when POLL_INTERVAL_MS is set) unless it is armed. */
  async start(chainId) {
    this.#count("start");
    this.#remember(chainId);
    await this.#ensureAlarm();
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
      // Rounds start one interval apart, however long the last one took (reading a long list of
      // watched deposit vaults): a funding's status then waits at most one interval for its round.
      await this.#ensureAlarm(true, started);
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

  async #ensureAlarm(force = false, from = Date.now()) {
    const interval = Number(this.env.POLL_INTERVAL_MS ?? 0);
    if (!(interval > 0)) return;
    if (!force && (await this.ctx.storage.getAlarm()) !== null) return;
    await this.ctx.storage.setAlarm(Math.max(Date.now() + 10, from + interval));
  }

  #dropExpiredDeposits() {
    this.sql.exec("DELETE FROM deposit_watch WHERE deadline < ?", nowSec());
  }

  async #pollRound() {
    const { chain_id: chainId, block } = this.#row();
    const rpcUrls = deploymentRpcUrls(this.env);
    const target = (await askCore(this.env, "pollPlan", { cursors: { [chainId]: block }, rpcUrls })).body?.chains?.find((c) => c.chainId === chainId);
    if (!target) return { chainId, skipped: "no JSON-RPC endpoint" };
    const rpc = rpcEndpoints(rpcUrlsOf(this.env, chainId)).call;
    let head;
    try {
      head = await this.#head(rpc);
    } catch (e) {
      console.error(JSON.stringify({ event: "chain-poll-failed", chainId, stage: "head", message: e.message }));
      return { chainId, error: e.message };
    }
    if (head.lagging) {
      // The node answering is behind what this reader already proved: nothing moves until the
      // head passes the cursor again (the window is re-read then).
      console.log(JSON.stringify({ event: "chain-head-behind", chainId, head: head.number, cursor: this.#row().block }));
      return { chainId, lagging: true, head: head.number };
    }
    this.#dropExpiredDeposits();
    const watched = this.sql.exec("SELECT vault, token FROM deposit_watch").toArray().map(({ vault, token }) => ({ vault, token }));
    head.depth = Number(this.env.POLL_CONFIRMATIONS ?? DEFAULT_CONFIRMATIONS);
    const plan = await askCore(this.env, "pollPlan", {
      cursors: { [chainId]: head.reset ? null : this.#row().block },
      heads: { [chainId]: head.number },
      // The finalized block of the last read: what lies above it is not final yet, and is re-read.
      finalized: { [chainId]: head.reset ? null : this.#row().finalized },
      confirmations: head.depth,
      maxRange: Number(this.env.POLL_MAX_RANGE ?? DEFAULT_MAX_RANGE),
      maxRanges: MAX_RANGES_PER_POLL,
      rpcUrls,
      deposits: { [chainId]: watched },
    });
    if (plan.status !== 200) throw new Error(`pollPlan answered ${plan.status}`);
    const ranges = plan.body.chains.find((c) => c.chainId === chainId)?.ranges ?? [];
    let logs = 0;
    try {
      for (const range of ranges) {
        const found = await getLogs(rpc, range.filter);
        const intents = this.sql.exec("SELECT DISTINCT intent_hash FROM window_intent WHERE block BETWEEN ? AND ?", range.fromBlock, range.toBlock).toArray().map((r) => r.intent_hash);
        const delivered = await deliverLogs(this.env, chainId, found, { fromBlock: range.fromBlock, toBlock: range.toBlock, intents });
        if (delivered.status !== 200) throw new Error(`routeLogs answered ${delivered.status}: ${delivered.body?.detail}`);
        logs += found.length;
        logs += await this.#deliverTransfers(rpc, chainId, range, watched, plan.body.confirmations);
        this.ctx.storage.transactionSync(() => {
          this.sql.exec("DELETE FROM window_intent WHERE block BETWEEN ? AND ?", range.fromBlock, range.toBlock);
          for (const [hash, n] of delivered.seen) this.sql.exec("INSERT OR IGNORE INTO window_intent (block, intent_hash) VALUES (?, ?)", n, hash);
          // Blocks below the widest window a later round reads again are never read again.
          this.sql.exec("DELETE FROM window_intent WHERE block < ?", range.toBlock + 1 - plan.body.window);
          this.#saveCursor(range.toBlock, head);
        });
      }
      if (ranges.length === 0) this.#saveCursor(head.reset ? null : this.#row().block, head);
      return { chainId, head: head.number, ranges: ranges.length, logs };
    } catch (e) {
      console.error(JSON.stringify({ event: "chain-poll-failed", chainId, stage: "logs", message: e.message }));
      return { chainId, error: e.message };
    }
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
    const routed = await askCore(this.env, "routeDepositTransfers", { chainId, logs, deposits: watched });
    if (routed.status !== 200) throw new Error(`routeDepositTransfers answered ${routed.status}: ${routed.body?.detail ?? ""}`);
    const { byVault } = routed.body;
    const due = this.sql
      .exec("SELECT vault, recheck_from FROM deposit_watch")
      .toArray()
      .filter((w) => byVault[w.vault] || (w.recheck_from !== null && w.recheck_from <= range.toBlock));
    await Promise.all(due.map(async ({ vault }) => {
      const answer = await depositOf(this.env, vault).observeTransfers({ fromBlock: range.fromBlock, toBlock: range.toBlock, transfers: byVault[vault] ?? [], confirmations });
      if (answer.state === "waiting") this.sql.exec("UPDATE deposit_watch SET recheck_from = ? WHERE vault = ?", answer.recheckFrom ?? null, vault);
      else this.sql.exec("DELETE FROM deposit_watch WHERE vault = ?", vault);
    }));
    return logs.length;
  }

  /**
   * The latest block and its time; `reset` when the chain is not the one the cursor was read
   * from. The anchor is block 1: anvil's genesis is the same on every run, but block 1 carries
   * the time it was mined.
   */
  async #head(rpc) {
    const latest = await rpc("eth_getBlockByNumber", ["latest", false]);
    if (!latest?.number) throw new Error("eth_getBlockByNumber(latest) answered no block");
    const number = Number(BigInt(latest.number));
    let reset = false;
    // A head below the cursor is a node behind its balancer, or another chain at this URL (a
    // restarted anvil): the anchor block tells them apart, so it is compared again.
    const cursor = this.#row()?.block;
    const behind = cursor != null && number < cursor;
    if (behind) this.#anchorChecked = false;
    if (!this.#anchorChecked && number >= 1) {
      const anchor = (await rpc("eth_getBlockByNumber", ["0x1", false]))?.hash ?? null;
      const stored = this.#row()?.anchor_hash;
      reset = Boolean(stored) && stored !== anchor;
      if (reset) console.log(JSON.stringify({ event: "chain-replaced", chainId: this.#row().chain_id, anchor }));
      this.sql.exec("UPDATE cursor SET anchor_hash = ?, block = CASE WHEN ? THEN NULL ELSE block END WHERE id = 1", anchor, reset ? 1 : 0);
      this.#anchorChecked = true;
    }
    if (behind && !reset) return { number, lagging: true };
    return { number, time: Number(BigInt(latest.timestamp)), reset, finalized: await this.#finalized(rpc, number) };
  }

  /**
   * The chain's `finalized` block number, or null where the node serves no such tag (an error,
   * or no block). Never above the head read just before: a node behind its balancer can answer
   * both from different states.
   */
  async #finalized(rpc, head) {
    try {
      const block = await rpc("eth_getBlockByNumber", ["finalized", false]);
      return block?.number ? Math.min(head, Number(BigInt(block.number))) : null;
    } catch {
      return null;
    }
  }

  #saveCursor(block, head) {
    this.sql.exec("UPDATE cursor SET block = ?, head = ?, head_time = ?, finalized = ?, depth = ?, polled_at = ? WHERE id = 1",
      block, head.number, head.time, head.finalized ?? null, head.depth ?? null, nowSec());
  }
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
