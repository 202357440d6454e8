// The gasless relayer of one chain, one Durable Object per chain (relayer.js is its interface):
// it sends real transactions over the chain's JSON-RPC (chain-rpc.js) from the account of the
// worker secret RELAYER_KEY. Before a job exists its transactions were simulated
// (funding-preflight.js), and right before signing the whole job is simulated again, both calls
// together against the pending state, with its windows checked against the chain's time
// (relay-simulation.js): a job that would fail is failed and nothing is sent. A revert here means
// the chain changed between that simulation and the block.
// The core builds, prices and signs them (op "relayTransactions": the token authorization call,
// then the Portal's publishAndFundFor, with the gas limits and fee policy of service.json `relay`);
// the worker only fetches the nonce, the latest base fee and the node's priority fee suggestion,
// and broadcasts. While the chain's base fee plus priority fee is above the chain's ceiling
// (service.json relay.maxFeePerGasWei) the core signs nothing and the job waits
// ({waitingFor: "gas-price"}); the job's object looks again later.
// One object per chain sends, one job at a time, so two jobs never take the same nonce.
// The same object keeps the chain's reservations of accepted, unsettled fundings
// (funding-reservations.js) and the sponsorship counters (sponsorship.js): every receipt of a
// sponsored job is recorded there as it is mined, so the partner's budget counts real gas.
// It stores the signed bytes before broadcasting: after a restart it re-broadcasts exactly those
// bytes (signing is deterministic) and waits for their receipts instead of signing anew. The same
// holds after a reorganisation removed a published job's transactions (the job is accepted again,
// objects/gasless-jobs.js): the same bytes, the same nonces, so they can never be paid twice. Before
// any of them is sent again, the core must find their nonces still free (op "relayResend") and the whole job is simulated again
// (relay-simulation.js); otherwise the job fails and nothing new is sent.
import { DurableObject } from "cloudflare:workers";
import { askCore } from "../core.js";
import { jsonRpc } from "../chain-rpc.js";
import { FundingReservations } from "../funding-reservations.js";
import { simulateJob } from "../relay-simulation.js";

const RECEIPT_TIMEOUT_MS = 60_000;
const RECEIPT_POLL_MS = 250;

export class GaslessRelayer extends DurableObject {
  /** @type {Promise<unknown>} */
  #queue = Promise.resolve();

  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS sent (job_id TEXT PRIMARY KEY, transactions TEXT NOT NULL)");
    this.reservations = new FundingReservations(this.sql, env);
  }

  // The chain's one store of relayed-funding reservations (funding-reservations.js). Its queue is
  // its own: a submit is judged while a relay waits for its receipt.
  /** @param {{ plan: unknown, jobId: string }} input */
  reserve(input) {
    return this.reservations.reserve(input);
  }

  /** @param {string} jobId */
  release(jobId) {
    this.reservations.release(jobId);
  }

  reservationsHeld() {
    return this.reservations.list();
  }

  sponsorshipRows() {
    return this.reservations.sponsorship.list();
  }

  /**
   * One relay at a time per chain (the account's nonce is shared).
   * @returns {Promise<{transactionHash: string, blockNumber: number} | {error: string} | {retry: string} | {waitingFor: "gas-price", detail: string}>}
   */
  relay(input) {
    const run = this.#queue.then(() => this.#relay(input));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #relay({ jobId, chainId, rpcUrl, plan }) {
    const rpc = jsonRpc(rpcUrl);
    let transactions;
    try {
      const stored = this.#stored(jobId);
      const refused = stored ? await this.#mayResend(rpc, rpcUrl, chainId, plan, stored) : null;
      if (refused) return refused;
      transactions = stored ?? (await this.#sign(rpc, rpcUrl, jobId, plan));
    } catch (e) {
      if (e instanceof RelayRefused) return { error: e.message };
      return { retry: `chain ${chainId}: ${e.message}` };
    }
    if (!Array.isArray(transactions)) return transactions; // the core refused: a final error
    let blockNumber = null;
    for (const tx of transactions) {
      try {
        const receipt = await this.#broadcast(rpc, tx);
        blockNumber = Number(BigInt(receipt.blockNumber));
        // Its gas is spent, reverted or not: the partner's budget counts it.
        this.reservations.sponsorship.recordReceipt(jobId, tx.hash, receipt);
        if (receipt.status !== "0x1") return { error: `the ${tx.purpose} transaction ${tx.hash} reverted on chain ${chainId}` };
      } catch (e) {
        return { retry: `chain ${chainId}: ${e.message}` };
      }
    }
    return { transactionHash: transactions[transactions.length - 1].hash, blockNumber };
  }

  /**
   * Stored transactions about to be broadcast again (after a restart, or after a reorganisation
   * removed them): null when they may go, or {error} when they can no longer be mined, nothing
   * sent. The core decides (op "relayResend") from what this fetches: whether the chain has each
   * one's receipt or the node holds it, and the relayer's mined nonce count; a job wholly gone is
   * simulated again as the first time (the authorization may have been used or expired meanwhile).
   */
  async #mayResend(rpc, rpcUrl, chainId, plan, transactions) {
    const known = await Promise.all(transactions.map(async (tx) => Boolean((await rpc("eth_getTransactionReceipt", [tx.hash])) ?? (await rpc("eth_getTransactionByHash", [tx.hash])))));
    if (known.every(Boolean)) return null;
    const account = await askCore(this.env, "relayerAccount", { relayerKey: this.env.RELAYER_KEY });
    if (account.status !== 200) throw new RelayRefused(`the relayer key is unusable: ${account.body?.detail}`);
    const from = account.body.address;
    const [used, block] = await Promise.all([rpc("eth_getTransactionCount", [from, "latest"]), rpc("eth_getBlockByNumber", ["latest", false])]);
    const decided = await askCore(this.env, "relayResend", {
      chainId,
      minedNonce: Number(BigInt(used)),
      transactions: transactions.map((tx, i) => ({ purpose: tx.purpose, nonce: tx.nonce, hash: tx.hash, known: known[i] })),
    });
    if (decided.status !== 200) throw new Error(`relayResend answered ${decided.status}: ${decided.body?.detail ?? ""}`);
    const { action, detail } = decided.body;
    if (action === "wait") return null;
    if (action === "fail") return { error: detail };
    if (action === "retry") throw new Error(detail);
    const refused = await simulateJob({ env: this.env, rpcUrl, plan, from, chainTime: Number(BigInt(block.timestamp)) });
    return refused ? { error: `${refused.error} (simulated again before re-sending the transactions a reorganisation removed; nothing new was sent)` } : null;
  }

  #stored(jobId) {
    const row = this.sql.exec("SELECT transactions FROM sent WHERE job_id = ?", jobId).toArray()[0];
    return row ? JSON.parse(row.transactions) : null;
  }

  async #sign(rpc, rpcUrl, jobId, plan) {
    const account = await askCore(this.env, "relayerAccount", { relayerKey: this.env.RELAYER_KEY });
    if (account.status !== 200) throw new RelayRefused(`the relayer key is unusable: ${account.body?.detail}`);
    const from = account.body.address;
    const [nonce, block, suggestion] = await Promise.all([
      rpc("eth_getTransactionCount", [from, "pending"]),
      rpc("eth_getBlockByNumber", ["latest", false]),
      // Not every node answers this; the core then uses relay.fallbackPriorityFeeWei.
      rpc("eth_maxPriorityFeePerGas", []).catch(() => null),
    ]);
    // The whole job, simulated right before signing (relay-simulation.js): a job that would fail
    // is failed, and nothing is signed or sent.
    const refused = await simulateJob({ env: this.env, rpcUrl, plan, from, chainTime: Number(BigInt(block.timestamp)) });
    if (refused) return refused;
    const answer = await askCore(this.env, "relayTransactions", {
      plan,
      relayerKey: this.env.RELAYER_KEY,
      nonce: Number(BigInt(nonce)),
      baseFeePerGas: block?.baseFeePerGas ?? null,
      priorityFeeSuggestion: suggestion ?? null,
    });
    if (answer.status !== 200) return { error: `the relayer could not build the transactions: ${answer.body?.detail}` };
    // The chain's price is above its ceiling (the core's decision): nothing signed, nothing
    // stored, so the next look signs anew at the price of its own moment.
    if (answer.body.waitingFor) return { waitingFor: answer.body.waitingFor, detail: answer.body.detail };
    const transactions = answer.body.transactions;
    this.sql.exec("INSERT INTO sent (job_id, transactions) VALUES (?, ?)", jobId, JSON.stringify(transactions));
    return transactions;
  }

  /** Sends raw bytes (again, after a restart) and waits for the receipt of their hash. */
  async #broadcast(rpc, tx) {
    let receipt = await rpc("eth_getTransactionReceipt", [tx.hash]);
    if (!receipt) {
      try {
        await rpc("eth_sendRawTransaction", [tx.raw]);
      } catch (e) {
        // Sent before a restart: the node knows it already. Anything else is real.
        if (!/already known|known transaction|nonce too low/i.test(e.message)) throw e;
      }
    }
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (!receipt) {
      if (Date.now() > deadline) throw new Error(`no receipt for ${tx.hash} within ${RECEIPT_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS));
      receipt = await rpc("eth_getTransactionReceipt", [tx.hash]);
    }
    return receipt;
  }
}

class RelayRefused extends Error {}
