#include "service/common/chain_address.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "service/common/field_values.h"

namespace sr::service {
namespace {

TEST(ServiceChainAddress, ParsesPerVmAndPrintsCanonically) {
  const auto evm = ChainAddress::parse(Vm::evm, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
  EXPECT_EQ(evm.vm(), Vm::evm);
  EXPECT_EQ(evm.text(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  const auto svm = ChainAddress::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(svm.vm(), Vm::svm);
  EXPECT_EQ(svm.text(), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_THROW(ChainAddress::parse(Vm::svm, evm.text()), ParseError);
  EXPECT_THROW(ChainAddress::parse(Vm::evm, svm.text()), ParseError);
  EXPECT_THROW(evm.svm(), std::logic_error);
  EXPECT_THROW(svm.evm(), std::logic_error);
}

TEST(ServiceChainAddress, AccountWordLeftPadsEvmAddresses) {
  const auto evm = ChainAddress::parse(Vm::evm, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  EXPECT_EQ(hex::encode(evm.account().bytes), "0x000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913");
  const auto svm = ChainAddress::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  EXPECT_EQ(svm.account().bytes, svm.svm().bytes);
}

TEST(ServiceChainAddress, ZeroAndSomeVm) {
  EXPECT_TRUE(ChainAddress::parse(Vm::evm, "0x0000000000000000000000000000000000000000").is_zero());
  EXPECT_TRUE(ChainAddress::parse(Vm::svm, "11111111111111111111111111111111").is_zero());
  EXPECT_FALSE(ChainAddress::parse(Vm::evm, "0x0000000000000000000000000000000000000001").is_zero());
  EXPECT_TRUE(ChainAddress::parses_on_some_vm("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"));
  EXPECT_TRUE(ChainAddress::parses_on_some_vm("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"));
  EXPECT_FALSE(ChainAddress::parses_on_some_vm("0x833589fcd6edb6e08f4c7c32d4f71b54bda0291"));
  EXPECT_FALSE(ChainAddress::parses_on_some_vm(""));
}

TEST(ServiceChainAddress, OrderingAndEqualityIgnoreInputCase) {
  EXPECT_EQ(ChainAddress::parse(Vm::evm, "0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48"),
            ChainAddress::parse(Vm::evm, "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"));
  EXPECT_LT(ChainAddress::parse(Vm::evm, "0x0000000000000000000000000000000000000001"),
            ChainAddress::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"));
}

TEST(ServiceFieldValues, MillionthsPrintAsShortestDecimals) {
  EXPECT_EQ(millionths_to_decimal(5000), "0.005");
  EXPECT_EQ(millionths_to_decimal(100), "0.0001");
  EXPECT_EQ(millionths_to_decimal(1000000), "1");
  EXPECT_EQ(millionths_to_decimal(123456), "0.123456");
  EXPECT_EQ(millionths_to_decimal(1500000), "1.5");
  EXPECT_EQ(millionths_to_decimal(0), "0");
}

}  // namespace
}  // namespace sr::service
