// The gasless relayer of one chain and one relayer account, one Durable Object per (chain,
// account address) (funding/relayer.js is its interface; runtime/objects.js accountRelayerOf names them): it
// sends real transactions over the chain's JSON-RPC (chain/rpc.js) from its account, RELAYER_KEY
// or one of RELAYER_KEYS (funding/relayer-accounts.js, which also chooses each job's account when the job
// is created; the job keeps it). Before a job exists its transactions were simulated
// (funding/preflight.js), and right before signing the whole job is simulated again, both calls
// together against the pending state, with its windows checked against the chain's time
// (funding/relay-simulation.js): a job that would fail is failed and nothing is sent. A revert here means
// the chain changed between that simulation and the block.
// The core builds, prices and signs them (op "relayTransactions": the token authorization call,
// then the Portal's publishAndFundFor, with the gas limits and fee policy of service.json `relay`);
// the worker only fetches the nonce, the latest base fee and the node's priority fee suggestion,
// and broadcasts. While the chain's base fee plus priority fee is above the chain's ceiling
// (service.json relay.maxFeePerGasWei), or above what the job's quote's gas fee covers (the
// plan's maxFeePerGasCoveredWei), the core signs nothing and the job waits
// ({waitingFor: "gas-price"}); the job's object looks again later.
// One object per (chain, account) sends, one job at a time, so two jobs never take the same
// nonce; N accounts relay N jobs of a chain at once. One at a time holds beyond one call: a relay
// that stops waiting ({inFlight}: no receipt in its while, or the node unreachable) leaves its job's
// row open, and no other job of the account is signed while an open row holds a nonce the chain
// has not mined (op relayTransactions answers waitingFor "relayer"). So a job signed and stored
// but not broadcast before a kill -9, or a funding still waiting for its authorization, keeps its
// nonces, and a job that fails with a nonce never sent leaves it to the next job, no gap behind.
// The object named by the chain alone (relayerOf(env, chainId), once account 0's relayer) keeps the
// chain's reservations of accepted, unsettled fundings (funding/reservations.js) and the
// sponsorship counters (funding/sponsorship.js), one store per chain: every receipt of a sponsored job is
// recorded there as it is mined (by each account's object through a call to it), so the
// partner's budget counts real gas. It and the objects named by position in the key list still
// relay the jobs stored before accounts were pinned by address.
// It stores the signed bytes before broadcasting, and every later attempt at the same nonce too
// (a replacement or a cancellation, below) before that is broadcast: after a restart it looks for
// a receipt under every attempt's hash and never signs the job anew (signing is deterministic).
// A transaction with no receipt is the core's to judge at every new block (op "relayReplace"):
// after relay.replaceAfterBlocks blocks it is re-priced by replacement (same nonce, same call,
// both fees raised at least 10%, never above the chain's ceiling; at the ceiling it waits); one
// the node no longer holds (dropped, or reorganised away) is broadcast again, the same bytes.
// Before anything is sent again the calls left are simulated again (funding/relay-simulation.js): a call
// that would now revert is not re-sent; if the node still holds it, its nonce is filled with a
// 0-value transfer to the relayer itself (so the account is not stuck and the old one cannot be
// mined to revert), and the job fails once that is mined; if not, the job fails, nothing sent.
// A job fails only when none of its transactions can be mined any more (its nonce taken by
// another transaction, or cancelled): while one is in flight the relay answers {inFlight} and the
// job waits without spending an attempt (op "gaslessJobAdvance").
// Which answer a relay gives is the core's (op "relayerStep", src/service/funding/relayer_step.h):
// this object performs the steps it names (prepare, land, record a receipt) and feeds each result
// back, including what a node's refusal to take bytes means and when receipts are read again.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { jsonRpc } from "../chain/rpc.js";
import { FundingReservations } from "./reservations.js";
import { simulateJob } from "./relay-simulation.js";
import { relayerKeyAt } from "./relayer-accounts.js";
import { relayerKeyOf } from "./relayer-addresses.js";
import { relayerOf } from "../runtime/objects.js";

const RECEIPT_POLL_MS = 250;

export class GaslessRelayer extends DurableObject {
  /** @type {Promise<unknown>} */
  #queue = Promise.resolve();
  /** The block at which each attempt was last sent, by hash (in memory: after a restart the count starts again). */
  #sentAt = new Map();

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS sent (job_id TEXT PRIMARY KEY, transactions TEXT NOT NULL)");
    // open: the job has not settled here (its relay has answered neither a mined funding nor a
    // final error), so its nonces are held (op relayTransactions waits behind them). Rows stored
    // before the column existed count as settled: one of them may be a job that failed with a
    // nonce never sent, and holding that would keep every later job of the account waiting.
    if (!this.sql.exec("SELECT name FROM pragma_table_info('sent') WHERE name = 'open'").toArray().length) {
      this.sql.exec("ALTER TABLE sent ADD COLUMN open INTEGER NOT NULL DEFAULT 0");
    }
  }

  /** The chain's reservation store: created on first use, so only the object reservationsOf names (by the chain alone) ever has its tables. */
  get reservations() {
    this.#reservations ??= new FundingReservations(this.sql, this.env);
    return this.#reservations;
  }

  /** @type {FundingReservations | undefined} */
  #reservations;

  /**
   * Records a mined receipt of a sponsored job (funding/sponsorship.js, idempotent per transaction): an
   * account's object sends its receipts here, to the chain's one store.
   * @param {string} jobId @param {string} hash @param {any} receipt
   */
  recordReceipt(jobId, hash, receipt) {
    return this.reservations.recordReceipt(jobId, hash, receipt);
  }

  // The chain's one store of relayed-funding reservations (funding/reservations.js): the submit
  // reads the chain in its own request (reserveFunding) between admit and judge. Its queue is its
  // own: a submit is judged while a relay waits for its receipt.
  /** @param {{ plan: unknown, jobId: string, partner: string, reservation?: { token: string, funder: string } | null }} input (with a reservation, its rows come back too) */
  admit(input) {
    return this.reservations.admit(input);
  }

  /** @param {{ plan: unknown, jobId: string, partner: string, state: unknown, read: unknown }} input */
  judge(input) {
    return this.reservations.judge(input);
  }

  /** @param {string} jobId */
  release(jobId) {
    return this.reservations.release(jobId);
  }

  /** @param {string} jobId @param {{ token: string, funder: string, amount: string }} reservation */
  reserveAgain(jobId, reservation) {
    return this.reservations.reserveAgain(jobId, reservation);
  }

  reservationsHeld() {
    return this.reservations.list();
  }

  sponsorshipRows() {
    return this.reservations.sponsorship.list();
  }

  /**
   * Deletes a finished job's signed transactions (its GaslessJobs object calls this right before
   * deleting itself, op "gaslessJobRetention"): a published and final or failed job is never
   * relayed again, so nothing needs its bytes or nonces any more.
   * @param {string} jobId
   */
  forget(jobId) {
    this.sql.exec("DELETE FROM sent WHERE job_id = ?", jobId);
  }

  /** Whether this account signed transactions for `jobId` (stored until the job's retention). */
  holds(jobId) {
    return this.#stored(jobId) !== null;
  }

  /** The job ids that have signed transactions stored (tests read it). */
  sentJobs() {
    return this.sql.exec("SELECT job_id FROM sent ORDER BY job_id").toArray().map((r) => r.job_id);
  }

  /**
   * One relay at a time per object (its account's nonce sequence is shared by its jobs).
   * @returns {Promise<{transactionHash: string, blockNumber: number} | {error: string} | {retry: string} | {waitingFor: "gas-price" | "relayer", detail: string} | {inFlight: string}>}
   */
  relay(input) {
    const run = this.#queue.then(() => this.#relayAndSettle(input));
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * Relays one job, as op "relayerStep" decides (src/service/funding/relayer_step.h): the job's row
   * is opened (its nonces held against the account's other jobs) until the reply is a mined
   * funding or a final error; each effect's result is the next event. A stored job relayed again
   * (after a restart, or a reorganisation that removed its funding) holds its nonces again meanwhile.
   * @param {{ jobId: string, chainId: number, rpcUrl: string, plan: unknown, address?: string, account?: number }} input
   *   address: the account the job is pinned to (this object's, funding/relayer-accounts.js); account: the
   *   position in the key list, for a job stored before pinning (objects named by position)
   */
  async #relayAndSettle({ jobId, chainId, rpcUrl, plan, account = 0, address = null }) {
    const stored = this.#stored(jobId);
    this.#key = address ? await relayerKeyOf(this.env, address) : relayerKeyAt(this.env, account);
    const job = { rpc: jsonRpc(rpcUrl), rpcUrl, chainId, jobId, plan, from: null, transactions: stored };
    let state = { jobId, chainId, account: address ?? account, pinned: Boolean(address), stored: stored !== null };
    let event = { kind: "relay", keyFound: Boolean(this.#key) };
    let deadline;
    let landed;
    for (;;) {
      const step = await this.#step(state, event);
      this.#write(step.writes);
      const [effect] = step.effects;
      if (!effect) return step.reply;
      state = step.state;
      if (effect.kind === "prepare") {
        event = { kind: "prepared", result: await this.#prepare(job, effect) };
      } else if (effect.kind === "land") {
        deadline ??= Date.now() + effect.waitMs;
        landed = await caught(() => this.#land(job, effect.index, effect.fresh, deadline));
        event = { kind: "landed", result: landed.receipt ? landedFacts(landed) : landed };
      } else if (effect.kind === "recordReceipt") {
        // In the chain's one store (the object named by the chain alone: a call to it, or this one
        // for a job stored before pinning).
        let failed = null;
        try {
          if (!address && account === 0) await this.recordReceipt(jobId, effect.hash, landed.receipt);
          else await relayerOf(this.env, chainId, 0).recordReceipt(jobId, effect.hash, landed.receipt);
        } catch (e) {
          failed = String(e?.message ?? e);
        }
        event = { kind: "recorded", failed };
      } else {
        throw new Error(`relayerStep named an effect this object does not perform: ${effect.kind}`);
      }
    }
  }

  /** Asks op relayerStep; its refusal is a bug of this driver (thrown: the job's relay is retried). */
  async #step(state, event) {
    const answer = await askCore(this.env, "relayerStep", { state, event });
    if (answer.status !== 200) throw new Error(`relayerStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body;
  }

  /** Applies a step's writes (only the sent table's open flag is written by a relay step). */
  #write(writes) {
    for (const w of writes) {
      if (w.table !== "sent" || !w.set || !("open" in w.set)) throw new Error(`relayerStep wrote what this object does not store: ${JSON.stringify(w)}`);
      this.sql.exec("UPDATE sent SET open = ? WHERE job_id = ?", w.set.open, w.where.job_id);
    }
  }

  /**
   * The account, its floor for a new job, then the job's transactions: stored, or signed now.
   * @returns {Promise<{transactions: number} | {waitingFor: string, detail: string} | {error: string} | {thrown: string, refused: boolean}>}
   */
  async #prepare(job, { checkFloor, sign }) {
    return caught(async () => {
      job.from = await this.#account();
      const waiting = checkFloor ? await this.#belowFloor(job.rpc, job.chainId, job.from) : null;
      if (waiting) return waiting;
      if (sign) job.transactions = await this.#sign(job.rpc, job.rpcUrl, job.jobId, job.plan, job.from);
      // The core refused or the price waits: nothing sent.
      if (!Array.isArray(job.transactions)) return job.transactions;
      return { transactions: job.transactions.length };
    });
  }

  /** The nonces of the account's other jobs that have not settled here ({jobId, nonce}, op relayTransactions). */
  #heldNonces(jobId) {
    return this.sql
      .exec("SELECT job_id, transactions FROM sent WHERE open = 1 AND job_id != ?", jobId)
      .toArray()
      .flatMap((r) => JSON.parse(r.transactions).map((tx) => ({ jobId: r.job_id, nonce: tx.nonce })));
  }

  /**
   * Whether the account may take a new job: its balance against the chain's floor (op
   * relayerFloor). Below it the job waits (`waitingFor: "relayer"`, looked at again later) and
   * the alert is logged; null when it may.
   */
  async #belowFloor(rpc, chainId, from) {
    const balanceWei = await rpc("eth_getBalance", [from, "latest"]);
    const floor = await askCore(this.env, "relayerFloor", { chainId, address: from, balanceWei });
    if (floor.status !== 200) throw new Error(`relayerFloor answered ${floor.status}: ${floor.body?.detail}`);
    if (floor.body.mayTakeJob) return null;
    console.error(JSON.stringify({ event: "relayer-below-floor", chainId, address: from, balanceWei: floor.body.balanceWei, floorWei: floor.body.floorWei }));
    return { waitingFor: "relayer", detail: floor.body.detail };
  }

  /** How many jobs this account has signed and not settled (GET /internal/status: its queue). */
  openJobs() {
    return this.sql.exec("SELECT COUNT(*) AS n FROM sent WHERE open = 1").one().n;
  }

  /** This object's account key (set by each relay; one object always has the same account). */
  #key = undefined;

  async #account() {
    const account = await askCore(this.env, "relayerAccount", { relayerKey: this.#key });
    if (account.status !== 200) throw new RelayRefused(`the relayer key is unusable: ${account.body?.detail}`);
    return account.body.address;
  }

  #stored(jobId) {
    const row = this.sql.exec("SELECT transactions FROM sent WHERE job_id = ?", jobId).toArray()[0];
    return row ? JSON.parse(row.transactions) : null;
  }

  async #sign(rpc, rpcUrl, jobId, plan, from) {
    const [nonce, mined, block, suggestion] = await Promise.all([
      rpc("eth_getTransactionCount", [from, "pending"]),
      rpc("eth_getTransactionCount", [from, "latest"]),
      rpc("eth_getBlockByNumber", ["latest", false]),
      // Not every node answers this; the core then uses relay.fallbackPriorityFeeWei.
      rpc("eth_maxPriorityFeePerGas", []).catch(() => null),
    ]);
    // The whole job, simulated right before signing (funding/relay-simulation.js): a job that would fail
    // is failed, and nothing is signed or sent.
    const refused = await simulateJob({ env: this.env, rpcUrl, plan, from, chainTime: Number(BigInt(block.timestamp)) });
    if (refused) return refused;
    const answer = await askCore(this.env, "relayTransactions", {
      plan,
      relayerKey: this.#key,
      nonce: Number(BigInt(nonce)),
      // Nothing is signed while another job of this account holds a nonce not mined yet: stored
      // before a kill -9 and never broadcast, or a funding waiting for its authorization's receipt.
      // The node's pending count knows neither (op relayTransactions, waitingFor "relayer").
      minedNonce: Number(BigInt(mined)),
      heldNonces: this.#heldNonces(jobId),
      baseFeePerGas: block?.baseFeePerGas ?? null,
      priorityFeeSuggestion: suggestion ?? null,
    });
    if (answer.status !== 200) return { error: `the relayer could not build the transactions: ${answer.body?.detail}` };
    // The chain's price is above its ceiling, or an earlier job of the account holds a nonce not
    // mined yet (the core's decisions): nothing signed, nothing stored, so the next look signs
    // anew at the price and nonce of its own moment.
    if (answer.body.waitingFor) return { waitingFor: answer.body.waitingFor, detail: answer.body.detail };
    const { maxFeePerGas, maxPriorityFeePerGas } = answer.body;
    // Each transaction keeps its fees (a replacement raises them) and its later attempts.
    const transactions = answer.body.transactions.map((tx) => ({ ...tx, maxFeePerGas, maxPriorityFeePerGas, attempts: [] }));
    this.sql.exec("INSERT INTO sent (job_id, transactions, open) VALUES (?, ?, 1)", jobId, JSON.stringify(transactions));
    return transactions;
  }

  /**
   * Waits for a receipt of the job's i-th transaction under any of its attempts' hashes, until
   * `deadline`. Meanwhile, at every new block (and whenever the node no longer holds any attempt)
   * the core decides (op "relayReplace"): wait; fail (the nonce taken by another transaction);
   * simulate the calls left and ask again; send the same bytes again (dropped); or sign a
   * replacement or a cancellation, which is stored before it is broadcast (kill -9 safe: after a
   * restart every attempt's hash is looked for).
   * @returns {Promise<{receipt: any, attempt: any} | {error: string} | {inFlight: string}>}
   */
  async #land(job, i, fresh, deadline) {
    const { rpc, transactions, from } = job;
    const tx = transactions[i];
    const attemptsOf = () => [{ ...tx, kind: "original" }, ...(tx.attempts ?? []).map((a) => ({ ...a, purpose: tx.purpose }))];
    const receiptOf = async () => {
      for (const attempt of attemptsOf()) {
        const receipt = await rpc("eth_getTransactionReceipt", [attempt.hash]);
        if (receipt) return { receipt, attempt };
      }
      return null;
    };
    const head = async () => Number(BigInt((await rpc("eth_getBlockByNumber", ["latest", false])).number));
    let since = this.#sentAt.get(attemptsOf().at(-1).hash) ?? (await head());
    const first = await receiptOf();
    if (first) return first;
    if (fresh) {
      await this.#send(rpc, attemptsOf().at(-1).raw);
      since = await head();
      this.#sentAt.set(attemptsOf().at(-1).hash, since);
    }
    let asked = null;
    for (;;) {
      // The mined nonce count is read BEFORE the receipts: a nonce used with no receipt of ours
      // was used by another transaction.
      const used = Number(BigInt(await rpc("eth_getTransactionCount", [from, "latest"])));
      let found = await receiptOf();
      const [recheck] = (await this.#step({ nonce: tx.nonce }, { kind: "polled", used, found: Boolean(found) })).effects;
      if (recheck) {
        await new Promise((r) => setTimeout(r, recheck.afterMs));
        found = await receiptOf();
      }
      if (found) return found;
      const known = (await Promise.all(attemptsOf().map((a) => rpc("eth_getTransactionByHash", [a.hash])))).some(Boolean);
      const now = await head();
      if (now !== asked || !known) {
        asked = now;
        const decided = await this.#decide(job, i, { used, known, blocksWaited: Math.max(0, now - since) });
        if (decided.error) return decided;
        if (decided.action === "rebroadcast") await this.#send(rpc, attemptsOf().at(-1).raw);
        if (decided.transaction) {
          const attempt = { ...decided.transaction, reason: decided.detail };
          delete attempt.purpose;
          tx.attempts = [...(tx.attempts ?? []), attempt];
          // Stored before it is broadcast: after a kill -9 its hash is looked for too.
          this.sql.exec("UPDATE sent SET transactions = ? WHERE job_id = ?", JSON.stringify(transactions), job.jobId);
          console.log(JSON.stringify({ event: `relay-${decided.action}`, jobId: job.jobId, nonce: tx.nonce, hash: attempt.hash, maxFeePerGas: attempt.maxFeePerGas, detail: decided.detail }));
          await this.#send(rpc, attempt.raw);
          since = now;
          this.#sentAt.set(attempt.hash, now);
        }
      }
      if (Date.now() > deadline) return { inFlight: `no receipt yet for the ${tx.purpose} transaction at nonce ${tx.nonce} (${attemptsOf().map((a) => a.hash).join(", ")})` };
      await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS));
    }
  }

  /** The core's decision about a transaction with no receipt (op "relayReplace"), simulating the calls left when it asks. */
  async #decide(job, i, { used, known, blocksWaited }) {
    const { rpc, rpcUrl, plan, from } = job;
    const tx = job.transactions[i];
    const latest = (tx.attempts ?? []).at(-1) ?? tx;
    const [block, suggestion] = await Promise.all([rpc("eth_getBlockByNumber", ["latest", false]), rpc("eth_maxPriorityFeePerGas", []).catch(() => null)]);
    const ask = (simulation) =>
      askCore(this.env, "relayReplace", {
        plan,
        relayerKey: this.#key,
        transaction: {
          purpose: tx.purpose,
          nonce: tx.nonce,
          // Rows stored before fees were kept: 0, so any replacement raises them.
          maxFeePerGas: latest.maxFeePerGas ?? "0",
          maxPriorityFeePerGas: latest.maxPriorityFeePerGas ?? "0",
          cancelling: latest.kind === "cancel",
          known,
          blocksWaited,
        },
        minedNonce: used,
        baseFeePerGas: block?.baseFeePerGas ?? null,
        priorityFeeSuggestion: suggestion ?? null,
        simulation,
      });
    let answer = await ask(null);
    if (answer.status === 200 && answer.body.action === "simulate") {
      // The calls from this one on. While an attempt is still pending the pending state would
      // include it (its authorization would look used), so the latest block; a transaction the node
      // no longer holds is judged against the pending state, where a competitor may wait.
      const refused = await simulateJob({ env: this.env, rpcUrl, plan, from, chainTime: Number(BigInt(block.timestamp)), fromCall: tx.purpose, blockTag: known ? "latest" : "pending" });
      answer = await ask(refused ? { error: refused.error } : { ok: true });
    }
    if (answer.status !== 200) throw new Error(`relayReplace answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    if (answer.body.action === "fail") return { error: answer.body.detail };
    return answer.body;
  }

  /** Sends raw bytes; the node may know them already (sent before a restart) or have mined their nonce. */
  async #send(rpc, raw) {
    try {
      await rpc("eth_sendRawTransaction", [raw]);
    } catch (e) {
      // Sent before a restart, or its nonce mined: op relayerStep reads the node's refusal.
      const { reply } = await this.#step({}, { kind: "sendRefused", message: String(e?.message ?? e) });
      if (!reply.sent) throw e;
    }
  }
}

class RelayRefused extends Error {}

/** What `fn` resolves to, or what it threw as op relayerStep takes it (refused: final, else the node's trouble). */
async function caught(fn) {
  try {
    return await fn();
  } catch (e) {
    return { thrown: String(e?.message ?? e), refused: e instanceof RelayRefused };
  }
}

/** The facts of a landed attempt and its receipt that the core reads (not the signed bytes, not the logs). */
function landedFacts({ receipt, attempt: { kind, purpose, hash, nonce, reason } }) {
  return { receipt: { status: receipt.status, blockNumber: receipt.blockNumber }, attempt: { kind, purpose, hash, nonce, ...(reason !== undefined ? { reason } : {}) } };
}
