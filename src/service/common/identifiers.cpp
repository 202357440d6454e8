#include "service/common/identifiers.h"

#include <algorithm>
#include <cctype>

namespace sr::service {

namespace {

bool is_hex_digit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

bool is_hash_text(std::string_view text) {
  return text.size() == 66 && text.starts_with("0x") && std::all_of(text.begin() + 2, text.end(), is_hex_digit);
}

std::optional<std::string> bare_uuid(std::string_view text) {
  if (text.size() != 36) return std::nullopt;
  std::string out(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool hyphen_position = i == 8 || i == 13 || i == 18 || i == 23;
    if (hyphen_position ? out[i] != '-' : !is_hex_digit(out[i])) return std::nullopt;
    out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
  }
  return out;
}

}  // namespace sr::service
