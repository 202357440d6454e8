// The gasless job object's transitions when its alarm fires (op "gaslessJobStep"), as a table:
// state x event -> writes, effects, alarm, logs. The job each outcome leads to is op
// "gaslessJobAdvance"'s (gasless_job_test.cpp); this table holds what the object does with it.
#include "service/funding/gasless_job_step.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "relay_plan_fixture.h"
#include "service/common/op_input.h"
#include "service/funding/gasless_job.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

const char* const kUuid = "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kIntentHash = "0x1111111111111111111111111111111111111111111111111111111111111111";
const char* const kTxHash = "0x2222222222222222222222222222222222222222222222222222222222222222";
constexpr std::uint64_t kCreated = 1763700000;
constexpr std::uint64_t kNowMs = 1763700042'000;
constexpr std::uint64_t kPollMs = 1'000;
const std::string kJobId = std::string("job:") + kUuid;

Json accepted() { return gasless_job("erc3009", std::string("quote:") + kUuid, kIntentHash, 8453, kCreated); }

// The job after `outcome` at kNowMs, as op gaslessJobAdvance answers it.
Json advanced(const Json& job, const Json& outcome) {
  return gasless_job_advance_op(local_config(), {{"job", job}, {"outcome", outcome}, {"now", kNowMs / 1000}}).body["job"];
}

Json published_watched() { return advanced(accepted(), {{"transactionHash", kTxHash}, {"blockNumber", 100}}); }
Json failed() { return advanced(accepted(), {{"error", "reverted"}}); }
Json published_final(std::uint64_t updated_at) {
  Json job = published_watched();
  job["final"] = true;
  job["updatedAt"] = updated_at;
  return job;
}

const char* const kVault = "0x3333333333333333333333333333333333333333";

Json state_of(const Json& job, std::uint64_t attempts = 0, const char* standard = "erc3009") {
  return {{"job", job}, {"attempts", attempts}, {"nowMs", kNowMs}, {"pollMs", kPollMs}, {"plan", testing::relay_plan(standard)}};
}
// The state of a deposit address's job (its vault named).
Json deposit_state_of(const Json& job) {
  Json state = state_of(job);
  state["deposit"] = kVault;
  return state;
}
Json released(Json mined) { return {{"kind", "released"}, {"mined", std::move(mined)}}; }
// What the plan's ERC-3009 funding holds of its funder's balance (op fundingPreflight's reservation).
Json reservation() {
  const Json plan = testing::relay_plan("erc3009");
  return {{"chainId", 8453}, {"token", plan["token"]}, {"funder", plan["funder"]}, {"amount", "25000000"}};
}

Json effect(const char* kind) { return Json::array({Json{{"kind", kind}}}); }
Json job_write(const Json& job, std::uint64_t attempts) {
  return {{"table", "job"}, {"where", {{"id", kJobId}}}, {"set", {{"job", job.dump()}, {"attempts", attempts}}}};
}
Json log_line(const char* level, Json line) { return {{"level", level}, {"line", std::move(line)}}; }
Json status_log(const Json& job) {
  return log_line("log", {{"event", "gasless-job"}, {"jobId", kJobId}, {"status", job["status"]}, {"transactionHash", job["transactionHash"]},
                          {"confirmations", job["confirmations"]}, {"final", job["final"]}, {"error", job["error"]}});
}

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
  const Json mined = advanced(accepted(), {{"transactionHash", kTxHash}, {"blockNumber", 100}});
  const Json gone = advanced(published_watched(), {{"receipt", nullptr}});
  const Json reverted = advanced(published_watched(), {{"receipt", {{"status", "0x0"}, {"blockNumber", "0x64"}}}});
  const Json refused = advanced(accepted(), {{"error", "would revert"}});
  const Json out_of_attempts = advanced(accepted(), {{"transientError", "node down"}, {"attempts", 5}});
  const Json waiting = advanced(accepted(), {{"waitingFor", "gas-price"}, {"detail", "above"}});
  const Json in_flight = advanced(accepted(), {{"inFlight", "no receipt yet"}});
  const Json retried = advanced(accepted(), {{"transientError", "node down"}, {"attempts", 2}});
  return {
      // the alarm: what to do with the stored job
      {"alarm, no job", state_of(nullptr), {{"kind", "alarm"}}, none, none, nullptr, none},
      {"alarm, accepted: relay", state_of(accepted()), {{"kind", "alarm"}}, none, effect("relay"), nullptr, none},
      {"alarm, published not final: its receipt", state_of(published_watched()), {{"kind", "alarm"}}, none, effect("receipt"), nullptr, none},
      {"alarm, failed: release again", state_of(failed()), {{"kind", "alarm"}}, none, effect("release"), nullptr, none},
      {"alarm, published final: release again", state_of(published_final(kCreated)), {{"kind", "alarm"}}, none, effect("release"), nullptr,
       none},
      // a relay's outcome
      {"relayed, mined: watched, released", state_of(accepted()),
       {{"kind", "relayed"}, {"result", {{"transactionHash", kTxHash}, {"blockNumber", 100}}}}, Json::array({job_write(mined, 0)}), effect("release"),
       kNowMs + kPollMs, Json::array({status_log(mined)})},
      {"relayed, refused: failed, released", state_of(accepted(), 1), {{"kind", "relayed"}, {"result", {{"error", "would revert"}}}},
       Json::array({job_write(refused, 1)}), effect("release"), nullptr, Json::array({status_log(refused)})},
      {"relayed, thrown: an attempt spent, retried", state_of(accepted(), 1), {{"kind", "relayed"}, {"thrown", "node down"}},
       Json::array({job_write(retried, 2)}), none, kNowMs + 4'000,
       Json::array({log_line("error", {{"event", "relay-retry"}, {"jobId", kJobId}, {"attempts", 2}, {"retryAfterSec", 4}, {"message", "node down"}})})},
      {"relayed, the relayer's retry: an attempt spent, retried", state_of(accepted(), 1), {{"kind", "relayed"}, {"result", {{"retry", "node down"}}}},
       Json::array({job_write(retried, 2)}), none, kNowMs + 4'000,
       Json::array({log_line("error", {{"event", "relay-retry"}, {"jobId", kJobId}, {"attempts", 2}, {"retryAfterSec", 4}, {"message", "node down"}})})},
      {"relayed, thrown, last attempt: failed, released", state_of(accepted(), 4), {{"kind", "relayed"}, {"thrown", "node down"}},
       Json::array({job_write(out_of_attempts, 5)}), effect("release"), nullptr, Json::array({status_log(out_of_attempts)})},
      {"relayed, waiting for the gas price", state_of(accepted()), {{"kind", "relayed"}, {"result", {{"waitingFor", "gas-price"}, {"detail", "above"}}}},
       Json::array({job_write(waiting, 0)}), none, kNowMs + 2'000,
       Json::array({log_line("log", {{"event", "relay-waiting"}, {"jobId", kJobId}, {"waitingFor", "gas-price"}, {"retryAfterSec", 2}, {"detail", "above"}})})},
      {"relayed, in flight: no attempt spent", state_of(accepted(), 3), {{"kind", "relayed"}, {"result", {{"inFlight", "no receipt yet"}}}},
       Json::array({job_write(in_flight, 3)}), none, kNowMs + 2'000,
       Json::array({log_line("log", {{"event", "relay-in-flight"}, {"jobId", kJobId}, {"retryAfterSec", 2}, {"detail", "no receipt yet"}})})},
      // a watched job's receipt
      {"receipt gone: accepted again, its funder's balance held again, relayed at once", state_of(published_watched()),
       {{"kind", "receipt"}, {"receipt", nullptr}}, Json::array({job_write(gone, 0)}),
       Json::array({Json{{"kind", "reserve"}, {"reservation", reservation()}}}), kNowMs,
       Json::array({log_line("log", {{"event", "gasless-job-reorganised"}, {"jobId", kJobId}, {"transactionHash", kTxHash}})})},
      {"receipt gone, a plain transfer's job: accepted again, nothing of the funder's to hold", state_of(published_watched(), 0, "transfer"),
       {{"kind", "receipt"}, {"receipt", nullptr}}, Json::array({job_write(gone, 0)}), none, kNowMs,
       Json::array({log_line("log", {{"event", "gasless-job-reorganised"}, {"jobId", kJobId}, {"transactionHash", kTxHash}})})},
      {"reserved: nothing more, the relay is due", state_of(gone), {{"kind", "reserved"}}, none, none, nullptr, none},
      {"receipt still there: watched again, released", state_of(published_watched()),
       {{"kind", "receipt"}, {"receipt", {{"status", "0x1"}, {"blockNumber", "0x64"}}}}, Json::array({job_write(published_watched(), 0)}),
       effect("release"), kNowMs + kPollMs, none},
      {"receipt reverted after a reorganisation: failed", state_of(published_watched()),
       {{"kind", "receipt"}, {"receipt", {{"status", "0x0"}, {"blockNumber", "0x64"}}}}, Json::array({job_write(reverted, 0)}), effect("release"),
       nullptr, Json::array({status_log(reverted)})},
      {"receipt, node unreachable: looked at again", state_of(published_watched()), {{"kind", "receipt"}, {"thrown", "timeout"}}, none,
       none, kNowMs + kPollMs,
       Json::array({log_line("error", {{"event", "gasless-job-receipt-failed"}, {"jobId", kJobId}, {"message", "timeout"}})})},
      // released: its retention
      {"released, still watched: nothing more", state_of(published_watched()), {{"kind", "released"}}, none, none, nullptr, none},
      {"released, kept: the alarm at its deletion", state_of(published_final(kCreated)), {{"kind", "released"}}, none, none,
       (kCreated + 30 * 86'400) * 1000, none},
      {"released, due: the relayer forgets first", state_of(published_final(kNowMs / 1000 - 30 * 86'400)), {{"kind", "released"}}, none,
       effect("forget"), nullptr, none},
      // a deposit address's job that failed
      {"released, a deposit's job failed with nothing mined: archived with the address", deposit_state_of(failed()), released(0), none,
       Json::array({Json{{"kind", "archive"}, {"vault", kVault}}}), nullptr,
       Json::array({log_line("log", {{"event", "deposit-job-archived"}, {"jobId", kJobId}, {"vault", kVault}, {"error", "reverted"}})})},
      {"released, a deposit's job failed after a mined transaction: kept", deposit_state_of(failed()), released(1), none, none,
       (kNowMs / 1000 + 30 * 86'400) * 1000, none},
      {"released, a deposit's job failed, what was mined unknown: kept", deposit_state_of(failed()), released(nullptr), none, none,
       (kNowMs / 1000 + 30 * 86'400) * 1000, none},
      {"released, a deposit's job published: kept", deposit_state_of(published_final(kCreated)), released(0), none, none,
       (kCreated + 30 * 86'400) * 1000, none},
      {"released, a keyed job failed with nothing mined: kept", state_of(failed()), released(0), none, none,
       (kNowMs / 1000 + 30 * 86'400) * 1000, none},
      {"archived: the relayer forgets, then the storage goes", deposit_state_of(failed()), {{"kind", "archived"}}, none, effect("forget"), nullptr,
       none},
      {"forgotten: the storage goes", state_of(failed()), {{"kind", "forgotten"}}, none, effect("deleteAll"), nullptr,
       Json::array({log_line("log", {{"event", "gasless-job-deleted"}, {"jobId", kJobId}, {"status", "failed"}})})},
      {"deleted: nothing more", state_of(failed()), {{"kind", "deleted"}}, none, none, nullptr, none},
  };
}

TEST(GaslessJobStep, EachStateAndEventAnswersItsWritesEffectsAlarmAndLogs) {
  for (const Row& row : rows()) {
    SCOPED_TRACE(row.name);
    const OpResult r = gasless_job_step_op(local_config(), {{"state", row.state}, {"event", row.event}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["writes"], row.writes);
    EXPECT_EQ(r.body["effects"], row.effects);
    EXPECT_EQ(r.body["alarmAt"], row.alarm_at);
    EXPECT_EQ(r.body["logs"], row.logs);
    EXPECT_EQ(r.body["reply"], nullptr);
  }
}

// A stored submit: its answer, and the release of what it reserved once its job has settled.
TEST(GaslessJobStep, ASubmitIsAnsweredAndItsReservationGoesBackWhenTheJobHasSettled) {
  struct Case {
    const char* name;
    Json job;
    const char* outcome;
    bool reserved;
    int status;
    Json effects;
  };
  const Json none = Json::array();
  for (const Case& c : std::vector<Case>{
           {"created", accepted(), "created", true, 202, none},
           {"the same job, accepted", accepted(), "existing", false, 200, none},
           {"the same job, settled, nothing reserved", failed(), "existing", false, 200, none},
           {"a race: reserved, the job already settled", published_watched(), "existing", true, 200, effect("release")},
           {"another authorization", accepted(), "conflict", false, 409, none},
           {"another authorization, reserved, settled", failed(), "conflict", true, 409, effect("release")},
       }) {
    SCOPED_TRACE(c.name);
    const OpResult r = gasless_job_step_op(
        local_config(), {{"state", {{"job", c.job}}}, {"event", {{"kind", "submitted"}, {"outcome", c.outcome}, {"reserved", c.reserved}, {"quoteId", kUuid}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["effects"], c.effects);
    EXPECT_EQ(r.body["writes"], Json::array());
    EXPECT_EQ(r.body["reply"]["status"], c.status);
    if (c.status == 409) {
      EXPECT_EQ(r.body["reply"]["body"]["code"], "conflict");
      EXPECT_EQ(r.body["reply"]["body"]["detail"], std::string("quote ") + kUuid + " already has gasless job " + kJobId +
                                                       " for a different authorization; inspect that job before authorizing another payment");
    } else {
      EXPECT_EQ(r.body["reply"]["body"], c.job);
    }
  }
  EXPECT_THROW(gasless_job_step_op(local_config(), {{"state", {{"job", accepted()}}}, {"event", {{"kind", "submitted"}, {"outcome", "maybe"}, {"reserved", false}, {"quoteId", kUuid}}}}),
               OpInputError);
}

// A deposit address's covering transfers submitted by its object: when they meet another job of
// the quote that may yet be archived (accepted, or failed), the address stays watched (effect
// watch) so that the transfers fund it once that job is gone; their own job, or a published one,
// funds the address (no effect).
TEST(GaslessJobStep, CoveringTransfersMeetingAnInFlightJobKeepTheAddressWatched) {
  struct Case {
    const char* name;
    Json job;
    const char* outcome;
    Json effects;
  };
  const Json none = Json::array();
  const Json watch = Json::array({Json{{"kind", "watch"}}});
  for (const Case& c : std::vector<Case>{
           {"their own job", accepted(), "created", none},
           {"their own job, delivered again", accepted(), "existing", none},
           {"a submitted job in flight", accepted(), "conflict", watch},
           {"a submitted job failed (archived if nothing was mined)", failed(), "conflict", watch},
           {"a submitted job published: the address is funded", published_watched(), "conflict", none},
       }) {
    SCOPED_TRACE(c.name);
    const OpResult r = gasless_job_step_op(
        local_config(),
        {{"state", {{"job", c.job}}}, {"event", {{"kind", "submitted"}, {"outcome", c.outcome}, {"reserved", false}, {"quoteId", kUuid}, {"transfer", true}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["effects"], c.effects);
  }
  // A client's submit meeting the same in-flight job watches nothing (its object is not a deposit's).
  const OpResult client = gasless_job_step_op(
      local_config(), {{"state", {{"job", accepted()}}}, {"event", {{"kind", "submitted"}, {"outcome", "conflict"}, {"reserved", false}, {"quoteId", kUuid}}}});
  EXPECT_EQ(client.body["effects"], Json::array());
}

// The identical payload from another owner (another partner holding a partner's signed submit)
// meets a job it may not read: 409 naming no job; from the job's own owner, the job.
TEST(GaslessJobStep, AnotherOwnersIdenticalSubmitIsAConflictNamingNoJob) {
  const auto submitted = [](const char* owner) {
    return gasless_job_step_op(local_config(),
                               {{"state", {{"job", accepted()}, {"owner", "partner:acme"}}},
                                {"event", {{"kind", "submitted"}, {"outcome", "existing"}, {"reserved", false}, {"quoteId", kUuid}, {"owner", owner}}}});
  };
  const OpResult stranger = submitted("partner:frugal");
  ASSERT_EQ(stranger.status, 200) << stranger.body.dump();
  EXPECT_EQ(stranger.body["reply"]["status"], 409);
  EXPECT_EQ(stranger.body["reply"]["body"]["code"], "conflict");
  EXPECT_EQ(stranger.body["reply"]["body"]["detail"], std::string("quote ") + kUuid + " already has a gasless job of another owner");
  EXPECT_EQ(stranger.body["reply"]["body"].dump().find(kJobId), std::string::npos);
  const OpResult own = submitted("partner:acme");
  EXPECT_EQ(own.body["reply"]["status"], 200);
  EXPECT_EQ(own.body["reply"]["body"], accepted());
}

TEST(GaslessJobStep, RetentionHonoursAShorterKeep) {
  Json state = state_of(failed());
  state["keepSec"] = 0;
  const OpResult r = gasless_job_step_op(local_config(), {{"state", state}, {"event", {{"kind", "released"}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["effects"], effect("forget"));
}

// The state each answer carries is the job written: the next event sees it.
TEST(GaslessJobStep, TheNextStateCarriesTheWrittenJob) {
  const OpResult r = gasless_job_step_op(local_config(), {{"state", state_of(accepted())}, {"event", {{"kind", "relayed"}, {"result", {{"error", "x"}}}}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["state"]["job"]["status"], "failed");
  EXPECT_EQ(r.body["state"]["job"].dump(), r.body["writes"][0]["set"]["job"]);
}

TEST(GaslessJobStep, AMalformedStateOrEventIsAWorkerBug) {
  EXPECT_THROW(gasless_job_step_op(local_config(), {{"state", state_of(accepted())}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(gasless_job_step_op(local_config(), {{"state", {{"job", accepted()}}}, {"event", {{"kind", "alarm"}}}}), OpInputError);
  EXPECT_THROW(gasless_job_step_op(local_config(), {{"state", state_of(nullptr)}, {"event", {{"kind", "released"}}}}), OpInputError);
  // A finished job takes no outcome (op gaslessJobAdvance).
  EXPECT_THROW(gasless_job_step_op(local_config(), {{"state", state_of(failed())}, {"event", {{"kind", "relayed"}, {"result", {{"error", "x"}}}}}}),
               OpInputError);
}

}  // namespace
}  // namespace sr::service
