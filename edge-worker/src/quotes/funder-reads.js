// The funder's allowance and balance on a quote's source chain, read at quote time (op
// "solverRequests" names the calls; op "quote" judges the answers: funder_checks.h). One block
// for every call, so allowance and balance are as of the same block the quote names, and one
// JSON-RPC batch for them (one round trip to the provider, not one per call).
//
// The block: the node's head (eth_blockNumber), or a head asked for a moment ago that the core
// names for reuse (funderReads.blockNumber: funder_checks.h, head_to_reuse, decides how long,
// from QUOTE_HEAD_REUSE_MS). This module only keeps the last head each chain answered, per
// isolate, and hands them to the core with its clock.
import { rpcBatch } from "../chain/rpc-batch.js";
import { rpcRequest, rpcUrlOf } from "../chain/rpc.js";
import { settings } from "../settings.js";

/** chainId (string) -> {blockNumber, readAtMs}: the last head asked for on each chain. */
const heads = new Map();

/** What op "solverRequests" takes to decide whether a kept head is reused: {nowMs, headReuseMs?, heads}. */
export function headInputs(env) {
  const reuse = settings(env).quoteHeadReuseMs;
  return { nowMs: Date.now(), ...(reuse !== null ? { headReuseMs: reuse } : {}), heads: Object.fromEntries(heads) };
}

/**
 * Makes the calls of `reads` ({chainId, calls: [{id, to, data}], blockNumber?}, or null) on the
 * chain's first endpoint: {chainId, blockNumber, results: {id: {result} | {error}}}, or null when
 * the chain has no endpoint here or its node cannot be reached (the quote is then made as on a
 * chain the service does not read). A call the node refused is that call's error, whatever the
 * others answered.
 * @returns {Promise<{chainId: number, blockNumber: string, results: Record<string, {result: string} | {error: string}>} | null>}
 */
export async function readFunder(env, reads) {
  if (!reads) return null;
  const url = rpcUrlOf(env, reads.chainId);
  if (!url) return null;
  const key = String(reads.chainId);
  try {
    let block = reads.blockNumber;
    if (!block) {
      const askedAt = Date.now();
      const head = await rpcRequest(url, "eth_blockNumber", []);
      if (head.error || typeof head.result !== "string") return null;
      block = head.result;
      heads.set(key, { blockNumber: block, readAtMs: askedAt });
    }
    const answers = await rpcBatch(url, reads.calls.map(({ to, data }) => ({ method: "eth_call", params: [{ to, data }, block] })));
    const results = {};
    reads.calls.forEach(({ id }, i) => {
      const answer = answers[i];
      results[id] = answer.error ? { error: String(answer.error.message ?? "error") } : { result: answer.result };
    });
    // A reused head the node no longer serves (a chain reorganised below it, another node behind
    // a balancer) is not kept: the next quote asks the head again.
    if (reads.blockNumber && answers.some((a) => a.error)) heads.delete(key);
    return { chainId: reads.chainId, blockNumber: block, results };
  } catch {
    if (reads.blockNumber) heads.delete(key);
    return null;
  }
}
