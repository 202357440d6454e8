// Byte containers and the parse error shared by every layer of the core.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace sr {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
using Hash32 = std::array<std::uint8_t, 32>;

// Thrown by every parser in the core when its input is malformed. The message says what is
// wrong in words a caller can hand back to a client (the caller adds which field it was).
struct ParseError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline ByteView as_bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace sr
