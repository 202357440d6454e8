// A token bucket: how many requests a key or a client network may make now (docs/security.md,
// "Rate limits"). The worker's RateLimiter objects hold the buckets (in memory, written to storage
// at most once per second) and ask this op at every withdrawal; what a bucket holds, what it
// grants, when a refused caller may try again and when a bucket is idle are decided here.
//
// A bucket: {"tokens": what it holds (fractional), "updatedMs": when that was, "leases":
//   [{"tokens", "expiresMs"}] the tokens an isolate holds unspent (leased), counted as still in
//   the bucket's keeping until they expire, so even a burst right after an idle lease gets at
//   most `burst` at once}.
//
// Op "rateBucket":
//   {"kind": "take", "bucket": bucket | null (none yet: a full one), "limit": {"ratePerSec",
//    "burst"}, "want": tokens asked for (a lease's size, at least 1), "spendOne": whether the
//    caller spends one of them now (the others are a lease), "nowMs"}
//   -> 200 {"bucket": the bucket after, "granted", "leased": the tokens of the new lease (granted
//      less the one spent), "allowed": granted > 0, "limit": burst, "remaining": whole tokens
//      left, "resetSec": until it is full again, "retryAfterSec": 0 when allowed, else until one
//      token is back (at least 1)}.
//   The bucket refills at ratePerSec from updatedMs, up to burst less the tokens out on unexpired
//   leases (expired leases are dropped); it grants as many whole tokens as asked and held.
//   {"kind": "idle", "buckets": {name: bucket with its "ratePerSec" and "burst"}, "nowMs"}
//   -> 200 {"idle": [name]}: the buckets back at their burst with no unexpired lease: exactly an
//      unused bucket, so forgetting it changes no answer.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// How long a lease's unspent tokens count as held by the isolate that leased them.
inline constexpr std::uint64_t kRateLeaseTtlMs = 500;

OpResult rate_bucket_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
