// The chain and token registry as the API shows it: ChainRecord and TokenRecord JSON exactly as
// edge-worker/openapi.json names them, and the "chains" and "tokens" operations of the core boundary.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "service/config/config.h"
#include "service/common/problem.h"
#include "service/chain/vault_derivation.h"

namespace sr::service {

// {"chainId", "name", "vm", "portal", "prover", "permit2", "permit3", "vaultInitCodeHash",
//  "quoteSigner", "nativeCurrency": {"symbol", "decimals"}, "blockExplorerUrl"} plus "rpcUrl"
// only when configured. Addresses EIP-55 (EVM) or base58 (SVM); absent values are null.
nlohmann::ordered_json chain_to_json(const ChainRecord& chain);

// {"chainId", "address", "symbol", "name", "decimals", "gasless": [...], "eip712": {"name",
//  "version"} | null}; gasless in the order permit3, permit2, erc3009.
nlohmann::ordered_json token_to_json(const TokenRecord& token);

// Op "chains" {"confirmedChains"?}: {"chains": [ChainRecord]} in configured order, each record
// with "vaultDerivation": "confirmed" | "unconfirmed" (whether its Portal confirmed the vault
// derivation; vault_derivation.h).
// A chain record's `limits`, the bounds a verifier holds intents to: maxFillWindowSec, the longest
// fill window of any solver delivering on the chain (the service's routeFillWindowSec for one
// without its own, and at least that), so every route deadline the engine sets is within it;
// maxRewardWindowSec, the service's rewardWindowSec, which every reward deadline adds;
// maxQuoteLifetimeSec, the service's quoteLifetimeSec, how far ahead of its issue a quote expires;
// maxDepositLifetimeSec, the longest deadlineSec of any partner's deposit addresses (0: none).
nlohmann::ordered_json chain_limits(const Config& config, std::uint64_t chain_id);

nlohmann::ordered_json list_chains(const Config& config, const ConfirmedChains& confirmed = {});

// Op "tokens". raw_chain_id is the query parameter exactly as received (nullopt when absent):
// absent -> every token; a positive decimal integer (no sign, spaces or leading zeros) of a
// configured chain -> that chain's tokens; anything else -> 400 invalid-request naming
// `chainId`; a well-formed id of no configured chain -> 422 chain-not-supported (the same answer
// POST /v1/quotes gives, rather than an empty list that hides a typo).
OpResult list_tokens(const Config& config, const std::optional<std::string>& raw_chain_id);

// Op "chains" {"confirmedChains"?: [chainId]}: 200 {"chains": list_chains(...)}.
OpResult chains_op(const Config& config, const nlohmann::ordered_json& input);

// Op "tokens" {"chainId": the raw query string or null}: list_tokens of it.
OpResult tokens_op(const Config& config, const nlohmann::ordered_json& input);

// A chain id written as a strict positive decimal integer fitting 64 bits; nullopt otherwise.
std::optional<std::uint64_t> parse_chain_id(std::string_view text);

}  // namespace sr::service
