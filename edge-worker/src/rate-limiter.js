// Token buckets, one Durable Object per bucket (per API key, per client address). A DO runs one
// call at a time and `take` never awaits, so concurrent requests see each other's withdrawals:
// exactly `burst` succeed at once, then `ratePerSec` per second.
//
// The bucket lives in the object's memory and is written to its SQLite storage at most once per
// second (a write on every request paused workerd's thread and made the latency tail): a restart
// reads the last written bucket, so it can hand out again at most the tokens withdrawn in the
// second before it (docs/security.md, "Rate limits: how exact").
import { DurableObject } from "cloudflare:workers";

const FLUSH_INTERVAL_MS = 1_000;

export class RateLimiter extends DurableObject {
  /** @type {{ tokens: number, updatedMs: number } | null} */
  #bucket;
  #flushTimer = null;

  /** @param {DurableObjectState} ctx @param {unknown} env */
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS bucket (id INTEGER PRIMARY KEY CHECK (id = 1), tokens REAL NOT NULL, updated_ms REAL NOT NULL)");
    const row = this.sql.exec("SELECT tokens, updated_ms FROM bucket WHERE id = 1").toArray()[0];
    this.#bucket = row ? { tokens: row.tokens, updatedMs: row.updated_ms } : null;
  }

  /**
   * Withdraws one token if there is one.
   * @param {{ ratePerSec: number, burst: number }} limit
   * @returns {{ allowed: boolean, limit: number, remaining: number, resetSec: number, retryAfterSec: number }}
   */
  take(limit) {
    const { ratePerSec, burst } = limit;
    const now = Date.now();
    const held = this.#bucket;
    let tokens = held ? Math.min(burst, held.tokens + (Math.max(0, now - held.updatedMs) / 1000) * ratePerSec) : burst;
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    this.#bucket = { tokens, updatedMs: now };
    this.#flushSoon();
    return {
      allowed,
      limit: burst,
      remaining: Math.floor(tokens),
      resetSec: Math.ceil((burst - tokens) / ratePerSec),
      retryAfterSec: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerSec)),
    };
  }

  /** The bucket as last written, and as held now, for tests and operators. */
  peek() {
    const stored = this.sql.exec("SELECT tokens, updated_ms FROM bucket WHERE id = 1").toArray()[0] ?? null;
    return { stored, held: this.#bucket };
  }

  #flushSoon() {
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = null;
      const { tokens, updatedMs } = this.#bucket;
      this.sql.exec(
        "INSERT INTO bucket (id, tokens, updated_ms) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET tokens = excluded.tokens, updated_ms = excluded.updated_ms",
        tokens,
        updatedMs,
      );
    }, FLUSH_INTERVAL_MS);
  }
}

/**
 * @param {DurableObjectNamespace<RateLimiter>} namespace
 * @param {string} bucketName "key:<id>" or "ip:<address>"
 */
export function takeToken(namespace, bucketName, limit) {
  return namespace.get(namespace.idFromName(bucketName)).take(limit);
}

/** The RateLimit-* headers every keyed response carries, plus Retry-After when refused. */
export function rateLimitHeaders(result) {
  const h = {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSec),
  };
  if (!result.allowed) h["Retry-After"] = String(result.retryAfterSec);
  return h;
}
