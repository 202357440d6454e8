#include "service/status/status_queries.h"

#include <algorithm>
#include <string>

#include "crypto/hex.h"
#include "protocol/json_fields.h"
#include "protocol/portal_calldata.h"
#include "service/common/identifiers.h"
#include "service/common/op_input.h"
#include "service/status/finality.h"
#include "service/status/quote_registration.h"
#include "service/status/status_records.h"

namespace sr::service {

namespace jf = protocol::json_fields;
using Json = nlohmann::ordered_json;

namespace {

// ---- clocks and the response bodies -------------------------------------------------------

}  // namespace

StatusClocks status_clocks(const OpInput& in, const IntentRecord& record) {
  const std::uint64_t now = in.unix_seconds("now");
  const Json* times = in.optional("chainTimes");
  if (times && !times->is_object()) throw OpInputError("chainTimes must be an object");
  const auto clock_of = [&](const std::optional<std::uint64_t>& chain) {
    if (!times || !chain) return now;
    const auto it = times->find(std::to_string(*chain));
    if (it == times->end() || it->is_null()) return now;
    const auto time = json_u64(*it);
    if (!time) throw OpInputError("chainTimes values must be Unix seconds");
    return std::max(now, *time);
  };
  return {clock_of(record.source_chain_id), clock_of(record.destination_chain_id)};
}

namespace {

Json explorer_link(const Config& config, const ChainTx& tx) {
  const ChainRecord* chain = config.chain(tx.chain_id);
  if (!chain || chain->block_explorer_url.empty()) return nullptr;
  return chain->block_explorer_url + "/tx/" + hex::encode(tx.transaction_hash);
}

}  // namespace

Json transaction_body(const Config& config, const std::optional<ChainTx>& tx, bool with_block) {
  if (!tx) return nullptr;
  Json body{{"chainId", jf::u64_to_json(tx->chain_id)}, {"transactionHash", hex::encode(tx->transaction_hash)}};
  if (with_block) body["blockNumber"] = jf::u64_to_json(tx->block_number);
  body["blockExplorerUrl"] = explorer_link(config, *tx);
  return body;
}

namespace {

Json optional_u64(const std::optional<std::uint64_t>& value) { return value ? jf::u64_to_json(*value) : Json(nullptr); }

// What a status offers once no fill can land: the source Portal's refund(destination, routeHash,
// reward), which returns the reward to reward.creator whoever sends it, and availableAt = the
// reward deadline, the first block time the Portal accepts it and the second the status turns
// refundable (before that, while `expired`, the same call reverts). Null for other statuses and
// when the record does not know the reward (an old record, or a registration whose intent did not
// hash to the intent hash, until IntentPublished supplies it).
// Null for Solana sources: the Solana Portal's refund is an instruction over the vault's and the
// creator's token accounts, not this EVM call, and the record keeps no Solana reward to build it.
Json refund_body(const Config& config, const IntentRecord& record, IntentStatus status) {
  if (status != IntentStatus::refundable && status != IntentStatus::expired) return nullptr;
  if (!record.reward || !record.route_hash || !record.source_chain_id || !record.destination_chain_id) return nullptr;
  const ChainRecord* source = config.chain(*record.source_chain_id);
  if (!source || source->vm != Vm::evm || source->portal.vm() != Vm::evm) return nullptr;
  const Bytes data = protocol::portal::refund(*record.destination_chain_id, *record.route_hash, *record.reward);
  return Json{{"transaction",
               {{"type", "evm"},
                {"chainId", jf::u64_to_json(source->chain_id)},
                {"to", source->portal.evm().checksummed()},
                {"data", hex::encode(data)},
                {"value", "0"}}},
              {"availableAt", jf::u64_to_json(record.reward->deadline)}};
}

Json reason_body(const IntentRecord& record, IntentStatus status) {
  const auto reason = status_reason(record, status);
  if (!reason) return nullptr;
  return Json{{"code", reason->code}, {"message", reason->message}};
}

Json status_body(const Config& config, const IntentRecord& record, IntentStatus status, const ChainHeads& heads) {
  Json transactions = Json::object();
  for (std::size_t i = 0; i < kIntentStepCount; ++i) {
    const auto step = static_cast<IntentStep>(i);
    Json body = transaction_body(config, record.tx(step), true);
    if (record.tx(step)) {
      const TxFinality finality = tx_finality(*record.tx(step), heads);
      body["confirmations"] = jf::u64_to_json(finality.confirmations);
      body["final"] = finality.final;
    }
    transactions[std::string(step_name(step))] = std::move(body);
  }
  return Json{{"intentHash", hex::encode(record.intent_hash)},
              {"status", status_name(status)},
              {"sourceChainId", optional_u64(record.source_chain_id)},
              {"destinationChainId", optional_u64(record.destination_chain_id)},
              {"updatedAt", jf::u64_to_json(status_since(record, status))},
              {"transactions", std::move(transactions)},
              {"refund", refund_body(config, record, status)},
              {"reason", reason_body(record, status)},
              {"final", status_final(record, status, heads)}};
}

Json unknown_body(const std::optional<std::string>& intent_hash) {
  Json transactions = Json::object();
  for (std::size_t i = 0; i < kIntentStepCount; ++i) transactions[std::string(step_name(static_cast<IntentStep>(i)))] = nullptr;
  return Json{{"intentHash", intent_hash ? Json(*intent_hash) : Json(nullptr)},
              {"status", status_name(IntentStatus::unknown)},
              {"sourceChainId", nullptr},
              {"destinationChainId", nullptr},
              {"updatedAt", nullptr},
              {"transactions", std::move(transactions)},
              {"refund", nullptr},
              {"reason", nullptr},
              {"final", false}};
}

// ---- query validation ---------------------------------------------------------------------

std::optional<std::string> query_string(const Json& query, const char* name) {
  const auto it = query.find(name);
  if (it == query.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw OpInputError(std::string("query.") + name + " must be the raw query string or null");
  return it->get<std::string>();
}

struct StatusQuery {
  std::optional<std::string> intent_hash;  // lowercase
  std::optional<std::string> quote_id;     // lowercase bare UUID
  std::optional<Hash32> transaction_hash;
  std::optional<std::uint64_t> chain_id;   // with transaction_hash only
};

// A decimal chain id as a query string carries it: digits only, no sign, no leading zero.
std::optional<std::uint64_t> decimal_chain_id(const std::string& text) {
  if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (value == 0) return std::nullopt;
  return value;
}

Validated<StatusQuery> read_status_query(const Json& query) {
  if (!query.is_object()) throw OpInputError("op \"intentStatus\": query must be an object");
  const auto intent_hash = query_string(query, "intentHash");
  const auto quote_id = query_string(query, "quoteId");
  const auto transaction_hash = query_string(query, "transactionHash");
  const auto chain_id = query_string(query, "chainId");
  FieldErrors errors;
  const int given = (intent_hash ? 1 : 0) + (quote_id ? 1 : 0) + (transaction_hash ? 1 : 0);
  if (given == 0) {
    errors.add("intentHash",
               "intentHash (0x + 64 hex digits), quoteId (a UUID) or transactionHash (0x + 64 hex digits) is required");
  } else if (given > 1) {
    errors.add(transaction_hash ? "transactionHash" : "quoteId",
               "pass one of intentHash, quoteId and transactionHash, not several");
  } else if (chain_id && !transaction_hash) {
    errors.add("chainId", "chainId narrows a transactionHash lookup; it needs transactionHash");
  } else if (transaction_hash && !is_hash_text(*transaction_hash)) {
    errors.add("transactionHash", "transactionHash must be 0x followed by 64 hex digits");
  } else if (chain_id && !decimal_chain_id(*chain_id)) {
    errors.add("chainId", "chainId must be a positive decimal integer");
  } else if (intent_hash && !is_hash_text(*intent_hash)) {
    errors.add("intentHash", "intentHash must be 0x followed by 64 hex digits");
  } else if (quote_id && !bare_uuid(*quote_id)) {
    errors.add("quoteId", quote_id->starts_with("quote:")
                              ? "quoteId must be the bare UUID, without the quote: prefix"
                              : "quoteId must be a UUID (8-4-4-4-12 hex digits)");
  }
  if (!errors.empty()) return Validated<StatusQuery>::failed(invalid_request(errors));
  StatusQuery out;
  if (intent_hash) out.intent_hash = lowercase(*intent_hash);
  if (quote_id) out.quote_id = lowercase(*quote_id);
  if (transaction_hash) out.transaction_hash = hex::decode32(*transaction_hash);
  if (chain_id) out.chain_id = decimal_chain_id(*chain_id);
  return {out, {}};
}

// The record a transaction-hash lookup answers: among the candidates the index named, the first
// (by intent hash, so the answer does not depend on the index's order) that holds the transaction
// now, on the chain asked about when one was. A candidate that no longer holds it (a
// reorganisation took it out) is not an answer: no body names a transaction the chain lost.
std::optional<IntentRecord> record_of_transaction(const OpInput& in, const StatusQuery& query) {
  const Json* candidates = in.optional("candidates");
  if (!candidates) return std::nullopt;
  if (!candidates->is_array()) throw OpInputError("op \"intentStatus\": candidates must be an array of records");
  std::optional<IntentRecord> found;
  for (std::size_t i = 0; i < candidates->size(); ++i) {
    const IntentRecord record = record_from_json((*candidates)[i], "candidates[" + std::to_string(i) + "]");
    const auto txs = recorded_transactions(record);
    const bool holds = std::any_of(txs.begin(), txs.end(), [&](const ChainTx& tx) {
      return tx.transaction_hash == *query.transaction_hash && (!query.chain_id || tx.chain_id == *query.chain_id);
    });
    if (holds && (!found || record.intent_hash < found->intent_hash)) found = record;
  }
  return found;
}

// The record a quoteId lookup answers when the shard names candidates (its records whose intent
// hash starts as the quote id does, quote_registration.h) instead of a record: the one that holds
// this quote id. None: the quote was never registered here, or its record is gone.
std::optional<IntentRecord> record_of_quote(const Json& candidates, const std::string& quote_id) {
  if (!candidates.is_array()) throw OpInputError("op \"intentStatus\": candidates must be an array of records");
  std::optional<IntentRecord> found;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    IntentRecord record = record_from_json(candidates[i], "candidates[" + std::to_string(i) + "]");
    const bool holds = record.quote_id && lowercase(*record.quote_id) == quote_id && quote_id_leads_to(quote_id, hex::encode(record.intent_hash));
    if (holds && (!found || record.intent_hash < found->intent_hash)) found = std::move(record);
  }
  return found;
}

}  // namespace

OpResult intent_status_op(const Config& config, const Json& input) {
  OpInput in(input, "intentStatus");
  auto query = read_status_query(in.member("query"));
  if (!query) return query.error;
  const Json* candidates = in.optional("candidates");
  const std::optional<IntentRecord> record = query.value->transaction_hash ? record_of_transaction(in, *query.value)
                                             : query.value->quote_id && candidates ? record_of_quote(*candidates, *query.value->quote_id)
                                                                                   : read_optional_record(in, "intentStatus");
  if (!record) {
    // A lookup answers "unknown"; a stream would send nothing, ever, while holding a shard's
    // attention for its whole life: an intent without a record gets no stream.
    const Json* stream = in.optional("stream");
    if (stream && !stream->is_boolean()) throw OpInputError("op \"intentStatus\": stream must be a boolean");
    if (stream && stream->get<bool>()) {
      const std::string what = query.value->intent_hash  ? "intent " + *query.value->intent_hash
                               : query.value->quote_id ? "quote " + *query.value->quote_id
                                                       : "transaction " + hex::encode(*query.value->transaction_hash);
      return problem(ProblemCode::not_found, "no record of " + what + ": a stream opens for an intent that was quoted or seen on a chain");
    }
    return ok(unknown_body(query.value->intent_hash));
  }
  if (query.value->intent_hash && hex::encode(record->intent_hash) != *query.value->intent_hash) {
    throw OpInputError("op \"intentStatus\": the record is not the queried intent's");
  }
  return ok(status_body(config, *record, derive_status(*record, status_clocks(in, *record)), read_chain_heads(in)));
}

OpResult intent_status_check_op(const Config& config, const Json& input) {
  OpInput in(input, "intentStatusCheck");
  const std::optional<IntentRecord> record = read_optional_record(in, "intentStatusCheck");
  if (!record) throw OpInputError("op \"intentStatusCheck\": record is required");
  const std::uint64_t now = in.unix_seconds("now");
  const StatusClocks clocks = status_clocks(in, *record);
  const IntentStatus status = derive_status(*record, clocks);
  const std::optional<std::uint64_t> recheck = next_time_change(*record, status, clocks, now);
  return ok(Json{{"status", status_body(config, *record, status, read_chain_heads(in))},
                 {"recheckAt", recheck ? Json(*recheck) : Json(nullptr)}});
}

}  // namespace sr::service
