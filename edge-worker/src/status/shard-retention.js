// An intent shard's upkeep: the storage side of its retention. Which record or quote-id row goes
// when, and what goes with it, is the core's (ops recordRetention, quoteIdRetention, and
// intentShardStep's events "expired", "quoteRows" and "upgrade"); this module reads what is due, reads the
// records other shards hold for the quote-id rows due here, drops transaction index rows in other
// shards, and brings rows stored before their rule under it.
import { byShard, depositOf, shardOf } from "../runtime/objects.js";

// Quote-id rows checked against their record's shard per alarm (the next alarm takes the rest).
const QUOTE_ROW_BATCH = 200;
// Records looked at per alarm (the next alarm takes the rest).
const RECORD_BATCH = 1000;

/** The earliest expiry of a record or a quote-id row, or null. */
export function nextExpiry(sql) {
  const records = sql.exec("SELECT MIN(expire_at) AS at FROM record WHERE expire_at IS NOT NULL").toArray()[0]?.at ?? null;
  const quotes = sql.exec("SELECT MIN(expire_at) AS at FROM quote WHERE expire_at IS NOT NULL").toArray()[0]?.at ?? null;
  const times = [records, quotes].filter((t) => t != null);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * RECORD_GRACE_SEC and RECORD_BUCKET_SEC (how wide the expiry "hour" records share a table by is)
 * as op intentShardStep takes them (tests shorten them).
 */
export function graceOf(env) {
  const given = (v) => v !== undefined && v !== "";
  return {
    ...(given(env.RECORD_GRACE_SEC) ? { graceSec: Number(env.RECORD_GRACE_SEC) } : {}),
    ...(given(env.RECORD_BUCKET_SEC) ? { bucketSec: Number(env.RECORD_BUCKET_SEC) } : {}),
  };
}

/**
 * The records whose expiry came (a bounded batch per alarm; the next alarm takes the rest), each
 * with the transactions of its record_tx rows (op intentShardStep's event "expired" state.records,
 * which says what goes with each).
 */
export function dueRecords(sql, now) {
  const due = sql.exec("SELECT intent_hash, expire_at FROM record WHERE expire_at IS NOT NULL AND expire_at <= ? LIMIT ?", now, RECORD_BATCH).toArray();
  return due.map((r) => ({
    intentHash: r.intent_hash,
    expireAt: r.expire_at,
    transactions: sql.exec("SELECT tx_hash FROM record_tx WHERE intent_hash = ?", r.intent_hash).toArray().map((t) => t.tx_hash),
  }));
}

/** Drops transaction index rows in the transactions' shards (effect unindex). */
export async function unindex(env, pairs) {
  // A row left behind (its shard unreachable) is harmless: a lookup through it finds no record.
  await Promise.all([...byShard(pairs, (p) => p.transactionHash).values()].map((group) =>
    shardOf(env, group[0].transactionHash).mapTransactions([], group).catch((e) =>
      console.error(JSON.stringify({ event: "transaction-unindex-failed", message: String(e?.message ?? e) })),
    ),
  ));
}

/**
 * The quote-id rows whose time came, each with its record as the record's shard holds it now
 * (op intentShardStep's event "quoteRows" state.rows). `local(hash)`: this shard's record, and
 * whether this shard is the record's own (then a missing record is gone, not elsewhere).
 * Throws when another shard cannot be read: the step then names the retry.
 */
export async function dueQuoteRows(env, sql, now, local) {
  const due = sql.exec("SELECT quote_id, intent_hash, expire_at FROM quote WHERE expire_at IS NOT NULL AND expire_at <= ? LIMIT ?", now, QUOTE_ROW_BATCH).toArray();
  const rows = due.map((r) => ({ quoteId: r.quote_id, intentHash: r.intent_hash, expireAt: r.expire_at, record: null }));
  const read = async () => {
    const records = {};
    const elsewhere = [];
    for (const { intentHash } of rows) {
      const { record, own } = local(intentHash);
      if (record || own) records[intentHash] = record;
      else elsewhere.push(intentHash);
    }
    const groups = [...byShard(elsewhere, (h) => h).values()];
    for (const found of await Promise.all(groups.map((hashes) => shardOf(env, hashes[0]).recordsOf(hashes)))) Object.assign(records, found);
    for (const row of rows) row.record = records[row.intentHash] ?? null;
  };
  return { rows, read };
}

/**
 * Brings rows stored before their rule existed under it, once per object (op intentShardStep's
 * event "upgrade" decides whether and how, from meta "retention"): records without an expiry, a
 * page at a time, then the quote-id rows without one whose record this shard does not hold. Runs
 * before the object answers anything; a failure leaves the rows as they were, to be tried at the
 * next start. `run(state, event)` asks the core and writes what it answers. Answers whether rows
 * changed (the alarm is then brought forward to the next expiry).
 */
export async function upgradeRetention(env, sql, run) {
  try {
    const version = sql.exec("SELECT value FROM meta WHERE name = 'retention'").toArray()[0]?.value ?? 0;
    if ((await run({ version }, { kind: "upgrade" })).upToDate) return false;
    let after = "";
    for (;;) {
      const rows = sql.exec("SELECT intent_hash, record FROM record WHERE expire_at IS NULL AND intent_hash > ? ORDER BY intent_hash LIMIT 200", after).toArray();
      const records = rows.map((r) => ({ intentHash: r.intent_hash, record: JSON.parse(r.record) }));
      if (rows.length > 0) {
        await run({ version, records, ...graceOf(env) }, { kind: "upgrade" });
        after = rows[rows.length - 1].intent_hash;
        continue;
      }
      const apart = sql.exec("SELECT quote_id FROM quote WHERE expire_at IS NULL AND intent_hash NOT IN (SELECT intent_hash FROM record)").toArray().map((r) => r.quote_id);
      await run({ version, records, apart }, { kind: "upgrade" });
      return true;
    }
  } catch (e) {
    console.error(JSON.stringify({ event: "retention-upgrade-failed", object: "IntentShard", message: String(e?.message ?? e) }));
    return false;
  }
}

/**
 * Once per object (meta "deposit-wake"): starts the object of every deposit address this shard
 * indexes. An address stored before its retention alarm existed gets that alarm when its object
 * starts (deposits/deposit-addresses.js); an unfunded one past its deadline is otherwise never
 * touched again (its chain's reader no longer watches it, nobody looks it up), so it would be kept
 * forever. In the background, a few at a time; the mark is set only once all were reached.
 */
export function wakeIndexedDeposits(env, sql) {
  if (sql.exec("SELECT 1 FROM meta WHERE name = 'deposit-wake'").toArray().length > 0) return;
  const vaults = sql.exec("SELECT vault FROM deposit_vault").toArray().map((r) => r.vault);
  const run = async () => {
    for (let i = 0; i < vaults.length; i += 20) {
      await Promise.all(vaults.slice(i, i + 20).map((vault) => depositOf(env, vault).read()));
    }
    sql.exec("INSERT OR REPLACE INTO meta (name, value) VALUES ('deposit-wake', 1)");
  };
  run().catch((e) => console.error(JSON.stringify({ event: "deposit-wake-failed", message: String(e?.message ?? e) })));
}
