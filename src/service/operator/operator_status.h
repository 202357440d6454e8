// What an operator reads at GET /internal/status: per EVM chain its reader (head, cursor, lag,
// finalized block, last round) and its JSON-RPC endpoints' health, and each relayer account's
// native balance against the chain's floor (relayer_floor.h) with its open jobs; then every alert,
// one line each. The worker gathers the figures (reader objects, relayer objects, eth_getBalance)
// and the core shapes and judges them, so the answer and the relayer's own decision (op
// "relayerFloor") never disagree about an account.
//
// Op "operatorStatus" {"now": Unix seconds, "chains": [{"chainId",
//     "reader": null | {"head", "cursor", "finalized", "polledAt" (Unix seconds), "lastError"}  (each null when unknown),
//     "providers": [{"url", "coolingDownForMs", "failures"}],
//     "relayers": [{"address", "balanceWei": hex | decimal | null, "balanceError": string | null, "openJobs"}]}]}
//   -> 200 {"generatedAt": now, "healthy": alerts empty, "chains": [{"chainId", "name",
//            "reader": {"head", "cursor", "lagBlocks", "finalized", "polledAt", "lastError"},
//            "providers": [{"origin", "healthy", "coolingDownForMs", "failures"}],
//            "relayers": [{"address", "balanceWei", "floorWei", "belowFloor", "openJobs", "balanceError"}]}],
//          "alerts": [string]}
// Providers are shown by origin only (scheme, host, port): provider URLs often carry an API key in
// their path or query, and this answer is logged and pasted.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

// scheme://host[:port] of a URL, without user info, path, query or fragment.
std::string url_origin(const std::string& url);

OpResult operator_status_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
