// The chain's store of relayed fundings, kept by its relayer object named by the chain alone
// (edge-worker/src/funding/reservations.js and sponsorship.js are its drivers): the reservations
// of accepted, unsettled fundings against their funders' balances, and each partner's sponsorship
// rows. Events of op "relayerStep" (relayer_step.h), answered in its shape; writes name the tables
// "reservation" (job_id, token, funder, amount) and "sponsorship" (job_id, partner, funder, day,
// hold_wei, settled, receipts: a JSON object of the job's mined receipts by hash).
//
//   {"kind": "admitted", "jobId", "partner", "admission": op sponsorshipAdmission's answer
//    {status, body, headers?}}, state {"sponsorship": [{"jobId", "day", "settled"}] every row}
//     a refusal is the reply; else effect {"kind": "simulate"} (a deposit address funded by plain
//     transfers too: its preflight reads the vault's balance and the intent's status).
//   {"kind": "simulated", "verdict": {status, body}, "reservation": {token, funder, amount} | null,
//    "admission"?: op sponsorshipAdmission's answer again, with the verdict}
//     (state as the admitted answer left it) a 200 takes the job's sponsorship row (from the
//     latest admission) and its reservation (token and funder lowercase: rows are matched by
//     them); the verdict is the reply. A 200 whose admission again is refused (others of the
//     partner admitted while this one read the chain) takes nothing: the refusal is the reply.
//   Taking a row drops the settled rows of earlier days (no admission counts them any more).
//   {"kind": "release", "jobId"}, state {"sponsorship": {"receipts": {...}} | null, the job's row}
//     the job has settled: its reservations go, and its row counts what its receipts say from now
//     on; a row with no receipt sent nothing and costs nothing, so it goes too. Reply {"mined":
//     how many of its transactions were mined (its receipts), or null without a row (unknown)}.
//   {"kind": "reserve", "jobId", "reservation": {token, funder, amount}}
//     a job a reorganisation sent back to accepted holds its funder's balance again (op
//     gaslessJobStep names the reservation); a row already there stays.
//   {"kind": "receiptMined", "jobId", "hash", "receipt"}, state {"sponsorship": {"receipts"} | null}
//     what one of the job's mined transactions cost (gasUsed, effectiveGasPrice or null when the
//     node reports none, an OP-stack chain's l1Fee where reported), kept by hash (recording twice
//     changes nothing); no row (admitted before rows existed, or settled and removed): nothing.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// The answer to a store event, or nullopt when `kind` is not one.
std::optional<OpResult> funding_store_step(std::string_view kind, const nlohmann::ordered_json& state,
                                           const nlohmann::ordered_json& event);

}  // namespace sr::service
