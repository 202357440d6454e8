#include "crypto/keccak.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"

namespace sr {
namespace {

TEST(Keccak256, EmptyInputMatchesPublishedDigest) {
  EXPECT_EQ(hex::encode(keccak256(std::string_view{})),
            "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
}

TEST(Keccak256, AbcMatchesPublishedDigest) {
  EXPECT_EQ(hex::encode(keccak256("abc")),
            "0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
}

TEST(Keccak256, StreamingAcrossBlockBoundariesEqualsOneShot) {
  std::string data(1000, '\0');
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 7 + 3);
  const Hash32 whole = keccak256(data);
  for (std::size_t split : {1u, 135u, 136u, 137u, 272u, 999u}) {
    Keccak256 h;
    h.update(std::string_view(data).substr(0, split));
    h.update(std::string_view(data).substr(split));
    EXPECT_EQ(h.finalize(), whole) << "split at " << split;
  }
}

// An empty view carries a null pointer; absorbing it after a partial block must not hand memcpy
// that pointer (undefined behaviour even for 0 bytes: UBSan reports it in CI).
TEST(Keccak256, AnEmptyViewAfterAPartialBlockChangesNothing) {
  Keccak256 h;
  h.update(std::string_view("abc"));
  h.update(ByteView{});
  EXPECT_EQ(h.finalize(), keccak256("abc"));
}

TEST(Keccak256, Erc20TransferSelector) {
  const Hash32 h = keccak256("transfer(address,uint256)");
  EXPECT_EQ(hex::encode(ByteView(h.data(), 4)), "0xa9059cbb");
}

}  // namespace
}  // namespace sr
