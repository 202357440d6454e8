// The gasless job resource: its shape and id (gasless_job), the id and query checks of the job
// lookups (gaslessJobLookup) and its transitions under relay outcomes (gaslessJobAdvance), with
// the retry policy of the shipped local configuration and of a configured one.
#include "service/funding/gasless_job.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "../config_fixture.h"
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

// The funding's receipt in block `block`.
json mined_in(std::uint64_t block, const char* hash = kTxHash) { return {{"transactionHash", hash}, {"blockNumber", block}}; }

// What the chain readers last saw of chain 8453 (finality.h): no finalized tag, depth 12.
json heads_at(std::uint64_t head, json finalized = nullptr) {
  return {{"8453", {{"head", head}, {"finalized", std::move(finalized)}, {"depth", 12}, {"read", head}}}};
}

OpResult check(const json& outcome, const json& job, const json& heads, std::uint64_t now = kLater) {
  return gasless_job_advance_op(local_config(), {{"job", job}, {"outcome", outcome}, {"now", now}, {"chainHeads", heads}});
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
                       {"confirmations", nullptr},
                       {"final", false},
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
  for (const json& job : {accepted_job(), advance(mined_in(100)).body["job"],
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

// The second look: with what the quote's object holds, the job is answered to the partner whose
// submit stored it, and to nobody else; a missing job and another partner's answer alike.
TEST(GaslessJobLookup, TheStoredJobIsItsOwnersAndAnotherPartnersIsAsMissingAsNone) {
  const json job = {{"id", std::string("job:") + kUuid}, {"status", "accepted"}};
  const json stored = {{"owner", "partner:acme"}, {"job", job}};
  struct Row {
    json asked;
    std::string partner;
    json stored;
    int status;
    std::string detail;
  };
  const std::string id = std::string("job:") + kUuid;
  for (const Row& row : std::vector<Row>{
           {{{"jobId", id}}, "acme", stored, 200, ""},
           {{{"quoteId", kUuid}}, "acme", stored, 200, ""},
           {{{"jobId", id}}, "globex", stored, 404, "no gasless job " + id},
           {{{"quoteId", kUuid}}, "globex", stored, 404, std::string("quote ") + kUuid + " has no gasless job"},
           {{{"jobId", id}}, "acme", nullptr, 404, "no gasless job " + id},
           // An owner that is not a partner's (a prefix only) is nobody's to read.
           {{{"jobId", id}}, "acme", {{"owner", "acme"}, {"job", job}}, 404, "no gasless job " + id},
       }) {
    json input = row.asked;
    input["partner"] = row.partner;
    input["stored"] = row.stored;
    SCOPED_TRACE(input.dump());
    const auto r = gasless_job_lookup_op(input);
    ASSERT_EQ(r.status, row.status) << r.body.dump();
    if (row.status == 200) {
      EXPECT_EQ(r.body, (json{{"job", job}}));
    } else {
      EXPECT_EQ(r.body["code"], "not-found");
      EXPECT_EQ(r.body["detail"], row.detail);
    }
  }
  // A malformed id is still the 400 naming it, whatever the object held.
  expect_invalid(gasless_job_lookup_op({{"jobId", "job:x"}, {"partner", "acme"}, {"stored", stored}}), "jobId",
                 "jobId must be job:<uuid>", "jobId must be job: followed by a UUID");
  for (const json& bad : {json{{"jobId", id}, {"partner", "acme"}, {"stored", "x"}},
                          json{{"jobId", id}, {"partner", 1}, {"stored", nullptr}},
                          json{{"jobId", id}, {"stored", nullptr}, {"extra", 1}}}) {
    EXPECT_THROW(gasless_job_lookup_op(bad), OpInputError) << bad.dump();
  }
}

TEST(GaslessJobAdvance, AMinedFundingPublishesTheJob) {
  const auto r = advance(mined_in(100));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json expected = accepted_job();
  expected["status"] = "published";
  expected["transactionHash"] = kTxHash;
  expected["confirmations"] = 0;  // no chain reported: 0 confirmations, not final
  expected["updatedAt"] = kLater;
  EXPECT_EQ(r.body, (json{{"job", expected}, {"retryAfterSec", nullptr}, {"checkReceipt", true}}));
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

// Sent, no receipt yet (the relayer waited its while, or the node was unreachable): the
// transactions can still be mined, so the job stays accepted however often this happens, spends
// no attempt (there is none to spend: the outcome carries no count) and is looked at again after
// relay.firstRetryDelaySec. A receipt or the nonce taken ends it.
TEST(GaslessJobAdvance, AJobInFlightIsNeverFailedForWaiting) {
  json job = accepted_job();
  for (int i = 0; i < 50; ++i) {
    const auto r = advance({{"inFlight", "no receipt for 0xab… within 60 s"}}, job);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body, (json{{"job", accepted_job()}, {"retryAfterSec", 2}, {"checkReceipt", false}}));
    job = r.body["job"];
  }
  EXPECT_EQ(advance(mined_in(100), job).body["job"]["status"], "published");
  EXPECT_THROW(advance({{"inFlight", 1}}), OpInputError);
  EXPECT_THROW(advance({{"inFlight", "x"}, {"attempts", 1}}), OpInputError);
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
  EXPECT_EQ(r.body, (json{{"job", expected}, {"retryAfterSec", 2}, {"checkReceipt", false}}));
  // Still waiting: unchanged, updatedAt included.
  const json waiting = r.body["job"];
  const auto again = gasless_job_advance_op(local_config(), {{"job", waiting}, {"outcome", wait}, {"now", kLater + 60}});
  EXPECT_EQ(again.body["job"], waiting);
  // A transient error after waiting: retried, no longer waiting for the price.
  const auto transient = advance({{"transientError", "timeout"}, {"attempts", 1}}, waiting);
  json retried = accepted_job();
  retried["updatedAt"] = kLater;
  EXPECT_EQ(transient.body["job"], retried);
  const auto published = advance(mined_in(100), waiting);
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

// Behind the relayer account's earlier job (op relayTransactions, relayer_nonce_wait): the job
// says so, spends no attempt, and is looked at again; then it waits for the price, or goes.
TEST(GaslessJobAdvance, AJobWaitsForTheRelayersEarlierJobWithoutSpendingAnAttempt) {
  const json behind = {{"waitingFor", "relayer"}, {"detail", "the relayer account 0x… has nonce 7 signed for job:a"}};
  const auto r = advance(behind);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  json expected = accepted_job();
  expected["updatedAt"] = kLater;
  expected["waitingFor"] = "relayer";
  EXPECT_EQ(r.body, (json{{"job", expected}, {"retryAfterSec", 2}, {"checkReceipt", false}}));
  const json waiting = r.body["job"];
  const auto price = gasless_job_advance_op(local_config(), {{"job", waiting},
                                                             {"outcome", {{"waitingFor", "gas-price"}, {"detail", "x"}}},
                                                             {"now", kLater + 60}});
  EXPECT_EQ(price.body["job"]["waitingFor"], "gas-price");
  EXPECT_EQ(price.body["job"]["updatedAt"], kLater + 60);
  EXPECT_EQ(advance(mined_in(100), waiting).body["job"]["waitingFor"], nullptr);
}

// A mined funding is not the end (issue 29): the job keeps checking its receipt until the
// transaction is final, by the rule of the status bodies (finality.h: the chain's finalized block
// where the node serves one, else the configured depth).
TEST(GaslessJobAdvance, APublishedJobIsWatchedUntilItsTransactionIsFinal) {
  const json first = check(mined_in(100), accepted_job(), heads_at(101)).body;
  EXPECT_EQ(first["job"]["status"], "published");
  EXPECT_EQ(first["job"]["confirmations"], 1);
  EXPECT_EQ(first["job"]["final"], false);
  EXPECT_EQ(first["checkReceipt"], true);
  EXPECT_EQ(first["retryAfterSec"], nullptr);
  // More confirmations, still under the depth: the same job with its count; updatedAt stays.
  const json later = check(mined_in(100), first["job"], heads_at(108), kLater + 30).body;
  EXPECT_EQ(later["job"]["confirmations"], 8);
  EXPECT_EQ(later["job"]["final"], false);
  EXPECT_EQ(later["job"]["updatedAt"], kLater);
  EXPECT_EQ(later["checkReceipt"], true);
  // At the depth: final, and no longer watched.
  const json final_by_depth = check(mined_in(100), later["job"], heads_at(112), kLater + 60).body;
  EXPECT_EQ(final_by_depth["job"]["confirmations"], 12);
  EXPECT_EQ(final_by_depth["job"]["final"], true);
  EXPECT_EQ(final_by_depth["job"]["updatedAt"], kLater + 60);
  EXPECT_EQ(final_by_depth["checkReceipt"], false);
  // A node serving "finalized" decides: below the depth but finalized is final, past the depth
  // but above the finalized block is not.
  EXPECT_EQ(check(mined_in(100), first["job"], heads_at(103, 100)).body["job"]["final"], true);
  EXPECT_EQ(check(mined_in(100), first["job"], heads_at(150, 99)).body["job"]["final"], false);
  // A final job changes no more.
  EXPECT_THROW(check(mined_in(100), final_by_depth["job"], heads_at(113)), OpInputError);
  EXPECT_THROW(check({{"receiptGone", kTxHash}}, final_by_depth["job"], heads_at(113)), OpInputError);
}

// Its receipt gone before final (a reorganisation removed its block): the job no longer names the
// transaction, is accepted again and relayed at once (the relayer re-sends the same signed bytes
// after simulating them again). Mined again, it is published again, the same hash; re-mined and
// reverted, or no longer minable, it fails.
TEST(GaslessJobAdvance, AReorganisedFundingSendsTheJobBackToAccepted) {
  const json published = check(mined_in(100), accepted_job(), heads_at(101)).body["job"];
  const auto gone = check({{"receiptGone", kTxHash}}, published, heads_at(100), kLater + 5);
  ASSERT_EQ(gone.status, 200) << gone.body.dump();
  json expected = accepted_job();
  expected["updatedAt"] = kLater + 5;
  EXPECT_EQ(gone.body, (json{{"job", expected}, {"retryAfterSec", 0}, {"checkReceipt", false}}));
  EXPECT_EQ(gone.body.dump().find(std::string(kTxHash).substr(2)), std::string::npos);
  const json again = check(mined_in(102), gone.body["job"], heads_at(102)).body["job"];
  EXPECT_EQ(again["status"], "published");
  EXPECT_EQ(again["transactionHash"], kTxHash);
  EXPECT_EQ(again["confirmations"], 0);
  const json failed = check({{"error", "its nonce 7 was taken by another transaction"}}, gone.body["job"], heads_at(102)).body;
  EXPECT_EQ(failed["job"]["status"], "failed");
  EXPECT_EQ(failed["job"]["transactionHash"], nullptr);
  EXPECT_EQ(failed["checkReceipt"], false);
  // Re-mined by the chain itself and reverted: a published job not final may fail.
  const json reverted = check({{"error", "reverted"}}, published, heads_at(102)).body["job"];
  EXPECT_EQ(reverted["status"], "failed");
  EXPECT_EQ(reverted["transactionHash"], nullptr);
  EXPECT_EQ(reverted["confirmations"], nullptr);
  // Only the published job's own transaction, and never relay outcomes for a published job.
  const char* other = "0x3333333333333333333333333333333333333333333333333333333333333333";
  EXPECT_THROW(check({{"receiptGone", other}}, published, heads_at(101)), OpInputError);
  EXPECT_THROW(check(mined_in(101, other), published, heads_at(101)), OpInputError);
  EXPECT_THROW(check({{"receiptGone", kTxHash}}, accepted_job(), heads_at(101)), OpInputError);
  EXPECT_THROW(check({{"transientError", "x"}, {"attempts", 1}}, published, heads_at(101)), OpInputError);
  EXPECT_THROW(check({{"waitingFor", "gas-price"}, {"detail", "x"}}, published, heads_at(101)), OpInputError);
}

// A watched job's receipt as the node answered it: the core, not the worker, reads what it
// means. Table: state (a published job, not final, in block 100) x the receipt -> the next job,
// when to relay again, whether to look at the receipt again.
TEST(GaslessJobAdvance, TheCoreReadsAWatchedJobsReceipt) {
  const json published = check(mined_in(100), accepted_job(), heads_at(101)).body["job"];
  const auto receipt = [](const char* status, const char* block) {
    return json{{"receipt", {{"transactionHash", kTxHash}, {"status", status}, {"blockNumber", block}, {"gasUsed", "0x5208"}}}};
  };
  json reaccepted = accepted_job();
  reaccepted["updatedAt"] = kLater;
  struct Row {
    const char* name;
    json outcome;
    json heads;
    // expected
    const char* status;
    json confirmations;
    bool final;
    json retry_after;
    bool check_receipt;
  };
  const std::vector<Row> table = {
      {"gone (null)", {{"receipt", nullptr}}, heads_at(101), "accepted", nullptr, false, 0, false},
      {"successful, 5 confirmations", receipt("0x1", "0x64"), heads_at(105), "published", 5, false, nullptr, true},
      {"successful, at the depth", receipt("0x1", "0x64"), heads_at(112), "published", 12, true, nullptr, false},
      {"successful, re-mined in block 102", receipt("0x1", "0x66"), heads_at(105), "published", 3, false, nullptr, true},
      {"reverted (0x0)", receipt("0x0", "0x66"), heads_at(104), "failed", nullptr, false, nullptr, false},
  };
  for (const Row& row : table) {
    const auto r = check(row.outcome, published, row.heads);
    ASSERT_EQ(r.status, 200) << row.name << r.body.dump();
    EXPECT_EQ(r.body["job"]["status"], row.status) << row.name;
    EXPECT_EQ(r.body["job"]["confirmations"], row.confirmations) << row.name;
    EXPECT_EQ(r.body["job"]["final"], row.final) << row.name;
    EXPECT_EQ(r.body["retryAfterSec"], row.retry_after) << row.name;
    EXPECT_EQ(r.body["checkReceipt"], row.check_receipt) << row.name;
    // The same transitions as the outcomes the worker used to spell out itself.
    if (row.outcome["receipt"].is_null()) {
      EXPECT_EQ(r.body["job"], reaccepted);
      EXPECT_EQ(r.body, check({{"receiptGone", kTxHash}}, published, row.heads).body);
    } else if (std::string(row.status) == "published") {
      const std::uint64_t block = std::stoull(row.outcome["receipt"]["blockNumber"].get<std::string>().substr(2), nullptr, 16);
      EXPECT_EQ(r.body, check(mined_in(block), published, row.heads).body) << row.name;
    } else {
      EXPECT_EQ(r.body["job"]["error"], std::string("the funding transaction ") + kTxHash +
                                            " was mined again after a reorganisation and reverted on chain 8453")
          << row.name;
    }
  }
  // Only for a published job, and only a receipt the node could give.
  EXPECT_THROW(check({{"receipt", nullptr}}, accepted_job(), heads_at(101)), OpInputError);
  for (const json& bad : {json("0x1"), json{{"status", "0x1"}}, json{{"blockNumber", "0x64"}},
                          json{{"status", "0x1"}, {"blockNumber", 100}}, json{{"status", "0x1"}, {"blockNumber", "0xzz"}},
                          json{{"status", "0x2"}, {"blockNumber", "0x64"}}, json{{"status", true}, {"blockNumber", "0x64"}}}) {
    EXPECT_THROW(check({{"receipt", bad}}, published, heads_at(101)), OpInputError) << bad.dump();
  }
  EXPECT_THROW(check({{"receipt", nullptr}, {"error", "x"}}, published, heads_at(101)), OpInputError);
}

TEST(GaslessJobAdvance, FinishedJobsAndMalformedOutcomesAreWorkerBugs) {
  json published = advance(mined_in(100)).body["job"];
  published["final"] = true;
  EXPECT_THROW(advance({{"error", "late"}}, published), OpInputError);
  published.erase("final");  // stored before finality was tracked: final
  EXPECT_THROW(advance({{"error", "late"}}, published), OpInputError);
  const json failed = advance({{"error", "x"}}).body["job"];
  EXPECT_THROW(advance({{"error", "late"}}, failed), OpInputError);
  EXPECT_THROW(advance({{"error", "x"}}, json("job")), OpInputError);
  for (const json& bad : {json::object(), json{{"transactionHash", "0x12"}, {"blockNumber", 1}},
                          json{{"transactionHash", 1}, {"blockNumber", 1}}, json{{"transactionHash", kTxHash}},
                          json{{"transactionHash", kTxHash}, {"blockNumber", -1}}, json{{"receiptGone", kTxHash}},
                          json{{"error", nullptr}}, json{{"transientError", "x"}},
                          json{{"transientError", "x"}, {"attempts", 0}},
                          json{{"transientError", "x"}, {"attempts", -1}},
                          json{{"transactionHash", kTxHash}, {"error", "x"}}, json("published")}) {
    EXPECT_THROW(advance(bad), OpInputError) << bad.dump();
  }
}

}  // namespace
}  // namespace sr::service
