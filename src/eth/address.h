// 20-byte Ethereum account addresses: strict parsing with EIP-55 checksum validation,
// checksummed formatting, derivation from a public key, and CREATE2 (EIP-1014).
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr {

class Address {
 public:
  std::array<std::uint8_t, 20> bytes{};

  // "0x" + 40 hex digits. All-lowercase and all-uppercase digits are accepted as they are;
  // mixed case must match the EIP-55 checksum exactly.
  static Address parse(std::string_view text);
  // Exactly 20 bytes, else ParseError.
  static Address from_bytes(ByteView bytes);
  // The last 20 bytes of keccak256(x || y) of an uncompressed public key without its 0x04 prefix.
  static Address from_public_key(const std::array<std::uint8_t, 64>& uncompressed_xy);

  std::string checksummed() const;  // EIP-55
  std::string lower_hex() const;    // "0x" + 40 lowercase digits
  bool is_zero() const;

  friend bool operator==(const Address&, const Address&) = default;
  // Spelled out: libc++ before 15 (emscripten's) has no operator<=> for std::array.
  friend std::strong_ordering operator<=>(const Address& a, const Address& b) {
    return std::memcmp(a.bytes.data(), b.bytes.data(), a.bytes.size()) <=> 0;
  }
};

// EIP-1014: keccak256(0xff ++ deployer ++ salt ++ init_code_hash)[12:].
Address create2_address(const Address& deployer, const Hash32& salt, const Hash32& init_code_hash);

}  // namespace sr

template <>
struct std::hash<sr::Address> {
  std::size_t operator()(const sr::Address& a) const noexcept {
    std::size_t h;
    std::memcpy(&h, a.bytes.data() + a.bytes.size() - sizeof h, sizeof h);
    return h;
  }
};
