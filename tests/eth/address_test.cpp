#include "eth/address.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/keccak.h"

namespace sr {
namespace {

// The test cases listed in EIP-55.
TEST(Address, Eip55Examples) {
  for (const char* text : {
           "0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
           "0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26",
           "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
           "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"}) {
    const Address a = Address::parse(text);
    EXPECT_EQ(a.checksummed(), text);
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(a.lower_hex(), lower);
    EXPECT_EQ(Address::parse(lower), a);
  }
}

TEST(Address, AllUpperAndAllLowerAcceptedWithoutChecksum) {
  const Address a = Address::parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");
  EXPECT_EQ(Address::parse("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED"), a);
  EXPECT_EQ(a.checksummed(), "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
}

TEST(Address, RejectsBadChecksum) {
  // One letter's case flipped from the EIP-55 form.
  try {
    Address::parse("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD");
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "address checksum does not match EIP-55");
  }
  EXPECT_THROW(Address::parse("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"), ParseError);
}

TEST(Address, RejectsMalformed) {
  for (const char* bad : {"", "0x", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
                          "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",       // uppercase prefix
                          "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",        // 39 digits
                          "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00",     // 42 digits
                          "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg",       // not hex
                          " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
                          "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe "}) {
    EXPECT_THROW(Address::parse(bad), ParseError) << bad;
  }
  const Bytes nineteen(19, 0);
  EXPECT_THROW(Address::from_bytes(nineteen), ParseError);
}

TEST(Address, ZeroAndOrdering) {
  EXPECT_TRUE(Address{}.is_zero());
  const Address one = Address::parse("0x0000000000000000000000000000000000000001");
  EXPECT_FALSE(one.is_zero());
  EXPECT_LT(Address{}, one);
  EXPECT_EQ(Address{}.checksummed(), "0x0000000000000000000000000000000000000000");
}

TEST(Address, FromPublicKey) {
  // Public key of secret key 1 (the generator G); its address is well known.
  const Bytes g = hex::decode(
      "0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
      "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
  std::array<std::uint8_t, 64> xy;
  std::copy(g.begin(), g.end(), xy.begin());
  EXPECT_EQ(Address::from_public_key(xy).checksummed(), "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
}

// All examples of EIP-1014.
TEST(Address, Create2Eip1014Examples) {
  struct Case {
    const char* deployer;
    const char* salt;
    const char* init_code;
    const char* expected;
  };
  const Case cases[] = {
      {"0x0000000000000000000000000000000000000000",
       "0x0000000000000000000000000000000000000000000000000000000000000000", "0x00",
       "0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38"},
      {"0xdeadbeef00000000000000000000000000000000",
       "0x0000000000000000000000000000000000000000000000000000000000000000", "0x00",
       "0xB928f69Bb1D91Cd65274e3c79d8986362984fDA3"},
      {"0xdeadbeef00000000000000000000000000000000",
       "0x000000000000000000000000feed000000000000000000000000000000000000", "0x00",
       "0xD04116cDd17beBE565EB2422F2497E06cC1C9833"},
      {"0x0000000000000000000000000000000000000000",
       "0x0000000000000000000000000000000000000000000000000000000000000000", "0xdeadbeef",
       "0x70f2b2914A2a4b783FaEFb75f459A580616Fcb5e"},
      {"0x00000000000000000000000000000000deadbeef",
       "0x00000000000000000000000000000000000000000000000000000000cafebabe", "0xdeadbeef",
       "0x60f3f640a8508fC6a86d45DF051962668E1e8AC7"},
      {"0x00000000000000000000000000000000deadbeef",
       "0x00000000000000000000000000000000000000000000000000000000cafebabe",
       "0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef",
       "0x1d8bfDC5D46DC4f61D6b6115972536eBE6A8854C"},
      {"0x0000000000000000000000000000000000000000",
       "0x0000000000000000000000000000000000000000000000000000000000000000", "0x",
       "0xE33C0C7F7df4809055C3ebA6c09CFe4BaF1BD9e0"},
  };
  for (const Case& c : cases) {
    const Address got = create2_address(Address::parse(c.deployer), hex::decode32(c.salt),
                                        keccak256(hex::decode(c.init_code)));
    EXPECT_EQ(got.checksummed(), c.expected) << c.init_code;
  }
}

TEST(Address, HashDistinguishesAddresses) {
  const std::hash<Address> h;
  EXPECT_NE(h(Address::parse("0x0000000000000000000000000000000000000001")),
            h(Address::parse("0x0000000000000000000000000000000000000002")));
}

}  // namespace
}  // namespace sr
