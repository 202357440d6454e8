// Op "depositAddressStep": the decisions of a deposit address's object
// (edge-worker/src/deposits/deposit-addresses.js), as a state machine that does no I/O. The object
// is its driver: it loads its rows, asks this op, applies the writes, prints the logs, sets the
// alarm an answer names, performs the effect and feeds its result back as the next event, until an
// answer names no effect; then `reply` is what the call answers. It never reads a record itself.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply", "logs"}:
//   state    the object's rows: {"deposit": {"owner", "record", "intent", "transfers"} or null (no
//            address, or deleted), "holds": [names of the cap slots the address holds], "released":
//            [names its funding released], "funded": whether it has its funding job, "heldUntil":
//            Unix seconds until which a transfer funding is held by its partner's spent
//            sponsorship budget (null: not held), "now": Unix seconds, "retention"?: {"fundedSec"?,
//            "graceSec"?} (deployment settings; defaults below), "context"?: the answer's own
//            context, handed back unchanged with the event that answers its effect};
//            the answer's `state` is {"context"} only: the rows are loaded afresh for every event;
//   writes   rows to write, in order (ops.json $defs StepWrite) into tables deposit {vault, owner,
//            record, intent, transfers}, holds {name}, released_holds {name}, attempt {job, at},
//            sponsorship_hold {id: 1, until}, funded {id: 1, at};
//   effects  at most one thing to do now, whose result is the next event (none: `reply` answers);
//   alarmAt  Unix milliseconds to set the alarm to, or null to leave it as it is;
//   logs     [{"level": "log" | "error", "line": {...}}] what happened, to print as JSON lines.
//
// Lifetime: an address goes at its deadline plus a retention: 30 days ("fundedSec") once it was
// funded or received any transfer (its status and transfers stay answerable while its intent
// settles and for support), 1 hour ("graceSec") if nobody paid it (a transfer confirmed just
// before the deadline is still read).
//
// Events and what they lead to:
//   {"kind": "started", "alarmSet"}    an address whose object starts without an alarm (stored
//                                      before the alarm existed) gets the one its retention gives.
//   {"kind": "alarm"}                  no address: effect deleteAll. Before its retention ends: the
//                                      alarm again then. Past it: effect {"kind": "unindex",
//                                      "vault"} (the intent shards' index row goes first, so no
//                                      lookup finds a row without its object), then
//                                      {"kind": "releaseHolds", "names", "vault"} while it holds
//                                      slots (expired with the deadline already: this only tidies),
//                                      then {"kind": "deleteAll"}, logged "deposit-address-removed".
//   {"kind": "create", "owner", "record", "intent", "holds"}   an address already stored answers
//                                      itself (vaults commit to a random salt: a repeated create is
//                                      a retry). Else effect {"kind": "watch", "chainId", "vault",
//                                      "token", "deadline"} (the chain's reader watches the vault
//                                      before it is stored and answered, so no transfer into it is
//                                      missed), then the rows, its alarm and the reply
//                                      {owner, record, intent, transfers: [], attempts: []}.
//   {"kind": "funded"}                 the address has its funding job: marked, and its cap slots
//                                      released (effect releaseHolds) and remembered as released.
//   {"kind": "archive", "job"}         a funding job that failed with nothing mined (op
//                                      gaslessJobStep): kept among the attempts; the address is open
//                                      and unfunded again, so it holds the slots its funding
//                                      released again until its deadline: effect {"kind":
//                                      "holdAgain", "names", "vault", "untilMs"}.
//   {"kind": "observe", "delivery", "confirmations"}   the chain reader's delivery (op
//                                      depositObserve). Not covered: the transfers kept, reply
//                                      {state, recheckFrom, watch}. Every observe reply's watch
//                                      tells the chain's reader what to keep of the vault:
//                                      {recheckFrom} while "waiting", else null (watched no more). Covered: the funding job of the
//                                      transfers (op depositSubmitVerify "transfer"; refused: reply
//                                      "refused"): effect {"kind": "readJob", "quoteId"}; a quote
//                                      with a job already has its sponsorship row, else the
//                                      partner's spent budget holds it (reply "waiting", every
//                                      later range handed over) or effect {"kind": "admit", "plan",
//                                      "jobId", "partner"} counts it (the chain's store: 200
//                                      counted, 429 held until its Retry-After, anything else
//                                      logged and relayed all the same: the money is in the vault);
//                                      then effect {"kind": "submitJob", "jobKey", "owner", "job",
//                                      "plan"}; its outcome as op gaslessJobStep "submitted" with
//                                      transfer takes it (release, watch); a job of the quote still
//                                      in flight keeps the address watched (reply "waiting"), else
//                                      the address is funded (as "funded" above) and reply
//                                      "funded". A submit that throws releases a counted row
//                                      (effect release) and replies {"error"}: the driver throws,
//                                      so the reader delivers the range again. The transfers are
//                                      written last, so a status read never shows covering
//                                      transfers without their job.
//   Results: {"kind": "watched"}, {"kind": "unindexed"}, {"kind": "holdsReleased"},
//   {"kind": "heldAgain"}, {"kind": "deleted"}, {"kind": "jobRead", "exists"}, {"kind":
//   "admitted", "answer": {status, body, headers}} or {"thrown"}, {"kind": "jobSubmitted",
//   "stored": {created, jobKey, job}} or {"thrown"}, {"kind": "released"}.
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

OpResult deposit_address_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
