// Op "intentShardStep": the decisions of an intent shard (edge-worker's IntentShard object: the
// status records of 1/256 of the intents, their live status streams, their webhook status checks
// and their retention) as a state machine that does no I/O. The object is its driver: it loads the
// rows an event concerns, asks this op, writes the rows it names in one transaction, performs the
// effects it names and sets the alarm it names. It never reads a record or compares a status.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply"}:
//   state    what the driver loaded for the event (below), always with "nowMs" (Unix milliseconds)
//            and, where a retention is decided, "graceSec"? (op "recordRetention"'s); the answer's
//            is the state for the event that follows (a check's "checked");
//   writes   rows to write in order, in one transaction (ops.json $defs StepWrite; "replace": a row
//            stored whether or not its key exists; "upsert": the columns it names stored, the
//            row's others kept when its key exists; "drop": the whole table goes). A record's
//            webhook owner, the status last delivered to it and its next check are columns of the
//            record's row (owner, last_status, check_at): one row per intent, not two. A record is
//            stored in the table of its expiry's hour, or "record_kept" (record_tables.h); state
//            "places" ({hash: {"table", "owner", "lastStatus", "checkAt"}}, for registered and
//            logs) says where each stored record is, so that one whose table changes moves whole,
//            and state "bucketSec" (default kRecordBucketSec) how wide an hour is (tests);
//   effects  things to do now, in order: {"kind": "notify", "intents"} (the records of these intents
//            changed: push to their open streams), {"kind": "mark", "intents"} (chain events made
//            these owned intents due for a webhook status check), {"kind": "deliver", "owner",
//            "before", "after"} (a status change to the owner's webhooks), {"kind": "send", "id",
//            "data"} (one `status` event to a stream), {"kind": "close"} (the stream ends),
//            {"kind": "refund", "job", "owner"} (start the refund the relayer sends itself),
//            {"kind": "unindex", "pairs"} (transaction index rows to drop in other shards);
//   alarmAt  Unix milliseconds to set the alarm to, or null to leave it as it is. Where an event
//            brings expiries or checks, state "alarm" is the alarm set now (null: none): the
//            alarm is only ever brought forward, never to less than 50 ms ahead, except for a
//            check chain events made due, which fires at once (nowMs);
//   reply    what the driver's caller is answered (null: nothing).
//
// Events:
//   {"kind": "registered"}  state {"records": {hash: registered record}, "stored": {hash: the
//       stored record or null}, "owner"?: who hears of status changes by webhook, "quote"?:
//       {"quoteId", "deliveryIntentHash", "record"?: the delivery intent's registered record},
//       "owned": [hashes among the records' whose row has an owner] (with "owner")}:
//       a stored record gets the registration merged in (op "mergeRegistration"), every record
//       its retention (op "recordRetention"); the quote id maps to its delivery intent and goes
//       with that record when this shard holds it, else it has an expiry of its own (op
//       "quoteIdRetention"); an owner is remembered for every record (never replaced: written
//       with the record's row unless "owned" names it). Effect notify. Or state "batch":
//       [{"records", "owner"?, "quote"?}] instead of records, owner, owned and quote, with
//       "stored" and "places" for all their intents: several registrations in one step, each
//       stored as if it were an event of its own after those before it. The answer's state is
//       {"nowMs"} alone (no event follows a registration).
//   {"kind": "logs"}  state {"chainId", "logs", "records": {hash: record or null}, "range"?:
//       {"fromBlock", "toBlock"}, "owned": [hashes among the records' with a webhook owner]}:
//       op "applyLogs" folds the logs in; changed records are stored with their retention, the
//       transaction index of the shard's records follows (table record_tx), an owned intent
//       whose record changed is due for a check now (record.check_at, effect mark, alarm now).
//       Effect notify. reply: applyLogs's refusal as it is, or 200 {"applied", "updated",
//       "unregistered", "transactions"}.
//   {"kind": "stream"}  state {"query", "record": or null, "chainTimes", "chainHeads", "last": the
//       id of the status body the client has (its Last-Event-ID at first) or null, "ageMs"?: how
//       long the stream has been open, "maxAgeMs"?: the deployment's maximum age (STREAM_MAX_MS;
//       default kStreamMaxAgeMs)}: the status body (op "intentStatus"); effect send when its id
//       (the first 16 hex digits of its SHA-256: a reconnecting client names the body it has)
//       differs from "last"; effect close once the status is one a watcher stops at
//       (status_ends_watch, finality.h), once the stream reaches its maximum age, or when the
//       status is refused. The answer's state.last is the id the client has now.
//   {"kind": "check", "chainHeads", "chainTimes"} or {"kind": "check", "thrown"}  state
//       {"intentHash", "owner", "lastStatus": the status last delivered or null, "record": or
//       null}: an owned intent's webhook status check (op "intentStatusCheck", with the owner). A
//       status other than lastStatus is delivered (effect deliver, before {"status": lastStatus}
//       or null); a refund the relayer sends itself is started (effect {"kind": "refund", "job",
//       "owner"}: the check's refundJob; its result is when to look again, or null). The answer's
//       state holds what "checked" writes: "status" (to deliver) and "next" (the next check: the
//       time the status could change by time alone; null without a record, since a chain event
//       that creates it marks the intent again; 30 s later when the chain heads could not be read).
//   {"kind": "checked", "markedAgain", "delivered"?, "refundAt"?, "thrown"?}  after the effects
//       (state "table": the record row's table, as the check read it):
//       the record row's check_at and, once delivered (the deliver effect performed), last_status.
//       refundAt (the refund effect's result: not started now): looked at again then. thrown (an
//       effect failed): again in 30 s. markedAgain (chain events marked the intent while the check
//       ran): checked again at once.
//   {"kind": "quoteRows"} or {"kind": "quoteRows", "thrown"}  state {"rows": [{"quoteId",
//       "intentHash", "expireAt": as stored, "record": the record as its shard holds it, or
//       null}]}: quote-id rows kept apart from their record whose time came. Each goes (op
//       "quoteIdRetention" says its time is now), is kept (null) or waits longer; only a row
//       still as read is written. thrown (a record's shard unreachable): each looked at again in
//       60 s.
//   {"kind": "expired"}  state {"records": [{"intentHash", "expireAt": as stored, "transactions":
//       [the transaction hashes of its record_tx rows]}]}: records whose retention may have come.
//       Each due one goes (a record still as read, with expireAt; its owner with its row) with its
//       quote-id and record_tx rows; effect {"kind": "unindex", "pairs": [{"transactionHash", "intentHash"}]}
//       (the transaction index rows, kept in the transactions' shards, that led to them).
//   {"kind": "buckets"}  state {"tables": [the shard's table names]}: reply {"due": [tables of
//       records by expiry hour whose end has passed], "next": the earliest end of the others, or
//       null}.
//   {"kind": "drop"}  state {"table", "records": [{"intentHash", "transactions"}]: its records that
//       have record_tx or quote-id rows}: a table past its end goes whole (write "drop", no row
//       written per record), with those rows; effect unindex for the transactions' index rows.
//       The expired event below is the legacy table's ("record"), whose rows go one by one.
//   {"kind": "quoteIdRange"}  state {"quoteId"}: a lookup by a quote id without a row reads the
//       records whose intent hashes start with its first kQuoteIdHashBytes bytes
//       (quote_registration.h): reply {"from", "to" (both included), "limit": how many it reads},
//       or null for an id that does not start with that many hex digits.
//   {"kind": "upgrade"}  state {"version": the shard's meta "retention" (0: none), "records"?: a
//       page of records stored without an expiry [{"intentHash", "record"}], "apart"?: on the last
//       page, the quote ids stored without an expiry whose record the shard does not hold}: rows
//       stored before their retention rule get it, once per shard. reply {"upToDate": true}
//       (nothing to do) or false: records get their expiry (none again when they hold money),
//       and with "apart" those rows are due for a check now and meta "retention" is written.
//   {"kind": "wake"}  state {"alarm", "due": [unix seconds or null]}: the next alarm after an
//       alarm's work (the earliest due check or expiry; none: no alarm).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

// `status_check` is op "intentStatusCheck" as the shard watches with it: the op table passes the
// one that adds the refund the relayer sends itself (funding/refund_relay.h), a floor above this
// one; without it, status_queries.h's (no refund).
using StatusCheckOp = OpResult (*)(const Config&, const nlohmann::ordered_json&);

// How long a status stream stays open (the contract's 10 minutes): a client that still watches
// reconnects, so a shard's attention is never held for good by one connection.
inline constexpr std::uint64_t kStreamMaxAgeMs = 10 * 60'000;

OpResult intent_shard_step_op(const Config& config, const nlohmann::ordered_json& input, StatusCheckOp status_check);
OpResult intent_shard_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
