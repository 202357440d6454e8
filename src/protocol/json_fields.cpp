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

const std::string& read_string(const Json& value, const std::string& path) {
  if (!value.is_string()) throw ParseError(path + " must be a string");
  return value.get_ref<const std::string&>();
}

bool read_bool(const Json& value, const std::string& path) {
  if (!value.is_boolean()) throw ParseError(path + " must be a boolean");
  return value.get<bool>();
}

const Json& read_array(const Json& value, const std::string& path) {
  if (!value.is_array()) throw ParseError(path + " must be an array");
  return value;
}

Address read_address(const Json& value, const std::string& path) {
  const std::string& text = read_string(value, path);
  return at_path(path, [&] { return Address::parse(text); });
}

Account read_account(const Json& value, const std::string& path, Vm vm) {
  const std::string& text = read_string(value, path);
  return at_path(path, [&] { return Account::parse(vm, text); });
}

Hash32 read_hash32(const Json& value, const std::string& path) {
  const std::string& text = read_string(value, path);
  return at_path(path, [&] { return hex::decode32(text); });
}

Bytes read_hex(const Json& value, const std::string& path) {
  const std::string& text = read_string(value, path);
  return at_path(path, [&] { return hex::decode(text); });
}

namespace {

U256 below_bits(const U256& v, const std::string& path, unsigned bits) {
  if (bits < 256 && v.bit_length() > bits) {
    throw ParseError(path + " must be below 2^" + std::to_string(bits));
  }
  return v;
}

}  // namespace

U256 read_decimal(const Json& value, const std::string& path, unsigned bits) {
  if (!value.is_string()) throw ParseError(path + " must be a decimal string");
  const std::string& text = value.get_ref<const std::string&>();
  return below_bits(at_path(path, [&] { return U256::from_decimal(text); }), path, bits);
}

std::optional<std::uint64_t> non_negative_integer(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(value.get<std::int64_t>());
  return std::nullopt;
}

U256 read_uint(const Json& value, const std::string& path, unsigned bits) {
  if (const auto n = non_negative_integer(value)) return below_bits(U256(*n), path, bits);
  if (!value.is_string()) throw ParseError(path + " must be a decimal string or a non-negative integer");
  return read_decimal(value, path, bits);
}

std::uint64_t read_u64_number(const Json& value, const std::string& path) {
  const auto n = non_negative_integer(value);
  if (!n) throw ParseError(path + " must be a non-negative integer");
  return *n;
}

std::uint64_t read_u64(const Json& value, const std::string& path) {
  if (const auto n = non_negative_integer(value)) return *n;
  if (!value.is_string()) throw ParseError(path + " must be a non-negative integer or a decimal string");
  return read_decimal(value, path, 64).as_u64();
}

Json u64_to_json(std::uint64_t value) {
  constexpr std::uint64_t kMaxSafeInteger = (std::uint64_t{1} << 53) - 1;  // JavaScript's exact limit
  if (value <= kMaxSafeInteger) return value;
  return std::to_string(value);
}

Object::Object(const Json& value, std::string path, std::initializer_list<std::string_view> required,
               std::initializer_list<std::string_view> optional)
    : object_(value), path_(std::move(path)) {
  if (!value.is_object()) throw ParseError(path_ + " must be an object");
  for (const auto& item : value.items()) {
    // A named reference, not a structured binding: clang 14 (emscripten's and the fuzz build's)
    // cannot capture structured bindings in a lambda.
    const std::string& key = item.key();
    const auto known = [&](std::initializer_list<std::string_view> names) {
      return std::find(names.begin(), names.end(), key) != names.end();
    };
    if (!known(required) && !known(optional)) throw ParseError(path_ + " has unknown member \"" + key + "\"");
  }
  for (std::string_view name : required) {
    if (!value.contains(name)) throw ParseError(path_ + " is missing \"" + std::string(name) + "\"");
  }
}

const Json& Object::operator[](std::string_view name) const {
  const auto it = object_.find(name);
  if (it == object_.end()) throw std::out_of_range(path(name) + " is absent");
  return *it;
}

const Json* Object::find(std::string_view name) const {
  const auto it = object_.find(name);
  return it == object_.end() ? nullptr : &*it;
}

}  // namespace sr::protocol::json_fields
