// The funder's allowance and balance on a quote's source chain, read at quote time (op
// "solverRequests" names the calls; op "quote" judges the answers: funder_checks.h). One block
// for every call, so allowance and balance are as of the same block the quote names.
import { rpcRequest, rpcUrlOf } from "../chain/rpc.js";

/**
 * Makes the calls of `reads` ({chainId, calls: [{id, to, data}]}, or null) on the chain's first
 * endpoint: {chainId, blockNumber, results: {id: {result} | {error}}}, or null when the chain has
 * no endpoint here or its node cannot be reached (the quote is then made as on a chain the
 * service does not read).
 */
export async function readFunder(env, reads) {
  if (!reads) return null;
  const url = rpcUrlOf(env, reads.chainId);
  if (!url) return null;
  try {
    const head = await rpcRequest(url, "eth_blockNumber", []);
    if (head.error || typeof head.result !== "string") return null;
    const entries = await Promise.all(reads.calls.map(async ({ id, to, data }) => {
      const answer = await rpcRequest(url, "eth_call", [{ to, data }, head.result]);
      return [id, answer.error ? { error: String(answer.error.message ?? "error") } : { result: answer.result }];
    }));
    return { chainId: reads.chainId, blockNumber: head.result, results: Object.fromEntries(entries) };
  } catch {
    return null;
  }
}
