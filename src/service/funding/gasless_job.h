// The gasless job: what a verified funding submit becomes (GaslessJob in edge-worker/openapi.json).
// A quote is funded at most once, so it has at most one job, and the job is named after it:
// id "job:<quote UUID>". The worker stores the job (one Durable Object per quote) and relays it;
// the core decides its shape, its id, which ids and queries name one, and every transition:
//
//   accepted --relayed, mined and successful--> published (transactionHash, confirmations, final)
//   published, not final --receipt again-------> published with its confirmations and final
//                                                (finality.h, the status bodies' rule)
//   published, not final --receipt gone--------> accepted (no transactionHash), relayed at once:
//                                                the relayer re-sends the same signed bytes after
//                                                simulating them again, or fails the job
//   published, not final --re-mined, reverted--> failed
//   accepted --final refusal or revert-------> failed (error)
//   accepted --transient trouble-------------> accepted, retried after a growing delay, or failed
//                                              once the configured attempts are spent
//   accepted --sent, no receipt yet------------> accepted, looked at again; never failed for that
//                                              (the relayer re-prices or re-sends: relay.h)
//   accepted --price above the chain's ceiling-> accepted with "waitingFor": "gas-price", nothing
//                                              sent; looked at again after relay.firstRetryDelaySec
//   accepted --the account's earlier job not---> accepted with "waitingFor": "relayer", nothing
//              mined yet                         sent; looked at again likewise
//
// failed is final, and published once its transaction is final (a reorganisation can no longer
// remove it). Published is not delivery: the intent's status tells that.
//
// Ops:
//   "gaslessJobLookup"  {"jobId": <raw path segment>} | {"quoteId": <raw query value or null>}
//                       -> 200 {"quoteId": <lowercase bare UUID>} or 400 invalid-request naming
//                          the field. Asked again with what that quote's object holds, plus
//                          {"partner": <the key's partner>, "stored": {"owner", "job"} | null}
//                       -> 200 {"job"} when the partner owns it, else 404 not-found (another
//                          partner's job answers as a missing one does).
//   "gaslessJobAdvance" {"job", "outcome", "now"} -> 200 {"job", "retryAfterSec"}; see below.
// Jobs are created by the verification ops themselves (member "job" of the gaslessVerify and
// depositSubmitVerify answers), so a job never exists for a submit the core did not verify and
// the worker never re-spells a quote id.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

// A new job, accepted at `now`, with the members in the contract's order. `quote_id` is the
// quote's id as the verification read it, "quote:<uuid>" or the bare UUID (deposit records keep
// it bare); the job carries the bare UUID in lowercase, the spelling every lookup takes.
nlohmann::ordered_json gasless_job(std::string_view standard, std::string_view quote_id, std::string_view intent_hash,
                           std::uint64_t chain_id, std::uint64_t now);


// {"jobId"} or {"quoteId"}, exactly one of them (the worker passes what the client sent: the path
// segment, or the query value, null when absent).
OpResult gasless_job_lookup_op(const nlohmann::ordered_json& input);

// A relay outcome applied to an accepted job:
//   "outcome": {"receipt": {...} | null}                 a published job's receipt as the node answered
//                                                        eth_getTransactionReceipt for its transactionHash
//                                                        (the core reads it: null = gone, status 0x1 =
//                                                        mined, else mined again and reverted: failed)
//            | {"transactionHash": "0x…", "blockNumber": n}
//                                                        the funding transaction's receipt, successful,
//                                                        in block n (also a watched job's receipt)
//            | {"receiptGone": "0x…"}                    the published job's transaction has no receipt
//                                                        any more (reorganised away)
//            | {"error": "…"}                            a final reason (revert, refusal, no endpoint)
//            | {"transientError": "…", "attempts": n}    trouble worth retrying; n counts this attempt
//            | {"waitingFor": "gas-price", "detail": "…"} the chain's price is above its ceiling
//                                                        (op "relayTransactions"); nothing was sent
//            | {"waitingFor": "relayer", "detail": "…"}  the relayer account's earlier job holds a
//                                                        nonce not mined yet; nothing was sent
//            | {"inFlight": "…"}                         the job's transactions are sent and none has a
//                                                        receipt yet: no attempt spent, looked at
//                                                        again after relay.firstRetryDelaySec
//   "chainHeads" (optional): what the chain readers last saw (finality.h), to judge the transaction.
// -> 200 {"job": the next job, "retryAfterSec": seconds until the next relay attempt, or null,
//         "checkReceipt": whether the job names a transaction not final yet, to look at again}.
// A transient error keeps the job accepted (and unchanged) while attempts < relay.maxAttempts,
// retrying after relay.firstRetryDelaySec * 2^(attempts-1); the last one fails it, naming the
// count and the last error. A published job not final takes only a receipt, receiptGone or an
// error (a receipt in either shape). A malformed job or outcome, or a finished job, is a worker bug (OpInputError).
OpResult gasless_job_advance_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
