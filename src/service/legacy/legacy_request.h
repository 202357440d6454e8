// The legacy v3 requests (keyless, on the legacy host): the exact-out and exact-in quote
// envelope and the intent status lookup. Errors have the v1 shape (problem+json, every field in
// one answer), since the specification leaves the legacy error format open.
//
// Decisions (also in the OpenAPI document):
// - POST /api/v3/quotes/exactOut and /exactIn share one envelope: dAppID (1-128 characters),
//   intentExecutionTypes (non-empty array of Eco's enum, "SELF_PUBLISH" or "GASLESS"; repeats are
//   ignored), quoteRequest, optional contracts. Unknown members are refused.
// - "SELF_PUBLISH" is the only type this service quotes on the legacy host: a request naming
//   "GASLESS" answers 400 naming intentExecutionTypes, its message pointing to /v1/gasless (the
//   legacy host relays nothing).
// - quoteRequest: sourceChainID, destinationChainID (positive integers), sourceToken,
//   destinationToken, sourceAmount (strict decimal string > 0), funder, recipient are required;
//   refundRecipient defaults to funder. Addresses are checked for their chain's VM.
// - contracts: each of sourcePortal, destinationPortal, prover may be omitted (the configured
//   value is used); when given it must equal the configured value, since quotes are built and
//   vaults derived only for the configured deployment.
// - Field errors answer 400 first; an unconfigured chain then answers 422 chain-not-supported.
// - intentStatus: intentHash, intentCreatedHash, fulfillmentHash are optional 32-byte hashes
//   (0x + 64 hex digits, either case); at least one is required.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "service/common/chain_address.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

enum class IntentExecutionType { self_publish };

struct LegacyQuoteRequest {
  std::string dapp_id;
  std::vector<IntentExecutionType> execution_types;  // de-duplicated, in request order
  std::uint64_t source_chain_id = 0;
  std::uint64_t destination_chain_id = 0;
  ChainAddress source_token;
  ChainAddress destination_token;
  U256 source_amount;
  ChainAddress funder;
  ChainAddress refund_recipient;  // quoteRequest.refundRecipient, or the funder
  ChainAddress recipient;
};

// For POST /api/v3/quotes/exactOut and /api/v3/quotes/exactIn.
Validated<LegacyQuoteRequest> validate_legacy_quote_request(const nlohmann::ordered_json& body, const Config& config);

struct LegacyIntentStatusRequest {
  std::optional<Hash32> intent_hash;
  std::optional<Hash32> intent_created_hash;  // transaction hash of the intent's creation
  std::optional<Hash32> fulfillment_hash;     // transaction hash of the fulfillment
};

// For POST /api/v3/intents/intentStatus.
Validated<LegacyIntentStatusRequest> validate_legacy_intent_status(const nlohmann::ordered_json& body);

}  // namespace sr::service
