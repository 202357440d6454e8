// How final a recorded transaction is, and whether a status can still change, judged from what
// the chain readers last saw of each chain (passed in, like the chain clocks): its head, its
// `finalized` block where the node serves that tag, and the reader's confirmation depth (the
// window it re-reads for reorganisations, POLL_CONFIRMATIONS).
//
// - confirmations: head - block (0 at the head, and 0 while the reader has not reached the
//   block or has not reported the chain);
// - final: at or below the chain's finalized block where the node reports one, else
//   confirmations >= depth and the reader has read `depth` blocks past it (`read`, its cursor: it
//   never re-reads the block again, so a reorganisation there would not be seen anyway);
//   never for a chain the readers did not report;
// - a status body is final when its status can no longer change: `settled` (proven or withdrawn,
//   and one of those transactions is final: a settled intent stays settled, whoever withdraws)
//   and `refunded` (its refund final). Every other status may still move, by a transaction or a
//   deadline (a failed intent holding a partial funding becomes refundable).
#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include "service/common/op_input.h"
#include "service/status/intent_status.h"

namespace sr::service {

struct ChainHead {
  std::uint64_t head = 0;
  std::optional<std::uint64_t> finalized;
  std::uint64_t depth = 0;
  std::optional<std::uint64_t> read;  // the reader's cursor: the last block whose logs it stored
};
using ChainHeads = std::map<std::uint64_t, ChainHead>;  // by chain id

// The optional input "chainHeads": {"<chainId>": {"head", "finalized": block|null, "depth",
// "read"?: block|null}};
// OpInputError (a worker bug) when malformed.
ChainHeads read_chain_heads(const OpInput& in);

struct TxFinality {
  std::uint64_t confirmations = 0;
  bool final = false;
};
TxFinality tx_finality(const ChainTx& tx, const ChainHeads& heads);

bool status_final(const IntentRecord& record, IntentStatus status, const ChainHeads& heads);

// Whether a watcher of the status (a live status stream, the package's watchIntent) stops at
// `status`: settled, refunded and failed, the statuses the API names final for a watcher. Not the
// body's "final": that also waits for the deciding transaction to be final (on a local chain, 64
// blocks), and a stream held open that long would make every client wait for it too. A failed
// intent holding a partial funding may still turn refundable at its reward deadline; a watcher
// that needs that looks the status up again (or hears it by webhook).
bool status_ends_watch(IntentStatus status);

}  // namespace sr::service
