// Event topic0s from the protocol page and decoding of eth_getLogs logs. The IntentPublished,
// Transfer and destination Portal IntentProven logs were produced by ethers 6
// (Interface.encodeEventLog) from vector 0 of protocol-vectors.json (derived-vectors.json).
#include "protocol/events.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "crypto/keccak.h"
#include "protocol/intent_hash.h"
#include "protocol_vectors.h"

namespace sr::protocol::events {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::derived;
using protocol::testing::h32;
using protocol::testing::parse_error_of;
using protocol::testing::vectors;

TEST(EventTopics, MatchTheProtocolPage) {
  EXPECT_EQ(hex::encode(intent_published().topic0), "0x43974895be1bcec7344337863fa7de24a0d1c315c0a994f663fe0ee220ddc8e4");
  EXPECT_EQ(hex::encode(intent_funded().topic0), "0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a");
  EXPECT_EQ(hex::encode(intent_fulfilled().topic0), "0xc471de166a60c0b81727dfa2f57d4fc3ad1b45b057c1f034b7058365613bde8d");
  EXPECT_EQ(hex::encode(intent_proven().topic0), "0xa79bcebf1cb6259b008ad946df35c764dd6b25206bb5c47ec11976cdce4f0145");
  EXPECT_EQ(hex::encode(intent_proof_sent().topic0), "0xe6d8040a8a6bc519f4e5a42fb2677067c929ddbf2cca9287a44b23fb617a6f00");
  EXPECT_EQ(hex::encode(intent_withdrawn().topic0), "0xbb062c23e818de8ea9c157514eb098052cf36904bbe431cd50d4ec92264ca3ac");
  EXPECT_EQ(hex::encode(intent_refunded().topic0), "0x8d53c2b04800cf061b987a07179bb6c9730c05536b2f6a3a091fe62303682eb6");
  EXPECT_EQ(hex::encode(erc20_transfer().topic0), "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
}

json log_json(json topics, const std::string& data) {
  return {{"address", derived()["events"]["portal"]},
          {"topics", std::move(topics)},
          {"data", data},
          {"blockNumber", "0x1b4"},
          {"transactionHash", "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b"},
          {"logIndex", "0x0"}};
}

json published_log() {
  const json& published = derived()["events"]["intentPublished"];
  return log_json(published["topics"], published["data"]);
}

TEST(EventDecode, IntentPublishedCarriesTheWholeIntent) {
  const json& v = vectors()["intents"][0];
  const Log log = log_from_json(published_log());
  EXPECT_EQ(log.block_number, 0x1b4u);
  EXPECT_EQ(log.log_index, 0u);
  const auto event = decode_event(log);
  ASSERT_TRUE(event.has_value());
  const auto& published = std::get<IntentPublished>(*event);
  const Intent intent = intent_from_json(v["intent"], Vm::evm, Vm::evm);
  EXPECT_EQ(published.intent_hash, h32(v["intentHash"]));
  EXPECT_EQ(published.destination, 10u);
  EXPECT_EQ(hex::encode(published.route), v["encodedRoute"]);
  EXPECT_EQ(published.reward(), intent.reward);
  // A consumer can check the event against itself: the hash recomputes from its fields.
  EXPECT_EQ(intent_hash(published.destination, keccak256(ByteView(published.route)), reward_hash(published.reward(), Vm::evm)),
            published.intent_hash);
}

TEST(EventDecode, OtherPortalEventsAndErc20Transfer) {
  const Hash32 intent = h32(vectors()["intents"][0]["intentHash"]);
  const Address funder = Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  const Address claimant = Address::parse("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  const std::string intent_hex = hex::encode(intent);
  const std::string funder_topic = "0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8";
  const std::string claimant_topic = "0x0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc";

  auto event = decode_event(log_from_json(log_json(
      {"0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a"},
      intent_hex + "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8"
                   "0000000000000000000000000000000000000000000000000000000000000001")));
  EXPECT_EQ(std::get<IntentFunded>(event.value()), (IntentFunded{intent, funder, true}));

  event = decode_event(log_from_json(log_json(
      {"0xa79bcebf1cb6259b008ad946df35c764dd6b25206bb5c47ec11976cdce4f0145", intent_hex, claimant_topic},
      "0x000000000000000000000000000000000000000000000000000000000000000a")));
  EXPECT_EQ(std::get<IntentProven>(event.value()), (IntentProven{intent, claimant, 10}));

  event = decode_event(log_from_json(
      log_json({"0xc471de166a60c0b81727dfa2f57d4fc3ad1b45b057c1f034b7058365613bde8d", intent_hex, claimant_topic}, "0x")));
  EXPECT_EQ(std::get<IntentFulfilled>(event.value()), (IntentFulfilled{intent, h32(json(claimant_topic))}));

  event = decode_event(log_from_json(
      log_json({"0xbb062c23e818de8ea9c157514eb098052cf36904bbe431cd50d4ec92264ca3ac", claimant_topic}, intent_hex)));
  EXPECT_EQ(std::get<IntentWithdrawn>(event.value()), (IntentWithdrawn{intent, claimant}));

  event = decode_event(log_from_json(
      log_json({"0x8d53c2b04800cf061b987a07179bb6c9730c05536b2f6a3a091fe62303682eb6", funder_topic}, intent_hex)));
  EXPECT_EQ(std::get<IntentRefunded>(event.value()), (IntentRefunded{intent, funder}));

  const json& moved = derived()["events"]["rewardTransferToVault"];
  json transfer = log_json(moved["topics"], moved["data"]);
  transfer["address"] = moved["address"];
  event = decode_event(log_from_json(transfer));
  EXPECT_EQ(std::get<Erc20Transfer>(event.value()),
            (Erc20Transfer{Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"), funder,
                           Address::parse(vectors()["intents"][0]["vault"].get<std::string>()), U256(25000000)}));
}

json proof_sent_log() {
  const json& proven = derived()["events"]["portalIntentProven"];
  return log_json(proven["topics"], proven["data"]);
}

TEST(EventDecode, DestinationPortalIntentProvenIsAProofSentNotAProverProof) {
  const auto event = decode_event(log_from_json(proof_sent_log()));
  ASSERT_TRUE(event.has_value());
  ASSERT_TRUE(std::holds_alternative<IntentProofSent>(*event));
  const auto& sent = std::get<IntentProofSent>(*event);
  EXPECT_EQ(sent.intent_hash, h32(vectors()["intents"][0]["intentHash"]));
  const Address claimant = Address::parse(derived()["events"]["portalIntentProven"]["claimant"].get<std::string>());
  EXPECT_EQ(Address::from_bytes(ByteView(sent.claimant).subspan(12)), claimant);
  EXPECT_TRUE(std::all_of(sent.claimant.begin(), sent.claimant.begin() + 12, [](std::uint8_t b) { return b == 0; }));
  // The claimant is a cross-VM bytes32: a non-address value (a Solana key) decodes as it is.
  json log = proof_sent_log();
  log["topics"][2] = "0x" + std::string(64, 'f');
  EXPECT_EQ(std::get<IntentProofSent>(decode_event(log_from_json(log)).value()).claimant, h32(json(log["topics"][2])));
}

TEST(EventDecode, ForeignLogsAreNotEvents) {
  EXPECT_FALSE(decode_event(log_from_json(log_json(json::array(), "0x"))).has_value());
  // Approval(address,address,uint256): someone else's event.
  EXPECT_FALSE(decode_event(log_from_json(log_json({"0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925"}, "0x")))
                   .has_value());
  // ERC-721 Transfer shares topic0 but indexes the token id as a fourth topic.
  const std::string zero = "0x0000000000000000000000000000000000000000000000000000000000000000";
  EXPECT_FALSE(decode_event(log_from_json(log_json(
                   {"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef", zero, zero, zero}, "0x")))
                   .has_value());
}

std::string decode_error(const json& log) {
  return parse_error_of([&] { decode_event(log_from_json(log)); });
}

TEST(EventDecode, RejectsLogsWithTheWrongShape) {
  json log = published_log();
  log["topics"].erase(3);
  EXPECT_EQ(decode_error(log), "IntentPublished log has 3 topics, expected 4");
  log = published_log();
  log["topics"][2] = "0x01000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8";
  EXPECT_EQ(decode_error(log), "IntentPublished log topic 2 is not an address (non-zero padding)");
  log = published_log();
  log["data"] = log["data"].get<std::string>() + "00";
  EXPECT_NE(decode_error(log).find("IntentPublished log data: "), std::string::npos);
  log = published_log();
  log["data"] = log["data"].get<std::string>().substr(0, 2 + 64 * 5);
  EXPECT_NE(decode_error(log).find("IntentPublished log data: "), std::string::npos);
  log = published_log();
  // destination word above uint64
  log["data"] = "0x01" + log["data"].get<std::string>().substr(4);
  EXPECT_NE(decode_error(log).find("IntentPublished log data: "), std::string::npos);

  const std::string intent = vectors()["intents"][0]["intentHash"];
  EXPECT_EQ(decode_error(log_json({"0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a", intent}, "0x")),
            "IntentFunded log has 2 topics, expected 1");
  EXPECT_NE(decode_error(log_json({"0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a"},
                                  intent + "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8"
                                           "0000000000000000000000000000000000000000000000000000000000000002"))
                .find("IntentFunded log data: "),
            std::string::npos);  // bool 2
  EXPECT_EQ(decode_error(log_json({"0xc471de166a60c0b81727dfa2f57d4fc3ad1b45b057c1f034b7058365613bde8d", intent, intent},
                                  "0x00")),
            "IntentFulfilled log data must be empty (every field is indexed)");
  // The two IntentProven events do not stand in for each other: each topic0 demands its own shape.
  json proof_sent = proof_sent_log();
  proof_sent["data"] = "0x000000000000000000000000000000000000000000000000000000000000000a";
  EXPECT_EQ(decode_error(proof_sent), "IntentProven (destination Portal) log data must be empty (every field is indexed)");
  proof_sent = proof_sent_log();
  proof_sent["topics"].erase(2);
  EXPECT_EQ(decode_error(proof_sent), "IntentProven (destination Portal) log has 2 topics, expected 3");
  proof_sent = proof_sent_log();
  proof_sent["topics"].push_back(intent);
  EXPECT_EQ(decode_error(proof_sent), "IntentProven (destination Portal) log has 4 topics, expected 3");
  json prover_shaped = proof_sent_log();
  prover_shaped["topics"][0] = "0xa79bcebf1cb6259b008ad946df35c764dd6b25206bb5c47ec11976cdce4f0145";
  EXPECT_NE(decode_error(prover_shaped).find("IntentProven log data: "), std::string::npos);
  EXPECT_EQ(decode_error(log_json({"0xbb062c23e818de8ea9c157514eb098052cf36904bbe431cd50d4ec92264ca3ac", intent}, intent)),
            "IntentWithdrawn log topic 1 is not an address (non-zero padding)");
  EXPECT_EQ(decode_error(log_json({"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"}, "0x")),
            "Transfer log has 1 topics, expected 3");
}

std::string log_error(const json& log) {
  return parse_error_of([&] { log_from_json(log); });
}

TEST(LogJson, ReadsNodeOutputAndRejectsMalformedLogs) {
  json log = published_log();
  log["blockHash"] = "0x5c1bb22f4ddfdcab7a3bd1ad0ea5df4d8d0cb0c5e1a7c8c6c1a3e0bd4e36ef00";
  log["transactionIndex"] = "0x3";
  log["removed"] = true;
  log["blockNumber"] = 436;  // pushers may send numbers
  const Log read = log_from_json(log);
  EXPECT_TRUE(read.removed);
  EXPECT_EQ(read.block_number, 436u);
  EXPECT_EQ(log_from_json(to_json(read)), read);

  log = published_log();
  log["extra"] = 1;
  EXPECT_EQ(log_error(log), "log has unknown member \"extra\"");
  log = published_log();
  log.erase("logIndex");
  EXPECT_EQ(log_error(log), "log is missing \"logIndex\"");
  log = published_log();
  log["blockNumber"] = "0x01b4";
  EXPECT_EQ(log_error(log), "log.blockNumber must be a hex quantity (0x followed by 1 to 16 digits, no leading zeros)");
  log["blockNumber"] = "0x";
  EXPECT_NE(log_error(log).find("log.blockNumber must be"), std::string::npos);
  log["blockNumber"] = "0x1g";
  EXPECT_NE(log_error(log).find("log.blockNumber must be"), std::string::npos);
  log["blockNumber"] = "0x10000000000000000";
  EXPECT_NE(log_error(log).find("log.blockNumber must be"), std::string::npos);
  log = published_log();
  log["topics"][1] = "0x57c5";
  EXPECT_NE(log_error(log).find("log.topics[1]: "), std::string::npos);
  log = published_log();
  log["topics"].push_back(log["topics"][1]);
  EXPECT_EQ(log_error(log), "log.topics has 5 entries, at most 4 are possible");
  log = published_log();
  log["data"] = "0x0";
  EXPECT_NE(log_error(log).find("log.data: "), std::string::npos);
  log = published_log();
  log["address"] = "0xec000064576f9c95a8623bc0eff3db6d296ea6d";  // 39 digits
  EXPECT_NE(log_error(log).find("log.address: "), std::string::npos);
  log = published_log();
  log["removed"] = "false";
  EXPECT_EQ(log_error(log), "log.removed must be a boolean");
  EXPECT_EQ(log_error(json::array()), "log must be an object");
}

}  // namespace
}  // namespace sr::protocol::events
