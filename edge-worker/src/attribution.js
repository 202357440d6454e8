// Counts requests per dappId for attribution. One object per dappId keeps a popular label from
// becoming one hot object for everyone; the count is a label's usage, never an input to price
// or authentication.
import { DurableObject } from "cloudflare:workers";

export class AttributionCounter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS uses (endpoint TEXT PRIMARY KEY, count INTEGER NOT NULL)");
  }

  /** @param {string} endpoint e.g. "v1/quotes" */
  record(endpoint) {
    this.ctx.storage.sql.exec(
      "INSERT INTO uses (endpoint, count) VALUES (?, 1) ON CONFLICT(endpoint) DO UPDATE SET count = count + 1",
      endpoint,
    );
  }

  /** @returns {Record<string, number>} */
  counts() {
    return Object.fromEntries(this.ctx.storage.sql.exec("SELECT endpoint, count FROM uses").toArray().map((r) => [r.endpoint, r.count]));
  }
}

export const MAX_DAPP_ID_LENGTH = 128;

/**
 * Records a use of `dappId` in the background; labels that the contract would reject are skipped
 * (the core reports them to the client).
 */
export function recordDappId(env, ctx, dappId, endpoint) {
  if (typeof dappId !== "string" || dappId.length < 1 || dappId.length > MAX_DAPP_ID_LENGTH) return;
  const ns = env.ATTRIBUTION;
  ctx.waitUntil(ns.get(ns.idFromName(dappId)).record(endpoint).catch((e) => console.error(JSON.stringify({ event: "attribution-failed", message: String(e?.message ?? e) }))));
}
