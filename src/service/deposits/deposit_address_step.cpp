#include "service/deposits/deposit_address_step.h"

#include <cctype>
#include <cstdint>
#include <string>

#include "service/deposits/deposit.h"
#include "service/deposits/deposit_transfers.h"
#include "service/funding/gasless_job_step.h"
#include "service/common/step_answer.h"
#include "service/common/step_fields.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("depositAddressStep");

constexpr std::uint64_t kFundedRetentionSec = 30 * 86'400;
constexpr std::uint64_t kExpiredGraceSec = 3'600;

// What one step answers (common/step_answer.h), its state being the context handed back with the
// next event.
struct Step : StepAnswer {
  Json context = nullptr;

  void insert(const char* table, Json row) { writes.push_back(Json{{"table", table}, {"insert", std::move(row)}}); }
  void remove(const char* table, Json where) {
    writes.push_back(Json{{"table", table}, {"where", std::move(where)}, {"delete", true}});
  }
  OpResult effect(Json what) {
    effects.push_back(std::move(what));
    return answer();
  }
  OpResult answer(Json with_reply = nullptr) {
    if (!with_reply.is_null()) reply = std::move(with_reply);
    state = Json::object();
    if (!context.is_null()) state["context"] = std::move(context);
    return StepAnswer::answer();
  }
};

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The stored address, or null.
const Json* deposit_of(const Json& state) {
  const Json& deposit = fields.member(state, "deposit", "state");
  if (deposit.is_null()) return nullptr;
  fields.text(deposit, "owner", "state.deposit");
  const Json& record = fields.member(deposit, "record", "state.deposit");
  fields.text(record, "vaultAddress", "state.deposit.record");
  fields.count(record, "deadline", "state.deposit.record");
  if (!fields.member(deposit, "transfers", "state.deposit").is_array()) fields.fail("state.deposit.transfers must be an array");
  return &deposit;
}

std::string vault_of(const Json& deposit) { return deposit["record"]["vaultAddress"].get<std::string>(); }
std::uint64_t deadline_of(const Json& deposit) { return deposit["record"]["deadline"].get<std::uint64_t>(); }

// A list of cap slot names the object keeps (holds, released).
Json names_of(const Json& state, const char* name) {
  const Json& names = fields.member(state, name, "state");
  if (!names.is_array()) fields.fail(std::string("state.") + name + " must be an array");
  for (const Json& n : names) {
    if (!n.is_string()) fields.fail(std::string("state.") + name + " must hold names");
  }
  return names;
}

std::uint64_t retention(const Json& state, const char* name, std::uint64_t fallback) {
  if (!state.contains("retention") || !state["retention"].is_object() || !state["retention"].contains(name)) return fallback;
  return fields.count(state["retention"], name, "state.retention");
}

// When the address goes: its deadline plus the retention of what happened to it (see the header).
std::uint64_t remove_at(const Json& state, const Json& deposit) {
  const bool paid = fields.flag(state, "funded", "state") || !deposit["transfers"].empty();
  return deadline_of(deposit) +
         (paid ? retention(state, "fundedSec", kFundedRetentionSec) : retention(state, "graceSec", kExpiredGraceSec));
}

const Json& context_of(const Json& state) {
  static const Json none = Json::object();
  return state.contains("context") && state["context"].is_object() ? state["context"] : none;
}

// ---- lifetime ----

OpResult delete_all(Step step, const Json* deposit) {
  if (deposit != nullptr) {
    step.log("log", Json{{"event", "deposit-address-removed"}, {"vault", vault_of(*deposit)}, {"deadline", deadline_of(*deposit)}});
  }
  step.context = Json{{"removing", true}};
  return step.effect(Json{{"kind", "deleteAll"}});
}

OpResult on_alarm(Step step, const Json& state) {
  const Json* deposit = deposit_of(state);
  if (deposit == nullptr) return delete_all(std::move(step), nullptr);
  const std::uint64_t at = remove_at(state, *deposit);
  if (fields.count(state, "now", "state") < at) {
    step.alarm_at = at * 1000;
    return step.answer();
  }
  step.context = Json{{"removing", true}};
  return step.effect(Json{{"kind", "unindex"}, {"vault", vault_of(*deposit)}});
}

OpResult on_unindexed(Step step, const Json& state) {
  const Json* deposit = deposit_of(state);
  const Json holds = names_of(state, "holds");
  if (deposit != nullptr && !holds.empty()) {
    // Expired with the deadline already: releasing them early only tidies.
    step.context = Json{{"removing", true}};
    return step.effect(Json{{"kind", "releaseHolds"}, {"names", holds}, {"vault", vault_of(*deposit)}});
  }
  return delete_all(std::move(step), deposit);
}

// ---- creation and caps ----

OpResult on_create(Step step, const Json& state, const Json& event) {
  if (const Json* deposit = deposit_of(state)) return step.answer(*deposit);
  const Json& record = fields.member(event, "record", "event");
  const Json& source = fields.member(record, "source", "event.record");
  step.context = Json{{"create",
                       {{"owner", fields.text(event, "owner", "event")},
                        {"record", record},
                        {"intent", fields.member(event, "intent", "event")},
                        {"holds", event.contains("holds") ? event["holds"] : Json::array()}}}};
  return step.effect(Json{{"kind", "watch"},
                          {"chainId", fields.member(source, "chainId", "event.record.source")},
                          {"vault", fields.text(record, "vaultAddress", "event.record")},
                          {"token", fields.text(source, "token", "event.record.source")},
                          {"deadline", fields.count(record, "deadline", "event.record")}});
}

OpResult on_watched(Step step, const Json& state) {
  const Json& create = fields.member(context_of(state), "create", "state.context");
  const Json& record = create["record"];
  step.insert("deposit", Json{{"vault", lower(record["vaultAddress"].get<std::string>())},
                              {"owner", create["owner"]},
                              {"record", record.dump()},
                              {"intent", create["intent"].dump()}});
  for (const Json& name : create["holds"]) step.insert("holds", Json{{"name", name}});
  // Nobody has paid a new address: the short retention.
  step.alarm_at = (record["deadline"].get<std::uint64_t>() + retention(state, "graceSec", kExpiredGraceSec)) * 1000;
  return step.answer(Json{{"owner", create["owner"]},
                          {"record", record},
                          {"intent", create["intent"]},
                          {"transfers", Json::array()},
                          {"attempts", Json::array()}});
}

// The address has its funding job: it no longer counts against its partner's and client
// network's open, unfunded addresses. True when slots are left to release: the effect is named,
// and `context` says what the release is part of.
bool begin_funding(Step& step, const Json& state, Json context) {
  step.insert("funded", Json{{"id", 1}, {"at", fields.count(state, "now", "state")}});
  const Json* deposit = deposit_of(state);
  const Json holds = names_of(state, "holds");
  if (deposit == nullptr || holds.empty()) return false;
  context["funding"] = true;
  step.context = std::move(context);
  step.effects.push_back(Json{{"kind", "releaseHolds"}, {"names", holds}, {"vault", vault_of(*deposit)}});
  return true;
}

// ---- covering transfers ----

OpResult finish_observe(Step step, const Json& observe, Json reply) {
  // Written last: a status read never shows covering transfers without their job, and a failure
  // before this has the reader deliver the range again.
  step.writes.push_back(Json{{"table", "deposit"},
                             {"where", {{"vault", lower(observe["vault"].get<std::string>())}}},
                             {"set", {{"transfers", observe["transfers"].dump()}}}});
  step.context = nullptr;
  // What the chain's reader keeps of the vault: watched on while waiting (from the block of its
  // lowest unconfirmed transfer, or every range), else no more (funded, expired or refused).
  reply["watch"] = reply["state"] == "waiting" ? Json{{"recheckFrom", reply["recheckFrom"]}} : Json(nullptr);
  return step.answer(std::move(reply));
}

// Held by the partner's spent budget or by another job of the quote still in flight: watched on,
// every later range handed over, so the funding is admitted again once the budget allows (the next
// UTC day), or funds the address once that job is archived.
OpResult held(Step step, const Json& observe) {
  return finish_observe(std::move(step), observe,
                        Json{{"state", "waiting"}, {"recheckFrom", observe["toBlock"].get<std::uint64_t>() + 1}});
}

OpResult on_holds_released(Step step, const Json& state) {
  const Json& context = context_of(state);
  if (context.contains("removing")) return delete_all(std::move(step), deposit_of(state));
  for (const Json& name : names_of(state, "holds")) {
    step.insert("released_holds", Json{{"name", name}});
    step.remove("holds", Json{{"name", name}});
  }
  if (context.contains("observe")) {
    return finish_observe(std::move(step), context["observe"], Json{{"state", "funded"}, {"recheckFrom", nullptr}});
  }
  return step.answer();
}

OpResult on_archive(Step step, const Json& state, const Json& event) {
  step.insert("attempt", Json{{"job", fields.member(event, "job", "event").dump()}, {"at", fields.count(state, "now", "state")}});
  const Json* deposit = deposit_of(state);
  const Json released = names_of(state, "released");
  if (deposit == nullptr || released.empty()) return step.answer();
  // Open and unfunded again: it holds the slots its funding released until its deadline.
  return step.effect(Json{{"kind", "holdAgain"}, {"names", released}, {"vault", vault_of(*deposit)}, {"untilMs", deadline_of(*deposit) * 1000}});
}

OpResult on_held_again(Step step, const Json& state) {
  for (const Json& name : names_of(state, "released")) {
    step.insert("holds", Json{{"name", name}});
    step.remove("released_holds", Json{{"name", name}});
  }
  return step.answer();
}

OpResult on_observe(const Config& config, Step step, const Json& state, const Json& event) {
  const Json* deposit = deposit_of(state);
  if (deposit == nullptr) return step.answer(Json{{"state", "unknown"}});
  const Json& delivery = fields.member(event, "delivery", "event");
  const std::uint64_t now = fields.count(state, "now", "state");
  const Json pair{{"record", (*deposit)["record"]}, {"intent", fields.member(*deposit, "intent", "state.deposit")}};
  OpResult observed = deposit_observe_op(config, Json{{"deposit", pair},
                                                      {"transfers", (*deposit)["transfers"]},
                                                      {"delivery", delivery},
                                                      {"confirmations", fields.member(event, "confirmations", "event")},
                                                      {"now", now}});
  if (observed.status != 200) return observed;
  const Json observe{{"vault", vault_of(*deposit)},
                     {"toBlock", fields.count(delivery, "toBlock", "event.delivery")},
                     {"transfers", observed.body["transfers"]}};
  if (observed.body["state"] != "funded") {
    return finish_observe(std::move(step), observe,
                          Json{{"state", observed.body["state"]}, {"recheckFrom", observed.body["recheckFrom"]}});
  }
  OpResult verified = deposit_submit_verify_op(
      config, Json{{"standard", "transfer"}, {"body", {{"vaultAddress", vault_of(*deposit)}}}, {"deposit", pair}, {"now", now}});
  if (verified.status != 200) {
    step.log("error", Json{{"event", "deposit-transfer-refused"},
                           {"vault", vault_of(*deposit)},
                           {"detail", verified.body.value("detail", Json(nullptr))}});
    return finish_observe(std::move(step), observe, Json{{"state", "refused"}, {"recheckFrom", nullptr}});
  }
  step.context = Json{{"observe", observe}, {"verified", verified.body}, {"owner", (*deposit)["owner"]}};
  return step.effect(Json{{"kind", "readJob"}, {"quoteId", verified.body["job"]["quoteId"]}});
}

std::string partner_of(const Json& context) {
  const std::string owner = context["owner"].get<std::string>();
  return owner.rfind("partner:", 0) == 0 ? owner.substr(8) : owner;
}

OpResult submit(Step step, Json context, bool counted) {
  context["counted"] = counted;
  const Json& v = context["verified"];
  Json effect{{"kind", "submitJob"}, {"quoteId", v["job"]["quoteId"]}, {"jobKey", v["jobKey"]}, {"owner", context["owner"]}, {"job", v["job"]}, {"plan", v["plan"]}};
  step.context = std::move(context);
  return step.effect(std::move(effect));
}

OpResult on_job_read(Step step, const Json& state, const Json& event) {
  Json context = context_of(state);
  // A quote that has its job already (a submitted authorization, or this range delivered again)
  // has its sponsorship row from then.
  if (fields.flag(event, "exists", "event")) return submit(std::move(step), std::move(context), false);
  const Json& held_until = fields.member(state, "heldUntil", "state");
  if (!held_until.is_null() && fields.count(state, "now", "state") < fields.count(state, "heldUntil", "state")) {
    return held(std::move(step), context["observe"]);
  }
  const Json& v = context["verified"];
  Json effect{{"kind", "admit"}, {"plan", v["plan"]}, {"jobId", v["job"]["id"]}, {"partner", partner_of(context)}};
  step.context = std::move(context);
  return step.effect(std::move(effect));
}

// The chain's store answered the admission of the transfer funding under its partner's
// sponsorship (op relayerStep): counted, held by a spent budget, or neither (logged; relayed all
// the same: the money is in the vault already).
OpResult on_admitted(Step step, const Json& state, const Json& event) {
  Json context = context_of(state);
  const std::string partner = partner_of(context);
  const Json job_id = context["verified"]["job"]["id"];
  if (event.contains("thrown")) {
    step.log("error", Json{{"event", "deposit-transfer-sponsorship-failed"}, {"partner", partner}, {"jobId", job_id}, {"detail", event["thrown"]}});
    return submit(std::move(step), std::move(context), false);
  }
  const Json& answer = fields.member(event, "answer", "event");
  const Json status = answer.contains("status") ? answer["status"]
                      : answer.contains("httpError") && answer["httpError"].is_object() ? answer["httpError"].value("status", Json(nullptr))
                                                                                         : Json(nullptr);
  const Json body = answer.contains("body") ? answer["body"] : Json::object();
  if (status == 200) {
    const Json budget = body.is_object() && body.contains("budget") && body["budget"].is_object() ? body["budget"] : Json::object();
    step.log("log", Json{{"event", "deposit-transfer-sponsorship"},
                         {"partner", partner},
                         {"jobId", job_id},
                         {"spentWei", budget.value("spentWei", Json(nullptr))},
                         {"limitWei", budget.value("limitWei", Json(nullptr))}});
    return submit(std::move(step), std::move(context), true);
  }
  if (status == 429) {
    std::uint64_t retry_after = 0;
    if (answer.contains("headers") && answer["headers"].is_object() && answer["headers"].contains("Retry-After")) {
      const Json& header = answer["headers"]["Retry-After"];
      if (header.is_number_unsigned()) retry_after = header.get<std::uint64_t>();
      if (header.is_string()) {
        const std::string text = header.get<std::string>();
        if (!text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos) retry_after = std::stoull(text);
      }
    }
    step.remove("sponsorship_hold", Json{{"id", 1}});
    step.insert("sponsorship_hold", Json{{"id", 1}, {"until", fields.count(state, "now", "state") + retry_after}});
    step.log("log", Json{{"event", "deposit-transfer-held"},
                         {"partner", partner},
                         {"jobId", job_id},
                         {"retryAfterSec", retry_after},
                         {"detail", body.is_object() ? body.value("detail", Json(nullptr)) : Json(nullptr)}});
    return held(std::move(step), context["observe"]);
  }
  const Json detail = body.is_object() && body.contains("detail") ? body["detail"]
                      : answer.contains("httpError") && answer["httpError"].is_object() ? answer["httpError"].value("detail", Json(nullptr))
                                                                                         : Json(nullptr);
  step.log("error", Json{{"event", "deposit-transfer-sponsorship-failed"}, {"partner", partner}, {"jobId", job_id}, {"status", status}, {"detail", detail}});
  return submit(std::move(step), std::move(context), false);
}

Json release_effect(const Json& context) {
  return Json{{"kind", "release"}, {"chainId", context["verified"]["plan"]["chainId"]}, {"jobId", context["verified"]["job"]["id"]}};
}

// The job's outcome settled what it had to release: the address is funded unless another job of
// its quote still in flight holds it.
OpResult after_release(Step step, const Json& state, Json context) {
  const Json observe = context["observe"];
  if (context.value("watch", false)) return held(std::move(step), observe);
  if (begin_funding(step, state, Json{{"observe", observe}})) return step.answer();
  return finish_observe(std::move(step), observe, Json{{"state", "funded"}, {"recheckFrom", nullptr}});
}

OpResult on_job_submitted(const Config& config, Step step, const Json& state, const Json& event) {
  Json context = context_of(state);
  const bool counted = context.value("counted", false);
  if (event.contains("thrown")) {
    // No job: the row would hold the partner's budget for nothing (the next delivery counts again).
    context["error"] = event["thrown"];
    if (counted) {
      Json effect = release_effect(context);
      step.context = std::move(context);
      return step.effect(std::move(effect));
    }
    step.context = nullptr;
    return step.answer(Json{{"error", event["thrown"]}});
  }
  const Json& stored = fields.member(event, "stored", "event");
  const Json& job = fields.member(stored, "job", "event.stored");
  const std::string outcome = submit_outcome(stored, context["verified"]["jobKey"].get<std::string>(), "event.stored");
  step.log("log", Json{{"event", "deposit-transfer-funding"},
                       {"vault", context["observe"]["vault"]},
                       {"jobId", job.value("id", Json(nullptr))},
                       {"outcome", outcome}});
  // Whether the quote's job funds the address is the job's own step: another job still in flight
  // (a submitted authorization) may fail with nothing mined and be archived.
  OpResult submitted = gasless_job_step_op(
      config, Json{{"state", {{"job", job}}},
                   {"event",
                    {{"kind", "submitted"},
                     {"outcome", outcome},
                     {"reserved", counted},
                     {"quoteId", context["verified"]["job"]["quoteId"]},
                     {"transfer", true}}}});
  if (submitted.status != 200) return submitted;
  bool release = false;
  for (const Json& effect : submitted.body["effects"]) {
    if (effect["kind"] == "watch") context["watch"] = true;
    else if (effect["kind"] == "release") release = true;
    else fields.fail("gaslessJobStep named an effect a transfer funding does not perform");
  }
  if (release) {
    Json effect = release_effect(context);
    step.context = std::move(context);
    return step.effect(std::move(effect));
  }
  return after_release(std::move(step), state, std::move(context));
}

OpResult on_released(Step step, const Json& state) {
  Json context = context_of(state);
  if (context.contains("error")) {
    step.context = nullptr;
    return step.answer(Json{{"error", context["error"]}});
  }
  return after_release(std::move(step), state, std::move(context));
}

}  // namespace

OpResult deposit_address_step_op(const Config& config, const Json& input) {
  const Json& state = fields.member(input, "state", "input");
  const Json& event = fields.member(input, "event", "input");
  const std::string kind = fields.text(event, "kind", "event");
  Step step;
  if (kind == "started") {
    const Json* deposit = deposit_of(state);
    if (deposit != nullptr && !fields.flag(event, "alarmSet", "event")) step.alarm_at = remove_at(state, *deposit) * 1000;
    return step.answer();
  }
  if (kind == "alarm") return on_alarm(std::move(step), state);
  if (kind == "unindexed") return on_unindexed(std::move(step), state);
  if (kind == "holdsReleased") return on_holds_released(std::move(step), state);
  if (kind == "deleted") return step.answer();
  if (kind == "create") return on_create(std::move(step), state, event);
  if (kind == "watched") return on_watched(std::move(step), state);
  if (kind == "funded") {
    begin_funding(step, state, Json::object());
    return step.answer();
  }
  if (kind == "archive") return on_archive(std::move(step), state, event);
  if (kind == "heldAgain") return on_held_again(std::move(step), state);
  if (kind == "observe") return on_observe(config, std::move(step), state, event);
  if (kind == "jobRead") return on_job_read(std::move(step), state, event);
  if (kind == "admitted") return on_admitted(std::move(step), state, event);
  if (kind == "jobSubmitted") return on_job_submitted(config, std::move(step), state, event);
  if (kind == "released") return on_released(std::move(step), state);
  fields.fail("event.kind " + kind + " is no event of a deposit address");
}

}  // namespace sr::service
