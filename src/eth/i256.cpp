#include "eth/i256.h"

namespace sr {

I256 I256::from_int64(std::int64_t value) {
  const U256 magnitude(value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value));
  return from_twos_complement(value < 0 ? magnitude.wrapping_neg() : magnitude);
}

I256 I256::from_decimal(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  const U256 magnitude = U256::from_decimal(text);
  if (negative && magnitude.is_zero()) throw_parse_error("integer must not be negative zero");
  const U256 limit = U256(1) << 255;  // |min| = 2^255, max = 2^255 - 1
  if (negative ? magnitude > limit : magnitude >= limit) {
    throw_parse_error("integer is outside the int256 range");
  }
  return from_twos_complement(negative ? magnitude.wrapping_neg() : magnitude);
}

U256 I256::magnitude() const { return is_negative() ? bits_.wrapping_neg() : bits_; }

std::string I256::to_decimal() const {
  return is_negative() ? "-" + magnitude().to_decimal() : bits_.to_decimal();
}

bool I256::fits_signed_bits(unsigned bits) const {
  if (bits == 0 || bits > 256) return false;
  if (bits == 256) return true;
  // In range exactly when bits [bits-1, 255] are all copies of the sign bit.
  const U256 upper = bits_ >> (bits - 1);
  return is_negative() ? upper == (U256::max() >> (bits - 1)) : upper.is_zero();
}

}  // namespace sr
