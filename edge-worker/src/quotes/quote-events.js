// Every quote's outcome, for usage by key, partner and dappId, in Workers Analytics Engine (binding
// QUOTE_EVENTS, the store built for usage data, queried with SQL; written in the background, never
// awaited). Signed quotes (200) are counted in memory and written as one data point per key,
// partner, dappId and number of solver answers at most once per FLUSH_MS per isolate, the count in
// the point: Analytics Engine bills each point, and at high volume it samples them anyway, so a
// point per signed quote bought no exact figure, and a signed quote's own record is its quote id's
// (the intent shards). What a crash or an evicted isolate loses is its last second of counts, as
// for attribution (quotes/attribution.js). Quotes that are not 200 are one point each, with their
// request id, and logged: refusals and solver failures are what an operator looks into. A log line
// per quote is the other channel; under `wrangler dev` it costs the isolate about half a
// millisecond, since dev collects console output through the V8 inspector (docs/scale.md). Without
// the binding every outcome is logged.
//
// Data point: index = key id (sampling key); blobs = [partner, dappId, requestId ("" in a count of
// signed quotes)]; doubles = [HTTP status, solver answers, quotes (the count; 1 for a refusal)].

const FLUSH_MS = 1_000;

/** Signed quotes not written yet, in this isolate: JSON [key id, partner, dappId, solver answers] -> count. */
const signed = new Map();

/**
 * @param {{ env: any, ctx?: { waitUntil(p: Promise<unknown>): void }, key: { id: string, partner: string | null }, requestId: string, body?: any }} c
 * @param {{ status: number, solverAnswers: number }} outcome
 */
export function recordQuote(c, { status, solverAnswers }) {
  const dappId = typeof c.body?.dappId === "string" ? c.body.dappId.slice(0, 128) : null;
  const dataset = c.env.QUOTE_EVENTS;
  if (dataset && status === 200) {
    const id = JSON.stringify([c.key.id, c.key.partner ?? "", dappId ?? "", solverAnswers]);
    // The first signed quote of a window schedules the window's write, kept alive by its request.
    if (signed.size === 0) c.ctx?.waitUntil(new Promise((r) => setTimeout(r, FLUSH_MS)).then(() => flushQuoteEvents(dataset)));
    signed.set(id, (signed.get(id) ?? 0) + 1);
    return;
  }
  if (dataset) {
    dataset.writeDataPoint({ indexes: [c.key.id], blobs: [c.key.partner ?? "", dappId ?? "", c.requestId], doubles: [status, solverAnswers, 1] });
  }
  if (!dataset || status !== 200) {
    console.log(JSON.stringify({ event: "quote", requestId: c.requestId, keyId: c.key.id, partner: c.key.partner, dappId, status, solverAnswers }));
  }
}

/** Writes the signed quotes counted so far, one data point per key, partner, dappId and solver answers. */
export function flushQuoteEvents(dataset) {
  const counts = [...signed];
  signed.clear();
  for (const [id, count] of counts) {
    const [keyId, partner, dappId, solverAnswers] = JSON.parse(id);
    try {
      dataset.writeDataPoint({ indexes: [keyId], blobs: [partner, dappId, ""], doubles: [200, solverAnswers, count] });
    } catch (e) {
      console.error(JSON.stringify({ event: "quote-events-failed", message: String(e?.message ?? e) }));
    }
  }
}
