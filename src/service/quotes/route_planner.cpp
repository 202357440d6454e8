#include "service/quotes/route_planner.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace sr::service {

namespace {

struct Failure {
  PricingFailure reason;
  const SolverRecord* solver;
  bool first_leg;
};

// The service's fees a delivery route pays, in destination token units.
struct ServiceFees {
  U256 protocol;
  U256 gateway;
};

LegTerms config_terms(const SolverRecord& solver, const TokenRecord& source, const TokenRecord& destination,
                      const ServiceFees& service_fees, const U256& proving) {
  LegTerms t;
  t.solver = SolverTerms{solver.fee_bps, solver.fixed_fee, solver.min_amount, solver.max_amount,
                         solver.inventory_of(TokenKey{destination.chain_id, destination.address}).value_or(U256{})};
  t.protocol_out = service_fees.protocol;
  t.gateway_out = service_fees.gateway;
  t.proving_fee = proving;
  t.source_decimals = source.decimals;
  t.destination_decimals = destination.decimals;
  return t;
}

LegQuote refused(PricingFailure reason) { return LegQuote{std::nullopt, reason}; }

// A remote solver's price: its answer is what its route delivers in all for the whole reward
// (fixed input: amountOut for source.amount), or what it asks as the whole reward for delivering
// it (fixed output: amountIn for destination.amount = amount_out + the service's fees,
// solver_request_body). The service's fees are carved out of what the route delivers; the solver
// keeps the rest of the reward as its `gas` and `proving`. The solver's own limits still apply.
LegQuote price_remote(const LegTerms& terms, FixedSide side, const U256& amount, const RemoteAnswer& answer) {
  const std::uint32_t ds = terms.source_decimals, dd = terms.destination_decimals;
  const U256 paid_out = terms.protocol_out.add_or_throw(terms.gateway_out);
  U256 source, delivered;
  if (side == FixedSide::input) {
    source = amount;
    // A solver offering more than the reward is worth at par is taken at par: the statement
    // never shows a negative fee.
    if (terms.proving_fee >= source) return refused(PricingFailure::fees_exceed_amount);
    auto at_par = convert_decimals(source.sub_or_throw(terms.proving_fee), ds, dd, Rounding::floor);
    if (!at_par) return refused(PricingFailure::out_of_range);
    delivered = std::min(answer.amount, *at_par);
    if (delivered <= paid_out) return refused(PricingFailure::fees_exceed_amount);
  } else {
    auto total = amount.checked_add(paid_out);
    if (!total) return refused(PricingFailure::out_of_range);
    delivered = *total;
    auto needed = convert_decimals(delivered, dd, ds, Rounding::ceil);
    if (!needed) return refused(PricingFailure::out_of_range);
    auto floor_price = needed->checked_add(terms.proving_fee);
    if (!floor_price) return refused(PricingFailure::out_of_range);
    // A solver asking less than what it delivers is worth at par is paid at par.
    source = std::max(answer.amount, *floor_price);
  }
  if (source < terms.solver.min_amount) return refused(PricingFailure::below_minimum);
  if (source > terms.solver.max_amount) return refused(PricingFailure::above_maximum);
  if (delivered > terms.solver.inventory) return refused(PricingFailure::above_inventory);
  auto delivered_in_source = convert_decimals(delivered, dd, ds, Rounding::ceil);
  if (!delivered_in_source) return refused(PricingFailure::out_of_range);
  LegFees fees{terms.protocol_out, terms.gateway_out, U256{}, U256{}, terms.proving_fee};
  // What the solver keeps besides proving: the reward above what its route delivers, at par.
  fees.solver_fixed = source.sub_or_throw(*delivered_in_source).sub_or_throw(terms.proving_fee);
  return LegQuote{LegPrice{source, fees, delivered.sub_or_throw(paid_out)}, PricingFailure::out_of_range};
}

class Planner {
 public:
  Planner(const Config& config, const PlanRequest& request, const std::map<std::string, RemoteAnswer>& answers)
      : config_(config), request_(request), answers_(answers) {}

  Plans run() {
    const TokenRecord* source = config_.token(request_.source);
    const TokenRecord* destination = config_.token(request_.destination);
    if (!source || !destination) return refuse_unlisted(source, destination);
    try {
      fees_ = service_fees(*source, *destination);
    } catch (const std::out_of_range&) {
      Plans out;
      out.refusal = Refusal{PricingFailure::out_of_range, "out-of-range: the amount is out of range"};
      return out;
    }

    bool served_directly = false;
    for (const auto& solver : config_.solvers()) {
      if (!solver.serves(request_.source, request_.destination)) continue;
      served_directly = true;
      price_direct(solver, *source, *destination);
    }
    if (!served_directly && request_.can_stitch && config_.service().max_hops >= 2) {
      for (const auto& middle : config_.tokens()) stitch_through(*source, middle, *destination);
    }
    Plans out;
    if (plans_.empty()) {
      out.refusal = refusal(*source, *destination);
      return out;
    }
    std::sort(plans_.begin(), plans_.end(), [&](const Plan& a, const Plan& b) {
      return ranks_before(request_.side, a.rank_key(), b.rank_key());
    });
    out.ranked = std::move(plans_);
    return out;
  }

 private:
  // The service's fees, paid by the delivery leg in the destination token (service_fee_out).
  ServiceFees service_fees(const TokenRecord& source, const TokenRecord& destination) const {
    const auto fee = [&](std::uint32_t bps) {
      auto out = service_fee_out(request_.side, request_.amount, bps, source.decimals, destination.decimals);
      if (!out) throw std::out_of_range("service fee overflows");
      return *out;
    };
    return ServiceFees{fee(request_.protocol_bps), fee(request_.gateway_bps)};
  }

  // `delivery`: the leg whose route pays the recipient, and so the service's fees.
  LegTerms terms_for(const SolverRecord& solver, const TokenRecord& from, const TokenRecord& to, bool delivery) const {
    return config_terms(solver, from, to, delivery ? fees_ : ServiceFees{}, proving_fee(config_, from, to));
  }

  LegQuote price(const SolverRecord& solver, const LegTerms& terms, const U256& amount, std::uint32_t* fulfill) {
    *fulfill = solver.estimated_fulfill_time_sec;
    if (!solver.url) {
      return request_.side == FixedSide::input ? price_fixed_input(terms, amount) : price_fixed_output(terms, amount);
    }
    auto answer = answers_.find(solver.id);
    if (answer == answers_.end()) return refused(PricingFailure::no_answer);
    *fulfill = answer->second.estimated_fulfill_time_sec;
    return price_remote(terms, request_.side, amount, answer->second);
  }

  void price_direct(const SolverRecord& solver, const TokenRecord& source, const TokenRecord& destination) {
    std::uint32_t fulfill = 0;
    LegQuote q = price(solver, terms_for(solver, source, destination, true), request_.amount, &fulfill);
    if (!q.price) {
      failures_.push_back({q.failure, &solver, true});
      return;
    }
    Plan plan;
    plan.legs.push_back(PricedLeg{&solver, &source, &destination, *q.price, fulfill});
    plan.delivered = q.price->amount_out;
    plans_.push_back(std::move(plan));
  }

  // Configured solvers only: a remote solver's answer prices the direct pair it was asked about.
  std::vector<const SolverRecord*> local_solvers(const TokenRecord& from, const TokenRecord& to) const {
    std::vector<const SolverRecord*> out;
    for (const auto& s : config_.solvers()) {
      if (!s.url && s.serves(TokenKey{from.chain_id, from.address}, TokenKey{to.chain_id, to.address})) {
        out.push_back(&s);
      }
    }
    return out;
  }

  void stitch_through(const TokenRecord& source, const TokenRecord& middle, const TokenRecord& destination) {
    if (middle.chain_id == source.chain_id || middle.chain_id == destination.chain_id) return;
    const ChainRecord* chain = config_.chain(middle.chain_id);
    if (!chain || chain->vm != Vm::evm || !chain->prover) return;
    const auto first = local_solvers(source, middle);
    const auto second = local_solvers(middle, destination);
    if (first.empty() || second.empty()) return;

    for (const SolverRecord* s1 : first) {
      for (const SolverRecord* s2 : second) {
        const LegTerms t1 = terms_for(*s1, source, middle, false);
        const LegTerms t2 = terms_for(*s2, middle, destination, true);
        LegQuote q1, q2;
        if (request_.side == FixedSide::input) {
          q1 = price_fixed_input(t1, request_.amount);
          if (!q1.price) { failures_.push_back({q1.failure, s1, true}); continue; }
          q2 = price_fixed_input(t2, q1.price->amount_out);
          if (!q2.price) { failures_.push_back({q2.failure, s2, false}); continue; }
        } else {
          q2 = price_fixed_output(t2, request_.amount);
          if (!q2.price) { failures_.push_back({q2.failure, s2, false}); continue; }
          q1 = price_fixed_output(t1, q2.price->source_amount);
          if (!q1.price) { failures_.push_back({q1.failure, s1, true}); continue; }
        }
        Plan plan;
        plan.legs.push_back(PricedLeg{s1, &source, &middle, *q1.price, s1->estimated_fulfill_time_sec});
        plan.legs.push_back(PricedLeg{s2, &middle, &destination, *q2.price, s2->estimated_fulfill_time_sec});
        plan.delivered = q2.price->amount_out;
        add_alternatives(plan, second);
        plans_.push_back(std::move(plan));
      }
    }
  }

  // Solvers other than the chosen one that would fill the second leg for the same reward.
  void add_alternatives(Plan& plan, const std::vector<const SolverRecord*>& second) const {
    const PricedLeg& chosen = plan.legs.back();
    const U256& reward = chosen.price.source_amount;
    for (const SolverRecord* other : second) {
      if (other == chosen.solver) continue;
      LegQuote q = price_fixed_input(terms_for(*other, *chosen.source, *chosen.destination, true), reward);
      if (!q.price) continue;
      // A fixed output: the alternative delivers exactly the requested amount (it keeps any more).
      if (request_.side == FixedSide::output && q.price->amount_out < request_.amount) continue;
      const U256 fill = request_.side == FixedSide::input ? q.price->amount_out : request_.amount;
      plan.alternatives.push_back(AlternativeFill{
          PricedLeg{other, chosen.source, chosen.destination, *q.price, other->estimated_fulfill_time_sec}, fill});
    }
  }

  Plans refuse_unlisted(const TokenRecord* source, const TokenRecord* destination) const {
    Plans out;
    out.refusal.reason = PricingFailure::pair_not_served;
    const TokenKey& missing = source ? request_.destination : request_.source;
    out.refusal.detail = "no solver fills this route: token " + missing.address.text() +
                         " is not listed on chain " + std::to_string(missing.chain_id) +
                         (source || destination ? "" : " (nor is the destination token)") +
                         "; GET /v1/tokens lists the tokens solvers handle";
    return out;
  }

  Refusal refusal(const TokenRecord& source, const TokenRecord& destination) const {
    const std::string pair = source.symbol + " on chain " + std::to_string(source.chain_id) + " to " +
                             destination.symbol + " on chain " + std::to_string(destination.chain_id);
    Refusal r;
    if (config_.solvers().empty()) {
      // A deployment lists only solvers that exist; until an operator adds one, nobody fills.
      r.reason = PricingFailure::pair_not_served;
      r.detail = "no solver is configured in this deployment, so nobody can fill " + pair +
                 "; an operator adds remote solvers to solvers.json (docs/solver-protocol.md)";
      return r;
    }
    if (failures_.empty()) {
      r.reason = PricingFailure::pair_not_served;
      r.detail = "no solver serves " + pair + ", directly or through another chain";
      return r;
    }
    r.reason = failures_.front().reason;
    for (const auto& f : failures_) {
      if (more_helpful(f.reason, r.reason)) r.reason = f.reason;
    }
    // The bound over the refusing solvers' first legs, in source token units, tells the client
    // what amount would work.
    std::optional<U256> bound;
    for (const auto& f : failures_) {
      if (f.reason != r.reason || !f.first_leg) continue;
      const SolverRecord& s = *f.solver;
      if (r.reason == PricingFailure::below_minimum) {
        bound = bound ? std::min(*bound, s.min_amount) : s.min_amount;
      } else if (r.reason == PricingFailure::above_maximum) {
        bound = bound ? std::max(*bound, s.max_amount) : s.max_amount;
      }
    }
    const std::string side = request_.side == FixedSide::input ? "source.amount" : "the source amount destination.amount needs";
    const std::string units = " base units of " + source.symbol;
    switch (r.reason) {
      case PricingFailure::below_minimum:
        r.detail = side + " is below the minimum of every solver for " + pair +
                   (bound ? " (the smallest minimum is " + bound->to_decimal() + units + ")" : "");
        break;
      case PricingFailure::above_maximum:
        r.detail = side + " is above the maximum of every solver for " + pair +
                   (bound ? " (the largest maximum is " + bound->to_decimal() + units + ")" : "");
        break;
      case PricingFailure::fees_exceed_amount:
        r.detail = "the fees take the whole amount for " + pair + "; send a larger amount";
        break;
      case PricingFailure::above_inventory:
        r.detail = "no solver holds enough " + destination.symbol + " on chain " +
                   std::to_string(destination.chain_id) + " for this amount (no liquidity); try a smaller amount";
        break;
      case PricingFailure::no_answer:
        r.detail = "no solver for " + pair + " answered with a valid price in time; retry after a short delay";
        break;
      case PricingFailure::pair_not_served:
        r.detail = "no solver serves " + pair;
        break;
      case PricingFailure::out_of_range:
        r.detail = "the amount is out of range for " + pair;
        break;
    }
    r.detail = std::string(failure_name(r.reason)) + ": " + r.detail;
    return r;
  }

  const Config& config_;
  const PlanRequest& request_;
  const std::map<std::string, RemoteAnswer>& answers_;
  std::vector<Plan> plans_;
  std::vector<Failure> failures_;
  ServiceFees fees_;
};

}  // namespace

std::uint64_t Plan::fulfill_time_sec() const {
  std::uint64_t total = 0;
  for (const auto& leg : legs) total += leg.fulfill_time_sec;
  return total;
}

std::string Plan::key() const {
  std::string k = legs.front().solver->id;
  for (std::size_t i = 1; i < legs.size(); ++i) {
    k += ">" + std::to_string(legs[i].source->chain_id) + ":" + legs[i].source->symbol + ">" + legs[i].solver->id;
  }
  return k;
}

RankKey Plan::rank_key() const { return RankKey{source_amount(), delivered, fulfill_time_sec(), key()}; }

Plans plan_routes(const Config& config, const PlanRequest& request,
                  const std::map<std::string, RemoteAnswer>& answers) {
  return Planner(config, request, answers).run();
}

U256 proving_fee(const Config&, const TokenRecord&, const TokenRecord&) { return U256{}; }

}  // namespace sr::service
