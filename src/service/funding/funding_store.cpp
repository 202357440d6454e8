#include "service/funding/funding_store.h"

#include <cctype>
#include <string>

#include "service/common/step_fields.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("relayerStep");

OpResult answered(const Json& state, Json writes, Json effects, Json reply) {
  return ok(Json{{"state", state}, {"writes", std::move(writes)}, {"effects", std::move(effects)}, {"alarmAt", nullptr}, {"reply", std::move(reply)}});
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

Json where_job(const Json& job_id) { return Json{{"job_id", job_id}}; }

// The admitted job's sponsorship row, after the settled rows of earlier days.
void take_row(Json& writes, const Json& state, const Json& job_id, const Json& partner, const Json& admitted) {
  const std::uint64_t day = fields.count(admitted, "day", "admission.body");
  const Json& rows = fields.member(state, "sponsorship", "state");
  if (!rows.is_array()) fields.fail("state.sponsorship must be the store's rows");
  for (const Json& row : rows) {
    if (row.value("settled", false) == true && fields.count(row, "day", "state.sponsorship[]") < day) {
      writes.push_back(Json{{"table", "sponsorship"}, {"where", where_job(row.at("jobId"))}, {"delete", true}});
    }
  }
  writes.push_back(Json{{"table", "sponsorship"},
                        {"insert",
                         {{"job_id", job_id},
                          {"partner", partner},
                          {"funder", fields.text(admitted, "funder", "admission.body")},
                          {"day", day},
                          {"hold_wei", fields.text(admitted, "holdWei", "admission.body")}}}});
}

// A refused admission as the reply: its status, body and headers (Retry-After, RateLimit-*).
Json refusal(const Json& admission, const Json& body) {
  Json reply{{"status", admission["status"]}, {"body", body}};
  if (admission.contains("headers")) reply["headers"] = admission["headers"];
  return reply;
}

OpResult on_admitted(const Json& state, const Json& event) {
  const Json& admission = fields.member(event, "admission", "event");
  const Json job_id = fields.text(event, "jobId", "event");
  const Json partner = fields.text(event, "partner", "event");
  const Json& body = fields.member(admission, "body", "event.admission");
  if (fields.count(admission, "status", "event.admission") != 200) return answered(state, Json::array(), Json::array(), refusal(admission, body));
  Json next = state;
  next["admitted"] = Json{{"jobId", job_id}, {"partner", partner}, {"body", body}};
  return answered(next, Json::array(), Json::array({Json{{"kind", "simulate"}}}), nullptr);
}

// A reservation row of `job_id` (token and funder lowercase: rows are matched by them).
Json reservation_row(const Json& job_id, const Json& reservation) {
  return Json{{"table", "reservation"},
              {"insert",
               {{"job_id", job_id},
                {"token", lowercase(fields.text(reservation, "token", "event.reservation"))},
                {"funder", lowercase(fields.text(reservation, "funder", "event.reservation"))},
                {"amount", fields.text(reservation, "amount", "event.reservation")}}}};
}

OpResult on_simulated(const Json& state, const Json& event) {
  const Json& admitted = fields.member(state, "admitted", "state");
  const Json& verdict = fields.member(event, "verdict", "event");
  const Json& reservation = fields.member(event, "reservation", "event");
  // The limits judged again with the verdict: while this funding read the chain (outside any
  // queue), others of the partner may have been admitted; the row takes the latest admission.
  const Json* again = event.contains("admission") ? &event["admission"] : nullptr;
  const Json& body = again ? fields.member(*again, "body", "event.admission") : admitted.at("body");
  if (again && fields.count(*again, "status", "event.admission") != 200 && fields.count(verdict, "status", "event.verdict") == 200) {
    return answered(state, Json::array(), Json::array(), refusal(*again, body));
  }
  Json writes = Json::array();
  if (fields.count(verdict, "status", "event.verdict") == 200) {
    take_row(writes, state, admitted.at("jobId"), admitted.at("partner"), body);
    if (!reservation.is_null()) writes.push_back(reservation_row(admitted.at("jobId"), reservation));
  }
  return answered(state, std::move(writes), Json::array(), Json{{"status", verdict["status"]}, {"body", fields.member(verdict, "body", "event.verdict")}});
}

OpResult on_release(const Json& state, const Json& event) {
  const Json job_id = fields.text(event, "jobId", "event");
  const Json& row = fields.member(state, "sponsorship", "state");
  Json writes = Json::array({Json{{"table", "reservation"}, {"where", where_job(job_id)}, {"delete", true}}});
  // How many of the job's transactions were mined, as far as its row tells (null: no row, so
  // nothing is known; the job's object must not conclude that nothing was mined).
  Json mined = nullptr;
  if (!row.is_null()) {
    const Json& receipts = fields.member(row, "receipts", "state.sponsorship");
    if (!receipts.is_object()) fields.fail("state.sponsorship.receipts must be the row's receipts by hash");
    mined = receipts.size();
    // Settled: it counts what its receipts say; one that sent nothing costs nothing.
    if (receipts.empty()) writes.push_back(Json{{"table", "sponsorship"}, {"where", where_job(job_id)}, {"delete", true}});
    else writes.push_back(Json{{"table", "sponsorship"}, {"where", where_job(job_id)}, {"set", {{"settled", 1}}}});
  }
  return answered(state, std::move(writes), Json::array(), Json{{"mined", std::move(mined)}});
}

// A job a reorganisation sent back to accepted: its funder's balance is its own again until the
// job settles once more, so its reservation is held again (a row already there stays as it is).
OpResult on_reserve(const Json& state, const Json& event) {
  const Json job_id = fields.text(event, "jobId", "event");
  return answered(state, Json::array({reservation_row(job_id, fields.member(event, "reservation", "event"))}), Json::array(), nullptr);
}

OpResult on_receipt_mined(const Json& state, const Json& event) {
  const Json job_id = fields.text(event, "jobId", "event");
  const std::string hash = fields.text(event, "hash", "event");
  const Json& receipt = fields.member(event, "receipt", "event");
  const Json& row = fields.member(state, "sponsorship", "state");
  if (row.is_null()) return answered(state, Json::array(), Json::array(), nullptr);
  Json receipts = fields.member(row, "receipts", "state.sponsorship");
  if (!receipts.is_object()) fields.fail("state.sponsorship.receipts must be the row's receipts by hash");
  Json cost = Json::object();
  if (receipt.contains("gasUsed")) cost["gasUsed"] = receipt["gasUsed"];
  cost["effectiveGasPrice"] = receipt.contains("effectiveGasPrice") ? receipt["effectiveGasPrice"] : Json(nullptr);
  // An OP-stack chain's (Base, Optimism) fee for the transaction's L1 data, outside gas x price.
  if (receipt.contains("l1Fee") && receipt["l1Fee"].is_string()) cost["l1Fee"] = receipt["l1Fee"];
  receipts[hash] = std::move(cost);
  return answered(state, Json::array({Json{{"table", "sponsorship"}, {"where", where_job(job_id)}, {"set", {{"receipts", receipts.dump()}}}}}),
                  Json::array(), nullptr);
}

}  // namespace

std::optional<OpResult> funding_store_step(std::string_view kind, const Json& state, const Json& event) {
  if (kind == "admitted") return on_admitted(state, event);
  if (kind == "simulated") return on_simulated(state, event);
  if (kind == "release") return on_release(state, event);
  if (kind == "receiptMined") return on_receipt_mined(state, event);
  if (kind == "reserve") return on_reserve(state, event);
  return std::nullopt;
}

}  // namespace sr::service
