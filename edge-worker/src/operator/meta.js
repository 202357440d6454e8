// Keyless service endpoints.
import { coreService, coreStats } from "../core.js";
import { json, SCHEMA_VERSION } from "../http/responses.js";
import contract from "../../openapi.json" with { type: "json" };
import docsPage from "../../generated/docs.js";
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

const HTML_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" };

/** The API reference, rendered from openapi.json at build time (scripts/build-docs.mjs): keyless, self-contained. */
export async function docs() {
  return new Response(docsPage, { status: 200, headers: HTML_HEADERS });
}

const INDEX_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stableroutes API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 3em auto; line-height: 1.5">
<h1>stableroutes API</h1>
<p>Stablecoin transfer routing.</p>
<ul>
<li><a href="/docs">API reference</a></li>
<li><a href="/openapi.json">OpenAPI document</a></li>
<li><a href="/health">Health</a></li>
</ul>
</body></html>
`;

/** The service's front page: where its reference and contract are. */
export async function index() {
  return new Response(INDEX_PAGE, { status: 200, headers: HTML_HEADERS });
}
