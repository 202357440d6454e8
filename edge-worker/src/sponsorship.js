// Sponsorship counters: how much of the relayer's gas each partner's relayed fundings spent today
// on one chain (docs/security.md, "Sponsorship limits"). The chain's relayer object keeps the table
// (one place per chain, beside the reservations: objects/gasless-relayer.js) and delegates here.
//
// The rule is the core's (op "sponsorshipAdmission", src/service/funding/sponsorship.h): it counts
// the partner's rows of the day against the partner's daily gas budget and the funder's limit, and
// answers the row an admitted job takes (its UTC day, its funder, its hold: the job's gas limits at
// the chain's fee ceiling, plus an L2's L1 data fee allowance). This class only stores rows: one per
// admitted job, with each of the job's receipts (gas used, effective gas price, and an OP-stack
// chain's l1Fee) once mined, and whether the job has settled. A deposit address funded by plain
// transfers takes a row too (FundingReservations.reserve, admitted whatever the limits say).
// A settled row counts its receipts; one that sent nothing is deleted when it settles; settled rows
// of earlier days are deleted at the next admission (retention: a day, or the life of the job).
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

  /**
   * Stores the row of an admitted job, as the core answered it, and drops settled rows of earlier
   * days (no answer counts them any more). Synchronous: the next admission sees it.
   * @param {string} jobId @param {string} partner @param {{ day: number, funder: string, holdWei: string }} admitted
   */
  admit(jobId, partner, admitted) {
    this.sql.exec("DELETE FROM sponsorship WHERE day < ? AND settled = 1", admitted.day);
    this.sql.exec("INSERT OR IGNORE INTO sponsorship (job_id, partner, funder, day, hold_wei) VALUES (?, ?, ?, ?, ?)", jobId, partner, admitted.funder, admitted.day, admitted.holdWei);
  }

  /** Records what one of the job's mined transactions cost (idempotent per transaction). */
  recordReceipt(jobId, hash, receipt) {
    const row = this.sql.exec("SELECT receipts FROM sponsorship WHERE job_id = ?", jobId).toArray()[0];
    if (!row) return; // no row: a job admitted before rows existed, or one a settle already removed
    const receipts = JSON.parse(row.receipts);
    // null when the node reports no effective gas price: the core then counts the job at its hold.
    receipts[hash] = { gasUsed: receipt.gasUsed, effectiveGasPrice: receipt.effectiveGasPrice ?? null };
    // An OP-stack chain's (Base, Optimism) fee for the transaction's L1 data, outside gas x price;
    // kept only where the node reports it (older rows and L1 receipts have none).
    if (typeof receipt.l1Fee === "string") receipts[hash].l1Fee = receipt.l1Fee;
    this.sql.exec("UPDATE sponsorship SET receipts = ? WHERE job_id = ?", JSON.stringify(receipts), jobId);
  }

  /** The job has settled: from now on it counts what its receipts say; nothing sent, nothing counted. */
  settle(jobId) {
    this.sql.exec("UPDATE sponsorship SET settled = 1 WHERE job_id = ?", jobId);
    this.sql.exec("DELETE FROM sponsorship WHERE job_id = ? AND receipts = '{}'", jobId);
  }

  /** Every row (for tests and operators). */
  list() {
    return this.sql.exec("SELECT job_id, partner, funder, day, hold_wei, settled, receipts FROM sponsorship ORDER BY job_id").toArray()
      .map((row) => ({ jobId: row.job_id, partner: row.partner, funder: row.funder, day: row.day, holdWei: row.hold_wei, settled: row.settled === 1, receipts: Object.values(JSON.parse(row.receipts)) }));
  }
}
