#include "service/quotes/pricing.h"

#include <gtest/gtest.h>

#include <vector>

namespace sr::service {
namespace {

U256 dec(const char* text) { return U256::from_decimal(text); }

// Wide limits and plenty of inventory unless a test narrows them. protocol and gateway are the
// service's fees the route pays, in destination units.
LegTerms terms(std::uint32_t solver_bps, std::uint64_t fixed, std::uint64_t protocol = 0,
               std::uint64_t gateway = 0, std::uint64_t proving = 0,
               std::uint32_t source_decimals = 6, std::uint32_t destination_decimals = 6) {
  LegTerms t;
  t.solver.fee_bps = solver_bps;
  t.solver.fixed_fee = fixed;
  t.solver.min_amount = 0;
  t.solver.max_amount = U256::max();
  t.solver.inventory = U256::max();
  t.protocol_out = protocol;
  t.gateway_out = gateway;
  t.proving_fee = proving;
  t.source_decimals = source_decimals;
  t.destination_decimals = destination_decimals;
  return t;
}

TEST(PricingDecimals, ScalesExactlyAndRoundsAsAsked) {
  EXPECT_EQ(convert_decimals(1, 6, 18, Rounding::floor), dec("1000000000000"));
  EXPECT_EQ(convert_decimals(dec("1999999999999"), 18, 6, Rounding::floor), U256{1});
  EXPECT_EQ(convert_decimals(dec("1999999999999"), 18, 6, Rounding::ceil), U256{2});
  EXPECT_EQ(convert_decimals(dec("2000000000000"), 18, 6, Rounding::floor), U256{2});
  EXPECT_EQ(convert_decimals(dec("2000000000000"), 18, 6, Rounding::ceil), U256{2});
  EXPECT_EQ(convert_decimals(1, 18, 6, Rounding::floor), U256{0});
  EXPECT_EQ(convert_decimals(1, 18, 6, Rounding::ceil), U256{1});
  EXPECT_EQ(convert_decimals(12345, 6, 6, Rounding::ceil), U256{12345});
}

TEST(PricingDecimals, ExtremeExponents) {
  // 10^77 < 2^256 < 10^78.
  EXPECT_EQ(convert_decimals(1, 0, 77, Rounding::floor)->to_decimal(), "1" + std::string(77, '0'));
  EXPECT_EQ(convert_decimals(2, 0, 77, Rounding::floor), std::nullopt);
  EXPECT_EQ(convert_decimals(1, 0, 78, Rounding::floor), std::nullopt);
  EXPECT_EQ(convert_decimals(0, 0, 78, Rounding::floor), U256{0});
  EXPECT_EQ(convert_decimals(U256::max(), 78, 0, Rounding::floor), U256{0});
  EXPECT_EQ(convert_decimals(U256::max(), 78, 0, Rounding::ceil), U256{1});
  EXPECT_EQ(convert_decimals(0, 78, 0, Rounding::ceil), U256{0});
}

TEST(PricingFees, BasisPointsRoundUp) {
  EXPECT_EQ(bps_fee(1'000'000, 4), U256{400});
  EXPECT_EQ(bps_fee(1'000'001, 4), U256{401});
  EXPECT_EQ(bps_fee(2'499, 4), U256{1});  // 0.9996 -> 1
  EXPECT_EQ(bps_fee(0, 4), U256{0});
  EXPECT_EQ(bps_fee(1'000'000, 0), U256{0});
  EXPECT_EQ(bps_fee(U256::max(), 10'000), U256::max());
}

TEST(PricingFees, LegFeesByType) {
  // 100 USDC through a 4 bps + 0.02 solver, with a 0.1 gateway and 0.07 protocol fee paid out.
  auto fees = leg_fees(terms(4, 20'000, 70'000, 100'000, 3'000), 100'000'000);
  ASSERT_TRUE(fees);
  EXPECT_EQ(fees->protocol, U256{70'000});
  EXPECT_EQ(fees->gateway, U256{100'000});
  EXPECT_EQ(fees->solver_fixed, U256{20'000});
  EXPECT_EQ(fees->solver_bps, U256{40'000});
  EXPECT_EQ(fees->gas(), U256{60'000});
  EXPECT_EQ(fees->proving, U256{3'000});
  EXPECT_EQ(fees->kept(), U256{63'000});
  EXPECT_EQ(fees->paid_out(), U256{170'000});
}

TEST(PricingFees, ServiceFeesAreBasisPointsOfTheFixedAmountAtPar) {
  // Fixed input: of the source amount, rounded up, then converted rounding up.
  EXPECT_EQ(service_fee_out(FixedSide::input, 100'000'000, 10, 6, 6), U256{100'000});
  EXPECT_EQ(service_fee_out(FixedSide::input, 100'000'001, 10, 6, 6), U256{100'001});
  EXPECT_EQ(service_fee_out(FixedSide::input, dec("1000000000000000001"), 10, 18, 6), U256{1'001});
  EXPECT_EQ(service_fee_out(FixedSide::input, 1'000'000, 10, 6, 18), dec("1000000000000000"));
  // Fixed output: of the destination amount, in its own units.
  EXPECT_EQ(service_fee_out(FixedSide::output, 99'840'001, 10, 18, 6), U256{99'841});
  EXPECT_EQ(service_fee_out(FixedSide::output, 5, 0, 6, 6), U256{0});
  EXPECT_EQ(service_fee_out(FixedSide::output, U256::max(), 10'000, 6, 6), U256::max());
  EXPECT_EQ(service_fee_out(FixedSide::input, U256::max(), 10'000, 6, 18), std::nullopt);
}

TEST(PricingFees, SumOverflowIsReported) {
  EXPECT_EQ(leg_fees(terms(0, 2, 0, 0, 0), U256::max()).has_value(), true);
  LegTerms t = terms(10'000, 1);
  EXPECT_EQ(leg_fees(t, U256::max()), std::nullopt);  // the whole amount plus 1
  LegTerms paid = terms(0, 0, 1);
  paid.gateway_out = U256::max();
  EXPECT_EQ(leg_fees(paid, 5), std::nullopt);  // protocol + gateway overflow
}

TEST(PricingFixedInput, NetAmountAfterAllFees) {
  LegQuote q = price_fixed_input(terms(4, 20'000, 0, 100'000), 100'000'000);
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->source_amount, U256{100'000'000});
  EXPECT_EQ(q.price->fees.kept(), U256{60'000});
  EXPECT_EQ(q.price->fees.paid_out(), U256{100'000});
  EXPECT_EQ(q.price->amount_out, U256{99'840'000});
  // The route delivers the recipient's amount and the gateway fee: all the solver does not keep.
  EXPECT_EQ(q.price->delivered(), U256{99'940'000});
}

TEST(PricingFixedInput, OutputInOtherDecimalsRoundsDown) {
  // 18-decimal source, 6-decimal destination: 1.0000009999... tokens net -> 1.000000.
  LegQuote q = price_fixed_input(terms(0, 0, 0, 0, 0, 18, 6), dec("1000000999999999999"));
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->amount_out, U256{1'000'000});
  // 6 -> 18 is exact.
  q = price_fixed_input(terms(0, 1, 0, 0, 0, 6, 18), 1'000'001);
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->amount_out, dec("1000000000000000000"));
}

TEST(PricingFixedInput, EachRefusal) {
  LegTerms t = terms(4, 20'000);
  t.solver.min_amount = 1'000'000;
  t.solver.max_amount = 1'000'000'000;
  t.solver.inventory = 500'000'000;

  EXPECT_EQ(price_fixed_input(t, 999'999).failure, PricingFailure::below_minimum);
  EXPECT_FALSE(price_fixed_input(t, 999'999).price);
  EXPECT_TRUE(price_fixed_input(t, 1'000'000).price);
  EXPECT_TRUE(price_fixed_input(t, 1'000'000'000).price == std::nullopt);  // output above inventory
  EXPECT_EQ(price_fixed_input(t, 1'000'000'000).failure, PricingFailure::above_inventory);
  EXPECT_EQ(price_fixed_input(t, 1'000'000'001).failure, PricingFailure::above_maximum);

  // The inventory bounds the output, not the input: 500.2 in, 500.0 out after fees.
  // fees(S) = 20000 + ceil(S * 4 / 10000); S = 500_220_088 -> fees 220_089 -> out 499_999_999.
  EXPECT_TRUE(price_fixed_input(t, 500'220'088).price);
  EXPECT_EQ(price_fixed_input(t, 500'240'089).failure, PricingFailure::above_inventory);

  // The inventory bounds what the route delivers in all, paid fees included.
  LegTerms paying = terms(0, 0, 0, 10);
  paying.solver.inventory = 100;
  EXPECT_EQ(price_fixed_input(paying, 100).price->amount_out, U256{90});
  EXPECT_EQ(price_fixed_input(paying, 101).failure, PricingFailure::above_inventory);
  // Paid fees that take all the solver delivers leave nothing for the recipient.
  EXPECT_EQ(price_fixed_input(terms(0, 0, 6, 4), 10).failure, PricingFailure::fees_exceed_amount);
  EXPECT_EQ(price_fixed_input(terms(0, 0, 6, 4), 11).price->amount_out, U256{1});

  // Fees equal to the amount leave nothing to deliver.
  LegTerms greedy = terms(0, 20'000);
  EXPECT_EQ(price_fixed_input(greedy, 20'000).failure, PricingFailure::fees_exceed_amount);
  EXPECT_EQ(price_fixed_input(greedy, 19'999).failure, PricingFailure::fees_exceed_amount);
  EXPECT_EQ(price_fixed_input(greedy, 20'001).price->amount_out, U256{1});
  // A net amount that converts to zero destination units delivers nothing either.
  LegTerms down = terms(0, 0, 0, 0, 0, 18, 6);
  EXPECT_EQ(price_fixed_input(down, dec("999999999999")).failure, PricingFailure::fees_exceed_amount);
}

TEST(PricingFixedOutput, HandComputedAmount) {
  // out = S - 20000 - ceil(S*4/10000) - 99_840 >= 99_840_000 -> S = 100_000_000 exactly gives
  // 100_000_000 - 20_000 - 40_000 - 99_840 = 99_840_160; S = 99_999_840 gives
  // 99_999_840 - 20_000 - 40_000 (ceil of 39_999.936) - 99_840 = 99_840_000.
  LegQuote q = price_fixed_output(terms(4, 20'000, 0, 99'840), 99'840'000);
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->source_amount, U256{99'999'840});
  EXPECT_EQ(q.price->amount_out, U256{99'840'000});
  EXPECT_EQ(q.price->fees.kept(), U256{60'000});
  EXPECT_EQ(q.price->delivered(), U256{99'939'840});
  // One more unit out, one more unit in (the bps fee stays 40_000 up to 100_000_000).
  q = price_fixed_output(terms(4, 20'000, 0, 99'840), 99'840'001);
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->source_amount, U256{99'999'841});
  // Past it the fee steps: 100_000_001 pays 40_001, so out 99_840_161 needs 100_000_002.
  q = price_fixed_output(terms(4, 20'000, 0, 99'840), 99'840'161);
  ASSERT_TRUE(q.price);
  EXPECT_EQ(q.price->source_amount, U256{100'000'002});
}

// The smallest source amount for every output up to max_out, found by pricing every source
// amount upward from zero: an independent check that the inverse is exact, including where
// several ceilings step together and the forward price is not monotone.
std::vector<std::uint64_t> brute_force_minimal_sources(const LegTerms& t, std::uint64_t max_out) {
  std::vector<std::uint64_t> minimal(max_out + 1, 0);
  std::uint64_t covered = 0;
  for (std::uint64_t s = 0; covered < max_out; ++s) {
    LegQuote q = price_fixed_input(t, s);
    if (!q.price) continue;
    const std::uint64_t out = q.price->amount_out.as_u64();
    for (; covered < out && covered < max_out; ++covered) minimal[covered + 1] = s;
  }
  return minimal;
}

TEST(PricingFixedOutput, MinimalSourceAmountAgainstBruteForce) {
  const std::vector<LegTerms> cases = {
      terms(4, 20),
      terms(9, 3, 7, 13, 2),          // an odd bps fee, paid fees and a proving fee
      terms(9'000, 0, 30, 30),        // fees take 90% and more
      terms(30, 5, 0, 0, 0, 6, 4),    // destination has fewer decimals
      terms(30, 5, 0, 0, 0, 4, 6),    // destination has more decimals
  };
  constexpr std::uint64_t kMaxOut = 400;
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const auto expected = brute_force_minimal_sources(cases[c], kMaxOut);
    for (std::uint64_t out = 1; out <= kMaxOut; ++out) {
      LegQuote q = price_fixed_output(cases[c], out);
      ASSERT_TRUE(q.price) << "case " << c << " out " << out;
      EXPECT_EQ(q.price->source_amount, U256{expected[out]}) << "case " << c << " out " << out;
      // The source pays at least the requested output after fees...
      LegQuote forward = price_fixed_input(cases[c], q.price->source_amount);
      ASSERT_TRUE(forward.price);
      EXPECT_GE(forward.price->amount_out, U256{out});
      // ...and one unit less would underpay.
      LegQuote less = price_fixed_input(cases[c], q.price->source_amount.sub_or_throw(1));
      EXPECT_TRUE(!less.price || less.price->amount_out < U256{out}) << "case " << c << " out " << out;
    }
  }
}

TEST(PricingFixedOutput, EachRefusal) {
  LegTerms t = terms(4, 20'000);
  t.solver.min_amount = 1'000'000;
  t.solver.max_amount = 1'000'000'000;
  t.solver.inventory = 500'000'000;
  // 1 unit out needs 20_002 in: below the minimum.
  EXPECT_EQ(price_fixed_output(t, 1).failure, PricingFailure::below_minimum);
  EXPECT_EQ(price_fixed_output(t, 500'000'001).failure, PricingFailure::above_inventory);
  EXPECT_TRUE(price_fixed_output(t, 500'000'000).price);
  t.solver.inventory = U256::max();
  EXPECT_EQ(price_fixed_output(t, 999'600'000).failure, PricingFailure::above_maximum);
  EXPECT_EQ(price_fixed_output(terms(10'000, 0), 1).failure, PricingFailure::fees_exceed_amount);
  // The inventory bounds the output plus the fees the route pays.
  LegTerms paying = terms(0, 0, 0, 10);
  paying.solver.inventory = 100;
  EXPECT_TRUE(price_fixed_output(paying, 90).price);
  EXPECT_EQ(price_fixed_output(paying, 91).failure, PricingFailure::above_inventory);
  EXPECT_EQ(price_fixed_output(terms(4, 1), U256::max()).failure, PricingFailure::out_of_range);
  EXPECT_EQ(price_fixed_output(terms(4, 1), 0).failure, PricingFailure::out_of_range);
}

TEST(PricingFailures, MostHelpfulFirst) {
  EXPECT_TRUE(more_helpful(PricingFailure::below_minimum, PricingFailure::pair_not_served));
  EXPECT_TRUE(more_helpful(PricingFailure::above_inventory, PricingFailure::pair_not_served));
  EXPECT_TRUE(more_helpful(PricingFailure::below_minimum, PricingFailure::above_maximum));
  EXPECT_FALSE(more_helpful(PricingFailure::pair_not_served, PricingFailure::above_maximum));
  EXPECT_FALSE(more_helpful(PricingFailure::below_minimum, PricingFailure::below_minimum));
  EXPECT_EQ(failure_name(PricingFailure::above_inventory), "above-inventory");
  EXPECT_EQ(failure_name(PricingFailure::pair_not_served), "pair-not-served");
}

TEST(PricingRanking, BestFirstThenFasterThenId) {
  RankKey a{100, 90, 60, "b"};
  RankKey b{100, 91, 90, "a"};
  EXPECT_TRUE(ranks_before(FixedSide::input, b, a));  // higher minimum out wins
  EXPECT_FALSE(ranks_before(FixedSide::input, a, b));
  RankKey c{99, 80, 90, "c"};
  EXPECT_TRUE(ranks_before(FixedSide::output, c, a));  // lower source amount wins
  RankKey fast{100, 90, 20, "z"};
  EXPECT_TRUE(ranks_before(FixedSide::input, fast, a));
  EXPECT_TRUE(ranks_before(FixedSide::output, fast, a));
  RankKey same{100, 90, 60, "a"};
  EXPECT_TRUE(ranks_before(FixedSide::input, same, a));
  EXPECT_FALSE(ranks_before(FixedSide::input, a, a));
}

}  // namespace
}  // namespace sr::service
