// Whether a relayer account may take a new job on a chain: its native balance against the chain's
// floor (service.json relay.minRelayerBalanceWei). Below it the account takes no new job (the job
// waits, `waitingFor: "relayer"`) and the worker logs an alert, so what the account still holds is
// kept for the jobs it has already signed, which finish whatever the balance says. A chain without
// a floor takes every job (the relayer's own checks and the node refuse what it cannot pay).
//
// Op "relayerFloor" {"chainId", "address", "balanceWei": hex quantity or decimal string}
//   -> 200 {"chainId", "address", "balanceWei", "floorWei": decimal | null, "mayTakeJob",
//           "detail": null | "relayer account <address> holds <n> wei on chain <id> (<name>), below its
//           floor of <m> wei (relay.minRelayerBalanceWei): it takes no new job until it is funded"}
// chainId must be a configured EVM chain and address an EVM address (else 500: a worker bug).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "eth/u256.h"
#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

struct RelayerFloorVerdict {
  std::optional<U256> floor;  // none: the chain has no floor
  bool may_take_job = true;
  std::string detail;  // empty when it may
};

RelayerFloorVerdict relayer_floor(const Config& config, const ChainRecord& chain, const std::string& address, const U256& balance);

// The inputs both ops read (a worker-supplied value that is not one is an OpInputError).
U256 balance_quantity(const nlohmann::ordered_json& v, const std::string& op, const std::string& what);
std::string relayer_address(const nlohmann::ordered_json& v, const std::string& op, const std::string& what);
const ChainRecord& evm_chain(const Config& config, const nlohmann::ordered_json& v, const std::string& op);

OpResult relayer_floor_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
