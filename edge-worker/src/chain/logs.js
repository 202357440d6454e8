// A chain's logs handed to the intent shards that own them: the chain reader's polls and the
// indexer push (POST /internal/chain-events) take this one path.
import { askCore } from "../core.js";
import { byShard, shardOf } from "../runtime/objects.js";

/**
 * Hands one chain's logs to the shards of their intents (op "routeLogs" decides which log is
 * whose), and indexes the transactions their records hold. The Portal is shared with every
 * other integrator: logs of intents no quote or deposit address here registered create no record
 * (the shards' core says which), and their transactions are not indexed. Throws when a shard fails, so a
 * poller keeps its cursor; answers the core's 400/422 for malformed pushed logs.
 * `range` {fromBlock, toBlock, intents}: the logs are a reader's read of those blocks, and
 * `intents` the ones it saw there before; each shard gets its part of both, so the core replaces
 * what the records held in the range (without a range, pushed logs are folded in).
 * @returns {Promise<{ status: number, body: any, seen: Array<[string, number]> }>} `seen`: the
 *   (intent hash, block number) of every delivered log
 */
export async function deliverLogs(env, chainId, logs, range = null) {
  const routed = await askCore(env, "routeLogs", { chainId, logs });
  if (routed.status !== 200) return routed;
  const { byIntent, ignored } = routed.body;
  const entries = Object.entries(byIntent);
  for (const hash of range?.intents ?? []) if (!byIntent[hash]) entries.push([hash, []]);
  const perShard = byShard(entries, ([hash]) => hash);
  const window = range ? { fromBlock: range.fromBlock, toBlock: range.toBlock } : null;
  const answers = await Promise.all([...perShard.values()].map((group) => shardOf(env, group[0][0]).applyLogs(chainId, Object.fromEntries(group), window)));
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`applyLogs answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  }
  const unregistered = new Set(answers.flatMap((a) => a.body.unregistered));
  // The transaction index follows the records (op "applyLogs"): pairs a record gained, and
  // pairs it lost to a reorganisation, each written in the transaction's shard.
  const added = answers.flatMap((a) => a.body.transactions.added);
  const removed = answers.flatMap((a) => a.body.transactions.removed);
  const tagged = [...added.map((p) => ({ p, add: true })), ...removed.map((p) => ({ p, add: false }))];
  await Promise.all([...byShard(tagged, (t) => t.p.transactionHash).values()].map((group) =>
    shardOf(env, group[0].p.transactionHash).mapTransactions(group.filter((t) => t.add).map((t) => t.p), group.filter((t) => !t.add).map((t) => t.p)),
  ));
  const sum = (key) => answers.reduce((total, a) => total + a.body[key], 0);
  const seen = Object.entries(byIntent)
    .filter(([hash]) => !unregistered.has(hash))
    .flatMap(([hash, intentLogs]) => intentLogs.map((log) => [hash, Number(BigInt(log.blockNumber))]));
  return { status: 200, body: { applied: sum("applied"), updated: sum("updated"), ignored, unregistered: unregistered.size }, seen };
}
