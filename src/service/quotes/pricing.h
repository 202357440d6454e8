// Pricing of one solver leg: the fees a source amount pays, the amount the solver delivers for
// it, and the inverse (the smallest source amount that delivers a fixed output). Exact integer
// arithmetic on base units; every rounding is chosen so the service never promises more than it
// can pay and never asks the funder for less than the fees need:
//   - each basis-point fee is rounded up (ceil(amount * bps / 10000));
//   - an output converted to another token's decimals is rounded down;
//   - a required input converted to another token's decimals is rounded up;
//   - the slippage tolerance rounds the guaranteed minimum down.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "eth/u256.h"
#include "service/config/config.h"

namespace sr::service {

// The terms one solver prices by. Amounts are base units of the leg's source token, except
// `inventory` (base units of the destination token: what the solver holds to deliver).
struct SolverTerms {
  std::uint32_t fee_bps = 0;
  U256 fixed_fee;
  U256 min_amount;
  U256 max_amount;
  U256 inventory;
};

// Everything a leg's price depends on besides the amount.
struct LegTerms {
  SolverTerms solver;
  std::uint32_t protocol_bps = 0;  // the key's fee schedule; charged on the first leg only
  std::uint32_t gateway_bps = 0;   // the partner's fee; 0 for keys without a partner
  U256 proving_fee;                // source token base units, fixed per leg
  std::uint32_t source_decimals = 0;
  std::uint32_t destination_decimals = 0;
};

// The fees taken out of one leg's source amount, in that source token's base units.
struct LegFees {
  U256 protocol;
  U256 gateway;
  U256 solver_fixed;
  U256 solver_bps;  // the solver's execution fee; reported together with solver_fixed as `gas`
  U256 proving;

  U256 gas() const { return solver_fixed.add_or_throw(solver_bps); }
  U256 total() const;
};

// Why a solver cannot price a leg. Declared from the most to the least helpful reason to show a
// client when every solver refuses (see more_helpful).
enum class PricingFailure {
  below_minimum,       // source amount below the solver's minimum
  fees_exceed_amount,  // the fees take the whole source amount (or more)
  above_maximum,       // source amount above the solver's maximum
  above_inventory,     // the output exceeds what the solver holds of the destination token
  no_answer,           // a remote solver gave no valid, timely answer
  pair_not_served,     // no solver offers this source/destination pair
  out_of_range,        // an amount overflows 256 bits (or the requested output is unreachable)
};

std::string_view failure_name(PricingFailure failure);  // "below-minimum", ...
// True when `a` tells a client more about what to change than `b`.
bool more_helpful(PricingFailure a, PricingFailure b);

struct LegPrice {
  U256 source_amount;  // what the leg's intent rewards (source token units)
  LegFees fees;
  U256 amount_out;     // what the solver delivers for it (destination token units)
};

// A price or the reason there is none; exactly one of the two is meaningful.
struct LegQuote {
  std::optional<LegPrice> price;
  PricingFailure failure = PricingFailure::out_of_range;
};

// `amount` in `from_decimals` expressed in `to_decimals`, rounded as asked. nullopt when the
// result exceeds 2^256-1.
std::optional<U256> convert_decimals(const U256& amount, std::uint32_t from_decimals,
                                     std::uint32_t to_decimals, Rounding rounding);

// ceil(amount * bps / 10000). nullopt only if amount * bps / 10000 overflows.
std::optional<U256> bps_fee(const U256& amount, std::uint32_t bps);

// The fees a source amount pays on a leg (no limit checks). nullopt on overflow.
std::optional<LegFees> leg_fees(const LegTerms& terms, const U256& source_amount);

// Fixed input: the solver's limits are checked against source_amount (minimum, maximum), then
// the fees, then the inventory against the resulting amount_out.
LegQuote price_fixed_input(const LegTerms& terms, const U256& source_amount);

// Fixed output: the smallest source amount whose fixed-input price delivers at least
// amount_out (so one unit less would deliver less), then the same limit checks on it. The
// returned amount_out is the requested one; the solver may round in its favour by less than
// one destination unit.
LegQuote price_fixed_output(const LegTerms& terms, const U256& amount_out);

// floor(amount_out * (1 - slippage)), slippage in millionths (0..1'000'000).
U256 apply_slippage(const U256& amount_out, std::uint32_t slippage_millionths);

// Which side of a quote the client fixed: exact-in and custom fix the input, exact-out the output.
enum class FixedSide { input, output };

// What competing quotes are ranked by.
struct RankKey {
  U256 source_amount;
  U256 min_amount_out;
  std::uint64_t fulfill_time_sec = 0;
  std::string solver_id;  // the tie-breaker of last resort; unique per quote
};

// Best first: a fixed input ranks the higher minAmountOut first, a fixed output the lower
// source amount; ties go to the faster fill, then to the smaller solver id.
bool ranks_before(FixedSide side, const RankKey& a, const RankKey& b);

}  // namespace sr::service
