// Webhooks (docs/security.md, threats 33-34). The core decides which URLs are
// acceptable, which status changes become deliveries with what payload, and when to retry
// (src/service/webhooks/webhooks.h); this module stores, resolves host names, signs and sends.
// - WebhookEndpoints, one object per API key: its endpoints, each secret encrypted with the
//   worker secret WEBHOOK_SECRETS_KEY (AES-GCM; HMAC needs the secret itself, so it cannot be
//   stored hashed; docs/security.md).
// - WebhookDeliveries, one object per endpoint: a durable queue. A message is stored before it
//   is sent and sent from the object's alarm, which the runtime re-runs after a crash, so a
//   delivery interrupted by a restart is sent again with the same webhook-id (at least once).
//   Per intent, a message waits until the one before it was delivered or given up (in order).
//   A slow or hanging receiver only delays its own endpoint's queue (a 10 s timeout per attempt).
import { DurableObject } from "cloudflare:workers";
import { callCore } from "./core.js";
import { resolveHost } from "./dns.js";
import { settings } from "./settings.js";

const SEND_TIMEOUT_MS = 10_000;
const RECENT_DELIVERIES = 50;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const nowSec = () => Math.floor(Date.now() / 1000);

const b64 = (bytes) => btoa(String.fromCharCode(...bytes));
const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const hexBytes = (hex) => Uint8Array.from(hex.replace(/^0x/, "").match(/../g) ?? [], (h) => parseInt(h, 16));

async function aesKey(env) {
  const raw = hexBytes(env.WEBHOOK_SECRETS_KEY ?? "");
  if (raw.length !== 32) throw new Error("WEBHOOK_SECRETS_KEY must be 32 bytes of hex");
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function sealSecret(env, secret) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(env), encoder.encode(secret)));
  return `${b64(iv)}.${b64(sealed)}`;
}

async function openSecret(env, sealed) {
  const [iv, data] = sealed.split(".").map(unb64);
  return decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await aesKey(env), data));
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")>. */
export async function signature(secret, id, timestamp, body) {
  const key = await crypto.subtle.importKey("raw", unb64(secret.replace(/^whsec_/, "")), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`)));
  return `v1,${b64(mac)}`;
}

export function endpointsOf(env, keyId) {
  return env.WEBHOOK_ENDPOINTS.get(env.WEBHOOK_ENDPOINTS.idFromName(`key:${keyId}`));
}

export function deliveriesOf(env, endpointId) {
  return env.WEBHOOK_DELIVERIES.get(env.WEBHOOK_DELIVERIES.idFromName(endpointId));
}

/** The key ids whose endpoints hear about an intent owned by `owner` ("key:<id>" or "partner:<slug>"). */
export function keyIdsOf(env, owner) {
  if (owner.startsWith("key:")) return [owner.slice(4)];
  const slug = owner.slice("partner:".length);
  return settings(env).keys.filter((k) => k.record.partner === slug).map((k) => k.record.id);
}

/**
 * Hands a status change of an owned intent to the core, which names the deliveries, and queues
 * them at each endpoint. `before` is the status last delivered ({status}) or null.
 */
export async function deliverStatusChange(env, owner, before, after) {
  const keyIds = keyIdsOf(env, owner);
  const endpoints = (await Promise.all(keyIds.map((id) => endpointsOf(env, id).list()))).flat();
  if (endpoints.length === 0) return;
  const answer = await callCore(settings(env).coreInputs, "webhookEvents", { endpoints, before, after, now: nowSec() });
  if (answer.status !== 200) throw new Error(`webhookEvents answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  const byEndpoint = new Map();
  for (const d of answer.body.deliveries) byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
  await Promise.all([...byEndpoint].map(([id, list]) => deliveriesOf(env, id).enqueue(list)));
}

export class WebhookEndpoints extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS endpoint (id TEXT PRIMARY KEY, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT, sealed_secret TEXT NOT NULL, created_at INTEGER NOT NULL)");
  }

  /** Stores a created endpoint (its secret sealed) and tells its delivery queue where to send. */
  async add(endpoint, sealedSecret) {
    this.sql.exec("INSERT INTO endpoint (id, url, events, description, sealed_secret, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      endpoint.id, endpoint.url, JSON.stringify(endpoint.events), endpoint.description ?? null, sealedSecret, endpoint.createdAt);
    await deliveriesOf(this.env, endpoint.id).configure({ url: endpoint.url, sealedSecret });
  }

  /** The endpoints without their secrets. */
  list() {
    return this.sql.exec("SELECT id, url, events, description, created_at FROM endpoint ORDER BY created_at, id").toArray().map((r) => ({
      id: r.id, url: r.url, events: JSON.parse(r.events), ...(r.description != null ? { description: r.description } : {}), createdAt: r.created_at,
    }));
  }

  has(id) {
    return this.sql.exec("SELECT 1 FROM endpoint WHERE id = ?", id).toArray().length > 0;
  }

  /** Deletes an endpoint; its queue stops sending. Returns whether it existed. */
  async remove(id) {
    const existed = this.has(id);
    if (existed) {
      this.sql.exec("DELETE FROM endpoint WHERE id = ?", id);
      await deliveriesOf(this.env, id).configure(null);
    }
    return existed;
  }
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
  }

  /** Where to send (null: the endpoint was deleted, nothing more is sent). */
  configure(target) {
    this.sql.exec("INSERT INTO target (id, url, sealed_secret) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET url = excluded.url, sealed_secret = excluded.sealed_secret",
      target?.url ?? null, target?.sealedSecret ?? null);
  }

  /** Stores the core's deliveries (a message id seen before is not queued twice) and sends soon. */
  async enqueue(deliveries) {
    for (const d of deliveries) {
      this.sql.exec("INSERT OR IGNORE INTO message (id, intent_hash, event_type, status, payload, next_at) VALUES (?, ?, ?, ?, ?, ?)",
        d.messageId, d.intentHash, d.eventType, d.status, d.payload, nowSec());
    }
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** GET /v1/webhooks/{id}/deliveries: the latest deliveries, newest first. */
  recent() {
    return this.sql.exec(`SELECT id, event_type, intent_hash, status, state, attempts, last_status_code, next_at, delivered_at FROM message ORDER BY seq DESC LIMIT ${RECENT_DELIVERIES}`).toArray().map((r) => ({
      id: r.id, eventType: r.event_type, intentHash: r.intent_hash, status: r.status, attempts: r.attempts,
      lastStatusCode: r.last_status_code, nextAttemptAt: r.state === "pending" ? r.next_at : null, deliveredAt: r.delivered_at,
    }));
  }

  async alarm() {
    const target = this.sql.exec("SELECT url, sealed_secret FROM target WHERE id = 1").toArray()[0];
    if (!target?.url) return;
    const now = nowSec();
    // Per intent, only the oldest pending message may go (order per intent).
    const due = this.sql.exec(`SELECT m.* FROM message m WHERE m.state = 'pending' AND m.seq = (SELECT MIN(seq) FROM message o WHERE o.intent_hash = m.intent_hash AND o.state = 'pending') AND m.next_at <= ? ORDER BY m.seq`, now).toArray();
    const secret = due.length ? await openSecret(this.env, target.sealed_secret) : null;
    await Promise.all(due.map((m) => this.#attempt(target.url, secret, m)));
    const next = this.sql.exec("SELECT MIN(next_at) AS at FROM message WHERE state = 'pending'").toArray()[0]?.at;
    if (next != null) await this.ctx.storage.setAlarm(Math.max(Date.now() + 50, next * 1000));
  }

  async #attempt(url, secret, m) {
    const coreInputs = settings(this.env).coreInputs;
    const now = nowSec();
    let code = null;
    let reason = null;
    try {
      const target = await callCore(coreInputs, "webhookTarget", { url });
      let ok = target.body?.ok === true;
      reason = target.body?.reason ?? null;
      if (!ok && target.body?.resolve) {
        const again = await callCore(coreInputs, "webhookTarget", { url, addresses: await resolveHost(this.env, target.body.resolve) });
        ok = again.body?.ok === true;
        reason = again.body?.reason ?? null;
      }
      if (ok) {
        const timestamp = String(now);
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "webhook-id": m.id,
            "webhook-timestamp": timestamp,
            "webhook-signature": await signature(secret, m.id, timestamp, m.payload),
          },
          body: m.payload,
          redirect: "manual", // a redirect could lead anywhere: it counts as a failure
          signal: AbortSignal.timeout(Number(this.env.WEBHOOK_TIMEOUT_MS ?? SEND_TIMEOUT_MS)),
        });
        code = res.status;
        await res.body?.cancel();
      }
    } catch (e) {
      reason = String(e?.message ?? e);
    }
    const attempts = m.attempts + 1;
    const first = m.first_attempt_at ?? now;
    if (code !== null && code >= 200 && code < 300) {
      this.sql.exec("UPDATE message SET state = 'delivered', attempts = ?, first_attempt_at = ?, last_status_code = ?, delivered_at = ? WHERE seq = ?", attempts, first, code, now, m.seq);
      return;
    }
    const retry = await callCore(coreInputs, "webhookRetry", { attempts, firstAttemptAt: first, now });
    const retryAt = retry.body?.retryAt ?? null;
    console.log(JSON.stringify({ event: "webhook-attempt-failed", messageId: m.id, attempts, statusCode: code, reason, retryAt }));
    this.sql.exec("UPDATE message SET state = ?, attempts = ?, first_attempt_at = ?, last_status_code = ?, next_at = ? WHERE seq = ?",
      retryAt === null ? "failed" : "pending", attempts, first, code, retryAt ?? now, m.seq);
  }
}
