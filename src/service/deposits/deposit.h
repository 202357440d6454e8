// The deposit-address operations (edge-worker/openapi.json, "Deposit addresses"). A deposit address is
// the vault of a quoted intent that funds a transfer to `destination.recipient`:
// - The intent comes from the quote engine: an exact-in quote for source.amount with funder and
//   refund recipient both `refundRecipient` (the funder is unknown up front; the reward creator
//   is where refunds go, and nothing else in the intent names the funder). The quote's dappId is
//   the partner's configured deposit-address label and its fees are the partner's schedule.
// - Only direct routes: a stitched route funds a first leg whose follow-up intent has its own
//   lifetime, which one address deadline cannot describe. No direct route -> 502 solver-error.
// - The address accepts funding until `deadline` = now + the partner's depositAddresses.deadlineSec
//   (instead of the quote lifetime): the engine's deadlines are shifted by (deadline - expiresAt),
//   so route deadline = deadline + the solver's fill window and reward deadline after it, exactly
//   as a quote expiring at `deadline` would have. The intent hash and vault are recomputed.
// - The record is verifiable by a client alone (verify/deposit_verifier.h): it carries the intent
//   (execution.intent's shape) and the v1 quote signature (protocol/quote_signature.h) with id
//   "quote:" + quoteId, intentHashes [intentHash] and expiresAt = deadline, by the source chain's
//   quoteSigner. Both endpoints serve the stored record, so both carry them.
//
// Ops (the worker keeps `record` and `intent` in the vault's Durable Object):
//   "depositSolverRequests" {body, partner, now} -> 200 {requests} (the engine's solverRequests for
//       the derived quote request) | 400 | 404 (partner without deposit addresses)
//   "depositCreate" {body, partner, now, random, solverAnswers, confirmedChains} -> 201 {"record":
//       {vaultAddress, intentHash, quoteId, deadline, source, destination, fees, minAmountOut,
//       fundingMethods, intent, signature}, "intent": <the funded intent>}, with "registrations" as
//       the quote op answers them (the address's intent, for the status index) | 400 | 422 | 502 | 503 chain-unverified
//       when the source chain's Portal has not confirmed the vault derivation (vault_derivation.h)
//   "depositSubmitVerify" {standard: "erc-3009"|"erc-2612"|"transfer", body, deposit: {record,
//       intent}, now, confirmedChains (erc-3009 only)} -> 200 like gaslessVerify | 400 | 409
//       conflict past the deadline | 503 chain-unverified for erc-3009 (it pays the vault)
//       (funding_authorization.h's rules; signer = authorization.from / permit.owner; the window to
//       stay valid is min(deadline, now + kDepositRelayMarginSec)). "transfer" is the worker's own
//       call once op "depositObserve" (deposit_transfers.h) finds the confirmed transfers into the
//       vault cover the amount: its plan only publishes and funds.
//   "depositStatus" {deposit, job, transfers, intentStatus, now, attempts?} -> 200 {"status": {vaultAddress,
//       status, deadline, intentHash, transactions}, "record": {...record, status, job, intentStatus,
//       attempts}} (attempts: the address's archived jobs, those that failed with nothing mined)
//       Status: the intent's status once chain events report it; before that
//       "funding-submitted" (a job exists: a submit, or transfers that covered the amount at the
//       confirmation depth, which create the job at once), "funding-failed" (the job failed),
//       "expired" (deadline passed without funding), "partially-funded" (transfers seen that do
//       not cover the amount at the confirmation depth yet: below it, or not deep enough), else
//       "awaiting-funding". `transfers` is what depositObserve kept (deposit_transfers.h).
//   "depositVault" {"vaultAddress": the raw query value or body member, "partner"?: the gateway's
//       slug, "owner"?: the vault's owner as stored ("partner:<slug>"), null when none is}
//       -> 200 {"vault": lowercase, the name of the vault's Durable Object and its index key}
//        | 400 naming vaultAddress (not an EVM address)
//        | 404 not-found when an owner was given (null included) that is not the partner: a
//          vault never created and another partner's vault answer alike.
//       The worker asks first without an owner (to find the vault's index entry), then with the
//       owner the index names, then with the owner the vault's record holds.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "crypto/secp256k1.h"
#include "service/config/config.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"

namespace sr::service {

// How long a deposit-address authorization must stay valid past `now` at least (or until the
// address's deadline, if sooner): enough for the job to wait in the chain's relay queue and for
// the relayer's two transactions to land. Right before signing the relayer refuses a window that
// closes within service.json relay.windowMarginSec (60 s by default; relay_simulation.h), so this
// must exceed that margin by the time a busy queue may take.
inline constexpr std::uint64_t kDepositRelayMarginSec = 300;

// A deposit as the worker stores it ({"record", "intent"} from depositCreate), read strictly from
// the op's "deposit" member: a malformed one is a worker bug (OpInputError, 500).
struct StoredDeposit {
  const ChainRecord* chain = nullptr;
  const TokenRecord* token = nullptr;
  Address vault;
  U256 amount;
  std::uint64_t deadline = 0;
  std::string quote_id;
  std::string intent_hash;
  Address refund_recipient;
  nlohmann::ordered_json record;
  nlohmann::ordered_json intent;
};
StoredDeposit stored_deposit(const Config& config, const OpInput& in, std::string_view op);

OpResult deposit_solver_requests_op(const Config& config, const nlohmann::ordered_json& input);
OpResult deposit_create_op(const Config& config, const secp256k1::SecretKey& signer, const nlohmann::ordered_json& input);
OpResult deposit_submit_verify_op(const Config& config, const nlohmann::ordered_json& input);
OpResult deposit_status_op(const Config& config, const nlohmann::ordered_json& input);
OpResult deposit_vault_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
