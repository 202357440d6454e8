// Op "gaslessSubmitStep": what a verified gasless submit does before it is answered (the request
// handler edge-worker/src/funding/handlers.js is its driver, for keyed submits and a deposit
// address's submitted authorizations alike), as a state machine that does no I/O. The driver
// performs the effect an answer names and feeds its result back, until an answer names none;
// `reply` is then the HTTP answer.
//
// {"state", "event"} -> 200 {"state", "writes" (always empty), "effects", "alarmAt" (null),
// "reply", "logs"}:
//   state   {"verified": of the verification op's answer, what this op reads: {"job": {"id"},
//           "jobKey", "quoteId", "standard"} (the whole answer will do; the plan stays with the
//           driver, which reserves and submits it),
//           "owner": who may read the job ("partner:<slug>"), "keyed": whether an API key sent it,
//           "deposit"?: the vault of the deposit address it funds, "requestId"?: for the logs,
//           "context"?: the previous answer's state.context, handed back unchanged};
//   reply   {"status": 202 | 200, "body": the job} or {"status", "body": {"code", "detail",
//           "errors"}, "headers"?} for a refusal, or {"error"}: the submit failed on our side (the
//           driver throws, answering 500; nothing was kept).
//
// A quote that has a job answers from it: the same payload 200 with the job, another 409 (op
// gaslessJobStep "submitted"). One without a job gets one only once the chain's store admitted and
// reserved the funding (op relayerStep, after the preflight read the chain): a refused funding
// looks for the quote's job once more first (a copy of this submit may have created it and spent
// the authorization meanwhile: a retried submit must still get its job back), then answers the
// refusal: 429 sponsorship-exhausted with its own Retry-After and RateLimit-*, a preflight the
// store could not make (no endpoint, the node down) as it said, and a refused preflight 422 after
// counting against the client network's work-creating bucket when no key sent it (it read the
// chain for nothing; a key's bucket counted the request).
//
// Events: {"kind": "submit"}, whose answer is always effect readJob: a driver may start with that
// read and its result instead, saving a call; results: {"kind": "jobRead", "exists"}, {"kind": "reserved",
// "verdict": the store's answer {status, body, headers} or {httpError: {status, code, detail}}},
// {"kind": "workCounted"}, {"kind": "jobSubmitted", "stored": {"created", "jobKey", "job",
// "owner"}} or {"thrown"}, {"kind": "released"}, {"kind": "depositFunded"}.
// Effects: readJob, reserve {jobId, partner} (the verified plan), countRefusedWork, submitJob {reserved},
// release (the reservation: the job had already settled, or the submit threw), depositFunded
// {vault} (a new job funds its deposit address: its cap slots are released).
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

OpResult gasless_submit_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
