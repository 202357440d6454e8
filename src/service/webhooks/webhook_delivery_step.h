// Op "webhookDeliveryStep": the decisions of one webhook endpoint's delivery queue
// (edge-worker's WebhookDeliveries object, one per endpoint), as a state machine that does no I/O.
// The object is its driver: it loads the rows below, asks this op, applies the writes, prints the
// logs, performs the effect and feeds its result back as the next event, until an answer names
// no effect; it sets the alarm whenever an answer names one. It never reads a receiver's answer.
//
// {"state", "event"} -> 200 {"state", "writes", "effects", "alarmAt", "reply", "logs"}:
//   state    {"nowMs", "target": {"url", "keyId": string | null} | null (no URL: the endpoint was
//            deleted, nothing is sent), "heads": the oldest pending message of each intent, by seq
//            ([{"seq", "id", "attempts", "firstAttemptAt": seconds | null, "nextAt", "then": the
//            next_at of the intent's following pending message, or null}]), or instead "pending":
//            every pending message by seq ([{"seq", "id", "intentHash", "attempts",
//            "firstAttemptAt", "nextAt"}]), from which the heads are found, "finished": the
//            oldest finished (delivered, failed, cancelled) messages, oldest first, at most a
//            batch ([{"seq", "at": when it finished}]), "finishedCount": how many there are in
//            all, "keepSec"?: their retention (default kWebhookRetentionSec)};
//            the driver loads these rows again before each event (a message queued while an
//            effect awaited counts for the alarm the run ends with) and passes on the "attempt"
//            ({"at", "seqs"}: the attempt under way) of the answer's state;
//   writes   rows of table "message" to write, in order (ops.json $defs StepWrite);
//   effects  at most one thing to do now, whose result is the next event (none: the alarm is over);
//   alarmAt  Unix milliseconds to set the alarm to, or null to leave it as it is;
//   reply    null, but for "list";
//   logs     [{"level": "log", "line": {...}}] what happened, to print as JSON lines.
//
// Events:
//   {"kind": "alarm"}      finished messages past their retention are deleted (by seq). With a
//                          target and heads due (nextAt <= now: per intent, a message waits until
//                          the one before it was delivered or given up), the endpoint is checked
//                          as op "webhookTarget" checks it at every attempt: a name to resolve
//                          first is effect {"kind": "resolve", "host"}; see "checked" below.
//   {"kind": "resolved", "addresses": [ip]} | {"kind": "resolved", "thrown"}  the host's addresses
//                          checked again (a lookup that failed fails the attempt of every due message).
//   checked: the key may no longer receive (cancel): every pending message of the queue is
//                          cancelled with the reason (the same key owns them all), nothing is sent;
//                          refused (ok false, a reason): each due message's attempt fails; else
//                          effect {"kind": "send", "connect": the checked address, "at": the
//                          attempt's Unix seconds (its webhook-timestamp), "messages": [{"seq",
//                          "id"}]}: each posted to the address, signed.
//   {"kind": "sent", "results": [{"seq", "statusCode"} | {"seq", "thrown"}]}  a 2xx is delivered;
//                          anything else (a redirect, an error status, no status line, a timeout)
//                          fails the attempt: tried again at op "webhookRetry"'s time, or given up
//                          (state "failed") when it answers none.
//   {"kind": "start"}      an object that holds messages and no alarm: the alarm its queue needs.
//   {"kind": "list", "rows": [message rows, newest first]}  reply: GET .../deliveries' items
//                          (nextAttemptAt only while pending, cancelReason only when cancelled).
//   Each answer that ends the alarm sets it to the next of: the earliest due head (a finished
//   head's intent's next message counts from its "then"), and the oldest finished message's
//   removal (at + keepSec); at once when a batch of removals may have left more due; never
//   sooner than 50 ms from now.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

// How long a delivered, failed or cancelled message is kept (docs/scale.md, "Storage bounds"):
// long enough that the deliveries listing shows it for a week, and that a message id the intent
// shards could still enqueue again (their status checks) is still known, so it is not sent twice.
inline constexpr std::uint64_t kWebhookRetentionSec = 7 * 86'400;

OpResult webhook_delivery_step_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
