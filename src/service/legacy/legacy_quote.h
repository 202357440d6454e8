// The legacy v3 quoting service (POST /api/v3/quotes/exactIn and /exactOut): the validated legacy
// request becomes a v1 request for every solver's direct quote, priced and signed by the same
// engine, and each direct quote becomes one `data[]` entry in the legacy format. Keyless: no
// partner fees apply.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "crypto/secp256k1.h"
#include "service/common/chain_address.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

enum class LegacyQuoteKind {
  // quoteRequest.sourceAmount is what the funder locks; destinationAmount is guaranteed.
  exact_in,
  // The legacy request names one amount, quoteRequest.sourceAmount; for exactOut it is the amount
  // the recipient must receive (in the destination token's base units), and each entry's
  // sourceAmount is what the funder must lock for it.
  exact_out,
};

// receiveSignedIntentUrl of every entry sourced on this token: the absolute URL (from
// service.baseUrl) of the v1 gasless endpoint that takes a signed authorization of the token's
// first gasless standard (permit3, then permit2, then erc3009), e.g.
// "https://api.example/v1/gasless/permit3". A token with no gasless standard (Solana's) gets the
// prefix of those endpoints, <baseUrl>/v1/gasless: no authorization applies to it, and its entries
// are funded by the funder's own transaction. The legacy host itself relays nothing; Eco's field
// is a required string, and this is where this service takes a signed authorization (with a v1
// quote and an API key).
std::string receive_signed_intent_url(const Config& config, std::uint64_t source_chain_id,
                                      const ChainAddress& source_token);

// Op "legacySolverRequests" {"body": <legacy request>, "kind": "exactIn" | "exactOut", "now"}: the
// remote solvers to ask for a legacy request, as op "solverRequests" answers them for the v1
// request it stands for ({"requests": [...]}), or the legacy request's 400/422. The worker asks
// them and passes their answers to legacyExactIn/legacyExactOut as "solverAnswers", with the same
// "now", so that a deployment whose solvers are all remote (production) quotes on /api/v3 too.
OpResult legacy_solver_requests_op(const Config& config, const nlohmann::ordered_json& input);

// input: {"body": <legacy request>, "now": unix seconds, "random": hex, "solverAnswers"?: the
// remote answers, as for op "quote"}. Answers 200
// {"data": [entry, ...]} (one entry per solver, best first), or the problem of the v1 engine
// (400 naming the legacy field paths, 422 unsupported chain, 502 no solver).
OpResult legacy_quote_op(const Config& config, const secp256k1::SecretKey& signer, const nlohmann::ordered_json& input,
                         LegacyQuoteKind kind);

}  // namespace sr::service
