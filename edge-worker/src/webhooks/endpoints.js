// The webhook endpoints of one API key, one Durable Object per key: each endpoint's URL, events and
// secret, the secret encrypted with the worker secret WEBHOOK_SECRETS_KEY (AES-GCM; HMAC needs the
// secret itself, so it cannot be stored hashed; docs/security.md).
import { DurableObject } from "cloudflare:workers";
import { deliveriesOf } from "../runtime/objects.js";

export class WebhookEndpoints extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS endpoint (id TEXT PRIMARY KEY, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT, sealed_secret TEXT NOT NULL, created_at INTEGER NOT NULL)");
  }

  /** Stores a created endpoint (its secret sealed) of key `keyId` and tells its delivery queue where to send and for whom. */
  async add(endpoint, sealedSecret, keyId) {
    this.sql.exec("INSERT INTO endpoint (id, url, events, description, sealed_secret, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      endpoint.id, endpoint.url, JSON.stringify(endpoint.events), endpoint.description ?? null, sealedSecret, endpoint.createdAt);
    await deliveriesOf(this.env, endpoint.id).configure({ url: endpoint.url, sealedSecret, keyId });
  }

  /** The endpoints without their secrets. */
  list() {
    return this.sql.exec("SELECT id, url, events, description, created_at FROM endpoint ORDER BY created_at, id").toArray().map((r) => ({
      id: r.id, url: r.url, events: JSON.parse(r.events), ...(r.description != null ? { description: r.description } : {}), createdAt: r.created_at,
    }));
  }

  has(id) {
    return this.sql.exec("SELECT 1 FROM endpoint WHERE id = ?", id).toArray().length > 0;
  }

  /** Deletes an endpoint; its queue stops sending. Returns whether it existed. */
  async remove(id) {
    const existed = this.has(id);
    if (existed) {
      this.sql.exec("DELETE FROM endpoint WHERE id = ?", id);
      await deliveriesOf(this.env, id).configure(null);
    }
    return existed;
  }
}
