// What a wallet checks before it signs or sends a gasless funding authorization for a quote
// (specification, "Gasless submit endpoints"), as named checks:
//   standard   the source token's record lists the standard (permit3, permit2, erc3009)
//   binding    the authorization pays or approves execution.vault on the source chain
//              (Permit3: every permits[].account; Permit2: spender; ERC-3009: to)
//   amount     it covers the reward: the source token, at least the reward amount
//   validity   usable now and until the quote expires (ERC-3009 validAfter < now and validBefore
//              >= expiresAt; Permit2 sigDeadline and expirations >= expiresAt; Permit3 deadline and
//              allowance expirations >= expiresAt, only transfers or allowance increases)
//   signer     the signature recovers to source.funder under the standard's digest (the chain's
//              Permit2 contract, the token's own EIP-712 domain, Permit3's fixed domain)
// Verify the quote itself with verify_quote first: this trusts execution.vault and the reward.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "verify/chain_directory.h"
#include "verify/report.h"

namespace sr::verify {

struct GaslessContext {
  const ChainDirectory* chains = nullptr;
  const TokenDirectory* tokens = nullptr;
  std::uint64_t now = 0;  // Unix seconds
};

Report verify_gasless_payload(const Json& quote, const std::string& standard, const Json& payload,
                              const Json& signature, const GaslessContext& context);
Report verify_gasless_payload(const nlohmann::json& quote, const std::string& standard, const nlohmann::json& payload,
                              const nlohmann::json& signature, const GaslessContext& context);

// {"quote", "standard", "payload", "signature", "chains", "tokens", "now"} -> to_json(report);
// ParseError for a malformed context (chains, tokens, now, standard not a string).
Json verify_gasless_payload_json(const Json& args);
nlohmann::json verify_gasless_payload_json(const nlohmann::json& args);

}  // namespace sr::verify
