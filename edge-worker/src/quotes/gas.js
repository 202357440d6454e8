// Gas limits estimated against the chain for a quote's EVM transactions (src/service/quotes/quote_gas.h):
// the core answers each quote's approvals and funding as calls beside the quote (op "quote",
// `simulations`), this module simulates them together, in sending order, in one block with
// eth_simulateV1 (so the funding sees the allowance the approval sets) on the chains it reads, and
// the core names each transaction's gas from what the calls used (op "quoteGas"), by pointer into
// the quote body, so the quote is not parsed again. A chain without an endpoint here, a node that
// cannot simulate or cannot be reached, or a call that reverts leaves that quote's configured bounds.
// Every quote's simulation on one chain goes in one JSON-RPC batch (one round trip), at the block
// the funder's allowance and balance were read at on that chain (so the gas is estimated against
// the state the quote's checks state), at the latest block elsewhere. A simulation the node
// refused is that quote's alone: the others keep their estimates.
import { rpcBatch } from "../chain/rpc-batch.js";
import { rpcUrlOf } from "../chain/rpc.js";
import { askCore } from "../core.js";
import { setAtPointers } from "../runtime/json-pointer.js";

/**
 * The quote (a 200 body of op "quote") with its estimated gas limits, or as it was.
 * @param {any} quote
 * @param {import("../core-ops").components["schemas"]["QuoteSimulations"]} simulations what op "quote" answered beside it
 * @param {{ chainId: number, blockNumber: string } | null} [readAt] the block the funder's reads pinned on their chain
 */
export async function estimateGas(env, quote, simulations, readAt = null) {
  const byChain = new Map();
  for (const simulation of simulations) {
    if (!byChain.has(simulation.chainId)) byChain.set(simulation.chainId, []);
    byChain.get(simulation.chainId).push(simulation);
  }
  const results = (await Promise.all([...byChain].map(async ([chainId, batch]) => {
    const url = rpcUrlOf(env, chainId);
    if (!url) return [];
    const block = readAt?.chainId === chainId ? readAt.blockNumber : "latest";
    try {
      const answers = await rpcBatch(url, batch.map(({ calls }) => ({ method: "eth_simulateV1", params: [{ blockStateCalls: [{ calls }], validation: false }, block] })));
      return batch.map(({ quoteId }, i) => {
        const simulated = answers[i].result?.[0]?.calls;
        if (answers[i].error || !Array.isArray(simulated)) return null;
        return { quoteId, calls: simulated.map(({ status, gasUsed }) => ({ status, gasUsed })) };
      });
    } catch {
      return [];
    }
  }))).flat().filter(Boolean);
  if (results.length === 0) return quote;
  const answer = await askCore(env, "quoteGas", { simulations, results });
  if (answer.status !== 200) throw new Error(`quoteGas answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  return setAtPointers(quote, answer.body.patch);
}
