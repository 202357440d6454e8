// Unsigned 256-bit integers: the EVM word. A plain value type (four 64-bit limbs), with strict
// parsers, checked arithmetic that reports overflow instead of wrapping, and mul_div with a
// 512-bit intermediate for amount * rate / denominator computations.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr {

// Direction in which mul_div resolves an inexact quotient.
enum class Rounding { floor, ceil };

class U256 {
 public:
  using Limbs = std::array<std::uint64_t, 4>;  // least significant limb first
  using Rounding = sr::Rounding;

  constexpr U256() = default;
  constexpr U256(std::uint64_t value) : limbs_{value, 0, 0, 0} {}  // NOLINT: implicit on purpose
  static constexpr U256 from_limbs(const Limbs& limbs) {
    U256 v;
    v.limbs_ = limbs;
    return v;
  }
  static constexpr U256 max() { return from_limbs({~0ULL, ~0ULL, ~0ULL, ~0ULL}); }

  // Strict decimal: digits only, no sign or whitespace, no leading zeros except "0" itself,
  // at most 2^256-1. Throws ParseError otherwise.
  static U256 from_decimal(std::string_view text);
  // "0x" followed by 1..64 hex digits (either case). Leading zeros are allowed.
  static U256 from_hex(std::string_view text);
  // Big-endian, at most 32 bytes (shorter input is left-padded with zeros).
  static U256 from_be_bytes(ByteView bytes);

  std::array<std::uint8_t, 32> to_be_bytes() const;
  std::string to_decimal() const;
  std::string to_hex() const;  // "0x" + minimal lowercase digits; zero is "0x0"

  constexpr const Limbs& limbs() const { return limbs_; }
  constexpr bool is_zero() const { return (limbs_[0] | limbs_[1] | limbs_[2] | limbs_[3]) == 0; }
  constexpr bool fits_u64() const { return (limbs_[1] | limbs_[2] | limbs_[3]) == 0; }
  // Throws std::overflow_error when the value does not fit.
  std::uint64_t as_u64() const;
  unsigned bit_length() const;  // 0 for zero
  constexpr bool bit(unsigned index) const {
    return index < 256 && ((limbs_[index / 64] >> (index % 64)) & 1) != 0;
  }

  friend constexpr bool operator==(const U256&, const U256&) = default;
  friend constexpr std::strong_ordering operator<=>(const U256& a, const U256& b) {
    for (int i = 3; i >= 0; --i) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
    }
    return std::strong_ordering::equal;
  }

  // Checked arithmetic: nullopt when the exact result is outside [0, 2^256-1].
  std::optional<U256> checked_add(const U256& other) const;
  std::optional<U256> checked_sub(const U256& other) const;
  std::optional<U256> checked_mul(const U256& other) const;
  std::optional<U256> checked_div(const U256& divisor) const;  // nullopt on division by zero
  std::optional<U256> checked_mod(const U256& divisor) const;  // nullopt on division by zero

  // The same, throwing std::overflow_error (or std::domain_error for division by zero).
  U256 add_or_throw(const U256& other) const;
  U256 sub_or_throw(const U256& other) const;
  U256 mul_or_throw(const U256& other) const;
  U256 div_or_throw(const U256& divisor) const;

  // Arithmetic modulo 2^256, for two's complement (intN) handling.
  U256 wrapping_add(const U256& other) const;
  U256 wrapping_sub(const U256& other) const;
  U256 wrapping_neg() const;

  // a * b / d rounded as asked, exact through a 512-bit product. nullopt when d == 0 or the
  // rounded quotient exceeds 2^256-1.
  static std::optional<U256> mul_div(const U256& a, const U256& b, const U256& d, Rounding rounding);

  U256 operator~() const;
  U256 operator&(const U256& other) const;
  U256 operator|(const U256& other) const;
  U256 operator^(const U256& other) const;
  U256 operator<<(unsigned shift) const;  // shifts of 256 or more give zero
  U256 operator>>(unsigned shift) const;

 private:
  Limbs limbs_{};
};

}  // namespace sr
