// The quote engine: from a validated request to the complete, signed v1 Quote (the Quote
// schema of edge-worker/openapi.json), or the 502 solver-error that says why no solver fills
// it. Pure: the caller passes the time, the random bytes, the signer and the remote solvers'
// answers, and the same inputs give the same bytes.
//
// Decisions (also in docs/quote-engine.md):
// - Lifetimes: expiresAt = now + service.quoteLifetimeSec; each leg's route deadline = the
//   previous deadline (expiresAt for the first leg) + the leg solver's fill window; each reward
//   deadline = its route deadline + service.rewardWindowSec. So expiresAt < route < reward, and a
//   stitched second leg's deadlines follow the first leg's route deadline it is published by.
// - Amounts: exact-in and custom deliver destination.minAmountOut = floor(amountOut x (1 -
//   slippage)) on chain (amountOut is the solver's price before the tolerance); exact-out delivers
//   destination.amount, with amountOut = minAmountOut = destination.amount and slippage 0 (no
//   tolerance is bound: the output is fixed).
// - Fees, in the token each is taken from: `protocol` (the key's protocolBps) and, for keys with a
//   partner, `gateway` (its gatewayBps), both on the first leg's source amount; per leg `gas` (the
//   solver's fixed fee plus its bps execution fee, or a remote solver's implied margin) and
//   `proving`. Every fee is binding (estimate: false): it is part of the quoted amounts.
// - Stitched routes (route_planner.h): steps = [first leg (stitched-source), delivery leg
//   (stitched-destination), then one step per alternative second-leg solver with its
//   bucket-candidate intent]. Bucket candidates carry the same reward as the delivery intent and
//   are not funded by this quote; they show what other solvers would deliver for that leg.
//   `solver` names the first leg's solver, whom the funder pays; top-level intentHash is null.
// - competingQuotes: null unless options.allQuotes; then every other plan, ranked best first (at
//   most service.maxCompetingQuotes), each a complete quote with its own id, salts and signature
//   and competingQuotes null. The winner is the top level and is not repeated.
// - Randomness (quote_randomness.h): quote q (0 = winner) has id uuid_v4(q) with its delivery
//   intent hash's first bytes leading (kQuoteIdHashBytes); its k-th intent in steps order has
//   salt(q * 256 + k).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "crypto/bytes.h"
#include "crypto/secp256k1.h"
#include "service/config/config.h"
#include "service/common/problem.h"
#include "service/keys/key_record.h"
#include "service/quotes/quote_request.h"
#include "service/quotes/funder_checks.h"
#include "service/quotes/solver_protocol.h"

namespace sr::service {

struct QuoteInputs {
  const Config& config;
  const QuoteRequest& request;
  const KeyRecord& key;
  std::uint64_t now = 0;      // Unix seconds
  ByteView random;            // at least QuoteRandomness::kMinBytes
  const secp256k1::SecretKey& signer;
  const std::map<std::string, RemoteAnswer>& answers;  // validated remote prices by solver id
  // What the source chain showed of the funder's allowance and balance (funder_checks.h);
  // nullopt on a chain the worker does not read.
  std::optional<FunderReads> funder_reads = std::nullopt;
};

// 200 with the Quote and the registrations of its quotes (the winner first, then each competing
// quote: what "registerQuote" with "fresh" answers for each, quote_registration.h), or 502
// solver-error.
OpResult build_quote(const QuoteInputs& inputs);

// Op "quote" {"body", "key", "now", "random", "solverAnswers"?, "funderReads"?}: validation (400/422), then
// 400 on options.allQuotes for a key without the all-quotes feature, then build_quote (whose
// registrations the answer carries beside its body).
OpResult quote_op(const Config& config, const secp256k1::SecretKey& signer, const nlohmann::ordered_json& input);

}  // namespace sr::service
