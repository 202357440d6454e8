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

RelayFees relay_fees(const RelaySettings& settings, const U256& ceiling, const std::optional<U256>& base_fee,
                     const std::optional<U256>& priority_suggestion) {
  RelayFees fees;
  fees.max_priority_fee_per_gas = priority_suggestion.value_or(settings.fallback_priority_fee_wei);
  const U256 base_part = base_fee.value_or(U256(0)).mul_or_throw(U256(settings.base_fee_multiplier));
  fees.max_fee_per_gas = std::min(base_part.add_or_throw(fees.max_priority_fee_per_gas), ceiling);
  fees.max_priority_fee_per_gas = std::min(fees.max_priority_fee_per_gas, ceiling);
  return fees;
}

std::optional<std::string> gas_price_wait(const RelaySettings& settings, std::uint64_t chain_id, const U256& ceiling,
                                          const std::optional<U256>& base_fee,
                                          const std::optional<U256>& priority_suggestion) {
  const U256 base = base_fee.value_or(U256(0));
  const U256 priority = priority_suggestion.value_or(settings.fallback_priority_fee_wei);
  // Compared as priority > ceiling - base, so no sum can pass 2^256.
  const bool above = base > ceiling || priority > ceiling.sub_or_throw(base);
  if (!above) return std::nullopt;
  return "chain " + std::to_string(chain_id) + "'s gas price (base fee " + base.to_decimal() + " wei + priority fee " +
         priority.to_decimal() + " wei) is above its ceiling of " + ceiling.to_decimal() +
         " wei (relay.maxFeePerGasWei); the job waits, nothing was sent";
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
  const auto base_fee = rpc_quantity(in, "baseFeePerGas");
  const auto priority = rpc_quantity(in, "priorityFeeSuggestion");

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

  // Configuration gives every EVM chain a ceiling (config.cpp), and plan_chain answers EVM chains.
  const U256& ceiling = settings.max_fee_per_gas_wei.at(chain_id);
  const Address relayer = Address::from_public_key(secp256k1::public_key(key));
  if (auto wait = gas_price_wait(settings, chain_id, ceiling, base_fee, priority)) {
    return ok({{"from", relayer.checksummed()}, {"waitingFor", "gas-price"}, {"detail", std::move(*wait)}});
  }
  RelayFees fees;
  try {
    fees = relay_fees(settings, ceiling, base_fee, priority);
  } catch (const std::overflow_error&) {
    throw OpInputError("op \"relayTransactions\": baseFeePerGas is too large to price a transaction");
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
