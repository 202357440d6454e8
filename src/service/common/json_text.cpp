#include "service/common/json_text.h"

#include <charconv>
#include <cstdint>

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

// True when dump() would copy every byte of `text` unchanged: printable ASCII (0x20..0x7f; with
// dump()'s default ensure_ascii=false, 0x7f is copied too) other than the two it escapes.
bool plain(const std::string& text) {
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b > 0x7f || b == '"' || b == '\\') return false;
  }
  return true;
}

void write_string(std::string& out, const std::string& text) {
  if (plain(text)) {
    out += '"';
    out += text;
    out += '"';
  } else {
    out += json(text).dump();
  }
}

template <typename Integer>
void write_integer(std::string& out, Integer value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

void write(std::string& out, const json& value) {
  switch (value.type()) {
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const json::object_t&>()) {
        if (!first) out += ',';
        first = false;
        write_string(out, key);
        out += ':';
        write(out, member);
      }
      out += '}';
      return;
    }
    case json::value_t::array: {
      out += '[';
      bool first = true;
      for (const json& element : value.get_ref<const json::array_t&>()) {
        if (!first) out += ',';
        first = false;
        write(out, element);
      }
      out += ']';
      return;
    }
    case json::value_t::string:
      write_string(out, value.get_ref<const std::string&>());
      return;
    case json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      return;
    case json::value_t::null:
      out += "null";
      return;
    case json::value_t::number_integer:
      write_integer(out, value.get<std::int64_t>());
      return;
    case json::value_t::number_unsigned:
      write_integer(out, value.get<std::uint64_t>());
      return;
    default:  // floating point, binary, discarded: nlohmann's own text
      out += value.dump();
      return;
  }
}

}  // namespace

std::string dump_json(const json& value) {
  std::string out;
  out.reserve(4096);
  write(out, value);
  return out;
}

}  // namespace sr::service
