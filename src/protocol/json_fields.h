// Strict reading of the protocol layer's JSON forms (intents, permits, logs, transactions): each
// object must have exactly the members its reader names, and every error is a ParseError that
// starts with the dotted path of the offending value ("permit3.chainPermits.permits[0].account: ...").
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "crypto/catching.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/vm.h"

namespace sr::protocol::json_fields {

using Json = nlohmann::ordered_json;
// Where a value sits (json/path.h): the readers below take one by value and make its text only
// for an error.
using json::Path;

// The text forms, for callers that keep paths as strings (the service's field errors).
// "route" + "salt" -> "route.salt"; "" + "salt" -> "salt".
std::string member_path(std::string_view parent, std::string_view name);
// "route.calls" + 1 -> "route.calls[1]".
std::string element_path(std::string_view parent, std::size_t index);

// ParseError("<path>: <message of e>").
[[noreturn]] void rethrow_at(const Path& path, const ParseError& e);

// Runs parse() and puts "<path>: " in front of the message of a ParseError it throws.
template <class Parse>
auto at_path(const Path& path, Parse&& parse) -> decltype(parse()) {
  return rethrowing<ParseError>(std::forward<Parse>(parse), [&](const ParseError& e) { rethrow_at(path, e); });
}

// Readers of one value found at `path`. Each throws ParseError naming the path. They are
// function objects generic over the JSON type: the service reads nlohmann::ordered_json, the verifier its
// own json::Value (json/value.h), with one implementation and the same messages; being objects,
// they can be handed to Object::read and read_each as they are.
[[noreturn]] void fail_at(const Path& path, const char* what);  // ParseError(path + what)

struct ReadString {
  template <class Json>
  const std::string& operator()(const Json& value, const Path& path) const {
    if (!value.is_string()) fail_at(path, " must be a string");
    return value.template get_ref<const std::string&>();
  }
};
inline constexpr ReadString read_string{};

struct ReadBool {
  template <class Json>
  bool operator()(const Json& value, const Path& path) const {
    if (!value.is_boolean()) fail_at(path, " must be a boolean");
    return value.template get<bool>();
  }
};
inline constexpr ReadBool read_bool{};

struct ReadArray {
  template <class Json>
  const Json& operator()(const Json& value, const Path& path) const {
    if (!value.is_array()) fail_at(path, " must be an array");
    return value;
  }
};
inline constexpr ReadArray read_array{};

// The text-based readers: the string is read as above, then parsed (the parsers are not generic).
Address parse_address_at(std::string_view text, const Path& path);
Account parse_account_at(std::string_view text, const Path& path, Vm vm);
Hash32 parse_hash32_at(std::string_view text, const Path& path);
Bytes parse_hex_at(std::string_view text, const Path& path);
U256 parse_decimal_at(std::string_view text, const Path& path, unsigned bits);
U256 below_bits(const U256& v, const Path& path, unsigned bits);

struct ReadAddress {
  template <class Json>
  Address operator()(const Json& value, const Path& path) const {
    return parse_address_at(read_string(value, path), path);
  }
};
inline constexpr ReadAddress read_address{};

struct ReadAccount {
  template <class Json>
  Account operator()(const Json& value, const Path& path, Vm vm) const {
    return parse_account_at(read_string(value, path), path, vm);
  }
};
inline constexpr ReadAccount read_account{};

// "0x" + 64 hex digits
struct ReadHash32 {
  template <class Json>
  Hash32 operator()(const Json& value, const Path& path) const {
    return parse_hash32_at(read_string(value, path), path);
  }
};
inline constexpr ReadHash32 read_hash32{};

// "0x" + an even number of digits
struct ReadHex {
  template <class Json>
  Bytes operator()(const Json& value, const Path& path) const {
    return parse_hex_at(read_string(value, path), path);
  }
};
inline constexpr ReadHex read_hex{};

// A strict decimal string ("0", "25000000"; no sign, spaces or leading zeros) below 2^bits.
struct ReadDecimal {
  template <class Json>
  U256 operator()(const Json& value, const Path& path, unsigned bits = 256) const {
    if (!value.is_string()) fail_at(path, " must be a decimal string");
    return parse_decimal_at(value.template get_ref<const std::string&>(), path, bits);
  }
};
inline constexpr ReadDecimal read_decimal{};

// The value when it is a JSON integer >= 0 (parsed or built from a signed or unsigned C++
// integer); nullopt for anything else, including 1.0 and "1".
struct NonNegativeInteger {
  template <class Json>
  std::optional<std::uint64_t> operator()(const Json& value) const {
    if (value.is_number_unsigned()) return value.template get<std::uint64_t>();
    if (value.is_number_integer() && value.template get<std::int64_t>() >= 0) {
      return static_cast<std::uint64_t>(value.template get<std::int64_t>());
    }
    return std::nullopt;
  }
};
inline constexpr NonNegativeInteger non_negative_integer{};

// A strict decimal string or a non-negative JSON integer, below 2^bits: the two spellings
// wallets use for typed-data integers.
struct ReadUint {
  template <class Json>
  U256 operator()(const Json& value, const Path& path, unsigned bits = 256) const {
    if (const auto n = non_negative_integer(value)) return below_bits(U256(*n), path, bits);
    if (!value.is_string()) fail_at(path, " must be a decimal string or a non-negative integer");
    return read_decimal(value, path, bits);
  }
};
inline constexpr ReadUint read_uint{};

// A non-negative JSON integer (not 1.0, not "1").
struct ReadU64Number {
  template <class Json>
  std::uint64_t operator()(const Json& value, const Path& path) const {
    const auto n = non_negative_integer(value);
    if (!n) fail_at(path, " must be a non-negative integer");
    return *n;
  }
};
inline constexpr ReadU64Number read_u64_number{};

// A u64 as a JSON integer or, for values JavaScript cannot hold exactly, a decimal string.
struct ReadU64 {
  template <class Json>
  std::uint64_t operator()(const Json& value, const Path& path) const {
    if (const auto n = non_negative_integer(value)) return *n;
    if (!value.is_string()) fail_at(path, " must be a non-negative integer or a decimal string");
    return read_decimal(value, path, 64).as_u64();
  }
};
inline constexpr ReadU64 read_u64{};

// The output form read_u64 reads: a number up to 2^53 - 1, a decimal string above.
Json u64_to_json(std::uint64_t value);

// "<path> has unknown member \"<key>\"" / "<path> is missing \"<name>\"" checks of Object.
void expect_known_member(const Path& path, const std::string& key,
                         std::initializer_list<std::string_view> required,
                         std::initializer_list<std::string_view> optional);
[[noreturn]] void fail_missing(const Path& path, std::string_view name);
[[noreturn]] void fail_absent(const Path& path);  // std::out_of_range(path + " is absent")

// An object whose members must be exactly `required` plus any of `optional`.
template <class Json>
class Object {
 public:
  // `path` (and what it points to) must outlive the Object.
  Object(const Json& value, const Path& path, std::initializer_list<std::string_view> required,
         std::initializer_list<std::string_view> optional = {})
      : object_(value), path_(path) {
    if (!value.is_object()) fail_at(path_, " must be an object");
    for (const auto& item : value.items()) expect_known_member(path_, item.key(), required, optional);
    for (std::string_view name : required) {
      if (!value.contains(name)) fail_missing(path_, name);
    }
  }

  // A required member (or a present optional one); std::out_of_range for an absent one.
  const Json& operator[](std::string_view name) const {
    const auto it = object_.find(name);
    if (it == object_.end()) fail_absent(path(name));
    return *it;
  }
  // An optional member, or nullptr when it is absent.
  const Json* find(std::string_view name) const {
    const auto it = object_.find(name);
    return it == object_.end() ? nullptr : &*it;
  }
  Path path(std::string_view name) const { return path_.member(name); }
  Path path() const { return path_; }

  // reader(member, member path, extra...), e.g. object.read("owner", read_address).
  template <class Reader, class... Extra>
  auto read(std::string_view name, Reader reader, Extra&&... extra) const {
    return reader((*this)[name], path(name), std::forward<Extra>(extra)...);
  }

 private:
  const Json& object_;
  Path path_;
};

// Reads every element of the array at `path` with read_item(element, element path).
template <class Json, class ReadItem>
auto read_each(const Json& value, const Path& path, ReadItem read_item) {
  const Json& array = read_array(value, path);
  std::vector<decltype(read_item(array.at(0), path))> out;
  out.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) out.push_back(read_item(array[i], path[i]));
  return out;
}

}  // namespace sr::protocol::json_fields
