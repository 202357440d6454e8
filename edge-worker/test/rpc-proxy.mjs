// A fault-injecting JSON-RPC proxy in front of a real node (anvil), on 127.0.0.1, for the faults
// providers really show. `faults` may be changed while it runs:
//   rateLimited: n      the next n requests answer HTTP 429 with Retry-After: retryAfter (seconds)
//   rateLimitedInBody: n the next n requests answer HTTP 200 with a JSON-RPC -32005 "rate limit" error
//   maxLogRange: k      eth_getLogs over more than k blocks: -32005 "query returned more than 10000 results"
//   lagBy: k            a node k blocks behind: "latest" is the upstream head - k, eth_getLogs leaves
//                       out every log above that block (as a node answers for blocks it lacks)
//   headerNotFound: n   the next n eth_getLogs answer -32000 "header not found"
//   hang: n             the next n requests are never answered (the socket stays open)
//   down: true          every request answers HTTP 502
//   l1Fee: "0x..."      every eth_getTransactionReceipt answer with a receipt also carries this
//                       l1Fee (hex wei), as an OP-stack node's (Base, Optimism) does
//   refuseSend: n       the next n eth_sendRawTransaction answer a JSON-RPC error and reach no
//                       node: the sender's signed bytes stay unbroadcast (Infinity: until reset)
//   onSend: fn          called with each eth_sendRawTransaction's raw bytes as it arrives, before
//                       anything else (a test kills the sender there)
//   nullReceipts: n     the next n eth_getTransactionReceipt answer null, mined or not (a node
//                       serving a block's state before its receipts)
//   delayMs: ms         every request waits this long before it is forwarded (a provider's round
//                       trip, for benches)
//   answer: fn          called with each request's (method, params): a JSON-RPC error ({code,
//                       message}) it returns is the answer, and the node is not asked (a test
//                       refuses one call of its choosing)
// `requests` lists every request's method (and getLogs ranges) for the test to read; a JSON-RPC
// batch is answered member by member, each listed, each member's faults its own (a hang or an
// HTTP error of any member is the whole batch's, as a provider answers one HTTP request once).
// `roundTrips` lists every HTTP request as the calls it carried ([{method, params}], one for a
// request that is not a batch).
import { createServer } from "node:http";

export async function startRpcProxy(upstreamUrl) {
  const faults = { rateLimited: 0, rateLimitedInBody: 0, retryAfter: 1, maxLogRange: null, lagBy: 0, headerNotFound: 0, hang: 0, down: false, l1Fee: null, refuseSend: 0, onSend: null, nullReceipts: 0, delayMs: 0, hold: null, answer: null };
  const requests = [];
  const roundTrips = [];
  const hanging = new Set();

  const upstream = async (method, params) => {
    const res = await fetch(upstreamUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    return res.json();
  };
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const HANG = Symbol("hang");
  // What one call is answered: {status, body, headers?}, or HANG.
  const reply = (_res, status, body, headers = {}) => ({ status, body, headers });
  const rpcError = (id, code, message) => ({ jsonrpc: "2.0", id, error: { code, message } });

  async function answer(res, call) {
    const { id, method, params = [] } = call;
    // A log query's range when both ends are block numbers (a tag such as "latest" is left alone).
    const numbered = (q) => typeof q === "string" && /^0x[0-9a-f]+$/i.test(q);
    const logRange = method === "eth_getLogs" && numbered(params[0]?.fromBlock) && numbered(params[0]?.toBlock)
      ? [Number(BigInt(params[0].fromBlock)), Number(BigInt(params[0].toBlock))]
      : null;
    requests.push(logRange ? { method, fromBlock: logRange[0], toBlock: logRange[1] } : { method });
    const held = faults.hold?.(method, params);
    if (held) await held;
    if (faults.hang > 0) {
      faults.hang -= 1;
      return HANG;
    }
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (faults.down) return reply(res, 502, { error: "bad gateway" });
    if (faults.rateLimited > 0) {
      faults.rateLimited -= 1;
      return reply(res, 429, { error: "too many requests" }, { "retry-after": String(faults.retryAfter) });
    }
    if (faults.rateLimitedInBody > 0) {
      faults.rateLimitedInBody -= 1;
      return reply(res, 200, rpcError(id, -32005, "rate limit exceeded, retry later"));
    }
    const refusal = faults.answer?.(method, params);
    if (refusal) return reply(res, 200, rpcError(id, refusal.code, refusal.message));
    if (method === "eth_sendRawTransaction") faults.onSend?.(params[0]);
    if (method === "eth_sendRawTransaction" && faults.refuseSend > 0) {
      faults.refuseSend -= 1;
      return reply(res, 200, rpcError(id, -32603, "upstream connect error"));
    }
    if (method === "eth_getTransactionReceipt" && faults.nullReceipts > 0) {
      faults.nullReceipts -= 1;
      return reply(res, 200, { jsonrpc: "2.0", id, result: null });
    }
    if (method === "eth_getLogs" && faults.headerNotFound > 0) {
      faults.headerNotFound -= 1;
      return reply(res, 200, rpcError(id, -32000, "header not found"));
    }
    if (logRange && faults.maxLogRange != null && logRange[1] - logRange[0] + 1 > faults.maxLogRange) {
      return reply(res, 200, rpcError(id, -32005, "query returned more than 10000 results"));
    }
    if (faults.lagBy > 0 && method === "eth_getBlockByNumber" && (params[0] === "latest" || params[0] === "pending")) {
      const head = Number(BigInt((await upstream("eth_blockNumber", [])).result));
      const body = await upstream("eth_getBlockByNumber", ["0x" + Math.max(0, head - faults.lagBy).toString(16), params[1] ?? false]);
      return reply(res, 200, { ...body, id });
    }
    const body = await upstream(method, params);
    if (faults.lagBy > 0 && method === "eth_getLogs" && Array.isArray(body.result)) {
      const head = Number(BigInt((await upstream("eth_blockNumber", [])).result));
      body.result = body.result.filter((log) => Number(BigInt(log.blockNumber)) <= head - faults.lagBy);
    }
    if (faults.l1Fee && method === "eth_getTransactionReceipt" && body.result) body.result = { ...body.result, l1Fee: faults.l1Fee };
    return reply(res, 200, { ...body, id });
  }

  async function answerRequest(res, parsed) {
    roundTrips.push((Array.isArray(parsed) ? parsed : [parsed]).map(({ method, params }) => ({ method, params })));
    if (!Array.isArray(parsed)) return answer(res, parsed);
    const answers = await Promise.all(parsed.map((call) => answer(res, call)));
    if (answers.includes(HANG)) return HANG;
    const refused = answers.find((a) => a.status !== 200);
    return refused ?? { status: 200, body: answers.map((a) => a.body), headers: {} };
  }

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      answerRequest(res, JSON.parse(raw)).then(
        (a) => (a === HANG ? hanging.add(res) : send(res, a.status, a.body, a.headers)),
        (e) => send(res, 500, { error: String(e?.message ?? e) }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    faults,
    requests,
    roundTrips,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
