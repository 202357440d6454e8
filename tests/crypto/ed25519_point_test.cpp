#include "crypto/ed25519_point.h"

#include <gtest/gtest.h>

#include <string>

#include "crypto/base58.h"
#include "crypto/hex.h"
#include "crypto/sha256.h"

namespace sr {
namespace {

using ed25519::is_on_curve;
using ed25519::PointDecoding;
using Point = std::array<std::uint8_t, 32>;

Point point_from_hex(std::string_view text) { return hex::decode32(text, hex::Prefix::forbidden); }

bool on_curve_both_ways(const Point& point) {
  const bool runtime = is_on_curve(point, PointDecoding::solana_runtime);
  EXPECT_EQ(runtime, is_on_curve(point, PointDecoding::rfc8032_strict)) << hex::encode(point);
  return runtime;
}

TEST(Ed25519Point, BasePointIsOnCurve) {
  // The RFC 8032 base point B: y = 4/5, x even.
  EXPECT_TRUE(on_curve_both_ways(point_from_hex("5866666666666666666666666666666666666666666666666666666666666666")));
}

TEST(Ed25519Point, Rfc8032TestVectorPublicKeysAreOnCurve) {
  for (const char* key : {"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",   // TEST 1
                          "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",   // TEST 2
                          "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",   // TEST 3
                          "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e"}) {  // TEST 1024
    EXPECT_TRUE(on_curve_both_ways(point_from_hex(key))) << key;
  }
}

TEST(Ed25519Point, SolanaCookbookExamples) {
  // The Solana cookbook's "validate a public key" example: a wallet key and an off-curve address.
  EXPECT_TRUE(on_curve_both_ways(base58::decode32("5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY")));
  EXPECT_FALSE(on_curve_both_ways(base58::decode32("4BJXYkfvg37zEmBbsacZjeQDpTNx91KppxFJxRqrz48e")));
}

TEST(Ed25519Point, SmallCoordinates) {
  // Classified by @noble/curves (an independent implementation): y = 2 has no x, y = 0, 3, 4 do.
  EXPECT_TRUE(on_curve_both_ways(point_from_hex("0000000000000000000000000000000000000000000000000000000000000000")));
  EXPECT_TRUE(on_curve_both_ways(point_from_hex("0000000000000000000000000000000000000000000000000000000000000080")));
  EXPECT_FALSE(on_curve_both_ways(point_from_hex("0200000000000000000000000000000000000000000000000000000000000000")));
  EXPECT_TRUE(on_curve_both_ways(point_from_hex("0300000000000000000000000000000000000000000000000000000000000000")));
  EXPECT_TRUE(on_curve_both_ways(point_from_hex("0400000000000000000000000000000000000000000000000000000000000000")));
}

TEST(Ed25519Point, ZeroXWithSignBitOnlyStrictRejects) {
  // y = 1 and y = p - 1 give x = 0; a set sign bit asks for "negative zero".
  const Point identity = point_from_hex("0100000000000000000000000000000000000000000000000000000000000000");
  const Point identity_signed = point_from_hex("0100000000000000000000000000000000000000000000000000000000000080");
  const Point order2 = point_from_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  const Point order2_signed = point_from_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff");
  EXPECT_TRUE(on_curve_both_ways(identity));
  EXPECT_TRUE(on_curve_both_ways(order2));
  EXPECT_TRUE(is_on_curve(identity_signed, PointDecoding::solana_runtime));
  EXPECT_FALSE(is_on_curve(identity_signed, PointDecoding::rfc8032_strict));
  EXPECT_TRUE(is_on_curve(order2_signed, PointDecoding::solana_runtime));
  EXPECT_FALSE(is_on_curve(order2_signed, PointDecoding::rfc8032_strict));
}

TEST(Ed25519Point, NonCanonicalYIsReducedByTheRuntimeAndRejectedByStrict) {
  // y = p + k for k = 0..18: the runtime reads y = k. Expected answers from @noble/curves with
  // zip215 = true (the runtime's rule); strict decoding rejects all of them.
  const char* runtime_answers = "1101111001100011101";
  for (int k = 0; k <= 18; ++k) {
    Point point;
    point.fill(0xff);
    point[0] = static_cast<std::uint8_t>(0xed + k);
    point[31] = 0x7f;
    EXPECT_EQ(is_on_curve(point, PointDecoding::solana_runtime), runtime_answers[k] == '1') << "p + " << k;
    EXPECT_FALSE(is_on_curve(point, PointDecoding::rfc8032_strict)) << "p + " << k;
  }
}

TEST(Ed25519Point, DefaultIsTheSolanaRuntimeRule) {
  const Point identity_signed = point_from_hex("0100000000000000000000000000000000000000000000000000000000000080");
  EXPECT_TRUE(is_on_curve(identity_signed));
}

TEST(Ed25519Point, HashOutputsMatchNobleCurves) {
  // '1' where @noble/curves' Point.fromHex accepts sha256("ed25519 on-curve sample " + i), computed
  // with node; both of its modes gave the same answers, as expected for hash outputs.
  const std::string expected = "1100001101001011110110111100011010000001111001001010100101001011";
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const Point sample = sha256("ed25519 on-curve sample " + std::to_string(i));
    EXPECT_EQ(on_curve_both_ways(sample), expected[i] == '1') << "sample " << i;
  }
}

}  // namespace
}  // namespace sr
