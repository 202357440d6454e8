// The relayer never pays for a failing transaction (edge-worker/openapi.json, "Gasless relaying
// never pays for a failing transaction"): before a funding job is accepted, the core lists the
// read-only calls that tell whether the relayer's transactions (service/funding/relay_calls.h)
// would succeed, the worker makes them with eth_call against the pending block (what the
// relayer's next transaction will meet), and the core judges the answers.
//
// Ops:
//   "fundingPreflight" {"plan", "relayer"} -> 200 {"calls": [{"id", "from"?, "to", "data"}]}
//     ids, by standard:
//       balance             token.balanceOf(funder) (transfer: of the vault)       every standard
//       authorizationState  token.authorizationState(from, nonce)                  erc3009
//       permitNonce         token.nonces(owner)                                    erc2612
//       permitContractAllowance  token.allowance(funder, Permit2 | Permit3)        permit2, permit3
//       permit2Nonce        Permit2.allowance(funder, token, vault)                 permit2
//       authorization       the authorization call itself, from the relayer        all but transfer
//   "fundingPreflightVerdict" {"plan", "results": {"<id>": {"result": "0x…"} | {"error": "…",
//     "data"?: "0x…"}}} (an "error" is the node's answer to a reverting call; an unreachable node
//     is the worker's to report) -> 200 {"ok": true} | 422 funding-would-fail whose detail names
//     the first reason: insufficient balance, Permit2/Permit3 not approved, authorization already
//     used, or the authorization call reverting (with its decoded reason).
// The funding call itself is not simulated: it spends what the authorization moves, so it cannot
// succeed before the authorization is mined; balance and approvals cover what it needs.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult funding_preflight_op(const Config& config, const nlohmann::ordered_json& input);
OpResult funding_preflight_verdict_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
