// Route planning: every priced way to move the request's tokens, ranked best first, or the most
// helpful reason why there is none.
//
// - Direct: one leg per solver that serves (source token -> destination token). Configured
//   solvers price with their terms (pricing.h); remote solvers with their answer
//   (solver_protocol.h), under the same limits.
// - Stitched (two legs), only when no solver serves the pair directly and service.maxHops >= 2:
//   source -> B -> destination for every listed token B on a third EVM chain (the first leg's
//   route runs EVM calls on B), with configured solvers on both legs. The first leg delivers
//   exactly its price, which funds the second intent. Other solvers that could fill the second
//   leg for the same reward are kept as alternatives (the quote lists them as `bucket-candidate`
//   intents).
// - Every route delivers exactly what it states: the recipient receives amount_out (no
//   slippage: the output is fixed when the quote is signed).
// - Protocol and gateway fees are charged once, in the destination token, paid by the delivery
//   leg's route (service_fee_out); each leg's solver keeps its `gas` and `proving` fee.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eth/u256.h"
#include "service/config/config.h"
#include "service/quotes/pricing.h"
#include "service/quotes/solver_protocol.h"

namespace sr::service {

struct PricedLeg {
  const SolverRecord* solver = nullptr;
  const TokenRecord* source = nullptr;       // the token the leg's reward pays
  const TokenRecord* destination = nullptr;  // the token the leg's route delivers
  LegPrice price;
  std::uint32_t fulfill_time_sec = 0;
};

// Another solver's fill of a plan's last leg, for the same reward.
struct AlternativeFill {
  PricedLeg leg;
  U256 delivered;  // what its route would transfer to the recipient
};


struct Plan {
  std::vector<PricedLeg> legs;  // 1 (direct) or 2 (stitched)
  U256 delivered;               // what the recipient receives: destination.amountOut = minAmountOut
  std::vector<AlternativeFill> alternatives;

  bool stitched() const { return legs.size() > 1; }
  const U256& source_amount() const { return legs.front().price.source_amount; }
  const U256& amount_out() const { return legs.back().price.amount_out; }
  std::uint64_t fulfill_time_sec() const;
  // Unique per plan: "atlas" for a direct fill, "atlas>10:USDC>harbor" for a stitched one.
  std::string key() const;
  RankKey rank_key() const;
};

struct PlanRequest {
  FixedSide side = FixedSide::input;
  U256 amount;  // source amount (fixed input) or destination amount (fixed output)
  TokenKey source;
  TokenKey destination;
  std::uint32_t protocol_bps = 0;
  std::uint32_t gateway_bps = 0;
  bool can_stitch = true;  // false when the refund recipient cannot own an intent on an EVM chain
};

struct Refusal {
  PricingFailure reason = PricingFailure::pair_not_served;
  std::string detail;  // a sentence for the problem's `detail`
};

struct Plans {
  std::vector<Plan> ranked;  // best first; empty when refused
  Refusal refusal;           // meaningful only when ranked is empty
};

Plans plan_routes(const Config& config, const PlanRequest& request,
                  const std::map<std::string, RemoteAnswer>& answers);

// The proving fee of one leg in base units of its source token. The configuration carries no
// proving cost yet, so this is zero; the fee entry is still reported per leg so clients and
// tests see where it goes.
U256 proving_fee(const Config& config, const TokenRecord& source, const TokenRecord& destination);

}  // namespace sr::service
