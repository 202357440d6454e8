// Whether one more keyless submit to a partner's deposit addresses may be checked now in this
// isolate. Checking a submit costs the isolate real work (the record's lookups, the signature, the
// preflight's plan, its chain reads and verdict: about a dozen core calls), and a stranger can send
// submits that are all refused (authorizations from fresh, empty wallets) from as many client
// networks as it has. Every request an isolate serves shares its one thread, so without a bound
// such a flood aimed at one partner's addresses delays every other partner's requests there. The
// worker keeps, per partner, when each submit being checked in its isolate started (the list lives
// and dies with the isolate) and asks here once a submit's body has arrived, before any bucket,
// object or chain is touched: beyond the cap the submit answers 429 at once, so the flood's excess
// costs almost nothing and only that partner's keyless submits wait (docs/security.md, row 70).
//
// A check the worker never saw end (a client that went away can cancel the request before the
// worker forgets it) stops counting kSubmitCheckMaxMs after it started, so no stranger can wear
// the cap down for good; the worker forgets the entries the answer names.
//
// Op "submitAdmission" {"partner": the deposit addresses' partner, "started": when each of that
//   partner's submits being checked in this isolate started (Unix ms), this one's included
//   (recorded before asking, so two racing submits see each other), "nowMs", "cap"?:
//   KEYLESS_SUBMITS_AT_ONCE, or null for the default}
//   -> 200 {"cap", "remaining", "expired": the indices into "started" that no longer count}
//      while the checks that count are at most the cap
//    | 429 rate-limited with Retry-After and RateLimit-Limit/-Remaining/-Reset beyond it (the
//      worker then forgets this one's entry).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// Submits to one partner's deposit addresses checked at once in an isolate. A person submits one
// authorization per deposit, a check takes a chain round trip or two, and an isolate serves a
// slice of the traffic, so two at once is rare for a real partner (the second then answers 429
// with Retry-After: 1, which clients retry), while a flood holds at most one refusal's worth of
// work at a time. Measured with 2, a flood still held a keyed submit at 1.42x-1.72x its quiet
// latency on the bench's two cores; with 1, 1.31x-1.38x (bench/README.md, "A flood of refused
// preflights").
inline constexpr std::uint64_t kDefaultSubmitsAtOnce = 1;
// A check takes about a chain round trip or two, each bounded by the worker's RPC timeout (5 s);
// one still counted after this long was cut off without the worker seeing its end.
inline constexpr std::uint64_t kSubmitCheckMaxMs = 30'000;
// A check ends within a second or so: a slot comes free by then.
inline constexpr std::uint64_t kSubmitRetryAfterSec = 1;

OpResult submit_admission_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
