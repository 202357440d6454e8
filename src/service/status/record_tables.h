// Where an intent shard stores a record, so that records past their retention go without a row
// written each. Durable Objects bill every row SQLite writes, a deleted row and each index row
// included, and nothing for a dropped table: so a record that may go (op recordRetention gave it an
// expiry) is stored in the table of its expiry's hour, "record_until_<end>" (end: the first Unix
// second after that hour), keyed by its intent hash WITHOUT ROWID (one row written per record, no
// index of its own), and the shard drops the whole table once `end` has passed: every record in it
// is past its expiry by then, at most an hour late. A record kept (no expiry: it holds a
// transaction that moved money) is in "record_kept", keyed likewise. A record that gets another
// expiry (a funding keeps it, a registration or a publication changes nothing or its hour) moves
// to that table in the same transaction, with its webhook columns. "record" is the table of
// objects created before (a rowid table with an index on the expiry): its rows are read alongside,
// move out when stored again, and go by their expiry as before.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sr::service {

// The hour records share a table by; tests shorten it (state "bucketSec").
inline constexpr std::uint64_t kRecordBucketSec = 3600;
inline constexpr std::string_view kKeptRecordTable = "record_kept";
inline constexpr std::string_view kLegacyRecordTable = "record";

// The table a record with this expiry is stored in (nullopt: kept).
std::string record_table(std::optional<std::uint64_t> expire_at, std::uint64_t bucket_sec);

// When a table named by record_table may be dropped (its `end`); nullopt for any other name.
std::optional<std::uint64_t> record_table_end(std::string_view table);

// Whether `table` is one a record is stored in (record_table's, or the legacy table).
bool is_record_table(std::string_view table);

}  // namespace sr::service
