// The unpredictable parts of a quote (its id, each intent's route salt) expanded from the random
// bytes the caller passes, so the core draws no randomness of its own and the same inputs give
// the same quote byte for byte: value(label, index) = keccak256(random || label || uint32be(index)).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::service {

class QuoteRandomness {
 public:
  // At least kMinBytes of fresh randomness; std::invalid_argument otherwise.
  static constexpr std::size_t kMinBytes = 16;
  explicit QuoteRandomness(ByteView random);

  Hash32 derive(std::string_view label, std::uint32_t index) const;
  // "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx" (RFC 9562 version 4, variant 10) from
  // derive("quote-id", index); with `leading` (at most kMaxLeadingBytes), those bytes in place of
  // the first derived ones (with 6: 74 random bits remain).
  static constexpr std::size_t kMaxLeadingBytes = 6;
  std::string uuid_v4(std::uint32_t index, ByteView leading = {}) const;
  Hash32 salt(std::uint32_t index) const { return derive("route-salt", index); }

 private:
  Bytes random_;
};

}  // namespace sr::service
