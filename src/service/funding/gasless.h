// Op "gaslessVerify": proves a gasless submit before the worker accepts it (edge-worker/openapi.json,
// "Gasless"). Input {"standard": "permit3"|"permit2"|"erc3009", "body": <the submit body as
// received>, "now", "confirmedChains"}; the body is {"quote", "permit3"|"permit2"|"authorization",
// "signature"} and nothing else.
//
// 200 {"jobKey", "standard", "quoteId", "intentHash", "chainId", "funder", "vault", "plan", "job"}:
// - jobKey: keccak256 over the quote id, the standard, the authorization's EIP-712 digest and
//   the 65 signature bytes. The digest is a canonical identity of the signed fields (spelling,
//   key order and hex case of the JSON do not matter), so the identical signed payload always
//   gives the same key and any other authorization for the quote a different one (409).
// - plan: what the relayer needs later (service/funding/relay.h), from verified values only.
// - job: the gasless job this submit creates, accepted at `now` (service/funding/gasless_job.h); the
//   worker stores it unless the quote already has one.
// 400 invalid-request listing every failed check with its field (funding_quote.h for the quote,
// funding_authorization.h for the authorization, "quote.source.token" when the token does not
// support the standard). 503 chain-unverified (after every other check passed) when an ERC-3009
// authorization or a Permit3 transfer would pay the vault on a chain whose Portal has not
// confirmed the vault derivation (vault_derivation.h).
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/funding/funding_authorization.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult gasless_verify_op(const Config& config, const nlohmann::ordered_json& input);

// The job key of a checked authorization (see above); shared with deposit-address submits.
std::string funding_job_key(const std::string& quote_id, std::string_view standard, const Hash32& digest,
                            ByteView signature);

// The relay plan of a funding (service/funding/relay.h reads it).
nlohmann::ordered_json funding_plan(std::string_view standard, const ChainRecord& chain, const TokenRecord& token,
                            const Address& funder, const Address& vault, const nlohmann::ordered_json& intent,
                            const nlohmann::ordered_json& authorization, ByteView signature);

}  // namespace sr::service
