// The status state machine: every transition of the table in intent_status.h, idempotency,
// out-of-order and reorganised observations, and the stored JSON form.
#include "service/status/intent_status.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "crypto/bytes.h"
#include "crypto/hex.h"
#include "eth/address.h"
#include "protocol/account.h"

namespace sr::service {
namespace {

constexpr std::uint64_t kSource = 31337;
constexpr std::uint64_t kDestination = 31338;
constexpr std::uint64_t kRouteDeadline = 1'000'000;
constexpr std::uint64_t kRewardDeadline = 1'003'600;

Hash32 hash_of(std::uint8_t tag) {
  Hash32 h{};
  h.fill(tag);
  return h;
}

const Hash32 kIntent = hash_of(0xab);

IntentEvent event(IntentStep step, std::uint8_t tx_tag, std::uint64_t block, std::uint64_t log_index = 0) {
  IntentEvent e;
  e.step = step;
  e.intent_hash = kIntent;
  const bool destination = step == IntentStep::fulfilled || step == IntentStep::proof_sent;
  const std::uint64_t chain = destination ? kDestination : kSource;
  e.tx = ChainTx{chain, hash_of(tx_tag), block, log_index, std::nullopt};
  if (step == IntentStep::published) {
    e.destination_chain_id = kDestination;
    e.route_deadline = kRouteDeadline;
    e.reward_deadline = kRewardDeadline;
  }
  if (step == IntentStep::proven) e.proven_destination = kDestination;
  return e;
}

IntentEvent partial_funding(std::uint8_t tx_tag, std::uint64_t block) {
  IntentEvent e = event(IntentStep::funded, tx_tag, block);
  e.complete = false;
  return e;
}

// A record as the quote registration leaves it: chains and deadlines known, nothing on chain.
IntentRecord registered() {
  IntentRecord r;
  r.intent_hash = kIntent;
  r.source_chain_id = kSource;
  r.destination_chain_id = kDestination;
  r.route_deadline = kRouteDeadline;
  r.reward_deadline = kRewardDeadline;
  r.role = "direct";
  r.quote_id = "0b5e3c4e-1a0e-4f4e-9d3a-8f1f8d1f2a3b";
  r.updated_at = 100;
  return r;
}

IntentRecord with(std::vector<IntentEvent> events, IntentRecord r = registered()) {
  for (const auto& e : events) apply_event(r, e, 200);
  return r;
}

StatusClocks at(std::uint64_t t) { return {t, t}; }

std::string record_error(const nlohmann::ordered_json& record) {
  try {
    record_from_json(record);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "accepted";
}

const std::uint64_t kBeforeRoute = kRouteDeadline;          // the deadline second itself still fills
const std::uint64_t kAfterRoute = kRouteDeadline + 1;
const std::uint64_t kAfterReward = kRewardDeadline + 1;

TEST(IntentStatusMachine, RegisteredNothingOnChainIsPendingUntilTheRouteDeadlineThenExpired) {
  EXPECT_EQ(derive_status(registered(), at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(derive_status(registered(), at(kAfterRoute)), IntentStatus::expired);
  EXPECT_EQ(derive_status(registered(), at(kAfterReward)), IntentStatus::expired);
}

TEST(IntentStatusMachine, FundedIsPendingThenExpiredThenRefundable) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  EXPECT_TRUE(r.funded_complete);
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(derive_status(r, at(kAfterRoute)), IntentStatus::expired);
  EXPECT_EQ(derive_status(r, at(kRewardDeadline - 1)), IntentStatus::expired);
  // The Portal refunds once block.timestamp >= reward.deadline: a source chain whose latest block
  // is at the deadline takes the refund in its next block.
  EXPECT_EQ(derive_status(r, at(kRewardDeadline)), IntentStatus::refundable);
  EXPECT_EQ(derive_status(r, at(kAfterReward)), IntentStatus::refundable);
}

TEST(IntentStatusMachine, EachChainJudgesItsOwnDeadline) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  // The source chain's clock ran past the reward deadline while the destination's did not.
  EXPECT_EQ(derive_status(r, {kAfterReward, kBeforeRoute}), IntentStatus::refundable);
  // Only the destination is past the route deadline: no fill can land, no refund yet.
  EXPECT_EQ(derive_status(r, {kBeforeRoute, kAfterRoute}), IntentStatus::expired);
}

TEST(IntentStatusMachine, FulfilledIsFilledEvenPastDeadlines) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                               event(IntentStep::fulfilled, 2, 50)});
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::filled);
  EXPECT_EQ(derive_status(r, at(kAfterReward)), IntentStatus::filled);
}

TEST(IntentStatusMachine, ProvenOrWithdrawnIsSettled) {
  const IntentRecord proven = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                                    event(IntentStep::fulfilled, 2, 50), event(IntentStep::proven, 3, 12)});
  EXPECT_EQ(derive_status(proven, at(kBeforeRoute)), IntentStatus::settled);
  EXPECT_EQ(derive_status(proven, at(kAfterReward)), IntentStatus::settled);
  const IntentRecord withdrawn = with({event(IntentStep::withdrawn, 4, 13)}, proven);
  EXPECT_EQ(derive_status(withdrawn, at(kAfterReward)), IntentStatus::settled);
  // A withdrawal needs a proof, so it settles even when the proof's log was never seen.
  EXPECT_EQ(derive_status(with({event(IntentStep::withdrawn, 4, 13)}), at(0)), IntentStatus::settled);
}

TEST(IntentStatusMachine, ADestinationProofIsAFillButSettlesNothing) {
  const IntentRecord funded = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  // prove() without the fill's own log in view (an earlier block, a pushed batch): still a fill.
  const IntentRecord sent = with({event(IntentStep::proof_sent, 6, 51)}, funded);
  ASSERT_TRUE(sent.proof_sent.has_value());
  EXPECT_EQ(sent.proof_sent->chain_id, kDestination);
  EXPECT_FALSE(sent.tx(IntentStep::fulfilled).has_value());
  EXPECT_FALSE(sent.tx(IntentStep::proven).has_value());
  EXPECT_EQ(derive_status(sent, at(kBeforeRoute)), IntentStatus::filled);
  EXPECT_EQ(derive_status(sent, at(kAfterReward)), IntentStatus::filled);
  // fulfillAndProve: both logs; the fill is recorded as itself, the proof beside it.
  const IntentRecord both = with({event(IntentStep::fulfilled, 6, 51), event(IntentStep::proof_sent, 6, 51, 1)}, funded);
  EXPECT_EQ(both.tx(IntentStep::fulfilled)->transaction_hash, hash_of(6));
  EXPECT_EQ(derive_status(both, at(kBeforeRoute)), IntentStatus::filled);
  // Only the source prover's record settles; a refund still wins.
  EXPECT_EQ(derive_status(with({event(IntentStep::proven, 3, 12)}, sent), at(0)), IntentStatus::settled);
  EXPECT_EQ(derive_status(with({event(IntentStep::refunded, 5, 90)}, sent), at(kAfterReward)), IntentStatus::refunded);
}

TEST(IntentStatusMachine, RefundedWinsOverEverything) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                               event(IntentStep::refunded, 5, 90)});
  EXPECT_EQ(derive_status(r, at(kAfterReward)), IntentStatus::refunded);
  EXPECT_EQ(derive_status(r, at(0)), IntentStatus::refunded);
  // A solver that filled but never proved before the refund: the funds went back.
  const IntentRecord filled_then_refunded = with({event(IntentStep::fulfilled, 2, 50)}, r);
  EXPECT_EQ(derive_status(filled_then_refunded, at(kAfterReward)), IntentStatus::refunded);
}

TEST(IntentStatusMachine, IncompleteFundingFailsAfterTheRouteDeadlineAndIsRefundableAtTheReward) {
  const IntentRecord published_only = with({event(IntentStep::published, 1, 10)});
  EXPECT_EQ(derive_status(published_only, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(derive_status(published_only, at(kAfterRoute)), IntentStatus::failed);
  EXPECT_EQ(derive_status(published_only, at(kAfterReward)), IntentStatus::failed);

  const IntentRecord partial = with({event(IntentStep::published, 1, 10), partial_funding(1, 10)});
  EXPECT_FALSE(partial.funded_complete);
  EXPECT_EQ(derive_status(partial, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(derive_status(partial, at(kAfterRoute)), IntentStatus::failed);
  EXPECT_EQ(derive_status(partial, at(kRewardDeadline - 1)), IntentStatus::failed);
  EXPECT_EQ(derive_status(partial, at(kRewardDeadline)), IntentStatus::refundable);
}

TEST(IntentStatusMachine, EveryEndThatIsNotASuccessSaysWhy) {
  const auto reason = [](const IntentRecord& r, std::uint64_t t) {
    const IntentStatus status = derive_status(r, at(t));
    const auto why = status_reason(r, status);
    return std::pair<std::string, std::string>{std::string(status_name(status)), why ? why->code : "none"};
  };
  using P = std::pair<std::string, std::string>;
  const IntentRecord funded = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  const IntentRecord partial = with({event(IntentStep::published, 1, 10), partial_funding(1, 10)});
  const IntentRecord filled = with({event(IntentStep::fulfilled, 2, 20)}, funded);
  // Statuses that are not an end, or a successful one, carry none.
  EXPECT_EQ(reason(funded, kBeforeRoute), P("pending", "none"));
  EXPECT_EQ(reason(filled, kAfterReward), P("filled", "none"));
  EXPECT_EQ(reason(with({event(IntentStep::proven, 3, 30)}, filled), kAfterReward), P("settled", "none"));
  // Each row of the table that ends badly, with the cause its record shows.
  EXPECT_EQ(reason(registered(), kAfterRoute), P("expired", "not-funded"));
  EXPECT_EQ(reason(with({event(IntentStep::published, 1, 10)}), kAfterRoute), P("failed", "not-funded"));
  EXPECT_EQ(reason(partial, kAfterRoute), P("failed", "partly-funded"));
  EXPECT_EQ(reason(partial, kAfterReward), P("refundable", "partly-funded"));
  EXPECT_EQ(reason(funded, kAfterRoute), P("expired", "not-filled"));
  EXPECT_EQ(reason(funded, kAfterReward), P("refundable", "not-filled"));
  EXPECT_EQ(reason(with({event(IntentStep::refunded, 5, 90)}, funded), kAfterReward), P("refunded", "not-filled"));
  // Refunded after a fill that was never proven: the solver's fill, not the user, lost.
  EXPECT_EQ(reason(with({event(IntentStep::refunded, 5, 90)}, filled), kAfterReward), P("refunded", "not-proven"));
  // The message names the deadline that decided it, and what a refund does.
  const auto why = status_reason(funded, IntentStatus::refundable);
  ASSERT_TRUE(why);
  EXPECT_EQ(why->message, "no solver filled the intent by its route deadline (Unix second 1000000); the source "
                          "Portal's refund (in this body) returns the reward to its creator");
  EXPECT_EQ(status_reason(filled, IntentStatus::refunded)->message,
            "the intent was filled, but the fill was not proven on the source chain by its reward deadline (Unix "
            "second 1003600); the refund returned the reward to its creator");
}

TEST(IntentStatusMachine, UnknownDeadlinesNeverExpire) {
  IntentRecord r;
  r.intent_hash = kIntent;
  apply_event(r, event(IntentStep::funded, 1, 10), 5);
  EXPECT_EQ(derive_status(r, at(~std::uint64_t{0})), IntentStatus::pending);
}

TEST(IntentStatusMachine, StatusSinceIsTheSecondADeadlinePassed) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  EXPECT_EQ(r.updated_at, 200u);
  EXPECT_EQ(status_since(r, IntentStatus::pending), 200u);
  EXPECT_EQ(status_since(r, IntentStatus::expired), kRouteDeadline + 1);
  EXPECT_EQ(status_since(r, IntentStatus::refundable), kRewardDeadline);  // refunds open at the deadline itself
}

TEST(IntentStatusMachine, TheNextTimeChangeIsTheNextDeadlineThatMovesTheStatus) {
  const auto next = [](const IntentRecord& r, std::uint64_t now) {
    return next_time_change(r, derive_status(r, at(now)), now);
  };
  // Nothing on chain: expires the second after the route deadline, then never moves by time.
  EXPECT_EQ(next(registered(), 500), kRouteDeadline + 1);
  EXPECT_EQ(next(registered(), kAfterRoute), std::nullopt);
  // Funded: expires, then becomes refundable at the reward deadline, then waits for a refund.
  const IntentRecord funded = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1)});
  EXPECT_EQ(next(funded, 500), kRouteDeadline + 1);
  EXPECT_EQ(next(funded, kAfterRoute), kRewardDeadline);
  EXPECT_EQ(derive_status(funded, at(kRewardDeadline)), IntentStatus::refundable);
  EXPECT_EQ(next(funded, kRewardDeadline), std::nullopt);
  // Partly funded and failed: refundable at the reward deadline; published only: failed for good.
  EXPECT_EQ(next(with({event(IntentStep::published, 1, 10), partial_funding(1, 10)}), kAfterRoute), kRewardDeadline);
  EXPECT_EQ(next(with({event(IntentStep::published, 1, 10)}), kAfterRoute), std::nullopt);
  // Filled and settled intents move only by chain events.
  const IntentRecord filled = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                                    event(IntentStep::fulfilled, 2, 20)});
  EXPECT_EQ(next(filled, 500), std::nullopt);
  // Each answer is a second at which derive_status really differs from now's.
  for (const std::uint64_t now : {std::uint64_t{500}, kAfterRoute}) {
    const auto at_next = next(funded, now);
    ASSERT_TRUE(at_next.has_value());
    EXPECT_NE(derive_status(funded, at(*at_next)), derive_status(funded, at(now)));
    EXPECT_EQ(derive_status(funded, at(*at_next - 1)), derive_status(funded, at(now)));
  }
}

TEST(IntentStatusEvents, TheSameLogTwiceChangesNothing) {
  IntentRecord r = registered();
  const IntentEvent e = event(IntentStep::funded, 1, 10, 1);
  EXPECT_EQ(apply_event(r, e, 200), EventOutcome::changed);
  const IntentRecord once = r;
  EXPECT_EQ(apply_event(r, e, 300), EventOutcome::unchanged);
  EXPECT_EQ(r, once);
  EXPECT_EQ(r.updated_at, 200u);
}

TEST(IntentStatusEvents, ObservationOrderDoesNotMatter) {
  std::vector<IntentEvent> events = {
      event(IntentStep::published, 1, 10),     event(IntentStep::funded, 1, 10, 1),
      event(IntentStep::published, 7, 11),     // IntentPublished may be emitted again
      event(IntentStep::fulfilled, 2, 50),     event(IntentStep::proven, 3, 12),
      event(IntentStep::withdrawn, 4, 13),     partial_funding(8, 9)};
  std::sort(events.begin(), events.end(), [](const IntentEvent& a, const IntentEvent& b) {
    return std::tie(a.tx.chain_id, a.tx.block_number, a.tx.log_index) <
           std::tie(b.tx.chain_id, b.tx.block_number, b.tx.log_index);
  });
  IntentRecord bare;
  bare.intent_hash = kIntent;
  const IntentRecord expected = with(events, bare);
  int permutations = 0;
  do {
    EXPECT_EQ(with(events, bare), expected);
    ++permutations;
  } while (std::next_permutation(events.begin(), events.end(), [](const IntentEvent& a, const IntentEvent& b) {
             return std::tie(a.tx.chain_id, a.tx.block_number, a.tx.log_index) <
                    std::tie(b.tx.chain_id, b.tx.block_number, b.tx.log_index);
           }));
  EXPECT_EQ(permutations, 5040);
  // The first publication, the complete funding (not the earlier partial one) are kept.
  EXPECT_EQ(expected.tx(IntentStep::published)->transaction_hash, hash_of(1));
  EXPECT_EQ(expected.tx(IntentStep::funded)->transaction_hash, hash_of(1));
  EXPECT_TRUE(expected.funded_complete);
  EXPECT_EQ(expected.source_chain_id, kSource);
  EXPECT_EQ(expected.destination_chain_id, kDestination);
  EXPECT_EQ(expected.route_deadline, kRouteDeadline);
}

TEST(IntentStatusEvents, AFillSeenBeforeThePublicationStillEndsSettled) {
  IntentRecord r;
  r.intent_hash = kIntent;
  apply_event(r, event(IntentStep::fulfilled, 2, 50), 1);
  EXPECT_EQ(derive_status(r, at(0)), IntentStatus::filled);
  EXPECT_EQ(r.destination_chain_id, kDestination);
  EXPECT_FALSE(r.source_chain_id.has_value());
  apply_event(r, event(IntentStep::published, 1, 10), 2);
  apply_event(r, event(IntentStep::proven, 3, 12), 3);
  EXPECT_EQ(derive_status(r, at(kAfterReward)), IntentStatus::settled);
  EXPECT_EQ(r.source_chain_id, kSource);
}

TEST(IntentStatusEvents, AReorgMovesATransactionAndARemovedLogClearsIt) {
  IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                         event(IntentStep::fulfilled, 2, 50)});
  // Re-reading the confirmation window finds the fill re-included two blocks later.
  EXPECT_EQ(apply_event(r, event(IntentStep::fulfilled, 2, 52, 3), 300), EventOutcome::changed);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->block_number, 52u);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->log_index, 3u);
  EXPECT_EQ(r.updated_at, 300u);
  // Re-reading it again changes nothing.
  EXPECT_EQ(apply_event(r, event(IntentStep::fulfilled, 2, 52, 3), 400), EventOutcome::unchanged);
  // The node withdraws the fill: the intent is pending again.
  IntentEvent removed = event(IntentStep::fulfilled, 2, 52, 3);
  removed.removed = true;
  EXPECT_EQ(apply_event(r, removed, 500), EventOutcome::changed);
  EXPECT_FALSE(r.tx(IntentStep::fulfilled).has_value());
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(apply_event(r, removed, 600), EventOutcome::unchanged);
  // A removed log of another transaction leaves the recorded one alone.
  IntentEvent other = event(IntentStep::funded, 9, 10, 1);
  other.removed = true;
  EXPECT_EQ(apply_event(r, other, 700), EventOutcome::unchanged);
  EXPECT_TRUE(r.funded_complete);
  // Removing the funding also forgets that it was complete.
  IntentEvent funding_removed = event(IntentStep::funded, 1, 10, 1);
  funding_removed.removed = true;
  EXPECT_EQ(apply_event(r, funding_removed, 800), EventOutcome::changed);
  EXPECT_FALSE(r.funded_complete);
  EXPECT_EQ(derive_status(r, at(kAfterRoute)), IntentStatus::failed);
}

IntentEvent in_block(IntentEvent e, std::uint8_t block_hash_tag) {
  e.tx.block_hash = hash_of(block_hash_tag);
  return e;
}

// A reader's re-read of a range replaces what the record held there: what the chain no longer
// has leaves the record and the status goes back.
TEST(IntentStatusReorg, AReReadRangeWithoutTheFillTakesTheStatusBackToPending) {
  IntentRecord r = with({in_block(event(IntentStep::published, 1, 10), 0x10), in_block(event(IntentStep::funded, 1, 10, 1), 0x10),
                         in_block(event(IntentStep::fulfilled, 2, 50), 0x50)});
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::filled);
  // The destination re-read over 45..55 finds nothing: the fill's block left the chain.
  EXPECT_EQ(replace_range(r, kDestination, 45, 55, {}, 300), EventOutcome::changed);
  EXPECT_FALSE(r.tx(IntentStep::fulfilled).has_value());
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(r.updated_at, 300u);
  // The source's records are the source chain's: a destination range does not touch them.
  EXPECT_EQ(r.tx(IntentStep::funded)->block_number, 10u);
  EXPECT_TRUE(r.funded_complete);
  // Reading the same range again changes nothing (and keeps the time stamp).
  EXPECT_EQ(replace_range(r, kDestination, 45, 55, {}, 400), EventOutcome::unchanged);
  EXPECT_EQ(r.updated_at, 300u);
}

TEST(IntentStatusReorg, ARangeThatStillHoldsTheSameLogsChangesNothing) {
  const std::vector<IntentEvent> logs = {in_block(event(IntentStep::published, 1, 10), 0x10),
                                         in_block(event(IntentStep::funded, 1, 10, 1), 0x10)};
  IntentRecord r = with(logs);
  const IntentRecord before = r;
  EXPECT_EQ(replace_range(r, kSource, 5, 15, logs, 300), EventOutcome::unchanged);
  EXPECT_EQ(r, before);
  // A range that does not reach the record's blocks keeps them whatever it holds.
  EXPECT_EQ(replace_range(r, kSource, 11, 20, {}, 300), EventOutcome::unchanged);
  EXPECT_EQ(replace_range(r, kSource, 0, 9, {}, 300), EventOutcome::unchanged);
  EXPECT_EQ(r, before);
}

TEST(IntentStatusReorg, TheFundingLeavesAndARecordedFillKeepsItFilled) {
  IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                         event(IntentStep::fulfilled, 2, 50)});
  EXPECT_EQ(replace_range(r, kSource, 8, 12, {}, 300), EventOutcome::changed);
  EXPECT_FALSE(r.tx(IntentStep::published).has_value());
  EXPECT_FALSE(r.tx(IntentStep::funded).has_value());
  EXPECT_FALSE(r.funded_complete);
  // What the chains show: a fill (the destination still has it), whatever the source lost.
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::filled);
  // The deadlines are fixed by the intent hash and stay.
  EXPECT_EQ(r.route_deadline, kRouteDeadline);
  // Without the fill too, a record with nothing on chain is pending, then expired.
  EXPECT_EQ(replace_range(r, kDestination, 50, 50, {}, 400), EventOutcome::changed);
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(derive_status(r, at(kAfterRoute)), IntentStatus::expired);
}

TEST(IntentStatusReorg, AProofAndASettlementGoBackToFilled) {
  IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                         event(IntentStep::fulfilled, 2, 50), event(IntentStep::proven, 3, 20)});
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::settled);
  EXPECT_EQ(replace_range(r, kSource, 18, 30, {}, 300), EventOutcome::changed);
  EXPECT_FALSE(r.tx(IntentStep::proven).has_value());
  EXPECT_EQ(r.tx(IntentStep::funded)->block_number, 10u);
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::filled);
}

TEST(IntentStatusReorg, ATransactionReIncludedInAnotherBlockMovesThere) {
  IntentRecord r = with({event(IntentStep::published, 1, 10), event(IntentStep::funded, 1, 10, 1),
                         in_block(event(IntentStep::fulfilled, 2, 50), 0x50)});
  // Same height, another block (its hash differs): the new block is where the fill is.
  EXPECT_EQ(replace_range(r, kDestination, 45, 55, {in_block(event(IntentStep::fulfilled, 2, 50), 0x51)}, 300),
            EventOutcome::changed);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->block_hash, hash_of(0x51));
  // Two blocks later.
  EXPECT_EQ(replace_range(r, kDestination, 45, 55, {in_block(event(IntentStep::fulfilled, 2, 52, 4), 0x52)}, 400),
            EventOutcome::changed);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->block_number, 52u);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->log_index, 4u);
  // Another transaction fills it in the new chain: that one is recorded, the old one is gone.
  EXPECT_EQ(replace_range(r, kDestination, 45, 55, {event(IntentStep::fulfilled, 7, 53)}, 500), EventOutcome::changed);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->transaction_hash, hash_of(7));
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::filled);
}

TEST(IntentStatusReorg, APartialFundingReplacesAVanishedCompleteOne) {
  IntentRecord r = with({event(IntentStep::published, 1, 10), partial_funding(2, 11), event(IntentStep::funded, 3, 12)});
  EXPECT_TRUE(r.funded_complete);
  EXPECT_EQ(r.tx(IntentStep::funded)->transaction_hash, hash_of(3));
  // The re-read of 11..12 finds only the partial funding: the reward is no longer complete.
  EXPECT_EQ(replace_range(r, kSource, 11, 12, {partial_funding(2, 11)}, 300), EventOutcome::changed);
  EXPECT_FALSE(r.funded_complete);
  EXPECT_EQ(r.tx(IntentStep::funded)->transaction_hash, hash_of(2));
  EXPECT_EQ(derive_status(r, at(kAfterRoute)), IntentStatus::failed);
}

TEST(IntentStatusReorg, TheSameTransactionInAnotherBlockOfTheSameHeightMovesWhenPushed) {
  IntentRecord r = with({in_block(event(IntentStep::fulfilled, 2, 50), 0x50)});
  EXPECT_EQ(apply_event(r, in_block(event(IntentStep::fulfilled, 2, 50), 0x51), 300), EventOutcome::changed);
  EXPECT_EQ(r.tx(IntentStep::fulfilled)->block_hash, hash_of(0x51));
  EXPECT_EQ(apply_event(r, in_block(event(IntentStep::fulfilled, 2, 50), 0x51), 400), EventOutcome::unchanged);
}

TEST(IntentStatusEvents, EventsOnTheWrongChainAreIgnored) {
  IntentRecord r = registered();
  IntentEvent fill_on_source = event(IntentStep::fulfilled, 2, 50);
  fill_on_source.tx.chain_id = kSource;
  EXPECT_EQ(apply_event(r, fill_on_source, 300), EventOutcome::wrong_chain);
  IntentEvent refund_elsewhere = event(IntentStep::refunded, 5, 90);
  refund_elsewhere.tx.chain_id = 8453;
  EXPECT_EQ(apply_event(r, refund_elsewhere, 300), EventOutcome::wrong_chain);
  IntentEvent proof_for_other_destination = event(IntentStep::proven, 3, 12);
  proof_for_other_destination.proven_destination = 10;
  EXPECT_EQ(apply_event(r, proof_for_other_destination, 300), EventOutcome::wrong_chain);
  EXPECT_EQ(r, registered());
}

TEST(IntentStatusEvents, DestinationProofsFoldLikeFills) {
  IntentRecord r = registered();
  // A second prove() call later (anyone may prove again) does not move the first one.
  EXPECT_EQ(apply_event(r, event(IntentStep::proof_sent, 6, 51), 300), EventOutcome::changed);
  EXPECT_EQ(apply_event(r, event(IntentStep::proof_sent, 7, 60), 400), EventOutcome::unchanged);
  EXPECT_EQ(r.proof_sent->transaction_hash, hash_of(6));
  EXPECT_EQ(r.updated_at, 300u);
  IntentRecord reversed = registered();
  apply_event(reversed, event(IntentStep::proof_sent, 7, 60), 300);
  apply_event(reversed, event(IntentStep::proof_sent, 6, 51), 300);
  EXPECT_EQ(reversed, r);
  // Only the destination's Portal proves a fill of it.
  IntentEvent on_source = event(IntentStep::proof_sent, 8, 12);
  on_source.tx.chain_id = kSource;
  EXPECT_EQ(apply_event(r, on_source, 500), EventOutcome::wrong_chain);
  // A reorganisation that drops the proof drops the fill it stood for.
  IntentEvent removed = event(IntentStep::proof_sent, 6, 51);
  removed.removed = true;
  EXPECT_EQ(apply_event(r, removed, 600), EventOutcome::changed);
  EXPECT_FALSE(r.proof_sent.has_value());
  EXPECT_EQ(derive_status(r, at(kBeforeRoute)), IntentStatus::pending);
  EXPECT_EQ(step_name(IntentStep::proof_sent), "proofSent");
}

// What the Portal's refund() takes: the route hash and the reward, from IntentPublished (or the
// registration), first known kept, stored in the record's JSON and absent from older records.
TEST(IntentStatusRecord, RefundArgumentsAreKeptStoredAndOptionalInOlderRecords) {
  protocol::Reward reward;
  reward.deadline = kRewardDeadline;
  reward.creator = protocol::Account::from_evm(Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"));
  reward.prover = protocol::Account::from_evm(Address::parse("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"));
  reward.native_amount = U256(7);
  reward.tokens = {{protocol::Account::from_evm(Address::parse("0x5FbDB2315678afecb367f032d93F642f64180aa3")), U256(25'000'000)}};
  IntentEvent published = event(IntentStep::published, 1, 10);
  published.route_hash = hash_of(0x77);
  published.reward = reward;

  IntentRecord r = registered();
  const IntentRecord before = r;
  ASSERT_EQ(apply_event(r, published, 300), EventOutcome::changed);
  EXPECT_EQ(r.route_hash, hash_of(0x77));
  EXPECT_EQ(r.reward, reward);
  EXPECT_EQ(apply_event(r, published, 400), EventOutcome::unchanged);
  // The intent hash commits to both: a later publication cannot name others, the first stays.
  IntentEvent again = event(IntentStep::published, 2, 11);
  again.route_hash = hash_of(0x78);
  apply_event(r, again, 500);
  EXPECT_EQ(r.route_hash, hash_of(0x77));

  const nlohmann::ordered_json j = record_to_json(r);
  EXPECT_EQ(j["routeHash"], hex::encode(hash_of(0x77)));
  EXPECT_EQ(j["reward"], (nlohmann::ordered_json{{"deadline", kRewardDeadline},
                                         {"creator", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"},
                                         {"prover", "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"},
                                         {"nativeAmount", "7"},
                                         {"tokens", {{{"token", "0x5FbDB2315678afecb367f032d93F642f64180aa3"}, {"amount", "25000000"}}}}}));
  EXPECT_EQ(record_from_json(j), r);
  EXPECT_TRUE(record_to_json(before)["routeHash"].is_null());
  EXPECT_TRUE(record_to_json(before)["reward"].is_null());
  EXPECT_EQ(record_from_json(record_to_json(before)), before);
  // Records stored before these members existed read as records without them.
  nlohmann::ordered_json stored_earlier = record_to_json(before);
  stored_earlier.erase("routeHash");
  stored_earlier.erase("reward");
  EXPECT_EQ(record_from_json(stored_earlier), before);
  // Strict: the reward is the EVM form (a Solana creator is not an address there).
  nlohmann::ordered_json bad = j;
  bad["reward"]["creator"] = "3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3";
  EXPECT_NE(record_error(bad).find("record.reward.creator"), std::string::npos) << record_error(bad);
  bad = j;
  bad["routeHash"] = "0x12";
  EXPECT_NE(record_error(bad).find("record.routeHash"), std::string::npos) << record_error(bad);
}

TEST(IntentStatusRecord, JsonRoundTripsAndIsStrict) {
  const IntentRecord r = with({event(IntentStep::published, 1, 10), partial_funding(1, 10),
                               event(IntentStep::fulfilled, 2, 50, 4)});
  const nlohmann::ordered_json j = record_to_json(r);
  EXPECT_EQ(j["intentHash"], hex::encode(kIntent));
  EXPECT_EQ(j["transactions"]["fulfilled"]["chainId"], kDestination);
  EXPECT_EQ(j["transactions"]["fulfilled"]["logIndex"], 4);
  EXPECT_TRUE(j["transactions"]["proven"].is_null());
  EXPECT_EQ(j["fundedComplete"], false);
  EXPECT_TRUE(j["proofSent"].is_null());
  EXPECT_FALSE(j["transactions"].contains("proofSent"));
  EXPECT_EQ(record_from_json(j), r);

  const IntentRecord sent = with({event(IntentStep::proof_sent, 6, 51, 2)}, r);
  const nlohmann::ordered_json with_proof = record_to_json(sent);
  EXPECT_EQ(with_proof["proofSent"]["chainId"], kDestination);
  EXPECT_EQ(with_proof["proofSent"]["logIndex"], 2);
  EXPECT_EQ(record_from_json(with_proof), sent);
  // Records stored before proofSent existed read as records without one.
  nlohmann::ordered_json stored_earlier = j;
  stored_earlier.erase("proofSent");
  EXPECT_EQ(record_from_json(stored_earlier), r);
  nlohmann::ordered_json bad_proof = with_proof;
  bad_proof["proofSent"]["transactionHash"] = "0x12";
  EXPECT_NE(record_error(bad_proof).find("record.proofSent.transactionHash"), std::string::npos);

  // A transaction's block hash is kept, and optional: records stored before it existed.
  const IntentRecord hashed = with({in_block(event(IntentStep::proven, 7, 60), 0x60)}, r);
  const nlohmann::ordered_json with_hash = record_to_json(hashed);
  EXPECT_EQ(with_hash["transactions"]["proven"]["blockHash"], hex::encode(hash_of(0x60)));
  EXPECT_FALSE(j["transactions"]["fulfilled"].contains("blockHash"));
  EXPECT_EQ(record_from_json(with_hash), hashed);
  nlohmann::ordered_json bad_block_hash = with_hash;
  bad_block_hash["transactions"]["proven"]["blockHash"] = "0x12";
  EXPECT_NE(record_error(bad_block_hash).find("record.transactions.proven.blockHash"), std::string::npos);

  nlohmann::ordered_json extra = j;
  extra["status"] = "filled";
  EXPECT_THROW(record_from_json(extra), ParseError);
  nlohmann::ordered_json bad_tx = j;
  bad_tx["transactions"]["funded"]["transactionHash"] = "0x12";
  try {
    record_from_json(bad_tx);
    FAIL() << "accepted a short transaction hash";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("record.transactions.funded.transactionHash"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sr::service
