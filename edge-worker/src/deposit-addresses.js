// Deposit addresses, one Durable Object per vault (named by the lowercase vault address), stored
// in SQLite. The record is what the core built at creation (the public record and the intent it
// funds). Until the address's deadline, an alarm watches the chain for ERC-20 Transfer events
// into the vault (the "transfer" funding method); once they cover the reward, it creates the
// address's funding job, whose relayer sends publishAndFundFor (the Portal counts the balance
// already in the vault). Submitted authorizations (ERC-3009, EIP-2612) create the same job
// directly, so whichever funding arrives first is the one job of the address's quote.
import { DurableObject } from "cloudflare:workers";
import { callCore } from "./core.js";
import { jobsOf } from "./gasless-jobs.js";
import { jsonRpc, rpcUrlOf } from "./chain-rpc.js";
import { settings } from "./settings.js";

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const WATCH_INTERVAL_MS = 5_000;
const FIRST_SCAN_LOOKBACK_BLOCKS = 1_000;

export class DepositAddresses extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS deposit (
      vault TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      record TEXT NOT NULL,
      intent TEXT NOT NULL,
      next_block INTEGER NOT NULL DEFAULT 0,
      transfers TEXT NOT NULL DEFAULT '[]'
    )`);
  }

  /**
   * Stores a new address (vaults commit to a random salt, so one is never created twice; a
   * repeated create answers the stored record).
   * @param {{ owner: string, record: any, intent: any }} input
   */
  create({ owner, record, intent }) {
    const existing = this.read();
    if (existing) return existing;
    this.sql.exec("INSERT INTO deposit (vault, owner, record, intent) VALUES (?, ?, ?, ?)", record.vaultAddress.toLowerCase(), owner, JSON.stringify(record), JSON.stringify(intent));
    this.ctx.storage.setAlarm(Date.now() + WATCH_INTERVAL_MS);
    return { owner, record, intent, transfers: [] };
  }

  /** @returns {{ owner: string, record: any, intent: any, transfers: any[] } | null} */
  read() {
    const row = this.sql.exec("SELECT owner, record, intent, transfers FROM deposit LIMIT 1").toArray()[0];
    return row ? { owner: row.owner, record: JSON.parse(row.record), intent: JSON.parse(row.intent), transfers: JSON.parse(row.transfers) } : null;
  }

  /** Watches for transfers into the vault until the deadline or until a funding job exists. */
  async alarm() {
    const row = this.sql.exec("SELECT owner, record, intent, next_block, transfers FROM deposit LIMIT 1").toArray()[0];
    if (!row) return;
    const record = JSON.parse(row.record);
    if (Date.now() / 1000 > record.deadline) return;
    const quoteUuid = record.quoteId.replace(/^quote:/, "").toLowerCase();
    if (await jobsOf(this.env, quoteUuid).read()) return; // funded through a submit: nothing to watch
    const rpcUrl = rpcUrlOf(this.env, record.source.chainId);
    if (!rpcUrl) return; // no chain access here: transfers are not watched (documented)
    try {
      const found = await this.#scan(jsonRpc(rpcUrl), record, row.next_block);
      const transfers = [...JSON.parse(row.transfers), ...found.transfers];
      this.sql.exec("UPDATE deposit SET next_block = ?, transfers = ? WHERE vault = ?", found.nextBlock, JSON.stringify(transfers), record.vaultAddress.toLowerCase());
      const received = transfers.reduce((sum, t) => sum + BigInt(t.value), 0n);
      if (received >= BigInt(record.source.amount)) {
        await this.#fundFromTransfers(row.owner, record, JSON.parse(row.intent), quoteUuid);
        return;
      }
    } catch (e) {
      console.error(JSON.stringify({ event: "deposit-watch-error", vault: record.vaultAddress, message: String(e?.message ?? e) }));
    }
    await this.ctx.storage.setAlarm(Date.now() + WATCH_INTERVAL_MS);
  }

  async #scan(rpc, record, fromBlock) {
    const latest = Number(BigInt(await rpc("eth_blockNumber", [])));
    // Nobody knew the vault before the address was created, so the first scan only looks back
    // over the blocks since then (generously), never the whole chain.
    if (fromBlock === 0) fromBlock = Math.max(0, latest - FIRST_SCAN_LOOKBACK_BLOCKS);
    if (fromBlock > latest) return { transfers: [], nextBlock: fromBlock };
    const vaultTopic = "0x" + record.vaultAddress.slice(2).toLowerCase().padStart(64, "0");
    const logs = await rpc("eth_getLogs", [{ address: record.source.token, fromBlock: "0x" + fromBlock.toString(16), toBlock: "0x" + latest.toString(16), topics: [TRANSFER_TOPIC, null, vaultTopic] }]);
    const transfers = logs.map((log) => ({ transactionHash: log.transactionHash, blockNumber: Number(BigInt(log.blockNumber)), logIndex: Number(BigInt(log.logIndex)), from: "0x" + log.topics[1].slice(26), value: BigInt(log.data).toString() }));
    return { transfers, nextBlock: latest + 1 };
  }

  async #fundFromTransfers(owner, record, intent, quoteUuid) {
    const answer = await callCore(settings(this.env).coreInputs, "depositSubmitVerify", { standard: "transfer", body: { vaultAddress: record.vaultAddress }, deposit: { record, intent }, now: Math.floor(Date.now() / 1000) });
    if (answer.status !== 200) {
      console.error(JSON.stringify({ event: "deposit-transfer-refused", vault: record.vaultAddress, detail: answer.body?.detail }));
      return;
    }
    const v = answer.body;
    const stored = await jobsOf(this.env, quoteUuid).submit({ jobKey: v.jobKey, owner, quoteUuid, standard: v.standard, intentHash: v.intentHash, chainId: v.chainId, plan: v.plan, now: Math.floor(Date.now() / 1000) });
    console.log(JSON.stringify({ event: "deposit-transfer-funding", vault: record.vaultAddress, jobId: stored.job.id, outcome: stored.outcome }));
  }
}

/** @param {any} env @param {string} vault @param {{ locationHint: string }} [options] where to create it (location.js) */
export function depositOf(env, vault, options) {
  return env.DEPOSIT_ADDRESSES.get(env.DEPOSIT_ADDRESSES.idFromName(vault.toLowerCase()), options);
}
