// Intent records as the status ops receive them from the objects that store them ("records":
// {hash: record|null}, "record": record|null), the rule by which a quote's registration merges
// into a record, and the small readers the status ops share.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/status/intent_status.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"

namespace sr::service {

// A non-negative JSON integer, however nlohmann stored it (parsed text is unsigned, built values
// signed).
std::optional<std::uint64_t> json_u64(const nlohmann::ordered_json& value);
std::string lowercase(std::string text);

// The `records` input: hash (lowercase) -> record, nullopt for "the caller has none". A record
// that does not parse, or is filed under another intent's hash, is a worker bug (OpInputError).
using RecordMap = std::map<std::string, std::optional<IntentRecord>>;
RecordMap read_records(const OpInput& in, std::string_view op);
// The optional `record` input.
std::optional<IntentRecord> read_optional_record(const OpInput& in, std::string_view op);
// 200 {"missing": [hashes]}: the records an op needs and the caller did not pass.
OpResult missing_answer(const std::set<std::string>& missing);

// What a registration adds to a record (which chain events may have created first): only what the
// events could not know yet (chains, deadlines, refund arguments, role, quote id), never anything
// they recorded. The one merge rule of ops registerQuote and mergeRegistration.
void merge_registration(IntentRecord& record, const IntentRecord& registered);

}  // namespace sr::service
