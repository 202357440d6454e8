// Pricing of one solver leg: the fees a source amount pays, the amount the solver's route
// delivers for it, and the inverse (the smallest source amount that delivers a fixed output).
// Exact integer arithmetic on base units; every rounding is chosen so the service never promises
// more than it can pay and never asks the funder for less than the fees need:
//   - each basis-point fee is rounded up (ceil(amount * bps / 10000));
//   - an output converted to another token's decimals is rounded down;
//   - a required input converted to another token's decimals is rounded up.
// A leg's statement adds up exactly (docs/quote-engine.md): the solver keeps `gas` and `proving`
// (source token) out of the reward, and its route delivers the rest, converted:
//   delivered = convert_floor(source_amount - gas - proving)
//             = amount_out + protocol + gateway   (destination token; the route pays those fees)
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
  U256 proving_fee;  // source token base units, fixed per leg
  // The service's fees this leg's route pays on chain, in destination token base units: set on
  // the delivery leg only (service_fee_out), zero on a stitched route's first leg.
  U256 protocol_out;
  U256 gateway_out;
  std::uint32_t source_decimals = 0;
  std::uint32_t destination_decimals = 0;
};

// The fees of one leg: what the solver keeps of the reward (source token base units) and what its
// route pays the service's fee recipients (destination token base units).
struct LegFees {
  U256 protocol;      // destination token, paid by the route
  U256 gateway;       // destination token, paid by the route
  U256 solver_fixed;  // source token
  U256 solver_bps;    // source token: the solver's execution fee; reported with solver_fixed as `gas`
  U256 proving;       // source token

  U256 gas() const { return solver_fixed.add_or_throw(solver_bps); }
  // What the solver keeps of the reward (source token): gas + proving.
  U256 kept() const;
  // What the route pays besides the recipient (destination token): protocol + gateway.
  U256 paid_out() const { return protocol.add_or_throw(gateway); }
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
  U256 amount_out;     // what the recipient receives (destination token units)

  // What the leg's route spends in all: amount_out + protocol + gateway (its route tokens).
  U256 delivered() const { return amount_out.add_or_throw(fees.paid_out()); }
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

// The fees a source amount pays on a leg (no limit checks): the solver's on source_amount, the
// service's as the terms carry them. nullopt on overflow.
std::optional<LegFees> leg_fees(const LegTerms& terms, const U256& source_amount);

// Fixed input: the solver's limits are checked against source_amount (minimum, maximum), then
// the fees, then the inventory against what the route delivers in all.
LegQuote price_fixed_input(const LegTerms& terms, const U256& source_amount);

// Fixed output: the smallest source amount whose fixed-input price gives the recipient at least
// amount_out (so one unit less would give less), then the same limit checks on it. The returned
// amount_out is the requested one. Where the destination token has no more decimals than the
// source (every configured pair: one solver's tokens share decimals), the smallest amount gives
// exactly amount_out, so the statement adds up with equality; otherwise the solver keeps the
// rounding (less than one source unit).
LegQuote price_fixed_output(const LegTerms& terms, const U256& amount_out);

// Which side of a quote the client fixed: exact-in and custom fix the input, exact-out the output.
enum class FixedSide { input, output };

// A service fee (protocol or gateway) in destination token base units: basis points of the
// amount the client fixed, counted at par. Fixed input: ceil(source amount x bps / 10^4),
// converted to the destination decimals rounding up; fixed output: ceil(destination amount x
// bps / 10^4). Depending only on the request, it is known before any solver prices (a remote
// solver is asked for the whole of what its route delivers). nullopt on overflow.
std::optional<U256> service_fee_out(FixedSide side, const U256& fixed_amount, std::uint32_t bps,
                                    std::uint32_t source_decimals, std::uint32_t destination_decimals);

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
