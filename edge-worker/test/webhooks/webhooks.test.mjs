// Webhooks through the real worker bundle: endpoints per API key (secret shown once, never
// listed), URLs refused naming `url` (SSRF), deliveries of a quote's status changes to a loopback
// receiver signed per the Standard Webhooks specification (verified with the `standardwebhooks`
// package, an independent implementation), in order, retried with the same webhook-id after a
// failure, sent again after the worker is killed mid-delivery, and one hanging receiver never
// holding up another. Chain events are pushed as eth_getLogs logs encoded with ethers.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { waitFor } from "../gasless-helpers.mjs";
import { fulfilled, proven, publishedAndFunded, pushLogs, registeredQuote } from "../pushed-events.mjs";
import { verifyWebhook } from "stableroutes/client";

const json = { "content-type": "application/json" };
// Every receiver still listening: closed after the suite even when a test failed before closing
// its own (an open server would keep the test process alive).
const openReceivers = new Set();

/**
 * A loopback receiver: records every request; `respond(req)` decides the answer, or a promise of
 * it (answered once it settles), or null (never answers). An entry's `ended` turns true once its
 * exchange is over: answered, or the connection closed by the sender.
 */
async function receiver(respond = () => 200, port = 0) {
  const received = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const entry = { headers: req.headers, body, at: Date.now(), ended: false };
      res.on("close", () => (entry.ended = true));
      received.push(entry);
      const code = await respond(entry, received.length);
      if (code === null) return; // hang: never answer
      if (!res.destroyed) res.writeHead(code).end();
    });
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  const close = () => {
    openReceivers.delete(close);
    return new Promise((r) => {
      server.closeAllConnections();
      server.close(r);
    });
  };
  openReceivers.add(close);
  return { url: `http://127.0.0.1:${server.address().port}/hook`, received, close };
}

/**
 * A DNS-over-HTTPS stand-in: names -> addresses, or a function of how many times the name was
 * looked up with this type (1 for the first) returning the addresses. `lookups` counts per "name/type".
 */
async function resolver(names) {
  const lookups = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const name = url.searchParams.get("name");
    const type = url.searchParams.get("type") === "A" ? 1 : 28;
    const counted = `${name}/${type === 1 ? "A" : "AAAA"}`;
    lookups.set(counted, (lookups.get(counted) ?? 0) + 1);
    const entry = typeof names[name] === "function" ? names[name](lookups.get(counted)) : names[name];
    const answers = (entry ?? []).filter((a) => (type === 1) === a.includes(".")).map((data) => ({ name, type, data }));
    res.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify({ Status: 0, Answer: answers }));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/dns-query`, lookups, close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

let bundleDir;
let persist;
let worker;
let dns;
const bindings = () => ({ DNS_RESOLVER_URL: dns.url, WEBHOOK_TIMEOUT_MS: "1500" });

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-webhooks-state-");
  dns = await resolver({ "private.example.com": ["10.0.0.5"], "public.example.com": ["93.184.216.34"] });
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: bindings() });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await dns?.close();
  await Promise.all([...openReceivers].map((close) => close()));
});

const post = (path, body, key = DEV_KEYS.acme) => worker.fetch(path, { method: "POST", key, headers: json, body: JSON.stringify(body) });

async function createEndpoint(url) {
  const res = await post("/v1/webhooks", { url, events: ["intent.status"], description: "test" });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body;
}

const quote = () => registeredQuote(worker, "webhooks-test");
const push = (chainId, logs) => pushLogs(worker, chainId, logs);
const published = publishedAndFunded;

function verified(secret, entry) {
  return new Webhook(secret).verify(entry.body, entry.headers);
}

describe("webhook endpoints", () => {
  test("created with the secret shown once, listed without it, deleted with 204", async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(r.url);
    assert.match(endpoint.id, /^wh:[0-9a-f-]{36}$/);
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await (await worker.fetch("/v1/webhooks", { key: DEV_KEYS.acme })).json();
    const listed = list.webhooks.find((w) => w.id === endpoint.id);
    assert.deepEqual(listed, { id: endpoint.id, url: r.url, events: ["intent.status"], description: "test", createdAt: endpoint.createdAt });
    assert.ok(!JSON.stringify(list).includes("whsec_"), "no secret in the list");
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 404);
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.acme })).status, 404);
    await r.close();
  });

  test("URLs that could reach inside are 400 naming url; unmapped keys are 403", async () => {
    for (const url of ["http://10.0.0.1/hook", "https://169.254.169.254/latest/meta-data", "http://localhost:8080/", "https://[::1]/", "https://private.example.com/hook", "ftp://public.example.com/", "http://127.0.0.2:9/"]) {
      const res = await post("/v1/webhooks", { url, events: ["intent.status"] });
      const body = await res.json();
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(body)}`);
      assert.deepEqual(body.errors.map((e) => e.field), ["url"], url);
    }
    const ok = await post("/v1/webhooks", { url: "https://public.example.com/hook", events: ["intent.status"] });
    assert.equal(ok.status, 201, "a name resolving to a public address is accepted");
    const unmapped = await post("/v1/webhooks", { url: "https://public.example.com/", events: ["intent.status"] }, DEV_KEYS.unmapped);
    const refusal = await unmapped.json();
    assert.equal(unmapped.status, 403);
    assert.equal(refusal.code, "partner-not-mapped");
    assert.match(refusal.detail, /webhook/, "the detail names what needs a partner");
    const bad = await post("/v1/webhooks", { url: "https://public.example.com/", events: ["intent.created"], extra: 1 });
    assert.deepEqual((await bad.json()).errors.map((e) => e.field).sort(), ["events[0]", "extra"]);
    await worker.fetch(`/v1/webhooks/${(await ok.json()).id}`, { method: "DELETE", key: DEV_KEYS.acme });
  });

  test("endpoints are the partner's: another of its keys lists them, reads their deliveries and deletes them; another partner's key none of that", async () => {
    const endpoint = await createEndpoint("https://93.184.216.34/partner-wide");
    const listed = await (await worker.fetch("/v1/webhooks", { key: DEV_KEYS.basic })).json();
    assert.ok(listed.webhooks.some((w) => w.id === endpoint.id), JSON.stringify(listed));
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.basic })).status, 200);
    // A key of no partner sees none of them.
    assert.equal((await worker.fetch("/v1/webhooks", { key: DEV_KEYS.unmapped })).status, 403);
    // Another partner's key neither lists, reads nor deletes them: 404 as for an endpoint that does not exist.
    const foreign = await worker.fetch("/v1/webhooks", { key: DEV_KEYS.frugal });
    assert.equal(foreign.status, 200);
    assert.deepEqual((await foreign.json()).webhooks, [], "frugal has no endpoints of its own");
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.frugal })).status, 404);
    const refused = await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.frugal });
    assert.equal(refused.status, 404);
    assert.equal((await refused.json()).detail, `no webhook ${endpoint.id}`);
    assert.ok((await (await worker.fetch("/v1/webhooks", { key: DEV_KEYS.acme })).json()).webhooks.some((w) => w.id === endpoint.id), "still there for its partner");
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.basic })).status, 204);
    const after = await (await worker.fetch("/v1/webhooks", { key: DEV_KEYS.acme })).json();
    assert.ok(!after.webhooks.some((w) => w.id === endpoint.id), "deleted for every key of the partner");
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 404);
  });

  test("a key has at most 16 endpoints: the 17th is 409 conflict, and deleting one makes room", async () => {
    const existing = (await (await worker.fetch("/v1/webhooks", { key: DEV_KEYS.acme })).json()).webhooks;
    const created = [];
    for (let i = existing.length; i < 16; i++) created.push(await createEndpoint(`https://93.184.216.34/hook-${i}`));
    const full = await post("/v1/webhooks", { url: "https://93.184.216.34/one-too-many", events: ["intent.status"] });
    const refusal = await full.json();
    assert.equal(full.status, 409, JSON.stringify(refusal));
    assert.equal(refusal.code, "conflict");
    assert.match(refusal.detail, /16 webhook endpoints/);
    assert.equal((await worker.fetch(`/v1/webhooks/${created[0].id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
    created.push(await createEndpoint("https://93.184.216.34/room-again"));
    for (const e of created.slice(1)) assert.equal((await worker.fetch(`/v1/webhooks/${e.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
  });
});

describe("deliveries", () => {
  test("signed, in order, through settled; a failed attempt is retried with the same webhook-id", async () => {
    // The first attempt of the first event fails with a 500.
    const r = await receiver((_, n) => (n === 1 ? 500 : 204));
    const endpoint = await createEndpoint(r.url);
    const q = await quote();
    const delivered = (status) => (list) => list.some((e) => {
      const { data } = JSON.parse(e.body);
      return data.intentHash === q.intentHash && data.status === status;
    });
    // Each status change once the one before it was delivered, as a chain spaces them: the shard
    // checks an intent when its alarm runs after chain events, so a fill and its proof pushed in the
    // same instant can reach one check together (then only "settled" is sent).
    await push(8453, published(q));
    await push(10, fulfilled(q));
    await waitFor(() => r.received, delivered("filled"), { timeoutMs: 45_000 });
    await push(8453, proven(q));
    await waitFor(() => r.received, delivered("settled"), { timeoutMs: 45_000 });
    const mine = r.received.filter((e) => JSON.parse(e.body).data.intentHash === q.intentHash);
    for (const entry of mine) {
      const payload = verified(endpoint.secret, entry);
      assert.equal(payload.type, "intent.status");
      assert.match(payload.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      // The package's own verifier agrees with the reference implementation.
      assert.deepEqual(await verifyWebhook(endpoint.secret, entry.headers, entry.body), payload);
    }
    await assert.rejects(verifyWebhook(endpoint.secret, mine[1].headers, mine[1].body.replace("pending", "settled")), { code: "invalid-webhook" });
    await assert.rejects(verifyWebhook(endpoint.secret, mine[1].headers, mine[1].body, { now: Date.now() + 3_600_000 }), /timestamp/);
    // The failed first attempt and its retry carry one webhook-id; statuses arrive in order.
    assert.equal(mine[0].headers["webhook-id"], mine[1].headers["webhook-id"]);
    assert.ok(mine[1].at - mine[0].at >= 4_000, "retried after about 5 s");
    const statuses = mine.slice(1).map((e) => JSON.parse(e.body).data.status);
    assert.deepEqual(statuses, ["pending", "filled", "settled"]);
    assert.equal(new Set(mine.slice(1).map((e) => e.headers["webhook-id"])).size, 3);
    // A tampered body fails verification.
    assert.throws(() => verified(endpoint.secret, { ...mine[1], body: mine[1].body.replace("pending", "settled") }));

    const { deliveries } = await (await worker.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.acme })).json();
    const first = deliveries.find((d) => d.id === mine[0].headers["webhook-id"]);
    assert.equal(first.attempts, 2);
    assert.equal(first.lastStatusCode, 204);
    assert.equal(first.nextAttemptAt, null);
    assert.ok(Number.isInteger(first.deliveredAt));
    await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme });
    await r.close();
  });

  test("a hanging receiver holds up only its own endpoint", async () => {
    // A worker of its own whose delivery timeout outlasts the test, and a receiver that holds its
    // request until the test lets go: the other endpoint's message can only arrive beside the held
    // one, never after it, however slow the machine (no clock is read).
    const state = tempDir("sr-webhooks-hang-");
    const w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { ...bindings(), WEBHOOK_TIMEOUT_MS: "600000" } });
    let release = () => {};
    const released = new Promise((r) => (release = () => r(200)));
    const slow = await receiver(() => released);
    const fast = await receiver();
    const about = (q) => (list) => list.some((e) => JSON.parse(e.body).data.intentHash === q.intentHash);
    try {
      const create = async (url) => {
        const res = await w.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url, events: ["intent.status"] }) });
        assert.equal(res.status, 201);
      };
      // The hanging endpoint first, holding a message.
      await create(slow.url);
      const held = await registeredQuote(w, "webhooks-hang");
      await pushLogs(w, 8453, published(held));
      await waitFor(() => slow.received, about(held));
      // Then the other endpoint's message: delivered while the first is still held.
      await create(fast.url);
      const q = await registeredQuote(w, "webhooks-hang");
      await pushLogs(w, 8453, published(q));
      await waitFor(() => fast.received, about(q), { timeoutMs: 20_000 });
      assert.equal(slow.received.length, 1);
      assert.equal(slow.received[0].ended, false, "the hanging receiver still holds its request");
      // Let go: the held endpoint then gets its own next message.
      release();
      await waitFor(() => slow.received, about(q), { timeoutMs: 20_000 });
    } finally {
      release();
      await w.dispose();
      state.remove();
      await slow.close();
      await fast.close();
    }
  });

  test("a worker killed mid-delivery sends the event again with the same webhook-id", async () => {
    let hang = true;
    const r = await receiver(() => (hang ? null : 200));
    const endpoint = await createEndpoint(r.url);
    const q = await quote();
    await push(8453, published(q));
    await waitFor(() => r.received, (list) => list.length >= 1);
    const interrupted = r.received[0].headers["webhook-id"];
    await worker.dispose(); // killed while the receiver holds the request
    hang = false;
    worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: bindings() });
    await waitFor(() => r.received, (list) => list.length >= 2, { timeoutMs: 20_000 });
    assert.equal(r.received[1].headers["webhook-id"], interrupted);
    assert.equal(verified(endpoint.secret, r.received[1]).data.intentHash, q.intentHash);
    await r.close();
  });
});

describe("delivery rows are bounded", () => {
  // A worker of its own that keeps finished messages 2 s instead of 7 days.
  let w;
  let state;
  before(async () => {
    state = tempDir("sr-webhooks-retention-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { ...bindings(), WEBHOOK_RETENTION_SEC: "2" } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("a delivered message's row is deleted by the endpoint's alarm once past the retention", async () => {
    const r = await receiver();
    const res = await w.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url: r.url, events: ["intent.status"], description: "retention" }) });
    const endpoint = await res.json();
    assert.equal(res.status, 201, JSON.stringify(endpoint));
    const q = await registeredQuote(w, "webhooks-retention");
    await pushLogs(w, 8453, publishedAndFunded(q));
    await waitFor(() => r.received, (list) => list.some((e) => JSON.parse(e.body).data.intentHash === q.intentHash), { timeoutMs: 20_000 });
    const listed = async () => (await (await w.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.acme })).json()).deliveries;
    // Listed once delivered (the row outlives the attempt)...
    const delivered = await waitFor(listed, (list) => list.some((d) => d.intentHash === q.intentHash && d.deliveredAt !== null), { timeoutMs: 10_000 });
    assert.ok(delivered.length >= 1);
    // ...and gone once 2 s past its delivery, without another event arriving to wake the object.
    const gone = await waitFor(listed, (list) => list.length === 0, { timeoutMs: 15_000, intervalMs: 250 });
    assert.deepEqual(gone, []);
    await r.close();
  });
});

/** A loopback port nobody listens on (a receiver that is down), to bring a receiver up on later. */
async function freePort() {
  const server = http.createServer();
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

describe("revoking a key", () => {
  // A worker of its own: run first with the configured keys, then again on the same state with a
  // bundle whose keys.json revokes dev-acme (how a key is revoked: configuration, redeployed).
  let state;
  let revokedBundle;
  let w;
  before(() => {
    state = tempDir("sr-webhooks-revoke-");
    revokedBundle = buildBundle({ keys: (records) => records.map((k) => (k.id === "dev-acme" ? { ...k, revoked: true } : k)) });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });

  test("cancels the messages its endpoints had queued: the receiver, once up, gets nothing", async () => {
    const port = await freePort();
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: bindings() });
    const res = await w.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ["intent.status"] }) });
    const endpoint = await res.json();
    assert.equal(res.status, 201, JSON.stringify(endpoint));
    const q = await registeredQuote(w, "webhooks-revoke");
    await pushLogs(w, 8453, publishedAndFunded(q));
    // The partner's other key reads the endpoint's deliveries (before and after the revocation).
    const listed = async () => (await (await w.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.basic })).json()).deliveries;
    // The receiver is down: the first attempt fails and the message stays queued for its retry.
    const queued = await waitFor(listed, (list) => list.some((d) => d.intentHash === q.intentHash && d.attempts >= 1), { timeoutMs: 20_000 });
    const mine = queued.find((d) => d.intentHash === q.intentHash);
    assert.equal(mine.state, "pending");
    assert.equal(mine.deliveredAt, null);
    assert.equal(mine.cancelReason, null);

    await w.dispose();
    // Finished messages kept 3 s here instead of 7 days: the cancelled one must go the same way.
    w = await startWorker({ bundleDir: revokedBundle, persistDir: state.dir, bindings: { ...bindings(), WEBHOOK_RETENTION_SEC: "3" } });
    const r = await receiver(() => 204, port);
    const after = await waitFor(listed, (list) => list.some((d) => d.intentHash === q.intentHash && d.state === "cancelled"), { timeoutMs: 30_000 });
    const cancelled = after.find((d) => d.intentHash === q.intentHash);
    assert.match(cancelled.cancelReason, /dev-acme was revoked/);
    assert.equal(cancelled.nextAttemptAt, null);
    assert.equal(cancelled.deliveredAt, null);
    assert.equal(cancelled.attempts, mine.attempts, "no attempt was made after the revocation");
    assert.ok(after.every((d) => d.state !== "pending"), JSON.stringify(after));
    assert.deepEqual(r.received, [], "nothing reached the receiver");
    // Deleted by the retention alarm like a delivered message, still without a single request.
    assert.deepEqual(await waitFor(listed, (list) => list.length === 0, { timeoutMs: 15_000, intervalMs: 250 }), []);
    assert.deepEqual(r.received, []);
    await r.close();
  });
});

describe("DNS rebinding", () => {
  // A worker and a DNS stand-in of their own, so that no other test's deliveries look the name up.
  let w;
  let state;
  let rebindingDns;
  before(async () => {
    state = tempDir("sr-webhooks-rebind-");
    // The local configuration takes http://<name>:<port> of a name resolving to 127.0.0.1 only.
    // This name does so for its first two A lookups (the endpoint's creation, then the delivery
    // attempt's check) and answers 127.0.0.2, where nothing listens, to every later one.
    rebindingDns = await resolver({ "rebind.example.com": (n) => (n <= 2 ? ["127.0.0.1"] : ["127.0.0.2"]) });
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { DNS_RESOLVER_URL: rebindingDns.url, WEBHOOK_TIMEOUT_MS: "1500" } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
    await rebindingDns?.close();
  });

  test("a delivery connects to the address its check resolved: the name is not looked up again to send", async () => {
    let lookupsAtDelivery = null;
    const r = await receiver(() => {
      lookupsAtDelivery ??= rebindingDns.lookups.get("rebind.example.com/A");
      return 204;
    });
    const { port } = new URL(r.url);
    const res = await w.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url: `http://rebind.example.com:${port}/hook`, events: ["intent.status"] }) });
    const endpoint = await res.json();
    assert.equal(res.status, 201, JSON.stringify(endpoint));
    assert.equal(rebindingDns.lookups.get("rebind.example.com/A"), 1, "checked once at creation");
    const q = await registeredQuote(w, "webhooks-rebind");
    await pushLogs(w, 8453, publishedAndFunded(q));
    const [first] = await waitFor(() => r.received, (list) => list.length >= 1, { timeoutMs: 20_000 });
    // The message reached the receiver on the checked 127.0.0.1 with the URL's name as its host,
    // after exactly one more lookup (the attempt's check): a second lookup to connect would have
    // answered 127.0.0.2 (the system resolver does not know the name at all).
    assert.equal(lookupsAtDelivery, 2);
    assert.equal(first.headers.host, `rebind.example.com:${port}`);
    assert.equal(verified(endpoint.secret, first).data.intentHash, q.intentHash);
    assert.equal((await w.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
    await r.close();
  });

  test("https goes over TLS started on the socket: a receiver whose certificate the runtime does not trust gets no request", async () => {
    // A self-signed certificate (openssl, made for this test): workerd's connect() + startTls
    // must refuse it, so the handshake fails and the receiver never reads a request. (A trusted
    // certificate cannot be made here: the runtime trusts only the system's authorities.)
    const dir = tempDir("sr-webhooks-tls-");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir.dir, "key.pem"), "-out", join(dir.dir, "cert.pem")], { stdio: "pipe" });
    const requests = [];
    const server = https.createServer({ key: readFileSync(join(dir.dir, "key.pem")), cert: readFileSync(join(dir.dir, "cert.pem")) }, (req, res) => {
      requests.push(req.url);
      res.writeHead(204).end();
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    try {
      const res = await w.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url: `https://127.0.0.1:${server.address().port}/hook`, events: ["intent.status"] }) });
      const endpoint = await res.json();
      assert.equal(res.status, 201, JSON.stringify(endpoint));
      const q = await registeredQuote(w, "webhooks-tls");
      await pushLogs(w, 8453, publishedAndFunded(q));
      const listed = async () => (await (await w.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.acme })).json()).deliveries;
      const failed = await waitFor(listed, (list) => list.some((d) => d.intentHash === q.intentHash && d.attempts >= 1), { timeoutMs: 20_000 });
      const mine = failed.find((d) => d.intentHash === q.intentHash);
      assert.equal(mine.state, "pending");
      assert.equal(mine.lastStatusCode, null);
      // The runtime started TLS on the socket and refused the certificate (its own words).
      assert.match(w.output(), /TLS peer's certificate is not trusted/);
      assert.deepEqual(requests, []);
      await w.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme });
    } finally {
      await new Promise((r) => { server.closeAllConnections(); server.close(r); });
      dir.remove();
    }
  });
});
