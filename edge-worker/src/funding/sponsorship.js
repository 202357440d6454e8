// Sponsorship counters: how much of the relayer's gas each partner's relayed fundings spent today
// on one chain (docs/security.md, "Sponsorship limits"). The chain's relayer object keeps the table
// (one place per chain, beside the reservations: funding/gasless-relayer.js) and delegates here.
//
// The rule is the core's (op "sponsorshipAdmission", src/service/funding/sponsorship.h): it counts
// the partner's rows of the day against the partner's daily gas budget and the funder's limit, and
// answers the row an admitted job takes (its UTC day, its funder, its hold: the job's gas limits at
// the chain's fee ceiling, plus an L2's L1 data fee allowance). This class only reads rows: one per
// admitted job, with each of the job's receipts (gas used, effective gas price, and an OP-stack
// chain's l1Fee) once mined, and whether the job has settled. What is written when is the core's
// too (op relayerStep, src/service/funding/funding_store.h: FundingReservations applies it): a
// deposit address funded by plain transfers takes a row whatever the limits say; a settled row
// counts its receipts; one that sent nothing is deleted when it settles; settled rows of earlier
// days are deleted at the next admission (retention: a day, or the life of the job).
export class SponsorshipCounters {
  /** @param {SqlStorage} sql the relayer object's storage */
  constructor(sql) {
    this.sql = sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS sponsorship (
      job_id TEXT PRIMARY KEY,
      partner TEXT NOT NULL,
      funder TEXT NOT NULL,
      day INTEGER NOT NULL,
      hold_wei TEXT NOT NULL,
      settled INTEGER NOT NULL DEFAULT 0,
      receipts TEXT NOT NULL DEFAULT '{}'
    )`);
  }

  /** The partner's rows as op "sponsorshipAdmission" takes them. */
  rows(partner) {
    return this.sql.exec("SELECT day, funder, hold_wei, settled, receipts FROM sponsorship WHERE partner = ?", partner).toArray()
      .map((row) => ({ day: row.day, funder: row.funder, holdWei: row.hold_wei, settled: row.settled === 1, receipts: Object.values(JSON.parse(row.receipts)) }));
  }

  /** Every row's day and whether it settled, as op relayerStep takes them to drop the settled rows of earlier days. */
  days() {
    return this.sql.exec("SELECT job_id, day, settled FROM sponsorship").toArray().map((row) => ({ jobId: row.job_id, day: row.day, settled: row.settled === 1 }));
  }

  /** The job's row as op relayerStep takes it ({receipts} by hash), or null. */
  row(jobId) {
    const row = this.sql.exec("SELECT receipts FROM sponsorship WHERE job_id = ?", jobId).toArray()[0];
    return row ? { receipts: JSON.parse(row.receipts) } : null;
  }

  /** Every row (for tests and operators). */
  list() {
    return this.sql.exec("SELECT job_id, partner, funder, day, hold_wei, settled, receipts FROM sponsorship ORDER BY job_id").toArray()
      .map((row) => ({ jobId: row.job_id, partner: row.partner, funder: row.funder, day: row.day, holdWei: row.hold_wei, settled: row.settled === 1, receipts: Object.values(JSON.parse(row.receipts)) }));
  }
}
