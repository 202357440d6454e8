// Cross-cutting steps of the request pipeline: keys, limits, body parsing, CORS.
import { readJsonBody } from "./http/body.js";
import { authenticate } from "./keys/api-keys.js";
import { leaseWindowMs, takeKeyless } from "./limits/client-limits.js";
import { rateLimitHeaders, takeToken } from "./limits/rate-limiter.js";
import { HttpError } from "./http/responses.js";
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

/**
 * Authenticates the key. A request that fails authentication (401) takes a token from its client
 * network's keyless read bucket, so guessing keys is limited like any keyless request: once the
 * bucket is empty the answer is 429, not another 401.
 * @type {import("./router.js").Middleware}
 */
export async function requireKey(c, next) {
  try {
    c.key = await authenticate(c.request, settings(c.env).keys);
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) {
      const result = await takeKeyless(c, "read");
      if (result.refill) await result.refill;
      if (!result.allowed) throw refusal(result, rateLimitHeaders(result));
    }
    throw e;
  }
  return next();
}

/** Per-key token bucket; every keyed response carries the RateLimit-* headers. */
export async function keyRateLimit(c, next) {
  return limited(c, next, await takeToken(c.env.RATE_LIMITER, `key:${c.key.id}`, c.key.rateLimit, c.ctx, leaseWindowMs(c.env)));
}

/**
 * The keyless buckets of the client's network for a cost class ("read", "create", "stream";
 * limits/client-limits.js). Locally there is no CF-Connecting-IP: all local callers share the
 * "unknown" network.
 */
export const networkRateLimit = (cost) => async (c, next) => limited(c, next, await takeKeyless(c, cost));

/** The keyless read bucket (the cheap endpoints). */
export const addressRateLimit = networkRateLimit("read");

function refusal(result, headers) {
  return new HttpError(429, "rate-limited", `rate limit exceeded; retry after ${result.retryAfterSec} s`, [], headers);
}

/** Answers the limiter's refusal, or runs the rest of the chain with the limiter's headers. */
async function limited(c, next, result) {
  const headers = rateLimitHeaders(result);
  if (!result.allowed) {
    // One bucket may have granted (and started a lease refill) before the other refused.
    if (result.refill) await result.refill;
    throw refusal(result, headers);
  }
  try {
    return withHeaders(await next(), headers);
  } catch (e) {
    // Failures after the limiter answered still tell the client where its bucket stands.
    // A refusal of its own (a stream cap's 429) keeps its headers.
    if (e instanceof HttpError) e.headers = { ...headers, ...e.headers };
    else if (e !== null && typeof e === "object") e.responseHeaders = headers;
    throw e;
  } finally {
    // A lease refill this request started ends before its answer (limits/rate-limiter.js says why).
    if (result.refill) await result.refill;
  }
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
