// Quote registrations on their way to their intent shards, coalesced per shard in this isolate.
//
// Why: a registration is a Durable Object call, and the call itself (its RPC, the shard's turn, its
// transaction and alarm read) costs the worker more than the records it carries (bench/README.md,
// "Ablation" and "Registrations coalesced"). So a shard that took no registration call from this
// isolate in the last WINDOW_MS gets one at once, as before; one that did gets everything for it that
// arrives meanwhile in one call, WINDOW_MS after the last. Under thin traffic a registration lands
// as soon as ever; under load each shard takes at most one registration call per window from an
// isolate, whatever the quote rate, and a registration waits at most a window.
//
// Nothing is lost by waiting: the request that starts a shard's call keeps it alive (waitUntil)
// until the call is over, for every registration it carries; the others ride along and need not
// wait (a promise settled from another request's context would not wake them in workerd). A
// registration that still fails after the retries is logged, as a single call's failure was. A
// lookup meanwhile answers "unknown", as it did while the call was under way (docs/status.md).
import { shardOf } from "../runtime/objects.js";

/** The longest a registration waits for its shard's next call (ms): REGISTRATION_WINDOW_MS, else this. */
export const WINDOW_MS = 1_000;
/** Attempts at a registration before it is logged as failed, the n-th retry RETRY_MS x n later. */
const ATTEMPTS = 4;
const RETRY_MS = 250;

/** shard key -> { lastSentAt (ms), waiting: entries, timer }, in this isolate. */
const shards = new Map();

/**
 * Stores one registration ({records, owner, quote}: IntentShard.register's arguments) in the shard
 * `key` (two hex digits), in the shard's next call. Answers the call's promise to the request that
 * starts it (resolved once the call is over, failures logged), and a settled promise to a
 * registration that rides along on a call another request started.
 * @param {object} env
 * @param {string} key
 * @param {{ records: Record<string, object>, owner: string | null, quote: object | null }} entry
 * @param {(() => Promise<void>) | null} [beforeCall] what the shard's call waits for, in the call's
 *   turn (never the answering one); it must not reject
 * @returns {Promise<void>}
 */
export function registerInShard(env, key, entry, beforeCall = null) {
  let shard = shards.get(key);
  if (!shard) {
    shard = { lastSentAt: -Infinity, waiting: [], timer: null, beforeCall: null };
    shards.set(key, shard);
  }
  shard.waiting.push(entry);
  shard.beforeCall = beforeCall;
  if (shard.timer !== null) return Promise.resolve();
  // In a later turn in any case: never the call in the turn that answers (runtime/background.js).
  const wait = Math.max(0, shard.lastSentAt + windowMs(env) - Date.now());
  return new Promise((resolve) => {
    shard.timer = setTimeout(() => resolve(send(env, key, shard)), wait);
  });
}

function windowMs(env) {
  const raw = env.REGISTRATION_WINDOW_MS;
  const configured = Number(raw);
  return raw != null && raw !== "" && Number.isInteger(configured) && configured >= 0 ? configured : WINDOW_MS;
}

/** The registrations waiting for shard `key`'s next call, for tests. */
export function waitingFor(key) {
  return shards.get(key)?.waiting.length ?? 0;
}

/**
 * Runs `attempt` until it resolves, at most ATTEMPTS times, the n-th retry RETRY_MS x n after the
 * failure before it; rejects with the last failure. A registration's way to its shard, whether
 * coalesced (below) or direct (intent-status.js).
 * @template T
 * @param {() => Promise<T>} attempt
 * @returns {Promise<T>}
 */
export async function retried(attempt) {
  for (let n = 1; ; ++n) {
    try {
      return await attempt();
    } catch (e) {
      if (n >= ATTEMPTS) throw e;
      await new Promise((r) => setTimeout(r, RETRY_MS * n));
    }
  }
}

async function send(env, key, shard) {
  const batch = shard.waiting;
  shard.waiting = [];
  shard.timer = null;
  shard.lastSentAt = Date.now();
  // What the call waits for (the chain readers' arming) reports its own failure: the
  // registrations go in any case.
  await Promise.resolve(shard.beforeCall?.()).catch(() => {});
  // The registrations not stored yet, each with why its last attempt failed; each attempt sends
  // only those.
  let left = batch.map((entry) => ({ entry, message: null }));
  await retried(async () => {
    try {
      const failed = await shardOf(env, key).registerAll(left.map((l) => l.entry));
      left = failed.map((f) => ({ entry: left[f.index].entry, message: f.message }));
    } catch (e) {
      for (const l of left) l.message = String(e?.message ?? e);
      throw e;
    }
    if (left.length > 0) throw new Error(`${left.length} registrations not stored`);
  }).catch(() => {});
  for (const { entry, message } of left) {
    console.error(JSON.stringify({ event: "status-register-failed", shard: key, quoteId: entry.quote?.quoteId ?? null, intents: Object.keys(entry.records), message }));
  }
}
