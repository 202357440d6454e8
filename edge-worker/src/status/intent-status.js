// Intent status from chain events, with no single object on the request path (docs/scale.md):
// - records live in 256 intent shards (status/intent-shard.js), keyed by intent hash, quote UUID and
//   transaction hash;
// - each chain has its own reader (chain/reader.js) that polls its logs and hands them to the
//   shards; POST /internal/chain-events takes the same path (chain/logs.js);
// - a quote is registered in the background (ctx.waitUntil): the quote's answer never waits on
//   it. Until it lands, a status lookup by that quote's id or intent hash answers 200 with
//   status "unknown", exactly as for an intent nobody indexed (docs/status.md); it lands within
//   a second (coalesced with the isolate's other registrations for its shard:
//   status/registration-batches.js) unless a shard is unavailable, and is retried.
import { askCore } from "../core.js";
import { deliverLogs } from "../chain/logs.js";
import { chainClocks, polledChains, startReaders } from "../chain/clocks.js";
import { nowSec } from "../runtime/time.js";
import { byShard, chainReader, shardKey, shardOf } from "../runtime/objects.js";
import { registerInShard, retried } from "./registration-batches.js";

const STREAM_REGISTRATION_WAIT_MS = 3_000;

/**
 * Registers a quote's intents (and each competing quote's) in their shards. `owner` ("key:<id>"
 * or "partner:<slug>") hears of the quote's intents by webhook; competing quotes are
 * alternatives the integrator did not take, so their intents have none.
 */
export async function registerQuote(env, quote, owner = null) {
  const competing = Array.isArray(quote?.competingQuotes) ? quote.competingQuotes : [];
  await Promise.all([quote, ...competing].map(async (q, i) => {
    // One core call gives every intent's record as if new (op registerQuote, "fresh").
    const registration = await retried(async () => {
      const registered = await askCore(env, "registerQuote", { quote: q, fresh: true, now: nowSec() });
      if (registered.status !== 200) throw new Error(`registerQuote answered ${registered.status}: ${registered.body?.detail ?? ""}`);
      return registered.body;
    });
    await storeRegistration(env, registration, i === 0 ? owner : null);
  }));
}

/**
 * Stores the registrations a 200 answer of the core's "quote" op carries (the winner first, then
 * each competing quote), as registerQuote would for that quote.
 */
export function storeQuoteRegistrations(env, registrations, owner = null, coalesce = false) {
  return Promise.all(registrations.map((r, i) => storeRegistration(env, r, i === 0 ? owner : null, coalesce)));
}

/**
 * One quote's {records, quoteId, deliveryIntentHash}: each shard stores its own records (merging
 * into a record that chain events created first), and the quote id's shard maps it to the
 * delivery intent. The engine starts a quote id with its delivery intent hash's first byte, so
 * for its quotes both are one call to one shard; a deposit address's quote id (its intent's
 * deadlines, and so its hash, moved from the quote's) is mapped in a shard of its own.
 */
async function storeRegistration(env, { records, quoteId, deliveryIntentHash }, owner, coalesce = false) {
  // Coalesced, this runs in the turn that answers: the chain readers are armed (once per isolate,
  // chain/clocks.js) from the shard's timer, before its call, as that call is.
  if (!coalesce) await startReaders(env);
  const groups = byShard(Object.entries(records), ([hash]) => hash);
  const quoteShard = deliveryIntentHash ? shardKey(quoteId) : null;
  // The delivery intent's registered record goes with the quote id: a quote-id row stored in
  // another shard than that record lives as long as the record (op "quoteIdRetention").
  const record = deliveryIntentHash ? (Object.entries(records).find(([hash]) => hash.toLowerCase() === deliveryIntentHash.toLowerCase())?.[1] ?? null) : null;
  const quote = { quoteId, deliveryIntentHash, record };
  if (coalesce) {
    const armed = () => startReaders(env);
    const calls = [...groups].map(([key, entries]) => registerInShard(env, key, { records: Object.fromEntries(entries), owner, quote: key === quoteShard ? quote : null }, armed));
    // A quote id alone in its shard: registered with no records, as mapQuote stores it.
    if (quoteShard && !groups.has(quoteShard)) calls.push(registerInShard(env, quoteShard, { records: {}, owner: null, quote }, armed));
    await Promise.all(calls);
    return;
  }
  await retried(async () => {
    const calls = [...groups].map(([key, entries]) =>
      shardOf(env, entries[0][0]).register(Object.fromEntries(entries), owner, key === quoteShard ? quote : null),
    );
    if (quoteShard && !groups.has(quoteShard)) calls.push(shardOf(env, quoteId).mapQuote(quoteId, deliveryIntentHash, record));
    await Promise.all(calls);
  });
}

// A transaction touches few intents (a Portal call funds or fills one, a batch a few): a lookup
// reads at most this many of the index's candidates.
const TRANSACTION_CANDIDATES = 16;

/**
 * GET /v1/intents/status: query {intentHash, quoteId[, transactionHash, chainId]} as raw strings
 * (null when absent).
 */
export async function intentStatus(env, query) {
  if (query.transactionHash != null) return statusOfTransaction(env, query);
  const hash = typeof query.intentHash === "string" ? query.intentHash : await deliveryOf(env, query.quoteId);
  // The core validates the query and answers "unknown" without a record; any shard can do that.
  const clocks = await chainClocks(env);
  return shardOf(env, hash ?? "00").status(query, hash, clocks.times, clocks.heads);
}

/**
 * By transaction hash: the transaction's shard names the intents whose records held it when they
 * were stored (the index follows the records, chain/logs.js), their shards give the records as
 * they are now, and the core answers the one that still holds it (or unknown, and validates the
 * query: a malformed hash reads no shard).
 */
async function statusOfTransaction(env, query) {
  const tx = String(query.transactionHash);
  const hashes = /^0x[0-9a-fA-F]{64}$/.test(tx) ? await shardOf(env, tx).intentsOfTransaction(tx, TRANSACTION_CANDIDATES) : [];
  const found = await Promise.all([...byShard(hashes, (h) => h).values()].map((group) => shardOf(env, group[0]).recordsOf(group)));
  const candidates = found.flatMap((records) => Object.values(records)).filter((r) => r !== null);
  const { times, heads } = await chainClocks(env);
  return askCore(env, "intentStatus", { query, record: null, candidates, now: nowSec(), chainTimes: times, chainHeads: heads });
}

/**
 * GET /v1/intents/stream (and its keyless twin): the query is validated like a status lookup, an
 * intent with no record answers 404 (no stream: nothing would ever be sent on it), then the shard
 * owning the intent serves the stream. `open()` runs just before the stream opens (the caller's
 * concurrency cap, limits/stream-caps.js) and answers a function that wraps the stream's response.
 * Answers {status, body} for a 400 or 404, else a streaming Response.
 */
export async function intentStream(env, query, lastEventId = null, open = async () => (response) => response) {
  let hash = typeof query.intentHash === "string" ? query.intentHash : await deliveryOf(env, query.quoteId);
  // A quote's stream opened right after the quote may come before its registration (background):
  // give the registration a moment, since the stream is served by the shard of the intent.
  const wellFormedQuoteId = query.intentHash == null && typeof query.quoteId === "string" && /^[0-9a-fA-F-]{36}$/.test(query.quoteId);
  for (let waited = 0; !hash && wellFormedQuoteId && waited < STREAM_REGISTRATION_WAIT_MS; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    hash = await deliveryOf(env, query.quoteId);
  }
  const { times, heads } = await chainClocks(env);
  const shard = shardOf(env, hash ?? "00");
  // The core validates the query and refuses an intent without a record (404: no stream).
  const checked = await shard.status(query, hash, times, heads, true);
  if (checked.status !== 200) return checked;
  const wrap = await open();
  const params = new URLSearchParams({ query: JSON.stringify(query), chainTimes: JSON.stringify(times) });
  params.set("intentHash", hash);
  return wrap(await shard.fetch(new Request(`https://intent-shard/stream?${params}`, { headers: lastEventId ? { "last-event-id": lastEventId } : {} })));
}

/** POST /api/v3/intents/intentStatus: by intentHash, else by the creation or fill transaction. */
export async function legacyIntentStatus(env, body) {
  const text = (v) => (typeof v === "string" ? v.toLowerCase() : null);
  const b = body && typeof body === "object" ? body : {};
  const byTx = async (tx) => (tx ? shardOf(env, tx).intentOfTransaction(tx) : null);
  const hash = text(b.intentHash) ?? (await byTx(text(b.intentCreatedHash))) ?? (await byTx(text(b.fulfillmentHash)));
  return shardOf(env, hash ?? "00").legacyStatus(body, hash, (await chainClocks(env)).times);
}

/** POST /internal/chain-events: pushed logs of one chain, the poller's path. */
export async function applyPushedLogs(env, chainId, logs) {
  await startReaders(env);
  return deliverLogs(env, chainId, logs);
}

/** One polling round of every chain with JSON-RPC access (the cron trigger). */
export async function pollChains(env) {
  return Promise.all((await polledChains(env)).map((id) => chainReader(env, id).poll(id)));
}

async function deliveryOf(env, quoteId) {
  if (typeof quoteId !== "string" || !/^[0-9a-fA-F-]{36}$/.test(quoteId)) return null;
  return shardOf(env, quoteId).deliveryOf(quoteId);
}
