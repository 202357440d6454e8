// Intent status: GET /v1/intents/status, POST /api/v3/intents/intentStatus and the indexer push
// POST /internal/chain-events. Answers come from the sharded intent records (src/status/intent-status.js),
// which only chain events change; the core validates queries and derives the status.
import { inBackground, kept } from "../runtime/background.js";
import { HttpError, json } from "../http/responses.js";
import * as index from "./intent-status.js";
import { sameBytes } from "../runtime/bytes.js";
import { coreResponse } from "../http/core-response.js";
import { takeStreamSlot } from "../limits/stream-caps.js";

export async function intentStatus(c) {
  const params = c.url.searchParams;
  const query = { intentHash: params.get("intentHash"), quoteId: params.get("quoteId") };
  // By transaction hash (optionally on one chain): only when asked, so the other lookups' query
  // stays as it was.
  for (const name of ["transactionHash", "chainId"]) if (params.has(name)) query[name] = params.get(name);
  return coreResponse(c, await index.intentStatus(c.env, query));
}

/**
 * GET /v1/intents/stream?intentHash=|quoteId= (keyed) and GET /v1/public/intents/stream?intentHash=
 * (keyless, per-network limit): Server-Sent Events from the shard that owns the intent. An intent
 * with no record answers 404; open streams are capped per key and per client network (429).
 */
const streamHandler = (byQuoteId) => async (c) => {
  const params = c.url.searchParams;
  const query = { intentHash: params.get("intentHash"), quoteId: byQuoteId ? params.get("quoteId") : null };
  let slot = null;
  const open = async () => {
    slot = await takeStreamSlot(c);
    return slot.attach;
  };
  try {
    const answer = await index.intentStream(c.env, query, c.request.headers.get("last-event-id"), open);
    return answer instanceof Response ? answer : coreResponse(c, answer);
  } catch (e) {
    // The slot is freed by the stream's end once attached; before that, here.
    if (slot) c.ctx.waitUntil(slot.release());
    throw e;
  }
};
export const intentStream = streamHandler(true);
// Keyless: by intent hash only (status reveals nothing a chain explorer does not; a quote id is
// the integrator's).
export const publicIntentStream = streamHandler(false);

export async function legacyIntentStatus(c) {
  return coreResponse(c, await index.legacyIntentStatus(c.env, c.body));
}

/**
 * Registers a freshly issued quote's intents in the background, its shard calls started from a
 * timer (runtime/background.js says why): the answer never waits on it (until it lands, a lookup
 * answers "unknown"). A failure after the retries is logged, never the client's problem; chain
 * events still create the records, only the quoteId lookup stays unknown.
 * `registrations` are those of a 200 answer of the core's "quote" op (or 201 of "depositCreate");
 * without them the quote is sent back to the core for its registrations.
 * Coalesced registrations are handed to their shards' batches at once: each shard's call already
 * starts from the shard's own timer (status/registration-batches.js), never in this turn, and a
 * timer per quote besides cost the worker 0.04-0.07 ms of a quote's 0.67-0.75 in Miniflare
 * (bench/README.md, "Where a quote's CPU goes on `npm start`").
 */
export function registerQuote(c, quote, { owner = c.key ? `key:${c.key.id}` : null, registrations = null, coalesce = false } = {}) {
  const store = () => (registrations ? index.storeQuoteRegistrations(c.env, registrations, owner, coalesce) : index.registerQuote(c.env, quote, owner));
  const running = coalesce && registrations ? kept(c.ctx, Promise.resolve().then(store)) : inBackground(c.ctx, store);
  return running.catch((e) => {
    console.error(JSON.stringify({ event: "status-register-failed", requestId: c.requestId, quoteId: quote?.id, message: String(e?.message ?? e) }));
  });
}

/** Bearer INDEXER_TOKEN, compared in constant time (digests of equal length, every byte visited). */
export async function requireIndexerToken(c, next) {
  const expected = c.env.INDEXER_TOKEN;
  const header = c.request.headers.get("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice(7) : "";
  if (!expected || !(await sameSecret(presented, expected))) {
    throw new HttpError(401, "invalid-api-key", `${c.request.method} ${c.url.pathname} needs the indexer token as \`Authorization: Bearer <token>\``, [], { "www-authenticate": "Bearer" });
  }
  return next();
}

async function sameSecret(a, b) {
  const digest = async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return sameBytes(x, y) === 1;
}

/** POST /internal/chain-events {chainId, logs: [eth_getLogs log]}: the same path as the poller. */
export async function chainEvents(c) {
  const body = c.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new HttpError(400, "invalid-request", "the body must be {\"chainId\", \"logs\": [...]}", [{ field: "chainId", message: "chainId is required" }]);
  }
  // Absent members go to the core as null, which it answers 400; a missing input member would
  // be a worker bug to it (500).
  const answer = await index.applyPushedLogs(c.env, body.chainId ?? null, body.logs ?? null);
  if (answer.status !== 200) return coreResponse(c, answer);
  return json(answer.body);
}

/** An intent's status as GET /v1/intents/status reports it (for other endpoints), or null on failure. */
export async function intentStatusBody(env, intentHash) {
  const answer = await index.intentStatus(env, { intentHash, quoteId: null });
  return answer.status === 200 ? answer.body : null;
}
