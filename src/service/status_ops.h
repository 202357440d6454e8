// The status operations of the core boundary. The worker's Durable Objects store intent records
// (intent_status.h, JSON form; sharded by intent hash) and per-chain cursors; these ops do
// everything else. By concept: quote registration (quote_registration.h), log decoding
// (intent_logs.h), lookups (status_queries.h), poll planning (poll_plan.h), and the records they
// share (status_records.h).
//
// "registerQuote" {"quote": <the 200 Quote body>, "records": {hash: record|null}, "now"}
//   -> {"records": {hash: record}, "quoteId", "deliveryIntentHash"}: the records to store for
//   every intent of the quote (top level and steps), merged into existing ones. The delivery
//   intent is the top-level intentHash, or the `stitched-destination` intent of a multi-hop
//   quote; status lookups by quoteId report it.
//   With "fresh": true every record counts as absent (no "missing" round trip): the caller
//   stores each record, or merges it into one it already holds with "mergeRegistration".
// "mergeRegistration" {"registered": record, "stored": record} -> {"record"}: a registration
//   merged into the record chain events created first (what they could not know yet: chains,
//   deadlines, route hash and reward, role, quoteId), exactly as registerQuote would have merged it.
// "applyLogs" {"chainId", "logs": [eth_getLogs log], "records": {hash: record|null}, "now"}
//   -> {"updates": {hash: record}, "applied", "ignored"}: only records that changed. Logs not
//   emitted by the chain's Portal or prover, or of other events, are ignored. Pushed logs
//   with a malformed shape answer 400 naming logs[i].
// "routeLogs" {"chainId", "logs"} -> {"byIntent": {hash: [log]}, "transactions": [{"transactionHash",
//   "intentHash"}], "ignored": [{"index", "reason"}]}: which intent each log concerns, so that the
//   worker hands every intent's logs to the object holding its record (records are sharded by
//   intent hash) and indexes transactions by hash; the same validation as applyLogs (400 naming
//   logs[i], 422 for an unknown chain).
// "intentStatus" {"query": {"intentHash", "quoteId"}, "record": record|null, "now",
//   "chainTimes"?: {"<chainId>": seconds}} -> 200 IntentStatus | 400 naming the query field.
//   IntentStatus.refund: {"transaction": {"type": "evm", "chainId", "to": source Portal, "data":
//   refund(destination, routeHash, reward), "value": "0"}, "availableAt": reward deadline} when the
//   status is refundable or expired on an EVM source and the record knows the reward; else null.
// "legacyIntentStatus" {"body", "record": record|null, "now", "chainTimes"?}
//   -> 200 {"data": {...}} | 400 | 404 when there is no record.
// "pollPlan" {"cursors": {"<chainId>": last processed block|null}, "heads"?: {"<chainId>": block},
//   "confirmations"?, "maxRange"?, "maxRanges"?, "lookback"?, "rpcUrls"?: {"<chainId>": url},
//   "deposits"?: {"<chainId>": [{"vault", "token"}]}}
//   -> {"chains": [{"chainId", "rpcUrl", "ranges": [{"fromBlock", "toBlock", "filter",
//   "transferFilters"}]}], "confirmations"}. The chains are the EVM chains with an endpoint: the
//   configuration's rpcUrl (local chains), else rpcUrls (the deployment's CHAIN_RPC_URLS secret);
//   a chain with neither is not read. `filter` finds the Portal and prover logs; `transferFilters`
//   the Transfer logs into the chain's watched deposit vaults (deposit_transfers.h), empty without.
//
// Both record-merging ops need every touched record: when `records` lacks a hash they touch
// (a key, null meaning "no record"), they answer 200 {"missing": [hashes]} and change nothing,
// and the caller asks again with those records.
//
// `chainTimes` are the latest block times the poller saw. Deadlines are judged by chain clocks
// (a refund opens by the source chain's block time), and a local chain's clock can run ahead of
// the worker's, so each chain's clock is max(now, its chain time).
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/config.h"
#include "service/intent_logs.h"
#include "service/poll_plan.h"
#include "service/problem.h"
#include "service/quote_registration.h"
#include "service/status_queries.h"

namespace sr::service {

// The op of that name, or nullopt when `op` is not a status op. For the Service dispatcher.
std::optional<OpResult> status_op(const Config& config, std::string_view op, const nlohmann::ordered_json& input);

}  // namespace sr::service
