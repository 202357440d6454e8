#include "protocol/json_fields.h"

#include <algorithm>
#include <stdexcept>

#include "crypto/hex.h"

namespace sr::protocol::json_fields {

std::string member_path(std::string_view parent, std::string_view name) {
  if (parent.empty()) return std::string(name);
  std::string out(parent);
  out += '.';
  out += name;
  return out;
}

std::string element_path(std::string_view parent, std::size_t index) {
  return std::string(parent) + "[" + std::to_string(index) + "]";
}

void rethrow_at(const Path& path, const ParseError& e) { throw_parse_error(path + ": " + e.what()); }

void fail_at(const Path& path, const char* what) { throw_parse_error(path + what); }

Address parse_address_at(std::string_view text, const Path& path) {
  return at_path(path, [&] { return Address::parse(text); });
}

Account parse_account_at(std::string_view text, const Path& path, Vm vm) {
  return at_path(path, [&] { return Account::parse(vm, text); });
}

Hash32 parse_hash32_at(std::string_view text, const Path& path) {
  return at_path(path, [&] { return hex::decode32(text); });
}

Bytes parse_hex_at(std::string_view text, const Path& path) {
  return at_path(path, [&] { return hex::decode(text); });
}

U256 below_bits(const U256& v, const Path& path, unsigned bits) {
  if (bits < 256 && v.bit_length() > bits) {
    throw_parse_error(path + " must be below 2^" + std::to_string(bits));
  }
  return v;
}

U256 parse_decimal_at(std::string_view text, const Path& path, unsigned bits) {
  return below_bits(at_path(path, [&] { return U256::from_decimal(text); }), path, bits);
}

Json u64_to_json(std::uint64_t value) {
  constexpr std::uint64_t kMaxSafeInteger = (std::uint64_t{1} << 53) - 1;  // JavaScript's exact limit
  if (value <= kMaxSafeInteger) return value;
  return std::to_string(value);
}

void expect_known_member(const Path& path, const std::string& key,
                         std::initializer_list<std::string_view> required,
                         std::initializer_list<std::string_view> optional) {
  const auto known = [&](std::initializer_list<std::string_view> names) {
    return std::find(names.begin(), names.end(), key) != names.end();
  };
  if (!known(required) && !known(optional)) throw_parse_error(path + " has unknown member \"" + key + "\"");
}

void fail_missing(const Path& path, std::string_view name) {
  throw_parse_error(path + " is missing \"" + std::string(name) + "\"");
}

void fail_absent(const Path& path) { throw std::out_of_range(path + " is absent"); }

}  // namespace sr::protocol::json_fields
