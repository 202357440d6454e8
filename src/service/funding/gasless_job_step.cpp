#include "service/funding/gasless_job_step.h"

#include <optional>
#include <string>

#include "service/common/op_input.h"
#include "service/funding/funding_preflight.h"
#include "service/funding/gasless_job.h"
#include "service/common/step_fields.h"
#include "service/funding/gasless_job_retention.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("gaslessJobStep");


// What one step answers, built up as the step decides.
struct Step {
  Json state;
  Json writes = Json::array();
  Json effects = Json::array();
  Json alarm_at = nullptr;
  Json logs = Json::array();

  void log(const char* level, Json line) { logs.push_back(Json{{"level", level}, {"line", std::move(line)}}); }
  void effect(const char* kind) { effects.push_back(Json{{"kind", kind}}); }
  OpResult answer() {
    return ok(Json{{"state", std::move(state)},
                   {"writes", std::move(writes)},
                   {"effects", std::move(effects)},
                   {"alarmAt", std::move(alarm_at)},
                   {"reply", nullptr},
                   {"logs", std::move(logs)}});
  }
};

std::uint64_t now_ms(const Json& state) { return fields.count(state, "nowMs", "state"); }
std::uint64_t poll_ms(const Json& state) { return fields.count(state, "pollMs", "state"); }

// A member as JavaScript's strict comparison sees it: absent differs from every value, null too.
std::optional<Json> maybe(const Json& job, const char* name) {
  if (!job.contains(name)) return std::nullopt;
  return job[name];
}

bool watched(const Json& job) { return job["status"] == "published" && job.contains("final") && job["final"] == false; }

// The job's reservation goes first, then its retention (released).
OpResult settle(Step step) {
  step.effect("release");
  return step.answer();
}

// The relay's answer or a receipt, as op "gaslessJobAdvance" takes it.
OpResult advance(const Config& config, Step step, const Json& outcome, const Json& event, std::uint64_t attempts) {
  const Json& job = step.state["job"];
  Json input{{"job", job}, {"outcome", outcome}, {"now", now_ms(step.state) / 1000}};
  if (event.contains("chainHeads")) input["chainHeads"] = event["chainHeads"];
  OpResult advanced = gasless_job_advance_op(config, input);
  // Not an outcome: the core refused its input (the driver throws, the runtime retries the alarm).
  if (advanced.status != 200) return advanced;
  const Json next = advanced.body["job"];
  const Json& retry_after = advanced.body["retryAfterSec"];
  step.writes.push_back(Json{{"table", "job"}, {"where", {{"id", job["id"]}}}, {"set", {{"job", next.dump()}, {"attempts", attempts}}}});
  const Json id = job["id"];
  if (!retry_after.is_null()) {
    if (outcome.contains("receipt") && outcome["receipt"].is_null()) {
      step.log("log", {{"event", "gasless-job-reorganised"}, {"jobId", id}, {"transactionHash", job["transactionHash"]}});
      // Accepted again: the funding no longer moved the funder's money, so its balance is held
      // again (it was released when the funding was mined) until the job settles once more.
      const Json reservation = funding_reservation(config, fields.member(step.state, "plan", "state"), "gaslessJobStep");
      if (!reservation.is_null()) step.effects.push_back(Json{{"kind", "reserve"}, {"reservation", reservation}});
    } else if (outcome.contains("inFlight")) {
      step.log("log", {{"event", "relay-in-flight"}, {"jobId", id}, {"retryAfterSec", retry_after}, {"detail", outcome["inFlight"]}});
    } else if (outcome.contains("waitingFor")) {
      step.log("log", {{"event", "relay-waiting"}, {"jobId", id}, {"waitingFor", outcome["waitingFor"]}, {"retryAfterSec", retry_after}, {"detail", outcome["detail"]}});
    } else {
      Json line{{"event", "relay-retry"}, {"jobId", id}, {"attempts", attempts}, {"retryAfterSec", retry_after}};
      if (outcome.contains("transientError")) line["message"] = outcome["transientError"];
      step.log("error", std::move(line));
    }
    step.alarm_at = now_ms(step.state) + retry_after.get<std::uint64_t>() * 1000;
    step.state["job"] = next;
    step.state["attempts"] = attempts;
    return step.answer();
  }
  if (maybe(next, "status") != maybe(job, "status") || maybe(next, "final") != maybe(job, "final")) {
    step.log("log", {{"event", "gasless-job"},
                     {"jobId", next["id"]},
                     {"status", next["status"]},
                     {"transactionHash", next["transactionHash"]},
                     {"confirmations", next["confirmations"]},
                     {"final", next["final"]},
                     {"error", next["error"]}});
  }
  // Not final yet: its receipt is looked at again at the chain poll interval.
  if (advanced.body["checkReceipt"] == true) step.alarm_at = now_ms(step.state) + poll_ms(step.state);
  step.state["job"] = next;
  step.state["attempts"] = attempts;
  // Settled (published: its funding is mined; failed): the funder's balance is no longer held.
  return settle(std::move(step));
}

// A relayed outcome as the relayer answered it: a mined funding names its transaction and block.
Json relay_outcome(const Json& result) {
  if (result.is_object() && result.contains("transactionHash")) {
    return Json{{"transactionHash", result["transactionHash"]}, {"blockNumber", fields.member(result, "blockNumber", "event.result")}};
  }
  return result;
}

OpResult on_alarm(Step step) {
  const Json& job = step.state["job"];
  if (job.is_null()) return step.answer();
  const Json status = fields.member(job, "status", "state.job");
  // A finished job is final; an alarm that fires again after the outcome was stored has only its
  // reservation to release (in case an earlier release did not complete) and its retention.
  if (status != "accepted" && !watched(job)) return settle(std::move(step));
  step.effect(watched(job) ? "receipt" : "relay");
  return step.answer();
}

OpResult on_released(Step step, const Json& event) {
  // A refund job that failed keeps how many of its transactions were mined (null: not known): the
  // chain's store answers it at this first release only (a row with no receipt goes with it), and
  // a later look at the intent replaces a failed job only when that count is 0 (refund_step.h).
  const Json mined = event.value("mined", Json("absent"));
  const bool counted = mined.is_null() || (mined.is_number_integer() && mined >= 0);
  if (step.state["job"].value("standard", Json(nullptr)) == "refund" && step.state["job"]["status"] == "failed" &&
      !step.state["job"].contains("mined") && counted) {
    Json recorded = step.state["job"];
    recorded["mined"] = mined;
    step.writes.push_back(Json{{"table", "job"}, {"where", {{"id", recorded["id"]}}}, {"set", {{"job", recorded.dump()}, {"attempts", fields.count(step.state, "attempts", "state")}}}});
    step.state["job"] = std::move(recorded);
  }
  const Json& job = step.state["job"];
  // A deposit address's job that failed with none of its transactions mined never holds the
  // address: it is archived with the address (its attempts) and its object deleted, so the
  // address is open to a new submit and to transfers again. Unknown (no sponsorship row): kept.
  const Json* deposit = step.state.contains("deposit") ? &step.state["deposit"] : nullptr;
  if (deposit != nullptr && fields.member(job, "status", "state.job") == "failed" && event.contains("mined") &&
      event["mined"] == 0) {
    const std::string vault = fields.text(step.state, "deposit", "state");
    step.log("log", {{"event", "deposit-job-archived"}, {"jobId", job["id"]}, {"vault", vault}, {"error", job["error"]}});
    step.effects.push_back(Json{{"kind", "archive"}, {"vault", vault}});
    return step.answer();
  }
  Json input{{"job", job}};
  if (step.state.contains("keepSec")) input["keepSec"] = step.state["keepSec"];
  const OpResult retention = gasless_job_retention_op(input);
  if (retention.status != 200) return retention;
  const Json& delete_at = retention.body["deleteAt"];
  if (delete_at.is_null()) return step.answer();
  const std::uint64_t at = delete_at.get<std::uint64_t>() * 1000;
  if (now_ms(step.state) >= at) {
    // The relayer's stored transactions of the job go first: a crash after this and before the
    // deletion has the alarm run again, which forgets again (nothing) and deletes.
    step.effect("forget");
    return step.answer();
  }
  step.alarm_at = at;
  return step.answer();
}

// A submit stored in the job's object (or met the job there): the HTTP answer, and the
// reservation taken for it released when the quote's job had already settled (a race with
// another submit: nothing is left to hold).
OpResult on_submitted(const Json& state, const Json& event) {
  const Json& job = state["job"];
  const std::string outcome = fields.text(event, "outcome", "event");
  const bool reserved = fields.flag(event, "reserved", "event");
  fields.member(job, "status", "state.job");
  Json effects = Json::array();
  if (reserved && job["status"] != "accepted") effects.push_back(Json{{"kind", "release"}});
  // A deposit address's covering transfers that meet another job of its quote (a submitted
  // authorization) still in flight: that job may yet fail with nothing mined and be archived,
  // leaving the quote without a job, so the address stays watched and its transfers fund it at a
  // later range. A published job has funded the address: nothing to watch for.
  const bool transfer = event.contains("transfer") && fields.flag(event, "transfer", "event");
  if (transfer && outcome == "conflict" && job["status"] != "published") effects.push_back(Json{{"kind", "watch"}});
  Json reply;
  // The identical payload sent by another owner (another partner holding acme's signed submit)
  // meets a job it may not read: a conflict that names no job.
  const Json* owner = event.contains("owner") ? &event["owner"] : nullptr;
  const Json* stored_owner = state.contains("owner") ? &state["owner"] : nullptr;
  if (outcome == "existing" && owner != nullptr && stored_owner != nullptr && *owner != *stored_owner) {
    const OpResult conflict = problem(ProblemCode::conflict, "quote " + fields.text(event, "quoteId", "event") +
                                                                 " already has a gasless job of another owner");
    reply = Json{{"status", conflict.status}, {"body", conflict.body}};
  } else if (outcome == "conflict") {
    const OpResult conflict = problem(ProblemCode::conflict, "quote " + fields.text(event, "quoteId", "event") + " already has gasless job " +
                                                                 fields.text(job, "id", "state.job") +
                                                                 " for a different authorization; inspect that job before authorizing another payment");
    reply = Json{{"status", conflict.status}, {"body", conflict.body}};
  } else if (outcome == "created" || outcome == "existing") {
    reply = Json{{"status", outcome == "created" ? 202 : 200}, {"body", job}};
  } else {
    fields.fail("event.outcome must be created, existing or conflict");
  }
  return ok(Json{{"state", state}, {"writes", Json::array()}, {"effects", std::move(effects)}, {"alarmAt", nullptr}, {"reply", std::move(reply)},
                 {"logs", Json::array()}});
}

}  // namespace

std::string submit_outcome(const Json& stored, const std::string& job_key, const char* where) {
  if (fields.flag(stored, "created", where)) return "created";
  return fields.text(stored, "jobKey", where) == job_key ? "existing" : "conflict";
}

OpResult gasless_job_step_op(const Config& config, const Json& input) {
  const OpInput in(input, "gaslessJobStep");
  const Json& state = in.member("state");
  const Json& event = in.member("event");
  fields.member(state, "job", "state");
  const std::string kind = fields.text(event, "kind", "event");
  if (kind == "submitted") return on_submitted(state, event);
  const std::uint64_t attempts = fields.count(state, "attempts", "state");
  now_ms(state);
  poll_ms(state);
  Step step{state};
  if (kind == "alarm") return on_alarm(std::move(step));
  if (state["job"].is_null()) fields.fail("event \"" + kind + "\" needs the job");
  if (kind == "receipt") {
    if (event.contains("thrown")) {
      // The node unreachable: look again at the next poll (the runtime's own alarm retries are
      // few, and a job not final must stay watched).
      step.log("error", {{"event", "gasless-job-receipt-failed"}, {"jobId", state["job"]["id"]}, {"message", fields.text(event, "thrown", "event")}});
      step.alarm_at = now_ms(state) + poll_ms(state);
      return step.answer();
    }
    return advance(config, std::move(step), Json{{"receipt", fields.member(event, "receipt", "event")}}, event, attempts);
  }
  if (kind == "relayed") {
    if (event.contains("thrown")) {
      const Json outcome{{"transientError", fields.text(event, "thrown", "event")}, {"attempts", attempts + 1}};
      return advance(config, std::move(step), outcome, event, attempts + 1);
    }
    const Json& result = fields.member(event, "result", "event");
    // The relayer's {retry}: trouble worth another attempt, as a thrown relay is.
    if (result.is_object() && result.contains("retry")) {
      const Json outcome{{"transientError", fields.text(result, "retry", "event.result")}, {"attempts", attempts + 1}};
      return advance(config, std::move(step), outcome, event, attempts + 1);
    }
    return advance(config, std::move(step), relay_outcome(result), event, attempts);
  }
  if (kind == "released") return on_released(std::move(step), event);
  // The reservation of a reorganised job is held again; its relay is already due (alarmAt).
  if (kind == "reserved") return step.answer();
  // Archived with its deposit address: the relayer's stored transactions of the job, then the
  // object's storage go (as at the end of its retention), and the quote has no job any more.
  if (kind == "archived") {
    step.effect("forget");
    return step.answer();
  }
  if (kind == "forgotten") {
    step.log("log", {{"event", "gasless-job-deleted"}, {"jobId", state["job"]["id"]}, {"status", state["job"]["status"]}});
    step.effect("deleteAll");
    return step.answer();
  }
  if (kind == "deleted") return step.answer();
  fields.fail("event.kind \"" + kind + "\" is not an event of a gasless job");
}

}  // namespace sr::service
