// The deposit address object's transitions (op "depositAddressStep"), as a table: state x event ->
// writes, effects, alarm, reply, logs. What covering transfers are is op depositObserve's
// (deposit_transfers_test.cpp) and whether a job funds the address is gaslessJobStep's
// (gasless_job_step_test.cpp); this table holds what the object does with their answers, and a
// walk drives covering transfers through every effect to a funded address.
#include "service/deposits/deposit_address_step.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../config_fixture.h"
#include "crypto/secp256k1.h"
#include "service/common/op_input.h"
#include "service/deposits/deposit.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

const char* const kSignerKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";  // anvil #1
const char* const kUsdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const char* const kUsdcOptimism = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
const char* const kFunder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
constexpr std::uint64_t kNow = 1763700000;
constexpr std::uint64_t kDay = 86'400;

// A 25 USDC deposit address on Base as depositCreate stored it, with its owner.
const Json& created() {
  static const Json deposit = [] {
    const OpResult r = deposit_create_op(
        local_config(), secp256k1::SecretKey::from_hex(kSignerKey),
        {{"body",
          {{"source", {{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}}},
           {"destination", {{"chainId", 10}, {"token", kUsdcOptimism}, {"recipient", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65"}}},
           {"refundRecipient", "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}}},
         {"partner", "acme"},
         {"now", kNow},
         {"random", std::string(64, 'a')},
         {"confirmedChains", Json::array({8453})}});
    if (r.status != 201) throw std::runtime_error("depositCreate failed: " + r.body.dump());
    return r.body;
  }();
  return deposit;
}
std::string vault() { return created()["record"]["vaultAddress"]; }
std::uint64_t deadline() { return created()["record"]["deadline"]; }

Json stored(Json transfers = Json::array()) {
  return {{"owner", "partner:acme"}, {"record", created()["record"]}, {"intent", created()["intent"]}, {"transfers", std::move(transfers)}, {"attempts", Json::array()}};
}

// The object's rows: an address holding two cap slots, not funded, never held by its budget.
Json rows(Json deposit = stored()) {
  return {{"deposit", std::move(deposit)},
          {"holds", Json::array({"partner:acme", "net:unknown"})},
          {"released", Json::array()},
          {"funded", false},
          {"heldUntil", nullptr},
          {"now", kNow}};
}

Json transfer(std::uint64_t block, const char* value) {
  return {{"transactionHash", "0x" + std::string(63, 'a') + std::to_string(block % 10)},
          {"blockNumber", block},
          {"logIndex", 0},
          {"token", kUsdcBase},
          {"from", kFunder},
          {"value", value}};
}

Json step(const Json& state, const Json& event) {
  const OpResult r = deposit_address_step_op(local_config(), {{"state", state}, {"event", event}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

std::vector<std::string> kinds(const Json& answer) {
  std::vector<std::string> out;
  for (const Json& e : answer["effects"]) out.push_back(e["kind"]);
  return out;
}
std::vector<std::string> tables(const Json& answer) {
  std::vector<std::string> out;
  for (const Json& w : answer["writes"]) out.push_back(std::string(w["table"]) + (w.contains("delete") ? " -" : w.contains("insert") ? " +" : " ="));
  return out;
}

// The rows with the answer's context, as the driver hands them to the next event.
Json next(Json state, const Json& answer) {
  if (answer["state"].contains("context")) state["context"] = answer["state"]["context"];
  else state.erase("context");
  return state;
}

struct Row {
  const char* name;
  Json state;
  Json event;
  std::vector<std::string> effects;
  std::vector<std::string> writes;
  Json alarm_at;  // null: left as it is
  Json reply;
};

TEST(DepositAddressStep, Transitions) {
  const std::uint64_t grace_end = (deadline() + 3'600) * 1000;
  const std::uint64_t kept_end = (deadline() + 30 * kDay) * 1000;
  Json funded = rows();
  funded["funded"] = true;
  Json past = rows();
  past["now"] = deadline() + 3'600;
  Json paid_past = rows(stored(Json::array({transfer(100, "1")})));
  paid_past["now"] = deadline() + 3'600;
  Json no_holds = past;
  no_holds["holds"] = Json::array();
  Json removing = past;
  removing["context"] = {{"removing", true}};
  Json short_retention = rows();
  short_retention["retention"] = {{"graceSec", 0}, {"fundedSec", 60}};
  Json released = rows();
  released["holds"] = Json::array();
  released["released"] = Json::array({"partner:acme"});
  Json nothing = rows(nullptr);

  const std::vector<Row> table = {
      {"started without an alarm: the one its retention gives", rows(), {{"kind", "started"}, {"alarmSet", false}}, {}, {}, grace_end, nullptr},
      {"started with an alarm: left alone", rows(), {{"kind", "started"}, {"alarmSet", true}}, {}, {}, nullptr, nullptr},
      {"started, nothing stored: no alarm", nothing, {{"kind", "started"}, {"alarmSet", false}}, {}, {}, nullptr, nullptr},
      {"alarm before the grace ends: again then", rows(), {{"kind", "alarm"}}, {}, {}, grace_end, nullptr},
      {"alarm, funded: kept 30 days past the deadline", funded, {{"kind", "alarm"}}, {}, {}, kept_end, nullptr},
      {"alarm, a transfer received: kept 30 days", paid_past, {{"kind", "alarm"}}, {}, {}, kept_end, nullptr},
      {"alarm, the deployment's retention", short_retention, {{"kind", "alarm"}}, {}, {}, deadline() * 1000, nullptr},
      {"alarm past the grace, unpaid: the index row goes first", past, {{"kind", "alarm"}}, {"unindex"}, {}, nullptr, nullptr},
      {"alarm, nothing stored: storage deleted", nothing, {{"kind", "alarm"}}, {"deleteAll"}, {}, nullptr, nullptr},
      {"unindexed, slots held: released", removing, {{"kind", "unindexed"}}, {"releaseHolds"}, {}, nullptr, nullptr},
      {"unindexed, no slot: deleted", no_holds, {{"kind", "unindexed"}}, {"deleteAll"}, {}, nullptr, nullptr},
      {"slots released while removing: deleted", removing, {{"kind", "holdsReleased"}}, {"deleteAll"}, {}, nullptr, nullptr},
      {"create, stored already: the stored address", rows(), {{"kind", "create"}, {"owner", "partner:acme"}, {"record", created()["record"]}, {"intent", created()["intent"]}}, {}, {}, nullptr, stored()},
      {"create: watched before it is stored", nothing, {{"kind", "create"}, {"owner", "partner:acme"}, {"record", created()["record"]}, {"intent", created()["intent"]}, {"holds", Json::array({"partner:acme"})}}, {"watch"}, {}, nullptr, nullptr},
      {"funded: marked, its slots released", rows(), {{"kind", "funded"}}, {"releaseHolds"}, {"funded +"}, nullptr, nullptr},
      {"funded, no slot held: marked", released, {{"kind", "funded"}}, {}, {"funded +"}, nullptr, nullptr},
      {"slots released for a funding: remembered", rows(), {{"kind", "holdsReleased"}}, {}, {"released_holds +", "holds -", "released_holds +", "holds -"}, nullptr, nullptr},
      {"archive, slots released before: held again", released, {{"kind", "archive"}, {"job", {{"id", "job:1"}}}}, {"holdAgain"}, {"attempt +"}, nullptr, nullptr},
      {"archive, none released: kept among the attempts", rows(), {{"kind", "archive"}, {"job", {{"id", "job:1"}}}}, {}, {"attempt +"}, nullptr, nullptr},
      {"held again: back among the holds", released, {{"kind", "heldAgain"}}, {}, {"holds +", "released_holds -"}, nullptr, nullptr},
      {"observe, nothing stored: unknown", nothing, {{"kind", "observe"}, {"delivery", {{"fromBlock", 1}, {"toBlock", 2}, {"transfers", Json::array()}}}, {"confirmations", 1}}, {}, {}, nullptr, {{"state", "unknown"}}},
      {"observe, short of the amount: kept, waiting", rows(), {{"kind", "observe"}, {"delivery", {{"fromBlock", 100}, {"toBlock", 101}, {"transfers", Json::array({transfer(100, "10000000")})}}}, {"confirmations", 1}}, {}, {"deposit ="}, nullptr, {{"state", "waiting"}, {"recheckFrom", nullptr}, {"watch", {{"recheckFrom", nullptr}}}}},
      {"observe, covered but not deep enough: waiting from its block", rows(), {{"kind", "observe"}, {"delivery", {{"fromBlock", 100}, {"toBlock", 101}, {"transfers", Json::array({transfer(100, "25000000")})}}}, {"confirmations", 4}}, {}, {"deposit ="}, nullptr, {{"state", "waiting"}, {"recheckFrom", 100}, {"watch", {{"recheckFrom", 100}}}}},
      {"observe, covered and confirmed: the quote's job looked up", rows(), {{"kind", "observe"}, {"delivery", {{"fromBlock", 100}, {"toBlock", 101}, {"transfers", Json::array({transfer(100, "25000000")})}}}, {"confirmations", 1}}, {"readJob"}, {}, nullptr, nullptr},
  };
  for (const Row& row : table) {
    SCOPED_TRACE(row.name);
    const Json answer = step(row.state, row.event);
    EXPECT_EQ(kinds(answer), row.effects);
    EXPECT_EQ(tables(answer), row.writes);
    EXPECT_EQ(answer["alarmAt"], row.alarm_at);
    EXPECT_EQ(answer["reply"], row.reply);
  }
}

TEST(DepositAddressStep, CreateStoresTheAddressOnceItIsWatched) {
  const Json event{{"kind", "create"}, {"owner", "partner:acme"}, {"record", created()["record"]}, {"intent", created()["intent"]}, {"holds", Json::array({"partner:acme"})}};
  const Json watch = step(rows(nullptr), event);
  EXPECT_EQ(watch["effects"][0], (Json{{"kind", "watch"}, {"chainId", 8453}, {"vault", vault()}, {"token", kUsdcBase}, {"deadline", deadline()}}));
  const Json done = step(next(rows(nullptr), watch), {{"kind", "watched"}});
  EXPECT_EQ(tables(done), (std::vector<std::string>{"deposit +", "holds +"}));
  EXPECT_EQ(done["writes"][0]["insert"]["vault"], [] {
    std::string v = vault();
    for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return v;
  }());
  EXPECT_EQ(Json::parse(done["writes"][0]["insert"]["record"].get<std::string>()), created()["record"]);
  EXPECT_EQ(done["alarmAt"], (deadline() + 3'600) * 1000);
  EXPECT_EQ(done["reply"]["transfers"], Json::array());
  EXPECT_TRUE(done["effects"].empty());
}

TEST(DepositAddressStep, RemovalLogsTheAddressAndDeletesLast) {
  Json past = rows();
  past["now"] = deadline() + 3'600;
  Json state = next(past, step(past, {{"kind", "alarm"}}));
  const Json released = step(state, {{"kind", "unindexed"}});
  EXPECT_EQ(released["effects"][0]["names"], past["holds"]);
  state = next(past, released);
  const Json deleted = step(state, {{"kind", "holdsReleased"}});
  EXPECT_EQ(kinds(deleted), std::vector<std::string>{"deleteAll"});
  ASSERT_EQ(deleted["logs"].size(), 1u);
  EXPECT_EQ(deleted["logs"][0]["line"]["event"], "deposit-address-removed");
  EXPECT_TRUE(deleted["writes"].empty());  // nothing written into storage about to go
}

// Covering, confirmed transfers walked through every effect, as the driver would.
struct Walk {
  Json state = rows();
  Json answer;
  Json go(const Json& event) {
    answer = step(state, event);
    state = next(state, answer);
    return answer;
  }
};

Json covering() {
  return {{"kind", "observe"}, {"delivery", {{"fromBlock", 100}, {"toBlock", 101}, {"transfers", Json::array({transfer(100, "25000000")})}}}, {"confirmations", 1}};
}

Json accepted_job(const Json& answer) { return answer["effects"][0]["job"]; }

TEST(DepositAddressStep, CoveringTransfersAreAdmittedSubmittedAndFundTheAddress) {
  Walk walk;
  const Json read = walk.go(covering());
  ASSERT_EQ(kinds(read), std::vector<std::string>{"readJob"});
  const Json admit = walk.go({{"kind", "jobRead"}, {"exists", false}});
  ASSERT_EQ(kinds(admit), std::vector<std::string>{"admit"});
  EXPECT_EQ(admit["effects"][0]["partner"], "acme");
  const Json submit = walk.go({{"kind", "admitted"}, {"answer", {{"status", 200}, {"body", {{"budget", {{"spentWei", "1"}, {"limitWei", "2"}}}}}}}});
  ASSERT_EQ(kinds(submit), std::vector<std::string>{"submitJob"});
  EXPECT_EQ(submit["logs"][0]["line"]["event"], "deposit-transfer-sponsorship");
  EXPECT_EQ(submit["effects"][0]["owner"], "partner:acme");
  const Json job = accepted_job(submit);
  EXPECT_EQ(read["effects"][0]["quoteId"], job["quoteId"]);  // the quote's object is asked
  const Json release = walk.go({{"kind", "jobSubmitted"}, {"stored", {{"created", true}, {"jobKey", submit["effects"][0]["jobKey"]}, {"job", job}}}});
  // Its own new job: the address is funded, its slots released, the transfers written last.
  EXPECT_EQ(kinds(release), std::vector<std::string>{"releaseHolds"});
  EXPECT_EQ(tables(release), std::vector<std::string>{"funded +"});
  const Json done = walk.go({{"kind", "holdsReleased"}});
  EXPECT_TRUE(done["effects"].empty());
  EXPECT_EQ(done["reply"], (Json{{"state", "funded"}, {"recheckFrom", nullptr}, {"watch", nullptr}}));
  ASSERT_FALSE(done["writes"].empty());
  EXPECT_EQ(done["writes"].back()["table"], "deposit");
  EXPECT_EQ(Json::parse(done["writes"].back()["set"]["transfers"].get<std::string>()).size(), 1u);
  EXPECT_FALSE(done["state"].contains("context"));
}

TEST(DepositAddressStep, AJobOfTheQuoteAlreadyThereIsNotAdmittedAgain) {
  Walk walk;
  walk.go(covering());
  const Json submit = walk.go({{"kind", "jobRead"}, {"exists", true}});
  EXPECT_EQ(kinds(submit), std::vector<std::string>{"submitJob"});
  EXPECT_EQ(walk.state["context"]["counted"], false);
}

TEST(DepositAddressStep, ASpentBudgetHoldsTheFundingUntilItsRetryAfter) {
  Walk walk;
  walk.go(covering());
  walk.go({{"kind", "jobRead"}, {"exists", false}});
  const Json held = walk.go({{"kind", "admitted"}, {"answer", {{"status", 429}, {"headers", {{"Retry-After", "3600"}}}, {"body", {{"detail", "spent"}}}}}});
  EXPECT_TRUE(held["effects"].empty());
  EXPECT_EQ(held["reply"], (Json{{"state", "waiting"}, {"recheckFrom", 102}, {"watch", {{"recheckFrom", 102}}}}));
  EXPECT_EQ(tables(held), (std::vector<std::string>{"sponsorship_hold -", "sponsorship_hold +", "deposit ="}));
  EXPECT_EQ(held["writes"][1]["insert"]["until"], kNow + 3600);

  // Until then a covered delivery is held without asking the chain's store; after, admitted again.
  Walk again;
  again.state["heldUntil"] = kNow + 3600;
  again.go(covering());
  EXPECT_EQ(again.go({{"kind", "jobRead"}, {"exists", false}})["reply"], (Json{{"state", "waiting"}, {"recheckFrom", 102}, {"watch", {{"recheckFrom", 102}}}}));
  Walk later;
  later.state["heldUntil"] = kNow;
  later.go(covering());
  EXPECT_EQ(kinds(later.go({{"kind", "jobRead"}, {"exists", false}})), std::vector<std::string>{"admit"});
}

TEST(DepositAddressStep, AnAdmissionThatFailsOtherwiseIsLoggedAndRelayedAllTheSame) {
  for (const Json& result : {Json{{"kind", "admitted"}, {"thrown", "store unreachable"}},
                             Json{{"kind", "admitted"}, {"answer", {{"httpError", {{"status", 503}, {"detail", "node down"}}}}}},
                             Json{{"kind", "admitted"}, {"answer", {{"status", 422}, {"body", {{"detail", "funding-would-fail"}}}}}}}) {
    SCOPED_TRACE(result.dump());
    Walk walk;
    walk.go(covering());
    walk.go({{"kind", "jobRead"}, {"exists", false}});
    const Json submit = walk.go(result);
    EXPECT_EQ(kinds(submit), std::vector<std::string>{"submitJob"});
    EXPECT_EQ(submit["logs"][0]["level"], "error");
    EXPECT_EQ(walk.state["context"]["counted"], false);
  }
}

TEST(DepositAddressStep, ASubmitThatThrowsReleasesACountedRowAndFailsTheDelivery) {
  Walk walk;
  walk.go(covering());
  walk.go({{"kind", "jobRead"}, {"exists", false}});
  walk.go({{"kind", "admitted"}, {"answer", {{"status", 200}, {"body", Json::object()}}}});
  const Json release = walk.go({{"kind", "jobSubmitted"}, {"thrown", "object overloaded"}});
  EXPECT_EQ(kinds(release), std::vector<std::string>{"release"});
  const Json failed = walk.go({{"kind", "released"}});
  EXPECT_EQ(failed["reply"], (Json{{"error", "object overloaded"}}));
  EXPECT_TRUE(failed["writes"].empty());  // the transfers are not kept: the range comes again

  Walk uncounted;
  uncounted.go(covering());
  uncounted.go({{"kind", "jobRead"}, {"exists", true}});
  const Json thrown = uncounted.go({{"kind", "jobSubmitted"}, {"thrown", "object overloaded"}});
  EXPECT_TRUE(thrown["effects"].empty());
  EXPECT_EQ(thrown["reply"], (Json{{"error", "object overloaded"}}));
}

TEST(DepositAddressStep, AnotherJobOfTheQuoteInFlightKeepsTheAddressWatched) {
  Walk walk;
  walk.go(covering());
  const Json submit = walk.go({{"kind", "jobRead"}, {"exists", true}});
  // The quote's job is a submitted authorization's, still accepted: another key, outcome conflict.
  const Json held = walk.go({{"kind", "jobSubmitted"}, {"stored", {{"created", false}, {"jobKey", "another authorization's"}, {"job", accepted_job(submit)}}}});
  EXPECT_TRUE(held["effects"].empty());
  EXPECT_EQ(held["reply"], (Json{{"state", "waiting"}, {"recheckFrom", 102}, {"watch", {{"recheckFrom", 102}}}}));
  EXPECT_EQ(tables(held), std::vector<std::string>{"deposit ="});  // not funded
}

TEST(DepositAddressStep, MalformedStateOrEventIsAWorkerBug) {
  Json broken = rows();
  broken.erase("holds");
  EXPECT_THROW(deposit_address_step_op(local_config(), {{"state", broken}, {"event", {{"kind", "unindexed"}}}}), OpInputError);
  EXPECT_THROW(deposit_address_step_op(local_config(), {{"state", rows()}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(deposit_address_step_op(local_config(), {{"state", rows()}, {"event", {{"kind", "watched"}}}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
