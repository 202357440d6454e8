#include "service/webhooks/webhook_delivery_step.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "service/common/op_input.h"
#include "service/common/step_answer.h"
#include "service/common/step_fields.h"
#include "service/webhooks/webhooks.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("webhookDeliveryStep");

// The soonest an alarm is set from now: a queue whose next message is already due does not spin.
constexpr std::uint64_t kAlarmFloorMs = 50;

struct Step : StepAnswer {
  std::uint64_t now_ms() const { return fields.count(state, "nowMs", "state"); }
  std::uint64_t now() const { return now_ms() / 1000; }
  std::uint64_t keep_sec() const { return state.contains("keepSec") ? fields.count(state, "keepSec", "state") : kWebhookRetentionSec; }
  Json& heads() { return state["heads"]; }
  Json& finished() { return state["finished"]; }

  void log(Json line) { StepAnswer::log("log", std::move(line)); }
  void set(const Json& where, Json columns) {
    writes.push_back(Json{{"table", "message"}, {"where", where}, {"set", std::move(columns)}});
  }
  // A message finished at `at`: it leaves the heads (its intent's next pending message, if any,
  // takes its place from its own next_at) and joins the finished ones.
  void finish(std::size_t head, std::uint64_t at) {
    const Json then = heads()[head]["then"];
    finished().push_back(Json{{"seq", heads()[head]["seq"]}, {"at", at}});
    state["finishedCount"] = fields.count(state, "finishedCount", "state") + 1;
    if (then.is_null()) {
      heads().erase(head);
    } else {
      heads()[head]["nextAt"] = then;
      heads()[head]["then"] = nullptr;
      heads()[head]["seq"] = nullptr;  // not loaded: never attempted by this run
    }
  }

  // The run is over: the alarm at the next due head or the oldest finished message's removal.
  OpResult end() {
    std::optional<std::uint64_t> at;
    const auto sooner = [&at](std::uint64_t t) { at = at ? std::min(*at, t) : t; };
    // A queue without a target (its endpoint deleted) sends nothing: only its removals wake it.
    if (!state["target"].is_null()) {
      for (const Json& head : heads()) sooner(fields.count(head, "nextAt", "state.heads[]"));
    }
    if (!finished().empty()) {
      std::uint64_t oldest = fields.count(finished()[0], "at", "state.finished[]");
      for (const Json& f : finished()) oldest = std::min(oldest, fields.count(f, "at", "state.finished[]"));
      sooner(oldest + keep_sec());
    }
    // A whole batch removed and more finished rows than were loaded: the rest may be due too.
    if (finished().size() < fields.count(state, "finishedCount", "state") && removed_batch) sooner(now());
    if (at) alarm_at = std::max(now_ms() + kAlarmFloorMs, *at * 1000);
    state.erase("attempt");
    return answer();
  }

  bool removed_batch = false;
};

std::size_t head_of(Step& step, const Json& seq) {
  for (std::size_t i = 0; i < step.heads().size(); ++i) {
    if (step.heads()[i]["seq"] == seq) return i;
  }
  fields.fail("a result names seq " + seq.dump() + ", no message attempted");
}

// One attempt of a message failed (code: the receiver's status, or null when none came back):
// tried again at op "webhookRetry"'s time, or given up.
void attempt_failed(Step& step, std::size_t head, const Json& code, const Json& reason) {
  const std::uint64_t at = fields.count(step.state["attempt"], "at", "state.attempt");
  Json& m = step.heads()[head];
  const std::uint64_t attempts = fields.count(m, "attempts", "state.heads[]") + 1;
  const std::uint64_t first = m["firstAttemptAt"].is_null() ? at : fields.count(m, "firstAttemptAt", "state.heads[]");
  const OpResult retry = webhook_retry_op(Json{{"attempts", attempts}, {"firstAttemptAt", first}, {"now", at}});
  const Json retry_at = retry.body["retryAt"];
  step.log({{"event", "webhook-attempt-failed"}, {"messageId", m["id"]}, {"attempts", attempts}, {"statusCode", code}, {"reason", reason},
            {"retryAt", retry_at}});
  step.set({{"seq", m["seq"]}}, {{"state", retry_at.is_null() ? "failed" : "pending"},
                                 {"attempts", attempts},
                                 {"first_attempt_at", first},
                                 {"last_status_code", code},
                                 {"next_at", retry_at.is_null() ? Json(at) : retry_at}});
  if (retry_at.is_null()) {
    step.finish(head, at);
  } else {
    m["attempts"] = attempts;
    m["firstAttemptAt"] = first;
    m["nextAt"] = retry_at;
  }
}

void all_failed(Step& step, const Json& reason) {
  for (const Json& seq : step.state["attempt"]["seqs"]) attempt_failed(step, head_of(step, seq), nullptr, reason);
}

// What op "webhookTarget" answered for this attempt.
OpResult checked(Step step, const Json& target) {
  const Json attempt = step.state["attempt"];
  if (target.value("cancel", false)) {
    // The key may no longer receive: every message still queued here ends unsent (the same key
    // owns them all; new ones are not queued for it, op webhookEvents).
    const std::uint64_t at = fields.count(attempt, "at", "state.attempt");
    step.set({{"state", "pending"}}, {{"state", "cancelled"}, {"reason", target["reason"]}, {"next_at", at}});
    for (const Json& seq : attempt["seqs"]) {
      step.log({{"event", "webhook-cancelled"}, {"messageId", step.heads()[head_of(step, seq)]["id"]},
                {"keyId", step.state["target"]["keyId"]}, {"reason", target["reason"]}});
    }
    // The rows cancelled are every pending one: the heads loaded and the messages behind them.
    while (!step.heads().empty()) {
      step.heads()[0]["then"] = nullptr;
      step.finish(0, at);
    }
    return step.end();
  }
  if (target["ok"] != true) {
    all_failed(step, target.value("reason", Json()));
    return step.end();
  }
  Json messages = Json::array();
  for (const Json& seq : attempt["seqs"]) messages.push_back(Json{{"seq", seq}, {"id", step.heads()[head_of(step, seq)]["id"]}});
  step.effects.push_back(Json{{"kind", "send"}, {"connect", target["connect"]}, {"at", attempt["at"]}, {"messages", std::move(messages)}});
  return step.answer();
}

Json target_input(const Json& target) {
  return Json{{"url", fields.member(target, "url", "state.target")}, {"keyId", fields.member(target, "keyId", "state.target")}};
}

OpResult on_alarm(const Config& config, Step step) {
  const std::uint64_t now = step.now();
  const std::uint64_t keep = step.keep_sec();
  // Finished messages past their retention go, oldest first (the loaded batch).
  Json kept = Json::array();
  std::size_t removed = 0;
  for (const Json& f : step.finished()) {
    if (fields.count(f, "at", "state.finished[]") + keep <= now) {
      step.writes.push_back(Json{{"table", "message"}, {"where", {{"seq", f["seq"]}}}, {"delete", true}});
      ++removed;
    } else {
      kept.push_back(f);
    }
  }
  step.removed_batch = removed > 0 && kept.empty();
  step.state["finishedCount"] = fields.count(step.state, "finishedCount", "state") - std::min<std::uint64_t>(removed, fields.count(step.state, "finishedCount", "state"));
  step.finished() = std::move(kept);
  // Copies: the state gains members below (a reference into it would not survive them).
  const Json target = fields.member(step.state, "target", "state");
  if (target.is_null()) return step.end();
  Json due = Json::array();
  for (const Json& head : step.heads()) {
    if (fields.count(head, "nextAt", "state.heads[]") <= now) due.push_back(fields.member(head, "seq", "state.heads[]"));
  }
  if (due.empty()) return step.end();
  step.state["attempt"] = Json{{"at", now}, {"seqs", std::move(due)}};
  const OpResult answer = webhook_target_op(config, target_input(target));
  if (answer.body.contains("resolve")) {
    step.effects.push_back(Json{{"kind", "resolve"}, {"host", answer.body["resolve"]}});
    return step.answer();
  }
  return checked(std::move(step), answer.body);
}

OpResult on_resolved(const Config& config, Step step, const Json& event) {
  fields.member(step.state, "attempt", "state");
  if (event.contains("thrown")) {
    all_failed(step, fields.text(event, "thrown", "event"));
    return step.end();
  }
  Json input = target_input(fields.member(step.state, "target", "state"));
  input["addresses"] = fields.member(event, "addresses", "event");
  return checked(std::move(step), webhook_target_op(config, input).body);
}

OpResult on_sent(Step step, const Json& event) {
  const Json attempt = fields.member(step.state, "attempt", "state");
  const std::uint64_t at = fields.count(attempt, "at", "state.attempt");
  const Json& results = fields.member(event, "results", "event");
  if (!results.is_array()) fields.fail("event.results must be an array");
  for (const Json& result : results) {
    const std::size_t head = head_of(step, fields.member(result, "seq", "event.results[]"));
    if (result.contains("thrown")) {
      attempt_failed(step, head, nullptr, fields.text(result, "thrown", "event.results[]"));
      continue;
    }
    const std::uint64_t code = fields.count(result, "statusCode", "event.results[]");
    if (code < 200 || code >= 300) {
      // Not delivered: a redirect is not followed, an error status is the receiver's refusal.
      attempt_failed(step, head, code, nullptr);
      continue;
    }
    Json& m = step.heads()[head];
    const std::uint64_t attempts = fields.count(m, "attempts", "state.heads[]") + 1;
    const std::uint64_t first = m["firstAttemptAt"].is_null() ? at : fields.count(m, "firstAttemptAt", "state.heads[]");
    step.set({{"seq", m["seq"]}}, {{"state", "delivered"},
                                   {"attempts", attempts},
                                   {"first_attempt_at", first},
                                   {"last_status_code", code},
                                   {"delivered_at", at},
                                   {"next_at", at}});
    step.finish(head, at);
  }
  return step.end();
}

// GET /v1/webhooks/{id}/deliveries: the rows as the API shows them.
OpResult on_list(Step step, const Json& event) {
  const Json& rows = fields.member(event, "rows", "event");
  if (!rows.is_array()) fields.fail("event.rows must be an array");
  Json list = Json::array();
  for (const Json& r : rows) {
    const std::string state = fields.text(r, "state", "event.rows[]");
    list.push_back(Json{{"id", fields.member(r, "id", "event.rows[]")},
                        {"eventType", fields.member(r, "event_type", "event.rows[]")},
                        {"intentHash", fields.member(r, "intent_hash", "event.rows[]")},
                        {"status", fields.member(r, "status", "event.rows[]")},
                        {"state", state},
                        {"attempts", fields.member(r, "attempts", "event.rows[]")},
                        {"lastStatusCode", fields.member(r, "last_status_code", "event.rows[]")},
                        {"nextAttemptAt", state == "pending" ? fields.member(r, "next_at", "event.rows[]") : Json()},
                        {"deliveredAt", fields.member(r, "delivered_at", "event.rows[]")},
                        {"cancelReason", state == "cancelled" ? fields.member(r, "reason", "event.rows[]") : Json()}});
  }
  step.reply = std::move(list);
  return step.answer();
}

// The heads from every pending message (the driver's plain load, by seq): per intent the oldest
// is the head, and the next one's nextAt is its "then" (messages of an intent go in order).
Json heads_of(const Json& pending) {
  if (!pending.is_array()) fields.fail("state.pending must be an array");
  Json heads = Json::array();
  std::map<std::string, std::size_t> head_of_intent;  // intent -> its head's index in `heads`
  std::uint64_t last_seq = 0;
  for (const Json& m : pending) {
    const std::uint64_t seq = fields.count(m, "seq", "state.pending[]");
    if (seq <= last_seq && !heads.empty()) fields.fail("state.pending must be ordered by seq");
    last_seq = seq;
    const std::string intent = fields.text(m, "intentHash", "state.pending[]");
    const auto [it, first] = head_of_intent.emplace(intent, heads.size());
    if (first) {
      heads.push_back(Json{{"seq", seq},
                           {"id", fields.member(m, "id", "state.pending[]")},
                           {"attempts", fields.count(m, "attempts", "state.pending[]")},
                           {"firstAttemptAt", fields.member(m, "firstAttemptAt", "state.pending[]")},
                           {"nextAt", fields.count(m, "nextAt", "state.pending[]")},
                           {"then", nullptr}});
    } else if (heads[it->second]["then"].is_null()) {
      heads[it->second]["then"] = fields.count(m, "nextAt", "state.pending[]");
    }
  }
  return heads;
}

}  // namespace

OpResult webhook_delivery_step_op(const Config& config, const Json& input) {
  const OpInput in(input, "webhookDeliveryStep");
  const Json& event = in.member("event");
  const std::string kind = fields.text(event, "kind", "event");
  Step step{{in.member("state")}};
  if (kind == "list") return on_list(std::move(step), event);
  step.now_ms();
  if (step.state.contains("pending")) {
    step.state["heads"] = heads_of(step.state["pending"]);
    step.state.erase("pending");
  }
  for (const char* name : {"heads", "finished"}) {
    if (!fields.member(step.state, name, "state").is_array()) fields.fail(std::string("state.") + name + " must be an array");
  }
  fields.count(step.state, "finishedCount", "state");
  fields.member(step.state, "target", "state");
  if (kind == "alarm") return on_alarm(config, std::move(step));
  if (kind == "start") return step.end();
  if (kind == "resolved") return on_resolved(config, std::move(step), event);
  if (kind == "sent") return on_sent(std::move(step), event);
  fields.fail("event.kind \"" + kind + "\" is not an event of a webhook delivery queue");
}

}  // namespace sr::service
