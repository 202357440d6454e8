// Op "recordRetention": how long the intent index keeps a record. A record starts with a
// registration (a quote, competing quotes included, or a deposit address), and most quotes are
// never funded: a record the chains never showed a transaction of is of no use once its intent can
// no longer be funded, filled or refunded, so it goes an hour (graceSec) after the later of its
// deadlines. A record with any transaction is the history of money that moved: kept.
//
// {"records": {hash: record}, "now", "graceSec"?} -> 200 {"expireAt": {hash: unix seconds | null}}
// (null: kept). A record without deadlines (stored before registrations carried them) expires
// graceSec after `now`, the first time it is stored again.
#pragma once

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/status/intent_status.h"

namespace sr::service {

inline constexpr std::uint64_t kRecordGraceSec = 3600;

// When `record` may be deleted (nullopt: never, it holds a transaction).
std::optional<std::uint64_t> record_expiry(const IntentRecord& record, std::uint64_t now, std::uint64_t grace_sec);

OpResult record_retention_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
