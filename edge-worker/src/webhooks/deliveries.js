// One webhook endpoint's deliveries, one Durable Object per endpoint: a durable queue. A message is
// stored before it is sent and sent from the object's alarm, which the runtime re-runs after a
// crash, so a delivery interrupted by a restart is sent again with the same webhook-id (at least
// once). Per intent, a message waits until the one before it was delivered or given up (in
// order). A slow or hanging receiver only delays its own endpoint's queue (a timeout per attempt).
//
// Every attempt first asks the core (op webhookTarget) whether the endpoint's key may still
// receive and where to connect: a key revoked (or no longer partner-mapped) after messages were
// queued cancels them, nothing is sent (state "cancelled" with the reason, listed, then deleted
// like the rest); otherwise the message goes over a socket to the very address the core checked
// (webhooks/send.js), never to a second lookup of the name.
//
// Lifetime (docs/scale.md, "Storage bounds"): a message that was delivered, given up (failed) or
// cancelled is deleted by the same alarm WEBHOOK_RETENTION_SEC (7 days) after it finished: long enough
// that the deliveries listing shows it for a week, and that a message id the intent shards could
// still enqueue again (their status checks) is still known, so it is not sent twice. Queues that
// finished their messages before that alarm existed get it when their object next starts.
import { DurableObject } from "cloudflare:workers";
import { connect } from "cloudflare:sockets";
import { askCore } from "../core.js";
import { resolveHost } from "./dns.js";
import { nowSec } from "../runtime/time.js";
import { openSecret, signature } from "./webhooks.js";
import { postWebhook } from "./send.js";

const SEND_TIMEOUT_MS = 10_000;
const RECENT_DELIVERIES = 50;
const RETENTION_SEC = 7 * 86_400;
const FINISHED = "('delivered', 'failed', 'cancelled')";

/** How long finished messages are kept: WEBHOOK_RETENTION_SEC (0 allowed), else 7 days. */
function retentionSec(env) {
  const n = Number(env?.WEBHOOK_RETENTION_SEC);
  return env?.WEBHOOK_RETENTION_SEC !== undefined && env.WEBHOOK_RETENTION_SEC !== "" && Number.isInteger(n) && n >= 0 ? n : RETENTION_SEC;
}

export class WebhookDeliveries extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS target (id INTEGER PRIMARY KEY CHECK (id = 1), url TEXT, sealed_secret TEXT);
      CREATE TABLE IF NOT EXISTS message (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE NOT NULL, intent_hash TEXT NOT NULL,
        event_type TEXT NOT NULL, status TEXT NOT NULL, payload TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER, next_at INTEGER NOT NULL, last_status_code INTEGER,
        delivered_at INTEGER)`);
    // Finished messages by when they finished (a failed message's next_at is when it was given up).
    this.sql.exec("CREATE INDEX IF NOT EXISTS message_finished ON message (state, next_at)");
    // Columns added after the tables first shipped: the endpoint's key (whose revocation cancels
    // the queue) and why a message was cancelled. SQLite has no ADD COLUMN IF NOT EXISTS.
    for (const [table, column] of [["target", "key_id TEXT"], ["message", "reason TEXT"]]) {
      try {
        this.sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
      } catch (e) {
        if (!/duplicate column/i.test(String(e?.message ?? e))) throw e;
      }
    }
    // Messages stored before the retention existed finished with no alarm left to delete them: an
    // object that holds messages and has no alarm gets the one the queue's rule gives (its next
    // attempt, or its oldest finished message's removal) when it next starts.
    ctx.blockConcurrencyWhile(async () => {
      if ((await ctx.storage.getAlarm()) !== null) return;
      if (this.sql.exec("SELECT 1 FROM message LIMIT 1").toArray().length === 0) return;
      const next = this.sql.exec("SELECT MIN(next_at) AS at FROM message WHERE state = 'pending'").toArray()[0]?.at ?? null;
      await this.#alarmAt(next, retentionSec(env));
    });
  }

  /** Where to send and whose endpoint it is ({url, sealedSecret, keyId}; null: the endpoint was deleted, nothing more is sent). */
  configure(target) {
    this.sql.exec("INSERT INTO target (id, url, sealed_secret, key_id) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET url = excluded.url, sealed_secret = excluded.sealed_secret, key_id = excluded.key_id",
      target?.url ?? null, target?.sealedSecret ?? null, target?.keyId ?? null);
  }

  /**
   * Stores the core's deliveries (a message id seen before is not queued twice) and sends soon.
   * `keyId` is the endpoint's key as its store knows it: recorded for queues configured before
   * they kept one.
   */
  async enqueue(deliveries, keyId) {
    if (keyId) this.sql.exec("UPDATE target SET key_id = ? WHERE id = 1 AND key_id IS NULL AND url IS NOT NULL", keyId);
    for (const d of deliveries) {
      this.sql.exec("INSERT OR IGNORE INTO message (id, intent_hash, event_type, status, payload, next_at) VALUES (?, ?, ?, ?, ?, ?)",
        d.messageId, d.intentHash, d.eventType, d.status, d.payload, nowSec());
    }
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** GET /v1/webhooks/{id}/deliveries: the latest deliveries, newest first. */
  recent() {
    return this.sql.exec(`SELECT id, event_type, intent_hash, status, state, attempts, last_status_code, next_at, delivered_at, reason FROM message ORDER BY seq DESC LIMIT ${RECENT_DELIVERIES}`).toArray().map((r) => ({
      id: r.id, eventType: r.event_type, intentHash: r.intent_hash, status: r.status, state: r.state, attempts: r.attempts,
      lastStatusCode: r.last_status_code, nextAttemptAt: r.state === "pending" ? r.next_at : null, deliveredAt: r.delivered_at,
      cancelReason: r.state === "cancelled" ? r.reason : null,
    }));
  }

  async alarm() {
    const now = nowSec();
    const keepFor = retentionSec(this.env);
    this.sql.exec(`DELETE FROM message WHERE state IN ${FINISHED} AND next_at <= ?`, now - keepFor);
    const target = this.sql.exec("SELECT url, sealed_secret, key_id FROM target WHERE id = 1").toArray()[0];
    if (!target?.url) {
      await this.#alarmAt(null, keepFor);
      return;
    }
    // Per intent, only the oldest pending message may go (order per intent).
    const due = this.sql.exec(`SELECT m.* FROM message m WHERE m.state = 'pending' AND m.seq = (SELECT MIN(seq) FROM message o WHERE o.intent_hash = m.intent_hash AND o.state = 'pending') AND m.next_at <= ? ORDER BY m.seq`, now).toArray();
    const secret = due.length ? await openSecret(this.env, target.sealed_secret) : null;
    await Promise.all(due.map((m) => this.#attempt(target, secret, m)));
    const next = this.sql.exec("SELECT MIN(next_at) AS at FROM message WHERE state = 'pending'").toArray()[0]?.at;
    await this.#alarmAt(next ?? null, keepFor);
  }

  /** The next alarm: the next pending attempt or the next finished message's removal, whichever is first. */
  async #alarmAt(nextAttemptSec, keepFor) {
    const oldest = this.sql.exec(`SELECT MIN(next_at) AS at FROM message WHERE state IN ${FINISHED}`).toArray()[0]?.at;
    const removal = oldest == null ? null : oldest + keepFor;
    const at = [nextAttemptSec, removal].filter((t) => t != null);
    if (at.length > 0) await this.ctx.storage.setAlarm(Math.max(Date.now() + 50, Math.min(...at) * 1000));
  }

  async #attempt({ url, key_id: keyId }, secret, m) {
    const now = nowSec();
    let code = null;
    let reason = null;
    try {
      let target = await askCore(this.env, "webhookTarget", { url, keyId: keyId ?? null });
      if (target.status === 200 && target.body.resolve) {
        target = await askCore(this.env, "webhookTarget", { url, keyId: keyId ?? null, addresses: await resolveHost(this.env, target.body.resolve) });
      }
      if (target.status !== 200) throw new Error(`webhookTarget answered ${target.status}: ${target.body?.detail ?? ""}`);
      if (target.body.cancel === true) {
        // The key may no longer receive: this message and every other still queued here end
        // unsent (the same key owns them all; new ones are not queued for it, op webhookEvents).
        this.sql.exec("UPDATE message SET state = 'cancelled', reason = ?, next_at = ? WHERE state = 'pending'", target.body.reason, now);
        console.log(JSON.stringify({ event: "webhook-cancelled", messageId: m.id, keyId, reason: target.body.reason }));
        return;
      }
      reason = target.body.reason ?? null;
      if (target.body.ok === true) {
        const timestamp = String(now);
        code = await postWebhook(connect, {
          url,
          address: target.body.connect,
          headers: {
            "content-type": "application/json",
            "webhook-id": m.id,
            "webhook-timestamp": timestamp,
            "webhook-signature": await signature(secret, m.id, timestamp, m.payload),
          },
          body: m.payload,
          timeoutMs: Number(this.env.WEBHOOK_TIMEOUT_MS ?? SEND_TIMEOUT_MS),
        });
      }
    } catch (e) {
      reason = String(e?.message ?? e);
    }
    const attempts = m.attempts + 1;
    const first = m.first_attempt_at ?? now;
    if (code !== null && code >= 200 && code < 300) {
      this.sql.exec("UPDATE message SET state = 'delivered', attempts = ?, first_attempt_at = ?, last_status_code = ?, delivered_at = ?, next_at = ? WHERE seq = ?", attempts, first, code, now, now, m.seq);
      return;
    }
    const retry = await askCore(this.env, "webhookRetry", { attempts, firstAttemptAt: first, now });
    const retryAt = retry.body?.retryAt ?? null;
    console.log(JSON.stringify({ event: "webhook-attempt-failed", messageId: m.id, attempts, statusCode: code, reason, retryAt }));
    this.sql.exec("UPDATE message SET state = ?, attempts = ?, first_attempt_at = ?, last_status_code = ?, next_at = ? WHERE seq = ?",
      retryAt === null ? "failed" : "pending", attempts, first, code, retryAt ?? now, m.seq);
  }
}
