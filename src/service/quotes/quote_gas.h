// Gas limits estimated against the chain for a quote's EVM transactions (docs/quote-engine.md,
// "Approvals and checks"). The approvals and the funding are sent one after another, and the
// funding spends the allowance the last approval sets: estimated alone against the chain as it
// is, the funding would revert (no allowance yet). So they are simulated together, in sending
// order, in one block (eth_simulateV1: each call sees what the earlier ones changed), from the
// funder, without balance or fee checks (validation off: the funder need not hold gas money yet).
//
// Op "quoteGasCalls" {"quote"} -> 200 {"simulations": [{"quoteId", "chainId", "calls":
//   [{"from", "to", "data", "value": "0x…"}]}]}: one per quote with an EVM funding (the quote,
//   then each competing quote), its approvals in order then its funding. The worker simulates
//   those of chains it reads at their latest block and leaves out the others.
// Op "quoteGas" {"quote", "results": [{"quoteId", "calls": eth_simulateV1's call results [{"status",
//   "gasUsed"}]}]} -> 200 {"quote"}: each quote with a result in which every call succeeded has its
//   transactions' "gas" set to the gas the call used plus kGasMarginPercent (the 63/64 rule of
//   calls into other contracts and state that moves before the wallet sends need headroom, and an
//   unused limit costs nothing), never below 21000, and "gasEstimated": true; a quote whose
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

OpResult quote_gas_calls_op(const nlohmann::ordered_json& input);
OpResult quote_gas_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
