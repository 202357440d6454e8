// A verified gasless submit's way to its answer (op "gaslessSubmitStep"), walked through every
// effect as the request handler drives it: state x event -> effects, reply, logs. The answers a
// stored job gives are op gaslessJobStep's (gasless_job_step_test.cpp); this holds what comes
// before and around them: the job first, the reservation, a refusal's look for the job again,
// the work a keyless refusal costs, and the releases.
#include "service/funding/gasless_submit_step.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../config_fixture.h"
#include "../step_walk.h"
#include "service/common/op_input.h"
#include "service/funding/gasless_job.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

const char* const kUuid = "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kIntentHash = "0x1111111111111111111111111111111111111111111111111111111111111111";
constexpr std::uint64_t kCreated = 1763700000;

Json accepted() { return gasless_job("erc3009", std::string("quote:") + kUuid, kIntentHash, 8453, kCreated); }

// What the op reads of the verification's answer (the driver keeps the plan).
Json verified() {
  return {{"job", {{"id", accepted()["id"]}}}, {"jobKey", "key-a"}, {"quoteId", std::string("quote:") + kUuid}, {"standard", "erc3009"}};
}

// The handler's loop: the state it keeps, and each answer's context carried to the next event.
struct Walk : testing::StepWalk<gasless_submit_step_op> {
  explicit Walk(bool keyed = true, bool deposit = false) {
    state = {{"verified", verified()}, {"owner", "partner:acme"}, {"keyed", keyed}, {"requestId", "req-1"}};
    if (deposit) state["deposit"] = "0xvault";
  }
};

using Kinds = std::vector<std::string>;

Json stored(bool created, const char* job_key = "key-a", Json job = accepted()) {
  return {{"created", created}, {"jobKey", job_key}, {"job", std::move(job)}, {"owner", "partner:acme"}};
}

TEST(GaslessSubmitStep, ANewJobIsReservedStoredAndAnswered202) {
  Walk walk;
  EXPECT_EQ(walk.go({{"kind", "submit"}}), Kinds{"readJob"});
  EXPECT_EQ(walk.go({{"kind", "jobRead"}, {"exists", false}}), Kinds{"reserve"});
  EXPECT_EQ(walk.answer["effects"][0]["partner"], "acme");
  EXPECT_EQ(walk.answer["effects"][0]["jobId"], accepted()["id"]);
  EXPECT_FALSE(walk.answer["effects"][0].contains("plan")) << "the plan stays with the driver";
  EXPECT_EQ(walk.go({{"kind", "reserved"}, {"verdict", {{"status", 200}, {"body", Json::object()}}}}), Kinds{"submitJob"});
  EXPECT_EQ(walk.answer["effects"][0]["reserved"], true);
  EXPECT_EQ(walk.go({{"kind", "jobSubmitted"}, {"stored", stored(true)}}), Kinds{});
  EXPECT_EQ(walk.reply()["status"], 202);
  EXPECT_EQ(walk.reply()["body"]["id"], accepted()["id"]);
  EXPECT_EQ(walk.answer["logs"][0]["line"]["event"], "gasless-submit");
  EXPECT_EQ(walk.answer["logs"][0]["line"]["requestId"], "req-1");
}

TEST(GaslessSubmitStep, AQuoteWithAJobAnswersFromItWithoutReserving) {
  Walk walk;
  walk.go({{"kind", "submit"}});
  EXPECT_EQ(walk.go({{"kind", "jobRead"}, {"exists", true}}), Kinds{"submitJob"});
  EXPECT_EQ(walk.answer["effects"][0]["reserved"], false);
  // The same payload again: 200 with its job. Another authorization: 409 naming the job.
  Walk same = walk;
  same.go({{"kind", "jobSubmitted"}, {"stored", stored(false)}});
  EXPECT_EQ(same.reply()["status"], 200);
  walk.go({{"kind", "jobSubmitted"}, {"stored", stored(false, "key-b")}});
  EXPECT_EQ(walk.reply()["status"], 409);
  EXPECT_EQ(walk.reply()["body"]["code"], "conflict");
}

TEST(GaslessSubmitStep, ARefusedFundingLooksForTheJobOnceMoreFirst) {
  // A copy of this submit created the job and spent the authorization meanwhile: its job answers.
  Walk walk;
  walk.go({{"kind", "submit"}});
  walk.go({{"kind", "jobRead"}, {"exists", false}});
  const Json refused{{"status", 422}, {"body", {{"code", "funding-would-fail"}, {"detail", "authorization already used"}}}};
  EXPECT_EQ(walk.go({{"kind", "reserved"}, {"verdict", refused}}), Kinds{"readJob"});
  EXPECT_EQ(walk.go({{"kind", "jobRead"}, {"exists", true}}), Kinds{"submitJob"});
  walk.go({{"kind", "jobSubmitted"}, {"stored", stored(false)}});
  EXPECT_EQ(walk.reply()["status"], 200);
}

TEST(GaslessSubmitStep, RefusalsAreAnsweredAsTheirKindRequires) {
  const Json preflight{{"status", 422}, {"body", {{"code", "funding-would-fail"}, {"detail", "insufficient balance"}, {"errors", Json::array()}}}};
  const Json sponsorship{{"status", 429}, {"body", {{"code", "sponsorship-exhausted"}, {"detail", "budget"}}}, {"headers", {{"Retry-After", "600"}}}};
  const Json unreachable{{"httpError", {{"status", 503}, {"code", "chain-unavailable"}, {"detail", "node down"}}}};
  struct Row {
    const char* name;
    bool keyed;
    Json verdict;
    Kinds after_read;
    int status;
    bool headers;
  };
  for (const Row& row : std::vector<Row>{
           {"keyed preflight refusal: 422, the key's bucket counted it", true, preflight, {}, 422, false},
           {"keyless preflight refusal: counted against the work bucket, then 422", false, preflight, {"countRefusedWork"}, 422, false},
           {"sponsorship: 429 with the limit's own headers, no work counted", false, sponsorship, {}, 429, true},
           {"a preflight the store could not make: its status, no work counted", false, unreachable, {}, 503, false},
       }) {
    SCOPED_TRACE(row.name);
    Walk walk(row.keyed);
    walk.go({{"kind", "submit"}});
    walk.go({{"kind", "jobRead"}, {"exists", false}});
    walk.go({{"kind", "reserved"}, {"verdict", row.verdict}});
    EXPECT_EQ(walk.go({{"kind", "jobRead"}, {"exists", false}}), row.after_read);
    if (!row.after_read.empty()) {
      EXPECT_TRUE(walk.reply().is_null());
      EXPECT_EQ(walk.go({{"kind", "workCounted"}}), Kinds{});
    }
    EXPECT_EQ(walk.reply()["status"], row.status);
    EXPECT_EQ(walk.reply()["body"]["code"], row.verdict.contains("httpError") ? row.verdict["httpError"]["code"] : row.verdict["body"]["code"]);
    EXPECT_EQ(walk.reply().contains("headers"), row.headers);
  }
}

TEST(GaslessSubmitStep, AReservationGoesBackWhenTheJobHadSettledOrTheStoreThrew) {
  // The quote's job had already settled (a race with another submit): the reservation goes back.
  Json failed = accepted();
  failed["status"] = "failed";
  Walk settled;
  settled.go({{"kind", "submit"}});
  settled.go({{"kind", "jobRead"}, {"exists", false}});
  settled.go({{"kind", "reserved"}, {"verdict", {{"status", 200}, {"body", Json::object()}}}});
  EXPECT_EQ(settled.go({{"kind", "jobSubmitted"}, {"stored", stored(false, "key-a", failed)}}), Kinds{"release"});
  EXPECT_EQ(settled.go({{"kind", "released"}}), Kinds{});
  EXPECT_EQ(settled.reply()["status"], 200);

  // The object threw: nothing kept, the reservation released, the submit fails (500).
  Walk threw;
  threw.go({{"kind", "submit"}});
  threw.go({{"kind", "jobRead"}, {"exists", false}});
  threw.go({{"kind", "reserved"}, {"verdict", {{"status", 200}, {"body", Json::object()}}}});
  EXPECT_EQ(threw.go({{"kind", "jobSubmitted"}, {"thrown", "overloaded"}}), Kinds{"release"});
  threw.go({{"kind", "released"}});
  EXPECT_EQ(threw.reply(), (Json{{"error", "overloaded"}}));
  // Unreserved: nothing to release.
  Walk unreserved;
  unreserved.go({{"kind", "submit"}});
  unreserved.go({{"kind", "jobRead"}, {"exists", true}});
  EXPECT_EQ(unreserved.go({{"kind", "jobSubmitted"}, {"thrown", "overloaded"}}), Kinds{});
  EXPECT_EQ(unreserved.reply(), (Json{{"error", "overloaded"}}));
}

TEST(GaslessSubmitStep, ADepositAddressesNewJobReleasesItsSlots) {
  Walk walk(false, true);
  walk.go({{"kind", "submit"}});
  walk.go({{"kind", "jobRead"}, {"exists", false}});
  walk.go({{"kind", "reserved"}, {"verdict", {{"status", 200}, {"body", Json::object()}}}});
  EXPECT_EQ(walk.go({{"kind", "jobSubmitted"}, {"stored", stored(true)}}), Kinds{"depositFunded"});
  EXPECT_EQ(walk.answer["effects"][0]["vault"], "0xvault");
  EXPECT_EQ(walk.go({{"kind", "depositFunded"}}), Kinds{});
  EXPECT_EQ(walk.reply()["status"], 202);
  // The same payload again finds its job: nothing released twice.
  Walk again(false, true);
  again.go({{"kind", "submit"}});
  again.go({{"kind", "jobRead"}, {"exists", true}});
  EXPECT_EQ(again.go({{"kind", "jobSubmitted"}, {"stored", stored(false)}}), Kinds{});
  EXPECT_EQ(again.reply()["status"], 200);
}

TEST(GaslessSubmitStep, MalformedInputIsAWorkerBug) {
  Walk walk;
  EXPECT_THROW(gasless_submit_step_op(local_config(), {{"state", walk.state}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(gasless_submit_step_op(local_config(), {{"state", walk.state}, {"event", {{"kind", "released"}}}}), OpInputError);
  Json no_owner = walk.state;
  no_owner.erase("owner");
  EXPECT_THROW(gasless_submit_step_op(local_config(), {{"state", no_owner}, {"event", {{"kind", "submit"}}}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
