#include "crypto/base64.h"

#include <array>

#include "crypto/alphabet.h"

namespace sr::base64 {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> kSextetValue = digit_values(kAlphabet);

std::uint32_t sextet_at(std::string_view text, std::size_t position) {
  const int value = kSextetValue[static_cast<unsigned char>(text[position])];
  if (value < 0 && text[position] == '=') {
    throw_parse_error("base64 text has '=' at position " + std::to_string(position) +
                      "; padding may only be the last one or two characters");
  }
  if (value < 0) {
    throw_parse_error("base64 text has a character that is not in the standard base64 alphabet at position " +
                      std::to_string(position));
  }
  return static_cast<std::uint32_t>(value);
}

}  // namespace

std::string encode(ByteView bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = std::uint32_t{bytes[i]} << 16 | std::uint32_t{bytes[i + 1]} << 8 | bytes[i + 2];
    text += kAlphabet[group >> 18];
    text += kAlphabet[(group >> 12) & 63];
    text += kAlphabet[(group >> 6) & 63];
    text += kAlphabet[group & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    const std::uint32_t group = std::uint32_t{bytes[i]} << 16 | (rest == 2 ? std::uint32_t{bytes[i + 1]} << 8 : 0);
    text += kAlphabet[group >> 18];
    text += kAlphabet[(group >> 12) & 63];
    text += rest == 2 ? kAlphabet[(group >> 6) & 63] : '=';
    text += '=';
  }
  return text;
}

Bytes decode(std::string_view text) {
  if (text.size() % 4 != 0) {
    throw_parse_error("base64 text length " + std::to_string(text.size()) + " is not a multiple of 4");
  }
  std::size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text[text.size() - 2] == '=' ? 2 : 1;
  const std::size_t data_chars = text.size() - padding;
  Bytes out;
  out.reserve(text.size() / 4 * 3);
  std::size_t i = 0;
  for (; i + 4 <= data_chars; i += 4) {
    const std::uint32_t group =
        sextet_at(text, i) << 18 | sextet_at(text, i + 1) << 12 | sextet_at(text, i + 2) << 6 | sextet_at(text, i + 3);
    out.push_back(static_cast<std::uint8_t>(group >> 16));
    out.push_back(static_cast<std::uint8_t>(group >> 8));
    out.push_back(static_cast<std::uint8_t>(group));
  }
  if (padding > 0) {
    // The final quantum: 2 characters carry one byte (4 spare bits), 3 carry two (2 spare bits).
    const std::uint32_t group = sextet_at(text, i) << 18 | sextet_at(text, i + 1) << 12 |
                                (padding == 1 ? sextet_at(text, i + 2) << 6 : 0);
    const std::uint32_t spare_bits = padding == 1 ? (group & 0xff) : (group & 0xffff);
    if (spare_bits != 0) {
      throw_parse_error("base64 text is not canonical: the character before the padding has non-zero unused bits");
    }
    out.push_back(static_cast<std::uint8_t>(group >> 16));
    if (padding == 1) out.push_back(static_cast<std::uint8_t>(group >> 8));
  }
  return out;
}

}  // namespace sr::base64
