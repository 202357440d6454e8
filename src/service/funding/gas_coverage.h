// The highest gas price a job's quote pays for: its `gas` fee, charged in the source stablecoin
// (counted at 1 USD), converted into the chain's native token at the price the configuration
// states (service.json relay.nativeTokenUsd), of which the relayer may spend
// relay.gasFeeCoverageBps, spread over the gas the job's transactions may use (relay.gasLimits:
// the authorization's, when the plan has one, plus the funding's). The verification ops put it
// into the job's plan as "maxFeePerGasCoveredWei"; the relay ops never price a transaction above
// it, and the job waits while the chain asks more (service/funding/relay.h).
//
// Where the fee comes from, and why it can be trusted:
// - a deposit address: the fees stored with its record at creation (server side);
// - a gasless submit: the quote's `fees` travel with the client's copy of the quote and are NOT
//   covered by its signature (id, intent hashes, expiresAt), so a client could inflate `gas`.
//   The fee is bounded by what the signed intent commits the funder to pay beyond what the
//   destination receives: the reward amount less the route's amount (each stablecoin counted at
//   1 USD, converted to the source token's decimals, rounded so the bound is never larger). A
//   tampered quote thus lifts the cap at most to what the funder really pays in fees.
// Not covered: an L2's L1 data fee (outside gas used x price; relay.l1DataFeeAllowanceWei bounds it).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "eth/u256.h"
#include "protocol/intent.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

// The plan member carrying the covered price (decimal wei per gas).
inline constexpr const char* kCoveredPriceMember = "maxFeePerGasCoveredWei";

// The plan's covered price (decimal wei per gas), or nullopt for a plan stored before plans carried
// one (that job keeps the chain's ceiling alone). ParseError when the member is not a decimal
// amount. The plan is stored server side after verification, so the figure is trusted.
std::optional<U256> plan_covered_price(const nlohmann::ordered_json& plan);

// floor(gas_fee / 10^decimals [USD] / nativeTokenUsd [USD per native token] * 10^18
//       * gasFeeCoverageBps / 10000 / gas), gas = gasLimits.funding (+ .authorization when
// `has_authorization`). `token` is the source stablecoin the fee is in; its chain must be an EVM
// chain of the configuration (it has a price: config.cpp refuses to load otherwise).
U256 covered_max_fee_per_gas(const RelaySettings& settings, const TokenRecord& token, const U256& gas_fee,
                             bool has_authorization);

// The sum of the `gas` entries of a quote's `fees` (the API's Fee objects) charged in `token`
// (their token's chainId and address); entries in other tokens (a stitched route's later legs)
// and of other types are not counted. A malformed array or gas entry is recorded in `errors`
// against `path` ("quote.fees[2].amount") and answers nullopt.
std::optional<U256> quote_gas_fee(const nlohmann::ordered_json& fees, const TokenRecord& token, const std::string& path,
                                  FieldErrors& errors);

// What the intent commits its funder to pay beyond what the destination receives: the reward's
// amount of `source_token` less the route's token amounts, each converted to the source token's
// decimals (rounded up, so the result is never larger than the real spread); 0 when the route
// asks as much or more, or names a token the configuration does not know.
U256 committed_spread(const Config& config, const protocol::Intent& intent, const TokenRecord& source_token);

}  // namespace sr::service
