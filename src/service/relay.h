// The relayer's transactions for a verified funding (ops "relayerAccount" and
// "relayTransactions"). The worker stores the `plan` a verification op returned, and when it
// relays, passes it here with the chain's nonce and fees; the core answers the raw signed
// EIP-1559 transactions to broadcast in order:
//   1. the token authorization, by standard:
//        erc3009  token.transferWithAuthorization(from, to = vault, value, validAfter, validBefore, nonce, v, r, s)
//        erc2612  token.permit(owner, spender = vault, value, deadline, v, r, s)
//        permit2  Permit2.permit(owner, PermitSingle | PermitBatch, signature)
//        transfer (deposit address funded by plain transfers) nothing
//      Permit3 is refused: no Permit3 deployment is configured to relay through here, and its
//      on-chain entry points differ between Permit3 versions, so the service does not guess one.
//   2. Portal.publishAndFundFor(destination, encodedRoute, reward, false, funder, permitContract)
//      with permitContract = Permit2 for permit2 (the vault pulls through it) and zero otherwise
//      (the vault already holds the tokens, or pulls with its EIP-2612 allowance).
// Nonces are consecutive from the given one. Signing is deterministic, so the same inputs give
// the same bytes: a worker that re-asks after a crash gets the transactions it may have sent.
//
// The relayer key travels in the op input ("relayerKey", the worker secret RELAYER_KEY) rather
// than the Service's secrets: a deployment without a relayer still starts, and the key is used
// only while signing, never kept.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config.h"
#include "service/problem.h"

namespace sr::service {

// {"relayerKey"} -> 200 {"address"}.
OpResult relayer_account_op(const nlohmann::json& input);

// {"plan", "relayerKey", "nonce", "maxFeePerGas", "maxPriorityFeePerGas", "gasLimits": [auth, funding]}
// -> 200 {"from", "transactions": [{"purpose": "authorization"|"funding", "to", "nonce", "hash", "raw"}]}
//    or 422 when the plan's standard cannot be relayed.
OpResult relay_transactions_op(const Config& config, const nlohmann::json& input);

}  // namespace sr::service
