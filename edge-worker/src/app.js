// The request pipeline and the route table.
import { errorResponse, HttpError, problemBody, problemResponse, SCHEMA_VERSION } from "./http/responses.js";
import { MISSING_KEY_BODY } from "./keys/api-keys.js";
import { Router, run } from "./router.js";
import { addressRateLimit, networkRateLimit, CORS_READ_HEADERS, jsonBody, keyRateLimit, preflight, requestIdOf, requireKey, withHeaders } from "./middleware.js";
import bundled from "../generated/config.js";
import { settings } from "./settings.js";
import * as legacy from "./legacy/handlers.js";
import { operatorStatus } from "./operator/handlers.js";
import { docs, health, index, openapi } from "./operator/meta.js";
import { chainEvents, intentStatus, intentStream, legacyIntentStatus, publicIntentStream, requireIndexerToken } from "./status/handlers.js";
import * as deposit from "./deposits/handlers.js";
import * as gasless from "./funding/handlers.js";
import * as v1 from "./quotes/handlers.js";
import * as webhooks from "./webhooks/handlers.js";
import { submitGate } from "./limits/submit-gate.js";

export const router = new Router();

// Keyless: limited per client network (limits/client-limits.js), cheap reads in one bucket...
router
  .group({ keyless: true }, addressRateLimit)
  .on("GET", "/", index)
  .on("GET", "/health", health)
  .on("GET", "/openapi.json", openapi)
  .on("GET", "/docs", docs)
  .on("POST", "/api/v3/quotes/exactOut", jsonBody, legacy.exactOut)
  .on("POST", "/api/v3/quotes/exactIn", jsonBody, legacy.exactIn)
  .on("POST", "/api/v3/intents/intentStatus", jsonBody, legacyIntentStatus);
// ...opening a stream in its own (each open stream holds a slot too: limits/stream-caps.js).
router.group({ keyless: true }, networkRateLimit("stream")).on("GET", "/v1/public/intents/stream", publicIntentStream);

// Keyed: the key, then its limit, then what the endpoint needs.
const keyed = router.group({ keyless: false }, requireKey, keyRateLimit);
keyed
  .on("GET", "/v1/chains", v1.chains)
  .on("GET", "/v1/tokens", v1.tokens)
  .on("POST", "/v1/quotes", jsonBody, v1.quotes)
  .on("GET", "/v1/intents/status", intentStatus)
  .on("GET", "/v1/intents/stream", intentStream);
keyed
  .group(gasless.requireGasless)
  .on("POST", "/v1/gasless/permit3", jsonBody, gasless.submitPermit3)
  .on("POST", "/v1/gasless/permit2", jsonBody, gasless.submitPermit2)
  .on("POST", "/v1/gasless/erc3009", jsonBody, gasless.submitErc3009)
  .on("GET", "/v1/gasless/jobs", gasless.jobByQuote)
  .on("GET", "/v1/gasless/jobs/:id", gasless.jobById);
keyed
  .group(gasless.requirePartner)
  .on("POST", "/v1/webhooks", jsonBody, webhooks.createWebhook)
  .on("GET", "/v1/webhooks", webhooks.listWebhooks)
  .on("DELETE", "/v1/webhooks/:id", webhooks.deleteWebhook)
  .on("GET", "/v1/webhooks/:id/deliveries", webhooks.webhookDeliveries);

// The indexer's push and the operator's status, behind the indexer's bearer token.
router
  .group({ internal: true }, requireIndexerToken)
  .on("POST", "/internal/chain-events", jsonBody, chainEvents)
  .on("GET", "/internal/status", operatorStatus);

// Each partner's deposit-address endpoints (keyless), for every partner whose deposit addresses
// are enabled in the configuration (locally `acme`).
for (const { slug } of bundled.config.partners.filter((p) => p.depositAddresses?.enabled)) {
  const base = `/v1/${slug}-gateway`;
  const forPartner = (handler) => (c) => handler(c, slug);
  // Creating an address and submitting create stored, watched work: their own bucket per client
  // network, apart from the cheap reads.
  router.group({ keyless: true }, networkRateLimit("create")).on("POST", `${base}/deposit-addresses`, jsonBody, forPartner(deposit.create));
  // A submit is checked only while few of the partner's are (limits/submit-gate.js): once its body
  // has arrived, before its bucket is asked.
  router
    .group({ keyless: true }, jsonBody, submitGate(slug), networkRateLimit("create"))
    .on("POST", `${base}/submit/erc-3009`, forPartner(deposit.submitFor("erc-3009")))
    .on("POST", `${base}/submit/erc-2612`, forPartner(deposit.submitFor("erc-2612")));
  router
    .group({ keyless: true }, addressRateLimit)
    .on("GET", `${base}/status`, forPartner(deposit.status))
    .on("GET", `${base}/:vaultAddress`, forPartner(deposit.byVault));
}

const isLegacyPath = (path) => path.startsWith("/api/v3/");

/** In production the legacy hostname serves only /api/v3/ and the main one everything else. */
function servedOnThisHost(url, legacyHostname) {
  if (!legacyHostname) return true;
  return (url.hostname === legacyHostname) === isLegacyPath(url.pathname);
}

/** @param {Request} request @param {any} env @param {ExecutionContext} ctx */
export async function handle(request, env, ctx) {
  const url = new URL(request.url);
  const requestId = requestIdOf(request);
  const decorate = { "x-request-id": requestId };
  if (url.pathname.startsWith("/v1/")) decorate["x-schema-version"] = SCHEMA_VERSION;
  let response;
  try {
    response = await dispatch({ request, env, ctx, url, requestId, params: {} }, decorate);
  } catch (e) {
    response = failure(e, requestId, request, url);
  }
  return withHeaders(response, decorate);
}

async function dispatch(c, decorate) {
  const { request, url } = c;
  const found = servedOnThisHost(url, settings(c.env).legacyHostname) ? router.match(request.method, url.pathname) : { allowed: [] };
  if (found.meta?.keyless) Object.assign(decorate, CORS_READ_HEADERS);
  if (request.method === "OPTIONS" && found.meta) return preflight(found.allowed, found.meta.keyless);
  if (!found.route) {
    if (found.allowed.length > 0) {
      throw new HttpError(405, "method-not-allowed", `use ${found.allowed.join(" or ")} for ${url.pathname}`, [], { Allow: found.allowed.join(", ") });
    }
    throw new HttpError(404, "not-found", `no endpoint ${request.method} ${url.pathname}`);
  }
  c.params = found.params;
  return run(found.route.chain, c);
}

function failure(e, requestId, request, url) {
  if (e instanceof HttpError) {
    if (e.code === "missing-api-key") {
      return new Response(MISSING_KEY_BODY, { status: 403, headers: { "content-type": "application/json" } });
    }
    return errorResponse(e, requestId);
  }
  // Messages of our own errors never carry keys or bodies; the stack says where.
  console.error(JSON.stringify({ event: "internal-error", requestId, method: request.method, path: url.pathname, message: String(e?.message ?? e), stack: e?.stack }));
  return problemResponse(problemBody(500, "internal", `internal error; mention request id ${requestId} when reporting it`), requestId, e?.responseHeaders);
}
