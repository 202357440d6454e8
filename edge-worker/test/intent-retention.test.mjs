// Intent records have a lifetime (issue 28): a record the chains never showed a transaction of
// goes once its intent can no longer be funded, filled or refunded (op "recordRetention": the
// later deadline plus RECORD_GRACE_SEC, here 0), with the quote id that leads to it; a record
// holding a transaction stays. Records with deadlines in the past are registered straight into
// their shard (what a quote's registration stores), since workerd's clock cannot be moved.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hexlify, randomBytes } from "ethers";
import { buildBundle, DEV_KEYS, startWorker, tempDir } from "./harness.mjs";
import { fundedOnly, pushLogs } from "./pushed-events.mjs";
import { waitFor } from "./gasless-helpers.mjs";

const STEPS = ["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"];
const now = () => Math.floor(Date.now() / 1000);

/** A registered record of a Base -> Optimism intent whose deadlines passed a minute ago. */
function pastRecord(intentHash, quoteId) {
  return {
    intentHash, sourceChainId: 8453, destinationChainId: 10, routeDeadline: now() - 120, rewardDeadline: now() - 60,
    role: "direct", quoteId, fundedComplete: false, updatedAt: 0, transactions: Object.fromEntries(STEPS.map((s) => [s, null])),
  };
}

describe("intent records past their retention", () => {
  let bundleDir, state, w;
  before(async () => {
    bundleDir = buildBundle();
    state = tempDir("sr-intent-retention-");
    w = await startWorker({ bundleDir, persistDir: state.dir, bindings: { RECORD_GRACE_SEC: "0" } });
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
    await shard.register({ [paid]: pastRecord(paid, paidQuote) }, null, { quoteId: paidQuote, deliveryIntentHash: paid });
    // The chain shows a funding of `paid`: its record holds a transaction now, and is kept.
    await pushLogs(w, 8453, fundedOnly(paid, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"));
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
});
