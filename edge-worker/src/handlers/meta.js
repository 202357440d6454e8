// Keyless service endpoints.
import { coreService, coreStats } from "../core.js";
import { json, SCHEMA_VERSION } from "../http.js";
import contract from "../../openapi.json" with { type: "json" };
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

// openapi.json is written two-space indented with a final newline, so this is its exact text (a
// test compares the served bytes with the file).
const DOCUMENT_TEXT = JSON.stringify(contract, null, 2) + "\n";

/** The API contract, verbatim: one document for every deployment (partner paths are templated). */
export async function openapi() {
  return new Response(DOCUMENT_TEXT, { status: 200, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" } });
}
