// ECDSA over secp256k1 as Ethereum uses it, on top of libsecp256k1 (recovery module).
//
// Signatures are 65 bytes r || s || v: r and s big-endian 32 bytes each, s always in the lower
// half of the group order (EIP-2), v = 27 + recovery id. Only v = 27 or 28 is accepted on input:
// the raw recovery ids 0/1 and EIP-155 values are the caller's business to normalise, so one
// signature has exactly one accepted encoding here.
//
// Signing is deterministic (RFC 6979 nonces, libsecp256k1's default), so the core needs no
// randomness to sign.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::secp256k1 {

using Signature = std::array<std::uint8_t, 65>;  // r || s || v
using PublicKey = std::array<std::uint8_t, 64>;  // uncompressed X || Y, without the 0x04 tag

// A secret key: 32 big-endian bytes, a scalar in [1, n-1]. The bytes are overwritten when the
// object dies or is moved from. Copies are explicit (copy()) so that none happens by accident.
class SecretKey {
 public:
  static constexpr std::size_t kSize = 32;

  // ParseError unless bytes is 32 bytes holding a valid scalar (non-zero, below the group order).
  static SecretKey from_bytes(ByteView bytes);
  // "0x" + 64 hex digits; same checks as from_bytes.
  static SecretKey from_hex(std::string_view text);

  SecretKey(const SecretKey&) = delete;
  SecretKey& operator=(const SecretKey&) = delete;
  SecretKey(SecretKey&& other) noexcept;
  SecretKey& operator=(SecretKey&& other) noexcept;
  ~SecretKey();

  SecretKey copy() const { return SecretKey(bytes_); }
  const std::array<std::uint8_t, kSize>& bytes() const { return bytes_; }

 private:
  explicit SecretKey(const std::array<std::uint8_t, kSize>& bytes) : bytes_(bytes) {}
  std::array<std::uint8_t, kSize> bytes_;
};

// Overwrites size bytes at data with zeros in a way the optimiser may not remove.
void secure_wipe(void* data, std::size_t size);

// Signs a 32-byte digest (the caller hashes). Deterministic: same key and digest, same bytes.
Signature sign_digest(const Hash32& digest, const SecretKey& key);

PublicKey public_key(const SecretKey& key);

// The public key that produced signature over digest. ParseError if the signature is not 65
// bytes, v is not 27 or 28, r or s is zero or not below the group order, s is above n/2, or no
// key recovers from it.
PublicKey recover_public_key(const Hash32& digest, ByteView signature);

// True if signature (65 bytes, same rules as recover_public_key) was made over digest by the
// holder of key. Malformed signatures are false, not errors.
bool verify(const Hash32& digest, ByteView signature, const PublicKey& key);

}  // namespace sr::secp256k1
