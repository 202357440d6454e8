#include "protocol/svm_address.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "crypto/hex.h"

namespace sr::svm {
namespace {

Bytes seed(std::string_view text) { return Bytes(text.begin(), text.end()); }
Bytes seed(const Pubkey& key) { return Bytes(key.bytes.begin(), key.bytes.end()); }
Pubkey key(std::string_view base58_text) { return Pubkey::parse(base58_text); }

TEST(SvmPubkey, ParsesAndFormatsBase58) {
  const Pubkey usdc = key("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(hex::encode(usdc.bytes, false), "c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61");
  EXPECT_EQ(usdc.to_base58(), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(Pubkey{}.to_base58(), "11111111111111111111111111111111");
}

TEST(SvmPubkey, RejectsMalformedText) {
  for (const char* bad : {"", "1", "0x06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9",
                          "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGG", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv",
                          "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10", " EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"}) {
    EXPECT_THROW(Pubkey::parse(bad), ParseError) << bad;
  }
  try {
    Pubkey::parse("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtIv");
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(),
                 "invalid Solana public key: base58 text has 'I' at position 42, which is not in the base58 alphabet");
  }
}

TEST(SvmPubkey, WellKnownProgramIds) {
  // Bytes as ethers v6 decodeBase58 gives them.
  EXPECT_EQ(system_program_id(), Pubkey{});
  EXPECT_EQ(hex::encode(token_program_id().bytes, false),
            "06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9");
  EXPECT_EQ(hex::encode(associated_token_program_id().bytes, false),
            "8c97258f4e2489f1bb3d1029148e0d830b5a1399daff1084048e7bd8dbe9f859");
  EXPECT_EQ(token_2022_program_id().to_base58(), "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
  // Ordered by bytes: 00.. < 06dd.. < 8c97..
  EXPECT_LT(system_program_id(), token_program_id());
  EXPECT_LT(token_program_id(), associated_token_program_id());
  EXPECT_FALSE(associated_token_program_id() < token_program_id());
}

// Vectors from the Solana SDK's own test_create_program_address (also in @solana/web3.js).
TEST(SvmProgramAddress, CreateMatchesSolanaSdkVectors) {
  const Pubkey program = key("BPFLoader1111111111111111111111111111111111");
  const Pubkey seed_key = key("SeedPubey1111111111111111111111111111111111");
  EXPECT_EQ(create_program_address({seed(""), Bytes{1}}, program),
            key("3gF2KMe9KiC6FNVBmfg9i267aMPvK37FewCip4eGBFcT"));
  EXPECT_EQ(create_program_address({seed("\xe2\x98\x89")}, program),  // "☉" in UTF-8
            key("7ytmC1nT1xY4RfxCV2ZgyA7UakC93do5ZdyhdF3EtPj7"));
  EXPECT_EQ(create_program_address({seed("Talking"), seed("Squirrels")}, program),
            key("HwRVBufQ4haG5XSgpspwKtNd3PC9GM9m1196uJW36vds"));
  EXPECT_EQ(create_program_address({seed(seed_key)}, program), key("GUs5qLUfsEHkcMB9T38vjr18ypEhRuNWiePW2LoK4E3K"));
  EXPECT_NE(create_program_address({seed("Talking"), seed("Squirrels")}, program),
            create_program_address({seed("Talking")}, program));
}

TEST(SvmProgramAddress, SeedLimits) {
  const Pubkey program = key("BPFLoader1111111111111111111111111111111111");
  EXPECT_THROW(create_program_address({Bytes(33, 127)}, program), ParseError);
  EXPECT_THROW(create_program_address({seed("short_seed"), Bytes(33, 127)}, program), ParseError);
  EXPECT_TRUE(create_program_address({Bytes(32, 0)}, program).has_value());  // the SDK asserts is_ok

  EXPECT_NO_THROW(create_program_address(std::vector<Bytes>(16), program));
  EXPECT_THROW(create_program_address(std::vector<Bytes>(17), program), ParseError);
  // find_program_address appends the bump, so it takes one seed fewer.
  const auto [address, bump] = find_program_address(std::vector<Bytes>(15), program);
  std::vector<Bytes> with_bump(15);
  with_bump.push_back({bump});
  EXPECT_EQ(create_program_address(with_bump, program), address);
  EXPECT_THROW(find_program_address(std::vector<Bytes>(16), program), ParseError);
  EXPECT_THROW(find_program_address({Bytes(33, 0)}, program), ParseError);
  try {
    create_program_address({seed("ok"), Bytes(40, 1)}, program);
    FAIL() << "no exception";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "program address seed 1 is 40 bytes, at most 32 allowed");
  }
}

TEST(SvmProgramAddress, FindMatchesSoldersDocumentation) {
  // solders' "Pubkeys" tutorial: find_program_address([b"test"], G1DC...) gives bump 253, so the
  // candidates for bumps 255 and 254 must be on the curve.
  const Pubkey program = key("G1DCNUQTSGHehwdLCAmRyAG8hf51eCHrLNUqkgGKYASj");
  const auto [address, bump] = find_program_address({seed("test")}, program);
  EXPECT_EQ(address, key("AfEjen5hHkTkEqy2yfyPhDQWq7dc7zbWU2aJmB3h8brU"));
  EXPECT_EQ(bump, 253);
  EXPECT_FALSE(create_program_address({seed("test"), Bytes{255}}, program).has_value());
  EXPECT_FALSE(create_program_address({seed("test"), Bytes{254}}, program).has_value());
  EXPECT_EQ(create_program_address({seed("test"), Bytes{253}}, program), address);
}

TEST(SvmProgramAddress, FindMatchesPublishedClientLibraryVectors) {
  // From the sava Java Solana SDK's PublicKey tests.
  EXPECT_EQ(find_program_address({seed(key("8VBafTNv1F8k5Bg7DTVwhitw3MGAMTmekHsgLuMJxLC8"))},
                                 key("6Cust2JhvweKLh4CVo1dt21s2PJ86uNGkziudpkNPaCj"))
                .first,
            key("FGnnqkzkXUGKD7wtgJCqTemU3WZ6yYqkYJ8xoQoXVvUG"));
  const auto [address, bump] = find_program_address(
      {seed(key("SeedPubey1111111111111111111111111111111111")), seed(key("3gF2KMe9KiC6FNVBmfg9i267aMPvK37FewCip4eGBFcT")),
       seed(key("HwRVBufQ4haG5XSgpspwKtNd3PC9GM9m1196uJW36vds"))},
      key("BPFLoader1111111111111111111111111111111111"));
  EXPECT_EQ(address, key("GXLbx3CbJuTTtJDZeS1PGzwJJ5jGYVEqcXum7472kpUp"));
  EXPECT_EQ(bump, 254);
}

TEST(SvmAssociatedTokenAddress, MatchesPublishedExamples) {
  // From the Solana.Swift (metaplex-foundation) associated token program tests.
  EXPECT_EQ(associated_token_address(key("3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG"),
                                     key("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")),
            key("3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3"));
  EXPECT_EQ(associated_token_address(key("5Zzguz4NsSRFxGkHfM4FmsFpGZiCDtY72zH2jzMcqkJx"),
                                     key("6AUM4fSvCAxCugrbJPFxTqYFp9r3axYx973yoSyzDYVH")),
            key("4PsGEFn43xc7ztymrt77XfUE4FespyNm6KuYYmsstz5L"));
}

TEST(SvmAssociatedTokenAddress, TokenProgramIsPartOfTheDerivation) {
  const Pubkey wallet = key("3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG");
  const Pubkey mint = key("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  const Pubkey classic = associated_token_address(wallet, mint);
  EXPECT_EQ(associated_token_address(wallet, mint, token_program_id()), classic);
  EXPECT_NE(associated_token_address(wallet, mint, token_2022_program_id()), classic);
  EXPECT_EQ(associated_token_address(wallet, mint, token_2022_program_id()),
            find_program_address({seed(wallet), seed(token_2022_program_id()), seed(mint)},
                                 associated_token_program_id())
                .first);
}

}  // namespace
}  // namespace sr::svm
