// Keyless limits: which client network a request comes from (the core's op "clientNetwork": an
// IPv4 address, an IPv6 /64) and one token bucket per network and cost class, so that a client
// cannot multiply its allowance by rotating addresses inside its /64, and cheap reads never
// drain what creating work allows (docs/security.md, "Keyless limits"):
//   read    status lookups, /health, /openapi.json, legacy quotes, and failed authentication
//   create  deposit-address creation and submits (each creates stored, watched work)
//   stream  opening a status stream (concurrent streams are capped apart: limits/stream-caps.js)
import { askCore } from "../core.js";
import { settings } from "../settings.js";
import { LEASE_WINDOW_MS, takeToken } from "./rate-limiter.js";

/** address text -> network name, per isolate; cleared when full so it stays bounded. */
const networks = new Map();
const MAX_CACHED_NETWORKS = 10_000;

const UNKNOWN = Object.freeze({ network: "unknown", aggregate: null });

/**
 * The client network of a request ("ipv4:…", "ipv6:…::/64" or "unknown") and, for IPv6, the /48
 * it also counts against (else null), as the core names them; memoised per isolate.
 * @returns {Promise<{ network: string, aggregate: string | null }>}
 */
export async function clientNetwork(c) {
  if (c.network) return c.network;
  const address = c.request.headers.get("cf-connecting-ip");
  const cached = address === null ? UNKNOWN : networks.get(address);
  if (cached) return (c.network = cached);
  let named = UNKNOWN;
  try {
    const answer = await askCore(c.env, "clientNetwork", { address });
    if (answer.status === 200) named = { network: answer.body.network, aggregate: answer.body.aggregate };
  } catch (e) {
    // A core that failed to load fails every other request too; /health must still answer
    // (it reports the failure), so the request counts against the shared "unknown" bucket.
    console.error(JSON.stringify({ event: "client-network-failed", message: String(e?.message ?? e) }));
    return (c.network = UNKNOWN);
  }
  if (networks.size >= MAX_CACHED_NETWORKS) networks.clear();
  networks.set(address, named);
  return (c.network = named);
}

/** The bucket name of a network and cost class (runtime/objects.js places it in a pool object). */
export function networkBucket(cost, network) {
  return `net:${cost}:${network}`;
}

/**
 * The limit of a cost class: vars KEYLESS_[CREATE_|STREAM_]RATE_PER_SEC and _BURST; for an IPv6
 * /48's bucket, KEYLESS_AGGREGATE_FACTOR (16) times that (a /48 holds many clients' /64s, so it
 * is wider, but not 65,536 times wider).
 */
export function keylessLimit(env, cost, { aggregate = false } = {}) {
  const limit = settings(env).keylessLimits[cost];
  if (!aggregate) return limit;
  const factor = settings(env).keylessAggregateFactor;
  return { ratePerSec: limit.ratePerSec * factor, burst: limit.burst * factor };
}

/**
 * One token from the client network's bucket of `cost` and, for an IPv6 client, one from its
 * /48's wider bucket too (networkBucket, keylessLimit): refused when either is empty, and answering the
 * headers of the bucket that refused, else of the one with fewer tokens left.
 */
export async function takeKeyless(c, cost) {
  const { network, aggregate } = await clientNetwork(c);
  const own = await takeToken(c.env.RATE_LIMITER, networkBucket(cost, network), keylessLimit(c.env, cost), c.ctx, leaseWindowMs(c.env));
  if (!own.allowed || !aggregate) return own;
  const wide = await takeToken(c.env.RATE_LIMITER, networkBucket(cost, aggregate), keylessLimit(c.env, cost, { aggregate: true }), c.ctx, leaseWindowMs(c.env));
  const refill = own.refill || wide.refill ? Promise.all([own.refill, wide.refill]) : null;
  return { ...(!wide.allowed || wide.remaining < own.remaining ? wide : own), refill };
}

/**
 * A keyless submit whose preflight was refused read the chain for nothing: it counts against the
 * client network's work-creating bucket once more (the next submits meet its 429 sooner, with the
 * usual headers). Which submits it counts is the core's (op gaslessSubmitStep: keyless ones; a
 * key's bucket counted the request).
 */
export async function countRefusedWork(c) {
  const result = await takeKeyless(c, "create");
  if (result.refill) await result.refill;
}

/**
 * How much of a key's rate an isolate leases at once (limits/rate-limiter.js). RATE_LIMIT_LEASE_MS="0"
 * turns leases off, every request calling its bucket's object: the benchmarks' baseline.
 */
export function leaseWindowMs(env) {
  const set = env.RATE_LIMIT_LEASE_MS;
  return set === undefined || set === "" ? LEASE_WINDOW_MS : Math.max(0, Number(set) || 0);
}
