// Live intent status as Server-Sent Events, through the real worker bundle: a quote's stream
// starts with its current status, gets one event per change as chain events arrive (pushed here
// as eth_getLogs logs encoded with ethers, production addresses of the local configuration),
// keep-alive comments in between, and ends after the final status; the keyless twin takes an
// intent hash only; a stream with nothing to say ends at its maximum age.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { waitFor } from "../gasless-helpers.mjs";
import { sse } from "../sse.mjs";
import { fulfilled, proven, publishedAndFunded, pushLogs, registeredQuote } from "../pushed-events.mjs";
import { createClient } from "stableroutes/client";

const json = { "content-type": "application/json" };

let worker;
let persist;

before(async () => {
  persist = tempDir("sr-stream-state-");
  worker = await startWorker({ bundleDir: buildBundle(), persistDir: persist.dir, bindings: { STREAM_KEEPALIVE_MS: "300", STREAM_MAX_MS: "2500" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
});

const quote = () => registeredQuote(worker, "stream-test");
const push = (chainId, logs) => pushLogs(worker, chainId, logs);

describe("intent status streams", () => {
  test("a quote's stream: current status, one event per change, keep-alives, the end after settled", async () => {
    const q = await quote();
    const res = await worker.fetch(`/v1/intents/stream?quoteId=${q.id.slice(6)}`, { key: DEV_KEYS.acme });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type"), /^text\/event-stream/);
    assert.ok(res.headers.get("ratelimit-limit"), "a keyed response carries the rate-limit headers");
    const stream = sse(res);
    await stream.until(() => stream.statuses().length === 1);
    assert.equal(stream.statuses()[0].status, "pending");
    assert.equal(stream.statuses()[0].intentHash, q.intentHash);

    await push(8453, publishedAndFunded(q));
    await stream.until(() => stream.statuses().some((s) => s.transactions.funded));
    await stream.until(() => stream.items.some((i) => i.comment === "keep-alive"));
    await push(10, fulfilled(q));
    await stream.until(() => stream.statuses().some((s) => s.status === "filled"));
    await push(8453, proven(q));
    await stream.done;
    const seen = stream.statuses();
    assert.equal(seen.at(-1).status, "settled");
    // One event per change: no two consecutive events carry the same body.
    for (let i = 1; i < seen.length; i++) assert.notDeepEqual(seen[i], seen[i - 1]);
    assert.deepEqual([...new Set(seen.map((s) => s.status))], ["pending", "filled", "settled"]);
    const ids = stream.items.filter((i) => i.event).map((i) => i.id);
    assert.equal(new Set(ids).size, ids.length, "event ids differ");

    // Reconnecting with the id of the status it already has, a client is not sent it again (the
    // stream then ends: settled is final).
    const again = sse(await worker.fetch(`/v1/intents/stream?intentHash=${q.intentHash}`, { key: DEV_KEYS.acme, headers: { "last-event-id": ids.at(-1) } }));
    await again.done;
    assert.deepEqual(again.statuses(), []);
  });

  test("the keyless twin: by intent hash only; a final status answers once and ends", async () => {
    const q = await quote();
    await push(8453, proven(q));
    const res = await worker.fetch(`/v1/public/intents/stream?intentHash=${q.intentHash}`, { headers: { "cf-connecting-ip": "203.0.113.9" } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    const stream = sse(res);
    await stream.done;
    assert.deepEqual(stream.statuses().map((s) => s.status), ["settled"]);

    const bad = await worker.fetch("/v1/public/intents/stream?intentHash=0x12", { headers: { "cf-connecting-ip": "203.0.113.9" } });
    assert.equal(bad.status, 400);
    assert.deepEqual((await bad.json()).errors.map((e) => e.field), ["intentHash"]);
    const byQuote = await worker.fetch(`/v1/public/intents/stream?quoteId=${q.id.slice(6)}`, { headers: { "cf-connecting-ip": "203.0.113.9" } });
    assert.equal(byQuote.status, 400, "the keyless stream takes no quote id");
    assert.equal((await worker.fetch(`/v1/intents/stream?intentHash=${q.intentHash}`)).status, 403, "the keyed stream needs a key");
  });

  test("stableroutes/client watchIntent iterates the statuses to the final one, keyed and keyless", async () => {
    const q = await quote();
    const client = createClient({ baseUrl: worker.base, apiKey: DEV_KEYS.acme });
    const seen = [];
    const watching = (async () => {
      for await (const status of client.watchIntent({ quoteId: q.id })) seen.push(status.status);
    })();
    await waitFor(() => seen, (list) => list.length === 1);
    await push(8453, publishedAndFunded(q));
    await push(10, fulfilled(q));
    await push(8453, proven(q));
    await watching;
    assert.equal(seen[0], "pending");
    assert.equal(seen.at(-1), "settled");
    assert.ok(seen.includes("filled"));
    // Keyless: by intent hash, a settled intent yields once and ends.
    const keyless = createClient({ baseUrl: worker.base });
    const once = [];
    for await (const status of keyless.watchIntent({ intentHash: q.intentHash })) once.push(status.status);
    assert.deepEqual(once, ["settled"]);
    await assert.rejects(keyless.watchIntent({ quoteId: q.id }).next(), /intentHash/);
  });

  test("a stream with nothing to say ends at its maximum age, with keep-alives until then", async () => {
    const q = await quote();
    const started = Date.now();
    const stream = sse(await worker.fetch(`/v1/intents/stream?intentHash=${q.intentHash}`, { key: DEV_KEYS.acme }));
    await stream.done;
    assert.ok(Date.now() - started >= 2_000, "open until the maximum age");
    assert.deepEqual(stream.statuses().map((s) => s.status), ["pending"]);
    assert.ok(stream.items.filter((i) => i.comment === "keep-alive").length >= 3);
  });
});
