#include "service/relay.h"

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/transaction.h"
#include "service/op_input.h"
#include "service/relay_calls.h"

namespace sr::service {

using nlohmann::json;

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

U256 wei(const OpInput& in, std::string_view name) {
  const json& value = in.member(name);
  try {
    if (!value.is_string()) throw ParseError("not a string");
    return U256::from_decimal(value.get<std::string>());
  } catch (const ParseError&) {
    throw OpInputError(std::string("input member \"") + std::string(name) + "\" must be a decimal string of wei");
  }
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

  std::vector<std::pair<std::string, ContractCall>> calls;
  std::uint64_t chain_id = 0;
  try {
    chain_id = plan_chain(config, plan).chain_id;
    RelayCalls relay = relay_calls(config, plan);
    if (relay.authorization) calls.push_back({"authorization", *relay.authorization});
    calls.push_back({"funding", relay.funding});
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  }

  json transactions = json::array();
  Address from;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    eth::Eip1559Transaction tx;
    tx.chain_id = chain_id;
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
