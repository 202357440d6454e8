// Keccak-256 as Ethereum uses it (the original Keccak padding 0x01, not SHA3-256's 0x06).
#pragma once

#include <string_view>

#include "crypto/bytes.h"

namespace sr {

// Streaming hasher: update() any number of times, then finalize() once.
class Keccak256 {
 public:
  Keccak256();
  Keccak256& update(ByteView data);
  Keccak256& update(std::string_view text) { return update(as_bytes(text)); }
  Hash32 finalize();

 private:
  static constexpr std::size_t kRate = 136;  // bytes absorbed per permutation (1088-bit rate)
  std::uint64_t state_[25];
  std::uint8_t buffer_[kRate];
  std::size_t buffered_ = 0;
  bool finalized_ = false;
};

Hash32 keccak256(ByteView data);
inline Hash32 keccak256(std::string_view text) { return keccak256(as_bytes(text)); }

}  // namespace sr
