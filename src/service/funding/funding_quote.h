// The signed quote a gasless submit carries, checked before anything is relayed for it. Only
// the signature's contents are trusted (id, intent hashes, expiresAt under the source chain's
// domain); everything else in the JSON is re-derived or compared against what is signed:
// - quote.signature recovers to the source chain's quoteSigner over the quote digest, whose
//   intent hashes are recomputed from the decoded intents (steps[].intents[].intent), never
//   read from the JSON;
// - now < expiresAt;
// - execution.intent is one of the signed intents, and execution.vault is its vault (CREATE2
//   from the source Portal and the chain's vaultInitCodeHash);
// - the funded reward is exactly one ERC-20 amount and no native value (a gasless relayer moves
//   one token with one authorization), in source.token, for source.amount.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/intent.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

// What the rest of a submit is checked against.
struct FundedQuote {
  std::string id;                      // "quote:<uuid>"
  std::uint64_t expires_at = 0;
  const ChainRecord* source = nullptr;  // an EVM chain with a Portal and vaultInitCodeHash
  const TokenRecord* token = nullptr;   // source.token's record
  Address funder;                       // source.funder
  U256 amount;                          // source.amount = the reward amount
  protocol::Intent intent;              // execution.intent
  nlohmann::ordered_json intent_json;           // execution.intent as the API writes it
  Hash32 intent_hash{};
  Address vault;                        // execution.vault
};

// Reads and checks `quote` (the member at `path`, "quote" in a submit body). Every problem
// goes to `errors` with its field path; the result is set only when there was none.
std::optional<FundedQuote> check_funded_quote(const nlohmann::ordered_json& quote, const std::string& path,
                                              const Config& config, std::uint64_t now, FieldErrors& errors);

}  // namespace sr::service
