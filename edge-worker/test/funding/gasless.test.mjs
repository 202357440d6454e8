// Gasless submits through the real worker bundle (workerd via Miniflare): authorizations signed
// here with ethers for each standard, every refusal with its field, idempotency under replay and
// concurrency, conflicts, partner mapping, the chain's confirmation of the vault derivation, the
// simulation that refuses a funding that would fail, and the relayer moving jobs on. Production's
// Base is served by a JSON-RPC double (chain-double.mjs); the same paths against the real
// contracts are in gasless-chains.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
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
} from "../gasless-helpers.mjs";
import { chainRpcUrls, startChainDouble } from "../chain-double.mjs";
import { workerdPids } from "../../../bench/worker-process.mjs";
import { AbiCoder, keccak256 } from "ethers";

const json = { "content-type": "application/json" };
let bundleDir;
let persist;
let worker;
let chain;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-gasless-state-");
  chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(chain.url) } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await chain?.close();
});

// Every job a submit in this file created, so that a test counting broadcasts can first wait
// for the relaying of earlier tests' jobs (their transactions would land in its count).
const createdJobs = new Set();
async function submit(standard, body, key = DEV_KEYS.acme) {
  const res = await worker.fetch(`/v1/gasless/${standard}`, { method: "POST", key, headers: json, body: JSON.stringify(body) });
  if (res.status === 202) createdJobs.add((await res.clone().json()).id);
  return res;
}

/** Waits until no job created so far is still being relayed. */
async function relayerIdle() {
  for (const id of createdJobs) {
    await waitFor(async () => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json(), (job) => job.status !== "accepted");
  }
}

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
      assert.deepEqual(Object.keys(job), ["id", "status", "waitingFor", "standard", "quoteId", "intentHash", "chainId", "transactionHash", "confirmations", "final", "error", "createdAt", "updatedAt"]);
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

  test("the job is readable by id and by quote, and the relayer publishes it", async () => {
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
    assert.equal(final.status, "published", JSON.stringify(final));
    // The relayer broadcast the authorization and then the funding, whose hash the job carries.
    assert.ok(chain.sent.some((raw) => keccak256(raw) === final.transactionHash));
    assert.equal((await worker.fetch(`/v1/gasless/jobs/job:${crypto.randomUUID()}`, { key: DEV_KEYS.acme })).status, 404);
    assert.equal((await worker.fetch(`/v1/gasless/jobs/not-a-job`, { key: DEV_KEYS.acme })).status, 400);
  });

  test("another partner's key reads the job as a missing one, by id and by quote", async () => {
    const quote = await vectorQuote();
    const created = await (await submit("erc3009", await erc3009Submit(quote))).json();
    const quoteId = quote.id.slice(6);
    assert.equal((await worker.fetch(`/v1/gasless/jobs/${created.id}`, { key: DEV_KEYS.acme })).status, 200, "its owner reads it");
    const byId = await worker.fetch(`/v1/gasless/jobs/${created.id}`, { key: DEV_KEYS.frugal });
    assert.equal(byId.status, 404);
    const missing = await (await worker.fetch(`/v1/gasless/jobs/job:${crypto.randomUUID()}`, { key: DEV_KEYS.frugal })).json();
    const { code, errors, detail } = await byId.json();
    assert.deepEqual({ code, errors }, { code: missing.code, errors: missing.errors }, "the same answer as a job that does not exist");
    assert.equal(detail, `no gasless job ${created.id}`);
    const byQuote = await worker.fetch(`/v1/gasless/jobs?quoteId=${quoteId}`, { key: DEV_KEYS.frugal });
    assert.equal(byQuote.status, 404);
    assert.equal((await byQuote.json()).detail, `quote ${quoteId} has no gasless job`);
    // Another key of the owning partner reads it.
    assert.equal((await worker.fetch(`/v1/gasless/jobs/${created.id}`, { key: DEV_KEYS.slow })).status, 200);
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

  test("a key without the gasless feature gets 403 feature-not-enabled, before its submit is read", async () => {
    const res = await submit("erc3009", await erc3009Submit(await vectorQuote()), DEV_KEYS.basic);
    const problem = await res.json();
    assert.equal(res.status, 403);
    assert.equal(problem.code, "feature-not-enabled");
    assert.match(problem.detail, /not enabled for gasless/);
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

describe("the relayer simulates before it accepts", () => {
  /** Sets part of the double's world for one submit, then restores it. */
  async function refusedWhile(change, standard, body, reason) {
    await relayerIdle();
    const saved = { ...chain.world };
    Object.assign(chain.world, change);
    const sentBefore = chain.sent.length;
    try {
      const res = await submit(standard, body);
      const problem = await res.json();
      assert.equal(res.status, 422, JSON.stringify(problem));
      assert.equal(problem.code, "funding-would-fail");
      assert.match(problem.detail, reason);
      assert.match(problem.detail, /Nothing was sent and no job was created/);
    } finally {
      Object.assign(chain.world, saved);
    }
    const quoteId = body.quote.id.slice("quote:".length);
    assert.equal((await worker.fetch(`/v1/gasless/jobs?quoteId=${quoteId}`, { key: DEV_KEYS.acme })).status, 404, "no job");
    assert.equal(chain.sent.length, sentBefore, "nothing broadcast");
    // Once the chain says the funding would succeed, the same payload is accepted (and relayed
    // before the next case counts broadcasts).
    const accepted = await submit(standard, body);
    assert.equal(accepted.status, 202);
    const { id } = await accepted.json();
    await waitFor(async () => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json(), (job) => job.status !== "accepted");
  }

  test("an empty wallet, a used authorization, a missing approval and a reverting call are 422", async () => {
    await refusedWhile({ balance: 0n }, "erc3009", await erc3009Submit(await vectorQuote()), /insufficient balance: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds 0/);
    await refusedWhile({ authorizationUsed: true }, "erc3009", await erc3009Submit(await vectorQuote()), /authorization already used/);
    await refusedWhile({ allowance: 0n }, "permit2", await permit2Submit(await vectorQuote()), /Permit2 not approved/);
    await refusedWhile({ allowance: 0n }, "permit3", permit3Submit(await vectorQuote()), /Permit3 not approved/);
    await refusedWhile({ permit2Nonce: 1n }, "permit2", await permit2Submit(await vectorQuote()), /authorization already used/);
    await refusedWhile({ authorizationReverts: true }, "erc3009", await erc3009Submit(await vectorQuote()), /the authorization call reverts: execution reverted: FiatTokenV2: invalid signature/);
    await refusedWhile({ rewardStatus: 1 }, "erc3009", await erc3009Submit(await vectorQuote()), /intent already funded: the Portal .* reports intent 0x[0-9a-f]{64} as funded/);
    await refusedWhile({ permit3SaltUsed: true }, "permit3", permit3Submit(await vectorQuote()), /authorization already used: Permit3 salt 0x[0-9a-f]{64}/);
  });

  test("a job whose funding would revert when simulated right before signing fails, and nothing is broadcast", async () => {
    await relayerIdle();
    const sentBefore = chain.sent.length;
    chain.world.fundingRevertsInSimulation = true;
    try {
      const res = await submit("erc3009", await erc3009Submit(await vectorQuote()));
      assert.equal(res.status, 202);
      const { id } = await res.json();
      const job = await waitFor(async () => (await worker.fetch(`/v1/gasless/jobs/${id}`, { key: DEV_KEYS.acme })).json(), (j) => j.status !== "accepted");
      assert.equal(job.status, "failed", JSON.stringify(job));
      assert.match(job.error, /simulated together against the pending state, the funding call reverts: execution reverted/);
      assert.equal(job.transactionHash, null);
    } finally {
      chain.world.fundingRevertsInSimulation = false;
    }
    assert.equal(chain.sent.length, sentBefore, "nothing broadcast");
  });

  test("a submit for a quote that has its job answers the job without simulating again", async () => {
    const body = await erc3009Submit(await vectorQuote());
    assert.equal((await submit("erc3009", body)).status, 202);
    // The relayer spent the authorization: a retry must still find its job, not a 422.
    chain.world.authorizationUsed = true;
    try {
      assert.equal((await submit("erc3009", body)).status, 200);
    } finally {
      chain.world.authorizationUsed = false;
    }
  });
});

describe("addresses that receive funds need a chain that confirmed the vault derivation", () => {
  let wrongChain;
  let unconfirmed;
  let state;

  before(async () => {
    // A Portal whose vaults differ from what the configuration implies (a wrong vaultInitCodeHash).
    wrongChain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash, derivation: "wrong" });
    state = tempDir("sr-gasless-unconfirmed-state-");
    unconfirmed = await startWorker({ bundleDir, persistDir: state.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(wrongChain.url) } });
  });

  after(async () => {
    await unconfirmed?.dispose();
    state?.remove();
    await wrongChain?.close();
  });

  test("chain records say which chains confirmed", async () => {
    const confirmed = await (await worker.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    assert.equal(confirmed.chains.find((c) => c.chainId === 8453).vaultDerivation, "confirmed");
    assert.equal(confirmed.chains.find((c) => c.chainId === 1399811149).vaultDerivation, "unconfirmed");
    const wrong = await (await unconfirmed.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    assert.ok(wrong.chains.every((c) => c.vaultDerivation === "unconfirmed"), JSON.stringify(wrong.chains));
  });

  test("ERC-3009 and Permit3 transfers are 503 chain-unverified with Retry-After; allowances are accepted", async () => {
    const post = (standard, body) => unconfirmed.fetch(`/v1/gasless/${standard}`, { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
    for (const [standard, body] of [
      ["erc3009", await erc3009Submit(await vectorQuote())],
      ["permit3", permit3Submit(await vectorQuote(), { modeOrExpiration: "0" })],
    ]) {
      const res = await post(standard, body);
      const problem = await res.json();
      assert.equal(res.status, 503, `${standard}: ${JSON.stringify(problem)}`);
      assert.equal(problem.code, "chain-unverified");
      assert.equal(res.headers.get("retry-after"), "60");
      assert.match(problem.detail, /chain 8453/);
    }
    assert.equal((await post("permit2", await permit2Submit(await vectorQuote()))).status, 202);
    assert.equal((await post("permit3", permit3Submit(await vectorQuote()))).status, 202);
  });

  test("a deposit address is not handed out", async () => {
    const res = await unconfirmed.fetch("/v1/acme-gateway/deposit-addresses", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000" },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
        refundRecipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      }),
    });
    const problem = await res.json();
    assert.equal(res.status, 503, JSON.stringify(problem));
    assert.equal(problem.code, "chain-unverified");
    assert.equal(res.headers.get("retry-after"), "60");
  });
});

// Row 22 of docs/security.md: a job is acknowledged (202) only once it is stored, so a worker
// killed with SIGKILL in the middle of a burst loses no acknowledged job and duplicates none.
// Bounded (12 submits, the kill at the third acknowledgment) so CI runs it; npm run bench:faults
// repeats it at scale against the real contracts.
describe("the worker killed (kill -9) in the middle of a burst of submits", () => {
  test("after a restart on the same storage every acknowledged job exists once, and every submit again answers its one job", async () => {
    const bodies = [];
    for (let i = 0; i < 12; i++) bodies.push(await erc3009Submit(await vectorQuote({ expiresAt: nowSec() + 600 })));
    let acknowledged = 0;
    let killed = false;
    const kill = async () => {
      killed = true;
      const pids = workerdPids();
      assert.ok(pids.length > 0, "a workerd to kill");
      for (const pid of pids) process.kill(pid, "SIGKILL");
    };
    const answers = await Promise.all(
      bodies.map(async (body) => {
        try {
          const res = await worker.fetch("/v1/gasless/erc3009", { method: "POST", key: DEV_KEYS.acme, headers: json, body: JSON.stringify(body) });
          const job = await res.json();
          if (res.status === 202 && ++acknowledged === 3 && !killed) await kill();
          return { status: res.status, job };
        } catch (e) {
          return { status: 0, error: String(e?.message ?? e) };
        }
      }),
    );
    assert.ok(killed, "the kill happened during the burst");
    const acked = answers.filter((a) => a.status === 202 || a.status === 200);
    for (const a of answers) assert.ok([0, 200, 202].includes(a.status), JSON.stringify(a));
    assert.ok(acked.length >= 3);
    await worker.dispose().catch(() => {});
    worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(chain.url) } });
    for (const [i, a] of answers.entries()) {
      const quoteId = bodies[i].quote.id.slice("quote:".length);
      if (a.status !== 0) {
        // Acknowledged before the kill: stored, readable by id and by quote, the same job.
        const byId = await worker.fetch(`/v1/gasless/jobs/${a.job.id}`, { key: DEV_KEYS.acme });
        assert.equal(byId.status, 200, `acknowledged job ${a.job.id} lost`);
        const stored = await byId.json();
        assert.deepEqual([stored.id, stored.createdAt], [a.job.id, a.job.createdAt]);
        assert.equal((await (await worker.fetch(`/v1/gasless/jobs?quoteId=${quoteId}`, { key: DEV_KEYS.acme })).json()).id, a.job.id);
      }
      // The identical payload again: the acknowledged job (200), or, for a submit the kill cut
      // off, its job if it was stored (200) or a new one (202), and from then on that one only.
      const again = await submit("erc3009", bodies[i]);
      const job = await again.json();
      if (a.status !== 0) assert.deepEqual([again.status, job.id], [200, a.job.id], "an acknowledged job answered again, never a second one");
      else assert.ok([200, 202].includes(again.status), JSON.stringify(job));
      const third = await submit("erc3009", bodies[i]);
      assert.deepEqual([third.status, (await third.json()).id], [200, job.id], "one job per quote");
    }
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
