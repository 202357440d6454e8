#include "verify/slippage.h"

#include <cmath>

#include "crypto/bytes.h"

namespace sr::verify {

std::uint32_t read_slippage_millionths(const Json& value, const Path& path) {
  if (!value.is_number()) throw_parse_error(path + ": must be a number");
  const double fraction = value.get<double>();
  if (!(fraction >= 0 && fraction <= 1.0)) {
    throw_parse_error(path + ": " + value.dump() + " is outside 0..1");
  }
  const double scaled = fraction * kSlippageScale;
  const double rounded = std::round(scaled);
  // A double holds 6-decimal fractions below 1 to about 1e-10 after scaling; anything further
  // from an integer had more decimal places.
  if (std::fabs(scaled - rounded) > 1e-6) {
    throw_parse_error(path + ": " + value.dump() + " has more than 6 decimal places");
  }
  return static_cast<std::uint32_t>(rounded);
}

U256 min_amount_out(const U256& amount_out, std::uint32_t slippage_millionths) {
  const auto kept = U256::mul_div(amount_out, U256(kSlippageScale - slippage_millionths), U256(kSlippageScale),
                                  Rounding::floor);
  return *kept;  // the quotient is at most amount_out, so it always fits
}

std::string slippage_text(std::uint32_t slippage_millionths) {
  std::string digits = std::to_string(slippage_millionths);
  if (slippage_millionths >= kSlippageScale) return "1";
  digits.insert(0, 7 - digits.size(), '0');  // at least "0" + six fraction digits
  digits.insert(1, ".");
  while (digits.back() == '0') digits.pop_back();
  return digits;
}

}  // namespace sr::verify
