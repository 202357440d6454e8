// Vault addresses (EVM CREATE2 from the vectors, Solana PDA) and the Solana Portal's fund
// instruction. Solana values come from derived-vectors.json, computed independently in Node
// (tests/vectors/derived-vectors.gen.mjs: node:crypto sha256, @noble/curves ed25519, ethers keccak256).
#include "protocol/svm_fund.h"

#include <gtest/gtest.h>

#include "crypto/base64.h"
#include "protocol/intent_hash.h"
#include "protocol/svm_transaction.h"
#include "protocol/vault.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using json = nlohmann::ordered_json;
using testing::derived;
using testing::h32;
using testing::parse_error_of;
using testing::vectors;

// The Portal program id of the package of record (@eco-foundation/routes-ts 3.2.20, chain 1399811149).
const svm::Pubkey kMainnetPortal = svm::Pubkey::parse("EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");

// ---- Eco's own golden vectors (eco-routes-svm, programs/portal: the testdata/*.golden files and the
// inputs of the tests that write them). Each input word there is one byte repeated 32 times. ----

std::array<std::uint8_t, 32> repeated(std::uint8_t byte) {
  std::array<std::uint8_t, 32> out;
  out.fill(byte);
  return out;
}
Hash32 repeated_hash(std::uint8_t byte) { return Hash32(repeated(byte)); }

TEST(EcoGolden, RouteHash) {
  Route route;
  route.salt = repeated_hash(1);
  route.deadline = 1700000000;
  route.portal = Account{repeated(2)};
  route.native_amount = U256(10);
  route.tokens = {{Account{repeated(3)}, U256(100)}, {Account{repeated(4)}, U256(200)}};
  route.calls = {{Account{repeated(5)}, Bytes{1, 2, 3}, U256()}, {Account{repeated(6)}, Bytes{4, 5, 6}, U256()}};
  // types/testdata/route_hash_deterministic.golden
  EXPECT_EQ(hex::encode(route_hash(route, Vm::svm)), "0xac2817bf4d751cdffa2bbe3ae9694fc5c2bff81cec8fbed7be486b304ea6e3f7");
}

TEST(EcoGolden, IntentHash) {
  svm_fund::FundArgs args;
  args.destination = 1000;
  args.route_hash = repeated_hash(6);
  args.reward.deadline = 1500000;
  args.reward.creator = Account{repeated(0)};
  args.reward.prover = Account{repeated(7)};
  args.reward.native_amount = U256(250);
  args.reward.tokens = {{Account{repeated(40)}, U256(1000)}, {Account{repeated(50)}, U256(2000)}};
  // types/testdata/intent_hash_deterministic.golden
  EXPECT_EQ(hex::encode(svm_fund::fund_intent_hash(args)),
            "0x2f2bc2bb27ec3321b94711670e4eefae73a81967f7a43560b6475bc701b0ec12");
}

TEST(EcoGolden, VaultPda) {
  // state/testdata/vault_pda_deterministic.golden: the vault of intent_hash(1000, [6; 32], [8; 32])
  // under the program id the repository declares (its newer deployment; the derivation is the same
  // for every program id).
  const svm::Pubkey program = svm::Pubkey::parse("EcooswwC1NggsckZyF5SeAL9WsgJs3UhPbrqY1apV73F");
  const Hash32 intent = intent_hash(1000, repeated_hash(6), repeated_hash(8));
  const auto [vault, bump] = svm_vault_pda(intent, program);
  EXPECT_EQ(hex::encode(vault.bytes), "0x2c0ee1a9390c7c9767ba904dfd75dc4b0e414d0024a6a20a70b54be04f5dc9e9");
  EXPECT_EQ(bump, 255);
}

TEST(Vault, EvmVaultsMatchTheVectors) {
  const Address portal = Address::parse(vectors()["portal"].get<std::string>());
  const Hash32 init_code_hash = h32(vectors()["vaultInitCodeHash"]);
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    EXPECT_EQ(evm_vault_address(portal, h32(c["intentHash"]), init_code_hash).checksummed(), c["vault"]);
  }
}

TEST(Vault, SvmVaultIsThePdaOfVaultAndTheIntentHash) {
  const Hash32 intent = h32(vectors()["intents"][0]["intentHash"]);
  const auto [vault, bump] = svm_vault_pda(intent, kMainnetPortal);
  EXPECT_EQ(vault.to_base58(), derived()["solana"]["vectorIntentVault"]["address"]);
  EXPECT_EQ(bump, derived()["solana"]["vectorIntentVault"]["bump"]);
  EXPECT_EQ(svm_vault_address(intent, kMainnetPortal), vault);
  // Seeds with the bump re-derive the same address.
  const std::string seed = "vault";
  EXPECT_EQ(svm::create_program_address({Bytes(seed.begin(), seed.end()), Bytes(intent.begin(), intent.end()), Bytes{bump}},
                                        kMainnetPortal),
            vault);
}

// A Solana-source intent to Optimism funding 25 USDC (vector 0's route hash).
svm_fund::FundArgs fund_args() {
  svm_fund::FundArgs args;
  args.destination = 10;
  args.route_hash = h32(vectors()["intents"][0]["routeHash"]);
  args.reward.deadline = 1763704800;
  args.reward.creator = Account::parse(Vm::svm, "3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3");
  args.reward.prover = Account::parse(Vm::svm, "EcoHDiDaKXryeHsvRwoJNPEeS56uhmPDd9ksuPyF68ky");
  args.reward.tokens = {{Account::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"), U256(25000000)}};
  return args;
}

const svm_fund::FundSigners kSigners{svm::Pubkey::parse("3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG"),
                                     svm::Pubkey::parse("3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3")};

const json& fund_vector() { return derived()["solana"]["fund"]; }

TEST(SvmFund, DataIsDiscriminatorThenBorshArguments) {
  const Bytes data = svm_fund::fund_data(fund_args());
  EXPECT_EQ(base64::encode(data), fund_vector()["dataBase64"]);
  // Spelled out: discriminator, destination 10 LE, routeHash, reward, allowPartial false.
  EXPECT_EQ(hex::encode(ByteView(data).first(16)), "0xdabc6fdd9871ae070a00000000000000");
  EXPECT_EQ(hex::encode(ByteView(data).subspan(16, 32)), vectors()["intents"][0]["routeHash"]);
  EXPECT_EQ(data.back(), 0);
  EXPECT_EQ(data.size(), 8u + 8 + 32 + (8 + 32 + 32 + 8 + 4 + 40) + 1);
  EXPECT_EQ(hex::encode(svm_fund::fund_intent_hash(fund_args())), fund_vector()["intentHash"]);
}

TEST(SvmFund, InstructionAccountsAreSignersVaultProgramsThenTokenAccounts) {
  const svm::Instruction ix = svm_fund::fund_instruction(fund_args(), kSigners, kMainnetPortal);
  const json& accounts = fund_vector()["accounts"];
  const auto account = [](const json& pubkey, bool is_signer, bool is_writable) {
    return json{{"pubkey", pubkey}, {"isSigner", is_signer}, {"isWritable", is_writable}};
  };
  // Spelled out as the Portal's `Fund` accounts struct declares them: payer and funder sign and
  // are writable, the vault is writable, the four programs are read-only.
  const json expected = {{"programId", "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV"},
                         {"accounts",
                          {account(fund_vector()["payer"], true, true),
                           account(fund_vector()["reward"]["creator"], true, true), account(accounts["vault"], false, true),
                           account("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", false, false),
                           account("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb", false, false),
                           account("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", false, false),
                           account("11111111111111111111111111111111", false, false),
                           account(accounts["funderTokenAccount"], false, true),
                           account(accounts["vaultTokenAccount"], false, true),
                           account(fund_vector()["reward"]["tokens"][0]["token"], false, false)}},
                         {"data", fund_vector()["dataBase64"]}};
  EXPECT_EQ(json(ix), expected);

  const SvmTransaction tx{kSigners.payer, {ix}};
  const json tx_json = to_json(tx);
  EXPECT_EQ(tx_json["type"], "svm");
  EXPECT_EQ(tx_json["feePayer"], "3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG");
  EXPECT_EQ(tx_json["instructions"], json::array({expected}));
  EXPECT_EQ(svm_transaction_from_json(tx_json), tx);
}

TEST(SvmFund, DecoderReturnsTheArgumentsAndSigners) {
  const svm::Instruction ix = svm_fund::fund_instruction(fund_args(), kSigners, kMainnetPortal);
  EXPECT_EQ(svm_fund::decode_fund_instruction(ix, kMainnetPortal), (svm_fund::DecodedFund{fund_args(), kSigners}));
}

TEST(SvmFund, DecoderRejectsMalformedInstructions) {
  const svm::Instruction good = svm_fund::fund_instruction(fund_args(), kSigners, kMainnetPortal);
  const auto error = [](const svm::Instruction& ix) {
    return parse_error_of([&] { svm_fund::decode_fund_instruction(ix, kMainnetPortal); });
  };
  svm::Instruction ix = good;
  ix.program_id = svm::system_program_id();
  EXPECT_EQ(error(ix), "fund instruction program 11111111111111111111111111111111 is not the Portal "
                       "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
  ix = good;
  ix.data[0] ^= 1;
  EXPECT_EQ(error(ix), "fund instruction data does not start with the discriminator 0xdabc6fdd9871ae07");
  ix = good;
  ix.data.push_back(0);
  EXPECT_NE(error(ix).find("fund instruction data: "), std::string::npos);
  ix = good;
  ix.data.back() = 2;  // allowPartial must be 0 or 1
  EXPECT_NE(error(ix).find("fund instruction data: "), std::string::npos);
  ix = good;
  ix.data.resize(20);
  EXPECT_NE(error(ix).find("fund instruction data: "), std::string::npos);
  ix = good;
  ix.accounts.pop_back();
  EXPECT_EQ(error(ix), "fund instruction has 9 accounts, expected 10 for 1 reward tokens");
  ix = good;
  ix.accounts[2].pubkey = kSigners.payer;  // not the vault PDA
  EXPECT_NE(error(ix).find("fund instruction account 2 is 3h1z"), std::string::npos);
  ix = good;
  ix.accounts[1].is_writable = false;  // the funder pays native rewards: the program needs it writable
  EXPECT_EQ(error(ix), "fund instruction account 1 is 3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3 (signer, "
                       "read-only), expected 3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3 (signer, writable)");
  ix = good;
  std::swap(ix.accounts[3], ix.accounts[4]);  // Token and Token-2022 programs swapped
  EXPECT_NE(error(ix).find("fund instruction account 3 is Tokenz"), std::string::npos);
  ix = good;
  ix.accounts[6].pubkey = svm::token_program_id();  // not the System program
  EXPECT_NE(error(ix).find("fund instruction account 6 is Tokenkeg"), std::string::npos);
  ix = good;
  ix.accounts[9].is_writable = true;  // the mint is read-only
  EXPECT_NE(error(ix).find("fund instruction account 9 is"), std::string::npos);
  ix = good;
  std::swap(ix.accounts[7], ix.accounts[8]);  // funder and vault token accounts swapped
  EXPECT_NE(error(ix).find("fund instruction account 7 is"), std::string::npos);
}

TEST(SvmFund, RewardAmountsMustFitU64) {
  svm_fund::FundArgs args = fund_args();
  args.reward.tokens[0].amount = U256::from_decimal("18446744073709551616");
  EXPECT_EQ(parse_error_of([&] { svm_fund::fund_data(args); }),
            "reward.tokens[0].amount 18446744073709551616 does not fit the SVM u64");
}

TEST(SvmTransactionJson, RejectsMalformedInput) {
  const json good = {{"type", "svm"}, {"feePayer", "3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG"}, {"instructions", json::array()}};
  EXPECT_EQ(svm_transaction_from_json(good).instructions.size(), 0u);
  json bad = good;
  bad["type"] = "evm";
  EXPECT_EQ(parse_error_of([&] { svm_transaction_from_json(bad); }), "transaction.type must be \"svm\"");
  bad = good;
  bad["feePayer"] = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  EXPECT_NE(parse_error_of([&] { svm_transaction_from_json(bad); }).find("transaction.feePayer: "), std::string::npos);
  bad = good;
  bad["instructions"] = json::array({json::object()});
  EXPECT_EQ(parse_error_of([&] { svm_transaction_from_json(bad); }),
            "transaction.instructions[0]: instruction is missing \"programId\"");
  bad = good;
  bad["recentBlockhash"] = "x";
  EXPECT_EQ(parse_error_of([&] { svm_transaction_from_json(bad); }), "transaction has unknown member \"recentBlockhash\"");
}

}  // namespace
}  // namespace sr::protocol
