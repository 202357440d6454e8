// The remote solver protocol (docs/solver-protocol.md). Solvers configured with a `url` price
// outside the core: the worker asks the core what to POST (op "solverRequests"), sends the
// requests in parallel, and passes whatever came back to op "quote" as `solverAnswers`. The core
// validates every answer strictly; a missing, late, malformed or inconsistent answer only removes
// that solver from the quote.
//
// Request body (JSON, POSTed to the solver's url, one per solver):
//   {"type": "exact-in" | "exact-out" | "custom",
//    "source":      {"chainId": 8453, "token": "0x…", "amount": "25000000"},   // amount: exact-in, custom
//    "destination": {"chainId": 10,   "token": "0x…", "amount": "25000000"},   // amount: exact-out
//    "calls": [{"target", "data", "value"}],                                    // custom only
//    "deadline": 1763701200}          // the route deadline the solver would have to fill by
// `source.amount` is the whole reward the solver would receive; `destination.amount` the whole of
// what its route would have to deliver: the recipient's amount plus the service's protocol and
// gateway fees, which the route pays on chain (service_fee_out: basis points of the request's
// fixed amount, so known before asking). The answer prices that whole: the service's fees are
// carved out of what the route delivers (exact-in: amountOut covers them, the recipient receives
// the rest), and the solver keeps the rest of the reward as its gas and proving fees.
//
// Answer body: exactly
//   {"amountOut": "24990000" | "amountIn": "25010000",   // amountOut for exact-in/custom, amountIn for exact-out
//    "estimatedFulfillTimeSec": 30,                      // 1 .. 86400
//    "validUntil": 1763697720}                           // Unix seconds, at least the quote's expiresAt
// Amounts are base units as strict decimal strings, > 0.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "eth/u256.h"
#include "service/config/config.h"
#include "service/quotes/pricing.h"
#include "service/quotes/quote_request.h"

namespace sr::service {

// How long the worker waits for a remote solver without a configured timeoutMs.
inline constexpr std::uint32_t kDefaultSolverTimeoutMs = 1500;

// A solver's validated price.
struct RemoteAnswer {
  U256 amount;  // amountOut (fixed input) or amountIn (fixed output)
  std::uint32_t estimated_fulfill_time_sec = 0;
  std::uint64_t valid_until = 0;
};

FixedSide fixed_side(QuoteType type);

// The body to POST to a remote solver for a direct fill of `request`; `fees_out` (exact-out only)
// is what the route pays the service's fee recipients besides destination.amount.
nlohmann::ordered_json solver_request_body(const QuoteRequest& request, std::uint64_t route_deadline,
                                           const U256& fees_out);

// The route deadline a solver is asked to fill by: expiresAt + its fill window.
std::uint64_t route_deadline(const ServiceSettings& service, const SolverRecord& solver, std::uint64_t now);

// Op "solverRequests" {"body", "key"?, "now"}: the request is validated exactly as op "quote" does
// (so the same 400/422 answers), and with "key" the key's features too (quote_refusal: a key that
// may not quote is refused before any solver is asked) and its fee schedule (an exact-out request
// asks for the route's whole delivery; without "key" no fees), then {"requests": [{"solverId", "url",
// "timeoutMs", "body"}]} for every remote solver that serves the pair directly, in configured order.
OpResult solver_requests(const Config& config, const nlohmann::ordered_json& input);

// One remote answer as received: {"solverId", "answer": {...}}, or the answer's members next to
// "solverId" in one object. nullopt unless it is well formed, from a configured remote solver,
// has the amount member `side` needs and is valid until at least `expires_at`.
std::optional<RemoteAnswer> read_solver_answer(const nlohmann::ordered_json& entry, FixedSide side,
                                               std::uint64_t expires_at, std::string* solver_id);

// All answers of a "solverAnswers" array by solver id. Entries that fail read_solver_answer, name
// a solver without a url, or name a solver twice are dropped (all of that solver's entries).
// A missing or non-array value gives no answers.
std::map<std::string, RemoteAnswer> read_solver_answers(const nlohmann::ordered_json* answers, const Config& config,
                                                        FixedSide side, std::uint64_t expires_at);

}  // namespace sr::service
