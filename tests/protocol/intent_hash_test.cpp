// Intent model, JSON form, encodings and hashes against protocol-vectors.json and hand-computed
// Borsh bytes.
#include "protocol/intent_hash.h"

#include <gtest/gtest.h>

#include "crypto/keccak.h"
#include "protocol/intent.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using json = nlohmann::ordered_json;
using testing::bytes_of;
using testing::h32;
using testing::parse_error_of;
using testing::vectors;

TEST(IntentVectors, EveryCaseEncodesAndHashesAsEthers) {
  ASSERT_EQ(vectors()["intents"].size(), 3u);
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const Intent intent = intent_from_json(c["intent"], Vm::evm, Vm::evm);
    const IntentHashes h = hash_intent(intent, Vm::evm, Vm::evm);
    EXPECT_EQ(hex::encode(h.encoded_route), c["encodedRoute"]);
    EXPECT_EQ(h.route_hash, h32(c["routeHash"]));
    EXPECT_EQ(hex::encode(encode_reward(intent.reward, Vm::evm)), c["rewardEncoded"]);
    EXPECT_EQ(h.reward_hash, h32(c["rewardHash"]));
    EXPECT_EQ(h.intent_hash, h32(c["intentHash"]));
    EXPECT_EQ(route_hash(intent.route, Vm::evm), h.route_hash);
    EXPECT_EQ(intent_hash(intent.destination, h.route_hash, h.reward_hash), h.intent_hash);
  }
}

TEST(IntentVectors, DecodesEncodedRouteAndRewardBackToTheIntent) {
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const Intent intent = intent_from_json(c["intent"], Vm::evm, Vm::evm);
    EXPECT_EQ(decode_route(bytes_of(c["encodedRoute"]), Vm::evm), intent.route);
    EXPECT_EQ(decode_reward(bytes_of(c["rewardEncoded"]), Vm::evm), intent.reward);
  }
}

TEST(IntentJson, RoundTripsTheVectorsExactly) {
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    EXPECT_EQ(intent_to_json(intent_from_json(c["intent"], Vm::evm, Vm::evm), Vm::evm, Vm::evm), c["intent"]);
  }
}

TEST(IntentJson, LargeDeadlinesAreDecimalStringsAndSmallOnesNumbers) {
  const json& big = vectors()["intents"][2]["intent"];
  const Intent intent = intent_from_json(big, Vm::evm, Vm::evm);
  EXPECT_EQ(intent.route.deadline, 18446744073709551615ull);
  Intent small = intent;
  small.route.deadline = (1ull << 53) - 1;
  small.reward.deadline = 1ull << 53;
  const json out = intent_to_json(small, Vm::evm, Vm::evm);
  EXPECT_EQ(out["route"]["deadline"], json(9007199254740991ull));
  EXPECT_EQ(out["reward"]["deadline"], json("9007199254740992"));
  // A JSON integer is read whatever its size.
  json as_number = big;
  as_number["route"]["deadline"] = 18446744073709551615ull;
  EXPECT_EQ(intent_from_json(as_number, Vm::evm, Vm::evm), intent);
}

json first_intent() { return vectors()["intents"][0]["intent"]; }

std::string error_for(const json& j, Vm src = Vm::evm, Vm dst = Vm::evm) {
  return parse_error_of([&] { intent_from_json(j, src, dst); });
}

TEST(IntentJson, RejectsMalformedIntentsNamingThePath) {
  json j = first_intent();
  j["source"] = 1;
  EXPECT_EQ(error_for(j), "intent has unknown member \"source\"");
  j = first_intent();
  j.erase("reward");
  EXPECT_EQ(error_for(j), "intent is missing \"reward\"");
  j = first_intent();
  j["destination"] = "10";
  EXPECT_EQ(error_for(j), "intent.destination must be a non-negative integer");
  j = first_intent();
  j["destination"] = -1;
  EXPECT_EQ(error_for(j), "intent.destination must be a non-negative integer");
  j = first_intent();
  j["route"]["deadline"] = 1.5;
  EXPECT_EQ(error_for(j), "intent.route.deadline must be a non-negative integer or a decimal string");
  j = first_intent();
  j["route"]["deadline"] = "18446744073709551616";
  EXPECT_EQ(error_for(j), "intent.route.deadline must be below 2^64");
  j = first_intent();
  j["route"]["salt"] = "0x01";
  EXPECT_NE(error_for(j).find("intent.route.salt: "), std::string::npos);
  j = first_intent();
  j["route"]["tokens"][0]["amount"] = 24875000;
  EXPECT_EQ(error_for(j), "intent.route.tokens[0].amount must be a decimal string");
  j = first_intent();
  j["route"]["tokens"][0]["amount"] = "024875000";
  EXPECT_NE(error_for(j).find("intent.route.tokens[0].amount: "), std::string::npos);
  j = first_intent();
  j["route"]["calls"][0]["data"] = "a9059cbb";
  EXPECT_NE(error_for(j).find("intent.route.calls[0].data: "), std::string::npos);
  j = first_intent();
  j["route"]["calls"][0].erase("value");
  EXPECT_EQ(error_for(j), "intent.route.calls[0] is missing \"value\"");
  j = first_intent();
  j["route"]["calls"] = json::object();
  EXPECT_EQ(error_for(j), "intent.route.calls must be an array");
  j = first_intent();
  j["reward"]["creator"] = "0x70997970c51812dc3A010C7d01b50e0d17dc79C8";  // broken checksum
  EXPECT_EQ(error_for(j), "intent.reward.creator: address checksum does not match EIP-55");
  j = first_intent();
  j["reward"]["tokens"][0]["token"] = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  EXPECT_NE(error_for(j).find("intent.reward.tokens[0].token: "), std::string::npos);
  // The same base58 address is right once the source is Solana.
  EXPECT_NE(error_for(j, Vm::svm, Vm::evm).find("intent.reward.creator: "), std::string::npos);
}

// --- SVM (Borsh) encodings, expected bytes written out by hand from the page's layout. ---

Account word(std::uint8_t fill) {
  Account a;
  a.bytes.fill(fill);
  return a;
}

std::string rep(const std::string& byte_hex, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += byte_hex;
  return out;
}

TEST(IntentModel, RepeatedTokenNamesTheFirstEntryThatRepeatsAnEarlierToken) {
  const Account usdc = Account::parse(Vm::evm, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  const Account usdt = Account::parse(Vm::evm, "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2");
  const Account dai = Account::parse(Vm::evm, "0x50c5725949a6f0c72e6c4a641f24049a917db0cb");
  EXPECT_EQ(repeated_token({}), std::nullopt);
  EXPECT_EQ(repeated_token({{usdc, U256(1)}}), std::nullopt);
  EXPECT_EQ(repeated_token({{usdc, U256(1)}, {usdt, U256(1)}, {dai, U256(1)}}), std::nullopt);
  // The amounts do not matter: the vault holds one balance per token.
  EXPECT_EQ(repeated_token({{usdc, U256(12'500'000)}, {usdc, U256(12'500'000)}}), 1u);
  EXPECT_EQ(repeated_token({{usdc, U256(1)}, {usdt, U256(2)}, {dai, U256(3)}, {usdt, U256(4)}}), 3u);
  EXPECT_EQ(repeated_token({{usdc, U256(1)}, {usdt, U256(2)}, {usdt, U256(3)}, {usdc, U256(4)}}), 2u);
}

TEST(IntentBorsh, EvmToSvmRouteMatchesHandComputedBytes) {
  Route route;
  route.salt.fill(0x01);
  route.deadline = 0x0102030405060708;
  route.portal = word(0xaa);
  route.native_amount = 0;
  route.tokens = {{word(0xbb), U256(1000000)}};
  route.calls = {{word(0xcc), Bytes{0xde, 0xad}, U256(0)}};
  const std::string expected = "0x" + rep("01", 32) + "0807060504030201" + rep("aa", 32) + "0000000000000000" +
                               "01000000" + rep("bb", 32) + "40420f0000000000" +  // 1000000 = 0x0f4240
                               "01000000" + rep("cc", 32) + "02000000" + "dead";
  EXPECT_EQ(hex::encode(encode_route(route, Vm::svm)), expected);
  EXPECT_EQ(decode_route(encode_route(route, Vm::svm), Vm::svm), route);
  EXPECT_EQ(route_hash(route, Vm::svm), keccak256(ByteView(hex::decode(expected))));
}

TEST(IntentBorsh, SvmToEvmRewardMatchesHandComputedBytes) {
  Reward reward;
  reward.deadline = 1763704800;  // 0x691fffe0
  reward.creator = word(0x11);
  reward.prover = word(0x22);
  reward.native_amount = 5;
  reward.tokens = {{word(0x33), U256(25000000)}, {word(0x44), U256(7)}};  // 25000000 = 0x017d7840
  const std::string expected = "0x" + std::string("e0ff1f6900000000") + rep("11", 32) + rep("22", 32) +
                               "0500000000000000" + "02000000" + rep("33", 32) + "40787d0100000000" + rep("44", 32) +
                               "0700000000000000";
  EXPECT_EQ(hex::encode(encode_reward(reward, Vm::svm)), expected);
  EXPECT_EQ(decode_reward(hex::decode(expected), Vm::svm), reward);
}

TEST(IntentBorsh, IntentHashCombinesAcrossVmsWithEncodePacked) {
  // EVM -> SVM: the route in Borsh, the reward in ABI; the combination is always 72 packed bytes.
  Intent intent = intent_from_json(first_intent(), Vm::evm, Vm::evm);
  intent.destination = 1399811149;
  intent.route.portal = Account::parse(Vm::svm, "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
  intent.route.tokens = {{Account::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"), U256(24875000)}};
  intent.route.calls.clear();
  const IntentHashes h = hash_intent(intent, Vm::evm, Vm::svm);
  Bytes packed = hex::decode("0x00000000536f6c4d");  // 1399811149
  packed.insert(packed.end(), h.route_hash.begin(), h.route_hash.end());
  packed.insert(packed.end(), h.reward_hash.begin(), h.reward_hash.end());
  EXPECT_EQ(h.intent_hash, keccak256(ByteView(packed)));
  EXPECT_EQ(h.route_hash, keccak256(ByteView(encode_route(intent.route, Vm::svm))));
  EXPECT_EQ(h.reward_hash, h32(vectors()["intents"][0]["rewardHash"]));
  // Its JSON writes route addresses in base58 and reward addresses in EIP-55.
  const json j = intent_to_json(intent, Vm::evm, Vm::svm);
  EXPECT_EQ(j["route"]["portal"], "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
  EXPECT_EQ(j["reward"]["creator"], "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  EXPECT_EQ(intent_from_json(j, Vm::evm, Vm::svm), intent);
}

TEST(IntentBorsh, RejectsWhatSolanaCannotHold) {
  Route route;
  route.native_amount = U256::from_decimal("18446744073709551616");
  EXPECT_EQ(parse_error_of([&] { encode_route(route, Vm::svm); }),
            "route.nativeAmount 18446744073709551616 does not fit the SVM u64");
  route.native_amount = 0;
  route.calls = {{word(1), {}, U256(1)}};
  EXPECT_EQ(parse_error_of([&] { encode_route(route, Vm::svm); }),
            "route.calls[0].value must be 0: SVM calls carry no native value");
  Reward reward;
  reward.tokens = {{word(1), U256::max()}};
  EXPECT_NE(parse_error_of([&] { encode_reward(reward, Vm::svm); }).find("reward.tokens[0].amount"), std::string::npos);
}

TEST(IntentAbi, RejectsAccountsThatAreNotEvmAddresses) {
  Reward reward;
  reward.creator = word(0x11);
  EXPECT_NE(parse_error_of([&] { encode_reward(reward, Vm::evm); }).find("reward creator: "), std::string::npos);
}

TEST(IntentDecode, RejectsNonCanonicalOrTruncatedInput) {
  const Bytes route = bytes_of(vectors()["intents"][0]["encodedRoute"]);
  Bytes longer = route;
  longer.push_back(0);
  EXPECT_NE(parse_error_of([&] { decode_route(longer, Vm::evm); }), "no error");
  EXPECT_NE(parse_error_of([&] { decode_route(ByteView(route).first(route.size() - 32), Vm::evm); }), "no error");
  Bytes bad_address = route;
  bad_address[0x60] = 1;  // inside the portal word's zero padding
  EXPECT_NE(parse_error_of([&] { decode_route(bad_address, Vm::evm); }), "no error");
  Reward reward;
  Bytes borsh = encode_reward(reward, Vm::svm);
  borsh.push_back(0);
  EXPECT_NE(parse_error_of([&] { decode_reward(borsh, Vm::svm); }), "no error");
  borsh.resize(borsh.size() - 2);
  EXPECT_NE(parse_error_of([&] { decode_reward(borsh, Vm::svm); }), "no error");
}

}  // namespace
}  // namespace sr::protocol
