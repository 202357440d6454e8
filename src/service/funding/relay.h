// The relayer's transactions for a verified funding (ops "relayerAccount" and
// "relayTransactions"). The worker stores the `plan` a verification op returned, and when it
// relays, passes it here with the chain's nonce and what the chain answered about fees; the core
// prices the transactions (service.json `relay`: gas limits, base-fee multiplier, fallback
// priority fee, the chain's fee ceiling) and answers the raw signed EIP-1559 transactions to broadcast
// in order: the token authorization (none for "transfer"), then Portal.publishAndFundFor
// (service/funding/relay_calls.h lists the calls per standard, Permit3 included).
// Nonces are consecutive from the given one. Signing is deterministic, so the same inputs give
// the same bytes: a worker that re-asks after a crash gets the transactions it may have sent.
//
// The relayer key travels in the op input ("relayerKey", the worker secret RELAYER_KEY) rather
// than the Service's secrets: a deployment without a relayer still starts, and the key is used
// only while signing, never kept.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eth/address.h"
#include "eth/u256.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

struct RelayFees {
  U256 max_fee_per_gas;
  U256 max_priority_fee_per_gas;
};

// The fee fields of the relayer's transactions from the latest block's base fee (nullopt: the
// block has none, a chain without EIP-1559 pricing; counted as zero) and the node's priority
// fee suggestion (nullopt: eth_maxPriorityFeePerGas failed; relay.fallbackPriorityFeeWei):
//   priority = suggestion, max = baseFeeMultiplier * baseFee + priority,
// both lowered to the chain's ceiling (relay.maxFeePerGasWei). Throws std::overflow_error for a
// base fee no chain reports (the multiple exceeds 2^256).
RelayFees relay_fees(const RelaySettings& settings, const U256& ceiling, const std::optional<U256>& base_fee,
                     const std::optional<U256>& priority_suggestion);

// Whether the relayer may send now: the price a transaction pays to be included in the next block
// (base fee + priority fee) must be at most the chain's ceiling. Above it, a transaction priced at
// the ceiling would sit in the mempool holding the chain's serial queue, and one priced above it
// would pay more than the configuration allows; so nothing is signed and the job waits.
// nullopt: send; otherwise the sentence saying why the job waits.
std::optional<std::string> gas_price_wait(const RelaySettings& settings, std::uint64_t chain_id, const U256& ceiling,
                                          const std::optional<U256>& base_fee,
                                          const std::optional<U256>& priority_suggestion);

// Whether the relayer's account may sign a new job now: not while another job of the account holds
// a signed transaction at a nonce the chain has not mined yet (`held`: the other unsettled jobs'
// stored transactions, {job id, nonce}; `mined_nonce`: the account's mined transaction count).
// A job signed meanwhile would take the node's pending count: a nonce a stored transaction the
// node does not hold (signed and stored, then a kill -9 before its broadcast; or a funding still
// waiting for its authorization's receipt) already owns, and whichever is mined first makes the
// other fail as "nonce taken". Waiting instead keeps each account to one job at a time in every
// case, so no nonce is ever signed above one that may still be given up unfilled (a job that
// fails with nothing sent leaves its nonce to the next job).
// nullopt: sign; otherwise the sentence saying why the job waits (it names the earliest such job).
struct HeldNonce {
  std::string job_id;
  std::uint64_t nonce = 0;
};
std::optional<std::string> relayer_nonce_wait(const Address& relayer, std::uint64_t chain_id, std::uint64_t mined_nonce,
                                              const std::vector<HeldNonce>& held);

// {"relayerKey"} -> 200 {"address"}.
OpResult relayer_account_op(const nlohmann::ordered_json& input);

// {"plan", "relayerKey", "nonce", "minedNonce", "heldNonces", "baseFeePerGas", "priorityFeeSuggestion"}:
// nonce is the account's pending transaction count and minedNonce its mined count (the node's
// "pending" and "latest" answers); heldNonces [{"jobId", "nonce"}] the nonces of the account's other
// jobs' stored transactions whose jobs have not settled (relayer_nonce_wait); the fee members are
// the JSON-RPC answers as hex quantities ("0x3b9aca00"), or null (no base fee in the latest block;
// eth_maxPriorityFeePerGas failed). The first transaction takes max(nonce, minedNonce).
// -> 200 {"from", "maxFeePerGas", "maxPriorityFeePerGas" (decimal wei),
//         "transactions": [{"purpose": "authorization"|"funding"|"refund", "to", "nonce", "hash", "raw"}]};
//         (purpose "refund": a refund's one Portal call, relay_calls.h)
//    gas limits are relay.gasLimits.authorization and .funding.
//  | 200 {"from", "waitingFor": "relayer", "detail"}: another job of the account holds a nonce not
//    mined yet (relayer_nonce_wait); nothing is signed, the job stays accepted;
//  | 200 {"from", "waitingFor": "gas-price", "detail"}: the chain's price is above its ceiling
//    (gas_price_wait); nothing is signed, and the job stays accepted (op "gaslessJobAdvance").
// Both fee fields are lowered to the chain's ceiling. No figure a request carries prices the
// relayer: a quote's fees travel unsigned, so a submitter could choose them (a tiny one would pin
// the account's later jobs behind an unmineable transaction). A plan stored when plans carried
// "maxFeePerGasCoveredWei" keeps it, ignored.
OpResult relay_transactions_op(const Config& config, const nlohmann::ordered_json& input);

// The fees of a replacement of a transaction priced `sent`: each field raised at least 10%,
// rounded up (geth's and anvil's txpool refuse a replacement that raises either less), or to the
// chain's current price (`market`, relay_fees) when that is higher; both lowered to the ceiling.
// nullopt: the ceiling leaves no room for a 10% raise of both fields, so no node would take it.
std::optional<RelayFees> replacement_fees(const RelayFees& sent, const RelayFees& market, const U256& ceiling);

// A job's signed transaction that has no receipt yet (op "relayReplace"): what the relayer does
// about it. The worker looks for a receipt under every attempt's hash first, reading the
// relayer's mined nonce count BEFORE those receipts (so a nonce counted as used with no receipt
// of ours is really another transaction's), and asks only when none has one:
//   {"plan", "relayerKey",
//    "transaction": {"purpose": "authorization"|"funding"|"refund", "nonce",
//                    "maxFeePerGas", "maxPriorityFeePerGas": the latest attempt's (decimal wei),
//                    "cancelling": the latest attempt is the 0-value transfer that fills the nonce,
//                    "known": the node holds one of its attempts,
//                    "blocksWaited": blocks since the latest attempt was sent},
//    "minedNonce", "baseFeePerGas", "priorityFeeSuggestion" (as relayTransactions),
//    "simulation": null | {"ok": true} | {"error": reason}: the job's calls from this one on,
//                  simulated again at the latest block, when the last answer was "simulate"}
// -> 200 {"action", "detail": text or null, "transaction": the new attempt or null}:
//   "fail"        the nonce was mined by another transaction: none of this job's can be mined;
//                 or the node holds none of its attempts and the simulation says the call would
//                 now revert: nothing is re-sent (the nonce is free, the next job takes it);
//   "wait"        sent fewer than relay.replaceAfterBlocks blocks ago and still held by the node,
//                 or at the ceiling with no room for a replacement (detail says so);
//   "simulate"    due for re-sending: simulate the remaining calls again and ask with the verdict;
//   "rebroadcast" dropped or reorganised away (the node no longer holds it, its nonce is free),
//                 the simulation passes and its fees still pay the chain's base fee: the latest
//                 attempt's bytes again (a reorganised funding keeps its hash);
//   "replace"     due, or dropped and priced under the base fee: the same call at the same nonce
//                 with replacement_fees (dropped: at least the chain's price), signed: store, send;
//   "cancel"      the node still holds it and the simulation says the call would now revert (so it
//                 could still be mined, and revert at the relayer's cost): a 0-value transfer from the
//                 relayer to itself at the same nonce (21000 gas, replacement fees) so the account
//                 is not stuck; the job fails once it is mined.
// Every new attempt is priced at most at the smaller of the chain's ceiling and the plan's
// "maxFeePerGasCoveredWei" ("wait" when that leaves no room for a replacement).
// A new attempt is {"purpose", "kind": "replacement"|"cancel", "to", "nonce", "hash", "raw",
// "maxFeePerGas", "maxPriorityFeePerGas"}.
OpResult relay_replace_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
