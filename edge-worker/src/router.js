// A router that fits on a screen: routes are method + pattern (":name" segments) + a chain of
// middleware ending in a handler. Each link is `(c, next) => Promise<Response>`.

/**
 * @typedef {{ request: Request, env: any, ctx: ExecutionContext, url: URL, requestId: string,
 *             params: Record<string, string>, key?: import("./keys/api-keys.js").KeyRecord, body?: unknown }} Context
 * @typedef {(c: Context, next: () => Promise<Response>) => Promise<Response>} Middleware
 * @typedef {(c: Context) => Promise<Response>} Handler
 */

export class Router {
  /** @type {{ method: string, parts: string[], chain: Function[], meta: object }[]} */
  routes = [];

  /**
   * @param {string} method
   * @param {string} pattern
   * @param {{ keyless?: boolean }} meta what the router's callers need to know before matching
   * @param {...(Middleware|Handler)} chain
   */
  on(method, pattern, meta, ...chain) {
    this.routes.push({ method, parts: pattern.split("/"), chain, meta });
    return this;
  }

  /**
   * A group of routes that share their meta and leading middleware: `group(meta, ...shared)`
   * answers an object whose `on(method, pattern, ...chain)` adds a route whose chain is
   * `[...shared, ...chain]`, and whose `group(...more)` nests one more shared step.
   */
  group(meta, ...shared) {
    const router = this;
    return {
      on(method, pattern, ...chain) {
        router.on(method, pattern, meta, ...shared, ...chain);
        return this;
      },
      group: (...more) => router.group(meta, ...shared, ...more),
    };
  }

  /**
   * @returns {{ route?: object, params?: Record<string,string>, allowed: string[], meta?: object }}
   *   `allowed` and `meta` describe the path whatever the method, for 405 and preflight answers
   */
  match(method, path) {
    const segments = path.split("/");
    const found = { allowed: [] };
    for (const route of this.routes) {
      const params = matchParts(route.parts, segments);
      if (!params) continue;
      found.allowed.push(route.method);
      found.meta ??= route.meta;
      if (route.method === method && !found.route) Object.assign(found, { route, params });
    }
    return found;
  }
}

function matchParts(parts, segments) {
  if (parts.length !== segments.length) return null;
  const params = {};
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].startsWith(":")) {
      if (!segments[i]) return null;
      try {
        params[parts[i].slice(1)] = decodeURIComponent(segments[i]);
      } catch {
        return null; // malformed percent-encoding: no route, not an error of ours
      }
    } else if (parts[i] !== segments[i]) return null;
  }
  return params;
}

/** Runs a route's chain: each middleware gets `next`, the last link is the handler. */
export function run(chain, c) {
  const step = (i) => chain[i](c, () => step(i + 1));
  return step(0);
}
