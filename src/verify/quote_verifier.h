// The client duties of the specification ("Authentication", 7 and 8) and more, as named checks
// over a v1 quote, against the chain records the dapp trusts and the request it sent:
//   signature              EIP-712 Quote by the source chain's quoteSigner, low s, over the id, the
//                          sorted de-duplicated intent hashes and expiresAt
//   expiry                 now is before expiresAt; the intent's deadlines are after it
//   intent-hashes          every listed intent (and execution.intent) hashes to what is listed and
//                          signed; encodedRoute is the route's encoding; no reward lists a token
//                          twice
//   vault                  execution.vault and every listed vault recomputed (CREATE2 or PDA)
//   funding-target         the funding transaction goes to the source Portal of the chain records,
//                          from source.funder, on the source chain; the approval approves that
//                          Portal on the source token for the reward amount
//   funding-calldata       publishAndFund calldata (or the Solana fund instruction) carries exactly
//                          execution.intent
//   route-matches-request  type, chains, tokens, parties and fixed amounts match the request; the
//                          funded reward locks source.amount of source.token; every delivery intent
//                          pays the recipient at least destination.minAmountOut
//   slippage-bound         minAmountOut = floor(amountOut * (1 - slippage)) (fixed input) or the
//                          fixed destination.amount (exact-out); slippage is what was asked
//   competing-quotes       each competing quote passes all of the above
// Pure: the caller passes `now`. A malformed field fails the checks that read it, with its path.
#pragma once

#include <cstdint>
#include <memory>

#include <nlohmann/json.hpp>

#include "verify/json_members.h"

#include "verify/chain_directory.h"
#include "verify/report.h"

namespace sr::verify {

// The v1 quote request the dapp sent, or none (null) to skip the comparison: the verifier's own
// JSON value, or a nlohmann::json document, converted once (verify/nlohmann_api.cpp) for native
// callers.
class RequestDocument {
 public:
  RequestDocument(std::nullptr_t = nullptr) {}
  RequestDocument(const Json* request) : request_(request) {}
  RequestDocument(const nlohmann::json* request);
  const Json* get() const { return request_; }

 private:
  std::shared_ptr<const Json> converted_;
  const Json* request_ = nullptr;
};

struct QuoteContext {
  const ChainDirectory* chains = nullptr;
  RequestDocument request;
  std::uint64_t now = 0;  // Unix seconds
  // The ceiling on the total fee, in basis points of the source amount counted at par (the
  // dapp's `maxFeeBps`; 3% unless it sets its own).
  std::uint32_t max_fee_bps = 300;
};

// Every check above, in that order.
Report verify_quote(const Json& quote, const QuoteContext& context);
Report verify_quote(const nlohmann::json& quote, const QuoteContext& context);

// The JSON boundary: {"quote", "chains", "request"?, "now", "maxFeeBps"?} -> to_json(report). ParseError when the
// context itself (chains, request, now) is malformed; a malformed quote only fails checks.
Json verify_quote_json(const Json& args);
nlohmann::json verify_quote_json(const nlohmann::json& args);

}  // namespace sr::verify
