#include "crypto/base58.h"

#include <gtest/gtest.h>

#include <utility>

#include "crypto/hex.h"

namespace sr {
namespace {

// Bitcoin Core, src/test/data/base58_encode_decode.json: {hex bytes, base58 text}.
const std::pair<const char*, const char*> kBitcoinCoreVectors[] = {
    {"", ""},
    {"61", "2g"},
    {"626262", "a3gV"},
    {"636363", "aPEr"},
    {"73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"},
    {"00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"},
    {"516b6fcd0f", "ABnLTmg"},
    {"bf4f89001e670274dd", "3SEo3LWLoPntC"},
    {"572e4794", "3EFU7m"},
    {"ecac89cad93923c02321", "EJDM8drfXA6uyA"},
    {"10c8511e", "Rt5zm"},
    {"00000000000000000000", "1111111111"},
    {"00000000000000000000000000000000000000000000000000000000000000000000000000000000",
     "1111111111111111111111111111111111111111"},
    {"00000000000000000000000000000000000000000000000000000000000000000000000000000001",
     "1111111111111111111111111111111111111112"},
    {"0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
     "000000000000000000000000000000000000000000000000000000000000ec39d04c37e71e5d591881f6",
     "111111111111111111111111111111111111111111111111111111111111111111111111111111111111115TYzLYH1udmLdzCLM"},
    {"000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5",
     "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"},
    {"271F359E", "zzzzy"},
    {"271F359F", "zzzzz"},
    {"271F35A0", "211111"},
    {"271F35A1", "211112"},
};

TEST(Base58, EncodesBitcoinCoreVectors) {
  for (const auto& [hex_bytes, text] : kBitcoinCoreVectors) {
    EXPECT_EQ(base58::encode(hex::decode(hex_bytes, hex::Prefix::forbidden)), text) << hex_bytes;
  }
}

TEST(Base58, DecodesBitcoinCoreVectors) {
  for (const auto& [hex_bytes, text] : kBitcoinCoreVectors) {
    EXPECT_EQ(base58::decode(text), hex::decode(hex_bytes, hex::Prefix::forbidden)) << text;
  }
}

TEST(Base58, AllByteValuesRoundTrip) {
  Bytes all(256);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint8_t>(i);
  const std::string text = base58::encode(all);
  EXPECT_EQ(text.substr(0, 12), "1cWB5HCBdLjA");  // prefix of Bitcoin Core's vector for 00..ff
  EXPECT_EQ(base58::decode(text), all);
}

TEST(Base58, SolanaSystemProgramIsThirtyTwoZeroBytes) {
  const auto bytes = base58::decode32("11111111111111111111111111111111");
  EXPECT_EQ(bytes, (std::array<std::uint8_t, 32>{}));
  EXPECT_EQ(base58::encode(bytes), "11111111111111111111111111111111");
}

TEST(Base58, UsdcMintRoundTrips) {
  // The mint's bytes as ethers v6 decodeBase58 gives them, an independent implementation.
  const auto bytes = base58::decode32("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(hex::encode(bytes, false), "c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61");
  EXPECT_EQ(base58::encode(bytes), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
}

TEST(Base58, RejectsCharactersOutsideTheAlphabet) {
  for (const char* bad : {"0", "O", "I", "l", "abc0", "2gO", "I11", "1l", " 2g", "2g ", "2 g", "2g\n", "+", "/", "=",
                          "\xc3\xa9", "2g\x80"}) {
    EXPECT_THROW(base58::decode(bad), ParseError) << bad;
  }
  EXPECT_THROW(base58::decode(std::string_view("2g\0", 3)), ParseError);
}

TEST(Base58, ErrorNamesTheCharacterAndPosition) {
  try {
    base58::decode("abc0def");
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "base58 text has '0' at position 3, which is not in the base58 alphabet");
  }
  try {
    base58::decode("ab\xff");
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "base58 text has byte 0xff at position 2, which is not in the base58 alphabet");
  }
}

TEST(Base58, Decode32RejectsOtherLengths) {
  EXPECT_THROW(base58::decode32(""), ParseError);
  EXPECT_THROW(base58::decode32("1111111111111111111111111111111"), ParseError);    // 31 zero bytes
  EXPECT_THROW(base58::decode32("111111111111111111111111111111111"), ParseError);  // 33 zero bytes
  EXPECT_THROW(base58::decode32("2cFupjhnEsSn59qHXstmK2ffpLv2"), ParseError);       // 20 bytes
  // 33 bytes 0xff..ff: 45 characters, rejected by length before decoding.
  EXPECT_THROW(base58::decode32(base58::encode(Bytes(33, 0xff))), ParseError);
  EXPECT_THROW(base58::decode32(std::string(10000, 'z')), ParseError);
  // 32 bytes of 0xff is the longest valid text; it must still be accepted.
  const std::string longest = base58::encode(Bytes(32, 0xff));
  EXPECT_EQ(longest.size(), 44u);
  std::array<std::uint8_t, 32> all_ones;
  all_ones.fill(0xff);
  EXPECT_EQ(base58::decode32(longest), all_ones);
  // 44 characters that overflow 32 bytes.
  EXPECT_THROW(base58::decode32(std::string(44, 'z')), ParseError);
}

}  // namespace
}  // namespace sr
