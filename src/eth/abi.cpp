#include "eth/abi.h"

#include <algorithm>
#include <limits>
#include <span>
#include <utility>

#include "crypto/catching.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "json/path.h"

namespace sr::abi {
namespace {

constexpr std::size_t kWord = 32;
// Largest head a fixed-size type may claim. Far beyond any real contract type, and small enough
// that sizes computed from it cannot overflow.
constexpr std::size_t kMaxStaticSize = std::size_t{1} << 30;

// Where in the value an error is (json/path.h: its text is made only for the error).
using json::Path;

[[noreturn]] void fail(const Path& where, const std::string& message) {
  const std::string path = where.str();
  throw_parse_error(path.empty() ? message : path + ": " + message);
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Strict small decimal (no leading zeros); nullopt when malformed or above limit.
std::optional<std::size_t> small_decimal(std::string_view s, std::size_t limit) {
  if (!is_digits(s) || (s.size() > 1 && s[0] == '0') || s.size() > 10) return std::nullopt;
  std::size_t v = 0;
  for (char c : s) v = v * 10 + static_cast<std::size_t>(c - '0');
  if (v > limit) return std::nullopt;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Type grammar

class TypeParser {
 public:
  explicit TypeParser(std::string_view text) : text_(text) {}

  Type parse_all() {
    Type t = parse_type(0);
    if (pos_ != text_.size()) error("unexpected '" + std::string(1, text_[pos_]) + "'");
    return t;
  }

 private:
  [[noreturn]] void error(const std::string& what) const {
    throw_parse_error("ABI type '" + std::string(text_) + "': " + what + " at position " + std::to_string(pos_));
  }

  void enter(unsigned depth) const {
    if (depth >= kMaxTypeDepth) error("nests deeper than " + std::to_string(kMaxTypeDepth) + " levels");
  }

  Type parse_type(unsigned depth) {
    enter(depth);
    Type t = pos_ < text_.size() && text_[pos_] == '(' ? parse_tuple(depth) : parse_elementary();
    while (pos_ < text_.size() && text_[pos_] == '[') {
      enter(++depth);
      const std::size_t close = text_.find(']', pos_);
      if (close == std::string_view::npos) error("unterminated '['");
      const std::string_view count = text_.substr(pos_ + 1, close - pos_ - 1);
      if (count.empty()) {
        t = Type::array(std::move(t));
      } else {
        const auto n = small_decimal(count, kMaxStaticSize);
        if (!n || *n == 0) error("array length must be a positive decimal without leading zeros");
        t = Type::fixed_array(std::move(t), *n);
      }
      pos_ = close + 1;
    }
    if (!t.is_dynamic() && t.head_size() > kMaxStaticSize) error("fixed-size type is too large");
    return t;
  }

  Type parse_tuple(unsigned depth) {
    ++pos_;  // '('
    std::vector<Type> members;
    if (pos_ < text_.size() && text_[pos_] == ')') error("empty tuple");
    while (true) {
      members.push_back(parse_type(depth + 1));
      if (pos_ >= text_.size()) error("unterminated tuple");
      if (text_[pos_] == ')') break;
      if (text_[pos_] != ',') error("expected ',' or ')'");
      ++pos_;
    }
    ++pos_;  // ')'
    return Type::tuple(std::move(members));
  }

  Type parse_elementary() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && std::string_view(",()[]").find(text_[pos_]) == std::string_view::npos) ++pos_;
    const std::string_view name = text_.substr(start, pos_ - start);
    if (name.empty()) error("expected a type");
    if (name == "address") return Type::address();
    if (name == "bool") return Type::boolean();
    if (name == "bytes") return Type::bytes();
    if (name == "string") return Type::string();
    for (const auto& [prefix, is_signed] : {std::pair{std::string_view("uint"), false}, {"int", true}}) {
      if (name.substr(0, prefix.size()) == prefix) {
        const auto bits = small_decimal(name.substr(prefix.size()), 256);
        if (bits && *bits >= 8 && *bits % 8 == 0) return is_signed ? Type::int_(*bits) : Type::uint(*bits);
      }
    }
    if (name.substr(0, 5) == "bytes") {
      const auto n = small_decimal(name.substr(5), 32);
      if (n && *n >= 1) return Type::fixed_bytes(*n);
    }
    pos_ = start;
    error("unknown type '" + std::string(name) + "'");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Encoding

void append_word(Bytes& out, const U256& v) {
  const auto be = v.to_be_bytes();
  out.insert(out.end(), be.begin(), be.end());
}

void append_padded(Bytes& out, ByteView data) {
  out.insert(out.end(), data.begin(), data.end());
  out.resize(out.size() + (kWord - data.size() % kWord) % kWord, 0);
}

const char* alternative_name(const Value& v) {
  static constexpr const char* names[] = {"unsigned integer", "signed integer", "address", "bool",
                                          "bytes",            "string",         "list"};
  return names[v.index()];
}

template <typename T>
const T& expect(const Value& v, const Path& path, const Type& type) {
  if (const T* p = std::get_if<T>(&v)) return *p;
  fail(path, "expected a value of type " + type.canonical() + ", got a " + alternative_name(v));
}

void check_value_at(const Type& type, const Value& value, const Path& path, unsigned depth);

void check_list(const Type& type, const ValueList& list, const Path& path, unsigned depth) {
  using K = Type::Kind;
  if (type.kind == K::tuple && list.size() != type.components.size()) {
    fail(path, "tuple " + type.canonical() + " needs " + std::to_string(type.components.size()) +
                   " values, got " + std::to_string(list.size()));
  }
  if (type.kind == K::fixed_array && list.size() != type.size) {
    fail(path, type.canonical() + " needs " + std::to_string(type.size) + " elements, got " +
                   std::to_string(list.size()));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Type& t = type.kind == K::tuple ? type.components[i] : type.element();
    check_value_at(t, list[i], path[i], depth + 1);
  }
}

void check_value_at(const Type& type, const Value& value, const Path& path, unsigned depth) {
  using K = Type::Kind;
  if (depth > kMaxTypeDepth) fail(path, "value nests deeper than " + std::to_string(kMaxTypeDepth) + " levels");
  switch (type.kind) {
    case K::uint:
      if (expect<U256>(value, path, type).bit_length() > type.bits) fail(path, "value out of range for " + type.canonical());
      return;
    case K::int_:
      if (!expect<I256>(value, path, type).fits_signed_bits(type.bits)) fail(path, "value out of range for " + type.canonical());
      return;
    case K::address: expect<Address>(value, path, type); return;
    case K::boolean: expect<bool>(value, path, type); return;
    case K::fixed_bytes:
      if (expect<Bytes>(value, path, type).size() != type.size) {
        fail(path, type.canonical() + " needs exactly " + std::to_string(type.size) + " bytes");
      }
      return;
    case K::bytes: expect<Bytes>(value, path, type); return;
    case K::string: expect<std::string>(value, path, type); return;
    case K::array:
    case K::fixed_array:
    case K::tuple: check_list(type, expect<ValueList>(value, path, type), path, depth); return;
  }
}

void encode_into(const Type& type, const Value& value, Bytes& out);

// Head-and-tail layout of a tuple or array body; offsets count from the start of the head.
template <typename TypeAt>
void encode_sequence(std::span<const Value> values, TypeAt type_at, Bytes& out) {
  std::size_t head_size = 0;
  for (std::size_t i = 0; i < values.size(); ++i) head_size += type_at(i).head_size();
  Bytes head, tail;
  head.reserve(head_size);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Type& t = type_at(i);
    if (t.is_dynamic()) {
      append_word(head, U256(head_size + tail.size()));
      encode_into(t, values[i], tail);
    } else {
      encode_into(t, values[i], head);
    }
  }
  out.insert(out.end(), head.begin(), head.end());
  out.insert(out.end(), tail.begin(), tail.end());
}

void encode_into(const Type& type, const Value& value, Bytes& out) {
  using K = Type::Kind;
  switch (type.kind) {
    case K::uint: append_word(out, std::get<U256>(value)); return;
    case K::int_: append_word(out, std::get<I256>(value).twos_complement()); return;
    case K::address: {
      out.resize(out.size() + 12, 0);
      const auto& a = std::get<Address>(value).bytes;
      out.insert(out.end(), a.begin(), a.end());
      return;
    }
    case K::boolean: append_word(out, U256(std::get<bool>(value) ? 1 : 0)); return;
    case K::fixed_bytes: append_padded(out, std::get<Bytes>(value)); return;
    case K::bytes: {
      const Bytes& b = std::get<Bytes>(value);
      append_word(out, U256(b.size()));
      append_padded(out, b);
      return;
    }
    case K::string: {
      const std::string& s = std::get<std::string>(value);
      append_word(out, U256(s.size()));
      append_padded(out, as_bytes(s));
      return;
    }
    case K::array: {
      const ValueList& list = std::get<ValueList>(value);
      append_word(out, U256(list.size()));
      encode_sequence(list, [&](std::size_t) -> const Type& { return type.element(); }, out);
      return;
    }
    case K::fixed_array:
      encode_sequence(std::get<ValueList>(value), [&](std::size_t) -> const Type& { return type.element(); }, out);
      return;
    case K::tuple:
      encode_sequence(std::get<ValueList>(value), [&](std::size_t i) -> const Type& { return type.components[i]; },
                      out);
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Decoding. Every tail must start exactly where the canonical encoder would put it (right after
// the head, or right after the previous tail). That rejects gaps and overlapping or shared tails,
// so each input byte is decoded at most once and decoding work is linear in the input size.

class Decoder {
 public:
  explicit Decoder(ByteView data) : data_(data) {}

  // Decodes the value of type at position at; returns it and sets end past its last byte.
  Value read(const Type& type, std::size_t at, std::size_t& end, const Path& path, unsigned depth) {
    using K = Type::Kind;
    if (depth > kMaxTypeDepth) fail(path, "ABI type nests deeper than " + std::to_string(kMaxTypeDepth) + " levels");
    switch (type.kind) {
      case K::uint: {
        const U256 v = word(at, path);
        if (v.bit_length() > type.bits) fail(path, "dirty high bits in " + type.canonical() + " value");
        end = at + kWord;
        return v;
      }
      case K::int_: {
        const I256 v = I256::from_twos_complement(word(at, path));
        if (!v.fits_signed_bits(type.bits)) fail(path, type.canonical() + " value is not sign-extended");
        end = at + kWord;
        return v;
      }
      case K::address: {
        const ByteView w = slice(at, kWord, path);
        if (!all_zero(w.first(12))) fail(path, "dirty high bytes in address value");
        end = at + kWord;
        return Address::from_bytes(w.subspan(12));
      }
      case K::boolean: {
        const U256 v = word(at, path);
        if (v > U256(1)) fail(path, "bool value is neither 0 nor 1");
        end = at + kWord;
        return v == U256(1);
      }
      case K::fixed_bytes: {
        const ByteView w = slice(at, kWord, path);
        if (!all_zero(w.subspan(type.size))) fail(path, "nonzero padding after " + type.canonical() + " value");
        end = at + kWord;
        return Bytes(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(type.size));
      }
      case K::bytes: {
        const ByteView b = read_byte_string(at, end, path);
        return Bytes(b.begin(), b.end());
      }
      case K::string: {
        const ByteView b = read_byte_string(at, end, path);
        return std::string(b.begin(), b.end());
      }
      case K::array: {
        const std::size_t count = length(at, type.element().head_size(), path);
        return read_sequence(count, [&](std::size_t) -> const Type& { return type.element(); }, at + kWord, end,
                             path, depth);
      }
      case K::fixed_array:
        return read_sequence(type.size, [&](std::size_t) -> const Type& { return type.element(); }, at, end, path,
                             depth);
      case K::tuple:
        return read_sequence(type.components.size(),
                             [&](std::size_t i) -> const Type& { return type.components[i]; }, at, end, path, depth);
    }
    fail(path, "unsupported ABI type");
  }

  template <typename TypeAt>
  ValueList read_sequence(std::size_t count, TypeAt type_at, std::size_t base, std::size_t& end,
                          const Path& path, unsigned depth) {
    std::size_t head_size = 0;
    for (std::size_t i = 0; i < count; ++i) {
      head_size += type_at(i).head_size();
      if (head_size > remaining(base)) fail(path, "ABI data too short for the head of " + std::to_string(count) + " values");
    }
    std::size_t tail_cursor = base + head_size;
    ValueList values;
    values.reserve(count);
    std::size_t head_pos = base;
    for (std::size_t i = 0; i < count; ++i) {
      const Type& t = type_at(i);
      const Path item_path = path[i];
      std::size_t item_end = 0;
      if (t.is_dynamic()) {
        const U256 offset = word(head_pos, item_path);
        if (offset > U256(remaining(base))) fail(item_path, "offset " + offset.to_hex() + " points past the end of the data");
        if (base + offset.as_u64() != tail_cursor) {
          fail(item_path, "offset " + offset.to_hex() + " is not canonical (expected " +
                              U256(tail_cursor - base).to_hex() + ")");
        }
        values.push_back(read(t, tail_cursor, item_end, item_path, depth + 1));
        tail_cursor = item_end;
      } else {
        values.push_back(read(t, head_pos, item_end, item_path, depth + 1));
      }
      head_pos += t.head_size();
    }
    end = tail_cursor;
    return values;
  }

 private:
  std::size_t remaining(std::size_t at) const { return at <= data_.size() ? data_.size() - at : 0; }

  ByteView slice(std::size_t at, std::size_t size, const Path& path) const {
    if (size > remaining(at)) {
      fail(path, "ABI data truncated: needs " + std::to_string(size) + " bytes at offset " + std::to_string(at) +
                     ", has " + std::to_string(remaining(at)));
    }
    return data_.subspan(at, size);
  }

  U256 word(std::size_t at, const Path& path) const { return U256::from_be_bytes(slice(at, kWord, path)); }

  static bool all_zero(ByteView b) {
    return std::all_of(b.begin(), b.end(), [](std::uint8_t x) { return x == 0; });
  }

  // A length word at `at`, capped by what could possibly follow it, so that a huge length
  // fails before anything is allocated.
  std::size_t length(std::size_t at, std::size_t unit, const Path& path) const {
    if (unit == 0) fail(path, "array element type has no encoded size");
    const U256 n = word(at, path);
    const std::size_t room = remaining(at + kWord) / unit;
    if (n > U256(room)) fail(path, "length " + n.to_decimal() + " exceeds the remaining data");
    return static_cast<std::size_t>(n.as_u64());
  }

  ByteView read_byte_string(std::size_t at, std::size_t& end, const Path& path) const {
    const std::size_t n = length(at, 1, path);
    const std::size_t padded = (n + kWord - 1) / kWord * kWord;
    const ByteView body = slice(at + kWord, padded, path);
    if (!all_zero(body.subspan(n))) fail(path, "nonzero padding after byte string");
    end = at + kWord + padded;
    return body.first(n);
  }

  ByteView data_;
};

void check_fully_consumed(std::size_t end, std::size_t size, Mode mode) {
  if (mode == Mode::strict && end != size) {
    throw_parse_error("ABI data has " + std::to_string(size - end) + " trailing bytes after the encoded value");
  }
}

// ---------------------------------------------------------------------------------------------
// JSON

// Runs f() and puts the path in front of the message of a ParseError it throws.
template <typename F>
auto rethrow_with_path(const Path& path, F&& f) -> decltype(f()) {
  return rethrowing<ParseError>(std::forward<F>(f), [&](const ParseError& e) { fail(path, e.what()); });
}

U256 uint_from_json(const nlohmann::ordered_json& j, const Path& path) {
  if (j.is_number_unsigned()) return U256(j.get<std::uint64_t>());
  if (j.is_number_integer() && j.get<std::int64_t>() >= 0) return U256(static_cast<std::uint64_t>(j.get<std::int64_t>()));
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    return rethrow_with_path(path, [&] {
      return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? U256::from_hex(s) : U256::from_decimal(s);
    });
  }
  fail(path, "expected a non-negative integer (JSON integer or decimal string)");
}

I256 int_from_json(const nlohmann::ordered_json& j, const Path& path) {
  if (j.is_number_unsigned()) return I256::from_twos_complement(U256(j.get<std::uint64_t>()));
  if (j.is_number_integer()) return I256::from_int64(j.get<std::int64_t>());
  if (j.is_string()) {
    std::string_view s = j.get_ref<const std::string&>();
    return rethrow_with_path(path, [&] {
      const bool negative = !s.empty() && s[0] == '-';
      if (s.substr(negative ? 1 : 0, 2) != "0x") return I256::from_decimal(s);
      // Hex carries a magnitude with an optional sign, as ethers accepts it.
      const U256 magnitude = U256::from_hex(s.substr(negative ? 1 : 0));
      return I256::from_decimal(negative ? "-" + magnitude.to_decimal() : magnitude.to_decimal());
    });
  }
  fail(path, "expected an integer (JSON integer, decimal or 0x-hex string)");
}

const std::string& string_from_json(const nlohmann::ordered_json& j, const Path& path, const char* what) {
  if (!j.is_string()) fail(path, std::string("expected ") + what);
  return j.get_ref<const std::string&>();
}

Value from_json_at(const Type& type, const nlohmann::ordered_json& j, const Path& path, unsigned depth) {
  using K = Type::Kind;
  if (depth > kMaxTypeDepth) fail(path, "value nests deeper than " + std::to_string(kMaxTypeDepth) + " levels");
  switch (type.kind) {
    case K::uint: {
      const U256 v = uint_from_json(j, path);
      if (v.bit_length() > type.bits) fail(path, "value out of range for " + type.canonical());
      return v;
    }
    case K::int_: {
      const I256 v = int_from_json(j, path);
      if (!v.fits_signed_bits(type.bits)) fail(path, "value out of range for " + type.canonical());
      return v;
    }
    case K::address: {
      const std::string& s = string_from_json(j, path, "an address string");
      return rethrow_with_path(path, [&] { return Address::parse(s); });
    }
    case K::boolean:
      if (!j.is_boolean()) fail(path, "expected true or false");
      return j.get<bool>();
    case K::fixed_bytes: {
      const std::string& s = string_from_json(j, path, "a 0x-hex string");
      return rethrow_with_path(path, [&] { return hex::decode(s, hex::Prefix::required, type.size); });
    }
    case K::bytes: {
      const std::string& s = string_from_json(j, path, "a 0x-hex string");
      return rethrow_with_path(path, [&] { return hex::decode(s); });
    }
    case K::string: return string_from_json(j, path, "a string");
    case K::array:
    case K::fixed_array:
    case K::tuple: {
      if (!j.is_array()) fail(path, "expected a JSON array for " + type.canonical());
      const std::size_t want = type.kind == K::tuple ? type.components.size() : type.size;
      if (type.kind != K::array && j.size() != want) {
        fail(path, type.canonical() + " needs " + std::to_string(want) + " elements, got " + std::to_string(j.size()));
      }
      ValueList list;
      list.reserve(j.size());
      for (std::size_t i = 0; i < j.size(); ++i) {
        const Type& t = type.kind == K::tuple ? type.components[i] : type.element();
        list.push_back(from_json_at(t, j[i], path[i], depth + 1));
      }
      return list;
    }
  }
  fail(path, "unsupported ABI type");
}

nlohmann::ordered_json to_json_at(const Type& type, const Value& value) {
  using K = Type::Kind;
  switch (type.kind) {
    case K::uint: return std::get<U256>(value).to_decimal();
    case K::int_: return std::get<I256>(value).to_decimal();
    case K::address: return std::get<Address>(value).checksummed();
    case K::boolean: return std::get<bool>(value);
    case K::fixed_bytes:
    case K::bytes: return hex::encode(std::get<Bytes>(value));
    case K::string: return std::get<std::string>(value);
    case K::array:
    case K::fixed_array:
    case K::tuple: {
      const ValueList& list = std::get<ValueList>(value);
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (std::size_t i = 0; i < list.size(); ++i) {
        out.push_back(to_json_at(type.kind == K::tuple ? type.components[i] : type.element(), list[i]));
      }
      return out;
    }
  }
  return nullptr;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Type

Type Type::parse(std::string_view canonical) { return TypeParser(canonical).parse_all(); }

std::string Type::canonical() const {
  switch (kind) {
    case Kind::uint: return "uint" + std::to_string(bits);
    case Kind::int_: return "int" + std::to_string(bits);
    case Kind::address: return "address";
    case Kind::boolean: return "bool";
    case Kind::fixed_bytes: return "bytes" + std::to_string(size);
    case Kind::bytes: return "bytes";
    case Kind::string: return "string";
    case Kind::array: return element().canonical() + "[]";
    case Kind::fixed_array: return element().canonical() + "[" + std::to_string(size) + "]";
    case Kind::tuple: {
      std::string out = "(";
      for (std::size_t i = 0; i < components.size(); ++i) {
        if (i) out += ',';
        out += components[i].canonical();
      }
      return out + ")";
    }
  }
  return {};
}

bool Type::is_dynamic() const {
  switch (kind) {
    case Kind::bytes:
    case Kind::string:
    case Kind::array: return true;
    case Kind::fixed_array: return element().is_dynamic();
    case Kind::tuple: return std::any_of(components.begin(), components.end(), [](const Type& t) { return t.is_dynamic(); });
    default: return false;
  }
}

std::size_t Type::head_size() const {
  if (is_dynamic()) return kWord;
  // Saturating, so that absurd programmatic types fail the decoder's bounds checks instead of
  // wrapping around.
  constexpr std::size_t cap = std::numeric_limits<std::size_t>::max() / 2;
  if (kind == Kind::fixed_array) {
    const std::size_t e = element().head_size();
    return size != 0 && e > cap / size ? cap : e * size;
  }
  if (kind == Kind::tuple) {
    std::size_t total = 0;
    for (const Type& t : components) total = std::min(cap, total + t.head_size());
    return total;
  }
  return kWord;
}

Type Type::uint(unsigned bits) { return Type{Kind::uint, bits, 0, {}}; }
Type Type::int_(unsigned bits) { return Type{Kind::int_, bits, 0, {}}; }
Type Type::address() { return Type{Kind::address, 0, 0, {}}; }
Type Type::boolean() { return Type{Kind::boolean, 0, 0, {}}; }
Type Type::fixed_bytes(std::size_t n) { return Type{Kind::fixed_bytes, 0, n, {}}; }
Type Type::bytes() { return Type{Kind::bytes, 0, 0, {}}; }
Type Type::string() { return Type{Kind::string, 0, 0, {}}; }
Type Type::array(Type element) { return Type{Kind::array, 0, 0, {std::move(element)}}; }
Type Type::fixed_array(Type element, std::size_t n) { return Type{Kind::fixed_array, 0, n, {std::move(element)}}; }
Type Type::tuple(std::vector<Type> members) { return Type{Kind::tuple, 0, 0, std::move(members)}; }

// ---------------------------------------------------------------------------------------------
// Public codec

void check_value(const Type& type, const Value& value) { check_value_at(type, value, "", 0); }

Bytes encode(const Type& type, const Value& value) {
  check_value(type, value);
  Bytes out;
  encode_into(type, value, out);
  return out;
}

namespace {

// encode(Type::tuple(types), ValueList(values)), without copying the types and values into a
// tuple first (the copies were most of the work of encoding an intent's route for its hash): the
// same checks in the same order, with the same paths ("[i]"), and the same bytes.
Bytes encode_list(const Type* types, const Value* values, std::size_t types_size, std::size_t values_size) {
  if (types_size != values_size) {
    check_value(Type::tuple(std::vector<Type>(types, types + types_size)), ValueList(values, values + values_size));
  }
  for (std::size_t i = 0; i < types_size; ++i) check_value_at(types[i], values[i], Path("")[i], 1);
  Bytes out;
  encode_sequence({values, types_size}, [&](std::size_t i) -> const Type& { return types[i]; }, out);
  return out;
}

}  // namespace

Bytes encode_params(const std::vector<Type>& types, const std::vector<Value>& values) {
  return encode_list(types.data(), values.data(), types.size(), values.size());
}

Bytes encode_param(const Type& type, const Value& value) { return encode_list(&type, &value, 1, 1); }

Value decode(const Type& type, ByteView data, Mode mode) {
  std::size_t end = 0;
  Value v = Decoder(data).read(type, 0, end, "", 0);
  check_fully_consumed(end, data.size(), mode);
  return v;
}

std::vector<Value> decode_params(const std::vector<Type>& types, ByteView data, Mode mode) {
  std::size_t end = 0;
  ValueList v = Decoder(data).read_sequence(types.size(), [&](std::size_t i) -> const Type& { return types[i]; }, 0,
                                            end, "", 0);
  check_fully_consumed(end, data.size(), mode);
  return v;
}

Value value_from_json(const Type& type, const nlohmann::ordered_json& json) { return from_json_at(type, json, "", 0); }

nlohmann::ordered_json value_to_json(const Type& type, const Value& value) {
  check_value(type, value);
  return to_json_at(type, value);
}

std::array<std::uint8_t, 4> selector(std::string_view signature) {
  const Hash32 h = keccak256(signature);
  return {h[0], h[1], h[2], h[3]};
}

}  // namespace sr::abi
