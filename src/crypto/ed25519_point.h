// Whether 32 bytes are the compressed encoding of a point on the ed25519 curve
// -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19), d = -121665/121666.
//
// Solana needs this for program derived addresses: a PDA candidate is only valid when it is NOT
// a curve point, so that no private key can exist for it. Nothing here is secret, so the code is
// written for clarity, not constant time.
#pragma once

#include <array>
#include <cstdint>

namespace sr::ed25519 {

// The two published ways of reading a compressed point. They disagree only on inputs no hash
// output realistically hits (about 2^-250 of them), but a caller must still say which it means.
enum class PointDecoding {
  // What the Solana runtime's create_program_address uses (curve25519-dalek's
  // CompressedEdwardsY::decompress, the same as ZIP 215): the top bit is the sign of x, the other
  // 255 bits are y taken modulo p (so y >= p is accepted), and a point is valid when
  // (y^2 - 1) / (d y^2 + 1) is a square in the field, whatever the sign bit.
  solana_runtime,
  // RFC 8032 section 5.1.3, as @noble/curves and @solana/web3.js isOnCurve read it: additionally
  // rejects y >= p and rejects x = 0 (y = 1 or y = p - 1) with the sign bit set.
  rfc8032_strict,
};

// True when `compressed` (y little-endian in bits 0..254, sign of x in bit 255) decodes to a curve
// point under `rules`. Total: every 32-byte input gives an answer, nothing throws.
bool is_on_curve(const std::array<std::uint8_t, 32>& compressed,
                 PointDecoding rules = PointDecoding::solana_runtime);

}  // namespace sr::ed25519
