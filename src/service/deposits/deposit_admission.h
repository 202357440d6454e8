// Whether one more unfunded deposit address may be handed out. Every address is watched by its
// chain's reader until it is funded or its deadline passes, and its record is stored meanwhile:
// a stranger needs no key to create one, so the open, unfunded addresses are capped per deposit
// partner (a quota the partner's users share) and per client network (keys/client_network.h), and
// the worker counts them (each address holds a slot in both counts from creation until it is
// funded or its deadline passes).
//
// An IPv6 client's /48 is counted too (keys/client_network.h says why), at aggregateFactor times
// the network's cap, so that the /64s of one /56 or /48 cannot hold 256 or 65,536 times a
// client's cap between them (by default 1,600, not a partner's whole quota of 10,000).
//
// Op "depositAdmission" {"partner": Count, "network": Count, "aggregate"?: Count (the client's
//   /48, for an IPv6 client; its cap defaults to the network's times the factor),
//   "aggregateFactor"?: KEYLESS_AGGREGATE_FACTOR or null for the default 16, "now"}
//   where Count is {"open": the open unfunded addresses counting this one (the worker's count, taken before it asks, so two
//   racing creations see different counts), "cap"?: the deployment's cap
//   (DEPOSITS_UNFUNDED_PER_PARTNER, DEPOSITS_UNFUNDED_PER_CLIENT) or null for the default,
//   "freesAt"?: the earliest deadline (Unix seconds) among the addresses counted, or null}
//   -> 200 {"partner": {"cap", "remaining"}, "network": {"cap", "remaining"}, "aggregate"?: {"cap",
//      "remaining"} when counted} while all are within their caps
//    | 429 deposit-quota-exceeded naming the count that is full, with Retry-After (until the
//      earliest counted address passes its deadline, when a slot surely frees) and
//      RateLimit-Limit/-Remaining/-Reset (the worker then gives back the slots it counted).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// The default caps (the API contract's): a partner's quota is shared by all its users, and bounds
// what its addresses cost the chain readers (docs/scale.md, "Storage bounds"); a client network is one client (or a few behind one address), and a hundred open at once is
// more than a wallet or a dapp backend needs.
inline constexpr std::uint64_t kDefaultUnfundedPerPartner = 10'000;
inline constexpr std::uint64_t kDefaultUnfundedPerNetwork = 100;
// Retry-After when the worker cannot say when a slot frees (no deadline given): an address may be
// funded at any moment, so the client is told to come back soon rather than in a day.
inline constexpr std::uint64_t kDepositRetryAfterSec = 60;

OpResult deposit_admission_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
