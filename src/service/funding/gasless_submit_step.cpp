#include "service/funding/gasless_submit_step.h"

#include <string>

#include "service/funding/gasless_job_step.h"
#include "service/common/step_answer.h"
#include "service/common/step_fields.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("gaslessSubmitStep");

// What one step answers (common/step_answer.h: no writes and no alarm here), the submit's state
// at hand and the context handed back with the next event.
struct Step : StepAnswer {
  const Json& submit;
  Json context = nullptr;

  explicit Step(const Json& s) : submit(s) {}

  void log(Json line) {
    if (submit.contains("requestId")) line["requestId"] = submit["requestId"];
    StepAnswer::log("log", std::move(line));
  }
  OpResult answer(Json with_reply) {
    reply = std::move(with_reply);
    state = Json::object();
    if (!context.is_null()) state["context"] = std::move(context);
    return StepAnswer::answer();
  }
  OpResult effect(Json what, Json with_context) {
    effects.push_back(std::move(what));
    context = std::move(with_context);
    return answer(nullptr);
  }
};

const Json& verified(const Json& state) { return fields.member(state, "verified", "state"); }
const Json& job_of(const Json& state) { return fields.member(verified(state), "job", "state.verified"); }

Json context_of(const Json& state) {
  return state.contains("context") && state["context"].is_object() ? state["context"] : Json::object();
}

OpResult submit_job(Step step, bool reserved) {
  Json context = context_of(step.submit);
  context["reserved"] = reserved;
  return step.effect(Json{{"kind", "submitJob"}, {"reserved", reserved}}, std::move(context));
}

// A refusal as the driver throws it: the problem's code, detail and field errors, and the
// headers of a refusal that carries its own (a sponsorship limit's Retry-After and RateLimit-*).
Json refusal(const Json& verdict) {
  if (verdict.contains("httpError")) {
    const Json& e = verdict["httpError"];
    return Json{{"status", fields.member(e, "status", "event.verdict.httpError")},
                {"body", {{"code", fields.text(e, "code", "event.verdict.httpError")}, {"detail", e.value("detail", std::string())}, {"errors", Json::array()}}}};
  }
  const Json& body = fields.member(verdict, "body", "event.verdict");
  Json reply{{"status", fields.member(verdict, "status", "event.verdict")},
             {"body",
              {{"code", fields.text(body, "code", "event.verdict.body")},
               {"detail", body.value("detail", std::string())},
               {"errors", body.contains("errors") ? body["errors"] : Json::array()}}}};
  if (verdict.contains("headers") && verdict["headers"].is_object()) reply["headers"] = verdict["headers"];
  return reply;
}

OpResult refuse(Step step, const Json& verdict) {
  const Json reply = refusal(verdict);
  if (verdict.contains("httpError") || reply["status"] == 429) return step.answer(reply);
  step.log(Json{{"event", "gasless-refused"}, {"standard", verified(step.submit).value("standard", Json(nullptr))}, {"detail", reply["body"]["detail"]}});
  // A refused preflight read the chain for nothing: a keyless client's work-creating bucket
  // counts it (a key's bucket counted the request).
  if (!fields.flag(step.submit, "keyed", "state")) {
    Json context = context_of(step.submit);
    context["reply"] = reply;
    return step.effect(Json{{"kind", "countRefusedWork"}}, std::move(context));
  }
  return step.answer(reply);
}

OpResult on_job_read(Step step, const Json& event) {
  const Json context = context_of(step.submit);
  if (fields.flag(event, "exists", "event")) return submit_job(std::move(step), false);
  if (context.contains("verdict")) return refuse(std::move(step), context["verdict"]);
  // The owner names the partner whose sponsorship pays: the key's, or the deposit address's.
  std::string partner = fields.text(step.submit, "owner", "state");
  if (partner.rfind("partner:", 0) == 0) partner = partner.substr(8);
  // The plan stays with the driver (it is the largest part of the verification's answer and this
  // op never reads it): the effect names the job and who pays.
  return step.effect(Json{{"kind", "reserve"}, {"jobId", fields.member(job_of(step.submit), "id", "state.verified.job")}, {"partner", partner}},
                     context);
}

OpResult on_reserved(Step step, const Json& event) {
  const Json& verdict = fields.member(event, "verdict", "event");
  if (verdict.value("status", Json(nullptr)) == 200) return submit_job(std::move(step), true);
  // Refused: the quote's job answers first, if a copy of this submit created it meanwhile.
  Json context = context_of(step.submit);
  context["verdict"] = verdict;
  return step.effect(Json{{"kind", "readJob"}}, std::move(context));
}

// The job's answer once its reservation is settled: a new job funds its deposit address.
OpResult answer_submit(Step step, const Json& context) {
  const Json& reply = context["reply"];
  if (reply.value("status", 0) == 202 && step.submit.contains("deposit") && !context.contains("depositFunded")) {
    Json next = context;
    next["depositFunded"] = true;
    return step.effect(Json{{"kind", "depositFunded"}, {"vault", step.submit["deposit"]}}, std::move(next));
  }
  return step.answer(reply);
}

OpResult on_job_submitted(const Config& config, Step step, const Json& event) {
  Json context = context_of(step.submit);
  const bool reserved = context.value("reserved", false);
  if (event.contains("thrown")) {
    context["reply"] = Json{{"error", event["thrown"]}};
    if (reserved) return step.effect(Json{{"kind", "release"}}, std::move(context));
    return step.answer(context["reply"]);
  }
  const Json& stored = fields.member(event, "stored", "event");
  const Json& v = verified(step.submit);
  const std::string outcome = submit_outcome(stored, fields.text(v, "jobKey", "state.verified"), "event.stored");
  // The answer, and whether the reservation goes back (the quote's job had already settled: a
  // race with another submit), are the job's own step's.
  OpResult submitted = gasless_job_step_op(
      config, Json{{"state", {{"job", fields.member(stored, "job", "event.stored")}, {"owner", fields.member(stored, "owner", "event.stored")}}},
                   {"event",
                    {{"kind", "submitted"},
                     {"outcome", outcome},
                     {"reserved", reserved},
                     {"quoteId", fields.member(v, "quoteId", "state.verified")},
                     {"owner", step.submit["owner"]}}}});
  if (submitted.status != 200) return submitted;
  step.log(Json{{"event", "gasless-submit"}, {"jobId", stored["job"].value("id", Json(nullptr))}, {"outcome", outcome}, {"standard", v.value("standard", Json(nullptr))}});
  context["reply"] = submitted.body["reply"];
  for (const Json& effect : submitted.body["effects"]) {
    if (effect["kind"] != "release") fields.fail("gaslessJobStep named an effect a submit does not perform");
    return step.effect(Json{{"kind", "release"}}, std::move(context));
  }
  return answer_submit(std::move(step), context);
}

}  // namespace

OpResult gasless_submit_step_op(const Config& config, const Json& input) {
  const Json& state = fields.member(input, "state", "input");
  const Json& event = fields.member(input, "event", "input");
  const std::string kind = fields.text(event, "kind", "event");
  fields.text(state, "owner", "state");
  job_of(state);
  Step step(state);
  if (kind == "submit") return step.effect(Json{{"kind", "readJob"}}, Json::object());
  if (kind == "jobRead") return on_job_read(std::move(step), event);
  if (kind == "reserved") return on_reserved(std::move(step), event);
  if (kind == "jobSubmitted") return on_job_submitted(config, std::move(step), event);
  const Json context = context_of(state);
  if (!context.contains("reply")) fields.fail("event \"" + kind + "\" answers no effect this submit named");
  if (kind == "workCounted") return step.answer(context["reply"]);
  if (kind == "released") {
    if (context["reply"].contains("error")) return step.answer(context["reply"]);
    return answer_submit(std::move(step), context);
  }
  if (kind == "depositFunded") return step.answer(context["reply"]);
  fields.fail("event.kind " + kind + " is no event of a gasless submit");
}

}  // namespace sr::service
