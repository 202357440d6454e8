// Rows stored before their retention rule existed (issue 28, "everything has a lifetime"). The
// state is written by an older layout of the worker: this bundle with the rules taken out (no
// retention alarm set, no expiry stored, nothing brought up to date at start), which is how
// objects stored before the rules look. The real bundle then starts on the same persisted state,
// each object is touched once, and each row goes after its period:
// - a deposit address with no alarm (unfunded, past its deadline; grace 0 here), with its index row;
// - intent records with no expiry (one whose intent was only published, issue 40), and a quote-id
//   row kept apart from its record with none;
// - an attribution label's counts with no alarm (a day of 2 s here, 1 kept);
// - a webhook queue's finished (cancelled) message with no alarm (kept 0 s here);
// - a limiter pool row with no alarm (pruned every 300 ms here once refilled).
// Base is a JSON-RPC double (chain-double.mjs), as in deposit.test.mjs.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, removeBundle, startWorker, tempDir } from "./harness.mjs";
import { chainRpcUrls, startChainDouble } from "./chain-double.mjs";
import { USDC_BASE, nowSec, vectors, waitFor } from "./gasless-helpers.mjs";
import { limiterObjectName } from "../src/runtime/objects.js";

const json = { "content-type": "application/json" };
const base = "/v1/acme-gateway";
const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];
const BUCKET = `test:${crypto.randomUUID()}`;
const LABEL = `label-${crypto.randomUUID()}`;
const ENDPOINT = `endpoint-${crypto.randomUUID()}`;

/** A webhook secret sealed as webhooks/webhooks.js seals it (AES-GCM under WEBHOOK_SECRETS_KEY). */
async function sealed(keyHex, secret) {
  const key = await crypto.subtle.importKey("raw", Buffer.from(keyHex, "hex"), "AES-GCM", false, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(secret)));
  return `${Buffer.from(iv).toString("base64")}.${Buffer.from(data).toString("base64")}`;
}

/** Replaces `from` (which must occur) in one source file of a bundle's copy. */
function edit(srcDir, file, from, to) {
  const path = join(srcDir, file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} no longer has ${JSON.stringify(from)}: update the older layout`);
  writeFileSync(path, text.replaceAll(from, to));
}

/** The layout before the rules: no alarm, no expiry, no upgrade at start. */
function olderLayout(src) {
  for (const file of ["status/intent-shard.js", "deposits/deposit-addresses.js", "quotes/attribution-counter.js", "limits/rate-limiter.js", "webhooks/deliveries.js"]) {
    edit(src, file, "ctx.blockConcurrencyWhile(", "((_upgrade) => {})(");
  }
  // The shard stores what op intentShardStep answers: records (in the one table of that layout)
  // and quote-id rows without their expiries, and a registration sets no alarm.
  edit(src, "status/intent-shard.js", "const step = await this.#step(state, event);", `const step = await this.#step(state, event);
    for (const w of step.writes) if (/^record_(kept|until_[0-9]+)$/.test(w.table)) w.table = "record";
    for (const w of step.writes) for (const row of [w.replace, w.upsert]) if (row && "expire_at" in row) row.expire_at = null;
    if (event.kind === "registered") step.alarmAt = null;`);
  edit(src, "status/shard-retention.js", "export function wakeIndexedDeposits(env, sql) {", "export function wakeIndexedDeposits(env, sql) { return;");
  // The address's object sets no alarm at all (op depositAddressStep names its retention's).
  edit(src, "deposits/deposit-addresses.js", "if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);", "");
  edit(src, "quotes/attribution-counter.js", "if (current === null || current > at) await this.ctx.storage.setAlarm(at);", "");
  edit(src, "limits/rate-limiter.js", "#pruneSoon() {", "#pruneSoon() { return;");
  // The queue's alarm is set where a message is queued; op webhookDeliveryStep's (its retention's) is not.
  edit(src, "webhooks/deliveries.js", "if (step.alarmAt !== null) await this.ctx.storage.setAlarm(step.alarmAt);", "");
}

/** A registered record of a Base -> Optimism intent whose deadlines passed a minute ago. */
function pastRecord(intentHash, quoteId) {
  return {
    intentHash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: nowSec() - 120, rewardDeadline: nowSec() - 60,
    role: "direct", quoteId, fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
  };
}

describe("objects stored before their retention rules", () => {
  let oldBundle, newBundle, state, chain, w;
  const bindings = () => ({
    CHAIN_RPC_URLS: chainRpcUrls(chain.url),
    KEYLESS_CREATE_BURST: "1000",
    KEYLESS_BURST: "1000",
    DEPOSIT_EXPIRED_GRACE_SEC: "0",
    RECORD_GRACE_SEC: "0",
    ATTRIBUTION_DAY_SEC: "2",
    ATTRIBUTION_KEEP_DAYS: "1",
    RATE_LIMIT_PRUNE_MS: "300",
    WEBHOOK_RETENTION_SEC: "0",
  });
  before(async () => {
    oldBundle = buildBundle({ patch: olderLayout });
    newBundle = buildBundle();
    state = tempDir("sr-retention-upgrade-");
    chain = await startChainDouble({ portal: vectors.portal, vaultInitCodeHash: vectors.vaultInitCodeHash });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
    await chain?.close();
    for (const b of [oldBundle, newBundle]) if (b) removeBundle(b);
  });

  const objects = async () => {
    const ns = async (name) => w.mf.getDurableObjectNamespace(name);
    const [deposits, shards, attribution, limiters, queues] = await Promise.all(["DEPOSIT_ADDRESSES", "INTENT_SHARDS", "ATTRIBUTION", "RATE_LIMITER", "WEBHOOK_DELIVERIES"].map(ns));
    return {
      deposit: (vault) => deposits.get(deposits.idFromName(vault.toLowerCase())),
      shard: (key) => shards.get(shards.idFromName(`shard:${key}`)),
      counter: attribution.get(attribution.idFromName(LABEL)),
      limiter: limiters.get(limiters.idFromName(limiterObjectName(BUCKET))),
      queue: queues.get(queues.idFromName(ENDPOINT)),
    };
  };
  const lookup = (vault) => w.fetch(`${base}/${vault}`, { headers: { "cf-connecting-ip": "192.0.2.201" } });
  const createDeposit = async () => {
    const res = await w.fetch(`${base}/deposit-addresses`, {
      method: "POST",
      headers: { ...json, "cf-connecting-ip": "192.0.2.210" },
      body: JSON.stringify({
        source: { chainId: 8453, token: USDC_BASE, amount: "25000000" },
        destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc" },
        refundRecipient: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
      }),
    });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    return body;
  };

  test("each gets its rule when next touched, and its rows go after their period", async () => {
    // ---- the older layout writes the state --------------------------------------------------
    w = await startWorker({ bundleDir: oldBundle, persistDir: state.dir, bindings: bindings() });
    let o = await objects();
    // A deposit address whose deadline passes in 2 s (a real record under a vault of the test's
    // own, stored and indexed as creation stores them), and the real one it is copied from.
    const real = await createDeposit();
    const vault = `0x${hexlify(randomBytes(20)).slice(2)}`;
    const short = { ...real, vaultAddress: vault, deadline: nowSec() + 2 };
    await o.deposit(vault).create({ owner: "partner:acme", record: short, intent: real.intent });
    await o.shard(vault.slice(2, 4)).indexDeposit(vault, "partner:acme");
    // Intent records past their deadlines in shard "ab" (one with its quote id there), and a quote
    // id in shard "ef" that leads to one of them.
    const [near, apart] = [`0xab${hexlify(randomBytes(31)).slice(2)}`, `0xab${hexlify(randomBytes(31)).slice(2)}`];
    const [nearQuote, apartQuote] = [`ab${crypto.randomUUID().slice(2)}`, `ef${crypto.randomUUID().slice(2)}`];
    await o.shard("ab").register({ [near]: pastRecord(near, nearQuote) }, null, { quoteId: nearQuote, deliveryIntentHash: near });
    await o.shard("ab").register({ [apart]: pastRecord(apart, apartQuote) });
    await o.shard("ef").mapQuote(apartQuote, apart, pastRecord(apart, apartQuote));
    // One the chain showed the publication of, and nothing else: kept for good before issue 40.
    const published = `0xab${hexlify(randomBytes(31)).slice(2)}`;
    const publication = { chainId: 8453, transactionHash: `0x${hexlify(randomBytes(32)).slice(2)}`, blockNumber: 100, logIndex: 0 };
    const publishedRecord = pastRecord(published, `ab${crypto.randomUUID().slice(2)}`);
    await o.shard("ab").register({ [published]: { ...publishedRecord, transactions: { ...publishedRecord.transactions, published: publication } } });
    // An attribution label's counts, and a pool bucket (written at the limiter's next flush, 1 s).
    await o.counter.record({ "v1/quotes": 3 });
    await o.limiter.take({ ratePerSec: 100, burst: 10 }, 1, true, BUCKET);
    await waitFor(() => o.limiter.peek(BUCKET), (p) => p.stored !== null, { timeoutMs: 5_000 });
    // A webhook message its queue cancelled (a queue that names no key sends nothing), finished.
    await o.queue.configure({ url: "https://hooks.example.com/in", sealedSecret: await sealed(w.bindings.WEBHOOK_SECRETS_KEY, "whsec_dGVzdA=="), keyId: null });
    await o.queue.enqueue([{ messageId: `msg_${crypto.randomUUID()}`, intentHash: near, eventType: "intent.status", status: "pending", payload: "{}" }]);
    await waitFor(() => o.queue.recent(), (r) => r[0]?.state === "cancelled", { timeoutMs: 5_000 });
    const realQuoteShard = real.quoteId.slice(0, 2);
    await waitFor(() => o.shard(realQuoteShard).expiries({ quoteId: real.quoteId }), (e) => e.quote !== null, { timeoutMs: 5_000 });

    // Under that layout nothing goes, past every period.
    await new Promise((r) => setTimeout(r, Math.max(0, short.deadline * 1000 - Date.now()) + 2_500));
    assert.equal((await o.deposit(vault).read())?.record.vaultAddress, vault);
    assert.equal(await o.shard(vault.slice(2, 4)).depositOwner(vault), "partner:acme");
    assert.equal((await o.shard("ab").expiries({ intentHash: near, quoteId: nearQuote })).record.expireAt, null);
    assert.equal((await o.shard("ab").expiries({ intentHash: published })).record.expireAt, null);
    assert.deepEqual((await o.shard("ef").expiries({ quoteId: apartQuote })).quote, { intentHash: apart, expireAt: null });
    assert.equal((await o.counter.rows()).length, 1);
    assert.equal((await o.counter.stored()).alarm, null);
    assert.notEqual((await o.limiter.peek(BUCKET)).stored, null);
    assert.equal((await o.queue.recent()).length, 1);
    await w.dispose();

    // ---- the real worker on the same state: one touch each ------------------------------------
    w = await startWorker({ bundleDir: newBundle, persistDir: state.dir, bindings: bindings() });
    o = await objects();
    // The lookup starts the address's object (its index row names it); the alarm it then sets
    // may already have run by the time it reads, so either answer is right here.
    assert.ok([200, 404].includes((await lookup(vault)).status));
    await o.shard("ab").stats();
    await o.shard("ef").stats();
    await o.counter.counts();
    await o.limiter.peek(BUCKET);
    await o.queue.recent();

    const gone = await waitFor(
      async () => ({
        deposit: (await o.deposit(vault).read()) !== null,
        indexed: (await o.shard(vault.slice(2, 4)).depositOwner(vault)) !== null,
        records: await o.shard("ab").expiries({ intentHash: near, quoteId: nearQuote }),
        apartRecord: (await o.shard("ab").expiries({ intentHash: apart })).record,
        publishedRecord: (await o.shard("ab").expiries({ intentHash: published })).record,
        apartQuote: (await o.shard("ef").expiries({ quoteId: apartQuote })).quote,
        counter: (await o.counter.stored()).tables,
        bucket: (await o.limiter.peek(BUCKET)).stored,
        messages: (await o.queue.recent()).length,
      }),
      (s) => !s.deposit && !s.indexed && s.records.record === null && s.records.quote === null && s.apartRecord === null && s.publishedRecord === null && s.apartQuote === null && s.counter.length === 0 && s.bucket === null && s.messages === 0,
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    assert.equal(gone.deposit, false);
    assert.equal((await lookup(vault)).status, 404);

    // What is still within its period stays, now with the expiry its rule gives: the real
    // address's intent record, and its quote id (kept in another shard) with the same time.
    const intentShard = real.intentHash.slice(2, 4);
    const { record } = await o.shard(intentShard).expiries({ intentHash: real.intentHash });
    assert.ok(record?.expireAt > nowSec(), JSON.stringify(record));
    if (realQuoteShard !== intentShard) {
      await waitFor(() => o.shard(realQuoteShard).expiries({ quoteId: real.quoteId }), (e) => e.quote?.expireAt === record.expireAt, { timeoutMs: 5_000 });
    }
    assert.equal((await lookup(real.vaultAddress)).status, 200);

    // A deposit address created by the real worker: its quote id is stored with its record's expiry.
    const fresh = await createDeposit();
    const freshShards = [fresh.quoteId.slice(0, 2), fresh.intentHash.slice(2, 4)];
    const expiries = await waitFor(
      async () => [(await o.shard(freshShards[0]).expiries({ quoteId: fresh.quoteId })).quote, (await o.shard(freshShards[1]).expiries({ intentHash: fresh.intentHash })).record],
      ([q, r]) => q !== null && r !== null,
      { timeoutMs: 5_000 },
    );
    assert.ok(expiries[1].expireAt > nowSec());
    assert.equal(expiries[0].expireAt, freshShards[0] === freshShards[1] ? null : expiries[1].expireAt);
  });
});
