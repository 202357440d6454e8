// The contract calls a relayer makes for a verified funding plan (service/funding/gasless.h), shared by
// the transactions it signs (service/funding/relay.h) and the simulation that comes first
// (service/funding/funding_preflight.h), so both always concern the same bytes:
//   1. the token authorization, by standard:
//        erc3009  token.transferWithAuthorization(from, to = vault, value, validAfter, validBefore, nonce, v, r, s)
//        erc2612  token.permit(owner, spender = vault, value, deadline, v, r, s)
//        permit2  Permit2.permit(owner, PermitSingle | PermitBatch, signature)
//        permit3  Permit3.permit(owner, salt, deadline, timestamp, chainPermits, [proof,] signature)
//        transfer (deposit address funded by plain transfers) nothing
//        refund   (an intent's refund the relayer sends itself, refund_relay.h) nothing
//   2. Portal.publishAndFundFor(destination, encodedRoute, reward, false, funder, permitContract)
//      with permitContract = Permit2 / Permit3 for those standards (the vault pulls an allowance
//      through it; a Permit3 transfer has already paid the vault, which the Portal counts first)
//      and zero otherwise (the vault already holds the tokens, or pulls with its EIP-2612 allowance);
//      for a refund plan, Portal.refund(destination, routeHash, reward) instead (`funding` is the
//      job's one Portal call either way).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "service/config/config.h"

namespace sr::service {

struct ContractCall {
  Address to;
  Bytes data;
};

struct RelayCalls {
  std::optional<ContractCall> authorization;  // none for "transfer" and "refund"
  ContractCall funding;                       // the job's Portal call
  // How the relay ops label the Portal call (a transaction's or a simulated call's "purpose"):
  // "funding", or "refund" for the refund the relayer sends itself (refund_relay.h).
  std::string_view purpose = "funding";
};

// Throws ParseError or nlohmann::ordered_json::exception when the plan is malformed (a worker bug: the
// plan comes from the core's own verification), ParseError when its chain lacks the contract.
RelayCalls relay_calls(const Config& config, const nlohmann::ordered_json& plan);

// The chain of a plan; ParseError unless it is a configured EVM chain.
const ChainRecord& plan_chain(const Config& config, const nlohmann::ordered_json& plan);

}  // namespace sr::service
