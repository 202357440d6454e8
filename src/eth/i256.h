// Signed 256-bit integers in two's complement, the representation of Solidity's intN values.
// Only what ABI and EIP-712 encoding need: parsing, formatting and range checks.
#pragma once

#include <string>
#include <string_view>

#include "eth/u256.h"

namespace sr {

class I256 {
 public:
  constexpr I256() = default;
  // Reinterprets the 256 bits as a two's complement value.
  static constexpr I256 from_twos_complement(const U256& bits) {
    I256 v;
    v.bits_ = bits;
    return v;
  }
  static I256 from_int64(std::int64_t value);
  // Optional leading '-', then a strict decimal as U256::from_decimal ("-0" is rejected);
  // the value must lie in [-2^255, 2^255-1].
  static I256 from_decimal(std::string_view text);

  constexpr const U256& twos_complement() const { return bits_; }
  constexpr bool is_negative() const { return bits_.bit(255); }
  U256 magnitude() const;  // |value|; 2^255 for the minimum
  std::string to_decimal() const;
  // True when the value lies in [-2^(bits-1), 2^(bits-1)-1], the range of Solidity's int<bits>.
  bool fits_signed_bits(unsigned bits) const;

  friend constexpr bool operator==(const I256&, const I256&) = default;

 private:
  U256 bits_;
};

}  // namespace sr
