// The legacy v3 quoting service (POST /api/v3/quotes/exactIn and /exactOut): the validated legacy
// request becomes a v1 request for every solver's direct quote, priced and signed by the same
// engine, and each direct quote becomes one `data[]` entry in the legacy format. Keyless: no
// partner fees apply.
#pragma once

#include <nlohmann/json.hpp>

#include "crypto/secp256k1.h"
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

// input: {"body": <legacy request>, "now": unix seconds, "random": hex}. Answers 200
// {"data": [entry, ...]} (one entry per solver, best first), or the problem of the v1 engine
// (400 naming the legacy field paths, 422 unsupported chain, 502 no solver).
OpResult legacy_quote_op(const Config& config, const secp256k1::SecretKey& signer, const nlohmann::ordered_json& input,
                         LegacyQuoteKind kind);

}  // namespace sr::service
