// Cross-cutting steps of the request pipeline: keys, limits, body parsing, CORS.
import { readJsonBody } from "./body.js";
import { authenticate } from "./keys.js";
import { LEASE_WINDOW_MS, rateLimitHeaders, takeToken } from "./objects/rate-limiter.js";
import { HttpError } from "./http.js";
import { settings } from "./settings.js";

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The client's x-request-id when it is safe to echo into headers and logs, else a fresh one. */
export function requestIdOf(request) {
  const sent = request.headers.get("x-request-id");
  return sent && SANE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
}

/** Copies headers onto a response, whose own headers may be immutable. */
export function withHeaders(response, headers) {
  const out = new Response(response.body, response);
  for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  return out;
}

/** @type {import("./router.js").Middleware} */
export async function requireKey(c, next) {
  c.key = await authenticate(c.request, settings(c.env).keys);
  return next();
}

/** Per-key token bucket; every keyed response carries the RateLimit-* headers. */
export async function keyRateLimit(c, next) {
  return limited(c, next, `key:${c.key.id}`, c.key.rateLimit);
}

/** Per-client-address bucket for keyless endpoints. */
export async function addressRateLimit(c, next) {
  // Locally there is no CF-Connecting-IP: all local callers share one bucket.
  const address = c.request.headers.get("cf-connecting-ip") ?? "local";
  return limited(c, next, `ip:${address}`, settings(c.env).keylessRateLimit);
}

async function limited(c, next, bucket, limit) {
  const result = await takeToken(c.env.RATE_LIMITER, bucket, limit, c.ctx, leaseWindowMs(c.env));
  const headers = rateLimitHeaders(result);
  if (!result.allowed) {
    throw new HttpError(429, "rate-limited", `rate limit exceeded; retry after ${result.retryAfterSec} s`, [], headers);
  }
  try {
    return withHeaders(await next(), headers);
  } catch (e) {
    // Failures after the limiter answered still tell the client where its bucket stands.
    if (e instanceof HttpError) Object.assign(e.headers, headers);
    else if (e !== null && typeof e === "object") e.responseHeaders = headers;
    throw e;
  } finally {
    // A lease refill this request started ends before its answer (objects/rate-limiter.js says why).
    if (result.refill) await result.refill;
  }
}

/**
 * How much of a key's rate an isolate leases at once (objects/rate-limiter.js). RATE_LIMIT_LEASE_MS="0"
 * turns leases off, every request calling its bucket's object: the benchmarks' baseline.
 */
function leaseWindowMs(env) {
  const set = env.RATE_LIMIT_LEASE_MS;
  return set === undefined || set === "" ? LEASE_WINDOW_MS : Math.max(0, Number(set) || 0);
}

/** Parses the JSON body into `c.body` under the input limits. */
export async function jsonBody(c, next) {
  c.body = await readJsonBody(c.request);
  return next();
}

export const CORS_READ_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "x-request-id, x-schema-version, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** The preflight answer: permissive for keyless endpoints, bare for keyed ones. */
export function preflight(allowed, keyless) {
  const headers = { Allow: [...allowed, "OPTIONS"].join(", ") };
  if (keyless) {
    Object.assign(headers, CORS_READ_HEADERS, {
      "Access-Control-Allow-Methods": [...allowed, "OPTIONS"].join(", "),
      // last-event-id: a fetch resuming a status stream sends it (EventSource sets it itself).
      "Access-Control-Allow-Headers": "content-type, x-request-id, last-event-id",
      "Access-Control-Max-Age": "86400",
    });
  }
  return new Response(null, { status: 204, headers });
}
