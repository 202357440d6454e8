// Gasless submits through the real worker bundle (workerd via Miniflare): authorizations signed
// here with ethers for each standard, every refusal with its field, idempotency under replay and
// concurrency, conflicts, partner mapping, and the relayer moving jobs on (without local chains:
// failed with its reason; with them: published with a real transaction, see the last suite).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "./harness.mjs";
import {
  USDT_BASE,
  erc3009Submit,
  fieldsOf,
  nowSec,
  permit2Submit,
  permit3Submit,
  signQuote,
  stranger,
  usdcBaseDomain,
  vectorQuote,
  vectors,
  waitFor,
} from "./gasless-helpers.mjs";
import { AbiCoder, keccak256 } from "ethers";

const json = { "content-type": "application/json" };
let bundleDir;
let persist;
let worker;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-gasless-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
});

const submit = (standard, body, key = DEV_KEYS.acme) => worker.fetch(`/v1/gasless/${standard}`, { method: "POST", key, headers: json, body: JSON.stringify(body) });

async function refused(standard, body) {
  const res = await submit(standard, body);
  const problem = await res.json();
  assert.equal(res.status, 400, JSON.stringify(problem));
  assert.equal(problem.code, "invalid-request");
  return fieldsOf(problem);
}

describe("gasless submits", () => {
  test("ERC-3009, Permit2 and Permit3 authorizations signed with ethers are accepted (202 with the job)", async () => {
    for (const [standard, make] of [["erc3009", erc3009Submit], ["permit2", permit2Submit], ["permit3", permit3Submit]]) {
      const quote = await vectorQuote();
      const res = await submit(standard, await make(quote));
      const job = await res.json();
      assert.equal(res.status, 202, `${standard}: ${JSON.stringify(job)}`);
      assert.deepEqual(Object.keys(job), ["id", "status", "standard", "quoteId", "intentHash", "chainId", "transactionHash", "error", "createdAt", "updatedAt"]);
      assert.equal(job.id, `job:${quote.id.slice("quote:".length)}`);
      assert.equal(job.status, "accepted");
      assert.equal(job.standard, standard);
      assert.equal(job.quoteId, quote.id.slice("quote:".length));
      assert.ok(Number.isInteger(job.createdAt) && job.createdAt === job.updatedAt);
      assert.equal(job.intentHash, vectors.intents[0].intentHash);
      assert.equal(job.chainId, 8453);
      assert.equal(job.transactionHash, null);
    }
  });

  test("the job is readable by id and by quote, and the relayer moves it on (no RPC here: failed with the reason)", async () => {
    const quote = await vectorQuote();
    const created = await (await submit("erc3009", await erc3009Submit(quote))).json();
    const byId = await worker.fetch(`/v1/gasless/jobs/${created.id}`, { key: DEV_KEYS.acme });
    assert.equal(byId.status, 200);
    assert.equal((await byId.json()).id, created.id);
    const byQuote = await worker.fetch(`/v1/gasless/jobs?quoteId=${quote.id.slice(6)}`, { key: DEV_KEYS.acme });
    assert.equal((await byQuote.json()).id, created.id);
    const final = await waitFor(
      async () => (await worker.fetch(`/v1/gasless/jobs/${created.id}`, { key: DEV_KEYS.acme })).json(),
      (job) => job.status !== "accepted",
    );
    assert.equal(final.status, "failed");
    assert.match(final.error, /no JSON-RPC endpoint is configured for chain 8453/);
    assert.equal((await worker.fetch(`/v1/gasless/jobs/job:${crypto.randomUUID()}`, { key: DEV_KEYS.acme })).status, 404);
    assert.equal((await worker.fetch(`/v1/gasless/jobs/not-a-job`, { key: DEV_KEYS.acme })).status, 400);
  });

  test("the identical payload again answers 200 with the same job", async () => {
    const body = await erc3009Submit(await vectorQuote());
    const first = await submit("erc3009", body);
    assert.equal(first.status, 202);
    const again = await submit("erc3009", body);
    assert.equal(again.status, 200);
    // The same job (the relayer may already have moved its status on).
    const [a, b] = [await first.json(), await again.json()];
    assert.equal(b.id, a.id);
    assert.equal(b.createdAt, a.createdAt);
    assert.equal(b.quoteId, a.quoteId);
  });

  test("20 identical submits at once create exactly one job", async () => {
    const body = await erc3009Submit(await vectorQuote());
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit("erc3009", body)));
    const statuses = responses.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 202].sort());
    const jobs = await Promise.all(responses.map((r) => r.json()));
    assert.equal(new Set(jobs.map((j) => j.id)).size, 1);
    assert.equal(new Set(jobs.map((j) => j.createdAt)).size, 1);
  });

  test("a different authorization for a quote with a job is a 409 conflict", async () => {
    const quote = await vectorQuote();
    assert.equal((await submit("erc3009", await erc3009Submit(quote))).status, 202);
    const res = await submit("erc3009", await erc3009Submit(quote)); // fresh nonce: another authorization
    const problem = await res.json();
    assert.equal(res.status, 409);
    assert.equal(problem.code, "conflict");
    assert.match(problem.detail, /already has gasless job job:/);
    // Another standard for the same quote conflicts too.
    assert.equal((await submit("permit2", await permit2Submit(quote))).status, 409);
  });

  test("a key without a partner gets 403 partner-not-mapped", async () => {
    const res = await submit("erc3009", await erc3009Submit(await vectorQuote()), DEV_KEYS.unmapped);
    const problem = await res.json();
    assert.equal(res.status, 403);
    assert.equal(problem.code, "partner-not-mapped");
    assert.match(problem.detail, /cannot be attributed to an authorized key/);
    assert.equal((await submit("erc3009", {}, DEV_KEYS.revoked)).status, 401);
    assert.equal((await worker.fetch("/v1/gasless/erc3009", { method: "POST", headers: json, body: "{}" })).status, 403);
  });
});

describe("gasless refusals name the field", () => {
  test("binding rule: authorization.to, permit2.spender, permit3 permits[].account must be the vault", async () => {
    const quote = await vectorQuote();
    assert.deepEqual(await refused("erc3009", await erc3009Submit(quote, { to: stranger.address })), ["authorization.to"]);
    assert.deepEqual(await refused("permit2", await permit2Submit(quote, { spender: stranger.address })), ["permit2.spender"]);
    assert.deepEqual(await refused("permit3", permit3Submit(quote, { account: stranger.address })), ["permit3.chainPermits.permits[0].account"]);
  });

  test("wrong signer and wrong domain fail on the signature", async () => {
    const quote = await vectorQuote();
    assert.deepEqual(await refused("erc3009", await erc3009Submit(quote, { wallet: stranger })), ["signature"]);
    assert.deepEqual(await refused("erc3009", await erc3009Submit(quote, { domain: { ...usdcBaseDomain, version: "1" } })), ["signature"]);
    assert.deepEqual(await refused("permit2", await permit2Submit(quote, { chainId: 1 })), ["signature"]);
    // Permit3 signed under the source chain's id instead of the fixed chainId 1.
    assert.deepEqual(await refused("permit3", permit3Submit(quote, { domainChainId: 8453 })), ["signature"]);
  });

  test("an expired quote and a quote not signed by the service", async () => {
    const expired = await vectorQuote({ expiresAt: nowSec() - 1 });
    assert.ok((await refused("erc3009", await erc3009Submit(expired))).includes("quote.expiresAt"));
    const forged = await vectorQuote({ signer: stranger });
    assert.deepEqual(await refused("erc3009", await erc3009Submit(forged)), ["quote.signature"]);
    const tampered = await vectorQuote();
    tampered.steps[0].intents[0].intent.route.tokens[0].amount = "1";
    assert.deepEqual(await refused("erc3009", await erc3009Submit(tampered)), ["quote.steps[0].intents[0].intentHash"]);
  });

  test("a token that does not support the standard (Base USDT has no ERC-3009)", async () => {
    const v = vectors.intents[0];
    const intent = structuredClone(v.intent);
    intent.reward.tokens[0].token = USDT_BASE;
    const { intentHash, vault } = hashAndVault(intent);
    const quote = await signQuote({ intent, intentHash, vault, chainId: 8453, token: USDT_BASE, amount: "25000000", funderAddress: v.intent.reward.creator, expiresAt: nowSec() + 120 });
    assert.deepEqual(await refused("erc3009", await erc3009Submit(quote, { domain: { ...usdcBaseDomain, verifyingContract: USDT_BASE } })), ["quote.source.token"]);
  });

  test("amounts short of source.amount", async () => {
    const quote = await vectorQuote();
    assert.deepEqual(await refused("erc3009", await erc3009Submit(quote, { value: "24999999" })), ["authorization.value"]);
    assert.deepEqual(await refused("permit2", await permit2Submit(quote, { amount: "1" })), ["permit2.details[0].amount"]);
    assert.deepEqual(await refused("permit3", permit3Submit(quote, { amountDelta: "1" })), ["permit3.chainPermits.permits[0].amountDelta"]);
  });

  test("validity windows: ERC-3009 must be valid now and until the quote expires", async () => {
    const quote = await vectorQuote();
    const fields = await refused("erc3009", await erc3009Submit(quote, { validAfter: String(nowSec() + 60), validBefore: String(quote.expiresAt - 1) }));
    assert.deepEqual(fields.sort(), ["authorization.validAfter", "authorization.validBefore"]);
  });
});

/** Intent hash and vault with the production Portal of the vectors (Base in the local config). */
function hashAndVault(intent) {
  const coder = AbiCoder.defaultAbiCoder();
  const route = coder.encode(["(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])"], [[intent.route.salt, intent.route.deadline, intent.route.portal, intent.route.nativeAmount, intent.route.tokens.map((t) => [t.token, t.amount]), intent.route.calls.map((c) => [c.target, c.data, c.value])]]);
  const r = intent.reward;
  const reward = coder.encode(["(uint64,address,address,uint256,(address,uint256)[])"], [[r.deadline, r.creator, r.prover, r.nativeAmount, r.tokens.map((t) => [t.token, t.amount])]]);
  const intentHash = keccak256("0x" + BigInt(intent.destination).toString(16).padStart(16, "0") + keccak256(route).slice(2) + keccak256(reward).slice(2));
  const vault = "0x" + keccak256("0xff" + vectors.portal.slice(2) + intentHash.slice(2) + vectors.vaultInitCodeHash.slice(2)).slice(26);
  return { intentHash, vault };
}
