#include "service/funding/relay_calls.h"

#include "crypto/hex.h"
#include "eth/abi.h"
#include "protocol/calldata.h"
#include "protocol/contract_calls.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"

namespace sr::service {

using json = nlohmann::ordered_json;
namespace calls = protocol::contract_calls;

namespace {

abi::Value arg(const abi::Type& type, const json& value) { return abi::value_from_json(type, value); }
abi::Value word(ByteView bytes) { return Bytes(bytes.begin(), bytes.end()); }

// The v, r, s arguments of the token functions that take a split signature.
void append_vrs(std::vector<abi::Value>& args, const Bytes& signature) {
  args.push_back(U256(signature.at(64)));
  args.push_back(word(ByteView(signature).subspan(0, 32)));
  args.push_back(word(ByteView(signature).subspan(32, 32)));
}

ContractCall permit2_call(const json& a, const json& plan, const ChainRecord& chain, const Bytes& signature) {
  if (!chain.permit2) throw ParseError("chain " + std::to_string(chain.chain_id) + " has no Permit2");
  const json& details = a.at("details");
  const bool single = details.size() == 1;
  const protocol::Function& f = single ? calls::permit2_permit_single() : calls::permit2_permit_batch();
  const abi::Type& permit_type = f.inputs()[1];
  json list = json::array();
  for (const auto& d : details) list.push_back({d.at("token"), d.at("amount"), d.at("expiration"), d.at("nonce")});
  const json permit_json = json::array({single ? list[0] : list, a.at("spender"), a.at("sigDeadline")});
  return {*chain.permit2, f.encode({arg(abi::Type::address(), plan.at("funder")), arg(permit_type, permit_json), word(signature)})};
}

ContractCall permit3_call(const json& a, const ChainRecord& chain, const Bytes& signature) {
  if (!chain.permit3) throw ParseError("chain " + std::to_string(chain.chain_id) + " has no Permit3");
  const json& proof = a.at("proof");
  const protocol::Function& f = proof.empty() ? calls::permit3_permit() : calls::permit3_permit_with_proof();
  json permits = json::array();
  for (const auto& e : a.at("chainPermits").at("permits")) {
    permits.push_back({e.at("modeOrExpiration"), e.at("tokenKey"), e.at("account"), e.at("amountDelta")});
  }
  const json chain_permits = json::array({a.at("chainPermits").at("chainId"), permits});
  std::vector<abi::Value> args{arg(abi::Type::address(), a.at("owner")), arg(abi::Type::fixed_bytes(32), a.at("salt")),
                               arg(abi::Type::uint(48), a.at("deadline")), arg(abi::Type::uint(48), a.at("timestamp")),
                               arg(f.inputs()[4], chain_permits)};
  if (!proof.empty()) args.push_back(arg(f.inputs()[5], proof));
  args.push_back(word(signature));
  return {*chain.permit3, f.encode(args)};
}

std::optional<ContractCall> authorization_call(const std::string& standard, const json& plan, const ChainRecord& chain) {
  if (standard == "transfer") return std::nullopt;  // the vault already holds the tokens
  const json& a = plan.at("authorization");
  const Address token = Address::parse(plan.at("token").get<std::string>());
  const Bytes signature = hex::decode(plan.at("signature").get<std::string>(), hex::Prefix::required, 65);
  const auto address = abi::Type::address();
  const auto uint = abi::Type::uint();
  if (standard == "erc3009") {
    std::vector<abi::Value> args{arg(address, a.at("from")),     arg(address, a.at("to")),
                                 arg(uint, a.at("value")),       arg(uint, a.at("validAfter")),
                                 arg(uint, a.at("validBefore")), arg(abi::Type::fixed_bytes(32), a.at("nonce"))};
    append_vrs(args, signature);
    return ContractCall{token, calls::erc3009_transfer_with_authorization().encode(args)};
  }
  if (standard == "erc2612") {
    std::vector<abi::Value> args{arg(address, a.at("owner")), arg(address, a.at("spender")), arg(uint, a.at("value")),
                                 arg(uint, a.at("deadline"))};
    append_vrs(args, signature);
    return ContractCall{token, calls::eip2612_permit().encode(args)};
  }
  if (standard == "permit2") return permit2_call(a, plan, chain, signature);
  if (standard == "permit3") return permit3_call(a, chain, signature);
  throw ParseError("standard " + standard + " cannot be relayed");
}

Address permit_contract(const std::string& standard, const ChainRecord& chain) {
  if (standard == "permit2") return *chain.permit2;
  if (standard == "permit3") return *chain.permit3;
  return Address{};
}

// The refund of an intent the relayer sends itself (refund_relay.h): the Portal returns the vault's
// reward to reward.creator, whoever sends it.
ContractCall refund_call(const ChainRecord& chain, const json& refund) {
  const Hash32 route_hash = hex::decode32(refund.at("routeHash").get<std::string>());
  const protocol::Reward reward = protocol::reward_from_json(refund.at("reward"), Vm::evm, "refund.reward");
  return {chain.portal.evm(), protocol::portal::refund(refund.at("destination").get<std::uint64_t>(), route_hash, reward)};
}

}  // namespace

const ChainRecord& plan_chain(const Config& config, const json& plan) {
  const ChainRecord* chain = config.chain(plan.at("chainId").get<std::uint64_t>());
  if (!chain || chain->vm != Vm::evm) throw ParseError("the plan's chain is not a configured EVM chain");
  return *chain;
}

RelayCalls relay_calls(const Config& config, const json& plan) {
  const ChainRecord& chain = plan_chain(config, plan);
  const std::string standard = plan.at("standard").get<std::string>();
  if (standard == "refund") return {std::nullopt, refund_call(chain, plan.at("refund")), "refund"};
  const json& intent_json = plan.at("intent");
  const ChainRecord* destination = config.chain(intent_json.at("destination").get<std::uint64_t>());
  if (!destination) throw ParseError("the plan's destination chain is not configured");
  RelayCalls calls;
  calls.authorization = authorization_call(standard, plan, chain);
  const auto intent = protocol::intent_from_json(intent_json, chain.vm, destination->vm);
  const Bytes route = protocol::encode_route(intent.route, destination->vm);
  const Address funder = Address::parse(plan.at("funder").get<std::string>());
  calls.funding = {chain.portal.evm(), protocol::portal::publish_and_fund_for(intent.destination, route, intent.reward, false,
                                                                              funder, permit_contract(standard, chain))};
  return calls;
}

}  // namespace sr::service
