// Quotes fetched over HTTP from the real worker (workerd through Miniflare) pass the same ethers
// cross-checks as the core's own quotes (tests/node/quote-checks.mjs), and every check of the
// `stableroutes` package's verifier, using only what an integrator has: the chain records of
// GET /v1/chains and the request it sent. Exact-in, exact-out, custom, multi-hop and allQuotes;
// tampered copies of a served quote fail the named check.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { loadVerifier } from "stableroutes";

import { checkQuote, erc20 } from "../../../tests/node/quote-checks.mjs";
import { failedChecks, quoteTampers } from "../../../tests/node/quote-tampers.mjs";
import { loadLocalConfig } from "../../../tests/node/local-config.mjs";
import { buildBundle, DEV_KEYS, removeBundle, startWorker, tempDir } from "../harness.mjs";

const { config } = await loadLocalConfig();
const lifetime = config.service.quoteLifetimeSec;
const funder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const recipient = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const token = (chainId, symbol) => config.tokens.find((t) => t.chainId === chainId && t.symbol === symbol).address;

let bundleDir, persist, worker, chains, verifier;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-quotes-http-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
  const res = await worker.fetch("/v1/chains", { key: DEV_KEYS.acme });
  assert.equal(res.status, 200, "GET /v1/chains (is the core wasm built with Service?)");
  chains = (await res.json()).chains;
  verifier = await loadVerifier();
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  if (bundleDir) removeBundle(bundleDir);
});

/** POSTs a quote request with the acme key; its 200 answer. */
async function postQuote(body) {
  const res = await worker.fetch("/v1/quotes", {
    key: DEV_KEYS.acme,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const quote = await res.json();
  assert.equal(res.status, 200, JSON.stringify(quote));
  return quote;
}

/** POSTs a quote request and checks the answer against the chain records it was fetched with. */
async function fetchAndCheck(body) {
  const from = Math.floor(Date.now() / 1000) + lifetime;
  const quote = await postQuote(body);
  const to = Math.ceil(Date.now() / 1000) + lifetime;
  checkQuote(quote, { chains, expiresAt: { from, to } });
  const report = verifier.verifyQuote(quote, { chains, request: body });
  assert.deepEqual(failedChecks(report), [], JSON.stringify(report.checks.filter((c) => !c.ok)));
  assert.equal(report.ok, true);
  return quote;
}

const exactIn = (extra = {}) => ({
  type: "exact-in",
  source: { chainId: 42161, token: token(42161, "USDC"), amount: "100000000", funder },
  destination: { chainId: 8453, token: token(8453, "USDC"), recipient },
  dappId: "quotes-http-test",
  ...extra,
});

describe("quotes over HTTP, checked with ethers against GET /v1/chains", () => {
  test("exact-in: a direct intent paying amountOut (= minAmountOut) to the recipient, then each fee to its recipient", async () => {
    const q = await fetchAndCheck(exactIn());
    assert.equal(q.steps[0].intents[0].role, "direct");
    assert.equal(q.slippage, 0);
    assert.equal(q.destination.minAmountOut, q.destination.amountOut);
    const route = q.steps[0].intents[0].intent.route;
    const transfer = erc20.decodeFunctionData("transfer", route.calls[0].data);
    assert.equal(transfer.to, recipient);
    assert.equal(transfer.amount, BigInt(q.destination.amountOut));
    const paid = q.fees.filter((f) => f.recipient !== null && f.amount !== "0");
    assert.equal(route.calls.length, 1 + paid.length);
    paid.forEach((fee, i) => {
      const call = erc20.decodeFunctionData("transfer", route.calls[1 + i].data);
      assert.deepEqual([call.to, call.amount], [fee.recipient, BigInt(fee.amount)]);
    });
    assert.equal(BigInt(route.tokens[0].amount), paid.reduce((sum, f) => sum + BigInt(f.amount), BigInt(q.destination.amountOut)));
  });

  test("exact-out: the route delivers destination.amount", async () => {
    const body = exactIn({ type: "exact-out" });
    delete body.source.amount;
    body.destination.amount = "75000000";
    const q = await fetchAndCheck(body);
    const paid = q.fees.filter((f) => f.recipient !== null).reduce((sum, f) => sum + BigInt(f.amount), 0n);
    assert.equal(BigInt(q.steps[0].intents[0].intent.route.tokens[0].amount), 75_000_000n + paid);
  });

  test("custom: the route runs the caller's calls", async () => {
    const calls = [{ target: recipient, data: "0x12345678", value: "0" }];
    const q = await fetchAndCheck(exactIn({ type: "custom", destination: { ...exactIn().destination, calls } }));
    // The caller's calls first, then one transfer per paid fee.
    const paid = q.fees.filter((f) => f.recipient !== null && f.amount !== "0");
    assert.deepEqual(q.steps[0].intents[0].intent.route.calls.slice(0, 1), calls);
    assert.equal(q.steps[0].intents[0].intent.route.calls.length, 1 + paid.length);
  });

  test("multi-hop: stitched-source then stitched-destination, no top-level intentHash", async () => {
    const q = await fetchAndCheck({
      type: "exact-in",
      source: { chainId: 137, token: token(137, "USDT"), amount: "100000000", funder },
      destination: { chainId: 1, token: token(1, "USDT"), recipient },
      dappId: "quotes-http-test",
    });
    assert.equal(q.intentHash, null);
    assert.deepEqual(q.steps.slice(0, 2).map((s) => s.intents[0].role), ["stitched-source", "stitched-destination"]);
  });

  test("allQuotes: every competing quote passes the same checks on its own", async () => {
    const q = await fetchAndCheck(exactIn({ options: { allQuotes: true } }));
    assert.ok(q.competingQuotes.length >= 1);
    const window = { from: q.expiresAt - 5, to: q.expiresAt + 5 };
    for (const c of q.competingQuotes) checkQuote(c, { chains, expiresAt: window });
  });
});

// The bundle above is built from config/local without the local chain stack's overlay: the
// configuration `SR_LOCAL_CHAINS=0 npm start` serves (scripts/serve.sh). Solana is a source and a
// destination there.
describe("Solana source over HTTP (the configuration without local chains)", () => {
  const solanaFunder = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  const body = {
    type: "exact-in",
    source: { chainId: 1399811149, token: token(1399811149, "USDC"), amount: "100000000", funder: solanaFunder },
    destination: { chainId: 8453, token: token(8453, "USDC"), recipient },
    dappId: "quotes-http-test",
  };

  test("USDC on Solana -> USDC on Base: an svm transaction for the funder that the package verifies", async () => {
    const quote = await postQuote(body);
    const solana = chains.find((c) => c.chainId === 1399811149);
    assert.equal(solana.portal, "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
    assert.equal(solana.prover, "EcoHDiDaKXryeHsvRwoJNPEeS56uhmPDd9ksuPyF68ky");
    const tx = quote.execution.transaction;
    assert.equal(tx.type, "svm");
    assert.equal(tx.feePayer, solanaFunder);
    assert.equal(tx.instructions.length, 1);
    assert.equal(tx.instructions[0].programId, solana.portal);
    assert.equal(tx.instructions[0].accounts.length, 10);
    assert.equal(quote.execution.approval, null);
    const report = verifier.verifyQuote(quote, { chains, request: body });
    assert.deepEqual(failedChecks(report), [], JSON.stringify(report.checks.filter((c) => !c.ok)));

    // Registered like any quote; nothing reads Solana, so it stays pending until the fill on Base.
    const hash = quote.steps[0].intents[0].intentHash;
    let status;
    for (let i = 0; i < 50; i++) {
      status = await (await worker.fetch(`/v1/intents/status?intentHash=${hash}`, { key: DEV_KEYS.acme })).json();
      if (status.status !== "unknown") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(status.status, "pending", JSON.stringify(status));
    assert.equal(status.refund, null);
  });

  test("USDC on Base -> USDC on Solana: the route pays with the call Eco's Portal fills, and the package verifies it", async () => {
    const toSolana = {
      type: "exact-in",
      source: { chainId: 8453, token: token(8453, "USDC"), amount: "100000000", funder: recipient },
      destination: { chainId: 1399811149, token: token(1399811149, "USDC"), recipient: solanaFunder },
      dappId: "quotes-http-test",
    };
    const quote = await postQuote(toSolana);
    const entry = quote.steps[0].intents[0];
    assert.equal(entry.role, "direct");
    assert.equal(entry.destinationChainId, 1399811149);
    // The recipient's payment, then the key's gateway fee to the partner's Solana recipient.
    const [call, feeCall] = entry.intent.route.calls;
    assert.equal(entry.intent.route.calls.length, 2);
    assert.equal(feeCall.target, call.target);
    // Target the mint's token program (SPL Token), data Borsh CalldataWithAccounts: TransferChecked
    // (u32 length 10, tag 12, amount, decimals 6), 4 accounts (tests/node/solana-route-kit.test.mjs
    // checks every byte against @solana/kit).
    assert.equal(call.target, "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
    assert.equal(call.value, "0");
    const amount = BigInt(quote.destination.minAmountOut);
    const le = (n) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, "0")).join("");
    assert.ok(call.data.startsWith(`0x0a0000000c${le(amount)}060404000000`), call.data);
    assert.equal(call.data.length, 2 + 2 * 155);
    const report = verifier.verifyQuote(quote, { chains, request: toSolana });
    assert.deepEqual(failedChecks(report), [], JSON.stringify(report.checks.filter((c) => !c.ok)));
  });

  test("a deposit address from Solana is refused with 400 naming source.chainId", async () => {
    const res = await worker.fetch("/v1/acme-gateway/deposit-addresses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        source: { chainId: 1399811149, token: token(1399811149, "USDC"), amount: "25000000" },
        destination: { chainId: 8453, token: token(8453, "USDC"), recipient },
        refundRecipient: solanaFunder,
      }),
    });
    const problem = await res.json();
    assert.equal(res.status, 400, JSON.stringify(problem));
    assert.deepEqual(problem.errors?.map((e) => e.field), ["source.chainId"], JSON.stringify(problem));
  });
});

describe("tampered copies of a served quote fail the package's named check", () => {
  let served;
  before(async () => {
    served = await fetchAndCheck(exactIn({ options: { allQuotes: true } }));
    assert.ok(served.competingQuotes.length >= 1, "the local solvers give competing quotes");
  });

  for (const [name, check, change] of quoteTampers("0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc")) {
    test(`${name}: ${check}`, () => {
      const quote = structuredClone(served);
      change(quote);
      const report = verifier.verifyQuote(quote, { chains, request: exactIn({ options: { allQuotes: true } }) });
      assert.equal(report.ok, false);
      assert.ok(failedChecks(report).includes(check), `${check} passed; failed: ${failedChecks(report)}`);
    });
  }

  test("one second before expiresAt it verifies; at expiresAt it and its competing quotes fail expiry", () => {
    const context = (now) => ({ chains, request: exactIn({ options: { allQuotes: true } }), now });
    assert.deepEqual(failedChecks(verifier.verifyQuote(served, context(served.expiresAt - 1))), []);
    const report = verifier.verifyQuote(served, context(served.expiresAt));
    assert.deepEqual(failedChecks(report), ["expiry", "competing-quotes"]);
    assert.match(report.checks.find((c) => c.name === "competing-quotes").detail, /expir/);
  });
});
