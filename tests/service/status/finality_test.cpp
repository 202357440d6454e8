// How final a transaction and a status are (finality.h): confirmations from the reader's head,
// final by the chain's finalized block where the node serves one, else by the confirmation
// depth and what the reader has read; and the IntentStatus body that carries them.
#include "service/status/finality.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

constexpr std::uint64_t kA = 31337;
constexpr std::uint64_t kB = 31338;

ChainTx at_block(std::uint64_t chain, std::uint64_t block) {
  Hash32 h{};
  h.fill(static_cast<std::uint8_t>(block));
  return ChainTx{chain, h, block, 0, std::nullopt};
}

ChainHeads heads_of(json heads) {
  const json input{{"chainHeads", std::move(heads)}};
  const OpInput in(input, "test");
  return read_chain_heads(in);
}

TEST(Finality, ConfirmationsCountFromTheHeadAndTheDepthDecidesWithoutAFinalizedTag) {
  const ChainHeads heads = heads_of({{"31337", {{"head", 100}, {"finalized", nullptr}, {"depth", 12}, {"read", 100}}}});
  EXPECT_EQ(tx_finality(at_block(kA, 100), heads).confirmations, 0u);  // at the head
  EXPECT_FALSE(tx_finality(at_block(kA, 100), heads).final);
  EXPECT_EQ(tx_finality(at_block(kA, 89), heads).confirmations, 11u);
  EXPECT_FALSE(tx_finality(at_block(kA, 89), heads).final);
  EXPECT_EQ(tx_finality(at_block(kA, 88), heads).confirmations, 12u);
  EXPECT_TRUE(tx_finality(at_block(kA, 88), heads).final);
  // A block above the reader's head (another reader saw it first): not yet confirmed at all.
  EXPECT_EQ(tx_finality(at_block(kA, 105), heads).confirmations, 0u);
  EXPECT_FALSE(tx_finality(at_block(kA, 105), heads).final);
  // A chain the readers did not report: nothing is known to be final.
  EXPECT_EQ(tx_finality(at_block(kB, 1), heads).confirmations, 0u);
  EXPECT_FALSE(tx_finality(at_block(kB, 1), heads).final);
}

TEST(Finality, AReaderBehindItsHeadKeepsBlocksItWillReReadOpen) {
  // Head 100, but the reader has stored logs only through block 60: it re-reads from 49 on.
  const ChainHeads heads = heads_of({{"31337", {{"head", 100}, {"finalized", nullptr}, {"depth", 12}, {"read", 60}}}});
  EXPECT_EQ(tx_finality(at_block(kA, 50), heads).confirmations, 50u);
  EXPECT_FALSE(tx_finality(at_block(kA, 50), heads).final);
  EXPECT_TRUE(tx_finality(at_block(kA, 48), heads).final);
}

TEST(Finality, TheFinalizedTagDecidesWhereTheNodeServesIt) {
  const ChainHeads heads = heads_of({{"31338", {{"head", 200}, {"finalized", 136}, {"depth", 12}}}});
  EXPECT_TRUE(tx_finality(at_block(kB, 136), heads).final);
  EXPECT_FALSE(tx_finality(at_block(kB, 137), heads).final);  // 63 confirmations, past the depth, not finalized
  EXPECT_EQ(tx_finality(at_block(kB, 137), heads).confirmations, 63u);
}

IntentRecord settled_record() {
  IntentRecord r;
  r.intent_hash.fill(0xab);
  r.source_chain_id = kA;
  r.destination_chain_id = kB;
  r.tx(IntentStep::funded) = at_block(kA, 10);
  r.funded_complete = true;
  r.tx(IntentStep::fulfilled) = at_block(kB, 20);
  r.tx(IntentStep::proven) = at_block(kA, 30);
  return r;
}

TEST(Finality, OnlyASettledOrRefundedStatusWithItsDecidingTransactionFinalIsFinal) {
  const IntentRecord r = settled_record();
  const ChainHeads early = heads_of({{"31337", {{"head", 35}, {"finalized", nullptr}, {"depth", 4}}}});
  const ChainHeads sooner = heads_of({{"31337", {{"head", 33}, {"finalized", nullptr}, {"depth", 4}}}});
  EXPECT_TRUE(status_final(r, IntentStatus::settled, early));
  EXPECT_FALSE(status_final(r, IntentStatus::settled, sooner));  // the proof has 3 confirmations of 4
  EXPECT_TRUE(status_final(r, IntentStatus::settled, heads_of({{"31337", {{"head", 33}, {"finalized", 30}, {"depth", 4}}}})));
  // A filled intent can still be refunded or proven: never final, however deep its fill.
  EXPECT_FALSE(status_final(r, IntentStatus::filled, heads_of({{"31338", {{"head", 900}, {"finalized", 800}, {"depth", 4}}}})));
  IntentRecord refunded = r;
  refunded.tx(IntentStep::proven).reset();
  refunded.tx(IntentStep::refunded) = at_block(kA, 40);
  EXPECT_FALSE(status_final(refunded, IntentStatus::refunded, early));
  EXPECT_TRUE(status_final(refunded, IntentStatus::refunded, heads_of({{"31337", {{"head", 44}, {"depth", 4}}}})));
}

TEST(Finality, MalformedChainHeadsAreTheWorkersMistake) {
  EXPECT_THROW(heads_of("x"), OpInputError);
  EXPECT_THROW(heads_of({{"base", {{"head", 1}, {"depth", 1}}}}), OpInputError);
  EXPECT_THROW(heads_of({{"1", {{"head", -1}, {"depth", 1}}}}), OpInputError);
  EXPECT_THROW(heads_of({{"1", {{"head", 1}}}}), OpInputError);
  EXPECT_THROW(heads_of({{"1", {{"head", 1}, {"depth", 1}, {"finalized", "0x1"}}}}), OpInputError);
  EXPECT_TRUE(heads_of(nullptr).empty());
  EXPECT_TRUE(heads_of({{"1", nullptr}}).empty());
}

}  // namespace
}  // namespace sr::service
