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
std::optional<U256> rpc_quantity(const OpInput& in, std::string_view name, std::string_view op = "relayTransactions") {
  const json& value = in.member(name);
  if (value.is_null()) return std::nullopt;
  try {
    if (!value.is_string()) throw ParseError("not a string");
    return U256::from_hex(value.get<std::string>());
  } catch (const ParseError&) {
    throw OpInputError("op \"" + std::string(op) + "\": " + std::string(name) + " must be a hex quantity (0x…) or null");
  }
}

// A decimal wei amount of an op input (the fees the worker stored with an attempt).
U256 decimal_wei(const json& value, const std::string& name) {
  try {
    if (!value.is_string()) throw ParseError("not a string");
    return U256::from_decimal(value.get<std::string>());
  } catch (const ParseError&) {
    throw OpInputError("op \"relayReplace\": " + name + " must be a decimal amount of wei");
  }
}

// JSON parsed from text gives unsigned numbers; built in C++ a literal may be signed.
bool non_negative_integer(const json& value) {
  return value.is_number_integer() && (value.is_number_unsigned() || value.get<std::int64_t>() >= 0);
}

std::uint64_t count(const json& value, const std::string& name, std::string_view op = "relayReplace") {
  if (!non_negative_integer(value)) {
    throw OpInputError("op \"" + std::string(op) + "\": " + name + " must be a non-negative integer");
  }
  return value.get<std::uint64_t>();
}

// ceil(value * 110 / 100): the smallest raise a node accepts for a replacement.
U256 raised_10_percent(const U256& value) {
  return U256::mul_div(value, U256(110), U256(100), Rounding::ceil).value_or(U256::max());
}

json signed_attempt(const eth::Eip1559Transaction& tx, const secp256k1::SecretKey& key, std::string_view purpose,
                    std::string_view kind) {
  const auto signed_tx = eth::sign_transaction(tx, key);
  return {{"purpose", purpose},
          {"kind", kind},
          {"to", tx.to->checksummed()},
          {"nonce", tx.nonce},
          {"hash", hex::encode(signed_tx.hash)},
          {"raw", hex::encode(signed_tx.raw)},
          {"maxFeePerGas", tx.max_fee_per_gas.to_decimal()},
          {"maxPriorityFeePerGas", tx.max_priority_fee_per_gas.to_decimal()}};
}

OpResult replace_answer(const char* action, json detail = nullptr, json transaction = nullptr) {
  return ok({{"action", action}, {"detail", std::move(detail)}, {"transaction", std::move(transaction)}});
}

}  // namespace

std::optional<RelayFees> replacement_fees(const RelayFees& sent, const RelayFees& market, const U256& ceiling) {
  const U256 min_max = raised_10_percent(sent.max_fee_per_gas);
  const U256 min_priority = raised_10_percent(sent.max_priority_fee_per_gas);
  RelayFees next;
  next.max_fee_per_gas = std::min(std::max(min_max, market.max_fee_per_gas), ceiling);
  next.max_priority_fee_per_gas =
      std::min(std::max(min_priority, market.max_priority_fee_per_gas), next.max_fee_per_gas);
  if (next.max_fee_per_gas < min_max || next.max_priority_fee_per_gas < min_priority) return std::nullopt;
  return next;
}

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

std::optional<std::string> relayer_nonce_wait(const Address& relayer, std::uint64_t chain_id, std::uint64_t mined_nonce,
                                              const std::vector<HeldNonce>& held) {
  const HeldNonce* first = nullptr;
  for (const HeldNonce& h : held) {
    if (h.nonce >= mined_nonce && (first == nullptr || h.nonce < first->nonce)) first = &h;
  }
  if (first == nullptr) return std::nullopt;
  return "the relayer account " + relayer.checksummed() + " on chain " + std::to_string(chain_id) +
         " has nonce " + std::to_string(first->nonce) + " signed for " + first->job_id +
         ", not mined yet; this job is signed after it (nothing was sent)";
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
  const std::uint64_t mined_nonce = count(in.member("minedNonce"), "minedNonce", "relayTransactions");
  // A node behind its own mined count (another endpoint answered "pending") must not make the
  // relayer sign a nonce that is already used.
  const std::uint64_t first_nonce = std::max(nonce.get<std::uint64_t>(), mined_nonce);
  const json& held_json = in.member("heldNonces");
  if (!held_json.is_array()) throw OpInputError("op \"relayTransactions\": heldNonces must be an array");
  std::vector<HeldNonce> held;
  for (const json& h : held_json) {
    if (!h.is_object() || !h.contains("jobId") || !h["jobId"].is_string() || !h.contains("nonce") ||
        !non_negative_integer(h["nonce"])) {
      throw OpInputError("op \"relayTransactions\": each of heldNonces must be {\"jobId\": string, \"nonce\": non-negative integer}");
    }
    held.push_back({h["jobId"].get<std::string>(), h["nonce"].get<std::uint64_t>()});
  }
  const RelaySettings& settings = config.service().relay;
  const auto base_fee = rpc_quantity(in, "baseFeePerGas");
  const auto priority = rpc_quantity(in, "priorityFeeSuggestion");

  std::vector<std::pair<std::string, ContractCall>> calls;
  std::uint64_t chain_id = 0;
  try {
    chain_id = plan_chain(config, plan).chain_id;
    RelayCalls relay = relay_calls(config, plan);
    if (relay.authorization) calls.push_back({"authorization", *relay.authorization});
    calls.push_back({std::string(relay.purpose), relay.funding});
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  } catch (const nlohmann::ordered_json::exception& e) {
    throw OpInputError(std::string("op \"relayTransactions\": the plan is malformed: ") + e.what());
  }

  // Configuration gives every EVM chain a ceiling (config.cpp), and plan_chain answers EVM chains.
  const U256& ceiling = settings.max_fee_per_gas_wei.at(chain_id);
  const Address relayer = Address::from_public_key(secp256k1::public_key(key));
  if (auto wait = relayer_nonce_wait(relayer, chain_id, mined_nonce, held)) {
    return ok({{"from", relayer.checksummed()}, {"waitingFor", "relayer"}, {"detail", std::move(*wait)}});
  }
  if (auto wait = gas_price_wait(settings, chain_id, ceiling, base_fee, priority)) {
    return ok({{"from", relayer.checksummed()}, {"waitingFor", "gas-price"}, {"detail", std::move(*wait)}});
  }
  // Priced from the chain under its ceiling, and from nothing a request carries: a plan stored when
  // plans carried the quote's covered price (maxFeePerGasCoveredWei) is priced the same way, since
  // that figure came from the submitter's unsigned copy of the quote.
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

OpResult relay_replace_op(const Config& config, const json& input) {
  const OpInput in(input, "relayReplace");
  const json& plan = in.member("plan");
  const auto key = relayer_key(in);
  const json& tx_in = in.member("transaction");
  if (!tx_in.is_object()) throw OpInputError("op \"relayReplace\": transaction must be an object");
  const auto tx_member = [&](const char* name) -> const json& {
    if (!tx_in.contains(name)) throw OpInputError(std::string("op \"relayReplace\": transaction.") + name + " is missing");
    return tx_in[name];
  };
  const json& purpose_json = tx_member("purpose");
  // "funding" also names a refund's Portal call signed before refunds had their own label.
  if (purpose_json != "authorization" && purpose_json != "funding" && purpose_json != "refund") {
    throw OpInputError("op \"relayReplace\": transaction.purpose must be \"authorization\", \"funding\" or \"refund\"");
  }
  const std::string purpose = purpose_json.get<std::string>();
  const std::uint64_t nonce = count(tx_member("nonce"), "transaction.nonce");
  const RelayFees sent{decimal_wei(tx_member("maxFeePerGas"), "transaction.maxFeePerGas"),
                       decimal_wei(tx_member("maxPriorityFeePerGas"), "transaction.maxPriorityFeePerGas")};
  const json& cancelling_json = tx_member("cancelling");
  const json& known_json = tx_member("known");
  if (!cancelling_json.is_boolean() || !known_json.is_boolean()) {
    throw OpInputError("op \"relayReplace\": transaction.cancelling and transaction.known must be booleans");
  }
  const bool cancelling = cancelling_json.get<bool>();
  const bool known = known_json.get<bool>();
  const std::uint64_t blocks_waited = count(tx_member("blocksWaited"), "transaction.blocksWaited");
  const std::uint64_t mined_nonce = count(in.member("minedNonce"), "minedNonce");
  const auto base_fee = rpc_quantity(in, "baseFeePerGas", "relayReplace");
  const auto priority = rpc_quantity(in, "priorityFeeSuggestion", "relayReplace");
  const json& simulation = in.member("simulation");
  if (!simulation.is_null() && !(simulation.is_object() && simulation.size() == 1 &&
                                 ((simulation.contains("ok") && simulation["ok"] == true) ||
                                  (simulation.contains("error") && simulation["error"].is_string())))) {
    throw OpInputError("op \"relayReplace\": simulation must be null, {\"ok\": true} or {\"error\": reason}");
  }

  ContractCall call;
  std::uint64_t chain_id = 0;
  try {
    chain_id = plan_chain(config, plan).chain_id;
    RelayCalls relay = relay_calls(config, plan);
    if (purpose == "authorization") {
      if (!relay.authorization) throw OpInputError("op \"relayReplace\": this plan has no authorization transaction");
      call = *relay.authorization;
    } else {
      call = relay.funding;
    }
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"relayReplace\": the plan is malformed: ") + e.what());
  } catch (const nlohmann::ordered_json::exception& e) {
    throw OpInputError(std::string("op \"relayReplace\": the plan is malformed: ") + e.what());
  }
  const std::string where = "nonce " + std::to_string(nonce) + " on chain " + std::to_string(chain_id);

  // The worker found no receipt under any attempt's hash after reading this count: another
  // transaction of the relayer's account took the nonce, so none of this job's can be mined.
  if (nonce < mined_nonce) {
    return replace_answer("fail", "the relayer's " + where + " was taken by another transaction, so the " + purpose +
                                      " transaction (or its replacements) can no longer be mined; nothing more was sent");
  }
  const RelaySettings& settings = config.service().relay;
  const bool due = blocks_waited >= settings.replace_after_blocks;
  if (known && !due) return replace_answer("wait");
  // A cancellation is not simulated (it moves nothing); everything else is before it is re-sent.
  if (!cancelling && simulation.is_null()) return replace_answer("simulate");

  // A replacement or cancellation may go up to the chain's ceiling, whatever the plan carries.
  const U256& ceiling = settings.max_fee_per_gas_wei.at(chain_id);
  const std::string ceiling_text = "the chain's ceiling of " + ceiling.to_decimal() + " wei";
  RelayFees market;
  try {
    market = relay_fees(settings, ceiling, base_fee, priority);
  } catch (const std::overflow_error&) {
    throw OpInputError("op \"relayReplace\": baseFeePerGas is too large to price a transaction");
  }
  const std::optional<RelayFees> raised = replacement_fees(sent, market, ceiling);
  // A transaction the node no longer holds may be re-sent at any price; one it holds only with
  // a 10% raise of both fields (or a node keeps the old one).
  const std::optional<RelayFees> fees = raised ? raised : (known ? std::nullopt : std::optional<RelayFees>(market));
  const Address relayer = Address::from_public_key(secp256k1::public_key(key));

  if (!cancelling && simulation.contains("error") && !known) {
    // Nothing of the job's is held any more (dropped, or reorganised away) and its nonce is free:
    // nothing is re-sent, and nothing needs filling (no later transaction of the relayer's waits
    // on this nonce: the next job takes it).
    return replace_answer("fail", "simulated again before re-sending the " + purpose + " transaction at " + where +
                                      ", which the node no longer holds: " + simulation["error"].get<std::string>() +
                                      " (nothing new was sent)");
  }
  if (cancelling && !known && sent.max_fee_per_gas >= base_fee.value_or(U256(0))) {
    return replace_answer("rebroadcast", "the node no longer holds the 0-value transfer at " + where);
  }
  if (cancelling || simulation.contains("error")) {
    const std::string reason = cancelling ? std::string("the nonce is being filled")
                                          : "simulated again before re-sending, " + simulation["error"].get<std::string>();
    if (!fees) {
      return replace_answer("wait", "the " + purpose + " transaction at " + where + " would now fail (" + reason +
                                        ") but its fees are at " + ceiling_text + ", leaving no room to replace it; it waits");
    }
    eth::Eip1559Transaction tx;
    tx.chain_id = chain_id;
    tx.nonce = nonce;
    tx.max_fee_per_gas = fees->max_fee_per_gas;
    tx.max_priority_fee_per_gas = fees->max_priority_fee_per_gas;
    tx.gas_limit = 21'000;  // a plain transfer
    tx.to = relayer;
    return replace_answer("cancel", reason, signed_attempt(tx, key, purpose, "cancel"));
  }
  // Dropped (or reorganised away): the same bytes again while they still pay the chain's base fee
  // (a reorganised funding keeps its hash), else a replacement at the chain's price.
  if (!known && sent.max_fee_per_gas >= base_fee.value_or(U256(0))) {
    return replace_answer("rebroadcast", "the node no longer holds the " + purpose + " transaction at " + where);
  }
  if (!fees) {
    return replace_answer("wait", "the " + purpose + " transaction at " + where + " has no receipt after " +
                                      std::to_string(blocks_waited) + " blocks, and its fees are at " + ceiling_text +
                                      " (relay.maxFeePerGasWei): it waits");
  }
  eth::Eip1559Transaction tx;
  tx.chain_id = chain_id;
  tx.nonce = nonce;
  tx.max_fee_per_gas = fees->max_fee_per_gas;
  tx.max_priority_fee_per_gas = fees->max_priority_fee_per_gas;
  tx.gas_limit = purpose == "authorization" ? settings.authorization_gas_limit : settings.funding_gas_limit;
  tx.to = call.to;
  tx.data = call.data;
  return replace_answer("replace",
                        known ? "no receipt after " + std::to_string(blocks_waited) + " blocks"
                              : "dropped by the node, and its fees no longer pay the chain's base fee",
                        signed_attempt(tx, key, purpose, "replacement"));
}

}  // namespace sr::service
