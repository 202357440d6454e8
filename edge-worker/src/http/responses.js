// Response helpers shared by middleware and handlers. Every error leaves the worker as
// application/problem+json (RFC 9457) with the request id, except the gateway's missing-key 403
// whose exact body clients match on.
import contract from "../../openapi.json" with { type: "json" };

/** The wire-format version: the API document's own (openapi.json is the contract). */
export const SCHEMA_VERSION = contract.info.version;
export const PROBLEM_TYPE_PREFIX = "urn:stableroutes:problem:";

// Each problem code's title, as the contract lists them (the core's titles are tested against the
// same list).
const TITLES = Object.fromEntries(contract.components.schemas.Problem.properties.code.oneOf.map((c) => [c.const, c.title]));

/** A failure a middleware or handler raises; the router turns it into a problem response. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} code one of the contract's error codes
   * @param {string} detail human-readable, never containing secrets
   * @param {{field: string, message: string}[]} [errors]
   * @param {Record<string, string>} [headers]
   */
  constructor(status, code, detail, errors = [], headers = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }
}

/** @param {string} code @param {number} status */
export function problemBody(status, code, detail, errors = []) {
  return { type: PROBLEM_TYPE_PREFIX + code, title: TITLES[code] ?? code, status, code, detail, errors };
}

/** @param {unknown} body @param {number} [status] @param {HeadersInit} [headers] */
export function json(body, status = 200, headers = {}) {
  const h = new Headers(headers);
  if (!h.has("content-type")) h.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** A problem+json response; `body` already carries type/title/status/code/detail/errors. */
export function problemResponse(body, requestId, headers = {}) {
  const h = new Headers(headers);
  h.set("content-type", "application/problem+json; charset=utf-8");
  const { type, title, status, code, detail, errors = [], ...extensions } = body;
  return new Response(JSON.stringify({ type, title, status, code, detail, errors, ...extensions, requestId }), { status, headers: h });
}

/** @param {HttpError} err @param {string} requestId */
export function errorResponse(err, requestId) {
  return problemResponse(problemBody(err.status, err.code, err.message, err.errors), requestId, err.headers);
}
