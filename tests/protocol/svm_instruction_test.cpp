#include "protocol/svm_instruction.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/sha256.h"

namespace sr::svm {
namespace {

using json = nlohmann::ordered_json;

TEST(AnchorDiscriminator, FundIsTheFirstEightBytesOfSha256GlobalFund) {
  const auto discriminator = anchor_discriminator("fund");
  // Node's crypto (OpenSSL), an implementation independent of ours:
  // node -e "require('crypto').createHash('sha256').update('global:fund').digest('hex')"
  //   = dabc6fdd9871ae07a9752df3c0c9aa86dde53252bdce77c43f77e62568d82027
  EXPECT_EQ(hex::encode(discriminator, false), "dabc6fdd9871ae07");
  const Hash32 digest = sha256("global:fund");
  EXPECT_TRUE(std::equal(discriminator.begin(), discriminator.end(), digest.begin()));
}

TEST(AnchorDiscriminator, InitializeMatchesAnchorIdls) {
  // [175, 175, 109, 31, 13, 152, 155, 237], the discriminator of `initialize` in Anchor IDLs.
  EXPECT_EQ(hex::encode(anchor_discriminator("initialize"), false), "afaf6d1f0d989bed");
}

// An SPL Token Transfer of 1000000 base units: data = [3] ++ u64 LE amount.
Instruction token_transfer() {
  return Instruction{
      token_program_id(),
      {{Pubkey::parse("3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3"), false, true},
       {Pubkey::parse("4PsGEFn43xc7ztymrt77XfUE4FespyNm6KuYYmsstz5L"), false, true},
       {Pubkey::parse("3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG"), true, false}},
      hex::decode("0x0340420f0000000000")};
}

// base64 of 0340420f0000000000 as Node's Buffer gives it.
const char* kTokenTransferJson = R"({
  "programId": "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "accounts": [
    {"pubkey": "3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3", "isSigner": false, "isWritable": true},
    {"pubkey": "4PsGEFn43xc7ztymrt77XfUE4FespyNm6KuYYmsstz5L", "isSigner": false, "isWritable": true},
    {"pubkey": "3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG", "isSigner": true, "isWritable": false}
  ],
  "data": "A0BCDwAAAAAA"
})";

TEST(SvmInstructionJson, ToJsonUsesWeb3FieldNames) {
  const json produced = token_transfer();
  EXPECT_EQ(produced, json::parse(kTokenTransferJson));
}

TEST(SvmInstructionJson, FromJsonReadsIt) {
  EXPECT_EQ(json::parse(kTokenTransferJson).get<Instruction>(), token_transfer());
}

TEST(SvmInstructionJson, EmptyAccountsAndData) {
  const Instruction bare{system_program_id(), {}, {}};
  const json produced = bare;
  EXPECT_EQ(produced, json::parse(R"({"programId":"11111111111111111111111111111111","accounts":[],"data":""})"));
  EXPECT_EQ(produced.get<Instruction>(), bare);
}

std::string error_for(const std::string& text) {
  try {
    (void)json::parse(text).get<Instruction>();
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SvmInstructionJson, RejectsMalformedInstructions) {
  const std::string key = "\"11111111111111111111111111111111\"";
  const std::string ok_account = R"({"pubkey":)" + key + R"(,"isSigner":true,"isWritable":false})";
  EXPECT_EQ(error_for("[]"), "instruction must be an object");
  EXPECT_EQ(error_for(R"({"accounts":[],"data":""})"), "instruction is missing \"programId\"");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[],"data":"","keys":[]})"),
            "instruction has unknown member \"keys\"");
  EXPECT_EQ(error_for(R"({"programId":5,"accounts":[],"data":""})"), "programId must be a string");
  EXPECT_EQ(error_for(R"({"programId":"0x00","accounts":[],"data":""})"),
            "programId: invalid Solana public key: base58 text has '0' at position 0, which is not in the base58 "
            "alphabet");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":{},"data":""})"), "accounts must be an array");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[)" + ok_account + R"(,"x"],"data":""})"),
            "accounts[1] must be an object");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[{"pubkey":)" + key +
                      R"(,"isSigner":1,"isWritable":false}],"data":""})"),
            "accounts[0].isSigner must be a boolean");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[{"pubkey":)" + key + R"(,"isSigner":true}],"data":""})"),
            "accounts[0] is missing \"isWritable\"");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[{"pubkey":"abc","isSigner":true,"isWritable":true}],"data":""})"),
            "accounts[0].pubkey: invalid Solana public key: base58 text must encode exactly 32 bytes, got 3");  // "abc" = 113019 = 0x01b97b
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[],"data":"A0BCDwAAAAA"})"),
            "data: base64 text length 11 is not a multiple of 4");
  EXPECT_EQ(error_for(R"({"programId":)" + key + R"(,"accounts":[],"data":null})"), "data must be a string");
}

}  // namespace
}  // namespace sr::svm
