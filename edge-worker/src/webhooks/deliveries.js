// One webhook endpoint's deliveries, one Durable Object per endpoint: a durable queue. A message is
// stored before it is sent and sent from the object's alarm, which the runtime re-runs after a
// crash, so a delivery interrupted by a restart is sent again with the same webhook-id (at least
// once). Per intent, a message waits until the one before it was delivered or given up (in
// order). A slow or hanging receiver only delays its own endpoint's queue (a timeout per attempt).
//
// The object is a driver of op "webhookDeliveryStep" (src/service/webhooks/webhook_delivery_step.h):
// it loads its rows, asks the core, writes, performs the effect the core names (resolve the
// endpoint's host, send the due messages) and feeds the result back; what is due, what a
// receiver's answer means (a 2xx is delivered), when to try again or give up, what is kept and
// when the alarm wakes are the core's. Every attempt is checked as op webhookTarget checks it
// (whether the endpoint's key may still receive and where to connect): a key revoked (or no longer partner-mapped) after messages were
// queued cancels them, nothing is sent (state "cancelled" with the reason, listed, then deleted
// like the rest); otherwise the message goes over a socket to the very address the core checked
// (webhooks/send.js), never to a second lookup of the name.
//
// Lifetime (docs/scale.md, "Storage bounds"): a message that was delivered, given up (failed) or
// cancelled is deleted by the same alarm 7 days (WEBHOOK_RETENTION_SEC) after it finished: long enough
// that the deliveries listing shows it for a week, and that a message id the intent shards could
// still enqueue again (their status checks) is still known, so it is not sent twice. Queues that
// finished their messages before that alarm existed get it when their object next starts.
import { DurableObject } from "cloudflare:workers";
import { connect } from "cloudflare:sockets";
import { askCore } from "../core.js";
import { resolveHost } from "./dns.js";
import { applyWrites } from "../runtime/sql-writes.js";
import { nowSec } from "../runtime/time.js";
import { openSecret, signature } from "./webhooks.js";
import { postWebhook } from "./send.js";

const SEND_TIMEOUT_MS = 10_000;
const RECENT_DELIVERIES = 50;
/** The most finished messages one step looks at for removal (the rest wait for the next alarm). */
const FINISHED_BATCH = 200;

/** WEBHOOK_RETENTION_SEC (0 allowed), else undefined: the core's 7 days. */
function keepSec(env) {
  const n = Number(env?.WEBHOOK_RETENTION_SEC);
  return env?.WEBHOOK_RETENTION_SEC !== undefined && env.WEBHOOK_RETENTION_SEC !== "" && Number.isInteger(n) && n >= 0 ? n : undefined;
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
    // object that holds messages and has no alarm gets the one its queue needs (event start).
    ctx.blockConcurrencyWhile(async () => {
      if ((await ctx.storage.getAlarm()) !== null) return;
      if (this.sql.exec("SELECT 1 FROM message LIMIT 1").toArray().length === 0) return;
      await this.#run({ kind: "start" });
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

  /** GET /v1/webhooks/{id}/deliveries: the latest deliveries, newest first, as the core lists them. */
  async recent() {
    const rows = this.sql.exec(`SELECT id, event_type, intent_hash, status, state, attempts, last_status_code, next_at, delivered_at, reason FROM message ORDER BY seq DESC LIMIT ${RECENT_DELIVERIES}`).toArray();
    return (await this.#ask({}, { kind: "list", rows })).reply;
  }

  async alarm() {
    await this.#run({ kind: "alarm" });
  }

  /**
   * Runs the queue as op "webhookDeliveryStep" decides (src/service/webhooks/webhook_delivery_step.h):
   * load, ask, write, log, perform the effect the core names (resolve the host, send the due
   * messages) and feed its result back, until an answer names none. A step the core refuses
   * throws, leaving the rows as they were, and the runtime retries the alarm.
   */
  async #run(event) {
    let state = this.#load();
    for (;;) {
      const step = await this.#ask(state, event);
      this.ctx.storage.transactionSync(() => applyWrites(this.sql, step.writes, ["message"]));
      for (const { level, line } of step.logs) console[level](JSON.stringify(line));
      if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);
      const [effect] = step.effects;
      if (!effect) return;
      event = await this.#perform(effect);
      // The rows again (messages queued while the effect awaited count for the next alarm), with
      // the attempt the step carries.
      state = { ...this.#load(), attempt: step.state.attempt };
    }
  }

  async #ask(state, event) {
    const answer = await askCore(this.env, "webhookDeliveryStep", { state: { ...state, nowMs: Date.now() }, event });
    if (answer.status !== 200) throw new Error(`webhookDeliveryStep answered ${answer.status}: ${answer.body?.detail ?? ""}`);
    return answer.body;
  }

  /**
   * The rows a step reads: the endpoint, every pending message by seq (which of them go first is the
   * core's: per intent, in order), the oldest finished ones. A message is pending until the core
   * writes another state, and every other state is finished.
   */
  #load() {
    const target = this.sql.exec("SELECT url, key_id FROM target WHERE id = 1").toArray()[0];
    const pending = this.sql.exec("SELECT seq, id, intent_hash, attempts, first_attempt_at, next_at FROM message WHERE state = 'pending' ORDER BY seq").toArray();
    const finished = this.sql.exec(`SELECT seq, next_at FROM message WHERE state <> 'pending' ORDER BY next_at, seq LIMIT ${FINISHED_BATCH}`).toArray();
    const count = this.sql.exec("SELECT COUNT(*) AS n FROM message WHERE state <> 'pending'").toArray()[0].n;
    return {
      target: target?.url ? { url: target.url, keyId: target.key_id ?? null } : null,
      pending: pending.map((m) => ({ seq: m.seq, id: m.id, intentHash: m.intent_hash, attempts: m.attempts, firstAttemptAt: m.first_attempt_at, nextAt: m.next_at })),
      finished: finished.map((f) => ({ seq: f.seq, at: f.next_at })),
      finishedCount: count,
      ...(keepSec(this.env) !== undefined ? { keepSec: keepSec(this.env) } : {}),
    };
  }

  /** Performs one effect a step named; its result is the next event. */
  async #perform(effect) {
    switch (effect.kind) {
      case "resolve":
        try {
          return { kind: "resolved", addresses: await resolveHost(this.env, effect.host) };
        } catch (e) {
          return { kind: "resolved", thrown: String(e?.message ?? e) };
        }
      case "send": {
        // Signed with the endpoint's secret, each to the address the core checked, all at once:
        // a slow receiver holds only this queue, each attempt bounded in time.
        const { url, sealed_secret: sealed } = this.sql.exec("SELECT url, sealed_secret FROM target WHERE id = 1").toArray()[0];
        const timestamp = String(effect.at);
        const secret = await openSecret(this.env, sealed);
        const results = await Promise.all(effect.messages.map(async ({ seq, id }) => {
          try {
            const { payload } = this.sql.exec("SELECT payload FROM message WHERE seq = ?", seq).toArray()[0];
            const statusCode = await postWebhook(connect, {
              url,
              address: effect.connect,
              headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": await signature(secret, id, timestamp, payload) },
              body: payload,
              timeoutMs: Number(this.env.WEBHOOK_TIMEOUT_MS ?? SEND_TIMEOUT_MS),
            });
            return { seq, statusCode };
          } catch (e) {
            return { seq, thrown: String(e?.message ?? e) };
          }
        }));
        return { kind: "sent", results };
      }
      default:
        throw new Error(`webhookDeliveryStep named an effect this object does not perform: ${effect.kind}`);
    }
  }
}
