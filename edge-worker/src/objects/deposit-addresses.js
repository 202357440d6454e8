// Deposit addresses, one Durable Object per vault (named by the lowercase vault address), stored
// in SQLite. The record is what the core built at creation (the public record and the intent it
// funds); `transfers` are the ERC-20 transfers into the vault seen so far.
//
// Funding by plain transfer (the "transfer" method) is read, not polled: at creation the object
// registers its vault with its chain's reader (chain-reader.js), which fetches Transfer logs into
// every watched vault of the chain with its other logs, in the same ranges and confirmation
// window, and hands each vault its part range by range (observeTransfers). The core keeps the
// transfers (a re-read range replaces what it held, so a reorganised transfer disappears; a log
// seen twice counts once) and decides (op "depositObserve"): once the transfers confirmed at the
// reader's depth cover the amount, this object creates the address's funding job, whose relayer
// sends publishAndFundFor (the Portal counts the balance already in the vault). The job is one per
// quote and keyed by what funded it, so a range delivered again finds the job it created.
// Submitted authorizations (ERC-3009, EIP-2612) create the same job directly, so whichever
// funding arrives first is the one job of the address's quote.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { nowSec } from "../lib/time.js";
import { chainReader, jobsOf } from "./stubs.js";

export class DepositAddresses extends DurableObject {
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
  }

  /**
   * Stores a new address (vaults commit to a random salt, so one is never created twice; a
   * repeated create answers the stored record). The vault is watched before it is stored and
   * answered: nobody can send to it before that, so the reader misses no transfer.
   * @param {{ owner: string, record: any, intent: any }} input
   */
  async create({ owner, record, intent }) {
    const existing = this.read();
    if (existing) return existing;
    await chainReader(this.env, record.source.chainId).watchDeposit({ vault: record.vaultAddress, token: record.source.token, deadline: record.deadline });
    this.sql.exec("INSERT INTO deposit (vault, owner, record, intent) VALUES (?, ?, ?, ?)", record.vaultAddress.toLowerCase(), owner, JSON.stringify(record), JSON.stringify(intent));
    return { owner, record, intent, transfers: [] };
  }

  /** @returns {{ owner: string, record: any, intent: any, transfers: any[] } | null} */
  read() {
    const row = this.sql.exec("SELECT owner, record, intent, transfers FROM deposit LIMIT 1").toArray()[0];
    return row ? { owner: row.owner, record: JSON.parse(row.record), intent: JSON.parse(row.intent), transfers: JSON.parse(row.transfers) } : null;
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
    if (answer.state === "funded") answer = { state: (await this.#fundFromTransfers(deposit)) ? "funded" : "refused", recheckFrom: null };
    // Kept after the job exists: a status read meanwhile never shows covering transfers without
    // their job (and a failure before this line has the reader deliver the range again).
    this.sql.exec("UPDATE deposit SET transfers = ?", JSON.stringify(observed.body.transfers));
    return answer;
  }

  /** Creates the funding job of transfers that cover the amount; false when the core refuses it. */
  async #fundFromTransfers({ owner, record, intent }) {
    const answer = await askCore(this.env, "depositSubmitVerify", { standard: "transfer", body: { vaultAddress: record.vaultAddress }, deposit: { record, intent }, now: nowSec() });
    if (answer.status !== 200) {
      console.error(JSON.stringify({ event: "deposit-transfer-refused", vault: record.vaultAddress, detail: answer.body?.detail }));
      return false;
    }
    const v = answer.body;
    const stored = await jobsOf(this.env, v.job.quoteId).submit({ jobKey: v.jobKey, owner, job: v.job, plan: v.plan });
    console.log(JSON.stringify({ event: "deposit-transfer-funding", vault: record.vaultAddress, jobId: stored.job.id, outcome: stored.outcome }));
    return true;
  }
}
