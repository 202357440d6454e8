// The five deposit-address endpoints through the real worker bundle: keyless creation of a quoted
// vault, record and status, ERC-3009 and EIP-2612 submissions signed here with ethers (accepted,
// replayed, conflicting, refused with their fields), unknown addresses, CORS. Creation quotes
// through the engine, so these tests need a core build with Service; Base is a JSON-RPC double
// (chain-double.mjs; the real contracts in gasless-chains.test.mjs). (409 past an address's
// deadline is covered natively in tests/service/deposits/deposit_test.cpp: the local deadline is a day.)
// Answers pass the package's verifyDepositAddress (js/test/deposit-verifier.test.mjs tampers).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hexlify, Interface, randomBytes, Wallet } from "ethers";
import { loadVerifier } from "stableroutes";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { chainRpcUrls, startChainDouble } from "../chain-double.mjs";
import { ERC3009_TYPES, PERMIT_TYPES, USDC_BASE, fieldsOf, nowSec, stranger, usdcBaseDomain, vectors, waitFor } from "../gasless-helpers.mjs";

const json = { "content-type": "application/json" };
const payer = new Wallet("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"); // anvil #3
const REFUND = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const RECIPIENT = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const base = "/v1/acme-gateway";

let bundleDir;
let persist;
let worker;
let chain;

// Base (production addresses) is served by a JSON-RPC double whose Portal confirms the vault
// derivation and whose simulation lets fundings through (chain-double.mjs).
before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-deposit-state-");
  chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  worker = await startWorker({ bundleDir, persistDir: persist.dir, bindings: { CHAIN_RPC_URLS: chainRpcUrls(chain.url) } });
});

after(async () => {
  await worker?.dispose();
  persist?.remove();
  await chain?.close();
});

const post = (path, body) => worker.fetch(path, { method: "POST", headers: json, body: JSON.stringify(body) });
const createBody = () => ({
  source: { chainId: 8453, token: USDC_BASE, amount: "25000000" },
  destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: RECIPIENT },
  refundRecipient: REFUND,
});

async function createAddress() {
  const res = await post(`${base}/deposit-addresses`, createBody());
  const record = await res.json();
  assert.equal(res.status, 201, JSON.stringify(record));
  return record;
}

async function erc3009(record, overrides = {}, { wallet = payer, domain = usdcBaseDomain } = {}) {
  const authorization = { from: payer.address, to: record.vaultAddress, value: record.source.amount, validAfter: "0", validBefore: String(nowSec() + 3600), nonce: hexlify(randomBytes(32)), ...overrides };
  return { vaultAddress: record.vaultAddress, authorization, signature: await wallet.signTypedData(domain, ERC3009_TYPES, authorization) };
}

async function erc2612(record, overrides = {}) {
  const permit = { owner: payer.address, spender: record.vaultAddress, value: record.source.amount, nonce: "0", deadline: String(nowSec() + 3600), ...overrides };
  return { vaultAddress: record.vaultAddress, permit, signature: await payer.signTypedData(usdcBaseDomain, PERMIT_TYPES, permit) };
}

describe("deposit addresses", () => {
  test("creation answers 201 with the quoted vault, keyless and CORS-enabled", async () => {
    const res = await post(`${base}/deposit-addresses`, createBody());
    const record = await res.json();
    assert.equal(res.status, 201, JSON.stringify(record));
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.deepEqual(Object.keys(record), ["vaultAddress", "intentHash", "quoteId", "deadline", "source", "destination", "fees", "minAmountOut", "fundingMethods", "intent", "signature"]);
    assert.match(record.vaultAddress, /^0x[0-9a-fA-F]{40}$/);
    assert.match(record.intentHash, /^0x[0-9a-f]{64}$/);
    assert.match(record.quoteId, /^[0-9a-f-]{36}$/);
    assert.ok(record.deadline >= nowSec() + 86400 - 60);
    assert.deepEqual(record.fundingMethods, ["erc-3009", "erc-2612", "transfer"]);
    assert.deepEqual(record.source, createBody().source);
    assert.equal(record.destination.recipient, RECIPIENT);
    const preflight = await worker.fetch(`${base}/deposit-addresses`, { method: "OPTIONS" });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get("access-control-allow-headers"), /content-type/);
  });

  test("record and status before funding; unknown addresses are 404", async () => {
    const record = await createAddress();
    const got = await (await worker.fetch(`${base}/${record.vaultAddress}`)).json();
    assert.equal(got.vaultAddress, record.vaultAddress);
    assert.equal(got.status, "awaiting-funding");
    // Both answers carry the intent and the signature, and the package's verifier passes both
    // against the worker's own chain records.
    assert.deepEqual([got.intent, got.signature], [record.intent, record.signature]);
    const chains = await (await worker.fetch("/v1/chains", { key: DEV_KEYS.acme })).json();
    const verifier = await loadVerifier();
    for (const answer of [record, got]) {
      const report = verifier.verifyDepositAddress(answer, { chains, request: createBody() });
      assert.equal(report.ok, true, JSON.stringify(report.checks.filter((c) => !c.ok)));
    }
    const status = await worker.fetch(`${base}/status?vaultAddress=${record.vaultAddress}`);
    assert.equal(status.status, 200);
    const body = await status.json();
    assert.deepEqual(Object.keys(body), ["vaultAddress", "status", "deadline", "intentHash", "transactions"]);
    assert.equal(body.status, "awaiting-funding");
    assert.equal(body.intentHash, record.intentHash);
    const unknown = "0x" + "12".repeat(20);
    assert.equal((await worker.fetch(`${base}/${unknown}`)).status, 404);
    assert.equal((await worker.fetch(`${base}/status?vaultAddress=${unknown}`)).status, 404);
    assert.equal((await post(`${base}/submit/erc-3009`, await erc3009({ ...record, vaultAddress: unknown }))).status, 404);
    assert.equal((await worker.fetch(`${base}/status?vaultAddress=nope`)).status, 400);
  });

  test("another partner's gateway answers acme's address as unknown: record, status and submits 404", async () => {
    const record = await createAddress();
    const other = "/v1/frugal-gateway";
    const unknown = "0x" + "34".repeat(20);
    const answers = async (vault) => [
      await worker.fetch(`${other}/${vault}`),
      await worker.fetch(`${other}/status?vaultAddress=${vault}`),
      await post(`${other}/submit/erc-3009`, await erc3009({ ...record, vaultAddress: vault })),
      await post(`${other}/submit/erc-2612`, await erc2612({ ...record, vaultAddress: vault })),
    ];
    const refused = await answers(record.vaultAddress);
    const missing = await answers(unknown);
    for (const [i, res] of refused.entries()) {
      const body = await res.json();
      const none = await missing[i].json();
      assert.equal(res.status, 404, `answer ${i}: ${JSON.stringify(body)}`);
      assert.deepEqual([body.code, body.errors], [none.code, none.errors], `answer ${i}: as for an address that does not exist`);
      assert.ok(!JSON.stringify(body).includes(record.intentHash), `answer ${i} names nothing of the address`);
    }
    // Its own partner's gateway still has it, unfunded: the refused submits reached nothing.
    const own = await (await worker.fetch(`${base}/${record.vaultAddress}`)).json();
    assert.equal(own.status, "awaiting-funding");
    assert.equal(own.job ?? null, null, "no job");
  });

  test("ERC-3009: 202 with the job, the same payload 200, another authorization 409; status follows the job", async () => {
    const record = await createAddress();
    const body = await erc3009(record);
    const first = await post(`${base}/submit/erc-3009`, body);
    const job = await first.json();
    assert.equal(first.status, 202, JSON.stringify(job));
    assert.equal(job.quoteId, record.quoteId);
    assert.equal(job.intentHash, record.intentHash);
    assert.equal(job.standard, "erc3009");
    const again = await post(`${base}/submit/erc-3009`, body);
    assert.equal(again.status, 200);
    const same = await again.json();
    assert.equal(same.id, job.id);
    assert.equal(same.createdAt, job.createdAt);
    assert.equal((await post(`${base}/submit/erc-3009`, await erc3009(record))).status, 409);
    // The relayer publishes the funding; the address stays funding-submitted (with the funding
    // transaction) until chain events report the intent.
    const published = await waitFor(async () => (await worker.fetch(`${base}/${record.vaultAddress}`)).json(), (r) => r.job?.status !== "accepted");
    assert.equal(published.job.status, "published", JSON.stringify(published.job));
    const status = await (await worker.fetch(`${base}/status?vaultAddress=${record.vaultAddress}`)).json();
    assert.equal(status.status, "funding-submitted");
    assert.equal(status.transactions.funded.transactionHash, published.job.transactionHash);
  });

  test("a funding transaction that reverts on chain anyway fails the job with the reason", async () => {
    const record = await createAddress();
    chain.world.receiptStatus = "0x0";
    try {
      assert.equal((await post(`${base}/submit/erc-3009`, await erc3009(record))).status, 202);
      const status = await waitFor(async () => (await worker.fetch(`${base}/status?vaultAddress=${record.vaultAddress}`)).json(), (s) => s.status !== "funding-submitted");
      assert.equal(status.status, "funding-failed");
      const { job } = await (await worker.fetch(`${base}/${record.vaultAddress}`)).json();
      assert.match(job.error, /reverted on chain 8453/);
    } finally {
      chain.world.receiptStatus = "0x1";
    }
  });

  test("EIP-2612 permits are accepted", async () => {
    const record = await createAddress();
    const res = await post(`${base}/submit/erc-2612`, await erc2612(record));
    const job = await res.json();
    assert.equal(res.status, 202, JSON.stringify(job));
    assert.equal(job.standard, "erc2612");
  });

  test("refusals name the field: binding, signer, domain, amount, window, body", async () => {
    const record = await createAddress();
    const refused = async (path, body) => {
      const res = await post(`${base}/${path}`, body);
      const problem = await res.json();
      assert.equal(res.status, 400, JSON.stringify(problem));
      return fieldsOf(problem);
    };
    assert.deepEqual(await refused("submit/erc-3009", await erc3009(record, { to: REFUND })), ["authorization.to"]);
    assert.deepEqual(await refused("submit/erc-2612", await erc2612(record, { spender: REFUND })), ["permit.spender"]);
    assert.deepEqual(await refused("submit/erc-3009", await erc3009(record, {}, { wallet: stranger })), ["signature"]);
    assert.deepEqual(await refused("submit/erc-3009", await erc3009(record, {}, { domain: { ...usdcBaseDomain, chainId: 10 } })), ["signature"]);
    assert.deepEqual(await refused("submit/erc-3009", await erc3009(record, { value: "1" })), ["authorization.value"]);
    assert.deepEqual(await refused("submit/erc-3009", await erc3009(record, { validBefore: String(nowSec() + 5) })), ["authorization.validBefore"]);
    assert.deepEqual(await refused("submit/erc-2612", await erc2612(record, { deadline: String(nowSec() - 10) })), ["permit.deadline"]);
    assert.deepEqual(await refused("deposit-addresses", { ...createBody(), extra: 1 }), ["extra"]);
    assert.deepEqual(await refused("deposit-addresses", { ...createBody(), refundRecipient: "0x12" }), ["refundRecipient"]);
  });
});

// Funding by plain transfer: Base's chain reader fetches Transfer logs into watched vaults from the
// double with the chain's other logs, and the core decides at the local confirmation depth
// (POLL_CONFIRMATIONS = 4, wrangler.toml): a transfer in block n counts once the reader has read
// block n + 3. The double's blocks advance only when a test moves world.head.
describe("deposit addresses funded by a plain transfer", () => {
  const CONFIRMATIONS = 4;
  const erc20 = new Interface(["event Transfer(address indexed from, address indexed to, uint256 value)"]);
  const addressStatus = async (record) => (await (await worker.fetch(`${base}/status?vaultAddress=${record.vaultAddress}`)).json()).status;
  const addressJob = async (record) => (await (await worker.fetch(`${base}/${record.vaultAddress}`)).json()).job;

  /** A USDC Transfer log into the vault in `block`, as a node answers eth_getLogs. */
  function transfer(record, value, block) {
    const { topics, data } = erc20.encodeEventLog("Transfer", [payer.address, record.vaultAddress, value]);
    return { address: USDC_BASE, topics, data, blockNumber: "0x" + block.toString(16), blockHash: hexlify(randomBytes(32)), transactionHash: hexlify(randomBytes(32)), transactionIndex: "0x0", logIndex: "0x0", removed: false };
  }

  /**
   * Moves the chain's head to `head` and waits until Base's reader has asked for the Transfer logs
   * through it, then a moment for the vault objects to take them (one object call, milliseconds).
   */
  async function readThrough(head) {
    chain.world.head = head;
    const transferTopic = erc20.getEvent("Transfer").topicHash;
    await waitFor(async () => chain.logReads.some((f) => f.topics?.[0] === transferTopic && Number(BigInt(f.toBlock)) >= head), Boolean, { timeoutMs: 20_000, intervalMs: 100 });
    await new Promise((r) => setTimeout(r, 1_000));
  }

  test("funds at the confirmation depth, counting a transfer once however often the window is re-read", async () => {
    const record = await createAddress();
    const half = BigInt(record.source.amount) / 2n;
    const start = chain.world.head;
    chain.world.logs.push(transfer(record, half, start + 1));
    chain.world.head = start + 1;
    // Seen (stored by the address), one block deep: no job. The job would be created in the same
    // call that stored the transfer, so this status is never a moment too early.
    await waitFor(() => addressStatus(record), (s) => s !== "awaiting-funding", { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(await addressStatus(record), "partially-funded");
    assert.equal(await addressJob(record), null);

    // The second half in the next block; the first half reaches the depth and is read again and
    // again in the re-read window, but counts once: still not enough until the second is deep too.
    chain.world.logs.push(transfer(record, BigInt(record.source.amount) - half, start + 2));
    for (let head = start + 2; head <= start + CONFIRMATIONS; ++head) {
      await readThrough(head);
      assert.equal(await addressJob(record), null, `read through ${head - start}: the second half is ${head - start - 1} deep`);
    }
    assert.equal(await addressStatus(record), "partially-funded");

    chain.world.head = start + 1 + CONFIRMATIONS;
    const job = await waitFor(() => addressJob(record), (j) => j && j.status !== "accepted", { timeoutMs: 20_000, intervalMs: 200 });
    assert.equal(job.standard, "transfer");
    assert.equal(job.intentHash, record.intentHash);
    assert.equal(job.status, "published", JSON.stringify(job));
    assert.equal(await addressStatus(record), "funding-submitted");
    // Read again later (more blocks, the same logs): the one job stays.
    await readThrough(start + 2 + CONFIRMATIONS);
    assert.equal((await addressJob(record)).createdAt, job.createdAt);
  });

  test("a transfer reorganised away before the depth never funds", async () => {
    const record = await createAddress();
    const start = chain.world.head;
    const log = transfer(record, BigInt(record.source.amount), start + 1);
    chain.world.logs.push(log);
    chain.world.head = start + 1;
    await waitFor(() => addressStatus(record), (s) => s === "partially-funded", { timeoutMs: 20_000, intervalMs: 200 });
    // A reorganisation replaces block start + 1 with one without the transfer; the chain grows
    // well past the depth. The re-read window drops the transfer and nothing funds.
    chain.world.logs.splice(chain.world.logs.indexOf(log), 1);
    await readThrough(start + 2 * CONFIRMATIONS);
    assert.equal(await addressStatus(record), "awaiting-funding");
    assert.equal(await addressJob(record), null);
  });
});
