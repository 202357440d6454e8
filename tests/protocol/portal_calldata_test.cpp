// Portal and ERC-20 call data: the protocol page's selectors from their signatures, the vectors'
// publishAndFund call data, strict decoders and the EVM transaction JSON form.
#include "protocol/portal_calldata.h"

#include <gtest/gtest.h>

#include "crypto/keccak.h"
#include "protocol/erc20.h"
#include "protocol/evm_transaction.h"
#include "protocol/intent_hash.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using json = nlohmann::ordered_json;
using testing::bytes_of;
using testing::h32;
using testing::parse_error_of;
using testing::vectors;

std::string selector_hex(const Function& f) { return hex::encode(f.selector()); }

TEST(PortalSelectors, MatchTheProtocolPage) {
  EXPECT_EQ(selector_hex(portal::publish_and_fund_function()), "0xdf00f8fa");
  EXPECT_EQ(selector_hex(portal::publish_and_fund_intent_function()), "0xe353b5e6");
  EXPECT_EQ(selector_hex(portal::publish_function()), "0x645c890c");
  EXPECT_EQ(selector_hex(portal::fund_function()), "0x9f24b4dd");
  EXPECT_EQ(selector_hex(portal::fund_for_function()), "0xf16f5138");
  EXPECT_EQ(selector_hex(portal::publish_and_fund_for_function()), "0x55a0bec0");
  EXPECT_EQ(selector_hex(portal::refund_function()), "0x308adade");
  EXPECT_EQ(selector_hex(portal::withdraw_function()), "0xf987b9bc");
  EXPECT_EQ(selector_hex(portal::intent_vault_address_function()), "0x0742ebe4");
  EXPECT_EQ(selector_hex(portal::fulfill_function()), "0x52a8339e");
  EXPECT_EQ(selector_hex(erc20::transfer_function()), "0xa9059cbb");
  EXPECT_EQ(selector_hex(erc20::approve_function()), "0x095ea7b3");
}

TEST(PortalCalldata, PublishAndFundMatchesTheVectorsAndDecodes) {
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const Intent intent = intent_from_json(c["intent"], Vm::evm, Vm::evm);
    const Bytes route = encode_route(intent.route, Vm::evm);
    const Bytes calldata = portal::publish_and_fund(intent.destination, route, intent.reward, false);
    EXPECT_EQ(hex::encode(calldata), c["publishAndFundCalldata"]);
    const portal::PublishAndFund decoded = portal::decode_publish_and_fund(bytes_of(c["publishAndFundCalldata"]));
    EXPECT_EQ(decoded, (portal::PublishAndFund{intent.destination, route, intent.reward, false}));
    EXPECT_EQ(decode_route(decoded.encoded_route, Vm::evm), intent.route);
  }
}

Intent vector_intent(int i) { return intent_from_json(vectors()["intents"][i]["intent"], Vm::evm, Vm::evm); }

TEST(PortalCalldata, OtherFunctionsEncodeTheirArgumentsAfterTheSelector) {
  const Intent intent = vector_intent(1);
  const IntentHashes h = hash_intent(intent, Vm::evm, Vm::evm);
  const Address funder = Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  const Address permit3 = Address::parse("0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34");

  // Each call decodes back, with the generic ABI decoder, to the arguments it was given.
  const auto args_of = [](const Function& f, const Bytes& data) { return f.decode(data); };
  auto a = args_of(portal::fund_function(), portal::fund(10, h.route_hash, intent.reward, true));
  EXPECT_EQ(std::get<Bytes>(a.at(1)), Bytes(h.route_hash.begin(), h.route_hash.end()));
  EXPECT_EQ(std::get<bool>(a.at(3)), true);
  a = args_of(portal::fund_for_function(), portal::fund_for(10, h.route_hash, intent.reward, false, funder, permit3));
  EXPECT_EQ(std::get<Address>(a.at(4)), funder);
  EXPECT_EQ(std::get<Address>(a.at(5)), permit3);
  a = args_of(portal::publish_and_fund_for_function(),
              portal::publish_and_fund_for(10, h.encoded_route, intent.reward, false, funder, permit3));
  EXPECT_EQ(std::get<Bytes>(a.at(1)), h.encoded_route);
  a = args_of(portal::publish_function(), portal::publish(10, h.encoded_route, intent.reward));
  EXPECT_EQ(std::get<U256>(a.at(0)), U256(10));
  a = args_of(portal::refund_function(), portal::refund(10, h.route_hash, intent.reward));
  EXPECT_EQ(a.size(), 3u);
  a = args_of(portal::withdraw_function(), portal::withdraw(10, h.route_hash, intent.reward));
  EXPECT_EQ(a.size(), 3u);
  a = args_of(portal::intent_vault_address_function(), portal::intent_vault_address(10, h.encoded_route, intent.reward));
  EXPECT_EQ(std::get<Bytes>(a.at(1)), h.encoded_route);

  // publish carries exactly publishAndFund's first three arguments.
  const auto full = args_of(portal::publish_and_fund_function(),
                            portal::publish_and_fund(10, h.encoded_route, intent.reward, false));
  EXPECT_EQ(args_of(portal::publish_function(), portal::publish(10, h.encoded_route, intent.reward)),
            std::vector<abi::Value>(full.begin(), full.begin() + 3));

  // fulfill(intentHash, route, rewardHash, claimant): the route argument is the route tuple, so
  // its tail equals encodedRoute without the leading offset word.
  Hash32 claimant{};
  claimant[31] = 7;
  const Bytes f = portal::fulfill(h.intent_hash, intent.route, h.reward_hash, claimant);
  EXPECT_EQ(hex::encode(ByteView(f).first(4)), "0x52a8339e");
  EXPECT_EQ(Bytes(f.begin() + 4 + 4 * 32, f.end()), Bytes(h.encoded_route.begin() + 32, h.encoded_route.end()));
  a = args_of(portal::fulfill_function(), f);
  EXPECT_EQ(std::get<Bytes>(a.at(3)), Bytes(claimant.begin(), claimant.end()));

  // publishAndFund(Intent, bool): one dynamic tuple argument, then the bool.
  const Bytes by_intent = portal::publish_and_fund_intent(intent, true);
  EXPECT_EQ(hex::encode(ByteView(by_intent).first(4)), "0xe353b5e6");
  a = args_of(portal::publish_and_fund_intent_function(), by_intent);
  EXPECT_EQ(std::get<bool>(a.at(1)), true);
}

TEST(PortalCalldata, RewardsMustHoldEvmAddresses) {
  Reward reward = vector_intent(0).reward;
  reward.prover.bytes[0] = 1;
  EXPECT_NE(parse_error_of([&] { portal::publish_and_fund(10, {}, reward, false); }).find("reward prover"),
            std::string::npos);
}

TEST(PortalCalldata, DecoderRejectsMalformedCalldata) {
  const Bytes good = bytes_of(vectors()["intents"][0]["publishAndFundCalldata"]);
  EXPECT_EQ(parse_error_of([&] { portal::decode_publish_and_fund(ByteView(good).first(3)); }),
            "publishAndFund(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool) call data must "
            "start with a 4-byte selector, got 3 bytes");
  Bytes wrong_selector = good;
  wrong_selector[0] = 0xe3;
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(wrong_selector); }).find("selector 0xe300f8fa is not 0xdf00f8fa"),
            std::string::npos);
  Bytes trailing = good;
  trailing.push_back(0);
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(trailing); }).find("arguments: "), std::string::npos);
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(ByteView(good).first(good.size() - 32)); }), "no error");
  Bytes bad_bool = good;
  bad_bool[4 + 3 * 32 + 31] = 2;  // allowPartial = 2
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(bad_bool); }), "no error");
  Bytes big_destination = good;
  big_destination[4 + 23] = 1;  // destination above uint64
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(big_destination); }), "no error");
  Bytes bad_offset = good;
  bad_offset[4 + 32 + 31] = 0x81;  // route offset no longer points at its tail
  EXPECT_NE(parse_error_of([&] { portal::decode_publish_and_fund(bad_offset); }), "no error");
}

TEST(Erc20Calldata, TransferAndApproveMatchTheVectorsCall) {
  const Address token = Address::parse("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85");
  const Address recipient = Address::parse("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  const Call call = erc20::transfer_call(token, recipient, U256(24875000));
  EXPECT_EQ(call, vector_intent(0).route.calls.at(0));
  EXPECT_EQ(erc20::decode_transfer(call.data), (erc20::AmountTo{recipient, U256(24875000)}));

  const Address portal = Address::parse("0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97");
  const Bytes approve = erc20::approve(portal, U256(25000000));
  EXPECT_EQ(hex::encode(approve),
            "0x095ea7b3000000000000000000000000399dbd5df04f83103f77a58cba2b7c4d3cdede97"
            "00000000000000000000000000000000000000000000000000000000017d7840");
  EXPECT_EQ(erc20::decode_approve(approve), (erc20::AmountTo{portal, U256(25000000)}));
  EXPECT_NE(parse_error_of([&] { erc20::decode_approve(call.data); }), "no error");  // a transfer
  Bytes dirty = approve;
  dirty[4] = 1;  // address padding
  EXPECT_NE(parse_error_of([&] { erc20::decode_approve(dirty); }), "no error");
  EXPECT_NE(parse_error_of([&] { erc20::decode_transfer(ByteView(call.data).first(35)); }), "no error");
}

TEST(EvmTransactionJson, RoundTripsAndRejectsMalformedInput) {
  const EvmTransaction tx{8453, Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
                          Address::parse("0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97"), Bytes{0xdf, 0x00}, U256(0)};
  const json j = to_json(tx);
  EXPECT_EQ(j, json::parse(R"({"type":"evm","chainId":8453,"from":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    "to":"0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97","data":"0xdf00","value":"0"})"));
  EXPECT_EQ(evm_transaction_from_json(j), tx);
  json bad = j;
  bad["type"] = "svm";
  EXPECT_EQ(parse_error_of([&] { evm_transaction_from_json(bad); }), "transaction.type must be \"evm\"");
  bad = j;
  bad["nonce"] = 7;
  EXPECT_EQ(parse_error_of([&] { evm_transaction_from_json(bad); }), "transaction has unknown member \"nonce\"");
  // A quote's transactions carry the gas limit to send them with: read, and held to its type.
  json with_gas = j;
  with_gas["gas"] = 600000;
  with_gas["gasEstimated"] = false;
  EXPECT_EQ(evm_transaction_from_json(with_gas), tx);
  bad = with_gas;
  bad["gas"] = "21000";
  EXPECT_EQ(parse_error_of([&] { evm_transaction_from_json(bad); }), "transaction.gas must be a non-negative integer");
  bad = with_gas;
  bad["gasEstimated"] = "no";
  EXPECT_NE(parse_error_of([&] { evm_transaction_from_json(bad); }).find("transaction.gasEstimated"), std::string::npos);
  bad = j;
  bad["value"] = 0;
  EXPECT_EQ(parse_error_of([&] { evm_transaction_from_json(bad); }), "transaction.value must be a decimal string");
  bad = j;
  bad["chainId"] = "8453";
  EXPECT_EQ(parse_error_of([&] { evm_transaction_from_json(bad); }), "transaction.chainId must be a non-negative integer");
  bad = j;
  bad["data"] = "0xdf0";
  EXPECT_NE(parse_error_of([&] { evm_transaction_from_json(bad); }).find("transaction.data: "), std::string::npos);
}

}  // namespace
}  // namespace sr::protocol
