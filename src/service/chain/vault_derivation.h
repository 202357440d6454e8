// Whether a chain's Portal agrees with the vault derivation the configuration implies
// (edge-worker/openapi.json, "Addresses that receive funds directly"). A deposit address, the `to` of an
// ERC-3009 authorization and the `account` of a Permit3 transfer receive money with no Portal
// call in between: if the configured vaultInitCodeHash were wrong, the money would sit at an
// address no Portal controls. So the service hands such an address out only for a chain whose
// Portal has answered `intentVaultAddress` for a probe intent with exactly the CREATE2 address
// the core computes. The core decides (probe, verdict, gate); the worker makes the eth_call and
// remembers the verdict per configuration.
//
// Ops:
//   "vaultDerivationProbes" {} -> 200 {"probes": [{"chainId", "to", "data", "expectedVault"}]}, one
//     per EVM chain: the eth_call to send to the chain's Portal.
//   "vaultDerivationVerdict" {"chainId", "result"} (the eth_call's return data, 0x-hex) ->
//     200 {"chainId", "vaultDerivation": "confirmed" | "unconfirmed", "detail"}.
// The money ops ("gaslessVerify", "depositCreate", "depositSubmitVerify") take the worker's
// remembered verdicts as "confirmedChains": [chainId, ...]; "chains" takes the same to report
// `vaultDerivation` per chain record.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string_view>

#include "service/config/config.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"

namespace sr::service {

// The chains the worker has confirmed, from an op's "confirmedChains" member.
class ConfirmedChains {
 public:
  ConfirmedChains() = default;
  // Required member: a worker that forgets it is a bug (500), never a silent "all confirmed".
  static ConfirmedChains from_input(const OpInput& in);
  // Optional member: missing means none confirmed.
  static ConfirmedChains from_optional(const OpInput& in);

  bool confirmed(std::uint64_t chain_id) const { return ids_.count(chain_id) != 0; }

 private:
  static ConfirmedChains parse(const nlohmann::ordered_json& value);
  std::set<std::uint64_t> ids_;
};

// "confirmed" | "unconfirmed", the ChainRecord's `vaultDerivation`.
std::string_view vault_derivation_name(bool confirmed);

// 503 chain-unverified with Retry-After when `chain` is not confirmed; nullopt when it is.
// `what` names the address refused ("a deposit address", "an ERC-3009 authorization to a vault").
std::optional<OpResult> require_confirmed_vaults(const ChainRecord& chain, const ConfirmedChains& confirmed,
                                                 std::string_view what);

// Seconds a client should wait before asking again after a 503 chain-unverified.
inline constexpr int kChainUnverifiedRetryAfterSec = 60;

OpResult vault_derivation_probes_op(const Config& config);
OpResult vault_derivation_verdict_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
