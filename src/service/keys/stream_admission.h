// Whether a caller may open one more status stream. An open stream holds a shard's attention
// (a status read every few seconds, for up to its maximum age) whoever opened it, so concurrent
// streams are capped per API key and, for the keyless public stream, per client network
// (keys/client_network.h): a stranger cannot hold thousands open from one /64. An IPv6 client's
// /48 is counted too, at aggregateFactor times a network's cap, so that the /64s of one /56 do
// not hold 256 times a client's streams between them.
//
// Op "streamAdmission" {"caller": "key" | "network", "open": the caller's open streams counting
//   this one (the worker's count, taken before it asks, so two racing opens see different
//   counts), "cap"?: the deployment's cap for that kind of caller (STREAMS_PER_KEY,
//   STREAMS_PER_CLIENT) or null for the default, "aggregate"?: {"open": the /48's open streams,
//   this one included} for a network caller with an IPv6 /48, "aggregateFactor"?:
//   KEYLESS_AGGREGATE_FACTOR or null for the default 16}
//   -> 200 {"cap", "remaining", "aggregate"?: {"cap", "remaining"}} while both are within caps
//    | 429 rate-limited with Retry-After and RateLimit-Limit/-Remaining/-Reset headers beyond it
//      (the worker then gives back the slot it counted).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// The default caps: a key serves many users' wallets; a client network is one client.
inline constexpr std::uint64_t kDefaultStreamsPerKey = 100;
inline constexpr std::uint64_t kDefaultStreamsPerNetwork = 10;
// How soon a refused client may try again: streams end on their own (a final status, the
// maximum age) or when their clients leave, so a slot may come free at any moment.
inline constexpr std::uint64_t kStreamRetryAfterSec = 1;

OpResult stream_admission_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
