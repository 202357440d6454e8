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

inline std::uint64_t rotl(std::uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

// Keccak-f[1600] with the 25 lanes in local variables and every step written out, so the
// compiler keeps the state in registers (wasm locals) for the 24 rounds instead of going through
// memory and index tables: Keccak runs on every address checksum (EIP-55), intent hash and
// typed-data digest, and the table-driven form was the verifier's hottest function
// (bench/profiles/). Same permutation: theta, rho and pi (b = the rotated lanes at their new
// places), chi, iota.
void keccak_f1600(std::uint64_t s[25]) {
  std::uint64_t a00 = s[0], a01 = s[1], a02 = s[2], a03 = s[3], a04 = s[4],
                a05 = s[5], a06 = s[6], a07 = s[7], a08 = s[8], a09 = s[9],
                a10 = s[10], a11 = s[11], a12 = s[12], a13 = s[13], a14 = s[14],
                a15 = s[15], a16 = s[16], a17 = s[17], a18 = s[18], a19 = s[19],
                a20 = s[20], a21 = s[21], a22 = s[22], a23 = s[23], a24 = s[24];
  for (int round = 0; round < 24; ++round) {
    const std::uint64_t c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20;
    const std::uint64_t c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21;
    const std::uint64_t c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22;
    const std::uint64_t c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23;
    const std::uint64_t c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24;
    const std::uint64_t d0 = c4 ^ rotl(c1, 1);
    const std::uint64_t d1 = c0 ^ rotl(c2, 1);
    const std::uint64_t d2 = c1 ^ rotl(c3, 1);
    const std::uint64_t d3 = c2 ^ rotl(c4, 1);
    const std::uint64_t d4 = c3 ^ rotl(c0, 1);
    a00 ^= d0;
    a01 ^= d1;
    a02 ^= d2;
    a03 ^= d3;
    a04 ^= d4;
    a05 ^= d0;
    a06 ^= d1;
    a07 ^= d2;
    a08 ^= d3;
    a09 ^= d4;
    a10 ^= d0;
    a11 ^= d1;
    a12 ^= d2;
    a13 ^= d3;
    a14 ^= d4;
    a15 ^= d0;
    a16 ^= d1;
    a17 ^= d2;
    a18 ^= d3;
    a19 ^= d4;
    a20 ^= d0;
    a21 ^= d1;
    a22 ^= d2;
    a23 ^= d3;
    a24 ^= d4;
    const std::uint64_t b00 = a00;
    const std::uint64_t b01 = rotl(a06, 44);
    const std::uint64_t b02 = rotl(a12, 43);
    const std::uint64_t b03 = rotl(a18, 21);
    const std::uint64_t b04 = rotl(a24, 14);
    const std::uint64_t b05 = rotl(a03, 28);
    const std::uint64_t b06 = rotl(a09, 20);
    const std::uint64_t b07 = rotl(a10, 3);
    const std::uint64_t b08 = rotl(a16, 45);
    const std::uint64_t b09 = rotl(a22, 61);
    const std::uint64_t b10 = rotl(a01, 1);
    const std::uint64_t b11 = rotl(a07, 6);
    const std::uint64_t b12 = rotl(a13, 25);
    const std::uint64_t b13 = rotl(a19, 8);
    const std::uint64_t b14 = rotl(a20, 18);
    const std::uint64_t b15 = rotl(a04, 27);
    const std::uint64_t b16 = rotl(a05, 36);
    const std::uint64_t b17 = rotl(a11, 10);
    const std::uint64_t b18 = rotl(a17, 15);
    const std::uint64_t b19 = rotl(a23, 56);
    const std::uint64_t b20 = rotl(a02, 62);
    const std::uint64_t b21 = rotl(a08, 55);
    const std::uint64_t b22 = rotl(a14, 39);
    const std::uint64_t b23 = rotl(a15, 41);
    const std::uint64_t b24 = rotl(a21, 2);
    a00 = b00 ^ (~b01 & b02);
    a01 = b01 ^ (~b02 & b03);
    a02 = b02 ^ (~b03 & b04);
    a03 = b03 ^ (~b04 & b00);
    a04 = b04 ^ (~b00 & b01);
    a05 = b05 ^ (~b06 & b07);
    a06 = b06 ^ (~b07 & b08);
    a07 = b07 ^ (~b08 & b09);
    a08 = b08 ^ (~b09 & b05);
    a09 = b09 ^ (~b05 & b06);
    a10 = b10 ^ (~b11 & b12);
    a11 = b11 ^ (~b12 & b13);
    a12 = b12 ^ (~b13 & b14);
    a13 = b13 ^ (~b14 & b10);
    a14 = b14 ^ (~b10 & b11);
    a15 = b15 ^ (~b16 & b17);
    a16 = b16 ^ (~b17 & b18);
    a17 = b17 ^ (~b18 & b19);
    a18 = b18 ^ (~b19 & b15);
    a19 = b19 ^ (~b15 & b16);
    a20 = b20 ^ (~b21 & b22);
    a21 = b21 ^ (~b22 & b23);
    a22 = b22 ^ (~b23 & b24);
    a23 = b23 ^ (~b24 & b20);
    a24 = b24 ^ (~b20 & b21);
    a00 ^= kRoundConstants[round];
  }
  s[0] = a00;
  s[1] = a01;
  s[2] = a02;
  s[3] = a03;
  s[4] = a04;
  s[5] = a05;
  s[6] = a06;
  s[7] = a07;
  s[8] = a08;
  s[9] = a09;
  s[10] = a10;
  s[11] = a11;
  s[12] = a12;
  s[13] = a13;
  s[14] = a14;
  s[15] = a15;
  s[16] = a16;
  s[17] = a17;
  s[18] = a18;
  s[19] = a19;
  s[20] = a20;
  s[21] = a21;
  s[22] = a22;
  s[23] = a23;
  s[24] = a24;
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
  // An empty view may carry a null pointer, which memcpy must never be given (even for 0 bytes).
  if (data.empty()) return *this;
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
