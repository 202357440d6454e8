#include "service/status/quote_registration.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "crypto/hex.h"
#include "protocol/intent_hash.h"
#include "protocol/json_fields.h"
#include "service/common/identifiers.h"
#include "service/status/status_records.h"

namespace sr::service {

namespace jf = protocol::json_fields;
using Json = nlohmann::ordered_json;

namespace {

const Json& member(const Json& object, const char* name, const std::string& path) {
  if (!object.is_object()) throw OpInputError("op \"registerQuote\": " + path + " must be an object");
  const auto it = object.find(name);
  if (it == object.end()) throw OpInputError("op \"registerQuote\": " + path + "." + name + " is missing");
  return *it;
}

// The refund() arguments of a registered intent, when its quoted intent hashes to the registered
// intent hash on the configured chains' VMs. Otherwise (an unconfigured chain, which the engine
// never quotes) the registration goes on without them: it exists for the quoteId lookup, and the
// intent's IntentPublished supplies them.
void add_refund_arguments(const Config& config, const Json& intent, IntentRecord& r) {
  const ChainRecord* source = config.chain(*r.source_chain_id);
  const ChainRecord* destination = config.chain(*r.destination_chain_id);
  if (!source || !destination) return;
  try {
    const protocol::Intent parsed = protocol::intent_from_json(intent, source->vm, destination->vm);
    const protocol::IntentHashes hashes = protocol::hash_intent(parsed, source->vm, destination->vm);
    if (hashes.intent_hash != r.intent_hash) return;
    // The hash commits to every member read from the JSON, so the intent's own registration
    // holds the same values and adds the refund arguments.
    r = intent_registration(parsed, hashes, std::move(*r.role), *r.source_chain_id, source->vm);
  } catch (const ParseError&) {
  }
}

// One quoted intent as a registration: a record holding only what the quote tells.
IntentRecord registration_of(const Config& config, const Json& intent, std::string role, std::uint64_t source,
                             const std::string& hash, const std::string& path) {
  IntentRecord r;
  try {
    const Json& route = member(intent, "route", path);
    const Json& reward = member(intent, "reward", path);
    r.intent_hash = hex::decode32(hash);
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

std::vector<IntentRecord> registrations_of(const Config& config, const Json& quote) {
  std::vector<IntentRecord> out;
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
      if (!hash.is_string() || !is_hash_text(hash.get<std::string>()) || !role.is_string() || !json_u64(source)) {
        throw OpInputError("op \"registerQuote\": " + path + " needs intentHash, role and sourceChainId");
      }
      out.push_back(registration_of(config, member(entry, "intent", path), role.get<std::string>(), *json_u64(source),
                                    hash.get<std::string>(), path + ".intent"));
    }
  }
  const Json& top = member(quote, "intentHash", "quote");
  if (top.is_string()) {
    const std::string hash = lowercase(top.get<std::string>());
    const bool listed = std::any_of(out.begin(), out.end(), [&](const IntentRecord& r) { return hex::encode(r.intent_hash) == hash; });
    if (!listed) {
      const Json& source = member(member(quote, "source", "quote"), "chainId", "quote.source");
      if (!is_hash_text(hash) || !json_u64(source)) {
        throw OpInputError("op \"registerQuote\": quote.intentHash and quote.source.chainId are malformed");
      }
      out.push_back(registration_of(config, member(member(quote, "execution", "quote"), "intent", "quote.execution"), "direct",
                                    *json_u64(source), hash, "quote.execution.intent"));
    }
  } else if (!top.is_null()) {
    throw OpInputError("op \"registerQuote\": quote.intentHash must be a string or null");
  }
  return out;
}

// The intent a quoteId lookup reports: the top-level one, or the multi-hop delivery intent.
std::optional<std::string> delivery_intent(const Json& quote, const std::vector<IntentRecord>& registrations) {
  const Json& top = quote.at("intentHash");
  if (top.is_string()) return lowercase(top.get<std::string>());
  for (const auto& r : registrations) {
    if (r.role == "stitched-destination") return hex::encode(r.intent_hash);
  }
  return std::nullopt;
}

// The registration of `registrations` into `records` (absent entries become new records).
Json registration_json(RecordMap& records, const std::vector<IntentRecord>& registrations, const std::string& quote_id,
                       const std::optional<std::string>& delivery, std::uint64_t now) {
  Json out = Json::object();
  for (const auto& r : registrations) {
    const std::string hash = hex::encode(r.intent_hash);
    std::optional<IntentRecord>& held = records[hash];
    IntentRecord record = held.value_or(IntentRecord{});
    if (!held) {
      record.intent_hash = r.intent_hash;
      record.updated_at = now;
    }
    merge_registration(record, r);
    held = record;
    out[hash] = record_to_json(record);
  }
  return Json{{"records", std::move(out)}, {"quoteId", quote_id}, {"deliveryIntentHash", delivery ? Json(*delivery) : Json(nullptr)}};
}

// A quote's intents with its quote id set, and the quote id ("quote:<uuid>" -> bare, lowercase).
std::pair<std::vector<IntentRecord>, std::string> quote_registrations(const Config& config, const Json& quote) {
  const Json& id = member(quote, "id", "quote");
  if (!id.is_string() || !id.get<std::string>().starts_with("quote:")) {
    throw OpInputError("op \"registerQuote\": quote.id must be \"quote:<uuid>\"");
  }
  const std::string quote_id = lowercase(id.get<std::string>().substr(6));
  std::vector<IntentRecord> registrations = registrations_of(config, quote);
  for (auto& r : registrations) r.quote_id = quote_id;
  return {std::move(registrations), quote_id};
}

}  // namespace

IntentRecord intent_registration(const protocol::Intent& intent, const protocol::IntentHashes& hashes, std::string role,
                                 std::uint64_t source_chain_id, Vm source_vm) {
  IntentRecord r;
  r.intent_hash = hashes.intent_hash;
  r.role = std::move(role);
  r.source_chain_id = source_chain_id;
  r.destination_chain_id = intent.destination;
  r.route_deadline = intent.route.deadline;
  r.reward_deadline = intent.reward.deadline;
  r.route_hash = hashes.route_hash;
  if (source_vm == Vm::evm) r.reward = intent.reward;
  return r;
}

Json fresh_registration(std::vector<IntentRecord> registrations, const std::string& quote_id,
                        const std::optional<std::string>& delivery, std::uint64_t now) {
  for (auto& r : registrations) r.quote_id = quote_id;
  RecordMap records;
  return registration_json(records, registrations, quote_id, delivery, now);
}

Json fresh_registration(const Config& config, const Json& quote, std::uint64_t now) {
  auto [registrations, quote_id] = quote_registrations(config, quote);
  RecordMap records;
  return registration_json(records, registrations, quote_id, delivery_intent(quote, registrations), now);
}

namespace {
// The quote id's first kQuoteIdHashBytes bytes as hex digits (lowercase), its dashes left out;
// nullopt when it has fewer.
std::optional<std::string> quote_id_hash_digits(const std::string& quote_id) {
  std::string id_hex;
  for (const char c : quote_id) {
    if (c != '-') id_hex.push_back(c);
  }
  constexpr std::size_t digits = 2 * kQuoteIdHashBytes;
  if (id_hex.size() < digits) return std::nullopt;
  return lowercase(id_hex.substr(0, digits));
}
}  // namespace

bool quote_id_leads_to(const std::string& quote_id, const std::string& intent_hash) {
  const std::optional<std::string> digits = quote_id_hash_digits(quote_id);
  if (!digits || intent_hash.size() < 2 + digits->size() || !intent_hash.starts_with("0x")) return false;
  return *digits == lowercase(intent_hash.substr(2, digits->size()));
}

std::optional<IntentHashRange> quote_id_hash_range(const std::string& quote_id) {
  const std::optional<std::string> digits = quote_id_hash_digits(quote_id);
  if (!digits || !std::all_of(digits->begin(), digits->end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; })) return std::nullopt;
  return IntentHashRange{"0x" + *digits + std::string(64 - digits->size(), '0'), "0x" + *digits + std::string(64 - digits->size(), 'f')};
}

OpResult register_quote_op(const Config& config, const Json& input) {
  OpInput in(input, "registerQuote");
  const Json& quote = in.member("quote");
  const std::uint64_t now = in.unix_seconds("now");
  // "fresh": every record counts as absent; the caller merges the records into stored ones itself
  // (op "mergeRegistration").
  const Json* fresh = in.optional("fresh");
  if (fresh && !fresh->is_boolean()) throw OpInputError("op \"registerQuote\": fresh must be a boolean");
  if (fresh && fresh->get<bool>()) return ok(fresh_registration(config, quote, now));
  RecordMap records = read_records(in, "registerQuote");
  auto [registrations, quote_id] = quote_registrations(config, quote);
  std::set<std::string> missing;
  for (const auto& r : registrations) {
    const std::string hash = hex::encode(r.intent_hash);
    if (!records.contains(hash)) missing.insert(hash);
  }
  if (!missing.empty()) return missing_answer(missing);
  return ok(registration_json(records, registrations, quote_id, delivery_intent(quote, registrations), now));
}

OpResult merge_registration_op(const Config&, const Json& input) {
  OpInput in(input, "mergeRegistration");
  IntentRecord registered;
  IntentRecord record;
  try {
    registered = record_from_json(in.member("registered"), "registered");
    record = record_from_json(in.member("stored"), "stored");
  } catch (const ParseError& e) {
    throw OpInputError(std::string("op \"mergeRegistration\": ") + e.what());
  }
  if (registered.intent_hash != record.intent_hash) throw OpInputError("op \"mergeRegistration\": the records are of two intents");
  merge_registration(record, registered);
  return ok(Json{{"record", record_to_json(record)}});
}

}  // namespace sr::service
