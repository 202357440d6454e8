// Fees paid to whom they name, on the real contracts: three anvil nodes with the real Portal
// (scripts/chains), both local solvers filling, the real worker bundle in workerd (Miniflare)
// with the local chains as its configuration, and a test wallet (ethers) sending each quote's
// execution.approval and execution.transaction as-is. For an exact-in, an exact-out and a custom
// quote of dev-key-acme (a 10 bps gateway fee): once filled, the recipient's balance grew by
// exactly destination.amountOut (custom: by what its own call transfers), every fee entry that
// names a recipient grew that recipient's balance by exactly its amount, and the statement adds
// up (amountOut + paid fees = source.amount - gas - proving). The reference solver prices from
// its own process over the remote-solver protocol (what production uses), and fills what it
// quoted. With dev-key-frugal (a 5 bps protocol
// fee), the operator's recipient receives exactly the quote's non-zero protocol fee. A multi-hop
// route: the suite's solver coverage serves B -> A only through M, so the engine stitches it; the
// funder pays exactly source.amount on B, the first leg's fill on M publishes and funds the second
// intent through its route's calls (no fee is paid on M), and the second fill pays the recipient
// and the fee recipients on A exactly what the answer says.
// Needs a core build with Service (SR_WASM_DIR or build/wasm-release); loopback only.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Contract, Interface, JsonRpcProvider, Wallet } from "ethers";
import { freePort } from "../../../scripts/chains/anvil.mjs";
import { startLocalStack } from "../../../scripts/chains/local.mjs";
import { ACCOUNT_INDEX, devAccount } from "../../../scripts/chains/deploy.mjs";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";

const JSON_HEADERS = { "content-type": "application/json" };
// A user account of the local stack (test ETH and USDC on both chains).
const funderKey = devAccount(ACCOUNT_INDEX.firstUser + 3).privateKey;
// Receives nothing else in the local stack (anvil #7).
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
// config/local/service.json feeRecipients of 31338 (development account 16).
const PROTOCOL_RECIPIENT = "0x2546BcD3c84621e976D8185a91A922aE77ECEc30";
const erc20 = new Interface(["function transfer(address,uint256)", "function balanceOf(address) view returns (uint256)"]);

let stack, outDir, bundleDir, persist, worker, chainA, chainB, chainM, providers;

// Test-only solver coverage (the bundle's solvers.json): A -> B and A -> M, M -> A and M -> B,
// B -> M, but not B -> A, which the engine then stitches through M (route_planner.h: only a pair no
// solver serves directly is stitched). The local solver loops fill whatever pays them.
function stitchOnlyBToA(file) {
  const tokensOf = (solver, chain) => solver.routes[0].sources.filter((t) => t.chainId === chain.chainId);
  const solvers = JSON.parse(readFileSync(file, "utf8")).map((s) => {
    const [a, b, m] = [chainA, chainB, chainM].map((c) => tokensOf(s, c));
    assert.ok(a.length && b.length && m.length, `${s.id} lists every chain's tokens`);
    return {
      ...s,
      routes: [
        { sources: a, destinations: [...b, ...m] },
        { sources: m, destinations: [...a, ...b] },
        { sources: b, destinations: m },
      ],
    };
  });
  writeFileSync(file, JSON.stringify(solvers, null, 2));
}

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "sr-fees-chains-"));
  stack = await startLocalStack({
    chains: [
      { name: "Test A", chainId: 31337, port: await freePort() },
      { name: "Test B", chainId: 31338, port: await freePort() },
      { name: "Test M", chainId: 31339, port: await freePort() },
    ],
    outDir,
    solverOptions: { pollMs: 200 },
    log: () => {},
  });
  [chainA, chainB, chainM] = stack.deployment.chains;
  providers = new Map(
    stack.deployment.chains.map((c) => [c.chainId, new JsonRpcProvider(c.rpcUrl, c.chainId, { staticNetwork: true, cacheTimeout: -1 })]),
  );
  stitchOnlyBToA(join(outDir, "solvers.json"));
  bundleDir = buildBundle({ env: { SR_LOCAL_CHAINS_DIR: outDir } });
  persist = tempDir("sr-fees-chains-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  for (const provider of providers?.values() ?? []) provider.destroy();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

async function quote(body, key = DEV_KEYS.acme) {
  const res = await worker.fetch("/v1/quotes", { method: "POST", key, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const q = await res.json();
  assert.equal(res.status, 200, JSON.stringify(q));
  return q;
}

async function fund(q) {
  const wallet = new Wallet(funderKey, providers.get(q.source.chainId));
  for (const tx of [q.execution.approval, q.execution.transaction]) {
    const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    await sent.wait();
  }
}

/** The balances of `watched` ([chainId, token, holder] each). */
const balancesOf = (watched) =>
  Promise.all(
    watched.map(async ([chainId, token, holder]) =>
      BigInt(await providers.get(chainId).call({ to: token, data: erc20.encodeFunctionData("balanceOf", [holder]) })),
    ),
  );

/** Whichever local solver wins the intent fills it; the other skips or loses the race. */
const filled = (intentHash) =>
  Promise.any(stack.solvers.map((s) => s.waitFor(intentHash, ["filled", "proven", "withdrawn"], 60_000)));

/**
 * Funds `q`, waits for the fill of each of `intentHashes` (default: the quote's one intent) in
 * turn, and answers each watched balance's change ([chainId, token, holder] each; a bare holder
 * is one of the destination token).
 */
async function fundAndMeasure(q, holders, intentHashes = [q.intentHash]) {
  const watched = holders.map((h) => (Array.isArray(h) ? h : [q.destination.chainId, q.destination.token, h]));
  const before = await balancesOf(watched);
  await fund(q);
  for (const hash of intentHashes) await filled(hash);
  return (await balancesOf(watched)).map((after, i) => after - before[i]);
}

const paidFees = (q) => q.fees.filter((f) => f.recipient !== null && f.amount !== "0");

function expectStatementAddsUp(q) {
  assert.equal(q.slippage, 0);
  assert.equal(q.destination.minAmountOut, q.destination.amountOut);
  const kept = q.fees.filter((f) => f.recipient === null).reduce((s, f) => s + BigInt(f.amount), 0n);
  const paid = paidFees(q).reduce((s, f) => s + BigInt(f.amount), 0n);
  assert.equal(BigInt(q.destination.amountOut) + paid, BigInt(q.source.amount) - kept);
  for (const f of q.fees.filter((f) => f.type === "protocol" || f.type === "gateway")) {
    assert.equal(f.token.chainId, q.destination.chainId);
    assert.equal(f.token.address, q.destination.token);
  }
}

const funder = () => new Wallet(funderKey).address;

/** An exact-in quote of 20.000001 USDC from chain `from` to RECIPIENT on `to`, by dev-key-frugal (protocol and gateway fees). */
const frugalQuote = (from, to) =>
  quote(
    {
      type: "exact-in",
      source: { chainId: from.chainId, token: from.tokens.USDC, amount: "20000001", funder: funder() },
      destination: { chainId: to.chainId, token: to.tokens.USDC, recipient: RECIPIENT },
      dappId: "fees-e2e",
    },
    DEV_KEYS.frugal,
  );

describe("fees reach the recipients they name, through the real Portal", { timeout: 240_000 }, () => {
  for (const type of ["exact-in", "exact-out"]) {
    test(`${type}: the recipient gets exactly amountOut, each fee recipient exactly its fee`, async () => {
      const body = {
        type,
        source: { chainId: chainA.chainId, token: chainA.tokens.USDC, funder: funder() },
        destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT },
        dappId: "fees-e2e",
      };
      (type === "exact-in" ? body.source : body.destination).amount = "20000001";
      const q = await quote(body);
      expectStatementAddsUp(q);
      const fees = paidFees(q);
      assert.ok(fees.some((f) => f.type === "gateway"), "acme's gateway fee is paid on chain");
      const changes = await fundAndMeasure(q, [RECIPIENT, ...fees.map((f) => f.recipient)]);
      assert.deepEqual(changes, [BigInt(q.destination.amountOut), ...fees.map((f) => BigInt(f.amount))]);
      if (type === "exact-out") assert.equal(q.destination.amountOut, "20000001");
    });
  }

  test("a non-zero protocol fee (dev-key-frugal, 5 bps) reaches the operator's recipient", async () => {
    const q = await frugalQuote(chainA, chainB);
    expectStatementAddsUp(q);
    const protocol = q.fees.find((f) => f.type === "protocol");
    // ceil(20000001 x 5 / 10^4), at par in the destination token (6 decimals on both chains).
    assert.equal(protocol.amount, "10001");
    assert.equal(protocol.recipient, PROTOCOL_RECIPIENT);
    const fees = paidFees(q);
    assert.deepEqual(fees.map((f) => f.type).sort(), ["gateway", "protocol"]);
    const changes = await fundAndMeasure(q, [RECIPIENT, ...fees.map((f) => f.recipient)]);
    assert.deepEqual(changes, [BigInt(q.destination.amountOut), ...fees.map((f) => BigInt(f.amount))]);
  });

  test("multi-hop: B -> A through M, the recipient and each fee recipient on A get exactly the answer's figures", async () => {
    const q = await frugalQuote(chainB, chainA);
    expectStatementAddsUp(q);
    assert.equal(q.intentHash, null, "a stitched quote tracks its legs");
    const [first, second] = q.steps.map((s) => s.intents[0]);
    assert.deepEqual(
      [first, second].map((e) => [e.role, e.sourceChainId, e.destinationChainId]),
      [
        ["stitched-source", chainB.chainId, chainM.chainId],
        ["stitched-destination", chainM.chainId, chainA.chainId],
      ],
    );
    const fees = paidFees(q);
    assert.deepEqual(fees.map((f) => f.type).sort(), ["gateway", "protocol"]);
    const changes = await fundAndMeasure(
      q,
      [
        [chainB.chainId, chainB.tokens.USDC, funder()],
        ...fees.map((f) => [chainM.chainId, chainM.tokens.USDC, f.recipient]),
        RECIPIENT,
        ...fees.map((f) => f.recipient),
      ],
      [first.intentHash, second.intentHash],
    );
    assert.deepEqual(changes, [
      -BigInt(q.source.amount),
      ...fees.map(() => 0n),
      BigInt(q.destination.amountOut),
      ...fees.map((f) => BigInt(f.amount)),
    ]);
  });

  test("custom: the client's call runs, then each fee is paid to its recipient", async () => {
    // The client's own call: move 5 USDC of what the route provides to the recipient.
    const calls = [{ target: chainB.tokens.USDC, data: erc20.encodeFunctionData("transfer", [RECIPIENT, 5_000_000n]), value: "0" }];
    const q = await quote({
      type: "custom",
      source: { chainId: chainA.chainId, token: chainA.tokens.USDC, amount: "10000000", funder: funder() },
      destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT, calls },
      dappId: "fees-e2e",
    });
    expectStatementAddsUp(q);
    const route = q.steps[0].intents[0].intent.route;
    assert.deepEqual(route.calls.slice(0, 1), calls);
    const fees = paidFees(q);
    assert.equal(route.calls.length, 1 + fees.length);
    const changes = await fundAndMeasure(q, [RECIPIENT, ...fees.map((f) => f.recipient)]);
    assert.deepEqual(changes, [5_000_000n, ...fees.map((f) => BigInt(f.amount))]);
  });

  test("the reference solver prices from its own process over the remote-solver protocol, then fills, proves and is paid", async () => {
    const remote = stack.remoteSolvers.find((s) => s.id === "local-reference");
    assert.ok(remote.url.startsWith("http://127.0.0.1:") && remote.pid !== process.pid, "a process of its own on loopback");
    const seen = remote.quotes.length;
    const q = await quote({
      type: "exact-in",
      source: { chainId: chainA.chainId, token: chainA.tokens.USDC, amount: "20000001", funder: funder() },
      destination: { chainId: chainB.chainId, token: chainB.tokens.USDC, recipient: RECIPIENT },
      dappId: "fees-e2e",
    });
    assert.equal(q.solver.id, "local-reference");
    // The worker asked it once, and the quote is its answer: the route delivers exactly its
    // amountOut (the recipient's amount and the fees paid on chain).
    const asked = remote.quotes.slice(seen);
    assert.equal(asked.length, 1, JSON.stringify(asked));
    assert.equal(asked[0].status, 200);
    assert.deepEqual(asked[0].request.source, { chainId: chainA.chainId, token: chainA.tokens.USDC, amount: "20000001" });
    const paid = paidFees(q).reduce((sum, f) => sum + BigInt(f.amount), 0n);
    assert.equal(BigInt(q.destination.amountOut) + paid, BigInt(asked[0].answer.amountOut));
    const [received] = await fundAndMeasure(q, [RECIPIENT]);
    assert.equal(received, BigInt(q.destination.amountOut));
    // The remote process, not the in-process budget solver, filled it and collected the reward.
    const record = await remote.waitFor(q.intentHash, ["withdrawn"], 60_000);
    assert.ok(record.transactions.fulfill && record.transactions.withdraw, JSON.stringify(record));
  });
});
