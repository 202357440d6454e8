#include "crypto/base64.h"

#include <gtest/gtest.h>

#include <utility>

namespace sr {
namespace {

// RFC 4648 section 10 test vectors.
const std::pair<const char*, const char*> kRfc4648Vectors[] = {
    {"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},         {"foo", "Zm9v"},
    {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"},
};

Bytes bytes_of(std::string_view s) { return Bytes(s.begin(), s.end()); }

TEST(Base64, EncodesRfc4648Vectors) {
  for (const auto& [plain, text] : kRfc4648Vectors) EXPECT_EQ(base64::encode(as_bytes(plain)), text) << plain;
}

TEST(Base64, DecodesRfc4648Vectors) {
  for (const auto& [plain, text] : kRfc4648Vectors) EXPECT_EQ(base64::decode(text), bytes_of(plain)) << text;
}

TEST(Base64, HighBytesUseBothExtraCharacters) {
  const Bytes bytes = {0xfb, 0xff, 0xbf, 0xfe};
  EXPECT_EQ(base64::encode(bytes), "+/+//g==");
  EXPECT_EQ(base64::decode("+/+//g=="), bytes);
}

TEST(Base64, EveryLengthAndByteRoundTrips) {
  Bytes data;
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(base64::decode(base64::encode(data)), data) << "length " << data.size();
    data.push_back(static_cast<std::uint8_t>(i * 151 + 17));
  }
}

TEST(Base64, RejectsMalformedText) {
  for (const char* bad : {
           "Z",          // length not a multiple of 4
           "Zg=",        // padding cut short
           "Zg",         // unpadded
           "Zm9vYg",     // unpadded
           "Zg==Zg==",   // padding in the middle
           "Z===",       // too much padding
           "====",       // padding only
           "=Zg=",       // padding first
           "Zm9v\nYmFy",  // line break
           "Zm9v YmFy",  // space
           "Zm-_",       // URL-safe alphabet
           "Zm9\xc3",    // non-ASCII
           "Zh==",       // non-zero unused bits (4 spare bits)
           "Zm9=",       // non-zero unused bits (2 spare bits)
       }) {
    EXPECT_THROW(base64::decode(bad), ParseError) << bad;
  }
  EXPECT_THROW(base64::decode(std::string_view("Zm9\0", 4)), ParseError);
}

TEST(Base64, MisplacedPaddingIsNamedInTheError) {
  try {
    base64::decode("Zg==Zg==");
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "base64 text has '=' at position 2; padding may only be the last one or two characters");
  }
}

}  // namespace
}  // namespace sr
