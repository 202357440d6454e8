#include "crypto/ed25519_point.h"

namespace sr::ed25519 {
namespace {

// An element of GF(2^255 - 19) as five 51-bit limbs, value = sum limb[i] * 2^(51 i). Between
// operations every limb stays below 2^52, which keeps each 128-bit product sum far from overflow.
struct FieldElement {
  std::uint64_t limb[5];
};

using u128 = unsigned __int128;
constexpr std::uint64_t kLimbMask = (std::uint64_t{1} << 51) - 1;

// Moves the bits above 51 of each limb into the next one; 2^255 = 19 (mod p) folds the top back.
FieldElement carry(FieldElement a) {
  for (int i = 0; i < 4; ++i) {
    a.limb[i + 1] += a.limb[i] >> 51;
    a.limb[i] &= kLimbMask;
  }
  a.limb[0] += 19 * (a.limb[4] >> 51);
  a.limb[4] &= kLimbMask;
  a.limb[1] += a.limb[0] >> 51;
  a.limb[0] &= kLimbMask;
  return a;
}

FieldElement from_small(std::uint64_t value) { return {{value, 0, 0, 0, 0}}; }

FieldElement add(const FieldElement& a, const FieldElement& b) {
  FieldElement r;
  for (int i = 0; i < 5; ++i) r.limb[i] = a.limb[i] + b.limb[i];
  return carry(r);
}

FieldElement sub(const FieldElement& a, const FieldElement& b) {
  // Adding 4p first keeps every limb non-negative for any b with limbs below 2^52.
  constexpr std::uint64_t four_p[5] = {(kLimbMask - 18) * 4, kLimbMask * 4, kLimbMask * 4, kLimbMask * 4, kLimbMask * 4};
  FieldElement r;
  for (int i = 0; i < 5; ++i) r.limb[i] = a.limb[i] + four_p[i] - b.limb[i];
  return carry(r);
}

FieldElement mul(const FieldElement& a, const FieldElement& b) {
  const std::uint64_t* x = a.limb;
  const std::uint64_t* y = b.limb;
  // Terms whose limb indices add up to 5 or more wrap around with a factor 2^255 = 19.
  const std::uint64_t y1_19 = 19 * y[1], y2_19 = 19 * y[2], y3_19 = 19 * y[3], y4_19 = 19 * y[4];
  u128 t[5];
  t[0] = u128{x[0]} * y[0] + u128{x[1]} * y4_19 + u128{x[2]} * y3_19 + u128{x[3]} * y2_19 + u128{x[4]} * y1_19;
  t[1] = u128{x[0]} * y[1] + u128{x[1]} * y[0] + u128{x[2]} * y4_19 + u128{x[3]} * y3_19 + u128{x[4]} * y2_19;
  t[2] = u128{x[0]} * y[2] + u128{x[1]} * y[1] + u128{x[2]} * y[0] + u128{x[3]} * y4_19 + u128{x[4]} * y3_19;
  t[3] = u128{x[0]} * y[3] + u128{x[1]} * y[2] + u128{x[2]} * y[1] + u128{x[3]} * y[0] + u128{x[4]} * y4_19;
  t[4] = u128{x[0]} * y[4] + u128{x[1]} * y[3] + u128{x[2]} * y[2] + u128{x[3]} * y[1] + u128{x[4]} * y[0];
  for (int i = 0; i < 4; ++i) {
    t[i + 1] += t[i] >> 51;
    t[i] &= kLimbMask;
  }
  FieldElement r;
  for (int i = 0; i < 5; ++i) r.limb[i] = static_cast<std::uint64_t>(t[i] & kLimbMask);
  // With limbs below 2^52, t[4] < 5 * 2^104, so 19 * (t[4] >> 51) < 2^60 fits in 64 bits.
  r.limb[0] += 19 * static_cast<std::uint64_t>(t[4] >> 51);
  return carry(r);
}

// a^e for an exponent given as 32 little-endian bytes (left-to-right square and multiply).
FieldElement pow(const FieldElement& a, const std::array<std::uint8_t, 32>& exponent) {
  FieldElement r = from_small(1);
  for (int bit = 255; bit >= 0; --bit) {
    r = mul(r, r);
    if ((exponent[bit / 8] >> (bit % 8)) & 1) r = mul(r, a);
  }
  return r;
}

bool fits_in_limbs(const FieldElement& a) {
  for (int i = 0; i < 5; ++i)
    if (a.limb[i] > kLimbMask) return false;
  return true;
}

// For limbs below 2^51 (a value below 2^255): whether the value is p or more.
bool at_least_p(const FieldElement& a) {
  return a.limb[0] >= kLimbMask - 18 && a.limb[1] == kLimbMask && a.limb[2] == kLimbMask && a.limb[3] == kLimbMask &&
         a.limb[4] == kLimbMask;
}

// The unique representative in [0, p) as limbs, for comparisons.
FieldElement canonical(FieldElement a) {
  while (!fits_in_limbs(a)) a = carry(a);
  if (at_least_p(a)) {
    a.limb[0] -= kLimbMask - 18;
    a.limb[1] = a.limb[2] = a.limb[3] = a.limb[4] = 0;
  }
  return a;
}

bool equal(const FieldElement& a, const FieldElement& b) {
  const FieldElement x = canonical(a), y = canonical(b);
  for (int i = 0; i < 5; ++i)
    if (x.limb[i] != y.limb[i]) return false;
  return true;
}

// Bits 0..254 of the little-endian bytes; bit 255 is not part of the number.
FieldElement from_bytes_ignoring_top_bit(const std::array<std::uint8_t, 32>& bytes) {
  std::uint64_t word[4];
  for (int w = 0; w < 4; ++w) {
    word[w] = 0;
    for (int b = 7; b >= 0; --b) word[w] = (word[w] << 8) | bytes[8 * w + b];
  }
  return {{word[0] & kLimbMask, (word[0] >> 51 | word[1] << 13) & kLimbMask, (word[1] >> 38 | word[2] << 26) & kLimbMask,
           (word[2] >> 25 | word[3] << 39) & kLimbMask, (word[3] >> 12) & kLimbMask}};
}

// p - 2 = 2^255 - 21 (Fermat inversion) and (p - 1) / 2 = 2^254 - 10 (Euler's criterion), little-endian.
constexpr std::array<std::uint8_t, 32> kPMinus2 = {0xeb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
constexpr std::array<std::uint8_t, 32> kHalfPMinus1 = {0xf6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f};

// d = -121665 / 121666, derived rather than written out so it cannot be mistyped.
const FieldElement& curve_d() {
  static const FieldElement d = mul(sub(from_small(0), from_small(121665)), pow(from_small(121666), kPMinus2));
  return d;
}

}  // namespace

bool is_on_curve(const std::array<std::uint8_t, 32>& compressed, PointDecoding rules) {
  const FieldElement y = from_bytes_ignoring_top_bit(compressed);
  const bool sign_bit = (compressed[31] & 0x80) != 0;
  const FieldElement one = from_small(1);
  const FieldElement y_squared = mul(y, y);
  const FieldElement u = sub(y_squared, one);                   // y^2 - 1
  const FieldElement v = add(mul(curve_d(), y_squared), one);  // d y^2 + 1, never 0: -1/d is not a square
  // x^2 = u / v has a solution exactly when u v = (u / v) v^2 is zero or a square, and by Euler's
  // criterion (u v)^((p-1)/2) is then 0 or 1 (it is p - 1 for a non-square).
  const FieldElement zero = from_small(0);
  const FieldElement uv = mul(u, v);
  const FieldElement legendre = pow(uv, kHalfPMinus1);
  if (!equal(legendre, one) && !equal(legendre, zero)) return false;
  if (rules == PointDecoding::rfc8032_strict) {
    const bool y_is_canonical = !at_least_p(from_bytes_ignoring_top_bit(compressed));
    const bool x_is_zero = equal(u, zero);
    if (!y_is_canonical || (x_is_zero && sign_bit)) return false;
  }
  return true;
}

}  // namespace sr::ed25519
