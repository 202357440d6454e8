// Gasless funding jobs, one Durable Object per quote (named by the quote's bare UUID), stored in
// SQLite; and the refunds the relayer sends itself, one object per intent (named "refund:<intent
// hash>", funding/refunds.js), whose failed job op refundStep may replace by its next generation. The core decides the job: the verification op that accepts a submit answers it
// (accepted, id job:<quote UUID>), and op "gaslessJobAdvance" applies each relay outcome
// (published, failed, retry later, or wait for the chain's gas price to come under its ceiling).
// This object keeps it and runs the relaying:
// - the first verified submit stores its job (202);
// - the identical signed payload again answers the same job (200), whoever sends it and however
//   many copies arrive at once: `submit` reads and writes in one synchronous transaction with no
//   await in between, so the object's input gate serialises the copies and exactly one creates;
// - a different authorization for the quote answers 409 with the existing job.
// The job row is written before `submit` returns, and the Durable Object's output gate holds the
// answer until the write is durable, so a 202 is never lost by a restart. Relaying runs from the
// object's alarm (set in the same transaction), which the runtime retries after a restart. The
// alarm is a driver of op "gaslessJobStep" (src/service/funding/gasless_job_step.h): it loads the
// row, asks the core, writes, logs and performs the effect the core names (relay, read the
// receipt, release the reservation, forget, delete), feeding each result back; it reads nothing
// inside the job.
// A mined funding is not the end: while the job's transaction is not final (the core's rule, the
// same as the status bodies': the chain readers' heads, finalized blocks and depth) the alarm
// fetches its receipt again at the chain poll interval and the core judges it; a receipt gone
// (reorganised away) sends the job back to accepted and to the relayer, which re-sends the same
// signed bytes after simulating them again, or fails the job with nothing new sent.
//
// Retention (op "gaslessJobRetention"): once the job has finished (published or failed) and its
// reservation is released, the same alarm deletes the relayer's stored transactions of the job
// (GaslessRelayer.forget, on the object of the job's relaying account) and then the object's
// storage 30 days after it finished (GASLESS_JOB_RETENTION_SEC shortens it for tests). The
// reservation goes first, so none outlives its job. Exactly-once holds after the deletion: the
// identical payload submitted again is verified like a first submit, meets an expired quote (400)
// and, were it still valid, the spent on-chain nonce of the published funding (422
// funding-would-fail): nothing is sent twice.
import { DurableObject } from "cloudflare:workers";
import { chainClocks } from "../chain/clocks.js";
import { askCore } from "../core.js";
import { reservationsOf } from "./reservations.js";
import { relayer } from "./relayer.js";
import { depositOf } from "../runtime/objects.js";
import { jobRelayerOf } from "./relayer-accounts.js";

// The chain readers' poll interval where set (local 1 s), else a block time of the slowest chain.
const receiptPollMs = (env) => (Number(env.POLL_INTERVAL_MS ?? 0) > 0 ? Number(env.POLL_INTERVAL_MS) : 12_000);

const JOB_TABLE = `CREATE TABLE IF NOT EXISTS job (
  id TEXT PRIMARY KEY,
  job_key TEXT NOT NULL,
  owner TEXT NOT NULL,
  job TEXT NOT NULL,
  plan TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  relayer TEXT,
  deposit TEXT
)`;

/** GASLESS_JOB_RETENTION_SEC (0 allowed), else undefined: the core's 30 days. */
function keepSec(env) {
  const n = Number(env?.GASLESS_JOB_RETENTION_SEC);
  return env?.GASLESS_JOB_RETENTION_SEC !== undefined && env.GASLESS_JOB_RETENTION_SEC !== "" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

export class GaslessJobs extends DurableObject {
  /** @param {DurableObjectState} ctx */
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // The table is created by the first submit only: reading a deleted job must not bring its
    // storage back.
  }

  /**
   * @param {{ jobKey: string, owner: string, job: { id: string }, plan: unknown, relayer?: string, deposit?: string, replaces?: string | null }} input
   *   job: the accepted job the verification op answered (kept only when the quote has none);
   *   owner: who may read the job ("partner:<slug>" for keyed submits, "deposit:<vault>" for deposit addresses);
   *   relayer: the address of the relayer account the job is pinned to (funding/relayer-accounts.js);
   *   deposit: the vault of the deposit address whose submitted authorization it is (a failed job
   *   with nothing mined is archived there and the quote left without a job: op gaslessJobStep)
   *   replaces: the id of a refund's failed job this one replaces (op refundStep), kept only if
   *   that job is the one stored
   * @returns {{ created: boolean, jobKey: string, job: object, owner: string }} the quote's job: this
   *   submit's when created, else the one stored (whether it is the same payload is the core's:
   *   op gaslessJobStep submit_outcome, from the stored job key)
   */
  submit(input) {
    const answer = this.ctx.storage.transactionSync(() => {
      this.sql.exec(JOB_TABLE);
      this.#addLaterColumns();
      const row = this.#row();
      // A refund's failed job that op refundStep replaces by its next generation: only if this
      // object still holds that one (another look may have replaced it meanwhile).
      const replaced = row && input.replaces != null && row.id === input.replaces;
      if (row && !replaced) {
        return { created: false, jobKey: row.job_key, job: JSON.parse(row.job), owner: row.owner };
      }
      if (replaced) this.sql.exec("DELETE FROM job WHERE id = ?", row.id);
      const job = input.job;
      this.sql.exec("INSERT INTO job (id, job_key, owner, job, plan, relayer, deposit) VALUES (?, ?, ?, ?, ?, ?, ?)", job.id, input.jobKey, input.owner, JSON.stringify(job), JSON.stringify(input.plan), input.relayer ?? null, input.deposit ?? null);
      return { created: true, jobKey: input.jobKey, job, owner: input.owner };
    });
    // Same synchronous turn as the insert: no other call runs in between, and both are durable
    // before the answer leaves.
    if (answer.created) this.ctx.storage.setAlarm(Date.now());
    return answer;
  }

  /** @returns {{ job: object, owner: string, relayer: string | null } | null} relayer: the account the job is pinned to */
  read() {
    const row = this.#row();
    return row ? { job: JSON.parse(row.job), owner: row.owner, relayer: row.relayer ?? null } : null;
  }

  /**
   * Runs the job as op "gaslessJobStep" decides (src/service/funding/gasless_job_step.h): relay it
   * or look at its receipt, apply the outcome, release its reservation, keep or delete it. Each
   * effect's result is the next event; a step the core refuses throws, leaving the job as it was,
   * and the runtime retries the alarm (so does a release or a forget that throws).
   */
  async alarm() {
    const row = this.#row();
    let state = {
      job: row ? JSON.parse(row.job) : null,
      attempts: row?.attempts ?? 0,
      pollMs: receiptPollMs(this.env),
      ...(row ? { plan: JSON.parse(row.plan) } : {}),
      ...(row?.deposit ? { deposit: row.deposit } : {}),
      ...(keepSec(this.env) !== undefined ? { keepSec: keepSec(this.env) } : {}),
    };
    let event = { kind: "alarm" };
    for (;;) {
      const answer = await askCore(this.env, "gaslessJobStep", { state: { ...state, nowMs: Date.now() }, event });
      if (answer.status !== 200) throw new Error(`gaslessJobStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
      const step = answer.body;
      for (const w of step.writes) this.#write(w);
      for (const { level, line } of step.logs) console[level](JSON.stringify(line));
      if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);
      const [effect] = step.effects;
      if (!effect) return;
      state = step.state;
      event = await this.#perform(effect, state.job);
    }
  }

  /** Performs one effect a step named; its result is the next event. */
  async #perform(effect, job) {
    switch (effect.kind) {
      case "relay":
        try {
          // A job whose account's key has left the list and that signed nothing there is given
          // another account, stored before it relays (funding/relayer.js).
          const repin = (address) => this.sql.exec("UPDATE job SET relayer = ? WHERE id = ?", address, job.id);
          const row = this.#row();
          const result = await relayer(this.env).submit({ job, plan: JSON.parse(row.plan), pinned: row.relayer, repin });
          return { kind: "relayed", result, chainHeads: await this.#heads() };
        } catch (e) {
          return { kind: "relayed", thrown: String(e?.message ?? e), chainHeads: await this.#heads() };
        }
      case "receipt": {
        let receipt;
        try {
          receipt = await relayer(this.env).receipt({ job });
        } catch (e) {
          return { kind: "receipt", thrown: String(e?.message ?? e) };
        }
        return { kind: "receipt", receipt, chainHeads: await this.#heads() };
      }
      case "release": {
        // Settled: the funder's balance is no longer held. The store says how many of the job's
        // transactions were mined (null: it does not know).
        const released = await reservationsOf(this.env, job.chainId).release(job.id);
        return { kind: "released", mined: released?.mined ?? null };
      }
      case "reserve":
        // Accepted again after a reorganisation: the funder's balance is held again.
        await reservationsOf(this.env, job.chainId).reserveAgain(job.id, effect.reservation);
        return { kind: "reserved" };
      case "archive":
        // A deposit address's job that failed with nothing mined: kept with the address.
        await depositOf(this.env, effect.vault).archiveJob(job);
        return { kind: "archived" };
      case "forget":
        // The relayer's stored transactions of the job go first.
        await jobRelayerOf(this.env, job.chainId, job.id, this.#row()?.relayer).forget(job.id);
        return { kind: "forgotten" };
      case "deleteAll":
        await this.ctx.storage.deleteAll();
        return { kind: "deleted" };
      default:
        throw new Error(`gaslessJobStep named an effect this object does not perform: ${effect.kind}`);
    }
  }

  async #heads() {
    return (await chainClocks(this.env)).heads;
  }

  /** Applies a step's write: the job row's stored job and attempts. */
  #write(w) {
    if (w.table !== "job" || !w.set || !("job" in w.set)) throw new Error(`gaslessJobStep wrote what this object does not store: ${JSON.stringify(w)}`);
    this.sql.exec("UPDATE job SET job = ?, attempts = ? WHERE id = ?", w.set.job, w.set.attempts, w.where.id);
  }

  #row() {
    if (this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'job'").toArray().length === 0) return null;
    this.#addLaterColumns();
    return this.sql.exec("SELECT id, job_key, owner, job, plan, attempts, relayer, deposit FROM job LIMIT 1").toArray()[0] ?? null;
  }

  /**
   * Jobs stored before accounts were pinned have no relayer column: added, null (funding/relayer-accounts.js's
   * older rule); jobs stored before failed deposit jobs were archived have no deposit column: added, null.
   */
  #addLaterColumns() {
    if (this.#hasLaterColumns) return;
    const columns = this.sql.exec("SELECT name FROM pragma_table_info('job')").toArray().map((r) => r.name);
    if (!columns.includes("relayer")) this.sql.exec("ALTER TABLE job ADD COLUMN relayer TEXT");
    if (!columns.includes("deposit")) this.sql.exec("ALTER TABLE job ADD COLUMN deposit TEXT");
    this.#hasLaterColumns = true;
  }

  #hasLaterColumns = false;
}
