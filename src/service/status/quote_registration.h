// A quote's intents become intent records before any chain event: the ops "registerQuote" and
// "mergeRegistration" (shapes in ops.json). A registration carries what the events cannot
// tell (chains, deadlines, refund arguments, role, quote id) and is merged into a record by the
// one rule of status_records.h, whichever arrived first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "service/config/config.h"
#include "service/status/intent_status.h"
#include "service/common/problem.h"

namespace sr::service {

// What "registerQuote" with "fresh": true answers for `quote` (a 200 Quote body):
// {"records", "quoteId", "deliveryIntentHash"}.
nlohmann::ordered_json fresh_registration(const Config& config, const nlohmann::ordered_json& quote, std::uint64_t now);

// The same answer from what the engine built, without reading its JSON back: each quoted intent's
// registration (intent_registration), the bare quote id and the delivery intent hash (0x-hex).
// The "quote" op adds it to its answer, so the worker stores a quote's intents without sending
// the quote back across the boundary.
nlohmann::ordered_json fresh_registration(std::vector<IntentRecord> registrations, const std::string& quote_id,
                                          const std::optional<std::string>& delivery, std::uint64_t now);

// One quoted intent's registration, from the intent and its hashes: what registerQuote reads
// from the quote for an intent that hashes to its intentHash (chains, deadlines, role, route hash,
// and the reward for EVM sources).
IntentRecord intent_registration(const protocol::Intent& intent, const protocol::IntentHashes& hashes, std::string role,
                                 std::uint64_t source_chain_id, Vm source_vm);

// A quote id the engine issues starts with the first kQuoteIdHashBytes bytes of the intent hash it
// delivers (the rest is random): the quote id names its delivery intent's shard (the first byte)
// and the range of that shard's records holding it, so the quote id needs no row of its own
// (docs/scale.md, "Cost per million quotes"). 48 bits: in a shard of 10^6 records, another record
// shares them about once in 2^28 lookups, and the record's own quoteId tells them apart.
inline constexpr std::size_t kQuoteIdHashBytes = 6;

// Whether `quote_id` (bare UUID, any case) starts with the first kQuoteIdHashBytes bytes of
// `intent_hash` (0x-hex, any case): a record of that intent holding the quote id is the quote's.
bool quote_id_leads_to(const std::string& quote_id, const std::string& intent_hash);

// The intent hashes (0x-hex, lowercase, both ends included) a record holding `quote_id` may have:
// those that start with the quote id's first kQuoteIdHashBytes bytes. nullopt when the id does not
// start with that many hex digits.
struct IntentHashRange {
  std::string from;
  std::string to;
};
std::optional<IntentHashRange> quote_id_hash_range(const std::string& quote_id);

OpResult register_quote_op(const Config& config, const nlohmann::ordered_json& input);
OpResult merge_registration_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
