// Keyless service endpoints.
import { coreService, coreStats } from "../core.js";
import { json, SCHEMA_VERSION } from "../http.js";
import { openApiDocument } from "../openapi.js";
import { settings } from "../settings.js";

/** Reports liveness and whether the engine loaded; loading it here makes /health a warm-up. */
export async function health(c) {
  await coreService(settings(c.env).coreInputs).catch(() => {});
  return json({
    status: "ok",
    environment: settings(c.env).environment,
    schemaVersion: SCHEMA_VERSION,
    core: { state: coreStats.state, instantiateMs: coreStats.instantiateMs, constructMs: coreStats.constructMs },
  });
}

let document = null;

export async function openapi(c) {
  document ??= openApiDocument(settings(c.env).partnerSlugs);
  return json(document, 200, { "cache-control": "public, max-age=300" });
}
