#include "protocol/borsh.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"

namespace sr::borsh {
namespace {

// Reads one value with `read` from hand-written hex input.
template <class Read>
auto read_hex(std::string_view text, Read read) {
  const Bytes input = hex::decode(text, hex::Prefix::forbidden);
  Reader r(input);
  return read(r);
}

std::string hex_of(const Writer& w) { return hex::encode(w.data(), false); }
Bytes from_hex(std::string_view text) { return hex::decode(text, hex::Prefix::forbidden); }

// Expected bytes below are worked out by hand from the Borsh specification.
TEST(BorshWriter, IntegersAreLittleEndianAndFixedWidth) {
  EXPECT_EQ(hex_of(Writer().u8(0x7f)), "7f");
  EXPECT_EQ(hex_of(Writer().u32(0x01020304)), "04030201");
  EXPECT_EQ(hex_of(Writer().u32(0)), "00000000");
  EXPECT_EQ(hex_of(Writer().u64(1)), "0100000000000000");
  EXPECT_EQ(hex_of(Writer().u64(0x0102030405060708ULL)), "0807060504030201");
  EXPECT_EQ(hex_of(Writer().u64(~0ULL)), "ffffffffffffffff");
  EXPECT_EQ(hex_of(Writer().u64(1700000000)), "00f1536500000000");  // 1700000000 = 0x6553f100
}

TEST(BorshWriter, U128) {
  EXPECT_EQ(hex_of(Writer().u128(U256::from_limbs({2, 1, 0, 0}))), "02000000000000000100000000000000");
  EXPECT_EQ(hex_of(Writer().u128(U256::from_decimal("1000000"))), "40420f00000000000000000000000000");
  const U256 max128 = U256::from_limbs({~0ULL, ~0ULL, 0, 0});
  EXPECT_EQ(hex_of(Writer().u128(max128)), std::string(32, 'f'));
  EXPECT_THROW(Writer().u128(U256::from_limbs({0, 0, 1, 0})), std::overflow_error);
}

TEST(BorshWriter, BoolFixedBytesAndVec) {
  EXPECT_EQ(hex_of(Writer().boolean(true).boolean(false)), "0100");
  EXPECT_EQ(hex_of(Writer().fixed(from_hex("aabbcc"))), "aabbcc");
  EXPECT_EQ(hex_of(Writer().bytes(as_bytes("abc"))), "03000000616263");
  EXPECT_EQ(hex_of(Writer().bytes({})), "00000000");
  const std::vector<std::uint64_t> amounts = {1, 2};
  EXPECT_EQ(hex_of(Writer().vec(amounts, [](Writer& w, std::uint64_t a) { w.u64(a); })),
            "02000000"
            "0100000000000000"
            "0200000000000000");
  EXPECT_EQ(hex_of(Writer().vec(std::vector<std::uint64_t>{}, [](Writer& w, std::uint64_t a) { w.u64(a); })),
            "00000000");
}

TEST(BorshWriter, StructOfTokenAmounts) {
  // { deadline: u64 = 1700000000, token: [u8; 32] = 0x11.., tokens: Vec<{[u8;32], u64}> = [{0x22.., 5}] }
  const Bytes token1(32, 0x11), token2(32, 0x22);
  Writer w;
  w.u64(1700000000).fixed(token1).vec_length(1).fixed(token2).u64(5);
  EXPECT_EQ(hex_of(w), "00f1536500000000" + std::string(64, '1') + "01000000" + std::string(64, '2') +
                           "0500000000000000");
}

TEST(BorshReader, ReadsWhatTheWriterWrote) {
  Writer w;
  w.u8(9).u32(0xdeadbeef).u64(1700000000).u128(U256::from_decimal("340282366920938463463374607431768211455"));
  w.boolean(true).fixed(Bytes(32, 0xab)).bytes(as_bytes("hello"));
  w.vec(std::vector<std::uint64_t>{7, 8, 9}, [](Writer& out, std::uint64_t v) { out.u64(v); });
  const Bytes encoded = w.take();

  Reader r(encoded);
  EXPECT_EQ(r.u8(), 9);
  EXPECT_EQ(r.u32(), 0xdeadbeefu);
  EXPECT_EQ(r.u64(), 1700000000u);
  EXPECT_EQ(r.u128().to_decimal(), "340282366920938463463374607431768211455");
  EXPECT_TRUE(r.boolean());
  EXPECT_EQ(r.fixed<32>(), (std::array<std::uint8_t, 32>{0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab,
                                                         0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab,
                                                         0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab,
                                                         0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab}));
  EXPECT_EQ(r.bytes(), Bytes({'h', 'e', 'l', 'l', 'o'}));
  EXPECT_EQ(r.vec(8, [](Reader& in) { return in.u64(); }), (std::vector<std::uint64_t>{7, 8, 9}));
  EXPECT_EQ(r.remaining(), 0u);
  EXPECT_NO_THROW(r.expect_end());
}

TEST(BorshReader, ReadsHandWrittenBytes) {
  const Bytes input = from_hex("0807060504030201" "00" "02000000" "0a0b");
  Reader r(input);
  EXPECT_EQ(r.u64(), 0x0102030405060708ULL);
  EXPECT_FALSE(r.boolean());
  EXPECT_EQ(r.bytes(), from_hex("0a0b"));
  r.expect_end();
}

TEST(BorshReader, ShortInputIsAParseError) {
  const Bytes three = from_hex("010203");
  EXPECT_THROW(Reader(three).u32(), ParseError);
  EXPECT_THROW(Reader(three).u64(), ParseError);
  EXPECT_THROW(Reader(three).u128(), ParseError);
  EXPECT_THROW(Reader(three).fixed<4>(), ParseError);
  const Bytes empty;
  EXPECT_THROW(Reader(empty).u8(), ParseError);
  EXPECT_THROW(Reader(empty).boolean(), ParseError);
  try {
    Reader r(three);
    r.u8();
    r.u64();
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "borsh: u64 at offset 1 needs 8 bytes, only 2 remain");
  }
}

TEST(BorshReader, BytesLongerThanTheInputIsAParseError) {
  EXPECT_THROW(read_hex("05000000aabbcc", [](Reader& r) { return r.bytes(); }), ParseError);
  EXPECT_THROW(read_hex("ffffffff", [](Reader& r) { return r.bytes(); }), ParseError);
  EXPECT_THROW(read_hex("050000", [](Reader& r) { return r.bytes(); }), ParseError);  // the length itself is cut short
}

TEST(BorshReader, ForgedVecCountIsRejectedBeforeAnyItemIsRead) {
  // 1000 items of at least 8 bytes cannot come from 16 bytes.
  const Bytes input = from_hex("e8030000" + std::string(32, '0'));
  Reader r(input);
  try {
    r.vec(8, [](Reader& in) { return in.u64(); });
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "borsh: length 1000 at offset 0 is more than the 16 remaining bytes can hold");
  }
  EXPECT_THROW(read_hex("ffffffff", [](Reader& r) { return r.vec_length(1); }), ParseError);
  EXPECT_THROW(read_hex("00000000", [](Reader& r) { return r.vec_length(0); }), std::logic_error);
  EXPECT_EQ(read_hex("02000000aabb", [](Reader& r) { return r.vec_length(1); }), 2u);
}

TEST(BorshReader, BoolMustBeZeroOrOne) {
  try {
    const Bytes input = from_hex("0002");
    Reader r(input);
    r.boolean();
    r.boolean();
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "borsh: bool at offset 1 is 2, must be 0 or 1");
  }
  EXPECT_THROW(read_hex("ff", [](Reader& r) { return r.boolean(); }), ParseError);
}

TEST(BorshReader, TrailingBytesAreAParseError) {
  const Bytes input = from_hex("0100000000000000ff");
  Reader r(input);
  EXPECT_EQ(r.u64(), 1u);
  try {
    r.expect_end();
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "borsh: 1 trailing bytes after offset 8");
  }
}

}  // namespace
}  // namespace sr::borsh
