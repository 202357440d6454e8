// Portal and prover logs read as intent events: ops "routeLogs" (which intent each log concerns,
// so the worker hands every log to the shard holding its intent's record) and "applyLogs" (the
// events folded into the records). Shapes in ops.json.
//
// applyLogs {"chainId", "logs", "records": {hash: record|null}, "now"[, "fromBlock", "toBlock"]}
//   -> 200 {"updates": {hash: record}, "applied", "ignored", "unregistered",
//           "transactions": {"added", "removed": [{"transactionHash", "intentHash"}]}} | 200 {"missing": [hashes]}.
// "transactions" is what the transaction index (lookups by transaction hash) must gain and lose:
// the changed records' transactions they hold now and did not before, and the reverse.
// Logs change only records that exist: a record starts with a registration (a quote or a deposit
// address), so the logs of intents registered elsewhere on the shared Portal create nothing;
// "unregistered" names those intents, and the worker indexes none of their transactions.
// Without a range the logs are folded into the records (pushed logs). With one, the logs are
// everything the chain has in fromBlock..toBlock for the passed records' intents, and they
// replace what those records held there (replace_range, intent_status.h): a reader passes the
// records of the intents routeLogs named and of those it recorded in the range before, so a
// transaction a reorganisation removed leaves its record. "applied" counts the logs folded into
// records that changed.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult route_logs_op(const Config& config, const nlohmann::ordered_json& input);
OpResult apply_logs_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
