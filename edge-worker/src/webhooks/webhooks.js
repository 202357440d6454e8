// Webhooks (docs/security.md, threats 33-34). The core decides which URLs are
// acceptable, which status changes become deliveries with what payload, and when to retry
// (src/service/webhooks/webhooks.h); this module stores, resolves host names, signs and sends.
// The objects: WebhookEndpoints (webhooks/endpoints.js), one per API key, and
// WebhookDeliveries (webhooks/deliveries.js), one durable queue per endpoint.
import { askCore } from "../core.js";
import { base64Of, bytesOfBase64, bytesOfHex } from "../runtime/bytes.js";
import { nowSec } from "../runtime/time.js";
import { settings } from "../settings.js";
import { deliveriesOf, endpointsOf } from "../runtime/objects.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function aesKey(env) {
  let raw = new Uint8Array();
  try {
    raw = bytesOfHex(env.WEBHOOK_SECRETS_KEY ?? "");
  } catch {}
  if (raw.length !== 32) throw new Error("WEBHOOK_SECRETS_KEY must be 32 bytes of hex");
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function sealSecret(env, secret) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(env), encoder.encode(secret)));
  return `${base64Of(iv)}.${base64Of(sealed)}`;
}

export async function openSecret(env, sealed) {
  const [iv, data] = sealed.split(".").map(bytesOfBase64);
  return decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await aesKey(env), data));
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")>. */
export async function signature(secret, id, timestamp, body) {
  const key = await crypto.subtle.importKey("raw", bytesOfBase64(secret.replace(/^whsec_/, "")), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`)));
  return `v1,${base64Of(mac)}`;
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
  // Each endpoint names its key: the core gives a revoked key's endpoints nothing.
  const endpoints = (await Promise.all(keyIds.map(async (id) => (await endpointsOf(env, id).list()).map((e) => ({ ...e, keyId: id }))))).flat();
  if (endpoints.length === 0) return;
  const answer = await askCore(env, "webhookEvents", { endpoints, before, after, now: nowSec() });
  if (answer.status !== 200) throw new Error(`webhookEvents answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  const byEndpoint = new Map();
  for (const d of answer.body.deliveries) byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
  const keyOf = new Map(endpoints.map((e) => [e.id, e.keyId]));
  await Promise.all([...byEndpoint].map(([id, list]) => deliveriesOf(env, id).enqueue(list, keyOf.get(id))));
}
