// The spellings of the identifiers the API takes from clients and the worker: intent hashes and
// quote UUIDs. One reading of each, for status lookups, quote registration and gasless jobs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sr::service {

// "0x" + 64 hex digits, either case.
bool is_hash_text(std::string_view text);

// The lowercase bare UUID of 8-4-4-4-12 hex digits (either case), or nullopt.
std::optional<std::string> bare_uuid(std::string_view text);

}  // namespace sr::service
