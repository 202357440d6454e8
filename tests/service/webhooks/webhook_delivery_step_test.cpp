// The webhook delivery queue's transitions (op "webhookDeliveryStep"), as a table:
// state x event -> writes, effects, alarm, logs. Which URL and key may receive is op
// "webhookTarget"'s and when to try again op "webhookRetry"'s (webhooks_test.cpp); this table
// holds what the queue does with their answers and with a receiver's.
#include "service/webhooks/webhook_delivery_step.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "service/common/op_input.h"
#include "service/webhooks/webhooks.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

constexpr std::uint64_t kNow = 1795600800;
constexpr std::uint64_t kNowMs = kNow * 1000 + 250;
constexpr std::uint64_t kWeek = 7 * 86'400;
const char* const kLiteral = "http://127.0.0.1:9000/hook";
const char* const kNamed = "https://hooks.example.com/hook";

Json head(std::uint64_t seq, std::uint64_t next_at, std::uint64_t attempts = 0, Json first = nullptr, Json then = nullptr) {
  return Json{{"seq", seq}, {"id", "msg_" + std::to_string(seq)}, {"attempts", attempts}, {"firstAttemptAt", first}, {"nextAt", next_at}, {"then", then}};
}

Json state_of(Json heads, const char* url = kLiteral, Json finished = Json::array(), Json key = "dev-acme") {
  const std::uint64_t count = finished.size();
  return Json{{"nowMs", kNowMs},
              {"target", url == nullptr ? Json() : Json{{"url", url}, {"keyId", std::move(key)}}},
              {"heads", std::move(heads)},
              {"finished", std::move(finished)},
              {"finishedCount", count}};
}

// The state an alarm's answer carries into its next event (the attempt under way).
Json attempting(Json state, Json seqs) {
  state["attempt"] = Json{{"at", kNow}, {"seqs", std::move(seqs)}};
  return state;
}

Json set(std::uint64_t seq, Json columns) { return Json{{"table", "message"}, {"where", {{"seq", seq}}}, {"set", std::move(columns)}}; }
Json removal(std::uint64_t seq) { return Json{{"table", "message"}, {"where", {{"seq", seq}}}, {"delete", true}}; }
Json delivered(std::uint64_t seq, std::uint64_t attempts, std::uint64_t first, std::uint64_t code) {
  return set(seq, {{"state", "delivered"}, {"attempts", attempts}, {"first_attempt_at", first}, {"last_status_code", code}, {"delivered_at", kNow}, {"next_at", kNow}});
}
Json retried(std::uint64_t seq, std::uint64_t attempts, std::uint64_t first, Json code, Json retry_at) {
  const bool gave_up = retry_at.is_null();
  return set(seq, {{"state", gave_up ? "failed" : "pending"}, {"attempts", attempts}, {"first_attempt_at", first}, {"last_status_code", code},
                   {"next_at", gave_up ? Json(kNow) : retry_at}});
}
Json failed_log(std::uint64_t seq, std::uint64_t attempts, Json code, Json reason, Json retry_at) {
  return Json{{"level", "log"},
              {"line", {{"event", "webhook-attempt-failed"}, {"messageId", "msg_" + std::to_string(seq)}, {"attempts", attempts}, {"statusCode", code},
                        {"reason", reason}, {"retryAt", retry_at}}}};
}
Json send(Json messages) { return Json::array({Json{{"kind", "send"}, {"connect", "127.0.0.1"}, {"at", kNow}, {"messages", std::move(messages)}}}); }
Json message(std::uint64_t seq) { return Json{{"seq", seq}, {"id", "msg_" + std::to_string(seq)}}; }
Json alarm_ms(std::uint64_t seconds) { return seconds * 1000; }

struct Row {
  const char* name;
  Json state;
  Json event;
  Json writes;
  Json effects;
  Json alarm_at;
  Json logs;
};

std::vector<Row> rows() {
  const Json none = Json::array();
  const Json alarm{{"kind", "alarm"}};
  const Json soon = kNowMs + 50;  // due now: the floor keeps the alarm from spinning
  const std::string revoked_reason = webhook_target_op(local_config(), {{"url", kLiteral}, {"keyId", "dev-revoked"}}).body["reason"];
  const std::string refused_reason = webhook_target_op(local_config(), {{"url", kNamed}, {"keyId", "dev-acme"}, {"addresses", {"10.0.0.5"}}}).body["reason"];
  return {
      // the alarm: what is due
      {"alarm, nothing queued", state_of(none), alarm, none, none, nullptr, none},
      {"alarm, a head not due yet: the alarm at it", state_of(Json::array({head(1, kNow + 30, 1, kNow - 5)})), alarm, none, none,
       alarm_ms(kNow + 30), none},
      {"alarm, a head due: sent to the literal address", state_of(Json::array({head(1, kNow)})), alarm, none, send(Json::array({message(1)})),
       nullptr, none},
      {"alarm, two intents' heads due, one waiting: the due ones sent together",
       state_of(Json::array({head(1, kNow - 3), head(4, kNow + 600, 3, kNow - 900), head(5, kNow - 1)})), alarm, none,
       send(Json::array({message(1), message(5)})), nullptr, none},
      {"alarm, a named host: resolved first", state_of(Json::array({head(1, kNow)}), kNamed), alarm, none,
       Json::array({Json{{"kind", "resolve"}, {"host", "hooks.example.com"}}}), nullptr, none},
      {"alarm, the endpoint deleted: nothing sent, the heads wake nothing", state_of(Json::array({head(1, kNow)}), nullptr), alarm, none, none,
       nullptr, none},
      // retention
      {"alarm, finished past the week: deleted, the next removal armed",
       state_of(none, kLiteral, Json::array({Json{{"seq", 2}, {"at", kNow - kWeek}}, Json{{"seq", 3}, {"at", kNow - 100}}})), alarm,
       Json::array({removal(2)}), none, alarm_ms(kNow - 100 + kWeek), none},
      {"alarm, finished within the week: kept", state_of(none, kLiteral, Json::array({Json{{"seq", 2}, {"at", kNow - kWeek + 1}}})), alarm, none,
       none, alarm_ms(kNow + 1), none},
      {"alarm, the endpoint deleted: its finished messages still go", state_of(none, nullptr, Json::array({Json{{"seq", 2}, {"at", kNow - kWeek}}})),
       alarm, Json::array({removal(2)}), none, nullptr, none},
      // the key may no longer receive
      {"alarm, the key revoked: every pending message cancelled, nothing sent",
       state_of(Json::array({head(1, kNow, 0, nullptr, kNow), head(7, kNow)}), kLiteral, none, "dev-revoked"), alarm,
       Json::array({Json{{"table", "message"}, {"where", {{"state", "pending"}}}, {"set", {{"state", "cancelled"}, {"reason", revoked_reason}, {"next_at", kNow}}}}}),
       none, alarm_ms(kNow + kWeek),
       Json::array({Json{{"level", "log"}, {"line", {{"event", "webhook-cancelled"}, {"messageId", "msg_1"}, {"keyId", "dev-revoked"}, {"reason", revoked_reason}}}},
                    Json{{"level", "log"}, {"line", {{"event", "webhook-cancelled"}, {"messageId", "msg_7"}, {"keyId", "dev-revoked"}, {"reason", revoked_reason}}}}})},
      // the host's addresses
      {"resolved to a private address: the attempt fails, retried", attempting(state_of(Json::array({head(1, kNow)}), kNamed), {1}),
       {{"kind", "resolved"}, {"addresses", {"10.0.0.5"}}}, Json::array({retried(1, 1, kNow, nullptr, kNow + 5)}), none, alarm_ms(kNow + 5),
       Json::array({failed_log(1, 1, nullptr, refused_reason, kNow + 5)})},
      {"resolved to a public address: sent there", attempting(state_of(Json::array({head(1, kNow)}), kNamed), {1}),
       {{"kind", "resolved"}, {"addresses", {"93.184.216.34"}}}, none,
       Json::array({Json{{"kind", "send"}, {"connect", "93.184.216.34"}, {"at", kNow}, {"messages", {message(1)}}}}), nullptr, none},
      {"the lookup failed: the attempt fails with its message", attempting(state_of(Json::array({head(1, kNow, 2, kNow - 40)}), kNamed), {1}),
       {{"kind", "resolved"}, {"thrown", "no such host"}}, Json::array({retried(1, 3, kNow - 40, nullptr, kNow + 120)}), none, alarm_ms(kNow + 120),
       Json::array({failed_log(1, 3, nullptr, "no such host", kNow + 120)})},
      // the receivers' answers
      {"sent, 200: delivered, its intent's next message due at once",
       attempting(state_of(Json::array({head(1, kNow, 0, nullptr, kNow - 2)})), {1}), {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 200}}}}},
       Json::array({delivered(1, 1, kNow, 200)}), none, soon, none},
      {"sent, 204 on a third attempt: delivered, nothing more but its removal",
       attempting(state_of(Json::array({head(1, kNow, 2, kNow - 35)})), {1}), {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 204}}}}},
       Json::array({delivered(1, 3, kNow - 35, 204)}), none, alarm_ms(kNow + kWeek), none},
      {"sent, 299 is delivered, 300 is not (a redirect is not followed)",
       attempting(state_of(Json::array({head(1, kNow), head(2, kNow)})), {1, 2}),
       {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 299}}, {{"seq", 2}, {"statusCode", 300}}}}},
       Json::array({delivered(1, 1, kNow, 299), retried(2, 1, kNow, 300, kNow + 5)}), none, alarm_ms(kNow + 5),
       Json::array({failed_log(2, 1, 300, nullptr, kNow + 5)})},
      {"sent, 199 is not delivered", attempting(state_of(Json::array({head(1, kNow)})), {1}),
       {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 199}}}}}, Json::array({retried(1, 1, kNow, 199, kNow + 5)}), none,
       alarm_ms(kNow + 5), Json::array({failed_log(1, 1, 199, nullptr, kNow + 5)})},
      {"sent, 500 on the fifth attempt: retried in an hour", attempting(state_of(Json::array({head(1, kNow, 4, kNow - 800)})), {1}),
       {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 500}}}}}, Json::array({retried(1, 5, kNow - 800, 500, kNow + 3600)}), none,
       alarm_ms(kNow + 3600), Json::array({failed_log(1, 5, 500, nullptr, kNow + 3600)})},
      {"sent, a timeout: retried", attempting(state_of(Json::array({head(1, kNow)})), {1}),
       {{"kind", "sent"}, {"results", {{{"seq", 1}, {"thrown", "no status line within 10000 ms"}}}}},
       Json::array({retried(1, 1, kNow, nullptr, kNow + 5)}), none, alarm_ms(kNow + 5),
       Json::array({failed_log(1, 1, nullptr, "no status line within 10000 ms", kNow + 5)})},
      {"sent, failing three days after the first attempt: given up, its intent's next message goes",
       attempting(state_of(Json::array({head(1, kNow, 20, kNow - 3 * 86'400, kNow - 60)})), {1}),
       {{"kind", "sent"}, {"results", {{{"seq", 1}, {"statusCode", 503}}}}}, Json::array({retried(1, 21, kNow - 3 * 86'400, 503, nullptr)}), none, soon,
       Json::array({failed_log(1, 21, 503, nullptr, nullptr)})},
      // an object holding messages and no alarm
      {"start: the alarm at the first due head", state_of(Json::array({head(1, kNow + 9)})), {{"kind", "start"}}, none, none, alarm_ms(kNow + 9), none},
      {"start: the alarm at the oldest removal", state_of(none, kLiteral, Json::array({Json{{"seq", 1}, {"at", kNow - 10}}})), {{"kind", "start"}},
       none, none, alarm_ms(kNow - 10 + kWeek), none},
  };
}

TEST(WebhookDeliveryStep, EachStateAndEventAnswersItsWritesEffectsAlarmAndLogs) {
  for (const Row& row : rows()) {
    SCOPED_TRACE(row.name);
    const OpResult r = webhook_delivery_step_op(local_config(), {{"state", row.state}, {"event", row.event}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["writes"], row.writes);
    EXPECT_EQ(r.body["effects"], row.effects);
    EXPECT_EQ(r.body["alarmAt"], row.alarm_at);
    EXPECT_EQ(r.body["logs"], row.logs);
    EXPECT_EQ(r.body["reply"], nullptr);
  }
}

// An alarm's run, step by step as the driver feeds it: the attempt the alarm named is the one
// the send's results settle.
TEST(WebhookDeliveryStep, AnAlarmsStateCarriesItsAttemptToTheResults) {
  const OpResult first = webhook_delivery_step_op(local_config(), {{"state", state_of(Json::array({head(3, kNow)}))}, {"event", {{"kind", "alarm"}}}});
  ASSERT_EQ(first.status, 200) << first.body.dump();
  EXPECT_EQ(first.body["state"]["attempt"], Json({{"at", kNow}, {"seqs", {3}}}));
  const OpResult second = webhook_delivery_step_op(
      local_config(), {{"state", first.body["state"]}, {"event", {{"kind", "sent"}, {"results", {{{"seq", 3}, {"statusCode", 202}}}}}}});
  ASSERT_EQ(second.status, 200) << second.body.dump();
  EXPECT_EQ(second.body["writes"], Json::array({delivered(3, 1, kNow, 202)}));
  EXPECT_FALSE(second.body["state"].contains("attempt"));
}

// The driver may load every pending message by seq instead of the heads: per intent the oldest is
// the one attempted, the next one's nextAt its "then"; a later message of an intent whose head is
// not due waits, even when its own time has come (in order).
TEST(WebhookDeliveryStep, ThePendingMessagesAreAttemptedInOrderPerIntent) {
  const auto pending = [](std::uint64_t seq, const char* intent, std::uint64_t next_at, std::uint64_t attempts = 0) {
    return Json{{"seq", seq}, {"id", "msg_" + std::to_string(seq)}, {"intentHash", intent}, {"attempts", attempts},
                {"firstAttemptAt", attempts > 0 ? Json(kNow - 60) : Json()}, {"nextAt", next_at}};
  };
  Json state = state_of(Json::array());
  state.erase("heads");
  state["pending"] = Json::array({pending(3, "0xa", kNow + 30, 2), pending(4, "0xb", kNow), pending(5, "0xa", kNow),
                                  pending(6, "0xb", kNow), pending(7, "0xc", kNow + 90)});
  const OpResult r = webhook_delivery_step_op(local_config(), {{"state", state}, {"event", {{"kind", "alarm"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["effects"], send(Json::array({message(4)}))) << "0xa's head waits, 0xb's second waits for its first";
  EXPECT_EQ(r.body["state"]["heads"], Json::array({head(3, kNow + 30, 2, kNow - 60, kNow), head(4, kNow, 0, nullptr, kNow),
                                                   head(7, kNow + 90)}));
  // Not by seq: a worker bug.
  state["pending"] = Json::array({pending(5, "0xa", kNow), pending(4, "0xb", kNow)});
  EXPECT_THROW(webhook_delivery_step_op(local_config(), {{"state", state}, {"event", {{"kind", "alarm"}}}}), OpInputError);
}

// A whole batch of removals with more finished rows than were loaded: the next alarm at once.
TEST(WebhookDeliveryStep, ABatchOfRemovalsLeavingMoreWakesAgainAtOnce) {
  Json state = state_of(Json::array(), kLiteral, Json::array({Json{{"seq", 1}, {"at", kNow - kWeek - 5}}, Json{{"seq", 2}, {"at", kNow - kWeek}}}));
  state["finishedCount"] = 900;
  const OpResult r = webhook_delivery_step_op(local_config(), {{"state", state}, {"event", {{"kind", "alarm"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["writes"], Json::array({removal(1), removal(2)}));
  EXPECT_EQ(r.body["alarmAt"], kNowMs + 50);
}

TEST(WebhookDeliveryStep, RetentionHonoursAShorterKeep) {
  Json state = state_of(Json::array(), kLiteral, Json::array({Json{{"seq", 1}, {"at", kNow - 2}}, Json{{"seq", 2}, {"at", kNow}}}));
  state["keepSec"] = 2;
  const OpResult r = webhook_delivery_step_op(local_config(), {{"state", state}, {"event", {{"kind", "alarm"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["writes"], Json::array({removal(1)}));
  EXPECT_EQ(r.body["alarmAt"], alarm_ms(kNow + 2));
}

TEST(WebhookDeliveryStep, TheListingShowsANextAttemptOnlyWhilePendingAndAReasonOnlyWhenCancelled) {
  const auto row = [](const char* state, Json next_at, Json reason) {
    return Json{{"id", "msg_1"}, {"event_type", "intent.status"}, {"intent_hash", "0xab"}, {"status", "fulfilled"}, {"state", state},
                {"attempts", 1}, {"last_status_code", 500}, {"next_at", next_at}, {"delivered_at", nullptr}, {"reason", reason}};
  };
  const OpResult r = webhook_delivery_step_op(
      local_config(), {{"state", Json::object()},
                       {"event", {{"kind", "list"}, {"rows", {row("pending", kNow + 5, "x"), row("failed", kNow, "x"), row("cancelled", kNow, "revoked")}}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const Json& list = r.body["reply"];
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], Json({{"id", "msg_1"}, {"eventType", "intent.status"}, {"intentHash", "0xab"}, {"status", "fulfilled"}, {"state", "pending"},
                           {"attempts", 1}, {"lastStatusCode", 500}, {"nextAttemptAt", kNow + 5}, {"deliveredAt", nullptr}, {"cancelReason", nullptr}}));
  EXPECT_EQ(list[1]["nextAttemptAt"], nullptr);
  EXPECT_EQ(list[1]["cancelReason"], nullptr);
  EXPECT_EQ(list[2]["nextAttemptAt"], nullptr);
  EXPECT_EQ(list[2]["cancelReason"], "revoked");
}

TEST(WebhookDeliveryStep, AMalformedStateOrEventIsAWorkerBug) {
  EXPECT_THROW(webhook_delivery_step_op(local_config(), {{"state", state_of(Json::array())}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(webhook_delivery_step_op(local_config(), {{"state", {{"nowMs", kNowMs}}}, {"event", {{"kind", "alarm"}}}}), OpInputError);
  // Results of an attempt nobody made.
  EXPECT_THROW(webhook_delivery_step_op(local_config(), {{"state", attempting(state_of(Json::array({head(1, kNow)})), {1})},
                                                         {"event", {{"kind", "sent"}, {"results", {{{"seq", 9}, {"statusCode", 200}}}}}}}),
               OpInputError);
  EXPECT_THROW(webhook_delivery_step_op(local_config(), {{"state", state_of(Json::array({head(1, kNow)}))},
                                                         {"event", {{"kind", "sent"}, {"results", Json::array()}}}}),
               OpInputError);
}

}  // namespace
}  // namespace sr::service
