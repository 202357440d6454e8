// Op "gaslessJobStep": the decisions of a gasless job's object when its alarm fires
// (edge-worker/src/funding/gasless-jobs.js), as a state machine that does no I/O. The object is
// its driver: it loads the job's row, asks this op, applies the writes, prints the logs, performs
// the effect and feeds its result back as the next event, until an answer names no effect; it sets
// the alarm whenever an answer names one. It never reads the job.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply", "logs"}:
//   state    {"job": the stored job or null (deleted), "attempts": relay attempts spent, "nowMs",
//            "pollMs": the chain poll interval, "keepSec"?: retention (gasless_job_retention.h),
//            "plan"?: the job's stored plan, "deposit"?: the vault of the deposit address whose
//            job it is};
//            the answer's is the state for the next event (its job is the one written);
//   writes   rows to write, in order ({"table": "job", "where": {"id"}, "set": {"job": JSON text,
//            "attempts"}});
//   effects  at most one thing to do now, whose result is the next event (none: the alarm is over);
//   alarmAt  Unix milliseconds to set the alarm to, or null to leave it as it is;
//   reply    null for an alarm (it answers nobody); a submit's HTTP answer;
//   logs     [{"level": "log" | "error", "line": {...}}] what happened, to print as JSON lines.
//
// Events:
//   {"kind": "alarm"}                    no job: nothing. A finished job (failed, or published and
//                                        final) has only its reservation to release again and its
//                                        retention: effect {"kind": "release"}. A published job not
//                                        final yet: effect {"kind": "receipt"} (its transaction's
//                                        receipt). An accepted job: effect {"kind": "relay"}.
//   {"kind": "receipt", "receipt", "chainHeads"}   the receipt as the node answered (null: gone),
//                                        applied by op "gaslessJobAdvance" (outcome {receipt});
//   {"kind": "receipt", "thrown"}        the node unreachable: looked at again after pollMs (the job
//                                        must stay watched; the runtime's own retries are few);
//   {"kind": "relayed", "result", "chainHeads"}   the relayer's answer (relayer.js): a mined funding
//                                        {transactionHash, blockNumber, ...}, {error}, {waitingFor,
//                                        detail}, {inFlight} or {retry}, applied by op
//                                        "gaslessJobAdvance" ({retry} as a thrown relay);
//   {"kind": "relayed", "thrown", "chainHeads"}   trouble worth retrying: spends one attempt
//                                        (outcome {transientError, attempts}).
//   After an outcome: the job is written with its attempts; a retry sets the alarm after
//   retryAfterSec; else a published job not final yet is looked at again after pollMs, and a
//   settled one (published or failed) releases its reservation: effect {"kind": "release"}.
//   {"kind": "released", "mined"?}       mined: how many of the job's transactions were mined, as
//                                        the chain's store answered the release (null: unknown).
//                                        A deposit address's job (state "deposit": its vault) that
//                                        failed with mined 0 never holds the address: effect
//                                        {"kind": "archive", "vault"} (the address keeps it among
//                                        its attempts, stays open to a new submit and to
//                                        transfers, and counts as open and unfunded again: it
//                                        takes back the cap slots the job's 202 freed). A refund
//                                        job (standard "refund") that failed is written with
//                                        "mined": the first release's count (null: unknown;
//                                        refund_step.h replaces it only when 0). Else its retention (op "gaslessJobRetention"):
//                                        still watched, nothing more; due, effect {"kind":
//                                        "forget"} (the relayer's stored transactions of the job go
//                                        first); else the alarm at its deleteAt.
//   {"kind": "archived"}                 effect {"kind": "forget"}, then deleted as above: the
//                                        quote has no job any more.
//   A receipt gone (reorganised away) sends the job back to accepted and names effect {"kind":
//   "reserve", "reservation"} (from state "plan": the job's stored plan; none for a plain
//   transfer): the funder's balance, released when the funding was mined, is held again.
//   {"kind": "reserved"}                 nothing more (the relay is due at alarmAt).
//   {"kind": "forgotten"}                effect {"kind": "deleteAll"} (the object's storage).
//   {"kind": "deleted"}                  nothing more.
//
// A submit, answered by the handler that stored it (state {"job": the job the object answered,
// "owner"?: who may read it}):
//   {"kind": "submitted", "outcome": "created" | "existing" | "conflict", "reserved", "quoteId",
//    "owner"?: the submitter}
//     reply {"status", "body"}: 202 the new job, 200 the same job, 409 conflict naming the quote
//     and its job (another authorization), or naming no job when the identical payload comes from
//     another owner than the job's. effect {"kind": "release"} when the submit reserved
//     the funder's balance and the job has already settled (a race with another submit); it is
//     performed before the reply is sent, and its result is not fed back.
//   "transfer"?: true when the submit is a deposit address's covering transfers (its object, not
//     a client): effect {"kind": "watch"} when they meet another job of the quote that is not
//     published (accepted, or failed: one that failed with nothing mined is archived and leaves
//     the quote without a job), so the address stays watched and a later range funds it; none
//     when the job is theirs or published (the address is funded).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

OpResult gasless_job_step_op(const Config& config, const nlohmann::ordered_json& input);

// What storing a submit in its quote's object came to, from what the object answered
// ({"created": whether this submit's job was inserted, "jobKey": the stored job's key}) and the
// submit's own job key: "created", "existing" (the same payload again) or "conflict" (another
// authorization holds the quote). OpInputError naming `where` when malformed.
std::string submit_outcome(const nlohmann::ordered_json& stored, const std::string& job_key, const char* where);

}  // namespace sr::service
