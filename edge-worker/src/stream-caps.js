// Concurrent status streams, capped per client network (keyless) and per key: an open stream
// holds a slot in the rate-limiter object of its caller (objects/rate-limiter.js, acquireSlot) from
// before it opens until its body ends, however it ends (the final status, its maximum age, the
// client going away). Beyond the cap: 429 with Retry-After and the RateLimit-* headers.
import { clientNetwork } from "./client-limits.js";
import { HttpError } from "./http.js";
import { limiterOf } from "./objects/stubs.js";

const STREAM_MAX_MS = 10 * 60_000;
// The slot outlives the longest stream a little, so expiry only frees slots whose release was lost.
const SLOT_MARGIN_MS = 60_000;

/** The slot name and cap of a request's caller: its key's, else its client network's. */
async function callerOf(c) {
  if (c.key) return { name: `streams:key:${c.key.id}`, cap: Number(c.env.STREAMS_PER_KEY ?? 100) };
  return { name: `streams:net:${await clientNetwork(c)}`, cap: Number(c.env.STREAMS_PER_CLIENT ?? 10) };
}

/**
 * Takes a stream slot for the caller, or throws 429. Answers `attach(response)`, which returns a
 * response whose body frees the slot when it ends; call `release()` instead if no stream opens.
 */
export async function takeStreamSlot(c) {
  const { name, cap } = await callerOf(c);
  const stub = limiterOf(c.env, name);
  const ttlMs = Number(c.env.STREAM_MAX_MS ?? STREAM_MAX_MS) + SLOT_MARGIN_MS;
  const taken = await stub.acquireSlot(name, cap, ttlMs);
  const headers = { "RateLimit-Limit": String(cap), "RateLimit-Remaining": String(Math.max(0, cap - taken.open)), "RateLimit-Reset": "1" };
  if (!taken.allowed) {
    throw new HttpError(429, "rate-limited", `at most ${cap} status streams may be open at once; close one or retry later`, [], { ...headers, "Retry-After": "1" });
  }
  let released = false;
  const release = () => {
    if (released) return Promise.resolve();
    released = true;
    return stub.releaseSlot(name, taken.slot).catch((e) => console.error(JSON.stringify({ event: "stream-slot-release-failed", message: String(e?.message ?? e) })));
  };
  const attach = (response) => {
    if (!response.body) {
      c.ctx.waitUntil(release());
      return response;
    }
    const { readable, writable } = new TransformStream();
    // Resolves when the shard ends the stream, rejects when the client goes away: either way the
    // slot is freed.
    c.ctx.waitUntil(response.body.pipeTo(writable).catch(() => {}).finally(release));
    return new Response(readable, response);
  };
  return { attach, release };
}
