// The local reference solver's quoting endpoint (scripts/chains/remote-solver.mjs) reads its
// balance on the destination chain once per inventoryReadMs, not once per quote: concurrent
// quotes share one read, a later quote within the bound reuses it, its own fill (forgetInventory)
// and a failed read make the next quote read again, and a bound of 0 reads for every quote. The
// node is a JSON-RPC double that answers balanceOf with a word of the test's choosing and counts
// the calls. Bounds are far from any test's duration: nothing here depends on timing.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { Interface } from 'ethers';
import { LOCAL_SOLVERS, devAccount } from '../../scripts/chains/deploy.mjs';
import { createQuoteServer } from '../../scripts/chains/remote-solver.mjs';

const USDC_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC_B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PORTAL = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const PROVER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const reference = LOCAL_SOLVERS.find((s) => s.id === 'local-reference');
const erc20 = new Interface(['function balanceOf(address) view returns (uint256)']);

// The node double: balanceOf(the solver) on USDC_B answers `held`, or an error while `failing`.
const node = { held: 10n ** 12n, failing: false, calls: [] };
let double, nodeUrl;
const servers = [];

before(async () => {
  double = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const { id, method, params } = JSON.parse(raw);
      node.calls.push({ method, to: params?.[0]?.to, data: params?.[0]?.data });
      const body = method === 'eth_call' && !node.failing
        ? { jsonrpc: '2.0', id, result: erc20.encodeFunctionResult('balanceOf', [node.held]) }
        : { jsonrpc: '2.0', id, error: { code: -32000, message: method === 'eth_call' ? 'header not found' : `no ${method} here` } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => double.listen(0, '127.0.0.1', resolve));
  nodeUrl = `http://127.0.0.1:${double.address().port}`;
});

after(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => double.close(resolve));
});

async function quoteServer(inventoryReadMs) {
  const chains = [
    { chainId: 31337, portal: PORTAL, prover: PROVER, tokens: { USDC: USDC_A }, rpcUrl: nodeUrl },
    { chainId: 31338, portal: PORTAL, prover: PROVER, tokens: { USDC: USDC_B }, rpcUrl: nodeUrl },
  ];
  const server = createQuoteServer({ chains, solver: reference, inventoryReadMs });
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/quote`;
  const ask = async (amount = '5000000') => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'exact-in', source: { chainId: 31337, token: USDC_A, amount }, destination: { chainId: 31338, token: USDC_B }, deadline: 2_000_000_000 }),
    });
    return { status: res.status, body: await res.json() };
  };
  return { server, ask };
}

const balanceReads = () => node.calls.filter((c) => c.method === 'eth_call');

describe("the reference solver's inventory reads", () => {
  it('one read answers concurrent and later quotes within the bound; its fill and a failed read make the next quote read again', async () => {
    node.calls.length = 0;
    const { server, ask } = await quoteServer(3_600_000);
    const first = await Promise.all([ask(), ask(), ask()]);
    assert.deepEqual(first.map((a) => a.status), [200, 200, 200]);
    assert.equal((await ask()).status, 200);
    assert.equal(balanceReads().length, 1);
    // What it read is its own balance of the delivered token.
    const [read] = balanceReads();
    assert.equal(read.to.toLowerCase(), USDC_B.toLowerCase());
    assert.deepEqual(erc20.decodeFunctionData('balanceOf', read.data).map(String), [devAccount(reference.accountIndex).address]);

    // Its fill spent inventory: read again, and the new balance decides (less than the route delivers: 422).
    node.held = 1n;
    server.forgetInventory();
    const short = await ask();
    assert.equal(short.status, 422, JSON.stringify(short.body));
    assert.equal(balanceReads().length, 2);
    assert.equal((await ask()).status, 422);
    assert.equal(balanceReads().length, 2);

    // A failed read is not kept: 503 now, read again by the next quote.
    node.held = 10n ** 12n;
    node.failing = true;
    server.forgetInventory();
    assert.equal((await ask()).status, 503);
    node.failing = false;
    assert.equal((await ask()).status, 200);
    assert.equal(balanceReads().length, 4);
  });

  it('a bound of 0 reads the balance for every quote', async () => {
    node.calls.length = 0;
    const { ask } = await quoteServer(0);
    for (let i = 0; i < 3; i++) assert.equal((await ask()).status, 200);
    assert.equal(balanceReads().length, 3);
  });
});
