#include "crypto/sha256.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"

namespace sr {
namespace {

// Expected digests are the FIPS 180-2 appendix B / NIST CAVP example values.
TEST(Sha256, EmptyMessage) {
  EXPECT_EQ(hex::encode(sha256(std::string_view{}), false),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, Abc) {
  EXPECT_EQ(hex::encode(sha256("abc"), false), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, Nist448BitMessageNeedsASecondPaddingBlock) {
  EXPECT_EQ(hex::encode(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), false),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, Nist896BitMessage) {
  EXPECT_EQ(hex::encode(sha256("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopq"
                               "rlmnopqrsmnopqrstnopqrstu"),
                        false),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256, OneMillionLowercaseA) {
  EXPECT_EQ(hex::encode(sha256(std::string(1000000, 'a')), false),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, OneMillionAFedInUnevenPiecesMatchesTheVector) {
  const std::string chunk(997, 'a');  // prime length so pieces straddle every block offset
  Sha256 h;
  std::size_t fed = 0;
  while (fed + chunk.size() <= 1000000) {
    h.update(chunk);
    fed += chunk.size();
  }
  h.update(std::string(1000000 - fed, 'a'));
  EXPECT_EQ(hex::encode(h.finalize(), false), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, StreamingSplitAtBlockBoundariesEqualsOneShot) {
  std::string data(300, '\0');
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 31 + 7);
  for (std::size_t length : {55u, 56u, 63u, 64u, 65u, 119u, 120u, 128u, 300u}) {
    const std::string_view message = std::string_view(data).substr(0, length);
    const Hash32 whole = sha256(message);
    for (std::size_t split = 0; split <= length; ++split) {
      Sha256 h;
      h.update(message.substr(0, split)).update(message.substr(split));
      ASSERT_EQ(h.finalize(), whole) << "length " << length << " split at " << split;
    }
  }
}

TEST(Sha256, UseAfterFinalizeIsRejected) {
  Sha256 h;
  h.update("abc");
  (void)h.finalize();
  EXPECT_THROW(h.update("x"), std::logic_error);
  EXPECT_THROW((void)h.finalize(), std::logic_error);
}

}  // namespace
}  // namespace sr
