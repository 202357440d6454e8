#include "eth/u256.h"

#include <gtest/gtest.h>

#include "eth/i256.h"

namespace sr {
namespace {

const char* const kMaxDecimal =
    "115792089237316195423570985008687907853269984665640564039457584007913129639935";  // 2^256-1
const char* const kTwoTo256 =
    "115792089237316195423570985008687907853269984665640564039457584007913129639936";

TEST(U256, DecimalRoundTrip) {
  for (const char* text : {"0", "1", "9", "10", "18446744073709551615", "18446744073709551616",
                           "10000000000000000000", "9999999999999999999", "340282366920938463463374607431768211456",
                           kMaxDecimal}) {
    EXPECT_EQ(U256::from_decimal(text).to_decimal(), text);
  }
  EXPECT_EQ(U256::from_decimal(kMaxDecimal), U256::max());
  EXPECT_EQ(U256::from_decimal("18446744073709551616"), U256::from_limbs({0, 1, 0, 0}));
}

TEST(U256, DecimalRejectsMalformed) {
  for (const char* bad : {"", "00", "01", "+1", "-1", " 1", "1 ", "1.0", "1e3", "0x10", "١"}) {
    try {
      U256::from_decimal(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ParseError& e) {
      EXPECT_STREQ(e.what(), "amount must be a decimal integer string without leading zeros") << bad;
    }
  }
}

TEST(U256, DecimalRejectsOverflow) {
  try {
    U256::from_decimal(kTwoTo256);
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "amount exceeds 2^256-1");
  }
  EXPECT_THROW(U256::from_decimal(std::string(kMaxDecimal) + "0"), ParseError);
  EXPECT_THROW(U256::from_decimal(std::string(100, '9')), ParseError);
}

TEST(U256, Hex) {
  EXPECT_EQ(U256::from_hex("0x0"), U256(0));
  EXPECT_EQ(U256::from_hex("0xff"), U256(255));
  EXPECT_EQ(U256::from_hex("0X00Ff"), U256(255));
  EXPECT_EQ(U256::from_hex("0x" + std::string(64, 'f')), U256::max());
  EXPECT_EQ(U256::max().to_hex(), "0x" + std::string(64, 'f'));
  EXPECT_EQ(U256(0).to_hex(), "0x0");
  EXPECT_EQ(U256(0x1234abcdULL).to_hex(), "0x1234abcd");
  EXPECT_EQ((U256(1) << 64).to_hex(), "0x10000000000000000");
  for (const char* bad : {"", "0x", "ff", "0xg", "0x 1", " 0x1", "0x-1", "x12"}) {
    EXPECT_THROW(U256::from_hex(bad), ParseError) << bad;
  }
  EXPECT_THROW(U256::from_hex("0x1" + std::string(64, '0')), ParseError);  // 65 digits
}

TEST(U256, BigEndianBytes) {
  const U256 v = U256::from_hex("0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20");
  const auto be = v.to_be_bytes();
  for (int i = 0; i < 32; ++i) EXPECT_EQ(be[i], i + 1);
  EXPECT_EQ(U256::from_be_bytes(be), v);
  const std::uint8_t short_input[] = {0x01, 0x00};
  EXPECT_EQ(U256::from_be_bytes(short_input), U256(256));
  EXPECT_EQ(U256::from_be_bytes({}), U256(0));
  const Bytes too_long(33, 0);
  EXPECT_THROW(U256::from_be_bytes(too_long), ParseError);
}

TEST(U256, U64AndBitLength) {
  EXPECT_TRUE(U256(~0ULL).fits_u64());
  EXPECT_EQ(U256(~0ULL).as_u64(), ~0ULL);
  EXPECT_FALSE((U256(1) << 64).fits_u64());
  EXPECT_THROW((U256(1) << 64).as_u64(), std::overflow_error);
  EXPECT_EQ(U256(0).bit_length(), 0u);
  EXPECT_EQ(U256(1).bit_length(), 1u);
  EXPECT_EQ((U256(1) << 200).bit_length(), 201u);
  EXPECT_EQ(U256::max().bit_length(), 256u);
}

TEST(U256, Ordering) {
  EXPECT_LT(U256(5), U256(6));
  EXPECT_LT(U256(~0ULL), U256(1) << 64);
  EXPECT_GT(U256::max(), U256(1) << 255);
  EXPECT_EQ(U256::from_decimal("42"), U256(42));
  EXPECT_NE(U256(1) << 128, U256(1) << 129);
}

TEST(U256, CheckedArithmetic) {
  EXPECT_EQ(U256::max().checked_add(0), U256::max());
  EXPECT_FALSE(U256::max().checked_add(1));
  EXPECT_EQ(U256(~0ULL).checked_add(1), U256(1) << 64);  // carry across a limb
  EXPECT_FALSE(U256(0).checked_sub(1));
  EXPECT_EQ((U256(1) << 64).checked_sub(1), U256(~0ULL));
  EXPECT_EQ(U256(3).checked_sub(3), U256(0));
  EXPECT_EQ((U256(1) << 128).checked_mul(U256(1) << 127), U256(1) << 255);
  EXPECT_FALSE((U256(1) << 128).checked_mul(U256(1) << 128));
  EXPECT_FALSE(U256::max().checked_mul(2));
  EXPECT_EQ(U256::max().checked_mul(1), U256::max());
  EXPECT_EQ(U256::max().checked_mul(0), U256(0));
  EXPECT_EQ(U256::from_decimal("340282366920938463463374607431768211455").checked_mul(
                U256::from_decimal("340282366920938463463374607431768211457")),
            U256::max());  // (2^128-1)(2^128+1)
  EXPECT_THROW(U256::max().add_or_throw(1), std::overflow_error);
  EXPECT_THROW(U256(0).sub_or_throw(1), std::overflow_error);
  EXPECT_THROW(U256::max().mul_or_throw(3), std::overflow_error);
  EXPECT_EQ(U256(7).add_or_throw(8), U256(15));
}

TEST(U256, Division) {
  EXPECT_EQ(U256::max().checked_div(U256::max()), U256(1));
  EXPECT_EQ(U256(100).checked_div(7), U256(14));
  EXPECT_EQ(U256(100).checked_mod(7), U256(2));
  EXPECT_FALSE(U256(1).checked_div(0));
  EXPECT_FALSE(U256(1).checked_mod(0));
  EXPECT_THROW(U256(1).div_or_throw(0), std::domain_error);
  const U256 big = U256::from_decimal("123456789012345678901234567890123456789012345678901234567890");
  const U256 d = U256::from_decimal("98765432109876543210987");
  const U256 q = *big.checked_div(d);
  const U256 r = *big.checked_mod(d);
  EXPECT_LT(r, d);
  EXPECT_EQ(q.mul_or_throw(d).add_or_throw(r), big);
}

TEST(U256, MulDivFloorAndCeil) {
  using R = Rounding;
  EXPECT_EQ(U256::mul_div(10, 3, 5, R::floor), U256(6));  // exact
  EXPECT_EQ(U256::mul_div(10, 3, 5, R::ceil), U256(6));
  EXPECT_EQ(U256::mul_div(10, 3, 4, R::floor), U256(7));  // 7.5
  EXPECT_EQ(U256::mul_div(10, 3, 4, R::ceil), U256(8));
  EXPECT_EQ(U256::mul_div(1, 1, 3, R::floor), U256(0));
  EXPECT_EQ(U256::mul_div(1, 1, 3, R::ceil), U256(1));
  EXPECT_EQ(U256::mul_div(0, 5, 3, R::ceil), U256(0));
  EXPECT_FALSE(U256::mul_div(1, 1, 0, R::floor));
  // The product needs 512 bits even though the quotient fits.
  EXPECT_EQ(U256::mul_div(U256::max(), U256::max(), U256::max(), R::floor), U256::max());
  EXPECT_EQ(U256::mul_div(U256::max(), U256::max(), U256::max(), R::ceil), U256::max());
  EXPECT_EQ(U256::mul_div(U256(1) << 255, 6, 3, R::floor), std::nullopt);  // 2^256: too big
  EXPECT_EQ(U256::mul_div(U256(1) << 255, 4, 8, R::floor), U256(1) << 254);
  // Inexact with a 512-bit product: (2^256-1)^2 / (2^256-2) = 2^256 + 1/(2^256-2), which overflows.
  EXPECT_FALSE(U256::mul_div(U256::max(), U256::max(), U256::max().wrapping_sub(1), R::floor));
  const U256 half = U256(1) << 255;
  EXPECT_EQ(U256::mul_div(U256::max(), half, U256::max(), R::floor), half);
  // (2^256-1) * 2^128 / 2^129 = 2^255 - 1/2: floor 2^255-1, ceil 2^255.
  const U256 two_to_255_minus_1 = half.wrapping_sub(1);
  EXPECT_EQ(U256::mul_div(U256::max(), U256(1) << 128, U256(1) << 129, R::floor), two_to_255_minus_1);
  EXPECT_EQ(U256::mul_div(U256::max(), U256(1) << 128, U256(1) << 129, R::ceil), half);
  // Ceil rounding may overflow on its own: (2^192-1)(2^192+1) = 2^384-1 = 2^128 * (2^256-1) + (2^128-1),
  // so floor is 2^256-1 and ceil would be 2^256.
  const U256 a = (U256(1) << 192).wrapping_sub(1);
  const U256 b = (U256(1) << 192).wrapping_add(1);
  EXPECT_EQ(U256::mul_div(a, b, U256(1) << 128, R::floor), U256::max());
  EXPECT_FALSE(U256::mul_div(a, b, U256(1) << 128, R::ceil));
  EXPECT_FALSE(U256::mul_div(U256::max(), 3, 2, R::floor));
}

TEST(U256, ShiftsAndBitwise) {
  const U256 v = U256::from_hex("0x8000000000000000000000000000000000000000000000000000000000000001");
  EXPECT_EQ(v >> 255, U256(1));
  EXPECT_EQ(v << 1, U256(2));
  EXPECT_EQ(v >> 256, U256(0));
  EXPECT_EQ(v << 300, U256(0));
  EXPECT_EQ((U256(1) << 63) << 1, U256(1) << 64);
  EXPECT_EQ((U256(0xff) << 60) >> 60, U256(0xff));
  EXPECT_EQ(U256::from_hex("0xf0") & U256::from_hex("0x3c"), U256::from_hex("0x30"));
  EXPECT_EQ(U256::from_hex("0xf0") | U256::from_hex("0x0f"), U256(0xff));
  EXPECT_EQ(U256::from_hex("0xff") ^ U256::from_hex("0x0f"), U256(0xf0));
  EXPECT_EQ(~U256(0), U256::max());
  EXPECT_EQ(U256(1).wrapping_neg(), U256::max());
  EXPECT_EQ(U256::max().wrapping_add(2), U256(1));
}

TEST(I256, ParseFormatAndRange) {
  EXPECT_EQ(I256::from_decimal("-1").twos_complement(), U256::max());
  EXPECT_EQ(I256::from_decimal("-1").to_decimal(), "-1");
  EXPECT_EQ(I256::from_int64(-5), I256::from_decimal("-5"));
  EXPECT_EQ(I256::from_int64(INT64_MIN).to_decimal(), "-9223372036854775808");
  const std::string min = "-57896044618658097711785492504343953926634992332820282019728792003956564819968";
  const std::string max = "57896044618658097711785492504343953926634992332820282019728792003956564819967";
  EXPECT_EQ(I256::from_decimal(min).to_decimal(), min);
  EXPECT_EQ(I256::from_decimal(max).to_decimal(), max);
  EXPECT_THROW(I256::from_decimal("-57896044618658097711785492504343953926634992332820282019728792003956564819969"),
               ParseError);
  EXPECT_THROW(I256::from_decimal("57896044618658097711785492504343953926634992332820282019728792003956564819968"),
               ParseError);
  for (const char* bad : {"-0", "--1", "+1", "-", "", "-01"}) EXPECT_THROW(I256::from_decimal(bad), ParseError) << bad;
  EXPECT_TRUE(I256::from_int64(127).fits_signed_bits(8));
  EXPECT_FALSE(I256::from_int64(128).fits_signed_bits(8));
  EXPECT_TRUE(I256::from_int64(-128).fits_signed_bits(8));
  EXPECT_FALSE(I256::from_int64(-129).fits_signed_bits(8));
  EXPECT_TRUE(I256::from_decimal(min).fits_signed_bits(256));
  EXPECT_FALSE(I256::from_decimal(min).fits_signed_bits(248));
}

}  // namespace
}  // namespace sr
