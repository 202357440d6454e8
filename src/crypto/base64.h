// Base64 with the standard alphabet and '=' padding (RFC 4648 section 4), the form Solana JSON
// RPC and wallets use for instruction and transaction data.
#pragma once

#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::base64 {

// Padded text: always a multiple of 4 characters; "" for no bytes.
std::string encode(ByteView bytes);

// Accepts exactly the texts encode() produces, so every byte string has one accepted spelling.
// Throws ParseError for: a length not a multiple of 4; a character outside A-Z a-z 0-9 + /
// (including the URL-safe '-' '_', whitespace and line breaks); '=' anywhere but the last one or
// two positions; and non-zero bits in the last character before the padding (RFC 4648 3.5).
Bytes decode(std::string_view text);

}  // namespace sr::base64
