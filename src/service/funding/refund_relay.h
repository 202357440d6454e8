// Refunds nobody has to send: when an intent the service registered is funded and its reward
// deadline passes unproven, the relayer sends the source Portal's refund(destination, routeHash,
// reward) itself, as a relayed job with the relayed fundings' rules (edge-worker/openapi.json,
// "Relayed fundings: who pays"): admitted under the partner's sponsorship budget (sponsorship.h),
// simulated right before it is signed and again before anything is re-sent (relay_simulation.h,
// relay.h relayReplace: a refund someone else sent first makes ours revert in the simulation, so
// it is never sent, or, while ours is still pending, its nonce is filled by a 0-value transfer and
// the job fails: never a revert paid for), and watched until final (gasless_job.h: a refund a
// reorganisation removed goes back to the relayer, which sends the same signed bytes again, so
// the intent is refunded exactly once, under one transaction hash). The ready-to-send `refund`
// of the status stays for anyone who wants to send it first.
//
// The job is one at a time per intent: id "refund:<intent hash>" (the worker's object is named by
// it, so a second look at the same intent finds the job instead of creating another); a failed
// one with nothing mined may be replaced by the next generation, "refund:<intent hash>:<n>"
// (refund_step.h). Its plan has "standard": "refund", no authorization, and one Portal call
// (labelled "refund" among the relay ops' purposes, relay_calls.h):
//   {"standard": "refund", "chainId": source chain, "funder": reward.creator (the refund
//    recipient; what the sponsorship rows count it under, never a funder limit: nobody signed),
//    "intentHash", "refund": {"destination", "routeHash", "reward": the EVM reward JSON}}
//
// Op "intentStatusCheck" {"record", "now", "chainTimes"?, "chainHeads"?, "owner"?} -> 200
// {"status", "recheckAt", "refundJob"}: the status op's answer (status_queries.h) and the refund
// the relayer sends now, or null. refundJob {"jobKey", "partner", "job", "plan", "retryAfterSec":
// kRefundRetryAfterSec} when all hold (op refundStep, refund_step.h, then says how it is started:
// admitted under the partner's sponsorship, simulated, stored unless the intent has a job):
//   - the status is refundable (funded, by the source chain's clock at or past the reward
//     deadline, neither proven nor withdrawn nor refunded);
//   - the service registered the intent (the record names the quote it came from);
//   - the source is an EVM chain with a Portal, and the record keeps the refund's arguments;
//   - `owner` ("key:<id>" or "partner:<slug>", who registered it) names a configured partner, whose
//     sponsorship pays (a key mapped to no partner, or no owner: nobody's budget, so not relayed;
//     the status keeps offering the transaction).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"
#include "service/status/intent_status.h"

namespace sr::service {

inline constexpr std::string_view kRefundJobPrefix = "refund:";
// How long an intent whose refund was not started waits before it is looked at again: the chain
// refused it in the simulation before the job is stored (the Portal not ready yet, or a refund of
// someone else's pending; a refund mined meanwhile ends the looking: the status is then refunded),
// or the partner's budget was spent (then its Retry-After, the next UTC day, when that is later).
inline constexpr std::uint64_t kRefundRetryAfterSec = 600;
// How many jobs an intent's refund may take (refund_step.h): a failed job with none of its
// transactions mined is replaced by the next generation while fewer than this many were tried.
inline constexpr std::uint64_t kRefundMaxGenerations = 3;

// The id of an intent's refund job of `generation` (1: "refund:<intent hash>", the intent's
// object's name; n > 1: "refund:<intent hash>:<n>", so the relayer's stored transactions and the
// sponsorship rows of each generation are its own).
std::string refund_job_id(const std::string& job_key, std::uint64_t generation);
// The generation `job_id` names under `job_key`, or 0 when it names none.
std::uint64_t refund_generation(const std::string& job_key, const std::string& job_id);

// The partner whose sponsorship pays for what the service relays for an intent's owner, or nullptr.
const PartnerRecord* owner_partner(const Config& config, const std::string& owner);

// The refund job the relayer sends for `record` at `status` (see above), or null.
nlohmann::ordered_json refund_job(const Config& config, const IntentRecord& record, IntentStatus status,
                                  const std::optional<std::string>& owner, std::uint64_t now);

// Op "intentStatusCheck" (above): status_queries.h's answer with "refundJob" added.
OpResult intent_status_check_with_refund_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
