// Concurrent status streams, capped per client network (keyless; an IPv6 client's /48 too) and per
// key: an open stream holds a slot in the rate-limiter object of its caller, and of its caller's
// /48 (limits/rate-limiter.js, acquireSlot)
// from before it opens until its body ends, however it ends (the final status, its maximum age,
// the client going away). The core decides whether the caller may hold that many (op
// "streamAdmission": 429 with Retry-After and the RateLimit-* headers beyond its cap).
import { clientNetwork } from "./client-limits.js";
import { askCore } from "../core.js";
import { HttpError } from "../http/responses.js";
import { limiterOf } from "../runtime/objects.js";
import { countOrNull, settings } from "../settings.js";

const STREAM_MAX_MS = 10 * 60_000;
// The slot outlives the longest stream a little, so expiry only frees slots whose release was lost.
const SLOT_MARGIN_MS = 60_000;

/**
 * The slot name, kind and deployment cap of a request's caller: its key's, else its client
 * network's, with its IPv6 /48's slot name (`wide`, else null).
 */
async function callerOf(c) {
  if (c.key) return { name: `streams:key:${c.key.id}`, wide: null, caller: "key", cap: countOrNull(c.env.STREAMS_PER_KEY) };
  const { network, aggregate } = await clientNetwork(c);
  return { name: `streams:net:${network}`, wide: aggregate ? `streams:net:${aggregate}` : null, caller: "network", cap: countOrNull(c.env.STREAMS_PER_CLIENT) };
}

/**
 * Takes a stream slot for the caller, or throws the core's 429. Answers `attach(response)`, which
 * returns a response whose body frees the slot when it ends; call `release()` instead if no
 * stream opens.
 */
export async function takeStreamSlot(c) {
  const { name, wide, caller, cap } = await callerOf(c);
  const ttlMs = Number(c.env.STREAM_MAX_MS ?? STREAM_MAX_MS) + SLOT_MARGIN_MS;
  const names = [name, ...(wide ? [wide] : [])];
  const taken = await Promise.all(names.map((n) => limiterOf(c.env, n).acquireSlot(n, ttlMs)));
  let released = false;
  const release = () => {
    if (released) return Promise.resolve();
    released = true;
    return Promise.all(
      names.map((n, i) =>
        limiterOf(c.env, n)
          .releaseSlot(n, taken[i].slot)
          .catch((e) => console.error(JSON.stringify({ event: "stream-slot-release-failed", message: String(e?.message ?? e) }))),
      ),
    );
  };
  let answer;
  try {
    const aggregate = wide ? { aggregate: { open: taken[1].open }, aggregateFactor: settings(c.env).keylessAggregateFactor } : {};
    answer = await askCore(c.env, "streamAdmission", { caller, open: taken[0].open, cap, ...aggregate });
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
