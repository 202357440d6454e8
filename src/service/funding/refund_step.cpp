#include "service/funding/refund_step.h"

#include <algorithm>
#include <string>

#include "service/common/step_answer.h"
#include "service/common/step_fields.h"
#include "service/funding/refund_relay.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("refundStep");

// What one step answers (common/step_answer.h: no writes and no alarm here), the refund at hand
// and the context handed back with the next event.
struct Step : StepAnswer {
  const Json& in;
  const Json& refund;
  Json context;

  explicit Step(const Json& s)
      : in(s), refund(fields.member(s, "refund", "state")), context(s.contains("context") && s["context"].is_object() ? s["context"] : Json::object()) {}

  std::uint64_t now() const { return fields.count(in, "nowMs", "state") / 1000; }
  std::string job_key() const { return fields.text(refund, "jobKey", "state.refund"); }
  const Json& job() const { return fields.member(refund, "job", "state.refund"); }
  const Json& plan() const { return fields.member(refund, "plan", "state.refund"); }
  // The worker's REFUND_RETRY_SEC (a test's short wait), else the refund's own.
  std::uint64_t retry_after() const {
    return in.contains("retrySec") ? fields.count(in, "retrySec", "state") : fields.count(refund, "retryAfterSec", "state.refund");
  }

  void note(const char* event, const std::string& job_id, Json detail) {
    log("log", Json{{"event", event}, {"jobId", job_id}, {"intentHash", job().value("intentHash", Json(nullptr))}, {"chainId", job().value("chainId", Json(nullptr))}, {"detail", std::move(detail)}});
  }
  OpResult reply_at(Json recheck_at) {
    reply = Json{{"recheckAt", std::move(recheck_at)}};
    state = Json::object();
    return answer();
  }
  // Not started now: looked at again after retryAfterSec, or `retry_after_sec` when later.
  OpResult later(std::uint64_t retry_after_sec = 0) { return reply_at(now() + std::max(retry_after(), retry_after_sec)); }
  OpResult effect(Json what) {
    effects.push_back(std::move(what));
    state = Json{{"context", context}};
    return answer();
  }
  // The generation this start is about (context "generation", set by begin).
  std::uint64_t generation() const {
    if (!context.contains("generation") || !context["generation"].is_number_unsigned()) fields.fail("state.context.generation is missing: no generation was begun");
    return context["generation"].get<std::uint64_t>();
  }
  std::string job_id() const { return refund_job_id(job_key(), generation()); }
};

// A 429's Retry-After (seconds, as the sponsorship admission sets it), else 0.
std::uint64_t retry_after_of(const Json& refusal) {
  if (!refusal.contains("headers") || !refusal["headers"].is_object()) return 0;
  const Json& value = refusal["headers"].value("Retry-After", Json(nullptr));
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (!value.is_string()) return 0;
  const std::string text = value.get<std::string>();
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::stoull(text);
}

std::string detail_of(const Json& refusal) {
  const Json body = refusal.value("body", Json::object());
  return body.is_object() ? body.value("detail", std::string()) : std::string();
}

// Generation `generation` is started (replacing the failed job `replaces`, or none): admitted
// under the partner's budget first.
OpResult begin(Step step, std::uint64_t generation, const Json& replaces) {
  step.context = Json{{"generation", generation}, {"replaces", replaces}};
  return step.effect(Json{{"kind", "admit"}, {"plan", step.plan()}, {"jobId", step.job_id()}, {"partner", fields.text(step.refund, "partner", "state.refund")}});
}

OpResult on_job_read(Step step, const Json& event) {
  const Json& stored = fields.member(event, "stored", "event");
  if (stored.is_null()) return begin(std::move(step), 1, nullptr);
  const Json& job = fields.member(stored, "job", "event.stored");
  const std::string id = fields.text(job, "id", "event.stored.job");
  const std::uint64_t generation = refund_generation(step.job_key(), id);
  if (generation == 0) fields.fail("event.stored.job.id " + id + " is no refund job of " + step.job_key());
  const std::string status = fields.text(job, "status", "event.stored.job");
  if (status == "published" && job.value("final", false) == true) return step.reply_at(nullptr);
  // Accepted, or published and not final: it runs, and may yet fail.
  if (status != "failed") return step.later();
  if (generation >= kRefundMaxGenerations) {
    step.note("refund-given-up", id, "the intent's refund failed in " + std::to_string(generation) + " jobs, the most it is given");
    return step.reply_at(nullptr);
  }
  // How many of its transactions were mined: what the chain's store answered when the job
  // settled, recorded on the job by its own object (gasless_job_step.h). Not recorded yet (the
  // object has not released it): looked at again later.
  if (!job.contains("mined")) return step.later();
  const Json& mined = job["mined"];
  if (mined != 0) {
    // A transaction of it was mined (a revert, or the transfer that filled its nonce), or nobody
    // knows: the relayer does not try again.
    step.note("refund-not-replaced", id, mined.is_null() ? Json("how many of its transactions were mined is not known") : Json(mined.dump() + " of its transactions were mined"));
    return step.reply_at(nullptr);
  }
  return begin(std::move(step), generation + 1, id);
}

OpResult on_admitted(Step step, const Json& event) {
  const std::string id = step.job_id();
  const Json& refused = fields.member(event, "refused", "event");
  if (!refused.is_null()) {
    step.note("refund-not-admitted", id, detail_of(refused));
    return step.later(retry_after_of(refused));
  }
  return step.effect(Json{{"kind", "simulate"}, {"plan", step.plan()}});
}

// The simulation's answer as the chain's store judges a funding's verdict.
OpResult on_simulated(Step step, const Json& event) {
  const std::string id = step.job_id();
  if (event.contains("thrown")) {
    step.note("refund-not-simulated", id, event["thrown"]);
    return step.later();
  }
  const Json& refused = fields.member(event, "refused", "event");
  const Json verdict = refused.is_null()
                           ? Json{{"status", 200}, {"body", {{"ok", true}}}}
                           : Json{{"status", 422}, {"body", {{"code", "funding-would-fail"}, {"detail", fields.text(refused, "error", "event.refused")}}}};
  return step.effect(Json{{"kind", "judge"}, {"verdict", verdict}});
}

OpResult submit(Step step) {
  Json job = step.job();
  job["id"] = step.job_id();
  return step.effect(Json{{"kind", "submitJob"}, {"jobKey", step.job_key()}, {"job", std::move(job)}, {"plan", step.plan()}, {"replaces", step.context["replaces"]}});
}

OpResult on_judged(Step step, const Json& event) {
  const std::string id = step.job_id();
  const Json& reply = fields.member(event, "reply", "event");
  if (reply.value("status", 0) != 200) {
    step.note("refund-not-sent", id, detail_of(reply));
    return step.later(retry_after_of(reply));
  }
  const Json& replaces = step.context["replaces"];
  if (!replaces.is_null()) return step.effect(Json{{"kind", "forget"}, {"jobId", replaces}});
  return submit(std::move(step));
}

OpResult on_job_submitted(Step step, const Json& event) {
  const std::string id = step.job_id();
  if (event.contains("thrown")) {
    step.note("refund-not-stored", id, event["thrown"]);
    step.context["recheck"] = true;
    return step.effect(Json{{"kind", "drop"}, {"jobId", id}});
  }
  const Json& stored = fields.member(event, "stored", "event");
  const Json& job = fields.member(stored, "job", "event.stored");
  if (fields.flag(stored, "created", "event.stored")) {
    step.note("refund-started", id, step.context["replaces"].is_null() ? Json("generation 1") : Json("generation " + std::to_string(step.generation()) + ", replacing " + step.context["replaces"].get<std::string>()));
    // Watched until it is final or has failed (then perhaps replaced).
    return step.later();
  }
  // Another look stored a job meanwhile: it runs; this generation's admission goes.
  step.note("refund-already-started", fields.text(job, "id", "event.stored.job"), nullptr);
  step.context["recheck"] = true;
  return step.effect(Json{{"kind", "drop"}, {"jobId", id}});
}

}  // namespace

OpResult refund_step_op(const Config&, const Json& input) {
  const Json& state = fields.member(input, "state", "input");
  const Json& event = fields.member(input, "event", "input");
  const std::string kind = fields.text(event, "kind", "event");
  Step step(state);
  step.now();
  step.job_key();
  step.job();
  step.plan();
  step.retry_after();
  fields.text(state, "owner", "state");
  if (kind == "start") {
    const Json& relayer = fields.member(state, "relayer", "state");
    if (!relayer.is_null() && !relayer.is_string()) fields.fail("state.relayer must be an address or null");
    // No endpoint or no relayer key: this deployment sends nothing (the status keeps offering it).
    if (!fields.flag(state, "endpoint", "state") || relayer.is_null()) return step.reply_at(nullptr);
    return step.effect(Json{{"kind", "readJob"}});
  }
  if (kind == "jobRead") return on_job_read(std::move(step), event);
  if (kind == "admitted") return on_admitted(std::move(step), event);
  if (kind == "simulated") return on_simulated(std::move(step), event);
  if (kind == "judged") return on_judged(std::move(step), event);
  if (kind == "forgotten") {
    if (!step.context.contains("replaces") || step.context["replaces"].is_null()) fields.fail("event \"forgotten\" answers no effect this start named");
    return submit(std::move(step));
  }
  if (kind == "jobSubmitted") return on_job_submitted(std::move(step), event);
  if (kind == "dropped") {
    if (!step.context.contains("recheck")) fields.fail("event \"dropped\" answers no effect this start named");
    return step.later();
  }
  fields.fail("event.kind " + kind + " is no event of a refund's start");
}

}  // namespace sr::service
