// JSON-RPC batches: several requests to one endpoint in one HTTP round trip, each member's answer
// its own. A quote's funder reads and its gas simulations go this way (quotes/funder-reads.js,
// quotes/gas.js): a provider bills, and a node queues, per request and per round trip.
// No configuration here (unlike rpc.js), so the suites load it as it is.

// As rpc.js's calls: a node that does not answer within this is unreachable.
const CALL_TIMEOUT_MS = 5_000;

/**
 * Several JSON-RPC requests in one round trip (a JSON-RPC batch; a single call is sent alone):
 * resolves to each call's answer in the order of `calls`, {result} or {error: {code?, message}}.
 * Each member's answer is its own, and only an answer naming that member's id with a result is a
 * result: a member the node answered with an error, left out, or answered twice is that member's
 * error; a batch refused whole (an error object where the array is due: a provider that takes no
 * batches, or not this many) is every member's error. Throws only when the node cannot be reached
 * or answers the request with an HTTP error (a 429 refuses every member alike).
 * @param {{ method: string, params: unknown[] }[]} calls
 */
export async function rpcBatch(url, calls) {
  if (calls.length === 0) return [];
  const members = calls.map(({ method, params }, i) => ({ jsonrpc: "2.0", id: i + 1, method, params }));
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(members.length === 1 ? members[0] : members),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${members.length === 1 ? calls[0].method : `batch of ${members.length}`}: HTTP ${res.status}`);
  const body = await res.json();
  if (members.length === 1) return [memberAnswer(body)];
  if (!Array.isArray(body)) {
    const error = body?.error && typeof body.error === "object" ? body.error : { message: "the node answered the batch with no array" };
    return calls.map(() => ({ error }));
  }
  const byId = new Map();
  for (const member of body) {
    if (!member || typeof member !== "object" || !Number.isInteger(member.id)) continue;
    byId.set(member.id, byId.has(member.id) ? null : member);
  }
  return calls.map((_, i) => {
    const member = byId.get(i + 1);
    if (member === undefined) return { error: { message: "the batch answer left this call out" } };
    if (member === null) return { error: { message: "the batch answer named this call twice" } };
    return memberAnswer(member);
  });
}

/** One answer as {result} or {error}: an error beside a result is an error, neither is one too. */
function memberAnswer(body) {
  if (body?.error !== undefined && body.error !== null) {
    return { error: typeof body.error === "object" ? body.error : { message: String(body.error) } };
  }
  if (!body || !("result" in body)) return { error: { message: "the node answered neither result nor error" } };
  return { result: body.result };
}
