// Reverse lookup for positional text encodings (base58, base64): the digit value of each byte,
// built at compile time from the alphabet itself so encoder and decoder cannot disagree.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace sr {

// table[c] is the index of c in `alphabet`, or -1 when c is not in it. Alphabets of at most 127
// distinct characters.
constexpr std::array<std::int8_t, 256> digit_values(std::string_view alphabet) {
  std::array<std::int8_t, 256> table{};
  for (auto& entry : table) entry = -1;
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    table[static_cast<unsigned char>(alphabet[i])] = static_cast<std::int8_t>(i);
  }
  return table;
}

}  // namespace sr
