#include "service/funding/relay.h"

#include <algorithm>
#include <stdexcept>

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/transaction.h"
#include "service/common/op_input.h"
#include "service/funding/relay_calls.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

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

// A fee the chain reported, as its JSON-RPC answer spelled it (a hex quantity), or null.
std::optional<U256> rpc_quantity(const OpInput& in, std::string_view name) {
  const json& value = in.member(name);
  if (value.is_null()) return std::nullopt;
  try {
    if (!value.is_string()) throw ParseError("not a string");
    return U256::from_hex(value.get<std::string>());
  } catch (const ParseError&) {
    throw OpInputError("op \"relayTransactions\": " + std::string(name) + " must be a hex quantity (0x…) or null");
  }
}

}  // namespace

RelayFees relay_fees(const RelaySettings& settings, const std::optional<U256>& base_fee,
                     const std::optional<U256>& priority_suggestion) {
  RelayFees fees;
  fees.max_priority_fee_per_gas = priority_suggestion.value_or(settings.fallback_priority_fee_wei);
  const U256 base_part = base_fee.value_or(U256(0)).mul_or_throw(U256(settings.base_fee_multiplier));
  fees.max_fee_per_gas = base_part.add_or_throw(fees.max_priority_fee_per_gas);
  if (const auto& cap = settings.max_fee_per_gas_wei) {
    fees.max_fee_per_gas = std::min(fees.max_fee_per_gas, *cap);
    fees.max_priority_fee_per_gas = std::min(fees.max_priority_fee_per_gas, *cap);
  }
  return fees;
}

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
  const RelaySettings& settings = config.service().relay;
  RelayFees fees;
  try {
    fees = relay_fees(settings, rpc_quantity(in, "baseFeePerGas"), rpc_quantity(in, "priorityFeeSuggestion"));
  } catch (const std::overflow_error&) {
    throw OpInputError("op \"relayTransactions\": baseFeePerGas is too large to price a transaction");
  }

  std::vector<std::pair<std::string, ContractCall>> calls;
  std::uint64_t chain_id = 0;
  try {
    chain_id = plan_chain(config, plan).chain_id;
    RelayCalls relay = relay_calls(config, plan);
    if (relay.authorization) calls.push_back({"authorization", *relay.authorization});
    calls.push_back({"funding", relay.funding});
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  } catch (const nlohmann::ordered_json::exception& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  }

  json transactions = json::array();
  Address from;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    eth::Eip1559Transaction tx;
    tx.chain_id = chain_id;
    tx.nonce = first_nonce + i;
    tx.max_priority_fee_per_gas = fees.max_priority_fee_per_gas;
    tx.max_fee_per_gas = fees.max_fee_per_gas;
    tx.gas_limit = calls[i].first == "authorization" ? settings.authorization_gas_limit : settings.funding_gas_limit;
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
  return ok({{"from", from.checksummed()},
             {"maxFeePerGas", fees.max_fee_per_gas.to_decimal()},
             {"maxPriorityFeePerGas", fees.max_priority_fee_per_gas.to_decimal()},
             {"transactions", std::move(transactions)}});
}

}  // namespace sr::service
