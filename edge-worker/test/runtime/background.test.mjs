// Background work starts from a timer (src/runtime/background.js): never in the turn that starts it, nor
// in the microtasks that finish that turn's response, and always kept alive by waitUntil.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inBackground } from "../../src/runtime/background.js";

function context() {
  const kept = [];
  return { kept, ctx: { waitUntil: (p) => kept.push(p) } };
}

test("the work starts only after the current turn and its microtasks", async () => {
  const { ctx, kept } = context();
  const order = [];
  const done = inBackground(ctx, async () => {
    order.push("work");
    return 42;
  });
  order.push("response built");
  // A response returned through a chain of awaits, as a handler's is.
  await Promise.resolve();
  await Promise.resolve();
  order.push("response returned");
  assert.deepEqual(order, ["response built", "response returned"]);
  assert.equal(await done, 42);
  assert.deepEqual(order, ["response built", "response returned", "work"]);
  assert.equal(kept.length, 1, "waitUntil keeps the work alive");
  await kept[0];
});

test("a failing work rejects for the caller, and what waitUntil holds never rejects", async () => {
  const { ctx, kept } = context();
  const done = inBackground(ctx, async () => {
    throw new Error("shard unavailable");
  });
  await assert.rejects(done, /shard unavailable/);
  await kept[0];
});
