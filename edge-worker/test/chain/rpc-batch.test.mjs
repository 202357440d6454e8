// JSON-RPC batches (src/chain/rpc-batch.js), as a quote sends its funder reads and its gas
// simulations: against a real anvil, each member answered in order, cross-checked with ethers; a
// member the node refuses is that member's error while the others answer; and what providers do
// to batches, from a double in front of the same anvil: a batch refused whole (an error object
// where the array is due), a member left out or answered twice, answers in another order, an HTTP
// 429. No refused member ever reads as a success.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, test } from "node:test";
import { JsonRpcProvider } from "ethers";

import { freePort, startAnvil } from "../../../scripts/chains/anvil.mjs";
import { rpcBatch } from "../../src/chain/rpc-batch.js";
import { startRpcProxy } from "../rpc-proxy.mjs";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"; // anvil #1

let anvil, provider, proxy, double;
// What the double does to the node's batch answer before passing it on (null: passes it as is).
let rewrite = null;
const batchesSeen = [];

before(async () => {
  anvil = await startAnvil({ name: "batch", chainId: 31337, port: await freePort() });
  provider = new JsonRpcProvider(anvil.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
  proxy = await startRpcProxy(anvil.rpcUrl);
  double = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      const sent = JSON.parse(raw);
      batchesSeen.push(Array.isArray(sent) ? sent.length : 0);
      const upstream = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
      const answer = await upstream.json();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rewrite ? rewrite(answer, sent) : answer));
    });
  });
  await new Promise((resolve) => double.listen(0, "127.0.0.1", resolve));
});

after(async () => {
  provider?.destroy();
  await proxy?.close();
  await new Promise((resolve) => (double ? double.close(resolve) : resolve()));
  await anvil?.stop();
});

const doubleUrl = () => `http://127.0.0.1:${double.address().port}`;
const hex = (n) => "0x" + n.toString(16);

describe("a batch against anvil", () => {
  test("every member answered, in the order asked, as ethers reads them one by one", async () => {
    const head = await provider.getBlockNumber();
    const answers = await rpcBatch(anvil.rpcUrl, [
      { method: "eth_getBalance", params: [ACCOUNT, hex(head)] },
      { method: "eth_chainId", params: [] },
      { method: "eth_getTransactionCount", params: [ACCOUNT, hex(head)] },
    ]);
    assert.deepEqual(answers, [
      { result: hex(await provider.getBalance(ACCOUNT, head)) },
      { result: "0x7a69" },
      { result: hex(await provider.getTransactionCount(ACCOUNT, head)) },
    ]);
  });

  test("a member the node refuses is that member's error; the others keep their answers", async () => {
    const head = await provider.getBlockNumber();
    // A block the chain does not have (as a reused head after a reorganisation shortened it).
    const answers = await rpcBatch(anvil.rpcUrl, [
      { method: "eth_getBalance", params: [ACCOUNT, hex(head)] },
      { method: "eth_call", params: [{ to: ACCOUNT, data: "0x" }, hex(head + 1000)] },
      { method: "no_such_method", params: [] },
    ]);
    assert.deepEqual(answers[0], { result: hex(await provider.getBalance(ACCOUNT, head)) });
    assert.ok(answers[1].error && !("result" in answers[1]), JSON.stringify(answers[1]));
    assert.match(answers[1].error.message, /block/i);
    assert.equal(answers[2].error.code, -32601);
  });

  test("one call goes alone, not as a batch", async () => {
    batchesSeen.length = 0;
    rewrite = null;
    const [answer] = await rpcBatch(doubleUrl(), [{ method: "eth_chainId", params: [] }]);
    assert.deepEqual(answer, { result: "0x7a69" });
    assert.deepEqual(batchesSeen, [0]);
  });
});

describe("what providers do to batches", () => {
  const calls = [
    { method: "eth_chainId", params: [] },
    { method: "eth_blockNumber", params: [] },
  ];

  test("refused whole (an error object, not an array): every member's error", async () => {
    rewrite = () => ({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "batch requests are not supported" } });
    const answers = await rpcBatch(doubleUrl(), calls);
    assert.deepEqual(answers, [
      { error: { code: -32600, message: "batch requests are not supported" } },
      { error: { code: -32600, message: "batch requests are not supported" } },
    ]);
  });

  test("a member left out, or answered twice, is that member's error", async () => {
    rewrite = (answer) => answer.filter((m) => m.id !== 2);
    const left = await rpcBatch(doubleUrl(), calls);
    assert.deepEqual(left[0], { result: "0x7a69" });
    assert.match(left[1].error.message, /left this call out/);
    rewrite = (answer) => [...answer, { ...answer[0], result: "0x1" }];
    const twice = await rpcBatch(doubleUrl(), calls);
    assert.match(twice[0].error.message, /twice/);
    assert.ok(twice[1].result);
  });

  test("answers in another order are matched by id", async () => {
    rewrite = (answer) => [...answer].reverse();
    const answers = await rpcBatch(doubleUrl(), calls);
    assert.deepEqual(answers[0], { result: "0x7a69" });
    assert.equal(answers[1].result, hex(await provider.getBlockNumber()));
  });

  test("a member with an error beside a result, or with neither, is an error", async () => {
    rewrite = (answer) => [{ ...answer[0], error: { code: 3, message: "execution reverted" } }, { jsonrpc: "2.0", id: answer[1].id }];
    const answers = await rpcBatch(doubleUrl(), calls);
    assert.deepEqual(answers[0], { error: { code: 3, message: "execution reverted" } });
    assert.match(answers[1].error.message, /neither/);
  });

  test("a member refused through a provider's proxy is refused alone", async () => {
    proxy.faults.answer = (method) => (method === "eth_blockNumber" ? { code: -32005, message: "rate limit exceeded" } : null);
    try {
      const answers = await rpcBatch(proxy.url, calls);
      assert.deepEqual(answers, [{ result: "0x7a69" }, { error: { code: -32005, message: "rate limit exceeded" } }]);
    } finally {
      proxy.faults.answer = null;
    }
  });

  test("an HTTP 429 for the batch throws (nothing was answered)", async () => {
    proxy.faults.rateLimited = 1;
    await assert.rejects(rpcBatch(proxy.url, calls), /HTTP 429/);
    assert.equal(proxy.faults.rateLimited, 0);
  });
});
