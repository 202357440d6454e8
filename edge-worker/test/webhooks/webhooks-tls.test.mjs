// Webhook deliveries over TLS that completes, through the real worker bundle. workerd trusts the
// system's certificate authorities plus those of NODE_EXTRA_CA_CERTS, which Miniflare reads when
// it is first imported: so this suite makes a certificate authority of its own (openssl, for this
// run only), names it there, and only then imports the harness. A loopback receiver holds a
// certificate that authority issued for hooks.example.test, a name the DNS stand-in answers with
// 127.0.0.1 (the local configuration lets a name resolve to the loopback address only).
// Shown: the message arrives over TLS, the client asked for the URL's host name (SNI), and its
// signature verifies; a URL whose name the same certificate does not carry gets nothing, though
// the certificate's authority is trusted (the TLS check is made for the URL's host name, not for
// the address connected to).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";

const NAME = "hooks.example.test";
const pki = mkdtempSync(join(tmpdir(), "sr-webhooks-pki-"));

/** A certificate authority and a server certificate it issued for NAME (P-256, valid one day). */
function issueCertificates() {
  const openssl = (...args) => execFileSync("openssl", args, { stdio: "pipe", cwd: pki });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl("req", "-x509", ...ec, "-days", "1", "-subj", "/CN=stableroutes test authority", "-addext", "basicConstraints=critical,CA:TRUE",
    "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-keyout", "ca.key", "-out", "ca.pem");
  openssl("req", ...ec, "-subj", `/CN=${NAME}`, "-keyout", "server.key", "-out", "server.csr");
  writeFileSync(join(pki, "server.ext"), `subjectAltName=DNS:${NAME}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1", "-extfile", "server.ext", "-out", "server.pem");
}
issueCertificates();
process.env.NODE_EXTRA_CA_CERTS = join(pki, "ca.pem");
// After NODE_EXTRA_CA_CERTS: these load Miniflare (through the harness), which reads it once.
const { buildBundle, DEV_KEYS, startWorker, tempDir } = await import("../harness.mjs");
const { waitFor } = await import("../gasless-helpers.mjs");
const { publishedAndFunded, pushLogs, registeredQuote } = await import("../pushed-events.mjs");

const json = { "content-type": "application/json" };

/** A DNS-over-HTTPS stand-in answering each name with 127.0.0.1. */
async function resolver(names) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const name = url.searchParams.get("name");
    const answers = names.includes(name) && url.searchParams.get("type") === "A" ? [{ name, type: 1, data: "127.0.0.1" }] : [];
    res.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify({ Status: 0, Answer: answers }));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/dns-query`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

let bundleDir;
let persist;
let worker;
let dns;
let receiver;
/** Requests the https receiver read, with the server name the client asked for. */
const received = [];

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-webhooks-tls-state-");
  dns = await resolver([NAME, "elsewhere.example.test"]);
  receiver = https.createServer({ key: readFileSync(join(pki, "server.key")), cert: readFileSync(join(pki, "server.pem")) }, (req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ url: req.url, headers: req.headers, body, servername: req.socket.servername });
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { DNS_RESOLVER_URL: dns.url, WEBHOOK_TIMEOUT_MS: "1500" } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await dns?.close();
  if (receiver) await new Promise((r) => { receiver.closeAllConnections(); receiver.close(r); });
  rmSync(pki, { recursive: true, force: true });
});

async function endpointFor(url) {
  const res = await worker.fetch("/v1/webhooks", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify({ url, events: ["intent.status"] }) });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body;
}

const deliveries = async (endpoint) => (await (await worker.fetch(`/v1/webhooks/${endpoint.id}/deliveries`, { key: DEV_KEYS.acme })).json()).deliveries;

describe("webhook deliveries over TLS", () => {
  test("a receiver whose certificate a trusted authority issued for the URL's name gets the signed message", async () => {
    const endpoint = await endpointFor(`https://${NAME}:${receiver.address().port}/hook`);
    const q = await registeredQuote(worker, "webhooks-tls-trusted");
    await pushLogs(worker, 8453, publishedAndFunded(q));
    const mine = () => received.filter((r) => r.url === "/hook" && JSON.parse(r.body).data.intentHash === q.intentHash);
    await waitFor(async () => mine(), (list) => list.length >= 1, { timeoutMs: 20_000 });
    const first = mine()[0];
    // TLS was negotiated for the name the partner registered, not for the address connected to.
    assert.equal(first.servername, NAME);
    assert.equal(first.headers.host, `${NAME}:${receiver.address().port}`);
    const event = new Webhook(endpoint.secret).verify(first.body, first.headers);
    assert.equal(event.data.intentHash, q.intentHash);
    const listed = await waitFor(() => deliveries(endpoint), (list) => list.some((d) => d.intentHash === q.intentHash && d.state === "delivered"));
    assert.equal(listed.find((d) => d.intentHash === q.intentHash && d.state === "delivered").lastStatusCode, 204);
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
  });

  test("the same trusted certificate at a URL naming another host: refused, the receiver reads nothing", async () => {
    const before = received.length;
    const endpoint = await endpointFor(`https://elsewhere.example.test:${receiver.address().port}/other`);
    const q = await registeredQuote(worker, "webhooks-tls-mismatch");
    await pushLogs(worker, 8453, publishedAndFunded(q));
    const listed = await waitFor(() => deliveries(endpoint), (list) => list.some((d) => d.intentHash === q.intentHash && d.attempts >= 1), { timeoutMs: 20_000 });
    const mine = listed.find((d) => d.intentHash === q.intentHash);
    assert.equal(mine.state, "pending");
    assert.equal(mine.lastStatusCode, null);
    assert.deepEqual(received.slice(before).filter((r) => r.url === "/other"), []);
    // The runtime's own words: the authority is trusted, the name is not the certificate's.
    assert.match(worker.output(), /certificate is not trusted; reason = Hostname mismatch/);
    assert.equal((await worker.fetch(`/v1/webhooks/${endpoint.id}`, { method: "DELETE", key: DEV_KEYS.acme })).status, 204);
  });
});
