#include "service/quotes/pricing.h"

#include <stdexcept>

namespace sr::service {

namespace {

std::optional<U256> pow10(std::uint32_t exponent) {
  U256 result = 1;
  for (std::uint32_t i = 0; i < exponent; ++i) {
    auto next = result.checked_mul(10);
    if (!next) return std::nullopt;
    result = *next;
  }
  return result;
}

LegQuote refused(PricingFailure failure) { return LegQuote{std::nullopt, failure}; }

// The limits a source amount must respect, in the order a client reads them.
std::optional<PricingFailure> check_source_limits(const SolverTerms& solver, const U256& source) {
  if (source < solver.min_amount) return PricingFailure::below_minimum;
  if (source > solver.max_amount) return PricingFailure::above_maximum;
  return std::nullopt;
}

}  // namespace

U256 LegFees::kept() const { return gas().add_or_throw(proving); }

std::string_view failure_name(PricingFailure failure) {
  switch (failure) {
    case PricingFailure::below_minimum: return "below-minimum";
    case PricingFailure::fees_exceed_amount: return "fees-exceed-amount";
    case PricingFailure::above_maximum: return "above-maximum";
    case PricingFailure::above_inventory: return "above-inventory";
    case PricingFailure::no_answer: return "no-answer";
    case PricingFailure::pair_not_served: return "pair-not-served";
    case PricingFailure::out_of_range: return "out-of-range";
  }
  throw std::logic_error("unknown PricingFailure");
}

bool more_helpful(PricingFailure a, PricingFailure b) {
  return static_cast<int>(a) < static_cast<int>(b);
}

std::optional<U256> convert_decimals(const U256& amount, std::uint32_t from_decimals,
                                     std::uint32_t to_decimals, Rounding rounding) {
  if (from_decimals == to_decimals) return amount;
  if (to_decimals > from_decimals) {
    auto scale = pow10(to_decimals - from_decimals);
    if (!scale) return amount.is_zero() ? std::optional<U256>(U256{}) : std::nullopt;
    return amount.checked_mul(*scale);
  }
  auto scale = pow10(from_decimals - to_decimals);
  // A divisor beyond 2^256 exceeds every amount: the quotient is 0, plus 1 when rounding up a
  // non-zero amount.
  if (!scale) return (rounding == Rounding::ceil && !amount.is_zero()) ? U256{1} : U256{};
  return U256::mul_div(amount, 1, *scale, rounding);
}

std::optional<U256> bps_fee(const U256& amount, std::uint32_t bps) {
  return U256::mul_div(amount, bps, kBpsDenominator, Rounding::ceil);
}

std::optional<LegFees> leg_fees(const LegTerms& terms, const U256& source_amount) {
  auto solver_bps = bps_fee(source_amount, terms.solver.fee_bps);
  if (!solver_bps) return std::nullopt;
  LegFees fees{terms.protocol_out, terms.gateway_out, terms.solver.fixed_fee, *solver_bps, terms.proving_fee};
  // The sums may overflow even when each part fits.
  auto kept = fees.solver_fixed.checked_add(fees.solver_bps);
  if (kept) kept = kept->checked_add(fees.proving);
  if (!kept || !fees.protocol.checked_add(fees.gateway)) return std::nullopt;
  return fees;
}

std::optional<U256> service_fee_out(FixedSide side, const U256& fixed_amount, std::uint32_t bps,
                                    std::uint32_t source_decimals, std::uint32_t destination_decimals) {
  auto fee = bps_fee(fixed_amount, bps);
  if (!fee || side == FixedSide::output) return fee;
  return convert_decimals(*fee, source_decimals, destination_decimals, Rounding::ceil);
}

namespace {

// The fixed-input price without the solver's limits: the solver's fees, the converted rest
// (what the route delivers), and what of it reaches the recipient after the service's fees.
LegQuote price_before_limits(const LegTerms& terms, const U256& source_amount) {
  auto fees = leg_fees(terms, source_amount);
  if (!fees) return refused(PricingFailure::out_of_range);
  auto net = source_amount.checked_sub(fees->kept());
  if (!net || net->is_zero()) return refused(PricingFailure::fees_exceed_amount);
  auto delivered = convert_decimals(*net, terms.source_decimals, terms.destination_decimals, Rounding::floor);
  if (!delivered) return refused(PricingFailure::out_of_range);
  auto out = delivered->checked_sub(fees->paid_out());
  if (!out || out->is_zero()) return refused(PricingFailure::fees_exceed_amount);
  return LegQuote{LegPrice{source_amount, *fees, *out}, PricingFailure::out_of_range};
}

}  // namespace

LegQuote price_fixed_input(const LegTerms& terms, const U256& source_amount) {
  if (auto failure = check_source_limits(terms.solver, source_amount)) return refused(*failure);
  LegQuote quote = price_before_limits(terms, source_amount);
  if (quote.price && quote.price->delivered() > terms.solver.inventory) {
    return refused(PricingFailure::above_inventory);
  }
  return quote;
}

LegQuote price_fixed_output(const LegTerms& terms, const U256& amount_out) {
  if (amount_out.is_zero()) return refused(PricingFailure::out_of_range);
  if (terms.solver.fee_bps >= kBpsDenominator) return refused(PricingFailure::fees_exceed_amount);

  auto route_total = amount_out.checked_add(terms.protocol_out);
  if (route_total) route_total = route_total->checked_add(terms.gateway_out);
  if (!route_total) return refused(PricingFailure::out_of_range);
  auto required_net = convert_decimals(*route_total, terms.destination_decimals, terms.source_decimals, Rounding::ceil);
  auto fixed = terms.solver.fixed_fee.checked_add(terms.proving_fee);
  if (!required_net || !fixed) return refused(PricingFailure::out_of_range);
  auto gross = required_net->checked_add(*fixed);
  if (!gross) return refused(PricingFailure::out_of_range);
  // The bps fee is at least its exact share, so net(S) <= S * (1 - bps/10000) - fixed: no amount
  // below this candidate can deliver. The fee's ceiling may leave it a unit short; walking up
  // from it finds the smallest amount that delivers.
  auto candidate =
      U256::mul_div(*gross, kBpsDenominator, kBpsDenominator - terms.solver.fee_bps, Rounding::ceil);
  if (!candidate) return refused(PricingFailure::out_of_range);
  U256 source = *candidate;
  for (;;) {
    LegQuote forward = price_before_limits(terms, source);
    if (forward.price && forward.price->amount_out >= amount_out) break;
    if (!forward.price && forward.failure == PricingFailure::out_of_range) return forward;
    auto next = source.checked_add(1);
    if (!next) return refused(PricingFailure::out_of_range);
    source = *next;
  }

  if (auto failure = check_source_limits(terms.solver, source)) return refused(*failure);
  if (*route_total > terms.solver.inventory) return refused(PricingFailure::above_inventory);
  auto fees = leg_fees(terms, source);
  return LegQuote{LegPrice{source, *fees, amount_out}, PricingFailure::out_of_range};
}

bool ranks_before(FixedSide side, const RankKey& a, const RankKey& b) {
  if (side == FixedSide::input) {
    if (a.min_amount_out != b.min_amount_out) return a.min_amount_out > b.min_amount_out;
  } else {
    if (a.source_amount != b.source_amount) return a.source_amount < b.source_amount;
  }
  if (a.fulfill_time_sec != b.fulfill_time_sec) return a.fulfill_time_sec < b.fulfill_time_sec;
  return a.solver_id < b.solver_id;
}

}  // namespace sr::service
