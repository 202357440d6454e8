#include "service/common/quote_randomness.h"

#include <algorithm>
#include <stdexcept>

#include "crypto/hex.h"
#include "crypto/keccak.h"

namespace sr::service {

QuoteRandomness::QuoteRandomness(ByteView random) : random_(random.begin(), random.end()) {
  if (random_.size() < kMinBytes) {
    throw std::invalid_argument("quote randomness needs at least " + std::to_string(kMinBytes) + " bytes");
  }
}

Hash32 QuoteRandomness::derive(std::string_view label, std::uint32_t index) const {
  Keccak256 h;
  h.update(random_);
  h.update(label);
  const std::uint8_t be[4] = {static_cast<std::uint8_t>(index >> 24), static_cast<std::uint8_t>(index >> 16),
                              static_cast<std::uint8_t>(index >> 8), static_cast<std::uint8_t>(index)};
  h.update(ByteView(be, 4));
  return h.finalize();
}

std::string QuoteRandomness::uuid_v4(std::uint32_t index, ByteView leading) const {
  // The version nibble is byte 6's: leading bytes end before it.
  if (leading.size() > kMaxLeadingBytes) throw std::invalid_argument("a quote id takes at most 6 leading bytes");
  Hash32 bytes = derive("quote-id", index);
  std::copy(leading.begin(), leading.end(), bytes.begin());
  bytes[6] = static_cast<std::uint8_t>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<std::uint8_t>((bytes[8] & 0x3f) | 0x80);
  const std::string hex = hex::encode(ByteView(bytes.data(), 16), false);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20, 12);
}

}  // namespace sr::service
