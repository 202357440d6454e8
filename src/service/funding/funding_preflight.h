// The relayer never pays for a failing transaction (edge-worker/openapi.json, "Gasless relaying
// never pays for a failing transaction"): before a funding job is accepted, the core lists the
// read-only calls that tell whether the relayer's transactions (service/funding/relay_calls.h)
// would succeed, the worker makes them with eth_call against the pending block (what the
// relayer's next transaction will meet), and the core judges the answers.
//
// Ops:
//   "fundingPreflight" {"plan", "relayer", "endpoint"?} -> 200 {"calls": [{"id", "from"?, "to", "data"}],
//       "reservation": {"chainId", "token", "funder", "amount"} | null}
//     or 422 funding-would-fail when the worker has no JSON-RPC endpoint for the plan's chain
//     (endpoint false) or no relayer key (relayer null): nothing can be simulated or sent.
//     ids, by standard:
//       balance             token.balanceOf(funder) (transfer: of the vault)       every standard
//       authorizationState  token.authorizationState(from, nonce)                  erc3009
//       permitNonce         token.nonces(owner)                                    erc2612
//       permitContractAllowance  token.allowance(funder, Permit2 | Permit3)        permit2, permit3
//       permit2Nonce        Permit2.allowance(funder, token, vault)                 permit2
//       permit3Nonce        Permit3.isNonceUsed(owner, salt)                        permit3
//       rewardStatus        Portal.getRewardStatus(intentHash)                     every standard
//       authorization       the authorization call itself, from the relayer        all but transfer
//     reservation: what the funding holds of its funder's balance until it settles (null for a
//     plain transfer, which has already paid the vault). The worker keeps one store per chain of
//     the reservations of accepted, unsettled fundings and passes the rows of this chain, token
//     and funder to the verdict.
//   "fundingPreflightVerdict" {"plan", "results": {"<id>": {"result": "0x…"} | {"error": "…",
//     "data"?: "0x…"}}, "reserved"?: [{"jobId", "amount"}], "jobId"?} (an "error" is the node's
//     answer to a reverting call; an unreachable node is the worker's to report; a reserved row of
//     `jobId` itself is not counted) -> 200 {"ok": true} | 422 funding-would-fail whose detail
//     names the first reason: intent already funded (the Portal's status is not Initial),
//     insufficient balance, insufficient balance once reserved (naming each reservation),
//     Permit2/Permit3 not approved, authorization already used (ERC-3009 nonce, EIP-2612 nonce,
//     Permit2 nonce, Permit3 salt), or the authorization call reverting (with its decoded reason).
// The funding call itself is not simulated here: it spends what the authorization moves, so it
// cannot succeed before the authorization is mined; balance, approvals and the intent's status
// cover what it needs.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "service/config/config.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult funding_preflight_op(const Config& config, const nlohmann::ordered_json& input);
OpResult funding_preflight_verdict_op(const Config& config, const nlohmann::ordered_json& input);

// What a relayed funding of `plan` holds of its funder's balance until it settles, as op
// "fundingPreflight" names it ({"chainId", "token", "funder", "amount"}; null for a plain
// transfer). A malformed plan is the worker's mistake (OpInputError naming `op`).
nlohmann::ordered_json funding_reservation(const Config& config, const nlohmann::ordered_json& plan, std::string_view op);

// The reason a reverting call gives, from {"error": the node's message, "data"?: "0x…" revert
// data}: Error(string), Panic(uint256), a custom error's selector, or the node's own message.
std::string call_revert_reason(const nlohmann::ordered_json& failure);

// Runs an op over a relay plan and the node's results: a malformed plan or result is the worker's
// mistake (OpInputError naming `op`), never the client's. Shared by the preflight and the
// simulation before signing (relay_simulation.h).
template <class Fn>
OpResult guarded_plan_op(std::string_view op, Fn&& fn) {
  try {
    return fn();
  } catch (const ParseError& e) {
    throw OpInputError("op \"" + std::string(op) + "\": the plan or a result is malformed: " + e.what());
  } catch (const nlohmann::ordered_json::exception& e) {
    throw OpInputError("op \"" + std::string(op) + "\": the plan or a result is malformed: " + e.what());
  }
}

}  // namespace sr::service
