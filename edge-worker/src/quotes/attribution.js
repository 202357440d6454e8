// Usage per dappId, for attribution: an isolate adds its uses up in memory and writes each label's
// sum to the label's AttributionCounter (quotes/attribution-counter.js) at most once per
// FLUSH_MS, so a quote never costs a storage write.
import { attributionOf } from "../runtime/objects.js";

export const MAX_DAPP_ID_LENGTH = 128;
const FLUSH_MS = 1_000;

/** dappId -> uses per endpoint not written yet, in this isolate. */
const pending = new Map();

/**
 * Records a use of `dappId` in the background; labels that the contract would reject are skipped
 * (the core reports them to the client). The first use of a label in a window schedules the
 * window's write, kept alive by that request's waitUntil.
 */
export function recordDappId(env, ctx, dappId, endpoint) {
  if (typeof dappId !== "string" || dappId.length < 1 || dappId.length > MAX_DAPP_ID_LENGTH) return;
  let uses = pending.get(dappId);
  if (!uses) {
    uses = {};
    pending.set(dappId, uses);
    ctx.waitUntil(new Promise((r) => setTimeout(r, FLUSH_MS)).then(() => flush(env, dappId)));
  }
  uses[endpoint] = (uses[endpoint] ?? 0) + 1;
}

function flush(env, dappId) {
  const uses = pending.get(dappId);
  pending.delete(dappId);
  return attributionOf(env, dappId).record(uses).catch((e) => console.error(JSON.stringify({ event: "attribution-failed", dappId, message: String(e?.message ?? e) })));
}
