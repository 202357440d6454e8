#include "crypto/hex.h"

namespace sr::hex {
namespace {

// Inlined into decode's loop: the package's size-optimised build kept it a call per digit, a
// few percent of a quote verification (every address, hash and calldata is hex).
[[gnu::always_inline]] inline int nibble(char c) {
  const unsigned digit = static_cast<unsigned char>(c) - unsigned{'0'};
  if (digit < 10) return static_cast<int>(digit);
  const unsigned letter = (static_cast<unsigned char>(c) | 0x20u) - unsigned{'a'};  // either case
  if (letter < 6) return static_cast<int>(letter) + 10;
  return -1;
}

}  // namespace

Bytes decode(std::string_view text, Prefix prefix, std::optional<std::size_t> expected_size) {
  const bool has_prefix = text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (prefix == Prefix::required && !has_prefix) throw_parse_error("hex string must start with 0x");
  if (prefix == Prefix::forbidden && has_prefix) throw_parse_error("hex string must not start with 0x");
  if (has_prefix) text.remove_prefix(2);
  if (text.size() % 2 != 0) throw_parse_error("hex string has an odd number of digits");
  Bytes out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(text[2 * i]);
    const int lo = nibble(text[2 * i + 1]);
    if (hi < 0 || lo < 0) throw_parse_error("hex string contains a character that is not a hex digit");
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  if (expected_size && out.size() != *expected_size) {
    throw_parse_error("hex string must encode exactly " + std::to_string(*expected_size) + " bytes, got " +
                      std::to_string(out.size()));
  }
  return out;
}

Hash32 decode32(std::string_view text, Prefix prefix) {
  const Bytes b = decode(text, prefix, 32);
  Hash32 h;
  std::copy(b.begin(), b.end(), h.begin());
  return h;
}

// Sized once, then plain stores: appending digit by digit checks capacity on every character,
// and in the wasm core (emscripten's JavaScript exceptions) each append was a call out through a
// JavaScript invoke_* trampoline, which made this the quote engine's costliest function
// (bench/profiles/engine-callgrind.txt).
std::string encode(ByteView bytes, bool with_prefix) {
  static constexpr char digits[] = "0123456789abcdef";
  const std::size_t prefix = with_prefix ? 2 : 0;
  std::string out(prefix + bytes.size() * 2, 'x');
  if (with_prefix) out[0] = '0';
  char* p = out.data() + prefix;
  for (std::uint8_t b : bytes) {
    *p++ = digits[b >> 4];
    *p++ = digits[b & 0xf];
  }
  return out;
}

}  // namespace sr::hex
