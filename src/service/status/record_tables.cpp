#include "service/status/record_tables.h"

#include <charconv>

namespace sr::service {

namespace {
constexpr std::string_view kUntil = "record_until_";
}

std::string record_table(std::optional<std::uint64_t> expire_at, std::uint64_t bucket_sec) {
  if (!expire_at) return std::string(kKeptRecordTable);
  const std::uint64_t width = bucket_sec == 0 ? 1 : bucket_sec;
  // The first second after the bucket holding expire_at: every record in the table has expired
  // once it has passed.
  const std::uint64_t end = (*expire_at / width + 1) * width;
  return std::string(kUntil) + std::to_string(end);
}

std::optional<std::uint64_t> record_table_end(std::string_view table) {
  if (!table.starts_with(kUntil)) return std::nullopt;
  const std::string_view digits = table.substr(kUntil.size());
  if (digits.empty() || digits.size() > 19 || (digits.size() > 1 && digits.front() == '0')) return std::nullopt;
  std::uint64_t end = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), end);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
  return end;
}

bool is_record_table(std::string_view table) {
  return table == kKeptRecordTable || table == kLegacyRecordTable || record_table_end(table).has_value();
}

}  // namespace sr::service
