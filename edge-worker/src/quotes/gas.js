// Gas limits estimated against the chain for a quote's EVM transactions (src/service/quotes/quote_gas.h):
// the core answers each quote's approvals and funding as calls beside the quote (op "quote",
// `simulations`), this module simulates them together, in sending order, in one block with
// eth_simulateV1 (so the funding sees the allowance the approval sets) on the chains it reads, and
// the core names each transaction's gas from what the calls used (op "quoteGas"), by pointer into
// the quote body, so the quote is not parsed again. A chain without an endpoint here, a node that
// cannot simulate or cannot be reached, or a call that reverts leaves that quote's configured bounds.
import { rpcRequest, rpcUrlOf } from "../chain/rpc.js";
import { askCore } from "../core.js";
import { setAtPointers } from "../runtime/json-pointer.js";

/**
 * The quote (a 200 body of op "quote") with its estimated gas limits, or as it was.
 * @param {any} quote
 * @param {import("../core-ops").components["schemas"]["QuoteSimulations"]} simulations what op "quote" answered beside it
 */
export async function estimateGas(env, quote, simulations) {
  const results = (await Promise.all(simulations.map(async ({ quoteId, chainId, calls }) => {
    const url = rpcUrlOf(env, chainId);
    if (!url) return null;
    try {
      const answer = await rpcRequest(url, "eth_simulateV1", [{ blockStateCalls: [{ calls }], validation: false }, "latest"]);
      const simulated = answer.result?.[0]?.calls;
      if (answer.error || !Array.isArray(simulated)) return null;
      return { quoteId, calls: simulated.map(({ status, gasUsed }) => ({ status, gasUsed })) };
    } catch {
      return null;
    }
  }))).filter(Boolean);
  if (results.length === 0) return quote;
  const answer = await askCore(env, "quoteGas", { simulations, results });
  if (answer.status !== 200) throw new Error(`quoteGas answered ${answer.status}: ${answer.body?.detail ?? ""}`);
  return setAtPointers(quote, answer.body.patch);
}
