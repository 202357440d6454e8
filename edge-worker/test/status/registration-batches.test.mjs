// Quote registrations coalesced per intent shard (src/status/registration-batches.js): a shard idle
// for a window gets a registration at once; registrations arriving within the window after a call
// go together in the next; failures are retried alone and then logged; the request that starts a
// call is the one whose promise lasts until the call is over. On mocked timers and clock: the
// window is a rule of the code, asserted exactly, not a speed measured against the machine's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { registerInShard, waitingFor } from "../../src/status/registration-batches.js";

const WINDOW = 200;

/** An env whose intent shards record each registerAll call; `answer(entries, n)` answers call n. */
function shards(answer = () => []) {
  const calls = [];
  const env = {
    REGISTRATION_WINDOW_MS: String(WINDOW),
    INTENT_SHARDS: {
      idFromName: (name) => name,
      get: (name) => ({
        registerAll: async (entries) => {
          calls.push({ name, entries: entries.map((e) => e.quote?.quoteId ?? Object.keys(e.records)[0]), at: Date.now() });
          return answer(entries, calls.length);
        },
      }),
    },
  };
  return { env, calls };
}
const entry = (id) => ({ records: { [`0x${id}`]: { intentHash: `0x${id}` } }, owner: "key:test", quote: { quoteId: id } });
/** Mocked setTimeout and Date for the test (setImmediate stays real: it lets promises settle). */
function mockClock(t) {
  t.mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
  const turn = () => new Promise((r) => setImmediate(r));
  return {
    /** Moves the clock by `ms`, running the timers due, then lets what they started settle. */
    async tick(ms) {
      t.mock.timers.tick(ms);
      await turn();
    },
    /** Settles `promise`, moving the clock 50 ms at a time (at most a minute). */
    async settle(promise) {
      let done = false;
      promise.finally(() => (done = true)).catch(() => {});
      for (let i = 0; i < 1_200 && !done; i++) {
        await turn();
        if (!done) t.mock.timers.tick(50);
      }
      return promise;
    },
  };
}

test("an idle shard gets a registration at once, in a later turn; the ones after it wait for one call", async (t) => {
  const clock = mockClock(t);
  const { env, calls } = shards();
  const started = Date.now();
  const first = registerInShard(env, "a1", entry("a1-first"));
  assert.equal(calls.length, 0, "never in the caller's turn");
  await clock.settle(first);
  assert.deepEqual(calls.map((c) => c.entries), [["a1-first"]]);
  assert.ok(calls[0].at - started < WINDOW / 2, `sent at once (after ${calls[0].at - started} ms)`);
  assert.equal(calls[0].name, "shard:a1");

  // Three more within the window: the first of them starts the next call, the others ride along.
  const second = registerInShard(env, "a1", entry("a1-2"));
  const riders = [registerInShard(env, "a1", entry("a1-3")), registerInShard(env, "a1", entry("a1-4"))];
  assert.equal(waitingFor("a1"), 3);
  await Promise.all(riders); // settled at once: they are not the ones that keep the call alive
  await clock.tick(WINDOW - 1);
  assert.equal(calls.length, 1, "nothing sent before the window is over");
  await clock.settle(second);
  assert.deepEqual(calls.map((c) => c.entries), [["a1-first"], ["a1-2", "a1-3", "a1-4"]]);
  assert.ok(calls[1].at - calls[0].at >= WINDOW - 5, `the second call ${calls[1].at - calls[0].at} ms after the first`);
  assert.equal(waitingFor("a1"), 0);

  // Shards do not wait for each other.
  await clock.settle(registerInShard(env, "b2", entry("b2-first")));
  assert.equal(calls.at(-1).name, "shard:b2");
  assert.ok(calls.at(-1).at - calls[1].at < WINDOW / 2);
});

test("a registration the shard could not store is retried alone, and logged once every attempt failed", async (t) => {
  const logged = [];
  t.mock.method(console, "error", (line) => logged.push(JSON.parse(line)));
  const clock = mockClock(t);
  // The shard stores everything but "c3-bad" and fails the whole of its second call.
  const { env, calls } = shards((entries, n) => {
    if (n === 2) throw new Error("shard unavailable");
    return entries.flatMap((e, index) => (e.quote.quoteId === "c3-bad" ? [{ index, message: "refused" }] : []));
  });
  await clock.settle(registerInShard(env, "c3", entry("c3-first")));
  const call = registerInShard(env, "c3", entry("c3-good"));
  registerInShard(env, "c3", entry("c3-bad"));
  await clock.settle(call);
  assert.deepEqual(calls.map((c) => c.entries), [["c3-first"], ["c3-good", "c3-bad"], ["c3-good", "c3-bad"], ["c3-bad"], ["c3-bad"]]);
  assert.deepEqual(logged.map((l) => [l.event, l.shard, l.quoteId, l.message]), [["status-register-failed", "c3", "c3-bad", "refused"]]);
});

test("what a registration's call waits for (the chain readers' arming) runs in the call's turn, before it", async (t) => {
  const clock = mockClock(t);
  const { env, calls } = shards();
  const order = [];
  const beforeCall = async () => {
    order.push(`armed with ${calls.length} calls made`);
  };
  const first = registerInShard(env, "d4", entry("d4-first"), beforeCall);
  assert.deepEqual(order, [], "not in the caller's turn");
  await clock.settle(first);
  assert.deepEqual(order, ["armed with 0 calls made"]);
  assert.deepEqual(calls.map((c) => c.entries), [["d4-first"]]);

  // Its failure is its own to report: the registrations go anyway.
  await clock.tick(WINDOW);
  await clock.settle(registerInShard(env, "d4", entry("d4-second"), async () => Promise.reject(new Error("no readers"))));
  assert.deepEqual(calls.map((c) => c.entries), [["d4-first"], ["d4-second"]]);
});
