// A chain's logs handed to the intent shards that own them: the chain reader's polls and the
// indexer push (POST /internal/chain-events) take this one path.
import { callCore } from "./core.js";
import { settings } from "./settings.js";
import { byShard, shardOf } from "./objects/stubs.js";

/**
 * Hands one chain's logs to the shards of their intents (op "routeLogs" decides which log is
 * whose), and records which intent each transaction touched. Throws when a shard fails, so a
 * poller keeps its cursor; answers the core's 400/422 for malformed pushed logs.
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function deliverLogs(env, chainId, logs) {
  const coreInputs = settings(env).coreInputs;
  const routed = await callCore(coreInputs, "routeLogs", { chainId, logs });
  if (routed.status !== 200) return routed;
  const { byIntent, transactions, ignored } = routed.body;
  const perShard = byShard(Object.entries(byIntent), ([hash]) => hash);
  const answers = await Promise.all(
    [...perShard.values()].map((entries) => shardOf(env, entries[0][0]).applyLogs(chainId, entries.flatMap(([, intentLogs]) => intentLogs))),
  );
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`applyLogs answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  }
  await Promise.all([...byShard(transactions, (t) => t.transactionHash).values()].map((pairs) => shardOf(env, pairs[0].transactionHash).mapTransactions(pairs)));
  const sum = (key) => answers.reduce((total, a) => total + a.body[key], 0);
  return { status: 200, body: { applied: sum("applied"), updated: sum("updated"), ignored } };
}
