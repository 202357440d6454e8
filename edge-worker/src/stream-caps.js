// Concurrent status streams, capped per client network (keyless) and per key: an open stream
// holds a slot in the rate-limiter object of its caller (objects/rate-limiter.js, acquireSlot)
// from before it opens until its body ends, however it ends (the final status, its maximum age,
// the client going away). The core decides whether the caller may hold that many (op
// "streamAdmission": 429 with Retry-After and the RateLimit-* headers beyond its cap).
import { clientNetwork } from "./client-limits.js";
import { askCore } from "./core.js";
import { HttpError } from "./http.js";
import { limiterOf } from "./objects/stubs.js";

const STREAM_MAX_MS = 10 * 60_000;
// The slot outlives the longest stream a little, so expiry only frees slots whose release was lost.
const SLOT_MARGIN_MS = 60_000;

/** A count from an env var, or null (the core's default) when unset or not a positive integer. */
function capOf(value) {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n > 0 ? n : null;
}

/** The slot name, kind and deployment cap of a request's caller: its key's, else its client network's. */
async function callerOf(c) {
  if (c.key) return { name: `streams:key:${c.key.id}`, caller: "key", cap: capOf(c.env.STREAMS_PER_KEY) };
  return { name: `streams:net:${(await clientNetwork(c)).network}`, caller: "network", cap: capOf(c.env.STREAMS_PER_CLIENT) };
}

/**
 * Takes a stream slot for the caller, or throws the core's 429. Answers `attach(response)`, which
 * returns a response whose body frees the slot when it ends; call `release()` instead if no
 * stream opens.
 */
export async function takeStreamSlot(c) {
  const { name, caller, cap } = await callerOf(c);
  const stub = limiterOf(c.env, name);
  const ttlMs = Number(c.env.STREAM_MAX_MS ?? STREAM_MAX_MS) + SLOT_MARGIN_MS;
  const taken = await stub.acquireSlot(name, ttlMs);
  let released = false;
  const release = () => {
    if (released) return Promise.resolve();
    released = true;
    return stub.releaseSlot(name, taken.slot).catch((e) => console.error(JSON.stringify({ event: "stream-slot-release-failed", message: String(e?.message ?? e) })));
  };
  let answer;
  try {
    answer = await askCore(c.env, "streamAdmission", { caller, open: taken.open, cap });
  } catch (e) {
    c.ctx.waitUntil(release());
    throw e;
  }
  if (answer.status !== 200) {
    c.ctx.waitUntil(release());
    throw new HttpError(answer.status, answer.body.code, answer.body.detail, answer.body.errors, answer.headers ?? {});
  }
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
