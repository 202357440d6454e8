// Hexadecimal text <-> bytes. Parsing is strict: callers say whether the 0x prefix is required
// and how many bytes they expect, and anything else (odd length, stray characters, whitespace)
// is a ParseError.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::hex {

enum class Prefix { required, optional, forbidden };

// Parses hex digits (either case). With expected_size set, the decoded length must match it.
Bytes decode(std::string_view text, Prefix prefix = Prefix::required,
             std::optional<std::size_t> expected_size = std::nullopt);

// Parses exactly 32 bytes ("0x" + 64 digits).
Hash32 decode32(std::string_view text, Prefix prefix = Prefix::required);

// Lowercase hex, "0x"-prefixed unless with_prefix is false.
std::string encode(ByteView bytes, bool with_prefix = true);

}  // namespace sr::hex
