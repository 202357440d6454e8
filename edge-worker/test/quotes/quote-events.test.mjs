// Quote events: one Analytics Engine data point per quote, and a log line for the quotes that are
// not 200 (or for every quote when the binding is missing).
import assert from "node:assert/strict";
import { test } from "node:test";
import { recordQuote } from "../../src/quotes/quote-events.js";

function context(dataset, body = { dappId: "wallet-x" }) {
  return { env: dataset ? { QUOTE_EVENTS: dataset } : {}, key: { id: "dev-acme", partner: "acme" }, requestId: "req-1", body };
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

test("a 200 quote is one data point and no log line", () => {
  const points = [];
  const lines = printed(() => recordQuote(context({ writeDataPoint: (p) => points.push(p) }), { status: 200, solverAnswers: 2 }));
  assert.deepEqual(points, [{ indexes: ["dev-acme"], blobs: ["acme", "wallet-x", "req-1"], doubles: [200, 2] }]);
  assert.deepEqual(lines, []);
});

test("a refused quote is a data point and a log line", () => {
  const points = [];
  const lines = printed(() => recordQuote(context({ writeDataPoint: (p) => points.push(p) }, { dappId: 7 }), { status: 502, solverAnswers: 0 }));
  assert.deepEqual(points, [{ indexes: ["dev-acme"], blobs: ["acme", "", "req-1"], doubles: [502, 0] }]);
  assert.deepEqual(lines.map((l) => JSON.parse(l)), [{ event: "quote", requestId: "req-1", keyId: "dev-acme", partner: "acme", dappId: null, status: 502, solverAnswers: 0 }]);
});

test("without the binding every quote is logged, with the dappId cut at 128 characters", () => {
  const lines = printed(() => recordQuote(context(null, { dappId: "d".repeat(300) }), { status: 200, solverAnswers: 1 }));
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]).dappId, "d".repeat(128));
});
