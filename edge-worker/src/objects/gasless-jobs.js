// Gasless funding jobs, one Durable Object per quote (named by the quote's bare UUID), stored in
// SQLite. The core decides the job: the verification op that accepts a submit answers it
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
// object's alarm (set in the same transaction), which the runtime retries after a restart.
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
import { chainClocks } from "../chain-clocks.js";
import { askCore } from "../core.js";
import { reservationsOf } from "../funding-reservations.js";
import { nowSec } from "../lib/time.js";
import { relayer } from "../relayer.js";
import { jobRelayerOf } from "./stubs.js";

// The chain readers' poll interval where set (local 1 s), else a block time of the slowest chain.
const receiptPollMs = (env) => (Number(env.POLL_INTERVAL_MS ?? 0) > 0 ? Number(env.POLL_INTERVAL_MS) : 12_000);

const JOB_TABLE = `CREATE TABLE IF NOT EXISTS job (
  id TEXT PRIMARY KEY,
  job_key TEXT NOT NULL,
  owner TEXT NOT NULL,
  job TEXT NOT NULL,
  plan TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  relayer TEXT
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
   * @param {{ jobKey: string, owner: string, job: { id: string }, plan: unknown, relayer?: string }} input
   *   job: the accepted job the verification op answered (kept only when the quote has none);
   *   owner: who may read the job ("partner:<slug>" for keyed submits, "deposit:<vault>" for deposit addresses);
   *   relayer: the address of the relayer account the job is pinned to (relayer-accounts.js)
   * @returns {{ outcome: "created" | "existing" | "conflict", job: object, owner: string }}
   */
  submit(input) {
    const answer = this.ctx.storage.transactionSync(() => {
      this.sql.exec(JOB_TABLE);
      this.#addRelayerColumn();
      const row = this.#row();
      if (row) {
        return { outcome: row.job_key === input.jobKey ? "existing" : "conflict", job: JSON.parse(row.job), owner: row.owner };
      }
      const job = input.job;
      this.sql.exec("INSERT INTO job (id, job_key, owner, job, plan, relayer) VALUES (?, ?, ?, ?, ?, ?)", job.id, input.jobKey, input.owner, JSON.stringify(job), JSON.stringify(input.plan), input.relayer ?? null);
      return { outcome: "created", job, owner: input.owner };
    });
    // Same synchronous turn as the insert: no other call runs in between, and both are durable
    // before the answer leaves.
    if (answer.outcome === "created") this.ctx.storage.setAlarm(Date.now());
    return answer;
  }

  /** @returns {{ job: object, owner: string } | null} */
  read() {
    const row = this.#row();
    return row ? { job: JSON.parse(row.job), owner: row.owner } : null;
  }

  async alarm() {
    const row = this.#row();
    if (!row) return;
    const job = JSON.parse(row.job);
    // A finished job is final; an alarm that fires again after the outcome was stored has only
    // its reservation to release (in case the release below did not complete) and its retention;
    // a published one not final yet is still watched.
    const watched = job.status === "published" && job.final === false;
    if (job.status !== "accepted" && !watched) return this.#finished(job);
    let outcome;
    let attempts = row.attempts;
    if (watched) {
      try {
        // The core reads the receipt (null: gone; its status: funded or reverted).
        outcome = { receipt: await relayer(this.env).receipt({ job }) };
      } catch (e) {
        // The node unreachable: look again at the next poll (the runtime's own alarm retries are
        // few, and a job not final must stay watched).
        console.error(JSON.stringify({ event: "gasless-job-receipt-failed", jobId: job.id, message: String(e?.message ?? e) }));
        await this.ctx.storage.setAlarm(Date.now() + receiptPollMs(this.env));
        return;
      }
    } else {
      try {
        // A job whose account's key has left the list and that signed nothing there is given
        // another account, stored before it relays (relayer.js).
        const repin = (address) => this.sql.exec("UPDATE job SET relayer = ? WHERE id = ?", address, job.id);
        const relayed = await relayer(this.env).submit({ job, plan: JSON.parse(row.plan), pinned: row.relayer, repin });
        outcome = relayed.transactionHash ? { transactionHash: relayed.transactionHash, blockNumber: relayed.blockNumber } : relayed;
      } catch (e) {
        attempts += 1;
        outcome = { transientError: String(e?.message ?? e), attempts };
      }
    }
    const chainHeads = (await chainClocks(this.env)).heads;
    const answer = await askCore(this.env, "gaslessJobAdvance", { job, outcome, now: nowSec(), chainHeads });
    // Not an outcome: the core refused its input. Throwing leaves the job as it was and has the
    // runtime retry the alarm.
    if (answer.status !== 200) throw new Error(`gaslessJobAdvance answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    const next = answer.body.job;
    this.sql.exec("UPDATE job SET job = ?, attempts = ? WHERE id = ?", JSON.stringify(next), attempts, job.id);
    if (answer.body.retryAfterSec !== null) {
      if (outcome.receipt === null) console.log(JSON.stringify({ event: "gasless-job-reorganised", jobId: job.id, transactionHash: job.transactionHash }));
      else if (outcome.inFlight) console.log(JSON.stringify({ event: "relay-in-flight", jobId: job.id, retryAfterSec: answer.body.retryAfterSec, detail: outcome.inFlight }));
      else if (outcome.waitingFor) console.log(JSON.stringify({ event: "relay-waiting", jobId: job.id, waitingFor: outcome.waitingFor, retryAfterSec: answer.body.retryAfterSec, detail: outcome.detail }));
      else console.error(JSON.stringify({ event: "relay-retry", jobId: job.id, attempts, retryAfterSec: answer.body.retryAfterSec, message: outcome.transientError }));
      await this.ctx.storage.setAlarm(Date.now() + answer.body.retryAfterSec * 1000);
      return;
    }
    if (next.status !== job.status || next.final !== job.final) {
      console.log(JSON.stringify({ event: "gasless-job", jobId: next.id, status: next.status, transactionHash: next.transactionHash, confirmations: next.confirmations, final: next.final, error: next.error }));
    }
    // Not final yet: look at its receipt again at the chain poll interval.
    if (answer.body.checkReceipt) await this.ctx.storage.setAlarm(Date.now() + receiptPollMs(this.env));
    // Settled (published: its funding is mined; failed): the funder's balance is no longer held.
    // A release that throws has the runtime retry the alarm, which releases again.
    await this.#finished(next);
  }

  /**
   * Releases a settled job's reservation, then deletes the job once past its retention (a
   * published job still watched has none yet: its receipt alarm stays as it is).
   */
  async #finished(job) {
    await this.#release(job);
    const input = { job, ...(keepSec(this.env) !== undefined ? { keepSec: keepSec(this.env) } : {}) };
    const answer = await askCore(this.env, "gaslessJobRetention", input);
    if (answer.status !== 200) throw new Error(`gaslessJobRetention answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    if (answer.body.deleteAt === null) return;
    const at = answer.body.deleteAt * 1000;
    if (Date.now() >= at) {
      // The relayer's stored transactions of the job go first: a crash after this and before the
      // deletion has the alarm run again, which forgets again (nothing) and deletes.
      await jobRelayerOf(this.env, job.chainId, job.id, this.#row()?.relayer).forget(job.id);
      console.log(JSON.stringify({ event: "gasless-job-deleted", jobId: job.id, status: job.status }));
      return this.ctx.storage.deleteAll();
    }
    await this.ctx.storage.setAlarm(at);
  }

  async #release(job) {
    await reservationsOf(this.env, job.chainId).release(job.id);
  }

  #row() {
    if (this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'job'").toArray().length === 0) return null;
    this.#addRelayerColumn();
    return this.sql.exec("SELECT id, job_key, owner, job, plan, attempts, relayer FROM job LIMIT 1").toArray()[0] ?? null;
  }

  /** Jobs stored before accounts were pinned have no relayer column: added, null (relayer-accounts.js's older rule). */
  #addRelayerColumn() {
    if (this.#hasRelayerColumn) return;
    if (!this.sql.exec("SELECT name FROM pragma_table_info('job') WHERE name = 'relayer'").toArray().length) {
      this.sql.exec("ALTER TABLE job ADD COLUMN relayer TEXT");
    }
    this.#hasRelayerColumn = true;
  }

  #hasRelayerColumn = false;
}
