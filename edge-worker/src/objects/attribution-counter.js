// Counts requests per dappId for attribution. One object per dappId keeps a popular label from
// becoming one hot object for everyone; the count is a label's usage, never an input to price
// or authentication. An isolate adds its uses up in memory and writes each label's sum at most
// once per FLUSH_MS, so a quote never costs a storage write: what a crash or an evicted isolate
// loses is the uses of its last second (docs/scale.md).
import { DurableObject } from "cloudflare:workers";

export class AttributionCounter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS uses (endpoint TEXT PRIMARY KEY, count INTEGER NOT NULL)");
  }

  /** @param {Record<string, number>} uses e.g. {"v1/quotes": 12}: uses per endpoint to add */
  record(uses) {
    this.ctx.storage.transactionSync(() => {
      for (const [endpoint, count] of Object.entries(uses)) {
        this.ctx.storage.sql.exec(
          "INSERT INTO uses (endpoint, count) VALUES (?, ?) ON CONFLICT(endpoint) DO UPDATE SET count = count + excluded.count",
          endpoint,
          count,
        );
      }
    });
  }

  /** @returns {Record<string, number>} */
  counts() {
    return Object.fromEntries(this.ctx.storage.sql.exec("SELECT endpoint, count FROM uses").toArray().map((r) => [r.endpoint, r.count]));
  }
}
