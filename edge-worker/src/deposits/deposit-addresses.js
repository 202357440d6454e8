// Deposit addresses, one Durable Object per vault (named by the lowercase vault address), stored
// in SQLite. The record is what the core built at creation (the public record and the intent it
// funds); `transfers` are the ERC-20 transfers into the vault seen so far.
//
// Funding by plain transfer (the "transfer" method) is read, not polled: at creation the object
// registers its vault with its chain's reader (chain/reader.js), which fetches Transfer logs into
// every watched vault of the chain with its other logs, in the same ranges and confirmation
// window, and hands each vault its part range by range (observeTransfers). The core keeps the
// transfers (a re-read range replaces what it held, so a reorganised transfer disappears; a log
// seen twice counts once) and decides (op "depositObserve"): once the transfers confirmed at the
// reader's depth cover the amount, this object creates the address's funding job, whose relayer
// sends publishAndFundFor (the Portal counts the balance already in the vault). The job is one per
// quote and keyed by what funded it, so a range delivered again finds the job it created.
// Submitted authorizations (ERC-3009, EIP-2612) create the same job directly, so whichever
// funding arrives first is the one job of the address's quote.
//
// Lifetime (docs/scale.md, "Storage bounds"): the object's alarm deletes the address, and its row
// in the intent shards' deposit index, once it is past its retention: an address nobody paid
// (not funded, no transfer seen) DEPOSIT_EXPIRED_GRACE_SEC (1 hour) after its deadline, so that a
// transfer confirmed just before the deadline is still read; one that was funded or received any
// transfer DEPOSIT_FUNDED_RETENTION_SEC (30 days) after it, so that its status and the transfers
// into it stay answerable while its intent settles or is refunded and for support afterwards.
// Addresses stored before that alarm existed get it when their object next starts.
//
// Every decision above is op "depositAddressStep"'s (src/service/deposits/deposit_address_step.h):
// this object loads its rows, asks the core, writes what it answers, performs the effect it names
// and hands the result back, until the answer names none.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { nowSec } from "../runtime/time.js";
import { applyWrites } from "../runtime/sql-writes.js";
import { holdAgain, releaseHolds } from "./caps.js";
import { reservationsOf, reserveFunding } from "../funding/reservations.js";
import { relayerAccountFor } from "../funding/relayer-addresses.js";
import { chainReader, jobsOf, shardOf } from "../runtime/objects.js";

const TABLES = ["deposit", "holds", "released_holds", "attempt", "sponsorship_hold", "funded"];

/** A retention in seconds from an env var when it is set (0 allowed); the core has the defaults. */
function retentionOf(env) {
  const out = {};
  for (const [name, value] of [["fundedSec", env.DEPOSIT_FUNDED_RETENTION_SEC], ["graceSec", env.DEPOSIT_EXPIRED_GRACE_SEC]]) {
    const n = Number(value);
    if (value !== undefined && value !== "" && Number.isInteger(n) && n >= 0) out[name] = n;
  }
  return out;
}

export class DepositAddresses extends DurableObject {
  #removed = false;

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS deposit (
      vault TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      record TEXT NOT NULL,
      intent TEXT NOT NULL,
      transfers TEXT NOT NULL DEFAULT '[]'
    )`);
    // The counts the address holds a slot in until it is funded (deposits/caps.js): hold names.
    this.sql.exec("CREATE TABLE IF NOT EXISTS holds (name TEXT PRIMARY KEY)");
    // The holds funding released, kept so that an archived job takes them again.
    this.sql.exec("CREATE TABLE IF NOT EXISTS released_holds (name TEXT PRIMARY KEY)");
    // Funding jobs that failed with none of their transactions mined (op gaslessJobStep archives
    // them here and deletes them from their quote's object, leaving the address open): the
    // record's attempts, oldest first. Keyed by the job as stored, so archiving twice keeps one.
    this.sql.exec("CREATE TABLE IF NOT EXISTS attempt (job TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    // Until when a transfer funding is held by its partner's spent sponsorship budget.
    this.sql.exec("CREATE TABLE IF NOT EXISTS sponsorship_hold (id INTEGER PRIMARY KEY CHECK (id = 1), until INTEGER NOT NULL)");
    // Set once the address has its funding job: it is then kept for the longer retention.
    this.sql.exec("CREATE TABLE IF NOT EXISTS funded (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)");
    // An address stored before its retention alarm existed gets one when its object starts.
    ctx.blockConcurrencyWhile(async () => {
      await this.#run({ kind: "started", alarmSet: (await ctx.storage.getAlarm()) !== null });
    });
  }

  /**
   * Stores a new address, watched by its chain's reader before it is stored and answered; a
   * repeated create answers the stored record.
   * @param {{ owner: string, record: any, intent: any, holds?: string[] }} input
   */
  async create({ owner, record, intent, holds = [] }) {
    return this.#run({ kind: "create", owner, record, intent, holds });
  }

  /** @returns {{ owner: string, record: any, intent: any, transfers: any[], attempts: any[] } | null} */
  read() {
    // Deleted past its retention (alarm): the tables went with the rest of its storage.
    if (this.#removed) return null;
    const row = this.sql.exec("SELECT owner, record, intent, transfers FROM deposit LIMIT 1").toArray()[0];
    if (!row) return null;
    const attempts = this.sql.exec("SELECT job FROM attempt ORDER BY at, rowid").toArray().map((r) => JSON.parse(r.job));
    return { owner: row.owner, record: JSON.parse(row.record), intent: JSON.parse(row.intent), transfers: JSON.parse(row.transfers), attempts };
  }

  /** @returns {number | null} until when a transfer funding is held by its partner's spent budget (Unix s; for operators and tests) */
  sponsorshipHeldUntil() {
    if (this.#removed) return null;
    return this.sql.exec("SELECT until FROM sponsorship_hold").toArray()[0]?.until ?? null;
  }

  /** Keeps a funding job that failed with nothing mined among the address's attempts (op gaslessJobStep's archive). */
  async archiveJob(job) {
    if (!this.#removed) await this.#run({ kind: "archive", job });
  }

  /**
   * The chain reader's delivery: every transfer into the vault in blocks fromBlock..toBlock (the
   * core's routeDepositTransfers form), read at `confirmations` depth. Throws when the funding job
   * could not be stored, so that the reader keeps its cursor and delivers the range again.
   * @param {{ fromBlock: number, toBlock: number, transfers: any[], confirmations: number }} delivery
   * @returns {Promise<{ state: "funded" | "waiting" | "expired" | "refused" | "unknown", recheckFrom?: number | null, watch: { recheckFrom: number | null } | null }>}
   *   watch: what the reader keeps of the vault (the core's answer; null: watched no more), handing
   *   over every range that reaches recheckFrom. A removed address has nothing left to watch.
   */
  async observeTransfers({ fromBlock, toBlock, transfers, confirmations }) {
    if (this.#removed) return { state: "unknown", watch: null };
    const reply = await this.#run({ kind: "observe", delivery: { fromBlock, toBlock, transfers }, confirmations });
    if (reply.error !== undefined) throw new Error(`the funding job of the transfers into the vault was not stored: ${reply.error}`);
    return reply;
  }

  /** The address has its funding job: its cap slots are released. Idempotent. */
  async funded() {
    if (!this.#removed) await this.#run({ kind: "funded" });
  }

  /** Deletes the address once it is past its retention, else sets the alarm again for when it will be. */
  async alarm() {
    await this.#run({ kind: "alarm" });
  }

  /** The object's rows, as op depositAddressStep reads them. */
  #rows() {
    const names = (table) => this.sql.exec(`SELECT name FROM ${table} ORDER BY name`).toArray().map((r) => r.name);
    return {
      deposit: this.read(),
      holds: names("holds"),
      released: names("released_holds"),
      funded: this.sql.exec("SELECT 1 FROM funded").toArray().length > 0,
      heldUntil: this.sponsorshipHeldUntil(),
      retention: retentionOf(this.env),
    };
  }

  /** Drives op depositAddressStep from `event` until an answer names no effect; answers its reply. */
  async #run(event) {
    let context;
    for (;;) {
      const state = this.#removed ? { deposit: null, holds: [], released: [], funded: false, heldUntil: null } : this.#rows();
      const answer = await askCore(this.env, "depositAddressStep", { state: { ...state, now: nowSec(), ...(context ? { context } : {}) }, event });
      if (answer.status !== 200) throw new Error(`depositAddressStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
      const step = answer.body;
      if (step.writes.length > 0) this.ctx.storage.transactionSync(() => applyWrites(this.sql, step.writes, TABLES));
      for (const { level, line } of step.logs) console[level](JSON.stringify(line));
      if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);
      const [effect] = step.effects;
      if (!effect) return step.reply;
      context = step.state.context;
      event = await this.#perform(effect);
    }
  }

  /** Performs one effect a step named; its result is the next event. */
  async #perform(effect) {
    switch (effect.kind) {
      case "watch":
        await chainReader(this.env, effect.chainId).watchDeposit({ vault: effect.vault, token: effect.token, deadline: effect.deadline });
        return { kind: "watched" };
      case "unindex":
        await shardOf(this.env, effect.vault).unindexDeposit(effect.vault);
        return { kind: "unindexed" };
      case "releaseHolds":
        await releaseHolds(this.env, effect.names, effect.vault);
        return { kind: "holdsReleased" };
      case "holdAgain":
        await holdAgain(this.env, effect.names, effect.vault, effect.untilMs);
        return { kind: "heldAgain" };
      case "deleteAll":
        await this.ctx.storage.deleteAll();
        this.#removed = true;
        return { kind: "deleted" };
      case "readJob":
        return { kind: "jobRead", exists: Boolean(await jobsOf(this.env, effect.quoteId).read()) };
      case "admit":
        try {
          return { kind: "admitted", answer: await reserveFunding(this.env, { plan: effect.plan, jobId: effect.jobId, partner: effect.partner }) };
        } catch (e) {
          return { kind: "admitted", thrown: String(e?.message ?? e) };
        }
      case "submitJob":
        try {
          const relayer = await relayerAccountFor(this.env, effect.job.id);
          const stored = await jobsOf(this.env, effect.quoteId).submit({ jobKey: effect.jobKey, owner: effect.owner, job: effect.job, plan: effect.plan, relayer });
          return { kind: "jobSubmitted", stored: { created: stored.created, jobKey: stored.jobKey, job: stored.job } };
        } catch (e) {
          return { kind: "jobSubmitted", thrown: String(e?.message ?? e) };
        }
      case "release":
        await reservationsOf(this.env, effect.chainId).release(effect.jobId);
        return { kind: "released" };
      default:
        throw new Error(`depositAddressStep named an effect this object does not perform: ${effect.kind}`);
    }
  }
}
