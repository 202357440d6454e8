// The webhook socket client (src/webhooks/send.js) against loopback servers in node, with the
// `connect` of "cloudflare:sockets" replaced by one over node's net module (same shape: readable,
// writable, startTls, close). What it shows: the connection goes to the address given (the one the
// core checked), never to the URL's name; the request is a well-formed HTTP/1.1 POST; only the
// status line is read, bounded in bytes and time; redirects are answered as their status (the
// caller fails them); https asks for TLS with the URL's host name. The worker-level suite
// (webhooks.test.mjs) sends every delivery over the real workerd `connect`.
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { Duplex } from "node:stream";
import { after, describe, test } from "node:test";
import { MAX_STATUS_LINE_BYTES, postWebhook } from "../../src/webhooks/send.js";

const servers = new Set();
after(() => Promise.all([...servers].map((s) => new Promise((r) => { s.closeAllConnections?.(); s.close(r); }))));

async function listen(server) {
  servers.add(server);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return server.address().port;
}

/** connect() over node's net, recording each call. */
function fakeConnect(calls) {
  return (address, options) => {
    const call = { address, options, startTls: null };
    calls.push(call);
    const wrap = (socket) => {
      const { readable, writable } = Duplex.toWeb(socket);
      return { readable, writable, close: async () => socket.destroy() };
    };
    const socket = net.connect({ host: address.hostname.replace(/^\[(.*)\]$/, "$1"), port: address.port });
    return {
      ...wrap(socket),
      startTls(tlsOptions) {
        call.startTls = tlsOptions;
        // No TLS server here: the upgrade is recorded and the plain socket stands in for it.
        return wrap(socket);
      },
    };
  };
}

const attempt = (url, address, extra = {}) => ({
  url, address, body: '{"type":"intent.status"}', timeoutMs: 2_000,
  headers: { "content-type": "application/json", "webhook-id": "msg:01", "webhook-timestamp": "1", "webhook-signature": "v1,x" },
  ...extra,
});

describe("postWebhook", () => {
  test("connects to the given address, not the URL's name, and sends one HTTP/1.1 POST", async () => {
    const received = [];
    const port = await listen(http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c)).on("end", () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(204).end();
      });
    }));
    const calls = [];
    // The name does not resolve anywhere: only the address can have been used.
    const code = await postWebhook(fakeConnect(calls), attempt(`http://hooks.invalid:${port}/in?x=1`, "127.0.0.1"));
    assert.equal(code, 204);
    assert.deepEqual(calls.map((c) => c.address), [{ hostname: "127.0.0.1", port }]);
    assert.equal(calls[0].options.secureTransport, "off");
    assert.equal(calls[0].startTls, null);
    assert.equal(received.length, 1);
    assert.equal(received[0].method, "POST");
    assert.equal(received[0].url, "/in?x=1");
    assert.equal(received[0].headers.host, `hooks.invalid:${port}`);
    assert.equal(received[0].headers.connection, "close");
    assert.equal(received[0].headers["content-length"], String(received[0].body.length));
    assert.equal(received[0].headers["webhook-id"], "msg:01");
    assert.equal(received[0].body, '{"type":"intent.status"}');
  });

  test("an IPv6 address is given to connect() in brackets, as workerd's connect() needs", async () => {
    const server = http.createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(202).end()); });
    servers.add(server);
    await new Promise((r) => server.listen(0, "::1", r));
    const calls = [];
    const { port } = server.address();
    assert.equal(await postWebhook(fakeConnect(calls), attempt(`http://hooks.invalid:${port}/`, "::1")), 202);
    assert.deepEqual(calls[0].address, { hostname: "[::1]", port });
  });

  test("https upgrades the connection with the URL's host name as the expected server name", async () => {
    const port = await listen(http.createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(200).end()); }));
    const calls = [];
    assert.equal(await postWebhook(fakeConnect(calls), attempt(`https://hooks.example.com:${port}/`, "127.0.0.1")), 200);
    assert.equal(calls[0].options.secureTransport, "starttls");
    assert.deepEqual(calls[0].startTls, { expectedServerHostname: "hooks.example.com" });
    assert.deepEqual(calls[0].address, { hostname: "127.0.0.1", port });
  });

  test("a redirect is answered as its status, not followed", async () => {
    let hits = 0;
    const port = await listen(http.createServer((req, res) => { hits++; req.resume(); res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end(); }));
    assert.equal(await postWebhook(fakeConnect([]), attempt(`http://127.0.0.1:${port}/`, "127.0.0.1")), 302);
    assert.equal(hits, 1);
  });

  test("reads at most the status line's bound, and gives up at the timeout", async () => {
    const endless = await listen(net.createServer((s) => s.on("data", () => s.write("H".repeat(MAX_STATUS_LINE_BYTES * 4)))));
    await assert.rejects(postWebhook(fakeConnect([]), attempt(`http://127.0.0.1:${endless}/`, "127.0.0.1")), /no status line in the first 1024 bytes/);
    const silent = await listen(net.createServer(() => {}));
    await assert.rejects(postWebhook(fakeConnect([]), attempt(`http://127.0.0.1:${silent}/`, "127.0.0.1", { timeoutMs: 200 })), /no status line within 200 ms/);
    const garbage = await listen(net.createServer((s) => s.on("data", () => s.end("SMTP ready\r\n"))));
    await assert.rejects(postWebhook(fakeConnect([]), attempt(`http://127.0.0.1:${garbage}/`, "127.0.0.1")), /not an HTTP\/1.1 status line/);
  });

  test("a refused connection is an error, and header values cannot split the request", async () => {
    const closed = await listen(net.createServer());
    await new Promise((r) => [...servers].at(-1).close(r));
    await assert.rejects(postWebhook(fakeConnect([]), attempt(`http://127.0.0.1:${closed}/`, "127.0.0.1")));
    await assert.rejects(postWebhook(fakeConnect([]), attempt("http://127.0.0.1:9/", "127.0.0.1", { headers: { "webhook-id": "a\r\nx: y" } })), /line break/);
  });
});
