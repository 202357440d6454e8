// The signed token authorization of a gasless or deposit-address funding, checked against what
// it must fund. Shared by the gasless submits (Permit3, Permit2, ERC-3009) and the deposit
// addresses (ERC-3009, EIP-2612). Every rule failing is reported with its field path:
// - binding: every Permit3 permits[].account, the Permit2 spender, the ERC-3009 `to`, the
//   EIP-2612 spender is the vault (EIP-55 compare of the parsed addresses);
// - signer: the signature recovers, under the standard's own domain, to the funder (the quote's
//   source.funder, or for deposit addresses the authorization's from/owner):
//     Permit3  {name "Permit3", version "1", chainId 1 on every chain, verifyingContract the
//              chain's permit3}, digest over the Merkle root of the chain permits and the proof
//     Permit2  {name "Permit2", chainId, verifyingContract the chain's permit2} (no version)
//     ERC-3009 / EIP-2612  the token's own {name, version} from token configuration, chainId,
//              verifyingContract the token
// - token and chain: Permit3 chainPermits.chainId is the source chain and every tokenKey the
//   source token; Permit2 details[] name only the source token;
// - amount: what the authorization moves or allows to the vault covers the reward amount;
// - windows (decision, also in the OpenAPI document): the authorization must be usable now and
//   stay usable until `valid_until` (a gasless submit: the quote's expiresAt, the last moment its
//   funding is allowed; a deposit address: min(deadline, now + kDepositRelayMarginSec)), so the
//   relayer can land it whenever it runs within that window:
//     ERC-3009  validAfter < now and validBefore >= valid_until (validity is strict at both ends)
//     EIP-2612  deadline >= valid_until
//     Permit2   sigDeadline >= valid_until; every details[].expiration >= valid_until (0, "this
//               block only", cannot survive the two-transaction relay)
//     Permit3   deadline >= valid_until; modeOrExpiration 0 (transfer to the vault) or an
//               allowance expiration >= valid_until; decrease/lock/unlock (1..3) fund nothing.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

enum class FundingStandard { permit3, permit2, erc3009, erc2612 };
// "permit3" | "permit2" | "erc3009" | "erc2612": the plan's and the job's spelling.
std::string_view funding_standard_name(FundingStandard standard);

struct FundingTarget {
  const ChainRecord* chain = nullptr;   // EVM source chain
  const TokenRecord* token = nullptr;   // the reward token
  Address vault;
  U256 amount;                          // the reward amount the authorization must cover
  std::optional<Address> funder;        // who must have signed; nullopt: whoever from/owner names
  std::uint64_t now = 0;
  std::uint64_t valid_until = 0;
};

struct CheckedAuthorization {
  Hash32 digest{};               // what the funder signed
  Address signer;
  nlohmann::ordered_json authorization;  // canonical form: decimal strings, EIP-55, lowercase hex
  Bytes signature;               // 65 bytes r || s || v
};

// `authorization` is the body member at `path` ("permit3", "permit2", "authorization", "permit")
// and `signature` the body's "signature". Errors go to `errors`; a result only without any.
std::optional<CheckedAuthorization> check_authorization(FundingStandard standard, const nlohmann::ordered_json& authorization,
                                                        const std::string& path, const nlohmann::ordered_json& signature,
                                                        const FundingTarget& target, FieldErrors& errors);

}  // namespace sr::service
