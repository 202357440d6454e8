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
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { nowSec } from "../runtime/time.js";
import { holdAgain, releaseHolds } from "./caps.js";
import { reservationsOf, reserveFunding } from "../funding/reservations.js";
import { relayerAccountFor } from "../funding/relayer-addresses.js";
import { chainReader, jobsOf, shardOf } from "../runtime/objects.js";

const EXPIRED_GRACE_SEC = 3_600;
const FUNDED_RETENTION_SEC = 30 * 86_400;

/** A retention in seconds from an env var (0 allowed), else the default. */
function secondsOf(value, fallback) {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
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
    // The holds funding released, kept so that an archived job (below) takes them again.
    this.sql.exec("CREATE TABLE IF NOT EXISTS released_holds (name TEXT PRIMARY KEY)");
    // Funding jobs that failed with none of their transactions mined (op gaslessJobStep archives
    // them here and deletes them from their quote's object, leaving the address open): the
    // record's attempts, oldest first. Keyed by the job as stored, so archiving twice keeps one.
    this.sql.exec("CREATE TABLE IF NOT EXISTS attempt (job TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    // Until when a transfer funding is held by its partner's spent sponsorship budget (the core's
    // Retry-After): deliveries before then are not admitted again.
    this.sql.exec("CREATE TABLE IF NOT EXISTS sponsorship_hold (id INTEGER PRIMARY KEY CHECK (id = 1), until INTEGER NOT NULL)");
    // Set once the address has its funding job (funded()): it is then kept for the longer retention.
    this.sql.exec("CREATE TABLE IF NOT EXISTS funded (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)");
    // An address stored before its retention alarm existed has none: it gets the one its rule
    // gives the first time it is touched again (the chain reader's delivery, a lookup, a submit).
    // An object without an address (nothing stored) stays without storage or alarm.
    ctx.blockConcurrencyWhile(async () => {
      const deposit = this.read();
      if (deposit && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(this.#removeAtSec(deposit.record.deadline) * 1000);
    });
  }

  /**
   * Stores a new address (vaults commit to a random salt, so one is never created twice; a
   * repeated create answers the stored record). The vault is watched before it is stored and
   * answered: nobody can send to it before that, so the reader misses no transfer.
   * @param {{ owner: string, record: any, intent: any, holds?: string[] }} input
   */
  async create({ owner, record, intent, holds = [] }) {
    const existing = this.read();
    if (existing) return existing;
    await chainReader(this.env, record.source.chainId).watchDeposit({ vault: record.vaultAddress, token: record.source.token, deadline: record.deadline });
    this.sql.exec("INSERT INTO deposit (vault, owner, record, intent) VALUES (?, ?, ?, ?)", record.vaultAddress.toLowerCase(), owner, JSON.stringify(record), JSON.stringify(intent));
    for (const name of holds) this.sql.exec("INSERT OR IGNORE INTO holds (name) VALUES (?)", name);
    await this.ctx.storage.setAlarm(this.#removeAtSec(record.deadline) * 1000);
    return { owner, record, intent, transfers: [], attempts: [] };
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

  /**
   * Keeps a funding job that failed with nothing mined among the address's attempts (idempotent),
   * and counts the address against its caps on open, unfunded addresses again until its deadline:
   * the job that freed its slots at its 202 never funded it, and the address is open again.
   */
  async archiveJob(job) {
    if (this.#removed) return;
    this.sql.exec("INSERT OR IGNORE INTO attempt (job, at) VALUES (?, ?)", JSON.stringify(job), nowSec());
    const names = this.sql.exec("SELECT name FROM released_holds").toArray().map((r) => r.name);
    const deposit = this.read();
    if (names.length === 0 || !deposit) return;
    await holdAgain(this.env, names, deposit.record.vaultAddress, deposit.record.deadline * 1000);
    for (const name of names) this.sql.exec("INSERT OR IGNORE INTO holds (name) VALUES (?)", name);
    this.sql.exec("DELETE FROM released_holds");
  }

  /**
   * The chain reader's delivery: every transfer into the vault in blocks fromBlock..toBlock (the
   * core's routeDepositTransfers form), read at `confirmations` depth. Throws when the funding job
   * could not be stored, so that the reader keeps its cursor and delivers the range again.
   * @param {{ fromBlock: number, toBlock: number, transfers: any[], confirmations: number }} delivery
   * @returns {Promise<{ state: "funded" | "waiting" | "expired" | "refused" | "unknown", recheckFrom?: number | null }>}
   *   the reader keeps watching only while "waiting", handing over every range that reaches recheckFrom
   */
  async observeTransfers({ fromBlock, toBlock, transfers, confirmations }) {
    const deposit = this.read();
    if (!deposit) return { state: "unknown" };
    const observed = await askCore(this.env, "depositObserve", {
      deposit: { record: deposit.record, intent: deposit.intent },
      transfers: deposit.transfers,
      delivery: { fromBlock, toBlock, transfers },
      confirmations,
      now: nowSec(),
    });
    if (observed.status !== 200) throw new Error(`depositObserve answered ${observed.status}: ${observed.body?.detail ?? ""}`);
    let answer = { state: observed.body.state, recheckFrom: observed.body.recheckFrom };
    if (answer.state === "funded") {
      const funding = await this.#fundFromTransfers(deposit);
      // Held by its partner's spent sponsorship budget, or by another job of its quote still in
      // flight: watched on, and every later range is handed over so that it is admitted again once
      // the budget allows (the next UTC day), or funds the address once that job is archived.
      answer = funding === "held" ? { state: "waiting", recheckFrom: toBlock + 1 } : { state: funding, recheckFrom: null };
    }
    // Kept after the job exists: a status read meanwhile never shows covering transfers without
    // their job (and a failure before this line has the reader deliver the range again).
    this.sql.exec("UPDATE deposit SET transfers = ?", JSON.stringify(observed.body.transfers));
    return answer;
  }

  /**
   * The address has its funding job (a submit accepted, or covering transfers): it no longer
   * counts against its partner's and client network's open, unfunded addresses. Idempotent.
   */
  async funded() {
    this.sql.exec("INSERT OR IGNORE INTO funded (id, at) VALUES (1, ?)", nowSec());
    const names = this.sql.exec("SELECT name FROM holds").toArray().map((r) => r.name);
    if (names.length === 0) return;
    const vault = this.sql.exec("SELECT vault FROM deposit LIMIT 1").toArray()[0]?.vault;
    if (vault) await releaseHolds(this.env, names, vault);
    for (const name of names) this.sql.exec("INSERT OR IGNORE INTO released_holds (name) VALUES (?)", name);
    this.sql.exec("DELETE FROM holds");
  }

  /** When the address goes: its deadline plus the retention of what happened to it (see the top). */
  #removeAtSec(deadline) {
    const paid = this.sql.exec("SELECT 1 FROM funded").toArray().length > 0 || (this.read()?.transfers.length ?? 0) > 0;
    return deadline + (paid ? secondsOf(this.env.DEPOSIT_FUNDED_RETENTION_SEC, FUNDED_RETENTION_SEC) : secondsOf(this.env.DEPOSIT_EXPIRED_GRACE_SEC, EXPIRED_GRACE_SEC));
  }

  /**
   * Deletes the address once it is past its retention (its index row first, so that no lookup
   * finds an index row without its object); else sets the alarm again for when it will be (it
   * may have been funded, or received a transfer, since the alarm was set).
   */
  async alarm() {
    const deposit = this.read();
    if (deposit) {
      const removeAt = this.#removeAtSec(deposit.record.deadline);
      if (nowSec() < removeAt) {
        await this.ctx.storage.setAlarm(removeAt * 1000);
        return;
      }
      await shardOf(this.env, deposit.record.vaultAddress).unindexDeposit(deposit.record.vaultAddress);
      // Its holds have expired with its deadline already; an early release only tidies.
      const names = this.sql.exec("SELECT name FROM holds").toArray().map((r) => r.name);
      if (names.length > 0) await releaseHolds(this.env, names, deposit.record.vaultAddress);
      console.log(JSON.stringify({ event: "deposit-address-removed", vault: deposit.record.vaultAddress, deadline: deposit.record.deadline }));
    }
    await this.ctx.storage.deleteAll();
    this.#removed = true;
  }

  /**
   * Admits a transfer-funded job under its partner's sponsorship in its chain's relayer object,
   * which stores its row (op relayerStep): refused by a spent budget like any relayed funding
   * (429: held until the Retry-After the core answered, nothing created), else counted. Any
   * other failure is logged and the job relayed all the same: the money is in the vault already.
   * @returns {Promise<"counted" | "held" | "uncounted">}
   */
  async #admitSponsorship(owner, v) {
    const partner = owner.replace(/^partner:/, "");
    const heldUntil = this.sql.exec("SELECT until FROM sponsorship_hold").toArray()[0]?.until ?? 0;
    if (nowSec() < heldUntil) return "held";
    try {
      const counted = await reserveFunding(this.env, { plan: v.plan, jobId: v.job.id, partner });
      if (counted.status === 200) {
        console.log(JSON.stringify({ event: "deposit-transfer-sponsorship", partner, jobId: v.job.id, spentWei: counted.body.budget?.spentWei, limitWei: counted.body.budget?.limitWei }));
        return "counted";
      }
      if (counted.status === 429) {
        const retryAfter = Number(counted.headers?.["Retry-After"] ?? 0);
        this.sql.exec("INSERT OR REPLACE INTO sponsorship_hold (id, until) VALUES (1, ?)", nowSec() + (Number.isFinite(retryAfter) ? retryAfter : 0));
        console.log(JSON.stringify({ event: "deposit-transfer-held", partner, jobId: v.job.id, retryAfterSec: retryAfter, detail: counted.body?.detail }));
        return "held";
      }
      console.error(JSON.stringify({ event: "deposit-transfer-sponsorship-failed", partner, jobId: v.job.id, status: counted.status ?? counted.httpError?.status, detail: counted.body?.detail ?? counted.httpError?.detail }));
    } catch (e) {
      console.error(JSON.stringify({ event: "deposit-transfer-sponsorship-failed", partner, jobId: v.job.id, detail: String(e?.message ?? e) }));
    }
    return "uncounted";
  }

  /**
   * Creates the funding job of transfers that cover the amount: "funded"; "refused" when the core
   * refuses it; "held" while its partner's sponsorship budget is spent (no job yet), or while the
   * quote's job is another one still in flight (a submitted authorization that may be archived).
   */
  async #fundFromTransfers({ owner, record, intent }) {
    const answer = await askCore(this.env, "depositSubmitVerify", { standard: "transfer", body: { vaultAddress: record.vaultAddress }, deposit: { record, intent }, now: nowSec() });
    if (answer.status !== 200) {
      console.error(JSON.stringify({ event: "deposit-transfer-refused", vault: record.vaultAddress, detail: answer.body?.detail }));
      return "refused";
    }
    const v = answer.body;
    const jobs = jobsOf(this.env, v.job.quoteId);
    // The relayer's gas for it counts against the address's partner (docs/security.md, rows 46 and
    // 53): its row is stored before the job exists, so the relayer records every receipt of it. A
    // quote that has its job already (a submitted authorization, or this range delivered again)
    // has its row from then.
    const admitted = (await jobs.read()) ? "existing" : await this.#admitSponsorship(owner, v);
    if (admitted === "held") return "held";
    const counted = admitted === "counted";
    let stored;
    try {
      stored = await jobs.submit({ jobKey: v.jobKey, owner, job: v.job, plan: v.plan, relayer: await relayerAccountFor(this.env, v.job.id) });
    } catch (e) {
      // No job: the row would hold the partner's budget for nothing (the next delivery counts again).
      if (counted) await reservationsOf(this.env, v.plan.chainId).release(v.job.id);
      throw e;
    }
    console.log(JSON.stringify({ event: "deposit-transfer-funding", vault: record.vaultAddress, jobId: stored.job.id, outcome: stored.outcome }));
    // Whether the quote's job funds the address is the core's (op gaslessJobStep, "submitted" with
    // transfer): another job still in flight (a submitted authorization) may fail with nothing
    // mined and be archived, so the address stays watched ("waiting") and a later range funds it.
    const step = await askCore(this.env, "gaslessJobStep", {
      state: { job: stored.job },
      event: { kind: "submitted", outcome: stored.outcome, reserved: counted, quoteId: v.job.quoteId, transfer: true },
    });
    if (step.status !== 200) throw new Error(`gaslessJobStep answered ${step.status}: ${step.body?.detail ?? ""}`);
    for (const effect of step.body.effects) {
      if (effect.kind === "release") await reservationsOf(this.env, v.plan.chainId).release(v.job.id);
      else if (effect.kind !== "watch") throw new Error(`gaslessJobStep named an effect a transfer funding does not perform: ${effect.kind}`);
    }
    if (step.body.effects.some((effect) => effect.kind === "watch")) return "held";
    await this.funded();
    return "funded";
  }
}
