// Quote events: signed quotes counted into one Analytics Engine data point per key, partner,
// dappId and solver answers per second of an isolate; a data point and a log line for each quote
// that is not 200 (every quote logged when the binding is missing).
import assert from "node:assert/strict";
import { test } from "node:test";
import { flushQuoteEvents, recordQuote } from "../../src/quotes/quote-events.js";

/** A quote's context; the window writes it schedules (waitUntil) are collected in `waits`. */
function context(dataset, body = { dappId: "wallet-x" }, waits = [], requestId = "req-1") {
  return { env: dataset ? { QUOTE_EVENTS: dataset } : {}, ctx: { waitUntil: (p) => waits.push(p) }, key: { id: "dev-acme", partner: "acme" }, requestId, body };
}

/** Runs fn and returns what it printed with console.log. */
function printed(fn) {
  const lines = [];
  const original = console.log;
  console.log = (line) => lines.push(line);
  try {
    fn();
  } finally {
    console.log = original;
  }
  return lines;
}

test("signed quotes are counted into one data point per key, partner, dappId and solver answers, written by the window's timer; no log line", async () => {
  const points = [];
  const dataset = { writeDataPoint: (p) => points.push(p) };
  const waits = [];
  const lines = printed(() => {
    for (let i = 0; i < 3; i++) recordQuote(context(dataset, { dappId: "wallet-x" }, waits, `req-${i}`), { status: 200, solverAnswers: 2 });
    recordQuote(context(dataset, { dappId: "wallet-y" }, waits), { status: 200, solverAnswers: 2 });
    recordQuote(context(dataset, { dappId: "wallet-x" }, waits), { status: 200, solverAnswers: 1 });
  });
  assert.deepEqual(lines, []);
  assert.deepEqual(points, [], "nothing written before the window ends");
  assert.equal(waits.length, 1, "one write scheduled per window");
  await Promise.all(waits);
  assert.deepEqual(points, [
    { indexes: ["dev-acme"], blobs: ["acme", "wallet-x", ""], doubles: [200, 2, 3] },
    { indexes: ["dev-acme"], blobs: ["acme", "wallet-y", ""], doubles: [200, 2, 1] },
    { indexes: ["dev-acme"], blobs: ["acme", "wallet-x", ""], doubles: [200, 1, 1] },
  ]);
  // The next window starts empty.
  flushQuoteEvents(dataset);
  assert.equal(points.length, 3);
});

test("a refused quote is a data point and a log line", () => {
  const points = [];
  const lines = printed(() => recordQuote(context({ writeDataPoint: (p) => points.push(p) }, { dappId: 7 }), { status: 502, solverAnswers: 0 }));
  assert.deepEqual(points, [{ indexes: ["dev-acme"], blobs: ["acme", "", "req-1"], doubles: [502, 0, 1] }]);
  assert.deepEqual(lines.map((l) => JSON.parse(l)), [{ event: "quote", requestId: "req-1", keyId: "dev-acme", partner: "acme", dappId: null, status: 502, solverAnswers: 0 }]);
});

test("without the binding every quote is logged, with the dappId cut at 128 characters", () => {
  const lines = printed(() => recordQuote(context(null, { dappId: "d".repeat(300) }), { status: 200, solverAnswers: 1 }));
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]).dappId, "d".repeat(128));
});
