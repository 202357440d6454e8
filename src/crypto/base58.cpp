#include "crypto/base58.h"

#include <algorithm>

#include "crypto/alphabet.h"

namespace sr::base58 {
namespace {

constexpr char kAlphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
constexpr std::size_t kMaxTextFor32Bytes = 44;

constexpr std::array<std::int8_t, 256> kDigitValue = digit_values(kAlphabet);

std::string describe_character(unsigned char c) {
  if (c >= 0x21 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  static constexpr char hex_digits[] = "0123456789abcdef";
  return std::string("byte 0x") + hex_digits[c >> 4] + hex_digits[c & 0xf];
}

}  // namespace

std::string encode(ByteView bytes) {
  const std::size_t leading_zeros =
      static_cast<std::size_t>(std::find_if(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b != 0; }) -
                               bytes.begin());
  // Base-58 digits of the number, least significant first. log(256)/log(58) < 1.38.
  std::vector<std::uint8_t> digits;
  digits.reserve((bytes.size() - leading_zeros) * 138 / 100 + 1);
  for (std::size_t i = leading_zeros; i < bytes.size(); ++i) {
    std::uint32_t carry = bytes[i];
    for (std::uint8_t& digit : digits) {
      carry += std::uint32_t{digit} << 8;
      digit = static_cast<std::uint8_t>(carry % 58);
      carry /= 58;
    }
    while (carry > 0) {
      digits.push_back(static_cast<std::uint8_t>(carry % 58));
      carry /= 58;
    }
  }
  std::string text(leading_zeros, '1');
  text.reserve(leading_zeros + digits.size());
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) text += kAlphabet[*it];
  return text;
}

Bytes decode(std::string_view text) {
  std::size_t leading_ones = 0;
  while (leading_ones < text.size() && text[leading_ones] == '1') ++leading_ones;
  // Bytes of the number, least significant first. log(58)/log(256) < 0.733.
  Bytes number;
  number.reserve((text.size() - leading_ones) * 733 / 1000 + 1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const int value = kDigitValue[c];
    if (value < 0) {
      throw_parse_error("base58 text has " + describe_character(c) + " at position " + std::to_string(i) +
                        ", which is not in the base58 alphabet");
    }
    if (i < leading_ones) continue;
    std::uint32_t carry = static_cast<std::uint32_t>(value);
    for (std::uint8_t& byte : number) {
      carry += std::uint32_t{byte} * 58;
      byte = static_cast<std::uint8_t>(carry & 0xff);
      carry >>= 8;
    }
    while (carry > 0) {
      number.push_back(static_cast<std::uint8_t>(carry & 0xff));
      carry >>= 8;
    }
  }
  Bytes out(leading_ones, 0);
  out.insert(out.end(), number.rbegin(), number.rend());
  return out;
}

std::array<std::uint8_t, 32> decode32(std::string_view text) {
  if (text.size() > kMaxTextFor32Bytes) {
    throw_parse_error("base58 text of " + std::to_string(text.size()) + " characters is too long for 32 bytes (at most " +
                      std::to_string(kMaxTextFor32Bytes) + ")");
  }
  const Bytes bytes = decode(text);
  if (bytes.size() != 32) {
    throw_parse_error("base58 text must encode exactly 32 bytes, got " + std::to_string(bytes.size()));
  }
  std::array<std::uint8_t, 32> out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

}  // namespace sr::base58
