// SHA-256 (FIPS 180-4). Solana derives program addresses and Anchor instruction discriminators
// with it, so the core needs it without a dependency on a crypto library.
#pragma once

#include <cstdint>
#include <string_view>

#include "crypto/bytes.h"

namespace sr {

// Streaming hasher. update() may be called any number of times with pieces of any length, and
// the digest equals sha256() of their concatenation. finalize() ends the object's use: calling
// update() or finalize() after it throws std::logic_error. Messages of up to 2^61-1 bytes.
class Sha256 {
 public:
  Sha256();
  Sha256& update(ByteView data);
  Sha256& update(std::string_view text) { return update(as_bytes(text)); }
  Hash32 finalize();

 private:
  static constexpr std::size_t kBlockSize = 64;
  std::uint32_t state_[8];
  std::uint8_t buffer_[kBlockSize];
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
  bool finalized_ = false;
};

// The SHA-256 digest of data, big-endian as FIPS 180-4 prints it.
Hash32 sha256(ByteView data);
inline Hash32 sha256(std::string_view text) { return sha256(as_bytes(text)); }

}  // namespace sr
