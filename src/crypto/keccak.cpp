#include "crypto/keccak.h"

#include <cstring>

namespace sr {
namespace {

constexpr std::uint64_t kRoundConstants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

// Rotation offsets and lane permutation of rho and pi, in the order pi visits the lanes.
constexpr int kRho[24] = {1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44};
constexpr int kPi[24] = {10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1};

inline std::uint64_t rotl(std::uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

void keccak_f1600(std::uint64_t a[25]) {
  for (int round = 0; round < 24; ++round) {
    std::uint64_t c[5];
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (int x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
      for (int y = 0; y < 25; y += 5) a[y + x] ^= d;
    }
    std::uint64_t carry = a[1];
    for (int i = 0; i < 24; ++i) {
      const int j = kPi[i];
      const std::uint64_t next = a[j];
      a[j] = rotl(carry, kRho[i]);
      carry = next;
    }
    for (int y = 0; y < 25; y += 5) {
      std::uint64_t row[5];
      for (int x = 0; x < 5; ++x) row[x] = a[y + x];
      for (int x = 0; x < 5; ++x) a[y + x] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5]);
    }
    a[0] ^= kRoundConstants[round];
  }
}

// Lanes are little-endian regardless of the host, so absorb byte by byte into the lane words.
void absorb_block(std::uint64_t state[25], const std::uint8_t* block, std::size_t rate) {
  for (std::size_t i = 0; i < rate / 8; ++i) {
    std::uint64_t lane = 0;
    for (int b = 7; b >= 0; --b) lane = (lane << 8) | block[i * 8 + b];
    state[i] ^= lane;
  }
  keccak_f1600(state);
}

}  // namespace

Keccak256::Keccak256() { std::memset(state_, 0, sizeof state_); }

Keccak256& Keccak256::update(ByteView data) {
  if (finalized_) throw std::logic_error("Keccak256::update after finalize");
  std::size_t i = 0;
  if (buffered_ > 0) {
    const std::size_t take = std::min(kRate - buffered_, data.size());
    std::memcpy(buffer_ + buffered_, data.data(), take);
    buffered_ += take;
    i = take;
    if (buffered_ < kRate) return *this;
    absorb_block(state_, buffer_, kRate);
    buffered_ = 0;
  }
  for (; i + kRate <= data.size(); i += kRate) absorb_block(state_, data.data() + i, kRate);
  if (i < data.size()) {
    std::memcpy(buffer_, data.data() + i, data.size() - i);
    buffered_ = data.size() - i;
  }
  return *this;
}

Hash32 Keccak256::finalize() {
  if (finalized_) throw std::logic_error("Keccak256::finalize called twice");
  finalized_ = true;
  std::memset(buffer_ + buffered_, 0, kRate - buffered_);
  buffer_[buffered_] ^= 0x01;
  buffer_[kRate - 1] ^= 0x80;
  absorb_block(state_, buffer_, kRate);
  Hash32 out;
  for (std::size_t i = 0; i < 32; ++i) out[i] = static_cast<std::uint8_t>(state_[i / 8] >> (8 * (i % 8)));
  return out;
}

Hash32 keccak256(ByteView data) { return Keccak256().update(data).finalize(); }

}  // namespace sr
