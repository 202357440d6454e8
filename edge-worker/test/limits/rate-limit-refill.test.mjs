// The keyed rate limit's lease refill, driven in plain Node against a scripted bucket object: a
// request that starts a refill answers only once the refill has landed (a Durable Object call left
// in flight past the response makes the local runtime stall other connections far more often;
// runtime/background.js), and the requests that do not start one never wait for it.
import assert from "node:assert/strict";
import { register } from "node:module";
import { test } from "node:test";

// rate-limiter.js extends the runtime's DurableObject; plain Node has no `cloudflare:workers`. And
// middleware.js reaches the bundled configuration (settings.js) and the core's wasm (core.js, for
// the keyless limits' client network), build outputs that a fresh clone has only once a worker
// suite has built them; the keyed limit reads neither.
const dataModule = (source) => JSON.stringify(`data:text/javascript,${encodeURIComponent(source)}`);
const runtime = "export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }";
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === "cloudflare:workers") return { url: ${dataModule(runtime)}, shortCircuit: true };
  if (specifier.endsWith("/generated/config.js")) return { url: ${dataModule("export default {};")}, shortCircuit: true };
  if (specifier.endsWith("/wasm/core.mjs") || specifier.endsWith("/wasm/core.wasm")) return { url: ${dataModule("export default null;")}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
const { keyRateLimit } = await import("../../src/middleware.js");

/** A bucket object whose answers the test releases one call at a time. */
function scriptedBucket() {
  const calls = [];
  const stub = {
    take(limit, want = 1) {
      let release;
      const answered = new Promise((resolve) => {
        release = () => resolve({ allowed: true, granted: want, remaining: limit.burst - want, retryAfterSec: 0 });
      });
      calls.push({ want, release });
      return answered;
    },
  };
  return { calls, namespace: { idFromName: (name) => name, get: () => stub } };
}

const settled = async (promise) => {
  let done = false;
  promise.then(() => (done = true));
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
};

test("the request that starts a lease refill answers after the refill, the others without waiting", async () => {
  const bucket = scriptedBucket();
  const kept = [];
  // 200/s and a 50 ms lease window: leases of 10 tokens.
  const c = {
    key: { id: "refill-test", rateLimit: { ratePerSec: 200, burst: 400 } },
    env: { RATE_LIMITER: bucket.namespace, RATE_LIMIT_LEASE_MS: "50" },
    ctx: { waitUntil: (p) => kept.push(p) },
  };
  const request = () => keyRateLimit(c, async () => new Response("ok"));

  // The first request leases 10 from the object and spends one of them.
  const first = request();
  assert.equal(bucket.calls.length, 1);
  assert.equal(bucket.calls[0].want, 10);
  bucket.calls[0].release();
  assert.equal((await first).status, 200);

  // Three more spend the lease without a call and without waiting (8, 7, 6 left).
  for (let i = 0; i < 3; i++) assert.equal((await request()).status, 200);
  assert.equal(bucket.calls.length, 1);

  // The fifth leaves half the lease (5): it starts a refill and its answer waits for it.
  const fifth = request();
  await new Promise((r) => setImmediate(r));
  assert.equal(bucket.calls.length, 2, "a refill was asked for");
  assert.equal(await settled(fifth), false, "the answer waits for the refill");
  // Meanwhile another request spends the lease without waiting for that refill.
  assert.equal((await request()).status, 200);
  bucket.calls[1].release();
  assert.equal((await fifth).status, 200);
  assert.equal(kept.length, 1, "waitUntil holds the refill too");
});
