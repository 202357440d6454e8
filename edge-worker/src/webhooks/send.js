// Sends one webhook attempt over a socket to the address the core checked (op webhookTarget's
// `connect`), never letting an HTTP client resolve the URL's name again: a name that answers a
// public address to the check and an internal one to a second lookup (DNS rebinding) cannot lead
// a delivery inside a network. TLS (https) is negotiated with the URL's host name, so the
// receiver's certificate is still verified for the name the partner registered.
//
// HTTP/1.1 written by hand, the least a receiver needs: one POST, `connection: close`, and only
// the status line read back (bounded in bytes and, with the connection, in time). The core (op
// webhookDeliveryStep) counts anything but 2xx as a failure, redirects included (nothing follows them).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The most bytes read while looking for the end of the status line. */
export const MAX_STATUS_LINE_BYTES = 1024;

/**
 * @param {(address: {hostname: string, port: number}, options: object) => any} connect
 *   `connect` of "cloudflare:sockets" (injected so the client can be tested against a loopback server)
 * @param {{ url: string, address: string, headers: Record<string, string>, body: string, timeoutMs: number }} attempt
 *   address: the IP literal to connect to (IPv6 without brackets)
 * @returns {Promise<number>} the HTTP status the receiver answered
 */
export async function postWebhook(connect, { url, address, headers, body, timeoutMs }) {
  const u = new URL(url);
  const tls = u.protocol === "https:";
  if (!tls && u.protocol !== "http:") throw new Error(`cannot send to a ${u.protocol} URL`);
  const port = Number(u.port || (tls ? 443 : 80));
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  const payload = encoder.encode(body);
  const lines = [`POST ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, `content-length: ${payload.length}`, "connection: close"];
  for (const [name, value] of Object.entries(headers)) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new Error(`header ${name} has a line break`);
    lines.push(`${name}: ${value}`);
  }
  const head = encoder.encode(`${lines.join("\r\n")}\r\n\r\n`);

  // Plain TCP to the address; for https the same connection is upgraded with the URL's name as
  // the expected server name (SNI and certificate check), not the address.
  // workerd's connect() reads "hostname:port", so an IPv6 address goes in brackets (bare, it is
  // taken for a name and the lookup fails).
  const hostname = address.includes(":") ? `[${address}]` : address;
  const raw = connect({ hostname, port }, { secureTransport: tls ? "starttls" : "off", allowHalfOpen: false });
  let socket = raw;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no status line within ${timeoutMs} ms`)), timeoutMs);
  });
  const exchange = (async () => {
    if (tls) socket = raw.startTls({ expectedServerHostname: host });
    const writer = socket.writable.getWriter();
    await writer.write(head);
    await writer.write(payload);
    writer.releaseLock();
    const reader = socket.readable.getReader();
    let seen = new Uint8Array();
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        const joined = new Uint8Array(seen.length + value.length);
        joined.set(seen);
        joined.set(value, seen.length);
        seen = joined.slice(0, MAX_STATUS_LINE_BYTES + 1);
        const end = decoder.decode(seen).indexOf("\r\n");
        if (end >= 0) return statusOf(decoder.decode(seen).slice(0, end));
        if (seen.length > MAX_STATUS_LINE_BYTES) throw new Error(`no status line in the first ${MAX_STATUS_LINE_BYTES} bytes`);
      }
      if (done) throw new Error("the connection closed before a status line");
    }
  })();
  try {
    return await Promise.race([exchange, timeout]);
  } finally {
    clearTimeout(timer);
    exchange.catch(() => {}); // settled after the race was lost: its error is the timeout's
    try {
      await socket.close();
    } catch {}
  }
}

function statusOf(line) {
  const m = /^HTTP\/1\.[01] ([1-5][0-9]{2})(?: |$)/.exec(line);
  if (!m) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify(line.slice(0, 64))}`);
  return Number(m[1]);
}
