// The real worker bundle in workerd (Miniflare): routing, keys, limits, input rules, headers,
// CORS, the OpenAPI document, Durable Object persistence across restarts.
// Quote tests (signed quotes over HTTP, solver fan-out through the worker) come with the engine.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Wallet } from "ethers";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { buildBundle, DEV_KEYS, sendHeadOnly, startWorker, tempDir, workerDir } from "./harness.mjs";
import { contract, CONTRACT_PATH } from "./contract.mjs";
import { ecoViolations } from "./eco-v3-schemas.mjs";
import { limiterObjectName } from "../src/runtime/objects.js";

const MISSING_KEY_BODY = '{"Message":"User is not authorized to access this resource"}';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH = "0x" + "Ab".repeat(32);
const json = { "content-type": "application/json" };

let bundleDir;
let persist;
let worker;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-worker-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
});

async function problemOf(res, status, code) {
  assert.equal(res.status, status);
  assert.match(res.headers.get("content-type"), /^application\/problem\+json/);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).slice(0, 6), ["type", "title", "status", "code", "detail", "errors"]);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `urn:stableroutes:problem:${code}`);
  assert.ok(Array.isArray(body.errors));
  assert.equal(body.requestId, res.headers.get("x-request-id"));
  return body;
}

describe("rate limits", () => {
  // First in the file, so dev-key-slow's bucket is full when it starts.
  test("50 concurrent requests with dev-key-slow: exactly the bucket's allowance succeeds", async () => {
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.slow })),
    );
    const elapsedSec = (Date.now() - started) / 1000;
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    // burst 2, refilling 1/s: the allowance is 2 plus what refilled while the Durable Object
    // served the batch, a window no longer than what the client measured (so exactly 2 when
    // the batch takes under a second, as it does on an idle machine).
    assert.equal(ok.length + limited.length, 50);
    assert.ok(ok.length >= 2 && ok.length <= 2 + Math.floor(elapsedSec), `${ok.length} succeeded in ${elapsedSec}s`);
    for (const r of limited) {
      assert.ok(Number(r.headers.get("retry-after")) >= 1);
      assert.equal(r.headers.get("ratelimit-limit"), "2");
      assert.equal(r.headers.get("ratelimit-remaining"), "0");
      await problemOf(r, 429, "rate-limited");
    }
    for (const r of ok) assert.equal(r.headers.get("ratelimit-limit"), "2");
  });

  test("every keyed response carries RateLimit-* and the remaining count falls", async () => {
    const a = await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.acme });
    const b = await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.acme });
    assert.equal(a.headers.get("ratelimit-limit"), "4000");
    assert.ok(Number(b.headers.get("ratelimit-remaining")) < 4000);
    assert.ok(Number(b.headers.get("ratelimit-remaining")) <= Number(a.headers.get("ratelimit-remaining")));
    assert.match(a.headers.get("ratelimit-reset"), /^\d+$/);
    // Errors after authentication carry them too.
    const bad = await worker.fetch("/v1/intents/status?intentHash=0x12", { key: DEV_KEYS.acme });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get("ratelimit-limit"), "4000");
  });

  test("a bucket's object never has more than the burst out at once, leased tokens included", async () => {
    // Two isolates leasing from one bucket, driven directly: the unspent part of a lease still
    // counts against the bucket's refill until it expires (docs/security.md).
    const ns = await worker.mf.getDurableObjectNamespace("RATE_LIMITER");
    const bucket = ns.get(ns.idFromName("test:lease-cap"));
    const limit = { ratePerSec: 1000, burst: 100 };
    const first = await bucket.take(limit, 60, false);
    assert.equal(first.granted, 60);
    // Long enough for the bucket alone to refill completely, well within the lease's life.
    await new Promise((r) => setTimeout(r, 60));
    const second = await bucket.take(limit, 100, false);
    assert.equal(second.granted, 40);
    assert.equal((await bucket.peek()).leased, 100);
    // Once the leases expire the bucket refills to the full burst again.
    await new Promise((r) => setTimeout(r, 700));
    assert.equal((await bucket.peek()).leased, 0);
    assert.equal((await bucket.take(limit, 1000, true)).granted, 100);
  });

  describe("leases (keyless buckets at 10/s, burst 20, a 1 s lease window: 10 tokens a lease)", () => {
    const bindings = { KEYLESS_RATE_PER_SEC: "10", KEYLESS_BURST: "20", RATE_LIMIT_LEASE_MS: "1000" };
    let state;
    let w;
    before(async () => {
      state = tempDir("sr-worker-state-lease-");
      w = await startWorker({ bundleDir, persistDir: state.dir, bindings });
    });
    after(async () => {
      await w?.dispose();
      state?.remove();
    });
    const health = (ip) => w.mf.dispatchFetch("http://api.stableroutes.test/health", { headers: { "cf-connecting-ip": ip } });
    const peek = async (ip) => {
      const ns = await w.mf.getDurableObjectNamespace("RATE_LIMITER");
      // The client's read bucket, a row of one of the limiter pool's objects (runtime/objects.js).
      const bucket = `net:read:ipv4:${ip}`;
      return JSON.parse(JSON.stringify(await ns.get(ns.idFromName(limiterObjectName(bucket))).peek(bucket)));
    };

    test("60 concurrent requests through one isolate: at most the burst (plus the refill) succeeds", async () => {
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: 60 }, () => health("203.0.113.1")));
      const elapsedSec = (Date.now() - started) / 1000;
      const ok = responses.filter((r) => r.status === 200).length;
      assert.equal(ok + responses.filter((r) => r.status === 429).length, 60);
      assert.ok(ok <= 20 + Math.floor(10 * elapsedSec), `${ok} succeeded in ${elapsedSec}s`);
      // The object hands out its 20 in leases of 10 and single tokens, and the requests waiting
      // for a lease spend it: 20 unless a lease expired unspent on a very slow machine.
      assert.ok(ok >= 11, `${ok} succeeded`);
      const { counts } = await peek("203.0.113.1");
      assert.ok(counts.leased >= 9, JSON.stringify(counts));
      // Admissions never exceed what the object granted.
      assert.ok(ok <= counts.granted, `${ok} admitted, ${counts.granted} granted`);
      for (const r of responses.filter((r) => r.status === 429)) {
        assert.ok(Number(r.headers.get("retry-after")) >= 1);
        await problemOf(r, 429, "rate-limited");
      }
    });

    test("requests spend the lease without calling the object; Remaining counts the lease", async () => {
      const remaining = [];
      for (let i = 0; i < 4; i++) {
        const r = await health("203.0.113.2");
        assert.equal(r.status, 200);
        remaining.push(Number(r.headers.get("ratelimit-remaining")));
      }
      const { counts, leased } = await peek("203.0.113.2");
      // One call leased 10 (the first request spent one); three more requests spent the lease.
      assert.deepEqual(counts, { calls: 1, granted: 10, leased: 9 });
      assert.equal(leased, 9);
      // The object's 10 after the grant, plus the lease left: 9, 8, 7, 6.
      assert.deepEqual(remaining, [19, 18, 17, 16]);
    });

    test("leased tokens expire: unspent ones are dropped, and the next request leases anew", async () => {
      await new Promise((r) => setTimeout(r, 700));
      assert.equal((await peek("203.0.113.2")).leased, 0);
      assert.equal((await health("203.0.113.2")).status, 200);
      const { counts, leased } = await peek("203.0.113.2");
      // Had the isolate kept its 6 unspent tokens, this request would have spent one of them
      // and at most refilled in the background (a lease of 10, none spent: leased 10).
      assert.equal(counts.calls, 2);
      assert.equal(counts.granted, 20);
      assert.equal(leased, 9);
    });
  });
});

describe("keys", () => {
  for (const path of ["/v1/chains", "/v1/tokens", `/v1/intents/status?intentHash=${HASH}`]) {
    test(`missing key on ${path}: 403 with the exact gateway body`, async () => {
      const res = await worker.fetch(path);
      assert.equal(res.status, 403);
      assert.equal(await res.text(), MISSING_KEY_BODY);
      assert.match(res.headers.get("x-request-id"), UUID);
      assert.equal(res.headers.get("x-schema-version"), contract.info.version);
      assert.equal(res.headers.get("access-control-allow-origin"), null);
    });
  }

  test("an empty x-api-key counts as missing", async () => {
    const res = await worker.fetch("/v1/chains", { headers: { "x-api-key": "" } });
    assert.equal(res.status, 403);
    assert.equal(await res.text(), MISSING_KEY_BODY);
  });

  test("missing key on POST /v1/quotes is refused before the body is read", async () => {
    const res = await worker.fetch("/v1/quotes", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    assert.equal(res.status, 403);
    assert.equal(await res.text(), MISSING_KEY_BODY);
  });

  for (const [name, key] of [["unknown", "dev-key-nope"], ["revoked", DEV_KEYS.revoked], ["not v1-enabled", DEV_KEYS.v0], ["a known key in other case", "DEV-KEY-ACME"]]) {
    test(`${name} key: 401 invalid-api-key, without echoing the key`, async () => {
      const res = await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key });
      const text = await res.clone().text();
      const body = await problemOf(res, 401, "invalid-api-key");
      assert.ok(!text.includes(key.trim()), "the key must not be echoed");
      assert.equal(res.headers.get("ratelimit-limit"), null);
      assert.match(body.detail, /unknown, revoked, or not enabled/);
    });
  }

  test("dev-key-unmapped is a valid v1 key", async () => {
    const res = await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.unmapped });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("ratelimit-limit"), "100");
  });
});

describe("key features (decided by the core)", () => {
  const quoteBody = (options) => JSON.stringify({
    type: "exact-in", dappId: "key-features",
    source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    ...(options ? { options } : {}),
  });
  const quote = (key, options) => worker.fetch("/v1/quotes", { method: "POST", key, headers: json, body: quoteBody(options) });

  test("options.allQuotes without the all-quotes feature: 400 naming options.allQuotes", async () => {
    const body = await problemOf(await quote(DEV_KEYS.basic, { allQuotes: true }), 400, "invalid-request");
    assert.deepEqual(body.errors.map((e) => e.field), ["options.allQuotes"]);
    assert.match(body.detail, /all-quotes/);
  });

  test("a key without the quotes feature: 403 feature-not-enabled, and it still reads chains and statuses", async () => {
    const body = await problemOf(await quote(DEV_KEYS.status), 403, "feature-not-enabled");
    assert.match(body.detail, /quotes/);
    assert.equal((await worker.fetch("/v1/chains", { key: DEV_KEYS.status })).status, 200);
    assert.equal((await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.status })).status, 200);
  });

  test("the same key quotes without allQuotes; a key with the feature gets competing quotes", async () => {
    const plain = await quote(DEV_KEYS.basic);
    assert.equal(plain.status, 200, await plain.clone().text());
    assert.equal((await plain.json()).competingQuotes, null);
    const all = await quote(DEV_KEYS.acme, { allQuotes: true });
    assert.equal(all.status, 200, await all.clone().text());
    assert.ok(Array.isArray((await all.json()).competingQuotes));
  });

  for (const [method, path] of [["POST", "/v1/gasless/permit3"], ["POST", "/v1/gasless/permit2"], ["POST", "/v1/gasless/erc3009"], ["GET", "/v1/gasless/jobs?quoteId=7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d"], ["GET", "/v1/gasless/jobs/job:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d"]]) {
    test(`${method} ${path.split("?")[0]} without the gasless feature: 403 feature-not-enabled`, async () => {
      const init = method === "POST" ? { method, key: DEV_KEYS.basic, headers: json, body: "{}" } : { key: DEV_KEYS.basic };
      const res = await worker.fetch(path, init);
      const body = await problemOf(res, 403, "feature-not-enabled");
      assert.match(body.detail, /gasless/);
      assert.ok(res.headers.get("ratelimit-limit"), "the key's bucket still answers");
    });
  }
});

describe("intent status (no records until status is derived from chain events)", () => {
  test("an intentHash answers 200 unknown, lowercased, with every transaction null", async () => {
    const res = await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.acme });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-schema-version"), contract.info.version);
    assert.deepEqual(await res.json(), {
      intentHash: HASH.toLowerCase(),
      status: "unknown",
      sourceChainId: null,
      destinationChainId: null,
      updatedAt: null,
      transactions: { published: null, funded: null, fulfilled: null, proven: null, withdrawn: null, refunded: null },
      refund: null,
      reason: null,
      final: false,
    });
  });

  test("a bare quote UUID answers 200 unknown", async () => {
    const res = await worker.fetch("/v1/intents/status?quoteId=7d1f6a52-3b2c-4e8f-9a10-2b3c4d5e6f70", { key: DEV_KEYS.acme });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, "unknown");
  });

  for (const [query, field, pattern] of [
    ["", "intentHash", /intentHash .*, quoteId .* or transactionHash/],
    ["?intentHash=0x1234", "intentHash", /64 hex/],
    [`?intentHash=${"ab".repeat(32)}`, "intentHash", /0x followed by 64/],
    [`?intentHash=0x${"g".repeat(64)}`, "intentHash", /64 hex/],
    ["?quoteId=quote:7d1f6a52-3b2c-4e8f-9a10-2b3c4d5e6f70", "quoteId", /without the quote: prefix/],
    ["?quoteId=not-a-uuid", "quoteId", /UUID/],
    [`?intentHash=${HASH}&quoteId=7d1f6a52-3b2c-4e8f-9a10-2b3c4d5e6f70`, "quoteId", /not several/],
    [`?transactionHash=0x1234`, "transactionHash", /64 hex/],
    [`?transactionHash=${HASH}&intentHash=${HASH}`, "transactionHash", /not several/],
    [`?transactionHash=${HASH}&chainId=0x7a69`, "chainId", /positive decimal/],
    [`?intentHash=${HASH}&chainId=31337`, "chainId", /needs transactionHash/],
  ]) {
    test(`status${query || " without parameters"}: 400 naming ${field}`, async () => {
      const body = await problemOf(await worker.fetch(`/v1/intents/status${query}`, { key: DEV_KEYS.acme }), 400, "invalid-request");
      assert.equal(body.errors[0].field, field);
      assert.match(body.errors[0].message, pattern);
    });
  }
});

describe("request bodies", () => {
  const post = (body, headers = json, path = "/v1/quotes") => worker.fetch(path, { method: "POST", key: DEV_KEYS.acme, headers, body });
  // Past the body rules, the engine judges the fields; it never rejects "body" as a whole.
  const assertBodyAccepted = async (res) => {
    assert.ok(![413, 415].includes(res.status), `status ${res.status}`);
    if (res.status === 400) assert.ok(!(await res.json()).errors.some((e) => e.field === "body"));
  };

  test("POST without a JSON content type: 415", async () => {
    await problemOf(await post("{}", { "content-type": "text/plain" }), 415, "unsupported-media-type");
    await problemOf(await post("{}", {}), 415, "unsupported-media-type");
    await problemOf(await post("{}", { "content-type": "application/json; charset=latin1" }), 415, "unsupported-media-type");
  });

  for (const path of ["/v1/quotes", "/api/v3/quotes/exactIn"]) {
    test(`a declared Content-Length over 64 KiB on ${path}: 413 before any body byte arrives`, async () => {
      const res = await sendHeadOnly(worker.base, "POST", path, { "x-api-key": DEV_KEYS.acme, "content-type": "application/json", "content-length": String(64 * 1024 + 1) });
      assert.equal(res.status, 413);
      assert.match(res.headers["content-type"], /^application\/problem\+json/);
      const body = JSON.parse(res.body);
      assert.equal(body.code, "payload-too-large");
      assert.equal(body.requestId, res.headers["x-request-id"]);
    });
  }

  test("a streamed body without Content-Length that grows past 64 KiB: 413", async () => {
    // Just over the limit, so the client has sent everything before the worker answers and
    // stops reading (a larger body would race the early answer with a connection reset).
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(" ".repeat(64 * 1024 + 1)));
        c.close();
      },
    });
    const res = await worker.fetch("/v1/quotes", { method: "POST", key: DEV_KEYS.acme, headers: json, body: stream, duplex: "half" });
    await problemOf(res, 413, "payload-too-large");
  });

  test("exactly 64 KiB passes the size limit", async () => {
    const prefix = '{"dappId":"size-probe","pad":"';
    const body = prefix + "x".repeat(64 * 1024 - prefix.length - 2) + '"}';
    assert.equal(body.length, 64 * 1024);
    await assertBodyAccepted(await post(body));
  });

  test("malformed JSON: 400 naming line, column and offset", async () => {
    const body = await problemOf(await post('{\n  "type": "exact-in",\n  "source": {"chainId": 1,}\n}'), 400, "invalid-request");
    assert.match(body.detail, /line 3, column 27 \(offset 50\)/);
    assert.equal(body.errors[0].field, "body");
  });

  test("truncated JSON and trailing garbage name their positions", async () => {
    assert.match((await problemOf(await post('{"a": [1, 2'), 400, "invalid-request")).detail, /line 1, column 12 .*end of input/);
    assert.match((await problemOf(await post('{"a": 1} x'), 400, "invalid-request")).detail, /line 1, column 10 .*after the JSON value/);
  });

  test("nesting deeper than 64 levels: 400; 64 levels parse", async () => {
    const deep = (n) => "[".repeat(n) + "]".repeat(n);
    const body = await problemOf(await post(deep(65)), 400, "invalid-request");
    assert.match(body.detail, /nesting deeper than 64/);
    await assertBodyAccepted(await post(`{"dappId":"depth-probe","x":${deep(63)}}`));
  });

  test("an empty body and invalid UTF-8: 400", async () => {
    assert.match((await problemOf(await post(""), 400, "invalid-request")).detail, /empty/);
    assert.match((await problemOf(await post(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])), 400, "invalid-request")).detail, /UTF-8/);
  });

  test("legacy endpoints apply the same rules without a key", async () => {
    const res = await worker.fetch("/api/v3/quotes/exactOut", { method: "POST", headers: json, body: "{" });
    await problemOf(res, 400, "invalid-request");
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    await problemOf(await worker.fetch("/api/v3/intents/intentStatus", { method: "POST", body: "{}" }), 415, "unsupported-media-type");
  });
});

// Eco's quotes API, served keyless. Every /api/v3 answer below is also held by the harness to
// Eco's published schemas (eco-v3-schemas.mjs); these tests say what the fields hold.
describe("legacy v3 as Eco publishes it", () => {
  const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  const OPTIMISM_USDC = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
  const FUNDER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  const RECIPIENT = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  const envelope = (extra = {}) => ({
    dAppID: "worker-test",
    intentExecutionTypes: ["SELF_PUBLISH"],
    quoteRequest: { sourceChainID: 8453, destinationChainID: 10, sourceToken: BASE_USDC, destinationToken: OPTIMISM_USDC, sourceAmount: "50000000", funder: FUNDER, recipient: RECIPIENT },
    ...extra,
  });
  const post = (path, body) => worker.fetch(path, { method: "POST", headers: json, body: JSON.stringify(body) });

  test("every request these tests send is valid by Eco's request schemas", () => {
    for (const body of [envelope(), envelope({ intentExecutionTypes: ["GASLESS"] })]) assert.deepEqual(ecoViolations("QuotesRequestV3DTO", body), []);
    assert.deepEqual(ecoViolations("IntentStatusRequestV3DTO", { intentHash: HASH }), []);
  });

  for (const path of ["/api/v3/quotes/exactIn", "/api/v3/quotes/exactOut"]) {
    test(`${path}: every entry is Eco's SolverQuoteV2ResponseDTO, receiveSignedIntentUrl the gasless endpoint of the source token`, async () => {
      const res = await post(path, envelope());
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.ok(body.data.length >= 2, "the local simulations compete on Base USDC -> Optimism USDC");
      assert.deepEqual(ecoViolations("QuotesResponseV3DTO", body), []);
      for (const entry of body.data) {
        // config/local/service.json baseUrl; Base USDC lists permit3 first.
        assert.equal(entry.receiveSignedIntentUrl, "http://127.0.0.1:8787/v1/gasless/permit3");
        assert.equal(entry.quoteData.quoteResponse.intentExecutionType, "SELF_PUBLISH");
        assert.ok(entry.quoteData.quoteResponse.fees.every((fee) => typeof fee.description === "string" && fee.description.length > 0));
      }
      // The in-process price models say what they are wherever a quote names them.
      const v1 = await (await worker.fetch("/v1/quotes", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ type: "exact-in", source: { chainId: 8453, token: BASE_USDC, amount: "50000000", funder: FUNDER }, destination: { chainId: 10, token: OPTIMISM_USDC, recipient: RECIPIENT }, dappId: "worker-test" }) })).json();
      assert.match(v1.solver.name, / \(simulation\)$/);
    });
  }

  test('intentExecutionTypes ["GASLESS"] (in Eco\'s enum): 400 naming the field, the detail pointing to /v1/gasless', async () => {
    for (const types of [["GASLESS"], ["SELF_PUBLISH", "GASLESS"]]) {
      const body = await problemOf(await post("/api/v3/quotes/exactOut", envelope({ intentExecutionTypes: types })), 400, "invalid-request");
      assert.deepEqual(body.errors.map((e) => e.field), ["intentExecutionTypes"]);
      assert.match(body.detail, /\/v1\/gasless/);
    }
  });

  test("intentStatus of an identifier the chain has not shown created: 404 not-found", async () => {
    for (const query of [{ intentHash: HASH }, { intentCreatedHash: HASH }, { fulfillmentHash: HASH }]) {
      await problemOf(await post("/api/v3/intents/intentStatus", query), 404, "not-found");
    }
  });
});

describe("quote registration never waits on the status shards", () => {
  test("a lookup right after a quote answers 200 unknown or pending, then pending by quoteId and intentHash", async () => {
    const res = await worker.fetch("/v1/quotes", {
      method: "POST",
      key: DEV_KEYS.acme,
      headers: json,
      body: JSON.stringify({
        type: "exact-in", dappId: "status-after-quote",
        source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
      }),
    });
    const quote = await res.json();
    assert.equal(res.status, 200, JSON.stringify(quote));
    const quoteId = quote.id.slice("quote:".length);
    const lookups = await Promise.all([`quoteId=${quoteId}`, `intentHash=${quote.intentHash}`].map(async (q) => {
      const answer = await worker.fetch(`/v1/intents/status?${q}`, { key: DEV_KEYS.acme });
      assert.equal(answer.status, 200);
      return answer.json();
    }));
    for (const body of lookups) assert.ok(["unknown", "pending"].includes(body.status), JSON.stringify(body));
    const deadline = Date.now() + 5_000;
    for (const q of [`quoteId=${quoteId}`, `intentHash=${quote.intentHash}`]) {
      let body;
      do {
        body = await (await worker.fetch(`/v1/intents/status?${q}`, { key: DEV_KEYS.acme })).json();
      } while (body.status === "unknown" && Date.now() < deadline && (await new Promise((r) => setTimeout(r, 50)), true));
      assert.equal(body.status, "pending", `${q}: ${JSON.stringify(body)}`);
      assert.equal(body.intentHash, quote.intentHash);
    }
  });
});

describe("quote ids find their delivery intents (registered with their records, one shard call per quote)", () => {
  const quote = async (body) => {
    const res = await worker.fetch("/v1/quotes", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
    const q = await res.json();
    assert.equal(res.status, 200, JSON.stringify(q));
    return q;
  };
  /** The status by quote id once registered (polled for up to 5 s). */
  const byQuoteId = async (id) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const body = await (await worker.fetch(`/v1/intents/status?quoteId=${id.slice("quote:".length)}`, { key: DEV_KEYS.acme })).json();
      if (body.status !== "unknown" || Date.now() > deadline) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  test("every competing quote's id answers its own intent", async () => {
    const q = await quote({
      type: "exact-in", dappId: "ids-competing", options: { allQuotes: true },
      source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "100000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    });
    assert.ok(q.competingQuotes.length >= 1);
    for (const each of [q, ...q.competingQuotes]) {
      const status = await byQuoteId(each.id);
      assert.equal(status.status, "pending", JSON.stringify(status));
      assert.equal(status.intentHash, each.intentHash);
    }
  });

  test("a multi-hop quote's id answers its delivery intent, whose shard holds the id", async () => {
    const q = await quote({
      type: "exact-in", dappId: "ids-multi-hop",
      source: { chainId: 137, token: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", amount: "100000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 1399811149, token: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", recipient: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" },
    });
    assert.equal(q.intentHash, null);
    const delivery = q.steps.flatMap((s) => s.intents).find((i) => i.role === "stitched-destination");
    assert.equal(q.id.slice(6, 8), delivery.intentHash.slice(2, 4));
    const status = await byQuoteId(q.id);
    assert.equal(status.intentHash, delivery.intentHash, JSON.stringify(status));
  });

  test("a quote id needs no row: the quote writes its record's row only (its owner a column of it), and an id stored in a row before still answers", async () => {
    const ns = await worker.mf.getDurableObjectNamespace("INTENT_SHARDS");
    const shardOf = (hash) => ns.get(ns.idFromName(`shard:${hash.slice(2, 4)}`));
    const everyShard = () => Promise.all(Array.from({ length: 256 }, (_, i) => shardOf(`0x${i.toString(16).padStart(2, "0")}`).stats()));
    const written = (stats) => stats.reduce((sum, s) => { for (const [t, n] of Object.entries(s.rowsWritten)) sum[t] = (sum[t] ?? 0) + n; return sum; }, {});
    const before = written(await everyShard());
    const q = await quote({
      type: "exact-in", dappId: "ids-rows",
      source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "30000000", funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    });
    const id = q.id.slice("quote:".length);
    assert.equal((await byQuoteId(q.id)).intentHash, q.intentHash);
    // The id starts with the intent hash's first 6 bytes (its shard, and the range of its record).
    assert.equal(id.replace(/-/g, "").slice(0, 12), q.intentHash.slice(2, 14));
    assert.deepEqual((await shardOf(q.intentHash).expiries({ intentHash: q.intentHash, quoteId: id })).quote, null);
    // SQLite's own count, index rows included: the record's row alone (in the WITHOUT ROWID table
    // of its expiry's hour: no index row), the webhook owner a column of it; no quote-id row, no
    // owner row. Creating that hour's table, once per shard and hour, is schema, counted apart.
    const after = await everyShard();
    const rows = written(after);
    const { schema = 0, ...delta } = Object.fromEntries(Object.keys(rows).map((t) => [t, rows[t] - (before[t] ?? 0)]).filter(([, n]) => n !== 0));
    assert.deepEqual(delta, { record_until: 1 });
    assert.ok(schema <= 3, `schema rows ${schema}`);
    assert.ok((await shardOf(q.intentHash).stats()).owners >= 1);

    // A quote id stored in a row by the code before (random after its first byte) still answers.
    const hash = `${q.intentHash.slice(0, 4)}${"ab".repeat(31)}`;
    const oldId = `${q.intentHash.slice(2, 4)}${crypto.randomUUID().slice(2)}`;
    const now = Math.floor(Date.now() / 1000);
    const record = {
      intentHash: hash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now + 600, rewardDeadline: now + 3600, role: "direct", quoteId: oldId,
      fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"].map((t) => [t, null])),
    };
    await shardOf(hash).register({ [hash]: record }, null, { quoteId: oldId, deliveryIntentHash: hash });
    assert.equal((await shardOf(hash).expiries({ quoteId: oldId })).quote.intentHash, hash);
    const old = await byQuoteId(`quote:${oldId}`);
    assert.equal(old.status, "pending", JSON.stringify(old));
    assert.equal(old.intentHash, hash);
  });
});

describe("request id, schema version, routing", () => {
  test("a sane client x-request-id is echoed, in headers and in problems", async () => {
    const id = "client-Req_1.2";
    const res = await worker.fetch("/v1/intents/status?intentHash=0x", { key: DEV_KEYS.acme, headers: { "x-request-id": id } });
    assert.equal(res.headers.get("x-request-id"), id);
    assert.equal((await res.json()).requestId, id);
    const missing = await worker.fetch("/v1/chains", { headers: { "x-request-id": id } });
    assert.equal(missing.headers.get("x-request-id"), id);
  });

  for (const [name, id] of [["too long", "a".repeat(129)], ["with a space", "abc def"], ["with a newline-like character", "abc%0d"], ["with a quote", 'a"b']]) {
    test(`an x-request-id ${name} is replaced by a fresh one`, async () => {
      const res = await worker.fetch("/health", { headers: { "x-request-id": id } });
      assert.match(res.headers.get("x-request-id"), UUID);
    });
  }

  test("generated request ids differ between requests", async () => {
    const a = (await worker.fetch("/health")).headers.get("x-request-id");
    const b = (await worker.fetch("/health")).headers.get("x-request-id");
    assert.notEqual(a, b);
  });

  test("unknown paths: 404 not-found with the v1 schema version under /v1", async () => {
    const res = await worker.fetch("/v1/nope", { key: DEV_KEYS.acme });
    await problemOf(res, 404, "not-found");
    assert.equal(res.headers.get("x-schema-version"), contract.info.version);
    await problemOf(await worker.fetch("/v1/%zz"), 404, "not-found");
  });

  test("a wrong method on a known path: 405 with Allow", async () => {
    const res = await worker.fetch("/v1/quotes", { key: DEV_KEYS.acme });
    await problemOf(res, 405, "method-not-allowed");
    assert.equal(res.headers.get("allow"), "POST");
  });

  test("odd requests never produce a 5xx", async () => {
    const requests = [
      ["/v1/intents/status?intentHash=%FF%FE", { key: DEV_KEYS.acme }],
      ["/v1/intents/status?quoteId=" + "a".repeat(5000), { key: DEV_KEYS.acme }],
      ["/v1/chains", { headers: { "x-api-key": "k".repeat(8000) } }],
      ["/v1/chains", { method: "DELETE", key: DEV_KEYS.acme }],
      ["/api/v3/quotes/exactOut", { method: "PUT" }],
      ["//v1//chains", {}],
      ["/v1/intents/status?intentHash[]=1", { key: DEV_KEYS.acme }],
    ];
    for (const [path, init] of requests) {
      const res = await worker.fetch(path, init);
      assert.ok(res.status < 500, `${path}: ${res.status}`);
      assert.ok(res.headers.get("x-request-id"));
    }
  });
});

describe("CORS", () => {
  test("keyless endpoints allow cross-origin reads", async () => {
    for (const path of ["/health", "/openapi.json"]) {
      const res = await worker.fetch(path, { headers: { origin: "https://dapp.example" } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("access-control-allow-origin"), "*");
      assert.match(res.headers.get("access-control-expose-headers"), /x-request-id/);
    }
  });

  test("the keyless status stream's preflight allows Last-Event-ID (a reconnecting fetch sends it)", async () => {
    const res = await worker.fetch("/v1/public/intents/stream", {
      method: "OPTIONS",
      headers: { origin: "https://dapp.example", "access-control-request-method": "GET", "access-control-request-headers": "last-event-id" },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-allow-headers"), /last-event-id/);
  });

  test("keyless preflight is answered with allow headers", async () => {
    const res = await worker.fetch("/api/v3/quotes/exactOut", {
      method: "OPTIONS",
      headers: { origin: "https://dapp.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-allow-methods"), /POST/);
    assert.match(res.headers.get("access-control-allow-headers"), /content-type/);
  });

  test("keyed endpoints send no permissive CORS headers, also on preflight and errors", async () => {
    const checks = [
      await worker.fetch(`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.acme, headers: { origin: "https://dapp.example" } }),
      await worker.fetch("/v1/chains", { headers: { origin: "https://dapp.example" } }),
      await worker.fetch("/v1/quotes", { method: "OPTIONS", headers: { origin: "https://dapp.example", "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" } }),
    ];
    for (const res of checks) {
      for (const h of ["access-control-allow-origin", "access-control-allow-headers", "access-control-allow-methods", "access-control-allow-credentials"]) {
        assert.equal(res.headers.get(h), null, `${h} on ${res.status}`);
      }
    }
    assert.equal(checks[2].status, 204);
  });
});

describe("service endpoints", () => {
  test("GET /health is keyless and reports the engine's cold start", async (t) => {
    const res = await worker.fetch("/health");
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.status, "ok");
    assert.equal(body.environment, "local");
    assert.equal(body.schemaVersion, contract.info.version);
    assert.equal(body.core.state, "ready", JSON.stringify(body.core));
    assert.ok(body.core.instantiateMs > 0 && body.core.constructMs > 0, JSON.stringify(body.core));
    t.diagnostic(`core.wasm instantiation in this isolate: ${body.core.instantiateMs} ms, Service ${body.core.constructMs} ms`);
  });

  test("GET /openapi.json is the repository's openapi.json, verbatim: a valid OpenAPI 3.1 document of every endpoint", async () => {
    const res = await worker.fetch("/openapi.json");
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.equal(text, readFileSync(CONTRACT_PATH, "utf8"));
    const doc = JSON.parse(text);
    assert.equal(doc.openapi, "3.1.0");
    // One document for every deployment: no development key, loopback address or partner name.
    assert.doesNotMatch(text, /dev-key|127\.0\.0\.1|localhost:|acme/);
    await SwaggerParser.validate(structuredClone(doc));
    const expected = {
      "/health": "get", "/openapi.json": "get", "/v1/chains": "get", "/v1/tokens": "get", "/v1/quotes": "post",
      "/v1/intents/status": "get", "/v1/gasless/permit3": "post", "/v1/gasless/permit2": "post", "/v1/gasless/erc3009": "post",
      "/v1/gasless/jobs": "get", "/v1/gasless/jobs/{jobId}": "get", "/v1/{partner}-gateway/deposit-addresses": "post",
      "/v1/{partner}-gateway/submit/erc-3009": "post", "/v1/{partner}-gateway/submit/erc-2612": "post", "/v1/{partner}-gateway/{vaultAddress}": "get",
      "/v1/{partner}-gateway/status": "get", "/api/v3/quotes/exactOut": "post", "/api/v3/quotes/exactIn": "post",
      "/api/v3/intents/intentStatus": "post", "/internal/chain-events": "post",
      "/v1/intents/stream": "get", "/v1/public/intents/stream": "get", "/v1/webhooks": ["post", "get"],
      "/v1/webhooks/{id}": "delete", "/v1/webhooks/{id}/deliveries": "get",
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const method of [methods].flat()) assert.ok(doc.paths[path]?.[method], `${method} ${path}`);
    }
    assert.deepEqual(doc.components.securitySchemes.apiKey, { type: "apiKey", in: "header", name: "x-api-key", description: doc.components.securitySchemes.apiKey.description });
    for (const name of ["ChainRecord", "TokenRecord", "QuoteRequest", "Quote", "Fee", "Step", "Intent", "Route", "Reward", "Execution", "EvmTransaction", "SvmTransaction", "GaslessJob", "Permit3Authorization", "Permit2Authorization", "Erc3009Authorization", "DepositAddress", "IntentStatus", "Problem", "IntentStatusStreamEvent", "WebhookEndpoint", "WebhookEndpointCreated", "WebhookDelivery", "WebhookPayload"]) {
      assert.ok(doc.components.schemas[name], name);
    }
    assert.deepEqual(doc.components.schemas.IntentStatusValue.enum, ["pending", "filled", "settled", "refundable", "expired", "refunded", "failed", "unknown"]);
    // Keyless endpoints say so; keyed ones inherit the apiKey requirement.
    assert.deepEqual(doc.paths["/v1/{partner}-gateway/deposit-addresses"].post.security, []);
    assert.deepEqual(doc.paths["/v1/quotes"].post.security, [{ apiKey: [] }]);
    // Streams are Server-Sent Events; the delivery a receiver gets is an OpenAPI 3.1 webhook.
    assert.deepEqual(doc.paths["/v1/public/intents/stream"].get.security, []);
    for (const path of ["/v1/intents/stream", "/v1/public/intents/stream"]) {
      assert.deepEqual(Object.keys(doc.paths[path].get.responses[200].content), ["text/event-stream"], path);
    }
    assert.ok(doc.webhooks["intent.status"].post.requestBody);
    assert.ok(doc.tags.some((t) => t.name === "Webhooks"));
  });

  test("npm run check:contract (a deployment's answers against openapi.json) passes on this worker", async () => {
    // Asynchronously: the worker may call back into this process (Miniflare's loopback).
    const run = await new Promise((resolve) => {
      execFile(process.execPath, [join(workerDir, "..", "scripts", "check-contract.mjs"), "--base", worker.base.href], { encoding: "utf8", timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^(\d+) answers checked against openapi.json, 0 failed$/m);
    assert.ok(Number(/^(\d+) answers/m.exec(run.stdout)[1]) >= 20, run.stdout);
  });

  test("the cron trigger runs the scheduled handler", async () => {
    const result = await (await worker.mf.getWorker()).scheduled({ cron: "* * * * *" });
    assert.equal(result.outcome, "ok");
  });
});

describe("chains and tokens (answered by the engine)", () => {
  const DEV_SIGNER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
  test("GET /v1/chains lists every chain with the local signer's address", async () => {
    const res = await worker.fetch("/v1/chains", { key: DEV_KEYS.acme });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-schema-version"), contract.info.version);
    assert.equal(res.headers.get("ratelimit-limit"), "4000");
    const text = await res.text();
    // The address, never the key it comes from (docs/security.md row 6), in any spelling.
    for (const spelling of [DEV_SIGNER_KEY.slice(2), DEV_SIGNER_KEY.slice(2).toUpperCase()]) assert.ok(!text.includes(spelling), "the answer carries the signer key");
    const { chains } = JSON.parse(text);
    // Every chain of the local configuration, each once.
    const configured = JSON.parse(readFileSync(join(workerDir, "..", "config", "local", "chains.json"), "utf8")).map((c) => c.chainId);
    assert.deepEqual(chains.map((c) => c.chainId).sort((a, b) => a - b), configured.sort((a, b) => a - b));
    const signer = new Wallet(DEV_SIGNER_KEY).address;
    for (const c of chains) {
      for (const k of ["chainId", "name", "vm", "portal", "prover", "permit2", "permit3", "vaultInitCodeHash", "quoteSigner", "nativeCurrency", "blockExplorerUrl"]) assert.ok(k in c, `${c.chainId} lacks ${k}`);
      assert.equal(c.quoteSigner, signer);
    }
  });

  test("GET /v1/tokens filters by chainId and rejects malformed ones", async () => {
    const all = (await (await worker.fetch("/v1/tokens", { key: DEV_KEYS.acme })).json()).tokens;
    const base = (await (await worker.fetch("/v1/tokens?chainId=8453", { key: DEV_KEYS.acme })).json()).tokens;
    assert.ok(base.length > 0 && base.length < all.length);
    assert.ok(base.every((tok) => tok.chainId === 8453));
    assert.deepEqual(base, all.filter((tok) => tok.chainId === 8453));
    const bad = await problemOf(await worker.fetch("/v1/tokens?chainId=abc", { key: DEV_KEYS.acme }), 400, "invalid-request");
    assert.equal(bad.errors[0].field, "chainId");
    await problemOf(await worker.fetch("/v1/tokens?chainId=999999", { key: DEV_KEYS.acme }), 422, "chain-not-supported");
  });
});

describe("logs", () => {
  test("a signed quote goes to the QUOTE_EVENTS dataset, not the log; a refused quote is logged", async () => {
    const body = (amount, dappId) => ({
      type: "exact-in", dappId,
      source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount, funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
      destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
    });
    const quote = (b) => worker.fetch("/v1/quotes", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(b) });
    const signed = await quote(body("25000000", "events-signed"));
    assert.equal(signed.status, 200);
    // Below every solver's minimum: 502 solver-error.
    const refused = await quote(body("1", "events-refused"));
    assert.equal(refused.status, 502);
    await new Promise((r) => setTimeout(r, 100)); // let the lines arrive
    const events = worker.output().split("\n").filter((l) => l.includes('"event":"quote"')).map((l) => JSON.parse(l.slice(l.indexOf("{"))));
    assert.equal(events.filter((e) => e.dappId === "events-signed").length, 0);
    assert.deepEqual(events.filter((e) => e.dappId === "events-refused").map((e) => [e.status, e.keyId]), [[502, "dev-acme"]]);
  });

  test("the worker logs its events but never a key", async () => {
    await new Promise((r) => setTimeout(r, 100)); // let the last lines arrive
    const output = worker.output();
    assert.match(output, /"event":"core-(ready|load-failed)"/);
    for (const key of [...Object.values(DEV_KEYS), "dev-key-nope", "DEV-KEY-ACME"]) assert.ok(!output.includes(key), `${key} was logged`);
  });
});

describe("legacy hostname, keyless limits and persistence (second worker)", () => {
  const legacyHost = "legacy.stableroutes.test";
  const bindings = { LEGACY_HOSTNAME: legacyHost, KEYLESS_BURST: "3", KEYLESS_RATE_PER_SEC: "0.001" };
  let state;
  let w;
  before(async () => {
    state = tempDir("sr-worker-state2-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("the legacy hostname answers only /api/v3/, the main one everything else", async () => {
    const legacyPreflight = await w.mf.dispatchFetch(`http://${legacyHost}/api/v3/quotes/exactOut`, { method: "OPTIONS", headers: { "cf-connecting-ip": "192.0.2.1" } });
    assert.equal(legacyPreflight.status, 204);
    await problemOf(await w.mf.dispatchFetch(`http://${legacyHost}/v1/chains`, { headers: { "x-api-key": DEV_KEYS.acme } }), 404, "not-found");
    await problemOf(await w.mf.dispatchFetch(`http://${legacyHost}/health`), 404, "not-found");
    await problemOf(await w.mf.dispatchFetch("http://api.stableroutes.test/api/v3/quotes/exactOut", { method: "OPTIONS" }), 404, "not-found");
    const v1 = await w.mf.dispatchFetch(`http://api.stableroutes.test/v1/intents/status?intentHash=${HASH}`, { headers: { "x-api-key": DEV_KEYS.acme } });
    assert.equal(v1.status, 200);
  });

  test("keyless endpoints are limited per client address", async () => {
    const from = (ip) => w.mf.dispatchFetch("http://api.stableroutes.test/health", { headers: { "cf-connecting-ip": ip } });
    const results = await Promise.all(Array.from({ length: 10 }, () => from("198.51.100.7")));
    assert.equal(results.filter((r) => r.status === 200).length, 3);
    const refused = results.find((r) => r.status === 429);
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    await problemOf(refused, 429, "rate-limited");
    assert.equal((await from("198.51.100.8")).status, 200);
  });

  test("Durable Object state survives a restart with the same persistence directory", async () => {
    const quote = () =>
      w.mf.dispatchFetch("http://api.stableroutes.test/v1/quotes", { method: "POST", headers: { ...json, "x-api-key": DEV_KEYS.acme }, body: JSON.stringify({ dappId: "restart-probe" }) });
    await quote();
    await quote();
    const counts = async (mf) => {
      const ns = await mf.getDurableObjectNamespace("ATTRIBUTION");
      return JSON.parse(JSON.stringify(await ns.get(ns.idFromName("restart-probe")).counts()));
    };
    // An isolate writes a label's uses once per second, after the answers (waitUntil): both
    // quotes arrive in one write.
    for (let i = 0; i < 150 && (await counts(w.mf))["v1/quotes"] !== 2; i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(await counts(w.mf), { "v1/quotes": 2 });

    // A rate limiter writes its bucket at most once per second (docs/security.md): past that, a
    // restart finds it as it was.
    await new Promise((r) => setTimeout(r, 1_200));
    await w.dispose();
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings });
    assert.deepEqual(await counts(w.mf), { "v1/quotes": 2 });
    // The emptied bucket of 198.51.100.7 (refilling once in 1,000 s) is still empty.
    const res = await w.mf.dispatchFetch("http://api.stableroutes.test/health", { headers: { "cf-connecting-ip": "198.51.100.7" } });
    assert.equal(res.status, 429);
  });
});

test("a worker whose ENVIRONMENT disagrees with its bundled configuration serves nothing", async () => {
  const state = tempDir("sr-worker-state3-");
  const w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { ENVIRONMENT: "production" } });
  try {
    for (const [path, init] of [["/health", {}], [`/v1/intents/status?intentHash=${HASH}`, { key: DEV_KEYS.acme }]]) {
      const body = await problemOf(await w.fetch(path, init), 500, "internal");
      assert.match(body.detail, /request id/);
    }
  } finally {
    await w.dispose();
    state.remove();
  }
});
