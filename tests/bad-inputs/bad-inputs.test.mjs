// Malformed and hostile requests against the real worker bundle (workerd via Miniflare), from
// the data files in cases/: each case names its request and the status and problem code the
// API contract gives it. Every answer must be that status and code, carry a request id, echo
// no secret, and never be a 5xx. A missing engine, an unknown core operation or an unrouted
// endpoint fails its cases like any other wrong answer: there is no todo.
import assert from "node:assert/strict";
import net from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { DEV_KEYS, sendHeadOnly, startWorker, tempDir } from "../../edge-worker/test/harness.mjs";
import { isolatedBundle, removeBundle } from "./bundle.mjs";
import { bodyObject, otherAuthorization, resolveMacros } from "./fixtures.mjs";
import { chainRpcUrls, startChainDouble } from "../../edge-worker/test/chain-double.mjs";
import { vectors } from "../../edge-worker/test/gasless-helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const casesDir = join(here, "cases");
const MISSING_KEY_BODY = '{"Message":"User is not authorized to access this resource"}';
// The worker's secrets that no answer or log line may contain, read from the bindings the worker
// actually runs with, so a rotated key is the one looked for (not a copy written here).
// RELAYER_KEYS is a list (comma-separated): each of its keys is looked for on its own.
const SECRET_BINDINGS = ["QUOTE_SIGNER_KEY", "RELAYER_KEY", "RELAYER_KEYS", "INDEXER_TOKEN", "WEBHOOK_SECRETS_KEY"];
let SECRETS = [];

/** Each secret binding's values (without a 0x prefix, so either spelling is found) and every API key. */
export function secretsOf(bindings) {
  const values = SECRET_BINDINGS.flatMap((name) => {
    const value = bindings[name];
    assert.ok(typeof value === "string" && value.length >= 16, `the worker runs without a usable ${name}: nothing to look for`);
    return value.split(",").map((v) => {
      const secret = v.trim().replace(/^0x/i, "");
      assert.ok(secret.length >= 16, `${name} holds an entry too short to look for`);
      return secret;
    });
  });
  return [...values, ...Object.values(DEV_KEYS)];
}

export function loadCases() {
  return readdirSync(casesDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((file) => JSON.parse(readFileSync(join(casesDir, file), "utf8")).map((c) => ({ ...c, file })));
}

const cases = loadCases();
let worker;
let persist;
let bundleDir;
let chain;

// Base answers from a JSON-RPC double whose Portal confirms the vault derivation and whose
// simulation lets fundings through, so the replay cases reach the job they replay.
before(async () => {
  bundleDir = isolatedBundle();
  persist = tempDir("sr-bad-inputs-");
  chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(chain.url) } });
  SECRETS = secretsOf(worker.bindings);
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await chain?.close();
  if (bundleDir) removeBundle(bundleDir);
});

/** The request of a case: method, path, headers and body bytes. */
async function requestOf(c, index) {
  const headers = new Headers();
  // One client address per case: the keyless per-address buckets never couple cases.
  headers.set("cf-connecting-ip", `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
  if (c.key) headers.set("x-api-key", DEV_KEYS[c.key] ?? c.key);
  let body;
  let object;
  if (typeof c.body === "string") body = c.body;
  else if (c.bodyBase64 !== undefined) body = Buffer.from(c.bodyBase64, "base64");
  else if ((object = await bodyObject(c)) !== undefined) body = JSON.stringify(object);
  if (body !== undefined) headers.set("content-type", "application/json");
  for (const [k, v] of Object.entries(c.headers ?? {})) {
    if (v === null) headers.delete(k);
    else headers.set(k, resolveMacros(v));
  }
  const method = c.method ?? (body === undefined ? "GET" : "POST");
  return { method, path: c.path, headers, body, object };
}

// Bodies past the limit go over a raw socket: the worker answers 413 without reading them, and
// fetch reports the early answer as a failed upload instead of returning it.
const RAW_ABOVE_BYTES = 60 * 1024;

function sendRaw(method, path, headers, body) {
  const { hostname, port } = new URL(worker.base);
  const bytes = Buffer.from(body);
  const head = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", `Content-Length: ${bytes.length}`];
  for (const [k, v] of headers) if (k !== "content-length") head.push(`${k}: ${v}`);
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head.join("\r\n") + "\r\n\r\n");
      socket.write(bytes, () => {});
    });
    const timer = setTimeout(() => done(new Error("no response within 10 s")), 10_000);
    const done = (err) => {
      clearTimeout(timer);
      socket.destroy();
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return reject(err ?? new Error(`no response head: ${text.slice(0, 200)}`));
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const h = new Headers(lines.map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]));
      let rest = data.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
      if (/chunked/i.test(h.get("transfer-encoding") ?? "")) rest = dechunk(rest);
      resolve({ status: Number(statusLine.split(" ")[1]), headers: h, text: rest.toString("utf8") });
    };
    socket.on("data", (chunk) => (data = Buffer.concat([data, chunk])));
    socket.on("end", () => done());
    socket.on("error", (e) => done(e));
  });
}

function dechunk(buf) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = buf.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(buf.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

async function send({ method, path, headers, body }) {
  if (body !== undefined && Buffer.byteLength(body) > RAW_ABOVE_BYTES) return sendRaw(method, path, headers, body);
  const res = await worker.fetch(path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

function checkAnswer(c, res) {
  const where = `${c.method ?? ""} ${c.path}: ${res.status} ${res.text.slice(0, 400)}`;
  for (const secret of SECRETS) assert.ok(!res.text.includes(secret), `answer echoes a secret: ${where}`);
  assert.ok(res.status < 500, `5xx: ${where}`);
  assert.equal(res.status, c.expect.status, where);
  if (c.expect.status === 403 && c.expect.code === "missing-api-key") {
    assert.equal(res.text, MISSING_KEY_BODY);
    return;
  }
  assert.ok(res.headers.get("x-request-id"), "x-request-id");
  if (c.expect.status >= 400) {
    assert.match(res.headers.get("content-type") ?? "", /^application\/problem\+json/, where);
    const problem = JSON.parse(res.text);
    assert.equal(problem.code, c.expect.code, where);
    assert.equal(problem.status, res.status);
    assert.equal(problem.requestId, res.headers.get("x-request-id"));
    assert.ok(Array.isArray(problem.errors));
    // The fields a case names are exactly the ones refused: a refusal that also (or only) names
    // the signature was answered by the signature check, not by the rule the case is about.
    if (c.expect.fields) {
      assert.deepEqual([...new Set(problem.errors.map((e) => e.field))].sort(), [...c.expect.fields].sort(), `the refused fields: ${where}`);
    }
  }
}

test(`at least 150 bad-input cases (found ${cases.length})`, () => {
  assert.ok(cases.length >= 150);
  const names = new Set();
  for (const c of cases) {
    assert.ok(!names.has(c.name), `duplicate case name ${c.name}`);
    names.add(c.name);
    assert.ok(c.path && c.expect && Number.isInteger(c.expect.status), `case ${c.name} needs path and expect.status`);
    assert.ok(c.expect.status < 500, `case ${c.name} expects a 5xx`);
    assert.ok(!("todo" in c), `case ${c.name} is marked todo: a case either holds or fails`);
  }
});

const byFile = Map.groupBy ? Map.groupBy(cases, (c) => c.file) : cases.reduce((m, c) => m.set(c.file, [...(m.get(c.file) ?? []), c]), new Map());
for (const [file, list] of byFile) {
  describe(file, () => {
    for (const c of list) {
      const index = cases.indexOf(c);
      test(c.name, async () => {
        const request = await requestOf(c, index);
        let res;
        if (c.headOnly) {
          const raw = await sendHeadOnly(worker.base, request.method, c.path, Object.fromEntries(request.headers));
          res = { status: raw.status, headers: new Headers(raw.headers), text: raw.body };
        } else if (c.sequence === "replay" || c.sequence === "conflict") {
          // The first submit must be accepted; the case is about the second.
          const first = await send(request);
          assert.equal(first.status, 202, `first submit: ${first.text.slice(0, 400)}`);
          const second = c.sequence === "replay" ? request : { ...request, body: JSON.stringify(await otherAuthorization(request.object, c.fixture)) };
          res = await send(second);
          if (c.sequence === "replay") {
            assert.equal(JSON.parse(res.text).id, JSON.parse(first.text).id, "a replay answers the same job");
          }
        } else {
          res = await send(request);
        }
        checkAnswer(c, res);
      });
    }
  });
}

// Last, after every case: whatever the worker printed while refusing them holds no secret
// (signer key, relayer key, indexer token, API keys), so logs cannot leak what answers do not.
test("the worker's log of every bad input names no secret", async () => {
  await new Promise((r) => setTimeout(r, 200)); // let the last lines arrive
  const output = worker.output();
  for (const secret of SECRETS) assert.ok(!output.includes(secret), `the worker logged a secret (${secret.slice(0, 6)}…)`);
});
