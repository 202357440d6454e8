#include "service/status_ops.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/abi.h"
#include "protocol/events.h"
#include "protocol/intent_abi.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/json_fields.h"
#include "service/chain_logs.h"
#include "service/deposit_transfers.h"
#include "service/legacy_request.h"
#include "service/op_input.h"

namespace sr::service {

namespace jf = protocol::json_fields;
namespace ev = protocol::events;
using Json = nlohmann::json;

namespace {

// A non-negative JSON integer, however nlohmann stored it (parsed text is unsigned, built values signed).
std::optional<std::uint64_t> as_u64(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(value.get<std::int64_t>());
  return std::nullopt;
}

// ---- records in and out -------------------------------------------------------------------

// The `records` input: hash (lowercase) -> record, nullopt for "the caller has none".
using RecordMap = std::map<std::string, std::optional<IntentRecord>>;

RecordMap read_records(const OpInput& in, std::string_view op) {
  RecordMap records;
  const Json* given = in.optional("records");
  if (!given) return records;
  if (!given->is_object()) throw OpInputError("op \"" + std::string(op) + "\": records must be an object");
  for (const auto& [key, value] : given->items()) {
    std::string hash = key;
    std::transform(hash.begin(), hash.end(), hash.begin(), [](unsigned char c) { return std::tolower(c); });
    try {
      if (value.is_null()) {
        records[hash] = std::nullopt;
      } else {
        IntentRecord record = record_from_json(value, "records." + key);
        if (hex::encode(record.intent_hash) != hash) throw ParseError("records." + key + " holds another intent");
        records[hash] = std::move(record);
      }
    } catch (const ParseError& e) {
      throw OpInputError("op \"" + std::string(op) + "\": " + e.what());
    }
  }
  return records;
}

OpResult missing_answer(const std::set<std::string>& missing) {
  return ok(Json{{"missing", Json(std::vector<std::string>(missing.begin(), missing.end()))}});
}

std::optional<IntentRecord> read_optional_record(const OpInput& in, std::string_view op) {
  const Json* record = in.optional("record");
  if (!record) return std::nullopt;
  try {
    return record_from_json(*record, "record");
  } catch (const ParseError& e) {
    throw OpInputError("op \"" + std::string(op) + "\": " + e.what());
  }
}

// ---- clocks and the response bodies -------------------------------------------------------

StatusClocks clocks_for(const OpInput& in, const IntentRecord& record) {
  const std::uint64_t now = in.unix_seconds("now");
  const Json* times = in.optional("chainTimes");
  if (times && !times->is_object()) throw OpInputError("chainTimes must be an object");
  const auto clock_of = [&](const std::optional<std::uint64_t>& chain) {
    if (!times || !chain) return now;
    const auto it = times->find(std::to_string(*chain));
    if (it == times->end() || it->is_null()) return now;
    const auto time = as_u64(*it);
    if (!time) throw OpInputError("chainTimes values must be Unix seconds");
    return std::max(now, *time);
  };
  return {clock_of(record.source_chain_id), clock_of(record.destination_chain_id)};
}

Json explorer_link(const Config& config, const ChainTx& tx) {
  const ChainRecord* chain = config.chain(tx.chain_id);
  if (!chain || chain->block_explorer_url.empty()) return nullptr;
  return chain->block_explorer_url + "/tx/" + hex::encode(tx.transaction_hash);
}

Json tx_body(const Config& config, const std::optional<ChainTx>& tx, bool with_block) {
  if (!tx) return nullptr;
  Json body{{"chainId", jf::u64_to_json(tx->chain_id)}, {"transactionHash", hex::encode(tx->transaction_hash)}};
  if (with_block) body["blockNumber"] = jf::u64_to_json(tx->block_number);
  body["blockExplorerUrl"] = explorer_link(config, *tx);
  return body;
}

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

Json status_body(const Config& config, const IntentRecord& record, IntentStatus status) {
  Json transactions = Json::object();
  for (std::size_t i = 0; i < kIntentStepCount; ++i) {
    const auto step = static_cast<IntentStep>(i);
    transactions[std::string(step_name(step))] = tx_body(config, record.tx(step), true);
  }
  return Json{{"intentHash", hex::encode(record.intent_hash)},
              {"status", status_name(status)},
              {"sourceChainId", optional_u64(record.source_chain_id)},
              {"destinationChainId", optional_u64(record.destination_chain_id)},
              {"updatedAt", jf::u64_to_json(status_since(record, status))},
              {"transactions", std::move(transactions)},
              {"refund", refund_body(config, record, status)}};
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
              {"refund", nullptr}};
}

// ---- logs to events -----------------------------------------------------------------------

std::optional<std::uint64_t> evm_route_deadline(const Config& config, std::uint64_t destination, ByteView route) {
  const ChainRecord* chain = config.chain(destination);
  if (!chain || chain->vm != Vm::evm) return std::nullopt;
  try {
    // abi.encode(route): the parameter encoding, which starts with the tuple's offset word.
    return protocol::intent_abi::route_from_value(abi::decode_params({protocol::intent_abi::route_type()}, route).at(0)).deadline;
  } catch (const ParseError&) {
    return std::nullopt;  // the registration or a later publication supplies it
  }
}

struct Decoded {
  std::optional<IntentEvent> event;
  std::string ignored_because;  // when there is no event
};

Decoded to_intent_event(const Config& config, const ChainRecord& chain, const ev::Log& log) {
  const bool from_portal = chain.portal.vm() == Vm::evm && chain.portal.evm() == log.address;
  const bool from_prover = chain.prover && chain.prover->vm() == Vm::evm && chain.prover->evm() == log.address;
  if (!from_portal && !from_prover) return {std::nullopt, "not emitted by the chain's Portal or prover"};
  std::optional<ev::Event> decoded;
  try {
    decoded = ev::decode_event(log);
  } catch (const ParseError& e) {
    return {std::nullopt, std::string("malformed event: ") + e.what()};
  }
  if (!decoded) return {std::nullopt, "not an intent event"};

  IntentEvent e;
  e.tx = ChainTx{chain.chain_id, log.transaction_hash, log.block_number, log.log_index};
  e.removed = log.removed;
  const bool expected_emitter = std::visit(
      [&](const auto& event) {
        using T = std::decay_t<decltype(event)>;
        if constexpr (std::is_same_v<T, ev::Erc20Transfer>) {
          return false;
        } else {
          e.intent_hash = event.intent_hash;
          if constexpr (std::is_same_v<T, ev::IntentPublished>) {
            e.step = IntentStep::published;
            e.destination_chain_id = event.destination;
            e.reward_deadline = event.reward_deadline;
            e.route_deadline = evm_route_deadline(config, event.destination, event.route);
            // What refund() takes, kept only when it hashes to the intent the log names (the
            // Portal computed that hash from these very values; a pushed log is checked anyway).
            const Hash32 route_hash = keccak256(event.route);
            const protocol::Reward reward = event.reward();
            if (protocol::intent_hash(event.destination, route_hash, protocol::reward_hash(reward, Vm::evm)) ==
                event.intent_hash) {
              e.route_hash = route_hash;
              e.reward = reward;
            }
          } else if constexpr (std::is_same_v<T, ev::IntentFunded>) {
            e.step = IntentStep::funded;
            e.complete = event.complete;
          } else if constexpr (std::is_same_v<T, ev::IntentFulfilled>) {
            e.step = IntentStep::fulfilled;
          } else if constexpr (std::is_same_v<T, ev::IntentProven>) {
            e.step = IntentStep::proven;
            e.proven_destination = event.destination;
            return from_prover;
          } else if constexpr (std::is_same_v<T, ev::IntentProofSent>) {
            e.step = IntentStep::proof_sent;
          } else if constexpr (std::is_same_v<T, ev::IntentWithdrawn>) {
            e.step = IntentStep::withdrawn;
          } else {
            e.step = IntentStep::refunded;
          }
          return from_portal;
        }
      },
      *decoded);
  if (!expected_emitter) return {std::nullopt, "not an intent event of this emitter"};
  return {e, {}};
}

// ---- query validation ---------------------------------------------------------------------

const std::regex& uuid_pattern() {
  static const std::regex pattern("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
  return pattern;
}

bool is_hash_text(std::string_view text) {
  if (text.size() != 66 || !text.starts_with("0x")) return false;
  return std::all_of(text.begin() + 2, text.end(), [](unsigned char c) { return std::isxdigit(c); });
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::optional<std::string> query_string(const Json& query, const char* name) {
  const auto it = query.find(name);
  if (it == query.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw OpInputError(std::string("query.") + name + " must be the raw query string or null");
  return it->get<std::string>();
}

struct StatusQuery {
  std::optional<std::string> intent_hash;  // lowercase
  std::optional<std::string> quote_id;     // lowercase bare UUID
};

Validated<StatusQuery> read_status_query(const Json& query) {
  if (!query.is_object()) throw OpInputError("op \"intentStatus\": query must be an object");
  const auto intent_hash = query_string(query, "intentHash");
  const auto quote_id = query_string(query, "quoteId");
  FieldErrors errors;
  if (!intent_hash && !quote_id) {
    errors.add("intentHash", "intentHash (0x + 64 hex digits) or quoteId (a UUID) is required");
  } else if (intent_hash && quote_id) {
    errors.add("quoteId", "pass either intentHash or quoteId, not both");
  } else if (intent_hash && !is_hash_text(*intent_hash)) {
    errors.add("intentHash", "intentHash must be 0x followed by 64 hex digits");
  } else if (quote_id && !std::regex_match(*quote_id, uuid_pattern())) {
    errors.add("quoteId", quote_id->starts_with("quote:")
                              ? "quoteId must be the bare UUID, without the quote: prefix"
                              : "quoteId must be a UUID (8-4-4-4-12 hex digits)");
  }
  if (!errors.empty()) return Validated<StatusQuery>::failed(invalid_request(errors));
  StatusQuery out;
  if (intent_hash) out.intent_hash = lowercase(*intent_hash);
  if (quote_id) out.quote_id = lowercase(*quote_id);
  return {out, {}};
}

// ---- quote registration -------------------------------------------------------------------

const Json& member(const Json& object, const char* name, const std::string& path) {
  if (!object.is_object()) throw OpInputError("op \"registerQuote\": " + path + " must be an object");
  const auto it = object.find(name);
  if (it == object.end()) throw OpInputError("op \"registerQuote\": " + path + "." + name + " is missing");
  return *it;
}

struct Registration {
  std::string intent_hash;
  std::string role;
  std::uint64_t source_chain_id = 0;
  std::uint64_t destination_chain_id = 0;
  std::uint64_t route_deadline = 0;
  std::uint64_t reward_deadline = 0;
  std::optional<Hash32> route_hash;        // refund() arguments (intent_status.h IntentRecord)
  std::optional<protocol::Reward> reward;  // EVM sources only
};

// The refund() arguments of a registered intent, when its quoted intent hashes to the registered
// intent hash on the configured chains' VMs. Otherwise (an unconfigured chain, which the engine
// never quotes) the registration goes on without them: it exists for the quoteId lookup, and the
// intent's IntentPublished supplies them.
void add_refund_arguments(const Config& config, const Json& intent, Registration& r) {
  const ChainRecord* source = config.chain(r.source_chain_id);
  const ChainRecord* destination = config.chain(r.destination_chain_id);
  if (!source || !destination) return;
  try {
    const protocol::Intent parsed = protocol::intent_from_json(intent, source->vm, destination->vm);
    const protocol::IntentHashes hashes = protocol::hash_intent(parsed, source->vm, destination->vm);
    if (hex::encode(hashes.intent_hash) != r.intent_hash) return;
    r.route_hash = hashes.route_hash;
    if (source->vm == Vm::evm) r.reward = parsed.reward;
  } catch (const ParseError&) {
  }
}

Registration registration_of(const Config& config, const Json& intent, std::string role, std::uint64_t source,
                             std::string hash, const std::string& path) {
  Registration r;
  try {
    const Json& route = member(intent, "route", path);
    const Json& reward = member(intent, "reward", path);
    r.intent_hash = lowercase(std::move(hash));
    r.role = std::move(role);
    r.source_chain_id = source;
    r.destination_chain_id = jf::read_u64(member(intent, "destination", path), path + ".destination");
    r.route_deadline = jf::read_u64(member(route, "deadline", path + ".route"), path + ".route.deadline");
    r.reward_deadline = jf::read_u64(member(reward, "deadline", path + ".reward"), path + ".reward.deadline");
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"registerQuote\": ") + e.what());
  }
  add_refund_arguments(config, intent, r);
  return r;
}

std::vector<Registration> registrations_of(const Config& config, const Json& quote) {
  std::vector<Registration> out;
  const Json& steps = member(quote, "steps", "quote");
  if (!steps.is_array()) throw OpInputError("op \"registerQuote\": quote.steps must be an array");
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const std::string step_path = "quote.steps[" + std::to_string(s) + "]";
    const Json& intents = member(steps[s], "intents", step_path);
    if (!intents.is_array()) throw OpInputError("op \"registerQuote\": " + step_path + ".intents must be an array");
    for (std::size_t i = 0; i < intents.size(); ++i) {
      const std::string path = step_path + ".intents[" + std::to_string(i) + "]";
      const Json& entry = intents[i];
      const Json& hash = member(entry, "intentHash", path);
      const Json& role = member(entry, "role", path);
      const Json& source = member(entry, "sourceChainId", path);
      if (!hash.is_string() || !is_hash_text(hash.get<std::string>()) || !role.is_string() || !as_u64(source)) {
        throw OpInputError("op \"registerQuote\": " + path + " needs intentHash, role and sourceChainId");
      }
      out.push_back(registration_of(config, member(entry, "intent", path), role.get<std::string>(), *as_u64(source),
                                    hash.get<std::string>(), path + ".intent"));
    }
  }
  const Json& top = member(quote, "intentHash", "quote");
  if (top.is_string()) {
    const std::string hash = lowercase(top.get<std::string>());
    const bool listed = std::any_of(out.begin(), out.end(), [&](const Registration& r) { return r.intent_hash == hash; });
    if (!listed) {
      const Json& source = member(member(quote, "source", "quote"), "chainId", "quote.source");
      if (!is_hash_text(hash) || !as_u64(source)) {
        throw OpInputError("op \"registerQuote\": quote.intentHash and quote.source.chainId are malformed");
      }
      out.push_back(registration_of(config, member(member(quote, "execution", "quote"), "intent", "quote.execution"), "direct",
                                    *as_u64(source), hash, "quote.execution.intent"));
    }
  } else if (!top.is_null()) {
    throw OpInputError("op \"registerQuote\": quote.intentHash must be a string or null");
  }
  return out;
}

// The intent a quoteId lookup reports: the top-level one, or the multi-hop delivery intent.
std::optional<std::string> delivery_intent(const Json& quote, const std::vector<Registration>& registrations) {
  const Json& top = quote.at("intentHash");
  if (top.is_string()) return lowercase(top.get<std::string>());
  for (const auto& r : registrations) {
    if (r.role == "stitched-destination") return r.intent_hash;
  }
  return std::nullopt;
}

void fill(std::optional<std::uint64_t>& field, std::uint64_t value) {
  if (!field) field = value;
}
template <class T>
void fill(std::optional<T>& field, const std::optional<T>& value) {
  if (!field) field = value;
}

}  // namespace

LegacyStatus legacy_status(IntentStatus status) {
  switch (status) {
    case IntentStatus::filled:
    case IntentStatus::settled: return {"Completed", "Fulfilled"};
    case IntentStatus::refunded: return {"Completed", "Refunded"};
    case IntentStatus::refundable:
    case IntentStatus::expired:
    case IntentStatus::failed: return {"Pending", "WaitingForRefund"};
    case IntentStatus::pending:
    case IntentStatus::unknown: return {"Pending", "WaitingToFulfill"};
  }
  return {"Pending", "WaitingToFulfill"};
}

OpResult register_quote_op(const Config& config, const Json& input) {
  OpInput in(input, "registerQuote");
  const Json& quote = in.member("quote");
  const std::uint64_t now = in.unix_seconds("now");
  RecordMap records = read_records(in, "registerQuote");

  const Json& id = member(quote, "id", "quote");
  if (!id.is_string() || !id.get<std::string>().starts_with("quote:")) {
    throw OpInputError("op \"registerQuote\": quote.id must be \"quote:<uuid>\"");
  }
  const std::string quote_id = lowercase(id.get<std::string>().substr(6));
  const std::vector<Registration> registrations = registrations_of(config, quote);
  // "fresh": the caller merges the records into stored ones itself (op "mergeRegistration").
  const Json* fresh = in.optional("fresh");
  if (fresh && !fresh->is_boolean()) throw OpInputError("op \"registerQuote\": fresh must be a boolean");
  std::set<std::string> missing;
  for (const auto& r : registrations) {
    if (fresh && fresh->get<bool>()) records.emplace(r.intent_hash, std::nullopt);
    if (!records.contains(r.intent_hash)) missing.insert(r.intent_hash);
  }
  if (!missing.empty()) return missing_answer(missing);

  Json out = Json::object();
  for (const auto& r : registrations) {
    std::optional<IntentRecord>& held = records[r.intent_hash];
    IntentRecord record = held.value_or(IntentRecord{});
    if (!held) {
      record.intent_hash = hex::decode32(r.intent_hash);
      record.updated_at = now;
    }
    fill(record.source_chain_id, r.source_chain_id);
    fill(record.destination_chain_id, r.destination_chain_id);
    fill(record.route_deadline, r.route_deadline);
    fill(record.reward_deadline, r.reward_deadline);
    fill(record.route_hash, r.route_hash);
    fill(record.reward, r.reward);
    if (!record.role) record.role = r.role;
    if (!record.quote_id) record.quote_id = quote_id;
    held = record;
    out[r.intent_hash] = record_to_json(record);
  }
  const auto delivery = delivery_intent(quote, registrations);
  return ok(Json{{"records", std::move(out)},
                 {"quoteId", quote_id},
                 {"deliveryIntentHash", delivery ? Json(*delivery) : Json(nullptr)}});
}

OpResult merge_registration_op(const Config&, const Json& input) {
  OpInput in(input, "mergeRegistration");
  const Json& registered = in.member("registered");
  const Json& stored = in.member("stored");
  IntentRecord fresh;
  IntentRecord record;
  try {
    fresh = record_from_json(registered, "registered");
    record = record_from_json(stored, "stored");
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"mergeRegistration\": ") + e.what());
  }
  if (fresh.intent_hash != record.intent_hash) throw OpInputError("op \"mergeRegistration\": the records are of two intents");
  // What registerQuote adds to a record that chain events created first: what the events could
  // not know yet (chains, deadlines, refund arguments, role, quote), never anything they recorded.
  fill(record.source_chain_id, fresh.source_chain_id);
  fill(record.destination_chain_id, fresh.destination_chain_id);
  fill(record.route_deadline, fresh.route_deadline);
  fill(record.reward_deadline, fresh.reward_deadline);
  fill(record.route_hash, fresh.route_hash);
  fill(record.reward, fresh.reward);
  if (!record.role) record.role = fresh.role;
  if (!record.quote_id) record.quote_id = fresh.quote_id;
  return ok(Json{{"record", record_to_json(record)}});
}

OpResult route_logs_op(const Config& config, const Json& input) {
  OpInput in(input, "routeLogs");
  ChainLogs read = read_chain_logs(config, in);
  if (read.refused) return *read.refused;
  const Json& logs = in.member("logs");
  Json by_intent = Json::object();
  Json transactions = Json::array();
  std::set<std::pair<std::string, std::string>> seen_transactions;
  Json ignored = Json::array();
  for (std::size_t i = 0; i < read.logs.size(); ++i) {
    const Decoded d = to_intent_event(config, *read.chain, read.logs[i]);
    if (!d.event) {
      ignored.push_back(Json{{"index", i}, {"reason", d.ignored_because}});
      continue;
    }
    const std::string hash = hex::encode(d.event->intent_hash);
    by_intent[hash].push_back(logs[i]);
    const std::string tx = hex::encode(read.logs[i].transaction_hash);
    if (seen_transactions.insert({tx, hash}).second) {
      transactions.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
  }
  return ok(Json{{"byIntent", std::move(by_intent)}, {"transactions", std::move(transactions)}, {"ignored", std::move(ignored)}});
}

OpResult apply_logs_op(const Config& config, const Json& input) {
  OpInput in(input, "applyLogs");
  ChainLogs read = read_chain_logs(config, in);
  if (read.refused) return *read.refused;
  const ChainRecord* chain = read.chain;
  const std::uint64_t now = in.unix_seconds("now");
  RecordMap records = read_records(in, "applyLogs");
  const std::vector<ev::Log>& parsed = read.logs;

  std::vector<IntentEvent> events;
  Json ignored = Json::array();
  std::set<std::string> missing;
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    Decoded d = to_intent_event(config, *chain, parsed[i]);
    if (!d.event) {
      ignored.push_back(Json{{"index", i}, {"reason", d.ignored_because}});
      continue;
    }
    const std::string hash = hex::encode(d.event->intent_hash);
    if (!records.contains(hash)) missing.insert(hash);
    events.push_back(*d.event);
  }
  if (!missing.empty()) return missing_answer(missing);

  std::set<std::string> changed;
  std::size_t applied = 0;
  for (const IntentEvent& e : events) {
    const std::string hash = hex::encode(e.intent_hash);
    std::optional<IntentRecord>& held = records[hash];
    IntentRecord record = held.value_or(IntentRecord{});
    record.intent_hash = e.intent_hash;
    if (apply_event(record, e, now) == EventOutcome::changed) {
      held = std::move(record);
      changed.insert(hash);
      ++applied;
    }
  }
  Json updates = Json::object();
  for (const auto& hash : changed) updates[hash] = record_to_json(*records[hash]);
  return ok(Json{{"updates", std::move(updates)}, {"applied", applied}, {"ignored", std::move(ignored)}});
}

OpResult intent_status_op(const Config& config, const Json& input) {
  OpInput in(input, "intentStatus");
  auto query = read_status_query(in.member("query"));
  if (!query) return query.error;
  const std::optional<IntentRecord> record = read_optional_record(in, "intentStatus");
  if (!record) return ok(unknown_body(query.value->intent_hash));
  if (query.value->intent_hash && hex::encode(record->intent_hash) != *query.value->intent_hash) {
    throw OpInputError("op \"intentStatus\": the record is not the queried intent's");
  }
  return ok(status_body(config, *record, derive_status(*record, clocks_for(in, *record))));
}

OpResult legacy_intent_status_op(const Config& config, const Json& input) {
  OpInput in(input, "legacyIntentStatus");
  auto request = validate_legacy_intent_status(in.member("body"));
  if (!request) return request.error;
  const std::optional<IntentRecord> record = read_optional_record(in, "legacyIntentStatus");
  if (!record) {
    return problem(ProblemCode::not_found, "no intent with these identifiers has been seen on chain yet");
  }
  const IntentStatus status = derive_status(*record, clocks_for(in, *record));
  const LegacyStatus legacy = legacy_status(status);
  const auto& created = record->tx(IntentStep::published) ? record->tx(IntentStep::published) : record->tx(IntentStep::funded);
  return ok(Json{{"data",
                  {{"intentHash", hex::encode(record->intent_hash)},
                   {"status", {{"status", legacy.status}, {"subStatus", legacy.sub_status}}},
                   {"intentCreated", tx_body(config, created, false)},
                   {"fulfillment", tx_body(config, record->tx(IntentStep::fulfilled), false)},
                   {"refund", tx_body(config, record->tx(IntentStep::refunded), false)}}}});
}

OpResult poll_plan_op(const Config& config, const Json& input) {
  OpInput in(input, "pollPlan");
  const auto number_or = [&](std::string_view name, std::uint64_t fallback, std::uint64_t min) {
    const Json* value = in.optional(name);
    if (!value) return fallback;
    const auto number = as_u64(*value);
    if (!number || *number < min) {
      throw OpInputError("op \"pollPlan\": " + std::string(name) + " must be an integer >= " + std::to_string(min));
    }
    return *number;
  };
  const std::uint64_t confirmations = number_or("confirmations", 12, 0);
  const std::uint64_t max_range = std::max(number_or("maxRange", 1000, 1), confirmations + 1);
  const std::uint64_t max_ranges = number_or("maxRanges", 4, 1);
  const std::uint64_t lookback = number_or("lookback", 10'000, 1);
  const Json* cursors = in.optional("cursors");
  const Json* heads = in.optional("heads");
  const Json* rpc_urls = in.optional("rpcUrls");
  const Json* deposits = in.optional("deposits");
  if ((rpc_urls && !rpc_urls->is_object()) || (deposits && !deposits->is_object())) {
    throw OpInputError("op \"pollPlan\": rpcUrls and deposits must be objects keyed by chain id");
  }
  // A chain's endpoint: its configuration's (local chains), else the deployment's (CHAIN_RPC_URLS).
  const auto rpc_url_of = [&](const ChainRecord& chain) -> std::optional<std::string> {
    if (chain.rpc_url) return chain.rpc_url;
    if (!rpc_urls) return std::nullopt;
    const auto it = rpc_urls->find(std::to_string(chain.chain_id));
    if (it == rpc_urls->end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) throw OpInputError("op \"pollPlan\": rpcUrls values must be URLs");
    return it->get<std::string>();
  };
  const auto block_of = [](const Json* map, std::uint64_t chain_id) -> std::optional<std::uint64_t> {
    if (!map) return std::nullopt;
    const auto it = map->find(std::to_string(chain_id));
    if (it == map->end() || it->is_null()) return std::nullopt;
    const auto block = as_u64(*it);
    if (!block) throw OpInputError("op \"pollPlan\": cursors and heads hold block numbers");
    return block;
  };

  Json topics = Json::array();
  for (const auto* signature : {&ev::intent_published(), &ev::intent_funded(), &ev::intent_fulfilled(),
                                &ev::intent_proven(), &ev::intent_proof_sent(), &ev::intent_withdrawn(),
                                &ev::intent_refunded()}) {
    topics.push_back(hex::encode(signature->topic0));
  }
  Json chains = Json::array();
  for (const ChainRecord& chain : config.chains()) {
    const std::optional<std::string> rpc_url = rpc_url_of(chain);
    if (!rpc_url || chain.vm != Vm::evm) continue;
    const std::string key = std::to_string(chain.chain_id);
    const std::vector<WatchedDeposit> watched =
        deposits && deposits->contains(key) ? read_watched_deposits((*deposits)[key], "deposits." + key)
                                            : std::vector<WatchedDeposit>{};
    Json addresses = Json::array({chain.portal.text()});
    if (chain.prover) addresses.push_back(chain.prover->text());
    Json ranges = Json::array();
    const std::optional<std::uint64_t> head = block_of(heads, chain.chain_id);
    if (head) {
      const std::optional<std::uint64_t> cursor = block_of(cursors, chain.chain_id);
      // A cursor above the head means another chain answers at this URL (a restarted node) or a
      // reorganisation far deeper than any window: read it as if new.
      std::uint64_t from = 0;
      if (!cursor || *cursor > *head) {
        from = *head >= lookback ? *head - lookback + 1 : 0;
      } else if (*cursor < *head) {
        from = *cursor + 1 > confirmations ? *cursor + 1 - confirmations : 0;
      } else {
        from = *head + 1;  // nothing new: the window was read when these blocks arrived
      }
      for (std::uint64_t n = 0; n < max_ranges && from <= *head; ++n) {
        const std::uint64_t to = std::min(*head, from + max_range - 1);
        ranges.push_back(Json{{"fromBlock", from},
                              {"toBlock", to},
                              {"filter",
                               {{"address", addresses},
                                {"topics", Json::array({topics})},
                                {"fromBlock", rpc_quantity(from)},
                                {"toBlock", rpc_quantity(to)}}},
                              {"transferFilters", transfer_filters(watched, from, to)}});
        from = to + 1;
      }
    }
    chains.push_back(Json{{"chainId", chain.chain_id}, {"rpcUrl", *rpc_url}, {"ranges", std::move(ranges)}});
  }
  return ok(Json{{"chains", std::move(chains)}, {"confirmations", confirmations}});
}

std::optional<OpResult> status_op(const Config& config, std::string_view op, const Json& input) {
  if (op == "registerQuote") return register_quote_op(config, input);
  if (op == "applyLogs") return apply_logs_op(config, input);
  if (op == "routeLogs") return route_logs_op(config, input);
  if (op == "mergeRegistration") return merge_registration_op(config, input);
  if (op == "intentStatus") return intent_status_op(config, input);
  if (op == "legacyIntentStatus") return legacy_intent_status_op(config, input);
  if (op == "pollPlan") return poll_plan_op(config, input);
  return std::nullopt;
}

}  // namespace sr::service
