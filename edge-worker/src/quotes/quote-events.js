// Every quote's outcome, for usage by key, partner and dappId: one Workers Analytics Engine data
// point per quote (binding QUOTE_EVENTS), the store built for per-request usage data (queried with
// SQL; written in the background, never awaited). A log line per quote is the other channel; under
// `wrangler dev` it costs the isolate about half a millisecond, since dev collects console output
// through the V8 inspector (docs/scale.md). Quotes that are not 200 are also logged: refusals and
// solver failures are what an operator looks into. Without the binding every outcome is logged.
//
// Data point: index = key id (sampling key); blobs = [partner, dappId, requestId];
// doubles = [HTTP status, solver answers].

/**
 * @param {{ env: any, key: { id: string, partner: string | null }, requestId: string, body?: any }} c
 * @param {{ status: number, solverAnswers: number }} outcome
 */
export function recordQuote(c, { status, solverAnswers }) {
  const dappId = typeof c.body?.dappId === "string" ? c.body.dappId.slice(0, 128) : null;
  const dataset = c.env.QUOTE_EVENTS;
  if (dataset) {
    dataset.writeDataPoint({ indexes: [c.key.id], blobs: [c.key.partner ?? "", dappId ?? "", c.requestId], doubles: [status, solverAnswers] });
  }
  if (!dataset || status !== 200) {
    console.log(JSON.stringify({ event: "quote", requestId: c.requestId, keyId: c.key.id, partner: c.key.partner, dappId, status, solverAnswers }));
  }
}
