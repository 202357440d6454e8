// The relayer simulates the whole job right before signing (openapi.json, "Relayed fundings: who
// pays"): the core checks the authorization's windows against the chain's time with a margin and
// names the job's calls (op "relaySimulation"), this module simulates them together, in order,
// against the pending state with eth_simulateV1 (the funding call sees what the authorization
// moved), and the core judges the answers (op "relaySimulationVerdict"). A job that would fail
// fails with the core's reason, and nothing is broadcast. A node that cannot simulate
// (eth_simulateV1 unknown) fails safe: the job is not sent.
import { askCore } from "../core.js";
import { rpcRequest } from "../chain/rpc.js";

/**
 * @param {{ env: object, rpcUrl: string, plan: any, from: string, chainTime: number, fromCall?: "authorization" | "funding" | "refund", blockTag?: "pending" | "latest" }} input
 *   chainTime: the latest block's timestamp; fromCall "funding" (or "refund", a refund's one call): the
 *   authorization is mined or there is none, only the Portal call is left (op relayReplace); blockTag "latest" while the job's own transaction
 *   is still pending (the pending state would include it)
 * @returns {Promise<{ error: string } | null>} a final reason not to send, or null to go ahead;
 *   throws for trouble worth retrying (the node unreachable)
 */
export async function simulateJob({ env, rpcUrl, plan, from, chainTime, fromCall = "authorization", blockTag = "pending" }) {
  const planned = await askCore(env, "relaySimulation", { plan, relayer: from, chainTime, from: fromCall });
  if (planned.status !== 200) return { error: planned.body?.detail ?? `relaySimulation answered ${planned.status}` };
  const calls = planned.body.calls.map(({ from, to, data, gas }) => ({ from, to, data, gas }));
  const answer = await rpcRequest(rpcUrl, "eth_simulateV1", [{ blockStateCalls: [{ calls }], validation: false }, blockTag]);
  if (answer.error) {
    if (answer.error.code === -32601 || /not (found|supported|available)/i.test(String(answer.error.message))) {
      return { error: `the chain's node cannot simulate the job (eth_simulateV1: ${answer.error.message}), so the relayer did not send it. Nothing was sent` };
    }
    throw new Error(`eth_simulateV1: ${answer.error.message ?? JSON.stringify(answer.error)}`);
  }
  const results = answer.result?.[0]?.calls;
  if (!Array.isArray(results)) throw new Error("eth_simulateV1 answered no calls");
  const verdict = await askCore(env, "relaySimulationVerdict", {
    plan,
    from: fromCall,
    at: blockTag,
    results: results.map(({ status, returnData, error }) => ({ status, ...(returnData ? { returnData } : {}), ...(error ? { error } : {}) })),
  });
  if (verdict.status !== 200) return { error: verdict.body?.detail ?? `relaySimulationVerdict answered ${verdict.status}` };
  return null;
}
