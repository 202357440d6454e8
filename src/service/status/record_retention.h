// Op "recordRetention": how long the intent index keeps a record. A record starts with a
// registration (a quote, competing quotes included, or a deposit address), and most quotes are
// never funded: a record the chains never showed a transaction of is of no use once its intent can
// no longer be funded, filled or refunded, so it goes an hour (graceSec) after the later of its
// deadlines (the reward deadline, for every intent this service issues). So does a record whose
// only transaction is its publication: publishing moves no money, and anyone may publish an
// intent (a stranger, a keyless deposit address's) without ever funding it. A record with any
// other transaction (a funding, even partial; a fill; a proof) is the history of money that
// moved: kept.
//
// {"records": {hash: record}, "now", "graceSec"?} -> 200 {"expireAt": {hash: unix seconds | null}}
// (null: kept). A record without deadlines (stored before registrations carried them) expires
// graceSec after `now`, the first time it is stored again.
//
// Op "quoteIdRetention": how long a quote-id row (quote id -> the intent it delivers) is kept in a
// shard that does not hold the intent's record (a deposit address's quote id, whose address moved
// the intent's deadlines and so its hash and shard): as long as that record, by the same rule. The
// row is given the rule's time when it is stored (from the registered record) and checked again
// then against the record as its shard holds it: gone (deleted by its own retention, or never
// stored) -> the row goes now; holding a transaction -> kept with it; otherwise its expiry.
//
// {"rows": {quoteId: {"intentHash", "record": record | null}}, "now", "graceSec"?}
//   -> 200 {"expireAt": {quoteId: unix seconds | null}} (a time at or before `now`: delete now;
//   null: kept).
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
OpResult quote_id_retention_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
