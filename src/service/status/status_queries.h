// Status lookups: op "intentStatus" (the v1 IntentStatus body of a stored record, or unknown) with
// its query validation, and the pieces the legacy lookup (legacy/legacy_status.h) shares. The
// status itself is derived in intent_status.h; this file turns a record into the response.
// Each recorded transaction carries "confirmations" and "final", and the body "final", from the
// optional input "chainHeads" (finality.h): what the chain readers last saw of each chain.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/status/intent_status.h"
#include "service/common/op_input.h"
#include "service/common/problem.h"
#include "service/status/status_records.h"

namespace sr::service {

// Op "intentStatus" {"query", "record": the stored record or null, "now", "chainTimes"?,
// "stream"?: true when the answer opens a status stream} -> 200 IntentStatus (status "unknown"
// without a record) | 400 naming the query's field | 404 not-found for a stream without a record.
OpResult intent_status_op(const Config& config, const nlohmann::ordered_json& input);

// Op "intentStatusCheck" {"record", "now", "chainTimes"?, "chainHeads"?} -> 200 {"status":
// IntentStatus, "recheckAt": unix seconds or null}: what a watcher of a stored intent (the
// shard's webhook alarm) needs in one answer: the status now and when to look again without a
// chain event (next_time_change, intent_status.h).
OpResult intent_status_check_op(const Config& config, const nlohmann::ordered_json& input);

// The clocks a record's deadlines are judged by: input "now", raised to each chain's latest block
// time in input "chainTimes" ({"<chainId>": unix seconds}) where a chain's clock runs ahead.
StatusClocks status_clocks(const OpInput& in, const IntentRecord& record);

// A recorded transaction as status bodies show it: {"chainId", "transactionHash",
// "blockNumber"? (with_block), "blockExplorerUrl": link or null}; null without a transaction.
nlohmann::ordered_json transaction_body(const Config& config, const std::optional<ChainTx>& tx, bool with_block);

}  // namespace sr::service
