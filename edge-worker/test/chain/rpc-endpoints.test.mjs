// The chain readers' JSON-RPC client (src/chain/rpc-endpoints.js) against providers' real faults: two
// fault-injecting proxies (rpc-proxy.mjs) in front of one anvil. Failover on a dead, hanging or
// 5xx endpoint; a 429's Retry-After honoured (the endpoint is not asked again before it); a lagging
// node left for the next; a refused log range recognised as such; the chain's own errors passed on.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";

import { freePort, startAnvil } from "../../../scripts/chains/anvil.mjs";
import { RpcError, refusesRange, resetEndpointHealth, rpcEndpoints } from "../../src/chain/rpc-endpoints.js";
import { startRpcProxy } from "../rpc-proxy.mjs";

let anvil;
let first;
let second;

before(async () => {
  anvil = await startAnvil({ name: "rpc", chainId: 31337, port: await freePort() });
  first = await startRpcProxy(anvil.rpcUrl);
  second = await startRpcProxy(anvil.rpcUrl);
});

after(async () => {
  await first?.close();
  await second?.close();
  await anvil?.stop();
});

beforeEach(() => {
  resetEndpointHealth();
  for (const proxy of [first, second]) {
    Object.assign(proxy.faults, { rateLimited: 0, rateLimitedInBody: 0, retryAfter: 1, maxLogRange: null, lagBy: 0, headerNotFound: 0, hang: 0, down: false });
    proxy.requests.length = 0;
  }
});

const asked = (proxy, method) => proxy.requests.filter((r) => r.method === method).length;

describe("endpoints in order of health", () => {
  test("a healthy first endpoint answers everything; the second is never asked", async () => {
    const rpc = rpcEndpoints([first.url, second.url]);
    assert.equal(await rpc.call("eth_chainId", []), "0x7a69");
    assert.equal(await rpc.call("eth_chainId", []), "0x7a69");
    assert.equal(asked(first, "eth_chainId"), 2);
    assert.equal(asked(second, "eth_chainId"), 0);
  });

  test("an endpoint that cannot be reached, or answers 502, fails over and cools down", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const rpc = rpcEndpoints([closed, first.url]);
    assert.equal(await rpc.call("eth_chainId", []), "0x7a69");
    first.faults.down = true;
    const both = rpcEndpoints([first.url, second.url]);
    assert.equal(await both.call("eth_chainId", []), "0x7a69");
    assert.equal(asked(second, "eth_chainId"), 1);
    // Cooling down: the next call goes straight to the second, without asking the first again.
    const before = first.requests.length;
    assert.equal(await both.call("eth_chainId", []), "0x7a69");
    assert.equal(first.requests.length, before);
  });

  test("a call the endpoint never answers is bounded by the timeout, then the next answers", async () => {
    first.faults.hang = 1;
    const rpc = rpcEndpoints([first.url, second.url], { timeoutMs: 300 });
    assert.equal(await rpc.call("eth_blockNumber", []), await anvilCall("eth_blockNumber"));
    assert.equal(asked(first, "eth_blockNumber"), 1);
    assert.equal(asked(second, "eth_blockNumber"), 1);
  });

  test("HTTP 429: Retry-After is honoured, the endpoint is asked again only after it", async () => {
    first.faults.rateLimited = 1;
    first.faults.retryAfter = 1;
    const rpc = rpcEndpoints([first.url]);
    const refused = await rpc.call("eth_chainId", []).catch((e) => e);
    assert.ok(refused instanceof RpcError && refused.unavailable, String(refused));
    assert.ok(refused.retryAfterMs > 0 && refused.retryAfterMs <= 1000, `${refused.retryAfterMs}`);
    // Within the Retry-After nothing is sent at all.
    const cooling = await rpc.call("eth_chainId", []).catch((e) => e);
    assert.match(cooling.message, /cooling down/);
    assert.equal(asked(first, "eth_chainId"), 1);
    await new Promise((resolve) => setTimeout(resolve, refused.retryAfterMs + 50));
    assert.equal(await rpc.call("eth_chainId", []), "0x7a69");
    assert.equal(asked(first, "eth_chainId"), 2);
  });

  test("a JSON-RPC rate-limit error counts as a 429; with a second endpoint the call still answers", async () => {
    first.faults.rateLimitedInBody = 1;
    const rpc = rpcEndpoints([first.url, second.url]);
    assert.equal(await rpc.call("eth_chainId", []), "0x7a69");
    assert.equal(asked(second, "eth_chainId"), 1);
  });

  test("a lagging node's 'header not found' goes to the next endpoint", async () => {
    first.faults.headerNotFound = 1;
    const rpc = rpcEndpoints([first.url, second.url]);
    const logs = await rpc.call("eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest" }]);
    assert.ok(Array.isArray(logs));
    assert.equal(asked(second, "eth_getLogs"), 1);
  });
});

describe("the chain's own answers", () => {
  test("a refused log range is the caller's to split, not an endpoint fault", async () => {
    first.faults.maxLogRange = 10;
    const rpc = rpcEndpoints([first.url, second.url]);
    const refused = await rpc.call("eth_getLogs", [{ fromBlock: "0x0", toBlock: "0x63" }]).catch((e) => e);
    assert.ok(refusesRange(refused), String(refused));
    assert.equal(asked(second, "eth_getLogs"), 0, "a range refusal is an answer, not a failover");
    assert.deepEqual(await rpc.call("eth_getLogs", [{ fromBlock: "0x0", toBlock: "0x9" }]), []);
  });

  test("an error of the call itself (an unknown method) is passed on with its code", async () => {
    const rpc = rpcEndpoints([first.url]);
    const error = await rpc.call("eth_noSuchMethod", []).catch((e) => e);
    assert.ok(error instanceof RpcError && !error.unavailable, String(error));
    assert.equal(typeof error.code, "number");
    assert.equal(refusesRange(error), false);
  });

  test("no endpoint at all is refused at once", () => {
    assert.throws(() => rpcEndpoints([]), TypeError);
  });
});

async function anvilCall(method) {
  const res = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) });
  return (await res.json()).result;
}
