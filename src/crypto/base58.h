// Base58 with the Bitcoin alphabet, which Solana uses for public keys, signatures and hashes.
// No checksum (that is Base58Check, which Solana does not use).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::base58 {

// The text for bytes: one '1' per leading zero byte, then the remaining big-endian number in
// base 58. Empty input gives "". Time is quadratic in the length, meant for keys and hashes.
std::string encode(ByteView bytes);

// The inverse of encode(): decode(encode(b)) == b for every b, and encode(decode(t)) == t for
// every t it accepts. "" decodes to no bytes. Throws ParseError naming the first character that is
// not in the alphabet (0, O, I, l, '+', '/', whitespace, non-ASCII bytes, ...). Quadratic time:
// callers taking text from the network bound its length first (decode32 does so itself).
Bytes decode(std::string_view text);

// decode() for values that must be exactly 32 bytes (Solana public keys): throws ParseError when
// the text decodes to any other length. Text longer than 44 characters, the most 32 bytes can
// need, is rejected before any arithmetic.
std::array<std::uint8_t, 32> decode32(std::string_view text);

}  // namespace sr::base58
