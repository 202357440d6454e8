// Cross-VM account words and the Vm names.
#include "protocol/account.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using testing::parse_error_of;

TEST(Vm, NamesRoundTripAndNothingElseParses) {
  EXPECT_EQ(vm_name(Vm::evm), "evm");
  EXPECT_EQ(vm_name(Vm::svm), "svm");
  EXPECT_EQ(parse_vm("evm"), Vm::evm);
  EXPECT_EQ(parse_vm("svm"), Vm::svm);
  EXPECT_EQ(parse_vm("EVM"), std::nullopt);
  EXPECT_EQ(parse_vm(""), std::nullopt);
  EXPECT_EQ(parse_vm("tvm"), std::nullopt);
}

TEST(Account, EvmAddressIsLeftPaddedWithTwelveZeroBytes) {
  const Account a = Account::parse(Vm::evm, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  EXPECT_EQ(hex::encode(a.bytes), "0x000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913");
  EXPECT_TRUE(a.is_evm_address());
  EXPECT_EQ(a.to_evm(), Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"));
  EXPECT_EQ(a.to_string(Vm::evm), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  // The same word read as a Solana key.
  EXPECT_EQ(Account::parse(Vm::svm, a.to_string(Vm::svm)), a);
}

TEST(Account, SvmPubkeyIsTheWordAsItIs) {
  const Account a = Account::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(a.to_svm(), svm::Pubkey::parse("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"));
  EXPECT_EQ(a.to_string(Vm::svm), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(Account::from_svm(a.to_svm()), a);
  EXPECT_FALSE(a.is_evm_address());
  EXPECT_EQ(parse_error_of([&] { a.to_evm(); }),
            "account EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v is not an EVM address (its top 12 bytes are not zero)");
  EXPECT_THROW(a.to_string(Vm::evm), ParseError);
}

TEST(Account, ParseRejectsTheOtherVmsForm) {
  EXPECT_THROW(Account::parse(Vm::evm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"), ParseError);
  EXPECT_THROW(Account::parse(Vm::svm, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"), ParseError);
  EXPECT_THROW(Account::parse(Vm::evm, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02912"), ParseError);  // checksum
  EXPECT_THROW(Account::parse(Vm::svm, ""), ParseError);
}

}  // namespace
}  // namespace sr::protocol
