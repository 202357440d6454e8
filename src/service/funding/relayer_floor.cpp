#include "service/funding/relayer_floor.h"

#include "eth/address.h"
#include "service/common/op_input.h"

namespace sr::service {

using json = nlohmann::ordered_json;

const ChainRecord& evm_chain(const Config& config, const json& v, const std::string& op) {
  // Any JSON integer above zero (a parser may hold a positive number as signed).
  const ChainRecord* chain = v.is_number_integer() && v.get<std::int64_t>() > 0 ? config.chain(v.get<std::uint64_t>()) : nullptr;
  if (!chain || chain->vm != Vm::evm) throw OpInputError("op \"" + op + "\": chainId must be a configured EVM chain");
  return *chain;
}

RelayerFloorVerdict relayer_floor(const Config& config, const ChainRecord& chain, const std::string& address, const U256& balance) {
  RelayerFloorVerdict verdict;
  const auto& floors = config.service().relay.min_relayer_balance_wei;
  const auto floor = floors.find(chain.chain_id);
  if (floor == floors.end()) return verdict;
  verdict.floor = floor->second;
  if (balance < floor->second) {
    verdict.may_take_job = false;
    verdict.detail = "relayer account " + address + " holds " + balance.to_decimal() + " wei on chain " +
                     std::to_string(chain.chain_id) + " (" + chain.name + "), below its floor of " +
                     floor->second.to_decimal() +
                     " wei (relay.minRelayerBalanceWei): it takes no new job until it is funded";
  }
  return verdict;
}

// A balance as the node answers it (hex quantity) or as stored (decimal).
U256 balance_quantity(const json& v, const std::string& op, const std::string& what) {
  if (v.is_string()) {
    const std::string text = v.get<std::string>();
    try {
      return text.starts_with("0x") ? U256::from_hex(text) : U256::from_decimal(text);
    } catch (const std::exception&) {
    }
  }
  throw OpInputError("op \"" + op + "\": " + what + " must be a hex quantity or a decimal string");
}

std::string relayer_address(const json& v, const std::string& op, const std::string& what) {
  try {
    return Address::parse(v.get<std::string>()).checksummed();
  } catch (const std::exception&) {
    throw OpInputError("op \"" + op + "\": " + what + " must be an EVM address");
  }
}

OpResult relayer_floor_op(const Config& config, const json& input) {
  const OpInput in(input, "relayerFloor");
  const ChainRecord& chain = evm_chain(config, in.member("chainId"), "relayerFloor");
  const std::string address = relayer_address(in.member("address"), "relayerFloor", "address");
  const U256 balance = balance_quantity(in.member("balanceWei"), "relayerFloor", "balanceWei");
  const RelayerFloorVerdict verdict = relayer_floor(config, chain, address, balance);
  return ok({{"chainId", chain.chain_id},
             {"address", address},
             {"balanceWei", balance.to_decimal()},
             {"floorWei", verdict.floor ? json(verdict.floor->to_decimal()) : json(nullptr)},
             {"mayTakeJob", verdict.may_take_job},
             {"detail", verdict.detail.empty() ? json(nullptr) : json(verdict.detail)}});
}

}  // namespace sr::service
