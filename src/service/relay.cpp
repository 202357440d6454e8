#include "service/relay.h"

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/abi.h"
#include "eth/transaction.h"
#include "protocol/calldata.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "service/op_input.h"

namespace sr::service {

using nlohmann::json;

namespace {

const protocol::Function& transfer_with_authorization() {
  static const protocol::Function f(
      "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)");
  return f;
}
const protocol::Function& eip2612_permit() {
  static const protocol::Function f("permit(address,address,uint256,uint256,uint8,bytes32,bytes32)");
  return f;
}
const protocol::Function& permit2_single() {
  static const protocol::Function f("permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)");
  return f;
}
const protocol::Function& permit2_batch() {
  static const protocol::Function f("permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)");
  return f;
}

secp256k1::SecretKey relayer_key(const OpInput& in) {
  const json& key = in.member("relayerKey");
  try {
    if (!key.is_string()) throw ParseError("not a string");
    return secp256k1::SecretKey::from_hex(key.get<std::string>());
  } catch (const ParseError&) {
    // Never echo the value: it is a secret.
    throw OpInputError("the relayer key (RELAYER_KEY) is not 0x + 64 hex digits of a valid secp256k1 key");
  }
}

U256 wei(const OpInput& in, std::string_view name) {
  const json& value = in.member(name);
  try {
    if (!value.is_string()) throw ParseError("not a string");
    return U256::from_decimal(value.get<std::string>());
  } catch (const ParseError&) {
    throw OpInputError(std::string("input member \"") + std::string(name) + "\" must be a decimal string of wei");
  }
}

abi::Value arg(const abi::Type& type, const json& value) { return abi::value_from_json(type, value); }
abi::Value word(ByteView bytes) { return Bytes(bytes.begin(), bytes.end()); }

// The v, r, s arguments of the token functions that take a split signature.
void append_vrs(std::vector<abi::Value>& args, const Bytes& signature) {
  args.push_back(U256(signature.at(64)));
  args.push_back(word(ByteView(signature).subspan(0, 32)));
  args.push_back(word(ByteView(signature).subspan(32, 32)));
}

struct Call {
  Address to;
  Bytes data;
};

std::optional<Call> authorization_call(const std::string& standard, const json& plan, const ChainRecord& chain) {
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
    return Call{token, transfer_with_authorization().encode(args)};
  }
  if (standard == "erc2612") {
    std::vector<abi::Value> args{arg(address, a.at("owner")), arg(address, a.at("spender")), arg(uint, a.at("value")),
                                 arg(uint, a.at("deadline"))};
    append_vrs(args, signature);
    return Call{token, eip2612_permit().encode(args)};
  }
  if (standard == "permit2") {
    if (!chain.permit2) throw ParseError("chain " + std::to_string(chain.chain_id) + " has no Permit2");
    const json& details = a.at("details");
    const bool single = details.size() == 1;
    const protocol::Function& f = single ? permit2_single() : permit2_batch();
    const abi::Type& permit_type = f.inputs()[1];
    const json details_json = [&] {
      json list = json::array();
      for (const auto& d : details) list.push_back({d.at("token"), d.at("amount"), d.at("expiration"), d.at("nonce")});
      return single ? list[0] : list;
    }();
    const json permit_json = json::array({details_json, a.at("spender"), a.at("sigDeadline")});
    return Call{*chain.permit2, f.encode({arg(address, plan.at("funder")), arg(permit_type, permit_json),
                                          word(signature)})};
  }
  throw ParseError("standard " + standard + " cannot be relayed");
}

}  // namespace

OpResult relayer_account_op(const json& input) {
  const OpInput in(input, "relayerAccount");
  const auto key = relayer_key(in);
  return ok({{"address", Address::from_public_key(secp256k1::public_key(key)).checksummed()}});
}

OpResult relay_transactions_op(const Config& config, const json& input) {
  const OpInput in(input, "relayTransactions");
  const json& plan = in.member("plan");
  const auto key = relayer_key(in);
  const json& nonce = in.member("nonce");
  if (!nonce.is_number_unsigned()) throw OpInputError("op \"relayTransactions\": nonce must be a non-negative integer");
  const std::uint64_t first_nonce = nonce.get<std::uint64_t>();
  const U256 max_fee = wei(in, "maxFeePerGas");
  const U256 priority_fee = wei(in, "maxPriorityFeePerGas");
  const json& gas_limits = in.member("gasLimits");
  const auto gas = [](const json& v) { return v.is_number_integer() && v.get<std::int64_t>() > 0; };
  if (!gas_limits.is_array() || gas_limits.size() != 2 || !gas(gas_limits[0]) || !gas(gas_limits[1])) {
    throw OpInputError("op \"relayTransactions\": gasLimits must be two positive integers");
  }

  const std::string standard = plan.at("standard").get<std::string>();
  if (standard == "permit3") {
    return problem(ProblemCode::chain_not_supported,
                   "Permit3 fundings cannot be relayed by this relayer: no Permit3 deployment is configured to "
                   "submit through, and Permit3's entry points differ between versions");
  }
  const ChainRecord* chain = config.chain(plan.at("chainId").get<std::uint64_t>());
  if (!chain || chain->vm != Vm::evm) throw OpInputError("op \"relayTransactions\": the plan's chain is not an EVM chain");
  const json& intent_json = plan.at("intent");
  const ChainRecord* destination = config.chain(intent_json.at("destination").get<std::uint64_t>());
  if (!destination) throw OpInputError("op \"relayTransactions\": the plan's destination chain is not configured");

  std::vector<std::pair<std::string, Call>> calls;
  try {
    if (auto call = authorization_call(standard, plan, *chain)) calls.push_back({"authorization", *call});
    const auto intent = protocol::intent_from_json(intent_json, chain->vm, destination->vm);
    const Bytes route = protocol::encode_route(intent.route, destination->vm);
    const Address funder = Address::parse(plan.at("funder").get<std::string>());
    const Address permit_contract = standard == "permit2" ? *chain->permit2 : Address{};
    calls.push_back({"funding", Call{chain->portal.evm(), protocol::portal::publish_and_fund_for(
                                                              intent.destination, route, intent.reward, false,
                                                              funder, permit_contract)}});
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  }

  json transactions = json::array();
  Address from;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    eth::Eip1559Transaction tx;
    tx.chain_id = chain->chain_id;
    tx.nonce = first_nonce + i;
    tx.max_priority_fee_per_gas = priority_fee;
    tx.max_fee_per_gas = max_fee;
    tx.gas_limit = gas_limits[calls[i].first == "authorization" ? 0 : 1].get<std::uint64_t>();
    tx.to = calls[i].second.to;
    tx.data = calls[i].second.data;
    const auto signed_tx = eth::sign_transaction(tx, key);
    from = signed_tx.from;
    transactions.push_back({{"purpose", calls[i].first},
                            {"to", tx.to->checksummed()},
                            {"nonce", tx.nonce},
                            {"hash", hex::encode(signed_tx.hash)},
                            {"raw", hex::encode(signed_tx.raw)}});
  }
  return ok({{"from", from.checksummed()}, {"transactions", std::move(transactions)}});
}

}  // namespace sr::service
