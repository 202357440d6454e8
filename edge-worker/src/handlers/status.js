// GET /v1/intents/status. Until status is derived from chain events (its own issue), no
// identifier has a record, and the contract answers such an identifier 200 "unknown".
import { HttpError, json } from "../http.js";

const INTENT_HASH = /^0x[0-9a-fA-F]{64}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const invalid = (field, message) => new HttpError(400, "invalid-request", message, [{ field, message }]);

/** @returns {{ intentHash: string | null, quoteId: string | null }} */
export function statusQuery(params) {
  const intentHash = params.get("intentHash");
  const quoteId = params.get("quoteId");
  if (intentHash === null && quoteId === null) throw invalid("intentHash", "pass intentHash (0x + 64 hex digits) or quoteId (a UUID)");
  if (intentHash !== null && quoteId !== null) throw invalid("quoteId", "pass either intentHash or quoteId, not both");
  if (intentHash !== null && !INTENT_HASH.test(intentHash)) throw invalid("intentHash", "intentHash must be 0x followed by 64 hex digits");
  if (quoteId !== null && !UUID.test(quoteId)) {
    const hint = quoteId.startsWith("quote:") ? "; pass the bare UUID without the quote: prefix" : "";
    throw invalid("quoteId", `quoteId must be a UUID${hint}`);
  }
  return { intentHash: intentHash?.toLowerCase() ?? null, quoteId: quoteId?.toLowerCase() ?? null };
}

export async function intentStatus(c) {
  const { intentHash } = statusQuery(c.url.searchParams);
  return json({
    intentHash,
    status: "unknown",
    sourceChainId: null,
    destinationChainId: null,
    updatedAt: null,
    transactions: { published: null, funded: null, fulfilled: null, proven: null, withdrawn: null, refunded: null },
  });
}
