// Reservations of relayed fundings: one balance cannot back two of them (openapi.json, "Relayed
// fundings: who pays"). A funder's accepted, unsettled relayed fundings (keyed gasless jobs and
// keyless deposit-address jobs alike) hold their amounts per chain, token and funder, in ONE store
// per chain: the chain's relayer object named by the chain alone (runtime/objects.js relayerOf; the
// relayer accounts' objects keep none) keeps the table and delegates to this class.
//
// The rule is the core's: op "fundingPreflight" names the reservation a funding takes (null for a
// plain transfer, which has already paid the vault), and op "fundingPreflightVerdict" counts the
// stored rows of that chain, token and funder against the balance the preflight read (422
// funding-would-fail naming the reservations); which rows a step writes (an admitted funding's
// sponsorship row and reservation, a settled job's release, a mined receipt's cost) is op
// "relayerStep"'s (src/service/funding/funding_store.h). This class only loads rows, applies the
// writes and orders the verdicts.
//
// A preflight reads the chain (each read an RPC round trip) before it joins any queue, and in the
// submit's own request (reserveFunding below), not in the chain's store: the store's one thread
// only admits, hands out rows and orders verdicts, so one client's slow or refused fundings never
// hold another's; only the verdicts of fundings that share a token and funder wait for each
// other, in that pair's turn, so several submits backed by one balance are judged one after the
// other, each seeing the rows of those accepted before it.
//
// Order matters: the rows are read before the balance. A row is released only once its job has
// settled (published: its funding is mined, so the balance already lacks the amount; failed:
// whatever it moved has moved), so a balance read after the rows never counts money that a
// missing row's job took. The verdict counts the rows read before the balance together with
// those stored since (accepted while this one read the chain); at worst a job settling in
// between is counted twice, a refusal that a retry clears. Rows are deleted when their job
// settles (retention: the life of the job).
//
// Sponsorship limits are judged before anything is simulated: a partner past its daily gas budget
// on the chain, or a funder past its fundings of the day, answers the core's 429 (op
// "sponsorshipAdmission") and the chain is not even asked; they are judged again with the verdict
// (other fundings of the partner may have been admitted while this one read the chain), and an
// admitted funding's row is stored with its reservation (funding/sponsorship.js). A deposit address funded
// by plain transfers comes here too (deposits/deposit-addresses.js), before its job exists: a spent
// budget holds it like any other, and its row counts its gas against the address's partner.
import { askCore } from "../core.js";
import { judgeFunding, planFunding, readFunding } from "./preflight.js";
import { HttpError } from "../http/responses.js";
import { applyWrites } from "../runtime/sql-writes.js";
import { nowSec } from "../runtime/time.js";
import { relayerOf } from "../runtime/objects.js";
import { SponsorshipCounters } from "./sponsorship.js";

export class FundingReservations {
  /** The verdicts waiting per token and funder: key -> the last one's promise. */
  #turns = new Map();

  /** @param {SqlStorage} sql the relayer object's storage @param {any} env */
  constructor(sql, env) {
    this.sql = sql;
    this.env = env;
    this.sponsorship = new SponsorshipCounters(sql);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS reservation (
      job_id TEXT NOT NULL,
      token TEXT NOT NULL,
      funder TEXT NOT NULL,
      amount TEXT NOT NULL,
      PRIMARY KEY (job_id, token, funder)
    )`);
  }

  /**
   * The first half of a reservation: the partner's sponsorship limits judged before anything is
   * simulated (op relayerStep "admitted"). `reply`: refused, nothing else happens; else `state`,
   * which the caller hands back to `judge` once it has read the chain.
   * `reservation`: the token and funder the funding reserves (op fundingPreflight's), whose stored
   * rows come back with an admission (`rows`), read before the caller reads the balance: one call
   * to this store instead of two.
   * @param {{ plan: any, jobId: string, partner: string, reservation?: { token: string, funder: string } | null }} input
   * @returns {Promise<{ reply: any } | { state: any, rows?: object[] }>}
   */
  async admit({ plan, jobId, partner, reservation = null }) {
    // What the admission means (refused, or simulated next) is the core's (op relayerStep, the
    // chain's store: src/service/funding/funding_store.h).
    const step = await this.#step({ sponsorship: this.sponsorship.days() }, { kind: "admitted", jobId, partner, admission: await this.#admission(plan, partner) });
    if (step.effects.length === 0) return { reply: step.reply };
    return { state: step.state, ...(reservation ? { rows: this.rowsOf(reservation) } : {}) };
  }

  /**
   * The second half: the verdict on what the caller read from the chain (funding/preflight.js
   * readFunding), judged in the turn of the funding's token and funder only, and, if the core says
   * the funding would succeed with the balance its funder has left, its amount reserved.
   * @param {{ plan: any, jobId: string, partner: string, state: any, read: any }} input
   */
  judge({ plan, jobId, partner, state, read }) {
    const key = read.reservation ? `${read.reservation.token}:${read.reservation.funder}`.toLowerCase() : `job:${jobId}`;
    return this.#inTurn(key, async () => {
      // read.verdict: one reached without the preflight (a refund's simulation, refunds.js).
      let verdict = read.verdict ?? read.refused;
      if (!verdict) {
        // The rows read before the balance, and those stored since (accepted meanwhile).
        const reserved = read.reservation ? unionOfRows(read.before, this.rowsOf(read.reservation)) : undefined;
        verdict = await judgeFunding(this.env, plan, read.results, { jobId, reserved });
      }
      // The rows the core names (the job's sponsorship row, its reservation) are written before
      // the next verdict of the pair runs, so it counts this job. A refused verdict takes nothing:
      // its admission is not asked again.
      const judged = await this.#step(state, {
        kind: "simulated",
        verdict: { status: verdict.status, body: verdict.body },
        reservation: read.reservation ?? null,
        ...(verdict.status === 200 ? { admission: await this.#admission(plan, partner) } : {}),
      });
      return judged.reply;
    });
  }

  /** The core's sponsorship admission of `plan` under `partner`, from the partner's stored rows. */
  async #admission(plan, partner) {
    const answer = await askCore(this.env, "sponsorshipAdmission", { plan, partner, now: nowSec(), rows: this.sponsorship.rows(partner) });
    return { status: answer.status, body: answer.body, ...(answer.headers ? { headers: answer.headers } : {}) };
  }

  /** Runs `fn` after every earlier call of the same key has finished. */
  #inTurn(key, fn) {
    const run = (this.#turns.get(key) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => {});
    this.#turns.set(key, tail);
    tail.then(() => {
      if (this.#turns.get(key) === tail) this.#turns.delete(key);
    });
    return run;
  }

  /** Asks op relayerStep about the chain's store and writes what it answers. */
  async #step(state, event) {
    const answer = await askCore(this.env, "relayerStep", { state, event });
    if (answer.status !== 200) throw new Error(`relayerStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    applyWrites(this.sql, answer.body.writes, ["reservation", "sponsorship"]);
    return answer.body;
  }

  /** The stored reservations of the reservation's token and funder, as the verdict takes them. */
  rowsOf({ token, funder }) {
    return this.sql
      .exec("SELECT job_id, amount FROM reservation WHERE token = ? AND funder = ?", token.toLowerCase(), funder.toLowerCase())
      .toArray()
      .map((row) => ({ jobId: row.job_id, amount: row.amount }));
  }

  /**
   * Releases every reservation of a job that has settled, and settles its sponsorship row (idempotent; op relayerStep).
   * @returns {Promise<{ mined: number | null }>} how many of the job's transactions were mined (null: no row, unknown)
   */
  async release(jobId) {
    return (await this.#step({ sponsorship: this.sponsorship.row(jobId) }, { kind: "release", jobId })).reply;
  }

  /** Holds a reorganised job's reservation again, as op gaslessJobStep named it (idempotent; op relayerStep). */
  async reserveAgain(jobId, reservation) {
    await this.#step({}, { kind: "reserve", jobId, reservation });
  }

  /** Records a mined receipt of a sponsored job (idempotent per transaction; op relayerStep). */
  async recordReceipt(jobId, hash, receipt) {
    const { gasUsed, effectiveGasPrice, l1Fee } = receipt;
    await this.#step({ sponsorship: this.sponsorship.row(jobId) }, { kind: "receiptMined", jobId, hash, receipt: { gasUsed, effectiveGasPrice, l1Fee } });
  }

  /** @returns {{ jobId: string, token: string, funder: string, amount: string }[]} what is held (for tests and operators) */
  list() {
    return this.sql.exec("SELECT job_id, token, funder, amount FROM reservation ORDER BY job_id").toArray()
      .map((row) => ({ jobId: row.job_id, token: row.token, funder: row.funder, amount: row.amount }));
  }
}

/** Rows of one token and funder read at two moments, each job once. */
function unionOfRows(before, now) {
  const byJob = new Map();
  for (const row of [...(before ?? []), ...now]) byJob.set(row.jobId, row);
  return [...byJob.values()];
}

/**
 * Simulates the funding of `jobId` and, if the core says it would succeed with the balance its
 * funder has left, reserves its amount in the chain's store. The chain is read here, in the
 * caller's own request (or object), never inside the chain's store: the store admits, hands out
 * the rows and orders the verdicts, so its one thread spends no time on anybody's chain reads.
 * `partner`: whose sponsorship pays the gas (the key's partner, or the deposit address's).
 * @param {any} env @param {{ plan: any, jobId: string, partner: string }} input
 * @returns {Promise<{ status: number, body: any, headers?: Record<string, string> } | { httpError: { status: number, code: string, detail: string } }>}
 */
export async function reserveFunding(env, { plan, jobId, partner }) {
  const store = reservationsOf(env, plan.chainId);
  // Handed back as parts, as the callers take them (an object's caller gets no HttpError).
  const asParts = (e) => {
    if (e instanceof HttpError) return { httpError: { status: e.status, code: e.code, detail: e.message } };
    throw e;
  };
  let planned;
  try {
    planned = await planFunding(env, plan, { jobId });
  } catch (e) {
    return asParts(e);
  }
  // The sponsorship's refusal comes first (nothing is read then); the funder's rows come back with
  // the admission, so they are read before its balance (see the top of this file).
  const admitted = await store.admit({ plan, jobId, partner, reservation: planned.reservation ?? null });
  if (admitted.reply) return admitted.reply;
  let read;
  if (planned.refused) {
    read = { refused: planned.refused };
  } else {
    try {
      read = { reservation: planned.reservation, results: await readFunding(plan, planned), before: admitted.rows ?? null };
    } catch (e) {
      return asParts(e);
    }
  }
  return store.judge({ plan, jobId, partner, state: admitted.state, read });
}

/** The chain's reservation store: its relayer object named by the chain alone, however many accounts relay. */
export function reservationsOf(env, chainId) {
  return relayerOf(env, chainId);
}
