// The relayer simulates the whole job right before signing (edge-worker/openapi.json, "Relayed
// fundings: who pays"): the preflight (funding_preflight.h) ran when the job was accepted, possibly
// minutes earlier, and could not run the funding call (it spends what the authorization moves).
// Immediately before the relayer signs, the core
//   1. checks the authorization's windows against the chain's time with a margin
//      (service.json relay.windowMarginSec): a window that closes within the margin would close
//      while the transactions wait for a block;
//   2. names the job's calls, the authorization then the funding, exactly the bytes and gas limits
//      the relayer will sign (relay_calls.h, relay.h), for the worker to simulate together, in
//      order, against the pending state (eth_simulateV1: the funding sees the authorization's
//      effects);
//   3. judges the simulation: a call that would revert fails the job, and nothing is sent.
//
// Ops (both take an optional "from": "funding", or "refund" for a refund's call, when the
// authorization is mined already and only the Portal call's transaction is re-sent, op
// "relayReplace": only that call is named and judged, and only the windows of allowances it
// spends are checked):
//   "relaySimulation" {"plan", "relayer", "chainTime": the latest block's timestamp (unix s)}
//     -> 200 {"calls": [{"purpose": "authorization"|"funding"|"refund", "from", "to", "data", "gas": "0x…"}]}
//      | 422 funding-would-fail naming the window that closes (e.g. "authorization.validBefore").
//   "relaySimulationVerdict" {"plan", "at"?: "pending" (default) | "latest", "results": [{"status": "0x1"|"0x0", "returnData"?, "error"?:
//     {"message", "data"?}}]} (eth_simulateV1's calls of the one simulated block, in order)
//     -> 200 {"ok": true} | 422 funding-would-fail naming the call that would revert and its reason.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult relay_simulation_op(const Config& config, const nlohmann::ordered_json& input);
OpResult relay_simulation_verdict_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
