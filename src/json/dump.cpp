// Value::dump: nlohmann::json::dump() with no indentation, byte for byte. Doubles are written by
// nlohmann's own shortest round-trip formatter (Grisu2, detail::to_chars), so a number in a
// message reads as it did; nothing else of nlohmann is compiled in.
#include <cmath>

#include <nlohmann/json.hpp>

#include "json/value.h"

namespace sr::json {

namespace {

constexpr char kHex[] = "0123456789abcdef";
constexpr char kHexUpper[] = "0123456789ABCDEF";

std::string hex_byte(unsigned char byte) { return {kHexUpper[byte >> 4], kHexUpper[byte & 15]}; }

// How many continuation bytes follow lead byte `c`, and the range of the first of them (RFC 3629,
// as nlohmann's UTF-8 decoder accepts); -1 for a byte that cannot start a character.
int continuation(unsigned char c, unsigned char& low, unsigned char& high) {
  low = 0x80;
  high = 0xBF;
  if (c < 0x80) return 0;
  if (c >= 0xC2 && c <= 0xDF) return 1;
  if (c == 0xE0) low = 0xA0;
  if (c == 0xED) high = 0x9F;
  if (c >= 0xE0 && c <= 0xEF) return 2;
  if (c == 0xF0) low = 0x90;
  if (c == 0xF4) high = 0x8F;
  if (c >= 0xF0 && c <= 0xF4) return 3;
  return -1;
}

[[noreturn]] void invalid_utf8(std::size_t index, unsigned char byte) {
  throw Error("[json.exception.type_error.316] invalid UTF-8 byte at index " + std::to_string(index) + ": 0x" +
                  hex_byte(byte),
              false);
}

void dump_string(const std::string& s, std::string& out) {
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    // A run of printable ASCII that needs no escape, appended at once.
    std::size_t end = i;
    while (end < s.size() && s[end] >= 0x20 && s[end] != '"' && s[end] != '\\' &&
           static_cast<unsigned char>(s[end]) < 0x80) {
      ++end;
    }
    if (end != i) {
      out.append(s, i, end - i);
      i = end;
      continue;
    }
    const auto c = static_cast<unsigned char>(s[i]);
    unsigned char low;
    unsigned char high;
    const int more = continuation(c, low, high);
    if (more < 0) invalid_utf8(i, c);
    for (int k = 1; k <= more; ++k) {
      if (i + k >= s.size()) {
        throw Error("[json.exception.type_error.316] incomplete UTF-8 string; last byte: 0x" +
                        hex_byte(static_cast<unsigned char>(s.back())),
                    false);
      }
      const auto next = static_cast<unsigned char>(s[i + k]);
      if (next < low || next > high) invalid_utf8(i + k, next);
      low = 0x80;
      high = 0xBF;
    }
    if (more > 0) {
      out.append(s, i, static_cast<std::size_t>(more) + 1);
      i += static_cast<std::size_t>(more) + 1;
      continue;
    }
    switch (c) {
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c <= 0x1F) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  out += '"';
}

void dump_value(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Value::Kind::null: out += "null"; return;
    case Value::Kind::boolean: out += v.get<bool>() ? "true" : "false"; return;
    case Value::Kind::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); return;
    case Value::Kind::number_integer: out += std::to_string(v.get<std::int64_t>()); return;
    case Value::Kind::number_float: {
      const double d = v.get<double>();
      if (!std::isfinite(d)) {
        out += "null";
        return;
      }
      char buffer[64];
      const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, d);
      out.append(buffer, static_cast<std::size_t>(end - buffer));
      return;
    }
    case Value::Kind::string: dump_string(v.get_ref<const std::string&>(), out); return;
    case Value::Kind::array: {
      out += '[';
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (i > 0) out += ',';
        dump_value(v[i], out);
      }
      out += ']';
      return;
    }
    case Value::Kind::object: {
      out += '{';
      bool first = true;
      for (const Member& m : v.items()) {
        if (!first) out += ',';
        first = false;
        dump_string(m.first, out);
        out += ':';
        dump_value(m.second, out);
      }
      out += '}';
      return;
    }
  }
}

}  // namespace

std::string Value::dump() const {
  std::string out;
  dump_value(*this, out);
  return out;
}

}  // namespace sr::json
