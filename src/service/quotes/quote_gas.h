// Gas limits estimated against the chain for a quote's EVM transactions (docs/quote-engine.md,
// "Approvals and checks"). The approvals and the funding are sent one after another, and the
// funding spends the allowance the last approval sets: estimated alone against the chain as it
// is, the funding would revert (no allowance yet). So they are simulated together, in sending
// order, in one block (eth_simulateV1: each call sees what the earlier ones changed), from the
// funder, without balance or fee checks (validation off: the funder need not hold gas money yet).
//
// The op "quote" answers, beside the quote, its `simulations` (gas_simulations below): [{"quoteId",
//   "chainId", "calls": [{"from", "to", "data", "value": "0x…"}], "transactions": JSON pointers}],
//   one per quote with an EVM funding (the quote, then each competing quote), its approvals in
//   order then its funding; `transactions` points at each call's transaction in the quote body,
//   then at `execution.approval` (which repeats the last approval) when there is one. The worker
//   simulates those of chains it reads at their latest block and leaves out the others. They come
//   with the quote because naming them from the quote's JSON again cost a second parse of the
//   whole quote: a quarter of the core's time per quote (bench/README.md, "Load").
// Op "quoteGas" {"simulations", "results": [{"quoteId", "calls": eth_simulateV1's call results
//   [{"status", "gasUsed"}]}]} -> 200 {"patch": [{"path", "set": {"gas", "gasEstimated": true}}]}:
//   for each quote with a result in which every call succeeded, each transaction's gas is what its
//   call used plus kGasMarginPercent (the 63/64 rule of calls into other contracts and state that
//   moves before the wallet sends need headroom, and an unused limit costs nothing), never below
//   21000; the worker sets those members at those pointers of the body it holds. A quote whose
//   simulation failed or is missing (a chain the service does not read, a call that reverts: a
//   balance short of the amount) keeps the configured bounds (gasEstimated false).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

inline constexpr std::uint64_t kGasMarginPercent = 30;

// The limit a wallet is given for a call that used `gas_used` in the simulation.
std::uint64_t estimated_gas_limit(std::uint64_t gas_used);

// The simulations of a built quote (the op "quote" answers them beside it).
nlohmann::ordered_json gas_simulations(const nlohmann::ordered_json& quote);
OpResult quote_gas_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
