// How the request path spreads over Durable Objects: drives the real worker bundle (workerd via
// Miniflare) with many quotes (some with allQuotes), status lookups by quote id and intent hash,
// and pushed chain events for part of the intents, then reads how many calls each object took
// (the objects count their own calls: IntentShard.stats, ChainReader.stats) and scales the
// busiest object's share to the design load of docs/scale.md (10,000 quotes/s, 1,000 status
// lookups/s). Also the SQLite rows the shards wrote (index rows included, as Durable Objects bill
// them) per quote registered and per push of chain events: the cost table of docs/scale.md.
// Figures for docs/scale.md, not assertions.
//   node bench/scale-sim.mjs [--quotes N] [--lookups N]
import { Interface, id } from "ethers";
import { benchWorker, machine } from "./worker-process.mjs";
// The worker's shard count (edge-worker/src/status/intent-shard.js; that module imports the runtime).
const SHARD_COUNT = 256;

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const QUOTES = option("--quotes", 600);
const LOOKUPS = option("--lookups", 600);
const FUNDED_SHARE = 0.5; // of the quotes, how many get chain events pushed (published + funded)
const DESIGN = { quotesPerSec: 10_000, lookupsPerSec: 1_000 };
const KEY = "dev-key-acme";
const INDEXER = "dev-indexer-token";
const json = { "content-type": "application/json" };

const portal = new Interface([
  "event IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, (address token, uint256 amount)[] rewardTokens)",
  "event IntentFunded(bytes32 intentHash, address funder, bool complete)",
]);

const funders = Array.from({ length: 9 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`);
const quoteBody = (i) => ({
  type: "exact-in",
  source: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: String(25_000_000 + i), funder: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
  destination: { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", recipient: funders[i % funders.length] },
  dappId: "scale-sim",
  ...(i % 4 === 0 ? { options: { allQuotes: true } } : {}),
});

/** The two source-chain logs of a funded quote, as eth_getLogs would return them. */
function fundingLogs(quote, block, txIndex) {
  const step = quote.steps[0].intents[0];
  const { intent } = step;
  const tx = id(`scale-sim transaction ${txIndex}`); // spread like real transaction hashes
  const log = (encoded, logIndex) => ({ address: quote.execution.transaction.to, ...encoded, blockNumber: "0x" + block.toString(16), transactionHash: tx, logIndex: "0x" + logIndex.toString(16) });
  return [
    log(portal.encodeEventLog("IntentPublished", [step.intentHash, intent.destination, step.encodedRoute, intent.reward.creator, intent.reward.prover, intent.reward.deadline, intent.reward.nativeAmount, intent.reward.tokens.map((t) => [t.token, t.amount])]), 0),
    log(portal.encodeEventLog("IntentFunded", [step.intentHash, intent.reward.creator, true]), 1),
  ];
}

async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/** Rows written by all shards so far, per table (IntentShard.stats). */
async function rowsWritten(ns) {
  const shards = await Promise.all(Array.from({ length: SHARD_COUNT }, (_, i) => ns.get(ns.idFromName(`shard:${i.toString(16).padStart(2, "0")}`)).stats()));
  const tables = {};
  for (const shard of shards) for (const [t, n] of Object.entries(shard.rowsWritten)) tables[t] = (tables[t] ?? 0) + n;
  return tables;
}
const minus = (after, before) => Object.fromEntries(Object.entries(after).map(([t, n]) => [t, n - (before[t] ?? 0)]).filter(([, n]) => n !== 0));
const per = (tables, n) => Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, +(rows / n).toFixed(3)]));
const total = (tables) => Object.values(tables).reduce((a, b) => a + b, 0);

const worker = await benchWorker();
try {
  const ns = await worker.mf.getDurableObjectNamespace("INTENT_SHARDS");
  // Shards that start write their schema and upgrade marks: counted apart from the quotes' rows.
  const atStart = await rowsWritten(ns);
  const quotes = await inBatches(Array.from({ length: QUOTES }, (_, i) => i), 16, async (i) => {
    const res = await worker.fetch("/v1/quotes", { method: "POST", key: KEY, headers: json, body: JSON.stringify(quoteBody(i)) });
    if (res.status !== 200) throw new Error(`quote ${i}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.json();
  });
  const intents = quotes.reduce((n, q) => n + 1 + (q.competingQuotes?.length ?? 0), 0);
  await new Promise((r) => setTimeout(r, 1_500)); // background registrations land
  const afterQuotes = await rowsWritten(ns);
  // The tables the records' expiry hours create ("schema": a table and its index, once per shard
  // and hour, about 175,000 intents per shard and hour at the design load) are counted apart.
  const { schema: registrationSchema = 0, ...registered } = minus(afterQuotes, atStart);

  const funded = quotes.slice(0, Math.floor(quotes.length * FUNDED_SHARE));
  const logs = funded.flatMap((q, i) => fundingLogs(q, 100 + Math.floor(i / 20), i + 1));
  let pushes = 0;
  for (let i = 0; i < logs.length; i += 40) {
    const res = await worker.fetch("/internal/chain-events", { method: "POST", headers: { ...json, authorization: `Bearer ${INDEXER}` }, body: JSON.stringify({ chainId: 8453, logs: logs.slice(i, i + 40) }) });
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
    pushes++;
  }
  const pushed = minus(await rowsWritten(ns), afterQuotes);

  const statuses = await inBatches(Array.from({ length: LOOKUPS }, (_, i) => i), 16, async (i) => {
    const q = quotes[i % quotes.length];
    const query = i % 2 ? `quoteId=${q.id.slice(6)}` : `intentHash=${q.intentHash}`;
    return (await worker.fetch(`/v1/intents/status?${query}`, { key: KEY })).json();
  });
  const byStatus = statuses.reduce((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});

  const shards = await Promise.all(Array.from({ length: SHARD_COUNT }, (_, i) => ns.get(ns.idFromName(`shard:${i.toString(16).padStart(2, "0")}`)).stats()));
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  const perMethod = {};
  for (const shard of shards) for (const [m, n] of Object.entries(shard.calls)) perMethod[m] = (perMethod[m] ?? 0) + n;
  const totals = shards.map((shard) => sum(Object.values(shard.calls))).sort((a, b) => a - b);
  const records = shards.map((shard) => shard.records).sort((a, b) => a - b);
  const mean = sum(totals) / SHARD_COUNT;
  // Design load: shard calls per quote (registration) and per lookup, as measured here, scaled to
  // 10,000 quotes/s and 1,000 lookups/s and spread over the shards with this run's imbalance.
  const registration = ((perMethod.register ?? 0) + (perMethod.registerAll ?? 0) + (perMethod.mapQuote ?? 0)) / QUOTES;
  const lookup = ((perMethod.status ?? 0) + (perMethod.deliveryOf ?? 0)) / LOOKUPS;
  const chainEvents = ((perMethod.applyLogs ?? 0) + (perMethod.mapTransactions ?? 0)) / pushes;
  const designPerSec = registration * DESIGN.quotesPerSec + lookup * DESIGN.lookupsPerSec;
  const summary = {
    bench: "scale-sim",
    machine: machine(),
    quotes: QUOTES,
    intentsQuoted: intents,
    lookups: LOOKUPS,
    lookupStatuses: byStatus,
    pushedLogs: logs.length,
    pushes,
    shardCallsByMethod: perMethod,
    shardCallsPer: { quote: +registration.toFixed(2), lookup: +lookup.toFixed(2), pushOf40Logs: +chainEvents.toFixed(1) },
    shardCalls: { total: sum(totals), min: totals[0], median: totals[totals.length >> 1], max: totals.at(-1), maxOverMean: +(totals.at(-1) / mean).toFixed(2) },
    shardRecords: { total: sum(records), min: records[0], max: records.at(-1) },
    shardRows: { quoteRows: sum(shards.map((s) => s.quotes)), ownerRows: sum(shards.map((s) => s.owners)) },
    // SQLite rows written (table and index rows), per quote registered and per push of 40 logs.
    rowsWrittenPerQuote: { ...per(registered, QUOTES), total: +(total(registered) / QUOTES).toFixed(3) },
    schemaRowsWrittenByRegistrations: registrationSchema,
    rowsWrittenPerPush: { ...per(pushed, pushes), total: +(total(pushed) / pushes).toFixed(1) },
    atDesignLoad: {
      load: DESIGN,
      shardCallsPerSec: { all: Math.round(designPerSec), meanPerShard: Math.round(designPerSec / SHARD_COUNT), busiestShard: Math.round((designPerSec / SHARD_COUNT) * (totals.at(-1) / mean)) },
    },
  };
  console.log(JSON.stringify(summary, null, 2));
} finally {
  await worker.dispose();
}
