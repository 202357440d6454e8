// Intent records have a lifetime (issue 28): a record the chains never showed a transaction of
// goes once its intent can no longer be funded, filled or refunded (op "recordRetention": the
// later deadline plus RECORD_GRACE_SEC, here 0; its table of records by expiry "hour", here 1 s,
// dropped once past), with the quote id that leads to it; a record
// holding a transaction stays; a quote id kept in another shard than its record (a deposit
// address's) lives as long as that record (op "quoteIdRetention"); a record whose intent was only
// published (anyone may publish an intent, and never fund it) goes like an untouched one, a funded
// one stays (issue 40). Records with deadlines in the
// past are registered straight into their shard (what a quote's registration stores), since
// workerd's clock cannot be moved.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "../harness.mjs";
import { fundedOnly, publishedAndFunded, pushLogs, registeredQuote } from "../pushed-events.mjs";
import { waitFor } from "../gasless-helpers.mjs";

const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];
const now = () => Math.floor(Date.now() / 1000);

/** A registered record of a Base -> Optimism intent whose deadlines passed a minute ago (or, with `inSec`, pass then). */
function pastRecord(intentHash, quoteId, inSec = -60) {
  return {
    intentHash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now() + inSec - 60, rewardDeadline: now() + inSec,
    role: "direct", quoteId, fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
  };
}

/**
 * Registers `paid` (deadlines an hour ahead, so that the shard's alarm cannot delete it before
 * its funding lands), pushes its funding, then registers it again with deadlines in the past: a
 * funded record whose deadlines passed.
 */
async function fundedPastRecord(w, shard, paid, quoteId, quote = null) {
  await shard.register({ [paid]: pastRecord(paid, quoteId, 3600) }, null, quote);
  await pushLogs(w, 8453, fundedOnly(paid, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"));
  await shard.register({ [paid]: pastRecord(paid, quoteId) }, null, quote);
}

describe("intent records past their retention", () => {
  let bundleDir, state, w;
  before(async () => {
    bundleDir = buildBundle();
    state = tempDir("sr-intent-retention-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { RECORD_GRACE_SEC: "0", RECORD_BUCKET_SEC: "1" } });
  });
  after(async () => {
    await w?.dispose();
    state?.remove();
  });
  const statusOf = async (query) => (await w.fetch(`/v1/intents/status?${new URLSearchParams(query)}`, { key: DEV_KEYS.acme })).json();

  test("an untouched record goes with its quote id; one the chain funded stays", async () => {
    // Both in shard "ab", with the quote ids that lead to them.
    const untouched = `0xab${hexlify(randomBytes(31)).slice(2)}`;
    const paid = `0xab${hexlify(randomBytes(31)).slice(2)}`;
    const [untouchedQuote, paidQuote] = [`ab${crypto.randomUUID().slice(2)}`, `ab${crypto.randomUUID().slice(2)}`];
    const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    const shard = shards.get(shards.idFromName("shard:ab"));
    const recordsBefore = (await shard.stats()).records;
    // The chain shows a funding of `paid`: its record holds a transaction now, and is kept.
    await fundedPastRecord(w, shard, paid, paidQuote, { quoteId: paidQuote, deliveryIntentHash: paid });
    assert.equal((await statusOf({ intentHash: paid })).transactions.funded.chainId, 8453);
    await shard.register({ [untouched]: pastRecord(untouched, untouchedQuote) }, null, { quoteId: untouchedQuote, deliveryIntentHash: untouched });

    // The shard's alarm deletes the untouched record (its expiry is a minute ago) and its quote id.
    await waitFor(() => statusOf({ intentHash: untouched }), (s) => s.status === "unknown", { timeoutMs: 10_000 });
    assert.equal((await statusOf({ quoteId: untouchedQuote })).status, "unknown");
    assert.equal((await shard.deliveryOf(untouchedQuote)), null);
    const kept = await statusOf({ quoteId: paidQuote });
    assert.equal(kept.intentHash, paid);
    assert.notEqual(kept.status, "unknown");
    assert.equal((await shard.stats()).records, recordsBefore + 1);
  });

  test("a record whose intent was published but never funded goes after its deadline with its quote id; a published and funded one stays", async () => {
    // Two records of shard "5a" whose deadlines pass in a few seconds (grace 0 here), the Portal's
    // IntentPublished of each pushed before then: a real quote's logs under these records' hashes
    // (a hash the log does not match only keeps the record from taking its route and reward; the
    // record's deadlines are the registered ones, which a publication never moves).
    const q = await registeredQuote(w, "published-never-funded");
    const [published, paid] = [`0x5a${hexlify(randomBytes(31)).slice(2)}`, `0x5a${hexlify(randomBytes(31)).slice(2)}`];
    const [publishedQuote, paidQuote] = [`5a${crypto.randomUUID().slice(2)}`, `5a${crypto.randomUUID().slice(2)}`];
    const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    const shard = shards.get(shards.idFromName("shard:5a"));
    const soon = 8;
    const publishedRecord = pastRecord(published, publishedQuote, soon);
    await shard.register({ [published]: publishedRecord }, null, { quoteId: publishedQuote, deliveryIntentHash: published });
    await shard.register({ [paid]: pastRecord(paid, paidQuote, soon) }, null, { quoteId: paidQuote, deliveryIntentHash: paid });
    const [publishLog] = publishedAndFunded({ ...q, intentHash: published });
    await pushLogs(w, 8453, [publishLog, ...publishedAndFunded({ ...q, intentHash: paid })]);
    // Before its expiry: stored, published, not funded, and given an expiry (its later deadline).
    const before = await statusOf({ intentHash: published });
    assert.equal(before.transactions.published?.chainId, 8453, JSON.stringify(before));
    assert.equal(before.transactions.funded, null);
    assert.equal((await shard.expiries({ intentHash: published })).record?.expireAt, publishedRecord.rewardDeadline);
    assert.equal((await statusOf({ intentHash: paid })).transactions.funded?.chainId, 8453);
    // The publication is in the transaction index (the transaction's shard), found by its hash.
    const txShard = shards.get(shards.idFromName(`shard:${publishLog.transactionHash.slice(2, 4).toLowerCase()}`));
    assert.ok((await txShard.intentsOfTransaction(publishLog.transactionHash, 16)).includes(published));
    assert.equal((await statusOf({ transactionHash: publishLog.transactionHash, chainId: "8453" })).status === "unknown", false);

    // The shard's alarm deletes the published-only record and its quote id once past its expiry.
    await waitFor(() => statusOf({ intentHash: published }), (s) => s.status === "unknown", { timeoutMs: 30_000 });
    // ...and its row of the transaction index: the index never outgrows the records.
    await waitFor(() => txShard.intentsOfTransaction(publishLog.transactionHash, 16), (hashes) => !hashes.includes(published), { timeoutMs: 10_000 });
    assert.equal((await statusOf({ quoteId: publishedQuote })).status, "unknown");
    assert.equal(await shard.deliveryOf(publishedQuote), null);
    // The funded one, with the same deadlines, is kept.
    const kept = await statusOf({ quoteId: paidQuote });
    assert.equal(kept.intentHash, paid);
    assert.equal(kept.transactions.funded.chainId, 8453);
    assert.equal((await shard.expiries({ intentHash: paid })).record.expireAt, null);
  });

  test("a quote id kept in another shard than its record goes with the record, and stays while the record holds a transaction", async () => {
    // Records in shard "cd", their quote ids in shard "ef": what a deposit address's registration
    // stores (its quote id's first byte is not its intent's), mapped as storeRegistration maps it.
    const untouched = `0xcd${hexlify(randomBytes(31)).slice(2)}`;
    const paid = `0xcd${hexlify(randomBytes(31)).slice(2)}`;
    const [untouchedQuote, paidQuote] = [`ef${crypto.randomUUID().slice(2)}`, `ef${crypto.randomUUID().slice(2)}`];
    const shards = await w.mf.getDurableObjectNamespace("INTENT_SHARDS");
    const records = shards.get(shards.idFromName("shard:cd"));
    const quotes = shards.get(shards.idFromName("shard:ef"));
    await fundedPastRecord(w, records, paid, paidQuote);
    assert.equal((await statusOf({ intentHash: paid })).transactions.funded.chainId, 8453);
    await quotes.mapQuote(paidQuote, paid, pastRecord(paid, paidQuote));
    await records.register({ [untouched]: pastRecord(untouched, untouchedQuote) });
    // A row is given its record's expiry (the later deadline, grace 0 here): shown on a record
    // whose deadlines are an hour ahead, since the rows above are due at once (the alarm may
    // already have taken them).
    const [later, laterQuote] = [`0xcd${hexlify(randomBytes(31)).slice(2)}`, `ef${crypto.randomUUID().slice(2)}`];
    const laterRecord = pastRecord(later, laterQuote, 3600);
    await records.register({ [later]: laterRecord });
    await quotes.mapQuote(laterQuote, later, laterRecord);
    assert.equal((await quotes.expiries({ quoteId: laterQuote })).quote.expireAt, laterRecord.rewardDeadline);
    await quotes.mapQuote(untouchedQuote, untouched, pastRecord(untouched, untouchedQuote));

    // The quote shard's alarm finds the untouched record gone (or past its expiry) and drops the
    // row; the paid one's record holds a transaction, so its row is kept, with no expiry left.
    await waitFor(() => quotes.deliveryOf(untouchedQuote), (hash) => hash === null, { timeoutMs: 10_000 });
    assert.equal((await statusOf({ intentHash: untouched })).status, "unknown");
    assert.equal((await statusOf({ quoteId: untouchedQuote })).status, "unknown");
    await waitFor(() => quotes.expiries({ quoteId: paidQuote }), (e) => e.quote?.expireAt === null, { timeoutMs: 10_000 });
    assert.equal(await quotes.deliveryOf(paidQuote), paid);
    const kept = await statusOf({ quoteId: paidQuote });
    assert.equal(kept.intentHash, paid);
    assert.equal(kept.transactions.funded.chainId, 8453);
  });
});
