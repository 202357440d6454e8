// Op "chainReaderStep": the decisions of a chain's reader (edge-worker's ChainReader object, one
// per chain) in one polling round, as a state machine that does no I/O. The object is its
// driver: it loads its cursor row and its watched deposit vaults, asks this op, applies the
// writes, prints the logs, performs the effects and feeds a result back as the next event; it
// sets the alarm whenever an answer names one. It never reads a block.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply", "logs"}:
//   state    {"chainId", "nowMs", "cursor": {"block", "finalized", "anchorHash"} (the stored row,
//            each null until known), "anchorChecked": whether this instance compared the chain's
//            anchor block since it started (kept in memory: a new instance compares again),
//            "watched": [{vault, token, deadline?}] the chain's watched deposit vaults (once the
//            ranges are planned, those past their deadline by nowMs are dropped: a delete write
//            each, and the answer's "watched" is the rest, the vaults the ranges' transfers are
//            routed to), "rpcUrls"?: the
//            deployment's endpoints per chain id (CHAIN_RPC_URLS), "confirmations"?, "maxRange"?
//            (op "pollPlan"'s defaults), "intervalMs"?: the polling alarm's interval (none or 0:
//            polled by the cron trigger only)}; the answer's is the state for the next event (its
//            "anchorChecked" is the one to keep; "reads" holds the blocks read so far; once the
//            round is over, "nextRead": the blocks the next round reads first, without a poll);
//   writes   rows of table "cursor" (where {"id": 1}) and "deposit_watch" to write, in order
//            (ops.json $defs StepWrite);
//   effects  what to do now: one "read", whose result is the next event, or the round's ranges;
//   alarmAt  Unix milliseconds to set the alarm to, or null to leave it as it is;
//   reply    the round's outcome once no effect is left to feed back (null while one is);
//   logs     [{"level": "log" | "error", "line": {...}}] what happened, to print as JSON lines.
//
// Events:
//   {"kind": "poll"}       a chain without a JSON-RPC endpoint is not read (reply {chainId,
//                          skipped}; its vaults past their deadline are dropped all the same); else effect {"kind": "read", "blocks": ["latest", "0x1"
//                          (the anchor: only when this instance has not compared it), "finalized"]}:
//                          eth_getBlockByNumber of each, in order, stopping at the first that throws.
//                          With an interval, the alarm one interval after the round's start (rounds
//                          start one interval apart, however long the last one took).
//   {"kind": "read", "results": [{"tag", "block": the node's block | null} | {"tag", "thrown"}]}
//                          (a state without "reads": the round began with the last one's
//                          "nextRead", and this is its first step: the alarm as for poll) no latest block (thrown, or none): the round fails at stage "head".
//                          The anchor (block 1: anvil's genesis is the same on every run, block 1
//                          carries the time it was mined) is compared when this instance has not
//                          compared it or the head is below the cursor (a node behind its
//                          balancer, or another chain at this URL): effect read ["0x1"] when it
//                          was not read. Another anchor than the stored one resets the cursor (the
//                          chain is read as new). A head below the cursor with the same anchor is
//                          lagging: nothing moves until a head passes the cursor again (reply
//                          {chainId, lagging, head}). Else the ranges op "pollPlan" gives from the
//                          cursor (none after a reset), re-reading what is above the last finalized
//                          block: none saves the cursor's head, finalized and depth (reply {chainId,
//                          head, ranges: 0, logs: 0}); else effects, in order, one per range:
//                          {"kind": "range", "fromBlock", "toBlock", "filter", "transferFilters",
//                          "confirmations", "keepFrom": the lowest block whose intents the reader
//                          keeps notes of after it, "writes": the cursor moved past the range, to
//                          apply once its logs were delivered}, and reply {chainId, head, ranges}
//                          (the driver adds logs: how many logs its reads found).
//   {"kind": "rangeFailed", "message"}   a range's read or delivery failed: the cursor stays at the
//                          last range delivered (reply {chainId, error}).
//   {"kind": "start"}      an object with no alarm: the polling alarm, one interval from now.
#pragma once

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

OpResult chain_reader_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
