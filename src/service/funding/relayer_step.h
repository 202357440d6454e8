// Op "relayerStep": the decisions of a gasless relayer object (one per chain and relayer account,
// edge-worker/src/funding/gasless-relayer.js), as a state machine that does no I/O. The object
// is its driver: it loads what the event concerns, asks this op, applies the writes, performs the
// effects and feeds their results back as the next event, until an answer names no effect; then
// it returns the reply. It never decides what a result means.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply"}:
//   state    the progress of the relay call, for the next event (held by the call, never stored);
//   writes   rows to write, in order: {"table", "where": {column: value}, "set": {column: value}};
//   effects  at most one thing to do now, whose result is the next event (none: the call is over);
//   alarmAt  always null (a relayer is called by its jobs; it has no alarm of its own);
//   reply    what the relay answers the job once no effect is left (null while one is).
//
// Relaying one job. state: {"jobId", "chainId", "account": the pinned address, or the position in
// the key list of a job stored before pinning, "pinned": whether it is an address, "stored":
// whether the job's signed transactions were stored before this call}; the call adds
// "transactions" (how many were signed), "index" (the one being landed) and "landed".
//   {"kind": "relay", "keyFound"}       the job's row is opened (its nonces are held against the
//                                       account's other jobs); with no key, a pinned job waits
//                                       ({inFlight} if it signed before, its bytes may still be
//                                       mined; else {retry}) and a job stored before pinning fails;
//                                       else effect {"kind": "prepare", "checkFloor", "sign"}: a
//                                       new job is checked against the account's floor and signed;
//                                       a stored one is landed from its stored bytes, never signed
//                                       again (whatever the balance).
//   {"kind": "prepared", "result"}      result {"transactions": n} (signed now or before):
//                                       effect {"kind": "land", "index": 0, "fresh", "waitMs"}
//                                       (fresh: signed in this call, so broadcast at once; the call
//                                       waits for receipts at most waitMs from its first land, then
//                                       its result is {inFlight}); {"waitingFor",
//                                       "detail"} or {"error"}: the reply; {"thrown", "refused"}:
//                                       refused (the key is unusable) fails, else a stored job is
//                                       {inFlight} (its bytes may be mined whatever the node says
//                                       now) and a new one {retry}.
//   {"kind": "landed", "result"}        result {"receipt", "attempt"}: effect {"kind":
//                                       "recordReceipt", "hash"} (its gas is spent, reverted or
//                                       not: the partner's budget counts it); {"error"} or
//                                       {"inFlight"}: the reply; {"thrown", "refused"}: refused
//                                       fails, else {inFlight}.
//   {"kind": "recorded", "failed"}      failed (the chain's store did not answer): {inFlight}, the
//                                       next relay finds the receipt again; an attempt that was a
//                                       cancellation fails the job (its nonce was filled with a
//                                       0-value transfer); a receipt whose status is not 0x1
//                                       fails it (reverted); else the next transaction is landed,
//                                       or, after the last, the reply {"transactionHash",
//                                       "blockNumber"} names the funding.
// A reply with an error or a transactionHash settles the job here: its row is closed (its nonces
// no longer held). {retry} is trouble worth another attempt (the job spends one), {inFlight} and
// {waitingFor} spend none (op "gaslessJobAdvance").
//
// Which object relays a job (edge-worker/src/funding/relayer.js; state {"jobId", "chainId"}):
//   {"kind": "route", "endpoint", "keyed", "pinned": address | null, "pinnedKeyFound"}
//                                       no endpoint for the chain, or no key at all: {error};
//                                       a job stored before pinning: effect {"kind":
//                                       "relayByPosition"}; its pinned account's key found: effect
//                                       {"kind": "relayAt", "address"}; else effect {"kind":
//                                       "holds", "address"} (did that account sign for the job?).
//   {"kind": "held", "address", "holds"}  it signed: {inFlight} (its bytes may still be mined, the
//                                       job waits for the key); else effect {"kind": "repin"} (the
//                                       account its id chooses now, stored before it relays).
//
// Waiting for a receipt (state {"nonce"}, the transaction's):
//   {"kind": "polled", "used", "found"}  the account's mined nonce count `used`, read before the
//                                       receipts: a nonce shown used with none of ours found may be
//                                       a node serving a block's state before its receipts, so
//                                       effect {"kind": "readReceipts", "afterMs": 1500} before
//                                       the nonce is judged taken (op "relayReplace").
//   {"kind": "sendRefused", "message"}   the node refused eth_sendRawTransaction: reply {"sent":
//                                       true} when the message says it holds the bytes or their
//                                       nonce is mined (sent before a restart), else false.
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

// How long a relayer waits before reading receipts again when the nonce shows used and none of
// its own was found (anvil under load, an endpoint behind another).
inline constexpr unsigned kReceiptRecheckMs = 1'500;
// How long one relay call waits for its transactions' receipts, from its first land, before it
// answers {inFlight}: the job is looked at again later (spending no attempt) and the relayer's
// replacement rules keep running at every new block meanwhile (op "relayReplace"). A minute holds
// a few blocks on every configured chain while keeping the job's object from being held for long.
inline constexpr unsigned kReceiptWaitMs = 60'000;

OpResult relayer_step_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
