// U256: strict decimal and hex parsing round trips, and the checked arithmetic agreeing with
// itself (add/sub, mul/div, mul_div rounding) on values taken from the input bytes.
#include <stdexcept>

#include "eth/u256.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const std::string_view text = fuzz::as_text(data, size);

  try {
    const U256 v = U256::from_decimal(text);
    SR_FUZZ_CHECK(v.to_decimal() == text, text);  // strict: one spelling per value
    SR_FUZZ_CHECK(U256::from_hex(v.to_hex()) == v, text);
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  try {
    const U256 v = U256::from_hex(text);
    SR_FUZZ_CHECK(U256::from_hex(v.to_hex()) == v, text);
    SR_FUZZ_CHECK(U256::from_decimal(v.to_decimal()) == v, text);
    const auto be = v.to_be_bytes();
    SR_FUZZ_CHECK(U256::from_be_bytes(ByteView(be.data(), be.size())) == v, text);
    fuzz::accepted();
  } catch (const ParseError&) {
  }

  // Arithmetic on three words read from the input (zero-padded).
  std::uint8_t words[96] = {};
  for (std::size_t i = 0; i < size && i < sizeof words; ++i) words[i] = data[i];
  // A short word makes small numbers likely, where the edge cases (0, 1, carries) are.
  const std::size_t len = size > 96 ? 32 : (size + 2) / 3;
  const U256 a = U256::from_be_bytes(ByteView(words, len));
  const U256 b = U256::from_be_bytes(ByteView(words + 32, len));
  const U256 d = U256::from_be_bytes(ByteView(words + 64, len));

  if (auto sum = a.checked_add(b)) {
    SR_FUZZ_CHECK(sum->checked_sub(b) == a, a.to_decimal());
    SR_FUZZ_CHECK(*sum >= a && *sum >= b, a.to_decimal());
  } else {
    SR_FUZZ_CHECK(a.wrapping_add(b) < a, a.to_decimal());
  }
  SR_FUZZ_CHECK(a.wrapping_sub(b).wrapping_add(b) == a, a.to_decimal());
  SR_FUZZ_CHECK(a.wrapping_add(a.wrapping_neg()).is_zero(), a.to_decimal());
  SR_FUZZ_CHECK(a.checked_sub(b).has_value() == (a >= b), a.to_decimal());
  if (auto product = a.checked_mul(b)) {
    if (!b.is_zero()) SR_FUZZ_CHECK(product->checked_div(b) == a, a.to_decimal());
    if (!b.is_zero()) SR_FUZZ_CHECK(product->checked_mod(b) == U256(0), a.to_decimal());
  } else {
    SR_FUZZ_CHECK(!a.is_zero() && !b.is_zero() && a.bit_length() + b.bit_length() >= 257, a.to_decimal());
  }
  if (!d.is_zero()) {
    const U256 q = *a.checked_div(d);
    const U256 r = *a.checked_mod(d);
    SR_FUZZ_CHECK(r < d, a.to_decimal());
    SR_FUZZ_CHECK(q.checked_mul(d).value().checked_add(r) == a, a.to_decimal());
    const auto floor = U256::mul_div(a, b, d, Rounding::floor);
    const auto ceil = U256::mul_div(a, b, d, Rounding::ceil);
    if (auto product = a.checked_mul(b)) {
      SR_FUZZ_CHECK(floor == product->checked_div(d), a.to_decimal());
      const bool exact = product->checked_mod(d) == U256(0);
      SR_FUZZ_CHECK(ceil == (exact ? floor : floor->checked_add(1)), a.to_decimal());
    }
    if (floor && ceil) SR_FUZZ_CHECK(*ceil == *floor || ceil == floor->checked_add(1), a.to_decimal());
    if (ceil) SR_FUZZ_CHECK(floor.has_value(), a.to_decimal());
  } else {
    SR_FUZZ_CHECK(!a.checked_div(d) && !a.checked_mod(d), a.to_decimal());
    SR_FUZZ_CHECK(!U256::mul_div(a, b, d, Rounding::floor), a.to_decimal());
  }
  const unsigned shift = size > 0 ? data[0] : 0;
  if (shift < 256 && a.bit_length() + shift <= 256) SR_FUZZ_CHECK(((a << shift) >> shift) == a, a.to_decimal());
  SR_FUZZ_CHECK((a ^ b ^ b) == a && ((a & b) | (a & ~b)) == a, a.to_decimal());
  try {
    SR_FUZZ_CHECK(U256(a.as_u64()) == a, a.to_decimal());
  } catch (const std::overflow_error&) {
    SR_FUZZ_CHECK(!a.fits_u64(), a.to_decimal());
  }
  return 0;
}
