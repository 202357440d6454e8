// A refund the relayer sends itself, started one event at a time (op "refundStep"): what the
// intent's stored refund job means (nothing to start, look again later, or a failed job replaced
// by the next generation), and the way of a new generation through the sponsorship admission, the
// simulation's verdict and the store. Which refunds are owed is refund_relay_test.cpp's; the same
// on the real Portal: edge-worker/test/funding/refunds-chains.test.mjs.
#include "service/funding/refund_step.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../config_fixture.h"
#include "../step_walk.h"
#include "service/common/op_input.h"
#include "service/funding/gasless_job.h"
#include "service/funding/gasless_job_step.h"
#include "service/funding/refund_relay.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

const char* const kUuid = "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";
const std::string kHash = "0x" + std::string(64, 'a');
const std::string kKey = "refund:" + kHash;
constexpr std::uint64_t kNow = 1'800'003'600;

Json refund_start() {
  Json job = gasless_job("refund", kUuid, kHash, 8453, kNow);
  job["id"] = kKey;
  return {{"jobKey", kKey},
          {"partner", "acme"},
          {"job", job},
          {"plan", {{"standard", "refund"}, {"chainId", 8453}, {"intentHash", kHash}}},
          {"retryAfterSec", kRefundRetryAfterSec}};
}

// A stored job of generation `generation` (its id) with `status`.
Json stored(std::uint64_t generation, const char* status, bool final = false) {
  Json job = refund_start()["job"];
  job["id"] = refund_job_id(kKey, generation);
  job["status"] = status;
  job["final"] = final;
  if (std::string(status) == "failed") job["error"] = "simulated right before signing, the refund call reverts";
  return Json{{"job", job}};
}

// A failed job of `generation` as its object recorded it once released: `mined` of its
// transactions mined (null: not known).
Json failed(std::uint64_t generation, Json mined) {
  Json s = stored(generation, "failed");
  s["job"]["mined"] = std::move(mined);
  return s;
}

// The driver's loop (refunds.js), from a look at a refundable intent on a deployment that relays.
struct Walk : testing::StepWalk<refund_step_op> {
  Walk() { state = {{"refund", refund_start()}, {"owner", "key:dev-acme"}, {"nowMs", kNow * 1000}, {"endpoint", true}, {"relayer", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}}; }
  std::string logged() const { return answer["logs"].empty() ? "" : answer["logs"][0]["line"]["event"].get<std::string>(); }
};

using Kinds = std::vector<std::string>;
const Json kLater = kNow + kRefundRetryAfterSec;

// Every row: the intent's stored refund job (a failed one with how many of its transactions were
// mined, as its object recorded from the chain's store when it released it); what the look does:
// start the next generation (its id), look again at recheckAt, or end the looking (null).
TEST(RefundStep, AFailedJobWithNothingMinedIsReplacedByTheNextGenerationAtMostThreeInAll) {
  struct Row {
    const char* name;
    Json stored;
    const char* starts;   // the id of the generation started (after the intent's key), or nullptr
    Json recheck_at;      // the reply when nothing starts
  };
  const std::vector<Row> rows = {
      {"no job yet: generation 1", nullptr, "", nullptr},
      {"accepted: it runs, looked at again", stored(1, "accepted"), nullptr, kLater},
      {"published, not final: looked at again", stored(1, "published"), nullptr, kLater},
      {"published and final: nothing more", stored(1, "published", true), nullptr, nullptr},
      {"failed, nothing mined: generation 2", failed(1, 0), ":2", nullptr},
      {"generation 2 failed, nothing mined: generation 3", failed(2, 0), ":3", nullptr},
      {"generation 3 failed: the last, given up", failed(3, 0), nullptr, nullptr},
      {"failed, a transaction mined (a revert, a nonce filled): kept", failed(1, 1), nullptr, nullptr},
      {"failed, mined not known (no sponsorship row): kept", failed(1, nullptr), nullptr, nullptr},
      {"failed, not released yet (no count): looked at again", stored(1, "failed"), nullptr, kLater},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    Walk walk;
    ASSERT_EQ(walk.go({{"kind", "start"}}), Kinds{"readJob"});
    Kinds kinds = walk.go({{"kind", "jobRead"}, {"stored", row.stored}});
    const bool failed = !row.stored.is_null() && row.stored["job"]["status"] == "failed";
    if (row.starts == nullptr) {
      EXPECT_EQ(kinds, Kinds{});
      EXPECT_EQ(walk.reply(), (Json{{"recheckAt", row.recheck_at}}));
      continue;
    }
    ASSERT_EQ(kinds, Kinds{"admit"});
    const std::string id = kKey + row.starts;
    EXPECT_EQ(walk.effect()["jobId"], id);
    EXPECT_EQ(walk.effect()["partner"], "acme");
    ASSERT_EQ(walk.go({{"kind", "admitted"}, {"refused", nullptr}}), Kinds{"simulate"});
    ASSERT_EQ(walk.go({{"kind", "simulated"}, {"refused", nullptr}}), Kinds{"judge"});
    EXPECT_EQ(walk.effect()["verdict"], (Json{{"status", 200}, {"body", {{"ok", true}}}}));
    kinds = walk.go({{"kind", "judged"}, {"reply", {{"status", 200}, {"body", {{"ok", true}}}}}});
    if (failed) {
      // The failed generation's stored transactions go before its row is replaced.
      ASSERT_EQ(kinds, Kinds{"forget"});
      EXPECT_EQ(walk.effect()["jobId"], row.stored["job"]["id"]);
      kinds = walk.go({{"kind", "forgotten"}});
    }
    ASSERT_EQ(kinds, Kinds{"submitJob"});
    const Json submit = walk.effect();
    EXPECT_EQ(submit["jobKey"], kKey);
    EXPECT_EQ(submit["job"]["id"], id);
    EXPECT_EQ(submit["job"]["status"], "accepted");
    EXPECT_EQ(submit["plan"], refund_start()["plan"]);
    EXPECT_EQ(submit["replaces"], failed ? row.stored["job"]["id"] : Json(nullptr));
    EXPECT_EQ(walk.go({{"kind", "jobSubmitted"}, {"stored", {{"created", true}, {"job", submit["job"]}}}}), Kinds{});
    EXPECT_EQ(walk.logged(), "refund-started");
    // Watched: it may yet fail.
    EXPECT_EQ(walk.reply(), (Json{{"recheckAt", kLater}}));
  }
}

// Not started now: looked at again after retryAfterSec, or the budget's Retry-After when later.
TEST(RefundStep, ARefundNotStartedNowIsLookedAtAgainThenAndTheSimulationBecomesTheVerdict) {
  const auto to_admission = [](Walk& walk) {
    walk.go({{"kind", "start"}});
    walk.go({{"kind", "jobRead"}, {"stored", nullptr}});
  };
  {
    SCOPED_TRACE("the partner's budget spent until the next UTC day");
    Walk walk;
    to_admission(walk);
    EXPECT_EQ(walk.go({{"kind", "admitted"}, {"refused", {{"status", 429}, {"body", {{"code", "sponsorship-exhausted"}, {"detail", "daily gas budget"}}}, {"headers", {{"Retry-After", "7200"}}}}}}), Kinds{});
    EXPECT_EQ(walk.reply()["recheckAt"], kNow + 7200);
    EXPECT_EQ(walk.logged(), "refund-not-admitted");
  }
  {
    SCOPED_TRACE("a Retry-After sooner than the retry: the retry");
    Walk walk;
    to_admission(walk);
    walk.go({{"kind", "admitted"}, {"refused", {{"status", 429}, {"body", {{"detail", "x"}}}, {"headers", {{"Retry-After", "5"}}}}}});
    EXPECT_EQ(walk.reply()["recheckAt"], kLater);
  }
  {
    SCOPED_TRACE("the simulation reverts: the store judges a 422 and nothing is stored");
    Walk walk;
    to_admission(walk);
    walk.go({{"kind", "admitted"}, {"refused", nullptr}});
    ASSERT_EQ(walk.go({{"kind", "simulated"}, {"refused", {{"error", "simulated pending, the funding call reverts: 0x"}}}}), Kinds{"judge"});
    EXPECT_EQ(walk.effect()["verdict"],
              (Json{{"status", 422}, {"body", {{"code", "funding-would-fail"}, {"detail", "simulated pending, the funding call reverts: 0x"}}}}));
    EXPECT_EQ(walk.go({{"kind", "judged"}, {"reply", {{"status", 422}, {"body", {{"detail", "the funding call reverts"}}}}}}), Kinds{});
    EXPECT_EQ(walk.reply()["recheckAt"], kLater);
    EXPECT_EQ(walk.logged(), "refund-not-sent");
  }
  {
    SCOPED_TRACE("the node unreachable while simulating");
    Walk walk;
    to_admission(walk);
    walk.go({{"kind", "admitted"}, {"refused", nullptr}});
    EXPECT_EQ(walk.go({{"kind", "simulated"}, {"thrown", "fetch failed"}}), Kinds{});
    EXPECT_EQ(walk.reply()["recheckAt"], kLater);
  }
  {
    SCOPED_TRACE("no endpoint, or no relayer key: this deployment sends nothing, no more looking");
    for (const Json& deployment : {Json{{"endpoint", false}, {"relayer", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}}, Json{{"endpoint", true}, {"relayer", nullptr}}}) {
      Walk walk;
      walk.state.update(deployment);
      EXPECT_EQ(walk.go({{"kind", "start"}}), Kinds{});
      EXPECT_EQ(walk.reply(), (Json{{"recheckAt", nullptr}}));
    }
  }
}

// Another look stored a job meanwhile (or the store threw): this generation's admission is
// released in the chain's store, and the intent looked at again.
TEST(RefundStep, AGenerationNotStoredDropsItsAdmission) {
  for (const Json& result : {Json{{"kind", "jobSubmitted"}, {"stored", {{"created", false}, {"job", stored(1, "accepted")["job"]}}}},
                             Json{{"kind", "jobSubmitted"}, {"thrown", "storage unavailable"}}}) {
    SCOPED_TRACE(result.dump());
    Walk walk;
    walk.go({{"kind", "start"}});
    walk.go({{"kind", "jobRead"}, {"stored", failed(1, 0)}});
    walk.go({{"kind", "admitted"}, {"refused", nullptr}});
    walk.go({{"kind", "simulated"}, {"refused", nullptr}});
    walk.go({{"kind", "judged"}, {"reply", {{"status", 200}, {"body", {{"ok", true}}}}}});
    walk.go({{"kind", "forgotten"}});
    ASSERT_EQ(walk.go(result), Kinds{"drop"});
    EXPECT_EQ(walk.effect()["jobId"], kKey + ":2");
    EXPECT_EQ(walk.go({{"kind", "dropped"}}), Kinds{});
    EXPECT_EQ(walk.reply()["recheckAt"], kLater);
  }
}

// The count a failed refund job keeps is its object's first release's (op gaslessJobStep): the
// chain's store answers it once (a row with no receipt goes with that release); a later release
// (an alarm run again) answers null and changes nothing. A funding's job records nothing.
TEST(RefundStep, AFailedRefundJobKeepsHowManyOfItsTransactionsWereMinedFromItsFirstRelease) {
  const auto released = [](Json job, Json mined) {
    const Json state{{"job", std::move(job)}, {"attempts", 2}, {"nowMs", kNow * 1000}, {"pollMs", 1000}, {"plan", refund_start()["plan"]}};
    const OpResult r = gasless_job_step_op(local_config(), {{"state", state}, {"event", {{"kind", "released"}, {"mined", std::move(mined)}}}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  };
  const Json job = stored(1, "failed")["job"];
  for (const Json& mined : {Json(0), Json(2), Json(nullptr)}) {
    SCOPED_TRACE(mined.dump());
    const Json answer = released(job, mined);
    ASSERT_EQ(answer["writes"].size(), 1u) << answer.dump();
    const Json& write = answer["writes"][0];
    EXPECT_EQ(write["table"], "job");
    EXPECT_EQ(write["where"]["id"], kKey);
    EXPECT_EQ(write["set"]["attempts"], 2);
    Json expected = job;
    expected["mined"] = mined;
    EXPECT_EQ(Json::parse(write["set"]["job"].get<std::string>()), expected);
    EXPECT_EQ(answer["state"]["job"], expected);
  }
  EXPECT_TRUE(released(failed(1, 0)["job"], nullptr)["writes"].empty());
  Json published = stored(1, "published", true)["job"];
  EXPECT_TRUE(released(published, 0)["writes"].empty());
  Json funding = gasless_job("erc3009", kUuid, kHash, 8453, kNow);
  funding["status"] = "failed";
  EXPECT_TRUE(released(funding, 0)["writes"].empty());
}

TEST(RefundStep, GenerationsAreNamedUnderTheIntentsObject) {
  EXPECT_EQ(refund_job_id(kKey, 1), kKey);
  EXPECT_EQ(refund_job_id(kKey, 3), kKey + ":3");
  EXPECT_EQ(refund_generation(kKey, kKey), 1u);
  EXPECT_EQ(refund_generation(kKey, kKey + ":2"), 2u);
  for (const std::string& other : {kKey + ":1", kKey + ":02", kKey + ":", kKey + ":x", kKey + "2", "refund:0x" + std::string(64, 'b'), std::string("job:") + kUuid}) {
    EXPECT_EQ(refund_generation(kKey, other), 0u) << other;
  }
}

// The driver's own mistakes are refused naming the member: a stored job of another intent, an
// event that answers no effect named, an unknown event.
TEST(RefundStep, AWorkerBugIsRefusedNamingTheMember) {
  const auto refused = [](const Json& state, const Json& event, const char* names) {
    try {
      refund_step_op(local_config(), {{"state", state}, {"event", event}});
      ADD_FAILURE() << "accepted " << event.dump();
    } catch (const OpInputError& e) {
      EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
    }
  };
  Walk walk;
  Json other = failed(1, 0);
  other["job"]["id"] = std::string("job:") + kUuid;
  refused(walk.state, {{"kind", "jobRead"}, {"stored", other}}, "event.stored.job.id");
  refused(walk.state, {{"kind", "admitted"}, {"refused", nullptr}}, "state.context.generation");
  refused(walk.state, {{"kind", "forgotten"}}, "forgotten");
  refused(walk.state, {{"kind", "dropped"}}, "dropped");
  refused(walk.state, {{"kind", "teleport"}}, "event.kind");
  Json no_owner = walk.state;
  no_owner.erase("owner");
  refused(no_owner, {{"kind", "start"}}, "state.owner");
}

}  // namespace
}  // namespace sr::service
