// The gasless job resource: its shape and id (gasless_job), the id and query checks of the job
// lookups (gaslessJobLookup) and its transitions under relay outcomes (gaslessJobAdvance), with
// the retry policy of the shipped local configuration and of a configured one.
#include "service/funding/gasless_job.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "config_fixture.h"
#include "service/common/identifiers.h"
#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

using testing::local_config;

const char* const kUuid = "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kIntentHash = "0x1111111111111111111111111111111111111111111111111111111111111111";
const char* const kTxHash = "0x2222222222222222222222222222222222222222222222222222222222222222";
constexpr std::uint64_t kCreated = 1763700000;
constexpr std::uint64_t kLater = 1763700042;

json accepted_job() { return gasless_job("erc3009", std::string("quote:") + kUuid, kIntentHash, 8453, kCreated); }

OpResult advance(const json& outcome, const json& job = accepted_job(), const Config& config = local_config()) {
  return gasless_job_advance_op(config, {{"job", job}, {"outcome", outcome}, {"now", kLater}});
}

// The only field of a 400, and its detail.
void expect_invalid(const OpResult& r, const std::string& field, const std::string& detail, const std::string& message) {
  ASSERT_EQ(r.status, 400) << r.body.dump();
  EXPECT_EQ(r.body["code"], "invalid-request");
  EXPECT_EQ(r.body["detail"], detail);
  ASSERT_EQ(r.body["errors"].size(), 1u) << r.body.dump();
  EXPECT_EQ(r.body["errors"][0]["field"], field);
  EXPECT_EQ(r.body["errors"][0]["message"], message);
}

TEST(GaslessJob, ANewJobIsAcceptedAndNamedAfterItsQuote) {
  const json job = accepted_job();
  EXPECT_EQ(job, (json{{"id", std::string("job:") + kUuid},
                       {"status", "accepted"},
                       {"waitingFor", nullptr},
                       {"standard", "erc3009"},
                       {"quoteId", kUuid},
                       {"intentHash", kIntentHash},
                       {"chainId", 8453},
                       {"transactionHash", nullptr},
                       {"error", nullptr},
                       {"createdAt", kCreated},
                       {"updatedAt", kCreated}}));
  // Deposit records keep the bare UUID; either spelling, any case, names the same job.
  EXPECT_EQ(gasless_job("transfer", "7F3C2A10-9D4E-4B1A-8C2F-5E6D7A8B9C0D", kIntentHash, 8453, kCreated)["id"],
            job["id"]);
  EXPECT_THROW(gasless_job("erc3009", "quote:not-a-uuid", kIntentHash, 8453, kCreated), std::invalid_argument);
}

// Every member GaslessJob lists and no other, in every state; the states are the document's.
TEST(GaslessJob, TheJobIsTheContractsGaslessJob) {
  std::ifstream in(SR_SOURCE_DIR "/edge-worker/openapi.json");
  const json schema = json::parse(in).at("components").at("schemas").at("GaslessJob");
  std::set<std::string> members;
  for (const auto& [name, _] : schema.at("properties").items()) members.insert(name);
  EXPECT_EQ(schema.at("required").size(), members.size());
  std::set<std::string> states;
  for (const json& job : {accepted_job(), advance({{"transactionHash", kTxHash}}).body["job"],
                          advance({{"error", "reverted"}}).body["job"]}) {
    std::set<std::string> names;
    for (const auto& [name, _] : job.items()) names.insert(name);
    EXPECT_EQ(names, members) << job.dump();
    states.insert(job["status"].get<std::string>());
  }
  EXPECT_EQ(states, schema.at("properties").at("status").at("enum").get<std::set<std::string>>());
}

TEST(GaslessJob, BareUuidAcceptsOnlyTheCanonicalLayout) {
  EXPECT_EQ(bare_uuid("7F3C2A10-9d4e-4B1A-8c2f-5E6D7A8B9C0D"), kUuid);
  for (const char* bad : {"", "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0", "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0dd",
                          "7f3c2a109d4e-4b1a-8c2f-5e6d7a8b9c0d-", "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0g",
                          "{f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0}"}) {
    EXPECT_EQ(bare_uuid(bad), std::nullopt) << bad;
  }
}

TEST(GaslessJobLookup, AJobIdNamesItsQuotesUuid) {
  const auto r = gasless_job_lookup_op({{"jobId", "job:7F3C2A10-9D4E-4B1A-8C2F-5E6D7A8B9C0D"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, (json{{"quoteId", kUuid}}));
}

TEST(GaslessJobLookup, OtherJobIdsAreRefusedNamingJobId) {
  for (const char* bad : {kUuid, "job:nonsense", "job:", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d", ""}) {
    SCOPED_TRACE(bad);
    expect_invalid(gasless_job_lookup_op({{"jobId", bad}}), "jobId", "jobId must be job:<uuid>",
                   "jobId must be job: followed by a UUID");
  }
}

TEST(GaslessJobLookup, AQuoteIdIsTheBareUuid) {
  const auto r = gasless_job_lookup_op({{"quoteId", "7F3C2A10-9D4E-4B1A-8C2F-5E6D7A8B9C0D"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, (json{{"quoteId", kUuid}}));
}

TEST(GaslessJobLookup, AMissingOrMalformedQuoteIdIsRefusedNamingQuoteId) {
  for (const json& bad : {json(nullptr), json("../../etc/passwd"), json("")}) {
    SCOPED_TRACE(bad.dump());
    expect_invalid(gasless_job_lookup_op({{"quoteId", bad}}), "quoteId", "quoteId must be a UUID",
                   "quoteId must be a UUID");
  }
  const std::string hinted = "quoteId must be a UUID; pass the bare UUID without the quote: prefix";
  expect_invalid(gasless_job_lookup_op({{"quoteId", std::string("quote:") + kUuid}}), "quoteId", hinted, hinted);
}

TEST(GaslessJobLookup, MalformedInputsAreWorkerBugs) {
  for (const json& bad : {json::object(), json{{"jobId", 1}}, json{{"quoteId", 7}},
                          json{{"jobId", "job:x"}, {"quoteId", kUuid}}, json{{"quoteId", kUuid}, {"extra", 1}}}) {
    EXPECT_THROW(gasless_job_lookup_op(bad), OpInputError) << bad.dump();
  }
}

TEST(GaslessJobAdvance, AMinedFundingPublishesTheJob) {
  const auto r = advance({{"transactionHash", kTxHash}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json expected = accepted_job();
  expected["status"] = "published";
  expected["transactionHash"] = kTxHash;
  expected["updatedAt"] = kLater;
  EXPECT_EQ(r.body, (json{{"job", expected}, {"retryAfterSec", nullptr}}));
}

TEST(GaslessJobAdvance, AFinalErrorFailsTheJobWithItsReason) {
  const auto r = advance({{"error", "the funding transaction 0xab reverted on chain 8453"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["job"]["status"], "failed");
  EXPECT_EQ(r.body["job"]["error"], "the funding transaction 0xab reverted on chain 8453");
  EXPECT_EQ(r.body["job"]["transactionHash"], nullptr);
  EXPECT_EQ(r.body["job"]["updatedAt"], kLater);
  EXPECT_EQ(r.body["job"]["createdAt"], kCreated);
  EXPECT_EQ(r.body["retryAfterSec"], nullptr);
  EXPECT_EQ(advance({{"error", ""}}).body["job"]["error"], "the relayer gave no reason");
}

// Local configuration: 5 attempts, the first retry after 2 s, doubling (2, 4, 8, 16 s).
TEST(GaslessJobAdvance, TransientErrorsAreRetriedWithBackoffThenFailTheJob) {
  for (std::uint64_t attempts = 1; attempts < 5; ++attempts) {
    const auto r = advance({{"transientError", "chain 8453: fetch failed"}, {"attempts", attempts}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["job"], accepted_job()) << "unchanged while retrying";
    EXPECT_EQ(r.body["retryAfterSec"], 2u << (attempts - 1)) << attempts;
  }
  const auto last = advance({{"transientError", "chain 8453: fetch failed"}, {"attempts", 5}});
  ASSERT_EQ(last.status, 200) << last.body.dump();
  EXPECT_EQ(last.body["job"]["status"], "failed");
  EXPECT_EQ(last.body["job"]["error"], "relaying failed 5 times; last error: chain 8453: fetch failed");
  EXPECT_EQ(last.body["job"]["updatedAt"], kLater);
  EXPECT_EQ(last.body["retryAfterSec"], nullptr);
}

TEST(GaslessJobAdvance, TheRetryPolicyIsConfiguration) {
  json config_json = testing::config_json("local");
  config_json["service"]["relay"]["maxAttempts"] = 2;
  config_json["service"]["relay"]["firstRetryDelaySec"] = 30;
  const Config config = Config::from_json(config_json);
  const auto first = advance({{"transientError", "timeout"}, {"attempts", 1}}, accepted_job(), config);
  EXPECT_EQ(first.body["retryAfterSec"], 30);
  const auto second = advance({{"transientError", "timeout"}, {"attempts", 2}}, accepted_job(), config);
  EXPECT_EQ(second.body["job"]["error"], "relaying failed 2 times; last error: timeout");
}

// Above the chain's fee ceiling nothing is sent: the job stays accepted, says why, spends no
// attempt, and is looked at again after relay.firstRetryDelaySec (2 s locally). Once sent and
// mined it is published and no longer says it waits (waitingFor null).
TEST(GaslessJobAdvance, AJobWaitsForTheGasPriceWithoutSpendingAnAttempt) {
  const json wait = {{"waitingFor", "gas-price"}, {"detail", "chain 8453's gas price ... is above its ceiling"}};
  const auto r = advance(wait);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json expected = accepted_job();
  expected["updatedAt"] = kLater;
  expected["waitingFor"] = "gas-price";
  EXPECT_EQ(r.body, (json{{"job", expected}, {"retryAfterSec", 2}}));
  // Still waiting: unchanged, updatedAt included.
  const json waiting = r.body["job"];
  const auto again = gasless_job_advance_op(local_config(), {{"job", waiting}, {"outcome", wait}, {"now", kLater + 60}});
  EXPECT_EQ(again.body["job"], waiting);
  // A transient error after waiting: retried, no longer waiting for the price.
  const auto transient = advance({{"transientError", "timeout"}, {"attempts", 1}}, waiting);
  json retried = accepted_job();
  retried["updatedAt"] = kLater;
  EXPECT_EQ(transient.body["job"], retried);
  const auto published = advance({{"transactionHash", kTxHash}}, waiting);
  EXPECT_EQ(published.body["job"]["status"], "published");
  EXPECT_TRUE(published.body["job"]["waitingFor"].is_null());
  const auto failed = advance({{"error", "authorization.validBefore ends within 60 s"}}, waiting);
  EXPECT_EQ(failed.body["job"]["status"], "failed");
  EXPECT_TRUE(failed.body["job"]["waitingFor"].is_null());
  for (const json& bad : {json{{"waitingFor", "gas"}, {"detail", "x"}}, json{{"waitingFor", "gas-price"}},
                          json{{"waitingFor", "gas-price"}, {"detail", 1}}}) {
    EXPECT_THROW(advance(bad), OpInputError) << bad.dump();
  }
}

TEST(GaslessJobAdvance, FinishedJobsAndMalformedOutcomesAreWorkerBugs) {
  json published = advance({{"transactionHash", kTxHash}}).body["job"];
  EXPECT_THROW(advance({{"error", "late"}}, published), OpInputError);
  EXPECT_THROW(advance({{"error", "x"}}, json("job")), OpInputError);
  for (const json& bad : {json::object(), json{{"transactionHash", "0x12"}}, json{{"transactionHash", 1}},
                          json{{"error", nullptr}}, json{{"transientError", "x"}},
                          json{{"transientError", "x"}, {"attempts", 0}},
                          json{{"transientError", "x"}, {"attempts", -1}},
                          json{{"transactionHash", kTxHash}, {"error", "x"}}, json("published")}) {
    EXPECT_THROW(advance(bad), OpInputError) << bad.dump();
  }
}

}  // namespace
}  // namespace sr::service
