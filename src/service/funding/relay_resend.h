// Whether the relayer may broadcast a job's stored signed transactions again (op "relayResend").
// The relayer stores the bytes before it first broadcasts them, and broadcasts the same bytes
// again after a restart, and after a reorganisation removed them from the chain (the job is then
// accepted again: gasless_job.h). The same bytes keep their nonces, so they can never be paid
// twice; what must still be decided is whether they can be mined at all. The worker fetches, per
// transaction, whether the chain has its receipt or the node holds it (`known`), and the relayer's
// mined nonce count ("latest"); the core answers:
//   "wait"      every transaction is on chain or held by the node: nothing is sent, the relayer
//               waits for the receipts;
//   "fail"      a missing transaction's nonce was taken by another transaction of the relayer: it
//               can never be mined; the job fails with `detail`, nothing new is sent;
//   "retry"     part of the job is on chain and part is gone: the simulation runs the job's calls
//               from the first, so it would judge calls already made; nothing is sent unsimulated,
//               the relay is retried (the node may bring the rest back) until its attempts are spent;
//   "simulate"  every transaction is gone and its nonce free: the whole job is simulated again
//               (relay_simulation.h) and sent only if the simulation passes.
//
//   "relayResend" {"chainId", "minedNonce", "transactions": [{"purpose", "nonce", "hash", "known"}]}
//     -> 200 {"action": "wait"|"fail"|"retry"|"simulate", "detail": text or null}
// A malformed input is a worker bug (OpInputError).
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

OpResult relay_resend_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
