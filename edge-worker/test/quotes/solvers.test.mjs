// The solver fan-out against stub solvers on loopback: parallel, each under its own timeout,
// and a slow, failing or garbled solver yields no answer instead of failing the others.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import { askSolvers } from "../../src/quotes/solvers.js";

let server;
let base;
const received = [];
const TOGETHER = 3;
const waiting = [];

before(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ path: req.url, contentType: req.headers["content-type"], body: JSON.parse(body) });
      const reply = (status, text) => res.writeHead(status, { "content-type": "application/json" }).end(text);
      switch (req.url) {
        case "/fast": return reply(200, JSON.stringify({ amountOut: "990000", echo: JSON.parse(body).n }));
        case "/slow": return void setTimeout(() => reply(200, "{}"), 3000).unref();
        case "/fail": return reply(500, JSON.stringify({ amountOut: "1" }));
        case "/impostor": return reply(200, JSON.stringify({ solverId: "someone-else", amountOut: "5" }));
        case "/garbage": return reply(200, "{not json");
        case "/array": return reply(200, "[1,2]");
        case "/huge": return reply(200, JSON.stringify({ pad: "x".repeat(300 * 1024) }));
        case "/together": {
          // Answers only once every solver of the round is being asked at the same time: a
          // fan-out that waits for one answer before asking the next never gets any of them.
          waiting.push(() => reply(200, JSON.stringify({ amountOut: String(waiting.length) })));
          if (waiting.length === TOGETHER) for (const answer of waiting.splice(0)) answer();
          return;
        }
        default: return reply(404, "{}");
      }
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

test("only the answers that arrive in time, valid, come back, each tagged with its solver", async (t) => {
  // Generous timeouts, so a loaded machine does not turn an answer into a timeout; only /slow,
  // which answers after 3 s, is meant to time out.
  const ask = (solverId, path, timeoutMs = 2000) => ({ solverId, url: base + path, timeoutMs, body: { n: solverId } });
  const warnings = [];
  t.mock.method(console, "warn", (line) => warnings.push(JSON.parse(line)));
  const answers = await askSolvers([
    ask("slow", "/slow", 300),
    ask("fast", "/fast"),
    ask("fail", "/fail"),
    ask("garbage", "/garbage"),
    ask("array", "/array"),
    ask("huge", "/huge"),
    ask("closed", "/nothing-here"),
    { solverId: "unreachable", url: "http://127.0.0.1:9/", timeoutMs: 2000, body: {} },
  ]);
  assert.deepEqual(answers, [{ amountOut: "990000", echo: "fast", solverId: "fast" }]);
  // Each missing answer is logged once with its reason.
  const reasons = Object.fromEntries(warnings.map((w) => [w.solverId, w.reason]));
  assert.deepEqual(Object.keys(reasons).sort(), ["array", "closed", "fail", "garbage", "huge", "slow", "unreachable"]);
  assert.equal(reasons.slow, "timeout");
  assert.equal(reasons.fail, "HTTP 500");
  assert.equal(reasons.huge, "answer too large");
  const fast = received.find((r) => r.path === "/fast");
  assert.equal(fast.contentType, "application/json");
  assert.deepEqual(fast.body, { n: "fast" });
});

test("every solver is asked at once, not one after another", async () => {
  // Each /together solver answers only when all of them are in flight (see the stub): asked in
  // sequence, the first would time out unanswered and so would the rest.
  const answers = await askSolvers(
    Array.from({ length: TOGETHER }, (_, i) => ({ solverId: `s${i}`, url: `${base}/together`, timeoutMs: 2000, body: {} })),
  );
  assert.deepEqual(answers.map((a) => a.solverId), ["s0", "s1", "s2"]);
});

test("a solver's answer cannot overwrite its solverId", async () => {
  const answers = await askSolvers([{ solverId: "honest", url: `${base}/impostor`, timeoutMs: 1000, body: {} }]);
  assert.deepEqual(answers, [{ solverId: "honest", amountOut: "5" }]);
});

test("no requests, no answers", async () => {
  assert.deepEqual(await askSolvers([]), []);
});
