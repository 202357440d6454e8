#include "service/common/ip_address.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace sr::service {

std::optional<Ipv4Address> parse_ipv4(std::string_view text) {
  Ipv4Address out{};
  std::size_t part = 0;
  std::size_t i = 0;
  while (part < 4) {
    const std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t digits = i - start;
    if (digits == 0 || digits > 3 || (digits > 1 && text[start] == '0')) return std::nullopt;
    unsigned value = 0;
    std::from_chars(text.data() + start, text.data() + i, value);
    if (value > 255) return std::nullopt;
    out[part++] = static_cast<std::uint8_t>(value);
    if (part < 4) {
      if (i >= text.size() || text[i] != '.') return std::nullopt;
      ++i;
    }
  }
  if (i != text.size()) return std::nullopt;
  return out;
}

std::optional<Ipv6Address> parse_ipv6(std::string_view text) {
  std::vector<std::uint16_t> head, tail;
  std::vector<std::uint16_t>* groups = &head;
  bool compressed = false;
  std::optional<Ipv4Address> v4;
  std::size_t i = 0;
  if (text.starts_with("::")) {
    compressed = true;
    groups = &tail;
    i = 2;
  }
  while (i < text.size()) {
    const std::size_t start = i;
    while (i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i < text.size() && text[i] == '.') {  // a trailing dotted IPv4
      v4 = parse_ipv4(text.substr(start));
      if (!v4) return std::nullopt;
      i = text.size();
      break;
    }
    const std::size_t digits = i - start;
    if (digits == 0 || digits > 4) return std::nullopt;
    unsigned value = 0;
    std::from_chars(text.data() + start, text.data() + i, value, 16);
    groups->push_back(static_cast<std::uint16_t>(value));
    if (i == text.size()) break;
    if (text[i] != ':') return std::nullopt;
    ++i;
    if (i < text.size() && text[i] == ':') {
      if (compressed) return std::nullopt;
      compressed = true;
      groups = &tail;
      ++i;
    } else if (i == text.size()) {
      return std::nullopt;  // a trailing single colon
    }
  }
  const std::size_t words = head.size() + tail.size() + (v4 ? 2 : 0);
  if (compressed ? words > 7 : words != 8) return std::nullopt;
  Ipv6Address out{};
  std::size_t at = 0;
  for (auto g : head) {
    out[at++] = g >> 8;
    out[at++] = g & 0xff;
  }
  at = 16 - tail.size() * 2 - (v4 ? 4 : 0);
  for (auto g : tail) {
    out[at++] = g >> 8;
    out[at++] = g & 0xff;
  }
  if (v4) std::copy(v4->begin(), v4->end(), out.begin() + 12);
  return out;
}

std::optional<Ipv4Address> ipv4_mapped(const Ipv6Address& a) {
  for (std::size_t i = 0; i < 10; ++i) {
    if (a[i] != 0) return std::nullopt;
  }
  if (a[10] != 0xff || a[11] != 0xff) return std::nullopt;
  return Ipv4Address{a[12], a[13], a[14], a[15]};
}

}  // namespace sr::service
