// Deployments whose solvers are remote only, as production's must be: the real worker bundle with
// config/local's chains and tokens, and either
// - one remote solver (a stub on loopback that prices every request it is sent): legacy v3 quotes
//   ask it through the worker, as v1 quotes do, and answer with its price; when the same solver
//   refuses, times out or answers garbage, every quote answers 502 solver-error (no-answer) and
//   the worker goes on serving; or
// - no solver at all (config/production/solvers.json as shipped): every quote answers 502
//   solver-error saying no solver is configured.
// Every /api/v3 answer is also held to Eco's published schemas by the harness.
import assert from "node:assert/strict";
import http from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";

const repo = new URL("../../../", import.meta.url);
const readConfig = (env, name) => JSON.parse(readFileSync(new URL(`config/${env}/${name}.json`, repo), "utf8"));
const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const OPTIMISM_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
const FUNDER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const RECIPIENT = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const JSON_HEADERS = { "content-type": "application/json" };
const legacyBody = (sourceAmount) => ({
  dAppID: "remote-solver-test",
  intentExecutionTypes: ["SELF_PUBLISH"],
  quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: BASE_USDC, destinationToken: OPTIMISM_USDC, sourceAmount, funder: FUNDER, recipient: RECIPIENT },
});

let stub, stubUrl;
const asked = [];
const temp = tempDir("sr-remote-solvers-");
// How the stub answers: "price" (below), or one of the failures a remote solver can show.
let stubMode = "price";
const STUB_TIMEOUT_MS = 5000;
const FAILURES = {
  refuses: (res) => res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: "maintenance" })),
  // Never answers: the worker's wait ends at the solver's timeoutMs.
  hangs: () => {},
  garbage: (res) => res.writeHead(200, { "content-type": "application/json" }).end("{\"amountOut\": 99"),
  "wrong shape": (res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ amountOut: "-5", estimatedFulfillTimeSec: 30, validUntil: 1, extra: true })),
};

// The stub keeps 1% (exact-in: delivers 99% of the reward; exact-out: wants 101% of the delivery),
// and holds its price for ten minutes.
before(async () => {
  stub = http.createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const body = JSON.parse(text);
      asked.push(body);
      if (stubMode !== "price") return FAILURES[stubMode](res);
      const validUntil = Math.floor(Date.now() / 1000) + 600;
      const answer = body.type === "exact-out"
        ? { amountIn: ((BigInt(body.destination.amount) * 101n) / 100n).toString(), estimatedFulfillTimeSec: 30, validUntil }
        : { amountOut: ((BigInt(body.source.amount) * 99n) / 100n).toString(), estimatedFulfillTimeSec: 30, validUntil };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise((r) => stub.listen(0, "127.0.0.1", r));
  stubUrl = `http://127.0.0.1:${stub.address().port}/quote`;
});

after(() => {
  stub.closeAllConnections();
  stub.close();
  temp.remove();
});

/** A bundle of config/local with `solvers` in place of its own (SR_LOCAL_CHAINS_DIR overlay). */
function bundleWithSolvers(name, solvers) {
  const dir = join(temp.dir, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "chains.json"), JSON.stringify(readConfig("local", "chains")));
  writeFileSync(join(dir, "tokens.json"), JSON.stringify(readConfig("local", "tokens")));
  writeFileSync(join(dir, "solvers.json"), JSON.stringify(solvers));
  return buildBundle({ env: { SR_LOCAL_CHAINS_DIR: dir } });
}

describe("one remote solver: legacy quotes ask it through the worker", () => {
  let bundleDir, persist, worker;
  before(async () => {
    const usdc = (chainId) => ({ chainId, symbol: "USDC" });
    bundleDir = bundleWithSolvers("remote", [
      {
        id: "stub-remote",
        name: "Stub remote solver",
        routes: [{ sources: [usdc(8453)], destinations: [usdc(10)] }],
        inventory: [{ chainId: 10, symbol: "USDC", amount: "1000000000000" }],
        feeBps: 0,
        fixedFee: "0",
        minAmount: "1000000",
        maxAmount: "1000000000000",
        estimatedFulfillTimeSec: 30,
        fillWindowSec: null,
        url: stubUrl,
        timeoutMs: STUB_TIMEOUT_MS,
      },
    ]);
    persist = tempDir("sr-remote-state-");
    worker = await startWorker({ bundleDir, persistDir: persist.dir });
  });
  after(async () => {
    await worker?.dispose();
    persist?.remove();
    if (bundleDir) removeBundle(bundleDir);
  });

  test("exactIn: one entry, the remote solver's price, its request built from the legacy one", async () => {
    const before = asked.length;
    const res = await worker.fetch("/api/v3/quotes/exactIn", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(legacyBody("50000000")) });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(asked.length, before + 1);
    const request = asked.at(-1);
    assert.equal(request.type, "exact-in");
    assert.deepEqual(request.source, { chainId: 8453, token: BASE_USDC, amount: "50000000" });
    assert.equal(body.data.length, 1);
    const [entry] = body.data;
    assert.equal(entry.solverID, "stub-remote");
    assert.equal(entry.receiveSignedIntentUrl, "http://127.0.0.1:8787/v1/gasless/permit3");
    assert.equal(entry.quoteData.quoteResponse.estimatedFulfillTimeSec, 30);
    // Keyless: no partner fee; what the solver's route delivers arrives whole (no slippage).
    assert.equal(entry.quoteData.quoteResponse.destinationAmount, "49500000");
  });

  test("exactOut: the remote solver is asked for the delivery, the entry locks what it wants", async () => {
    const res = await worker.fetch("/api/v3/quotes/exactOut", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(legacyBody("20000000")) });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    const request = asked.at(-1);
    assert.equal(request.type, "exact-out");
    assert.equal(request.destination.amount, "20000000");
    const response = body.data[0].quoteData.quoteResponse;
    assert.equal(response.destinationAmount, "20000000");
    assert.ok(BigInt(response.sourceAmount) >= 20_200_000n, response.sourceAmount);
  });

  test("the solver refuses, times out or answers garbage: 502 solver-error (no-answer), and the worker goes on serving", async () => {
    const v1Body = { type: "exact-in", source: { chainId: 8453, token: BASE_USDC, amount: "50000000", funder: FUNDER }, destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT }, dappId: "remote-solver-test" };
    const ask = {
      v1: () => worker.fetch("/v1/quotes", { method: "POST", key: DEV_KEYS.acme, headers: JSON_HEADERS, body: JSON.stringify(v1Body) }),
      legacy: () => worker.fetch("/api/v3/quotes/exactIn", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(legacyBody("50000000")) }),
    };
    try {
      for (const mode of Object.keys(FAILURES)) {
        stubMode = mode;
        for (const [api, send] of Object.entries(ask)) {
          const before = asked.length;
          const res = await send();
          const body = await res.json();
          assert.equal(res.status, 502, `${mode}, ${api}: ${JSON.stringify(body)}`);
          assert.equal(body.code, "solver-error");
          assert.match(body.detail, /^no-answer:/, `${mode}, ${api}`);
          assert.equal(asked.length, before + 1, `${mode}, ${api}: the solver was asked once`);
        }
      }
      // Each failure was logged with its reason, nothing else went wrong in the worker.
      const reasons = worker.output().split("\n").filter((l) => l.includes('"solver-no-answer"')).map((l) => JSON.parse(l.slice(l.indexOf("{"))).reason);
      for (const reason of ["HTTP 503", "timeout"]) assert.ok(reasons.includes(reason), `${reason} in ${JSON.stringify(reasons)}`);
    } finally {
      stubMode = "price";
    }
    const res = await ask.v1();
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.solver.id, "stub-remote");
  });
});

describe("no solver (production's solvers.json as shipped): 502 solver-error", () => {
  let bundleDir, persist, worker;
  before(async () => {
    bundleDir = bundleWithSolvers("none", readConfig("production", "solvers"));
    persist = tempDir("sr-nosolver-state-");
    worker = await startWorker({ bundleDir, persistDir: persist.dir });
  });
  after(async () => {
    await worker?.dispose();
    persist?.remove();
    if (bundleDir) removeBundle(bundleDir);
  });

  test("legacy exactIn and exactOut, and v1 quotes, answer 502 naming the missing solver", async () => {
    assert.deepEqual(readConfig("production", "solvers"), []);
    const answers = [
      await worker.fetch("/api/v3/quotes/exactIn", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(legacyBody("50000000")) }),
      await worker.fetch("/api/v3/quotes/exactOut", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(legacyBody("50000000")) }),
      await worker.fetch("/v1/quotes", {
        method: "POST",
        key: DEV_KEYS.acme,
        headers: JSON_HEADERS,
        body: JSON.stringify({ type: "exact-in", source: { chainId: 8453, token: BASE_USDC, amount: "50000000", funder: FUNDER }, destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT }, dappId: "remote-solver-test" }),
      }),
    ];
    for (const res of answers) {
      const body = await res.json();
      assert.equal(res.status, 502, JSON.stringify(body));
      assert.equal(body.code, "solver-error");
      assert.match(body.detail, /^no solver is configured in this deployment/);
      assert.match(body.detail, /docs\/solver-protocol\.md/);
    }
  });
});
