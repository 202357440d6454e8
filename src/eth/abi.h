// Solidity ABI encoding and decoding (https://docs.soliditylang.org/en/latest/abi-spec.html).
//
// Types are described by their canonical strings ("uint256", "(address,bytes)[]") and parsed
// into abi::Type. Values are abi::Value, a variant whose alternative follows the type:
//   uintN -> U256, intN -> I256, address -> Address, bool -> bool, bytesN and bytes -> Bytes,
//   string -> std::string, T[] / T[k] / tuples -> ValueList.
// The decoder is strict: every offset and length is bounds-checked, padding must be zero, and
// every tail must sit where the canonical encoder puts it (no gaps, no overlapping or shared
// tails), so decoding work is linear in the input. In Mode::strict the input must also end
// where the encoding ends. Violations throw ParseError naming the value's path ("[2][0]: ...").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/i256.h"
#include "eth/u256.h"

namespace sr::abi {

// Deepest nesting of arrays and tuples accepted by Type::parse and by the codec.
inline constexpr unsigned kMaxTypeDepth = 32;

struct Type {
  enum class Kind { uint, int_, address, boolean, fixed_bytes, bytes, string, array, fixed_array, tuple };

  Kind kind = Kind::uint;
  unsigned bits = 256;           // uint / int_: 8..256, multiple of 8
  std::size_t size = 0;          // fixed_bytes: 1..32; fixed_array: element count (>= 1)
  std::vector<Type> components;  // array / fixed_array: exactly one element type; tuple: members

  // Canonical type strings only: no spaces, no "uint"/"int" aliases, no names, tuples as
  // "(a,b)". Throws ParseError naming the offending part.
  static Type parse(std::string_view canonical);
  std::string canonical() const;
  bool is_dynamic() const;
  // Bytes this type occupies in the head of an enclosing tuple (32 for every dynamic type).
  std::size_t head_size() const;
  const Type& element() const { return components.at(0); }  // for array / fixed_array

  static Type uint(unsigned bits = 256);
  static Type int_(unsigned bits = 256);
  static Type address();
  static Type boolean();
  static Type fixed_bytes(std::size_t n);
  static Type bytes();
  static Type string();
  static Type array(Type element);
  static Type fixed_array(Type element, std::size_t n);
  static Type tuple(std::vector<Type> members);

  friend bool operator==(const Type&, const Type&) = default;
};

struct Value;
using ValueList = std::vector<Value>;

struct Value : std::variant<U256, I256, Address, bool, Bytes, std::string, ValueList> {
  using variant::variant;
  Value() : variant(U256()) {}
  // A const char* would otherwise pick the bool alternative on some standard libraries.
  Value(const char* text) : variant(std::string(text)) {}
};

// enc(value) from the ABI spec. For a tuple that is the members' head and tail, with no
// leading offset word even when the tuple is dynamic.
Bytes encode(const Type& type, const Value& value);
// Function-argument encoding: the parameters as one tuple. Solidity's abi.encode(a, b, ...) is
// encode_params({typeof a, typeof b, ...}, {a, b, ...}); note that abi.encode of a single
// dynamic tuple therefore starts with the offset word 0x20.
Bytes encode_params(const std::vector<Type>& types, const std::vector<Value>& values);
// encode_params({type}, {value}) without building the two lists (copies of both).
Bytes encode_param(const Type& type, const Value& value);

enum class Mode {
  strict,          // input must be exactly the canonical encoding
  allow_trailing,  // bytes after the encoded data are ignored (e.g. calldata with a suffix)
};

// Inverse of encode().
Value decode(const Type& type, ByteView data, Mode mode = Mode::strict);
// Inverse of encode_params().
std::vector<Value> decode_params(const std::vector<Type>& types, ByteView data, Mode mode = Mode::strict);

// Checks that value has the shape and ranges type demands (widths, lengths, element counts);
// throws ParseError otherwise. encode() calls it.
void check_value(const Type& type, const Value& value);

// JSON forms: integers as decimal strings (JSON integers and 0x-hex strings, with an optional
// '-' for intN, are also accepted on input), addresses as strings (EIP-55 checked), bytes as 0x-hex, bool as
// true/false, arrays and tuples as JSON arrays. Output uses decimal strings, checksummed
// addresses and lowercase hex. Errors name the path, e.g. "[4][0][1]: ...".
Value value_from_json(const Type& type, const nlohmann::ordered_json& json);
nlohmann::ordered_json value_to_json(const Type& type, const Value& value);

// First four bytes of keccak256(signature), e.g. selector("transfer(address,uint256)").
std::array<std::uint8_t, 4> selector(std::string_view signature);

}  // namespace sr::abi
