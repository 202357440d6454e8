// Live intent status as Server-Sent Events, through the real worker bundle: a quote's stream
// starts with its current status, gets one event per change as chain events arrive (pushed here
// as eth_getLogs logs encoded with ethers, production addresses of the local configuration),
// keep-alive comments in between, and ends after the final status; the keyless twin takes an
// intent hash only; a stream with nothing to say ends at its maximum age.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Interface, id, zeroPadValue } from "ethers";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "./harness.mjs";
import { waitFor } from "./gasless-helpers.mjs";
import { createClient } from "stableroutes/client";

const json = { "content-type": "application/json" };
const PORTAL = "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df";
const PROVER = "0xeC0008acc34d3D0CAa6758Ce788091e473812e28";
const SOLVER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const events = new Interface([
  "event IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, (address token, uint256 amount)[] rewardTokens)",
  "event IntentFunded(bytes32 intentHash, address funder, bool complete)",
  "event IntentFulfilled(bytes32 indexed intentHash, bytes32 indexed claimant)",
  "event IntentProven(bytes32 indexed intentHash, address indexed claimant, uint64 destination)",
]);

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

async function quote() {
  const res = await worker.fetch("/v1/quotes", {
    method: "POST",
    key: DEV_KEYS.acme,
    headers: json,
    body: JSON.stringify({
      type: "exact-in", dappId: "stream-test",
      source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  // Registered in the background: wait until the status index knows it.
  await waitFor(async () => (await worker.fetch(`/v1/intents/status?intentHash=${body.intentHash}`, { key: DEV_KEYS.acme })).json(), (s) => s.status === "pending");
  return body;
}

let block = 100;
function log(address, encoded) {
  block += 1;
  return { address, ...encoded, blockNumber: "0x" + block.toString(16), transactionHash: id(`stream-test tx ${block}`), logIndex: "0x0" };
}

async function push(chainId, logs) {
  const res = await worker.fetch("/internal/chain-events", { method: "POST", headers: { ...json, authorization: "Bearer dev-indexer-token" }, body: JSON.stringify({ chainId, logs }) });
  assert.equal(res.status, 200, await res.text());
}

/** Reads an SSE response: resolves events ({event, id, data}) and comments as they arrive. */
function sse(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const items = [];
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(":")) {
          items.push({ comment: block.slice(1).trim() });
          continue;
        }
        const fields = Object.fromEntries(block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]));
        items.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
      }
    }
    ended = true;
  })();
  return {
    items,
    statuses: () => items.filter((i) => i.event).map((i) => i.data),
    ended: () => ended,
    until: (predicate, timeoutMs = 10_000) => waitFor(() => items, () => predicate(items), { timeoutMs, intervalMs: 50 }),
    done: pump,
  };
}

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

    const step = q.steps[0].intents[0];
    const { intent } = step;
    await push(8453, [
      log(PORTAL, events.encodeEventLog("IntentPublished", [q.intentHash, intent.destination, step.encodedRoute, intent.reward.creator, intent.reward.prover, intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount])])),
      log(PORTAL, events.encodeEventLog("IntentFunded", [q.intentHash, intent.reward.creator, true])),
    ]);
    await stream.until(() => stream.statuses().some((s) => s.transactions.funded));
    await stream.until(() => stream.items.some((i) => i.comment === "keep-alive"));
    await push(10, [log(PORTAL, events.encodeEventLog("IntentFulfilled", [q.intentHash, zeroPadValue(SOLVER, 32)]))]);
    await stream.until(() => stream.statuses().some((s) => s.status === "filled"));
    await push(8453, [log(PROVER, events.encodeEventLog("IntentProven", [q.intentHash, SOLVER, 10]))]);
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
    await push(8453, [log(PROVER, events.encodeEventLog("IntentProven", [q.intentHash, SOLVER, 10]))]);
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
    const step = q.steps[0].intents[0];
    const { intent } = step;
    await push(8453, [log(PORTAL, events.encodeEventLog("IntentPublished", [q.intentHash, intent.destination, step.encodedRoute, intent.reward.creator, intent.reward.prover, intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount])]))]);
    await push(10, [log(PORTAL, events.encodeEventLog("IntentFulfilled", [q.intentHash, zeroPadValue(SOLVER, 32)]))]);
    await push(8453, [log(PROVER, events.encodeEventLog("IntentProven", [q.intentHash, SOLVER, 10]))]);
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
