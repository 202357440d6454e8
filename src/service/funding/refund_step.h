// Op "refundStep": how a refund the relayer sends itself is started (refund_relay.h says which
// refunds are owed), as a state machine that does no I/O. The intent shard's watch is its driver
// (edge-worker/src/funding/refunds.js): it performs the effect an answer names and feeds its
// result back, until an answer names none; `reply` then says when to look at the intent again.
//
// {"state", "event"} -> 200 {"state", "writes" (always empty), "effects", "alarmAt" (null),
// "reply", "logs"}:
//   state   {"refund": op intentStatusCheck's refundJob (jobKey, partner, job, plan,
//           retryAfterSec), "owner": who registered the intent, "nowMs", "endpoint": whether the
//           source chain has an RPC endpoint, "relayer": the address of the relayer account the
//           intent's refunds are pinned to, or null (no relayer key), "retrySec"?: the worker's
//           REFUND_RETRY_SEC, which shortens retryAfterSec for tests, "context"?: the previous
//           answer's state.context, handed back unchanged};
//   reply   {"recheckAt": Unix seconds, or null: the refund needs no more looking at}.
//
// The intent's refund object (named by jobKey, "refund:<intent hash>") holds one job at a time,
// its current generation: generation 1 is "refund:<intent hash>", generation n "refund:<intent
// hash>:<n>". What the stored job means:
//   - none: generation 1 is started;
//   - accepted, or published and not final: it runs (the job's own alarm relays and watches it);
//     the intent is looked at again after retryAfterSec, since the job may yet fail;
//   - published and final: nothing more (the status turns refunded);
//   - failed: replaced by the next generation only when none of its transactions was mined (the
//     job's "mined": what the chain's store answered when the job's own object released it,
//     gasless_job_step.h), and fewer than kRefundMaxGenerations have been tried, so nobody can
//     make the relayer try an intent's refund without end; a mined transaction (a revert, or the
//     0-value transfer that filled its nonce) or an unknown count (null: no sponsorship row) keeps
//     the failed job and ends the looking; no count yet (not released yet): looked at again.
//     The status keeps offering the refund to anyone.
// Every generation is started like the first: admitted under the partner's sponsorship budget,
// simulated as the relayer's account against the pending state (a refund someone else sent first
// reverts there: nothing is stored), judged again with the simulation's verdict, then stored.
// A replacement first has the relayer forget the failed generation's stored transactions (none
// was mined; the job object's row, which would have forgotten them at its retention, is
// replaced), and the object replaces the failed job only if it still holds that one.
// Not started (budget spent, simulation refused, the node unreachable): looked at again after
// retryAfterSec, or the budget's Retry-After when that is later.
//
// Events: {"kind": "start"}; results: {"kind": "jobRead", "stored": null | {"job"}},
// {"kind": "admitted", "refused": null | {status, body,
// headers?}}, {"kind": "simulated", "refused": null | {"error"}} or {"thrown"}, {"kind": "judged",
// "reply": {status, body, headers?}}, {"kind": "forgotten"}, {"kind": "jobSubmitted", "stored":
// {"created", "job"}} or {"thrown"}, {"kind": "dropped"}.
// Effects: readJob; admit {plan, jobId, partner}; simulate {plan}; judge {verdict: {status, body}}; forget {jobId}; submitJob
// {jobKey, job, plan, replaces: the failed job's id or null}; drop {jobId} (this generation's
// admission row, when another job was stored meanwhile or the store threw: released in the
// chain's store).
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

OpResult refund_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
