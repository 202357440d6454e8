// The chain's store of relayed fundings (funding_store.h, events of op "relayerStep"), as a
// table: state x event -> writes, effects, reply. The rows it keeps are the sponsorship rows the
// core's admission counts (sponsorship_test.cpp) and the reservations the preflight verdict counts
// (funding_preflight_test.cpp); this table holds what is written when.
#include "service/funding/funding_store.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"
#include "service/funding/relayer_step.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;

const char* const kJob = "job:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kFunder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const char* const kToken = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

Json admission() {
  return {{"day", 20417}, {"funder", kFunder}, {"holdWei", "2100000000000000"}};
}
// Every row of the store: a settled one of an earlier day, an open one of that day, a settled one of today.
Json rows() {
  return Json::array({Json{{"jobId", "job:old-settled"}, {"day", 20416}, {"settled", true}},
                      Json{{"jobId", "job:old-open"}, {"day", 20416}, {"settled", false}},
                      Json{{"jobId", "job:today"}, {"day", 20417}, {"settled", true}}});
}
Json row_taken() {
  return {{"table", "sponsorship"},
          {"insert", {{"job_id", kJob}, {"partner", "acme"}, {"funder", kFunder}, {"day", 20417}, {"hold_wei", "2100000000000000"}}}};
}
Json old_dropped() { return {{"table", "sponsorship"}, {"where", {{"job_id", "job:old-settled"}}}, {"delete", true}}; }
Json reservation_taken() {
  return {{"table", "reservation"},
          {"insert", {{"job_id", kJob}, {"token", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"}, {"funder", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"}, {"amount", "25000000"}}}};
}
Json reservations_gone() { return {{"table", "reservation"}, {"where", {{"job_id", kJob}}}, {"delete", true}}; }

Json admitted_event(Json answer) { return {{"kind", "admitted"}, {"jobId", kJob}, {"partner", "acme"}, {"admission", std::move(answer)}}; }
Json simulating_state() {
  return {{"sponsorship", rows()}, {"admitted", {{"jobId", kJob}, {"partner", "acme"}, {"body", admission()}}}};
}
Json simulated(int status, Json reservation) {
  return {{"kind", "simulated"}, {"verdict", {{"status", status}, {"body", status == 200 ? Json::object() : Json{{"code", "funding-would-fail"}}}}}, {"reservation", std::move(reservation)}};
}
const Json kReservation = {{"token", kToken}, {"funder", kFunder}, {"amount", "25000000"}};
// The admission judged again with the verdict (others of the partner admitted meanwhile).
Json again(Json event, Json admission) {
  event["admission"] = std::move(admission);
  return event;
}
Json later_admission() { return {{"day", 20417}, {"funder", kFunder}, {"holdWei", "3000000000000000"}}; }
Json later_row() {
  return {{"table", "sponsorship"},
          {"insert", {{"job_id", kJob}, {"partner", "acme"}, {"funder", kFunder}, {"day", 20417}, {"hold_wei", "3000000000000000"}}}};
}

struct Row {
  const char* name;
  Json state;
  Json event;
  Json writes;
  Json effects;
  Json reply;
};

TEST(FundingStore, EachStateAndEventAnswersItsWritesEffectsAndReply) {
  const Json none = Json::array();
  const Json exhausted = {{"status", 429}, {"body", {{"code", "sponsorship-exhausted"}}}, {"headers", {{"Retry-After", "60"}}}};
  const std::vector<Row> table{
      {"admitted: refused", {{"sponsorship", rows()}}, admitted_event(exhausted), none, none, exhausted},
      {"admitted: simulated next", {{"sponsorship", rows()}}, admitted_event({{"status", 200}, {"body", admission()}}), none,
       Json::array({Json{{"kind", "simulate"}}}), nullptr},
      {"simulated: 200 takes the row and the reservation", simulating_state(), simulated(200, kReservation),
       {old_dropped(), row_taken(), reservation_taken()}, none, {{"status", 200}, {"body", Json::object()}}},
      {"simulated: 200 with nothing to reserve", simulating_state(), simulated(200, nullptr), {old_dropped(), row_taken()}, none,
       {{"status", 200}, {"body", Json::object()}}},
      {"simulated: 422 takes nothing", simulating_state(), simulated(422, kReservation), none, none,
       {{"status", 422}, {"body", {{"code", "funding-would-fail"}}}}},
      {"simulated: 200, admitted again, takes the row of the latest admission", simulating_state(),
       again(simulated(200, kReservation), {{"status", 200}, {"body", later_admission()}}), {old_dropped(), later_row(), reservation_taken()}, none,
       {{"status", 200}, {"body", Json::object()}}},
      {"simulated: 200, but others of the partner were admitted meanwhile: refused, nothing taken", simulating_state(),
       again(simulated(200, kReservation), exhausted), none, none, exhausted},
      {"simulated: 422 whatever the admission again says", simulating_state(), again(simulated(422, kReservation), exhausted), none, none,
       {{"status", 422}, {"body", {{"code", "funding-would-fail"}}}}},
      {"release: a row with receipts counts them", {{"sponsorship", {{"receipts", {{"0xaa", {{"gasUsed", "0x5208"}}}}}}}},
       {{"kind", "release"}, {"jobId", kJob}},
       {reservations_gone(), Json{{"table", "sponsorship"}, {"where", {{"job_id", kJob}}}, {"set", {{"settled", 1}}}}}, none, {{"mined", 1}}},
      {"release: a row that sent nothing costs nothing", {{"sponsorship", {{"receipts", Json::object()}}}}, {{"kind", "release"}, {"jobId", kJob}},
       {reservations_gone(), Json{{"table", "sponsorship"}, {"where", {{"job_id", kJob}}}, {"delete", true}}}, none, {{"mined", 0}}},
      {"release: no row, nothing known of what was mined", {{"sponsorship", nullptr}}, {{"kind", "release"}, {"jobId", kJob}},
       Json::array({reservations_gone()}), none, {{"mined", nullptr}}},
      {"reserve: a reorganised job holds its funder's balance again", Json::object(),
       {{"kind", "reserve"}, {"jobId", kJob}, {"reservation", {{"chainId", 8453}, {"token", kToken}, {"funder", kFunder}, {"amount", "25000000"}}}},
       Json::array({reservation_taken()}), none, nullptr},
      {"receipt mined: kept by hash, null price, the L1 fee", {{"sponsorship", {{"receipts", {{"0xaa", {{"gasUsed", "0x1"}, {"effectiveGasPrice", "0x2"}}}}}}}},
       {{"kind", "receiptMined"}, {"jobId", kJob}, {"hash", "0xbb"}, {"receipt", {{"gasUsed", "0x5208"}, {"l1Fee", "0x10"}, {"logs", Json::array()}}}},
       Json::array({Json{{"table", "sponsorship"},
             {"where", {{"job_id", kJob}}},
             {"set", {{"receipts", R"({"0xaa":{"gasUsed":"0x1","effectiveGasPrice":"0x2"},"0xbb":{"gasUsed":"0x5208","effectiveGasPrice":null,"l1Fee":"0x10"}})"}}}}}),
       none, nullptr},
      {"receipt mined: no row", {{"sponsorship", nullptr}}, {{"kind", "receiptMined"}, {"jobId", kJob}, {"hash", "0xbb"}, {"receipt", {{"gasUsed", "0x1"}}}},
       none, none, nullptr},
  };
  for (const Row& row : table) {
    SCOPED_TRACE(row.name);
    const OpResult r = relayer_step_op({{"state", row.state}, {"event", row.event}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["writes"], row.writes);
    EXPECT_EQ(r.body["effects"], row.effects);
    EXPECT_EQ(r.body["reply"], row.reply);
  }
}

TEST(FundingStore, AMalformedStateIsAWorkerBug) {
  Json bad_rows = simulating_state();
  bad_rows["sponsorship"] = 3;
  EXPECT_THROW(relayer_step_op({{"state", bad_rows}, {"event", simulated(200, nullptr)}}), OpInputError);
  EXPECT_THROW(relayer_step_op({{"state", Json::object()}, {"event", simulated(200, nullptr)}}), OpInputError);
  EXPECT_THROW(relayer_step_op({{"state", {{"sponsorship", {{"receipts", "{}"}}}}}, {"event", {{"kind", "release"}, {"jobId", kJob}}}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
