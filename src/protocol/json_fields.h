// Strict reading of the protocol layer's JSON forms (intents, permits, logs, transactions): each
// object must have exactly the members its reader names, and every error is a ParseError that
// starts with the dotted path of the offending value ("permit3.chainPermits.permits[0].account: ...").
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/vm.h"

namespace sr::protocol::json_fields {

using Json = nlohmann::json;

// "route" + "salt" -> "route.salt"; "" + "salt" -> "salt".
std::string member_path(std::string_view parent, std::string_view name);
// "route.calls" + 1 -> "route.calls[1]".
std::string element_path(std::string_view parent, std::size_t index);

// Runs parse() and puts "<path>: " in front of the message of a ParseError it throws.
template <class Parse>
auto at_path(const std::string& path, Parse&& parse) -> decltype(parse()) {
  try {
    return parse();
  } catch (const ParseError& e) {
    throw ParseError(path + ": " + e.what());
  }
}

// Readers of one value found at `path`. Each throws ParseError naming the path.
const std::string& read_string(const Json& value, const std::string& path);
bool read_bool(const Json& value, const std::string& path);
const Json& read_array(const Json& value, const std::string& path);
Address read_address(const Json& value, const std::string& path);
Account read_account(const Json& value, const std::string& path, Vm vm);
Hash32 read_hash32(const Json& value, const std::string& path);  // "0x" + 64 hex digits
Bytes read_hex(const Json& value, const std::string& path);      // "0x" + an even number of digits
// A strict decimal string ("0", "25000000"; no sign, spaces or leading zeros) below 2^bits.
U256 read_decimal(const Json& value, const std::string& path, unsigned bits = 256);
// A strict decimal string or a non-negative JSON integer, below 2^bits: the two spellings
// wallets use for typed-data integers.
U256 read_uint(const Json& value, const std::string& path, unsigned bits = 256);
// The value when it is a JSON integer >= 0 (parsed or built from a signed or unsigned C++
// integer); nullopt for anything else, including 1.0 and "1".
std::optional<std::uint64_t> non_negative_integer(const Json& value);
// A non-negative JSON integer (not 1.0, not "1").
std::uint64_t read_u64_number(const Json& value, const std::string& path);
// A u64 as a JSON integer or, for values JavaScript cannot hold exactly, a decimal string.
std::uint64_t read_u64(const Json& value, const std::string& path);
// The output form read_u64 reads: a number up to 2^53 - 1, a decimal string above.
Json u64_to_json(std::uint64_t value);

// An object whose members must be exactly `required` plus any of `optional`.
class Object {
 public:
  Object(const Json& value, std::string path, std::initializer_list<std::string_view> required,
         std::initializer_list<std::string_view> optional = {});

  // A required member (or a present optional one); std::out_of_range for an absent one.
  const Json& operator[](std::string_view name) const;
  // An optional member, or nullptr when it is absent.
  const Json* find(std::string_view name) const;
  std::string path(std::string_view name) const { return member_path(path_, name); }
  const std::string& path() const { return path_; }

  // reader(member, member path, extra...), e.g. object.read("owner", read_address).
  template <class Reader, class... Extra>
  auto read(std::string_view name, Reader reader, Extra&&... extra) const {
    return reader((*this)[name], path(name), std::forward<Extra>(extra)...);
  }

 private:
  const Json& object_;
  std::string path_;
};

// Reads every element of the array at `path` with read_item(element, element path).
template <class ReadItem>
auto read_each(const Json& value, const std::string& path, ReadItem read_item) {
  const Json& array = read_array(value, path);
  std::vector<decltype(read_item(array.at(0), path))> out;
  out.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) out.push_back(read_item(array[i], element_path(path, i)));
  return out;
}

}  // namespace sr::protocol::json_fields
