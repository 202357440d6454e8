// One chain's logs as the worker hands them to the core ({"chainId", "logs": [eth_getLogs log]}),
// read strictly, and the block quantities of the eth_getLogs filters the core plans. Shared by
// the ops that read logs: routeLogs and applyLogs (intent_logs.h) and routeDepositTransfers
// (deposit_transfers.h), so a malformed log is refused the same way whichever op reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/events.h"
#include "service/config/config.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"

namespace sr::service {

// The chain and parsed logs, or the answer instead (`refused`): 400 naming chainId, logs or each
// malformed logs[i]; 422 chain-not-supported for an unconfigured chain.
struct ChainLogs {
  const ChainRecord* chain = nullptr;
  std::vector<protocol::events::Log> logs;
  std::optional<OpResult> refused;
};
ChainLogs read_chain_logs(const Config& config, const OpInput& in);

// A JSON-RPC quantity: "0x" + hex digits without leading zeros ("0x0", "0x1b4").
std::string rpc_quantity(std::uint64_t value);

}  // namespace sr::service
