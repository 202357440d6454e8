// Gasless funding jobs, one Durable Object per quote (named by the quote's bare UUID), stored in
// SQLite. A quote is funded at most once, so it has at most one job:
// - the first verified submit creates the job (202);
// - the identical signed payload again answers the same job (200), whoever sends it and however
//   many copies arrive at once: `submit` reads and writes in one synchronous transaction with no
//   await in between, so the object's input gate serialises the copies and exactly one creates;
// - a different authorization for the quote answers 409 with the existing job.
// The job row is written before `submit` returns, and the Durable Object's output gate holds the
// answer until the write is durable, so a 202 is never lost by a restart. Relaying runs from the
// object's alarm (set in the same transaction), which the runtime retries after a restart; it
// moves the job accepted -> published (with the funding transaction) or failed (with the reason).
import { DurableObject } from "cloudflare:workers";
import { relayer } from "./relayer.js";

/** The job id of a quote: a quote has at most one job, so the job carries the quote's UUID. */
export const jobIdOf = (quoteUuid) => `job:${quoteUuid}`;

// Transient relay failures (RPC down, timeouts) are retried this many times, backing off.
const MAX_RELAY_ATTEMPTS = 5;
const RETRY_BASE_MS = 2_000;

export class GaslessJobs extends DurableObject {
  /** @param {DurableObjectState} ctx */
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS job (
      id TEXT PRIMARY KEY,
      job_key TEXT NOT NULL,
      owner TEXT NOT NULL,
      job TEXT NOT NULL,
      plan TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0
    )`);
  }

  /**
   * @param {{ jobKey: string, owner: string, quoteUuid: string, standard: string,
   *           intentHash: string, chainId: number, plan: unknown, now: number }} input
   *   quoteUuid: the bare (lowercase) UUID of the quote, as status lookups take it; now: Unix seconds
   *   owner: who may read the job ("partner:<slug>" for keyed submits, "deposit:<vault>" for deposit addresses)
   * @returns {{ outcome: "created" | "existing" | "conflict", job: object, owner: string }}
   */
  submit(input) {
    const answer = this.ctx.storage.transactionSync(() => {
      const row = this.#row();
      if (row) {
        return { outcome: row.job_key === input.jobKey ? "existing" : "conflict", job: JSON.parse(row.job), owner: row.owner };
      }
      const job = {
        id: jobIdOf(input.quoteUuid),
        status: "accepted",
        standard: input.standard,
        quoteId: input.quoteUuid,
        intentHash: input.intentHash,
        chainId: input.chainId,
        transactionHash: null,
        error: null,
        createdAt: input.now,
        updatedAt: input.now,
      };
      this.sql.exec("INSERT INTO job (id, job_key, owner, job, plan) VALUES (?, ?, ?, ?, ?)", job.id, input.jobKey, input.owner, JSON.stringify(job), JSON.stringify(input.plan));
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
    if (job.status !== "accepted") return;
    let result;
    try {
      result = await relayer(this.env).submit({ job, plan: JSON.parse(row.plan) });
    } catch (e) {
      // Transient: keep the job accepted and try again later, up to a bound.
      const attempts = row.attempts + 1;
      console.error(JSON.stringify({ event: "relay-retry", jobId: job.id, attempts, message: String(e?.message ?? e) }));
      if (attempts < MAX_RELAY_ATTEMPTS) {
        this.sql.exec("UPDATE job SET attempts = ? WHERE id = ?", attempts, job.id);
        await this.ctx.storage.setAlarm(Date.now() + RETRY_BASE_MS * 2 ** (attempts - 1));
        return;
      }
      result = { error: `relaying failed ${attempts} times; last error: ${String(e?.message ?? e)}` };
    }
    this.#finish(job, result);
  }

  #finish(job, result) {
    const next = { ...job, updatedAt: Math.floor(Date.now() / 1000) };
    if (result.transactionHash) Object.assign(next, { status: "published", transactionHash: result.transactionHash, error: null });
    else Object.assign(next, { status: "failed", error: String(result.error ?? "the relayer gave no reason") });
    this.sql.exec("UPDATE job SET job = ? WHERE id = ?", JSON.stringify(next), job.id);
    console.log(JSON.stringify({ event: "gasless-job", jobId: job.id, status: next.status, transactionHash: next.transactionHash, error: next.error }));
  }

  #row() {
    return this.sql.exec("SELECT id, job_key, owner, job, plan, attempts FROM job LIMIT 1").toArray()[0] ?? null;
  }
}

/** @param {any} env @param {string} quoteUuid lowercase bare UUID */
/** @param {{ locationHint: string } | undefined} [options] where to create the object (location.js) */
export function jobsOf(env, quoteUuid, options) {
  return env.GASLESS_JOBS.get(env.GASLESS_JOBS.idFromName(quoteUuid), options);
}
