// The status ops over JSON, as the worker calls them: quote registration, logs in eth_getLogs
// form (ABI-encoded here with the eth layer, decoded by the protocol layer), status bodies of
// v1 and legacy v3, and poll plans.
#include "service/legacy/legacy_status.h"
#include "service/reader/poll_plan.h"
#include "service/status/intent_logs.h"
#include "service/status/quote_registration.h"
#include "service/status/record_retention.h"
#include "service/status/status_queries.h"
#include "service/common/op_input.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "crypto/hex.h"
#include "eth/abi.h"
#include "protocol/events.h"
#include "protocol/intent_abi.h"
#include "protocol/intent_hash.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
namespace ev = protocol::events;

constexpr std::uint64_t kA = 31337;
constexpr std::uint64_t kB = 31338;
const char* const kPortal = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const char* const kProver = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const char* const kUsdc = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const char* const kCreator = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const char* const kQuoteUuid = "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";
constexpr std::uint64_t kRouteDeadline = 1'800'000'000;
constexpr std::uint64_t kRewardDeadline = 1'800'003'600;

json local_chain(std::uint64_t id, const char* name, const char* explorer) {
  return {{"chainId", id}, {"name", name}, {"vm", "evm"}, {"portal", kPortal}, {"prover", kProver},
          {"permit2", "0x000000000022D473030F116dDEE9F6B43aC78BA3"}, {"permit3", nullptr},
          {"vaultInitCodeHash", "0x56ab7df7454c51254f1a75bfef3b4499601a11339e9ac581ec8e5562266b90fc"},
          {"quoteSigner", kCreator}, {"nativeCurrency", {{"symbol", "ETH"}, {"decimals", 18}}},
          {"blockExplorerUrl", explorer}, {"rpcUrl", "http://127.0.0.1:" + std::to_string(8545 + id - kA)}};
}

const Config& config() {
  static const Config c = [] {
    json j = testing::config_json("local");
    j["chains"].push_back(local_chain(kA, "Anvil A", "https://explorer-a.example"));
    j["chains"].push_back(local_chain(kB, "Anvil B", "https://explorer-b.example"));
    return Config::from_json(j);
  }();
  return c;
}

protocol::Intent sample_intent(std::uint8_t salt) {
  protocol::Intent intent;
  intent.destination = kB;
  intent.route.salt.fill(salt);
  intent.route.deadline = kRouteDeadline;
  intent.route.portal = ChainAddress(Address::parse(kPortal)).account();
  intent.route.tokens = {{ChainAddress(Address::parse(kUsdc)).account(), U256(24'875'000)}};
  intent.reward.deadline = kRewardDeadline;
  intent.reward.creator = ChainAddress(Address::parse(kCreator)).account();
  intent.reward.prover = ChainAddress(Address::parse(kProver)).account();
  intent.reward.tokens = {{ChainAddress(Address::parse(kUsdc)).account(), U256(25'000'000)}};
  return intent;
}

std::string hash_text(const protocol::Intent& intent) {
  return hex::encode(protocol::hash_intent(intent, Vm::evm, Vm::evm).intent_hash);
}

std::string word(const std::string& hex_digits) { return std::string(64 - hex_digits.size(), '0') + hex_digits; }
std::string topic_of(const Address& a) { return "0x" + word(a.lower_hex().substr(2)); }
std::string tx_hash(int n) { return "0x" + word(std::to_string(n)); }

json log(const std::string& address, json topics, const std::string& data, int block, int tx, int index = 0) {
  return {{"address", address}, {"topics", std::move(topics)}, {"data", data},
          {"blockNumber", "0x" + (std::stringstream() << std::hex << block).str()},
          {"transactionHash", tx_hash(tx)}, {"logIndex", "0x" + std::to_string(index)}};
}

json published(const protocol::Intent& intent, int block, int tx) {
  using namespace protocol::intent_abi;
  const Bytes route = abi::encode_params({route_type()}, {route_value(intent.route)});
  const Bytes data = abi::encode_params(
      {abi::Type::uint(64), abi::Type::bytes(), abi::Type::uint(64), abi::Type::uint(),
       abi::Type::array(token_amount_type())},
      {U256(intent.destination), route, U256(intent.reward.deadline), intent.reward.native_amount,
       token_amounts_value(intent.reward.tokens)});
  return log(kPortal,
             {hex::encode(ev::intent_published().topic0), hash_text(intent), topic_of(Address::parse(kCreator)),
              topic_of(Address::parse(kProver))},
             hex::encode(data), block, tx);
}

json funded(const protocol::Intent& intent, bool complete, int block, int tx, int index = 1) {
  return log(kPortal, {hex::encode(ev::intent_funded().topic0)},
             hash_text(intent) + word(Address::parse(kCreator).lower_hex().substr(2)) + word(complete ? "1" : "0"), block,
             tx, index);
}

json fulfilled(const protocol::Intent& intent, int block, int tx, const char* emitter = kPortal) {
  return log(emitter, {hex::encode(ev::intent_fulfilled().topic0), hash_text(intent), topic_of(Address::parse(kCreator))},
             "0x", block, tx);
}

json proven(const protocol::Intent& intent, std::uint64_t destination, int block, int tx, const char* emitter = kProver) {
  return log(emitter, {hex::encode(ev::intent_proven().topic0), hash_text(intent), topic_of(Address::parse(kCreator))},
             "0x" + word((std::stringstream() << std::hex << destination).str()), block, tx);
}

// The destination Portal's IntentProven(bytes32 indexed intentHash, bytes32 indexed claimant).
json proof_sent(const protocol::Intent& intent, int block, int tx, const char* emitter = kPortal) {
  return log(emitter, {hex::encode(ev::intent_proof_sent().topic0), hash_text(intent), topic_of(Address::parse(kCreator))},
             "0x", block, tx);
}

json refunded(const protocol::Intent& intent, int block, int tx) {
  return log(kPortal, {hex::encode(ev::intent_refunded().topic0), topic_of(Address::parse(kCreator))},
             hash_text(intent), block, tx);
}

// The record a registration starts for an intent, knowing nothing yet: logs change only records
// that exist, and these tests are about what the logs say, not about what a quote registered.
json registration_of(const std::string& hash) {
  IntentRecord record;
  record.intent_hash = hex::decode32(hash);
  return record_to_json(record);
}

// Runs applyLogs the way the worker does: ask, supply what is missing, ask again; stores updates.
// An intent the store has no record of was registered just now (registration_of).
// The logs are a vector, not a json: `json logs = {one_log}` is an array of one under gcc but a
// copy of that log under clang (a braced list of one element of the class's own type).
json apply(std::map<std::string, json>& store, std::uint64_t chain, const std::vector<json>& logs,
           std::uint64_t now = 1000) {
  json input = {{"chainId", chain}, {"logs", json(logs)}, {"records", json::object()}, {"now", now}};
  OpResult r = apply_logs_op(config(), input);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  if (r.body.contains("missing")) {
    for (const auto& hash : r.body["missing"]) {
      const auto it = store.find(hash.get<std::string>());
      input["records"][hash.get<std::string>()] = it == store.end() ? registration_of(hash) : it->second;
    }
    r = apply_logs_op(config(), input);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    EXPECT_FALSE(r.body.contains("missing"));
  }
  for (const auto& [hash, record] : r.body["updates"].items()) store[hash] = record;
  return r.body;
}

json status_of(const std::map<std::string, json>& store, const std::string& hash, std::uint64_t now,
               json chain_times = json::object()) {
  const auto it = store.find(hash);
  const OpResult r = intent_status_op(config(), {{"query", {{"intentHash", hash}, {"quoteId", nullptr}}},
                                                 {"record", it == store.end() ? json(nullptr) : it->second},
                                                 {"now", now},
                                                 {"chainTimes", chain_times}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

TEST(StatusOps, AStreamOpensOnlyForAnIntentWithARecord) {
  const std::string hash = "0x" + std::string(64, 'a');
  const json by_hash = {{"intentHash", hash}, {"quoteId", nullptr}};
  // A lookup of an unknown intent answers "unknown"; a stream of one is refused.
  const OpResult lookup = intent_status_op(config(), {{"query", by_hash}, {"record", nullptr}, {"now", 1}, {"stream", false}});
  EXPECT_EQ(lookup.status, 200);
  EXPECT_EQ(lookup.body["status"], "unknown");
  const OpResult stream = intent_status_op(config(), {{"query", by_hash}, {"record", nullptr}, {"now", 1}, {"stream", true}});
  EXPECT_EQ(stream.status, 404);
  EXPECT_EQ(stream.body["code"], "not-found");
  EXPECT_NE(stream.body["detail"].get<std::string>().find(hash), std::string::npos);
  const std::string quote = "0b4e2a36-3c8f-4d1e-9a57-2f6b8c1d0e93";
  const OpResult by_quote = intent_status_op(config(), {{"query", {{"intentHash", nullptr}, {"quoteId", quote}}}, {"record", nullptr}, {"now", 1}, {"stream", true}});
  EXPECT_EQ(by_quote.status, 404);
  EXPECT_NE(by_quote.body["detail"].get<std::string>().find("quote " + quote), std::string::npos);
  // A malformed query is still the client's 400 first.
  EXPECT_EQ(intent_status_op(config(), {{"query", {{"intentHash", "0x12"}, {"quoteId", nullptr}}}, {"record", nullptr}, {"now", 1}, {"stream", true}}).status, 400);
  EXPECT_THROW(intent_status_op(config(), {{"query", by_hash}, {"record", nullptr}, {"now", 1}, {"stream", "yes"}}), OpInputError);
}

// Records are sharded by intent hash: routeLogs says which intent each log concerns, and what
// each shard then applies gives the same records as applying the whole batch at once.
TEST(StatusOps, RouteLogsGroupsByIntentAndShardsApplyToTheSameRecords) {
  const auto a = sample_intent(11);
  const auto b = sample_intent(12);
  const std::string other = "0x1111111111111111111111111111111111111111";
  const std::vector<json> logs = {published(a, 10, 1), published(b, 10, 2), funded(a, true, 10, 1), funded(b, false, 11, 3),
                                  fulfilled(a, 12, 4, other.c_str())};
  const OpResult routed = route_logs_op(config(), {{"chainId", kA}, {"logs", json(logs)}});
  ASSERT_EQ(routed.status, 200) << routed.body.dump();
  const json& by_intent = routed.body["byIntent"];
  ASSERT_EQ(by_intent.size(), 2u);
  EXPECT_EQ(by_intent[hash_text(a)], json({logs[0], logs[2]}));
  EXPECT_EQ(by_intent[hash_text(b)], json({logs[1], logs[3]}));
  EXPECT_EQ(routed.body["ignored"], json::array({{{"index", 4}, {"reason", "not emitted by the chain's Portal or prover"}}}));
  // One pair per (transaction, intent): transaction 1 carried two of a's logs.
  EXPECT_EQ(routed.body["transactions"],
            json::array({{{"transactionHash", tx_hash(1)}, {"intentHash", hash_text(a)}},
                         {{"transactionHash", tx_hash(2)}, {"intentHash", hash_text(b)}},
                         {{"transactionHash", tx_hash(3)}, {"intentHash", hash_text(b)}}}));

  std::map<std::string, json> whole, sharded;
  apply(whole, kA, logs);
  for (const auto& [hash, intent_logs] : by_intent.items()) apply(sharded, kA, intent_logs.get<std::vector<json>>());
  EXPECT_EQ(sharded, whole);

  // The same validation as applyLogs.
  EXPECT_EQ(route_logs_op(config(), {{"chainId", kA}, {"logs", {{{"address", "0x12"}}}}}).status, 400);
  EXPECT_EQ(route_logs_op(config(), {{"chainId", 999}, {"logs", json::array()}}).status, 422);
}

TEST(StatusOps, LogsDriveAnIntentFromPendingToSettledWithEveryTransaction) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(1);
  const std::string hash = hash_text(intent);
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "unknown");

  json out = apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  EXPECT_EQ(out["applied"], 2);
  json s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "pending");
  EXPECT_EQ(s["sourceChainId"], kA);
  EXPECT_EQ(s["destinationChainId"], kB);
  // No chain heads passed: nothing is known to be final.
  EXPECT_EQ(s["transactions"]["published"],
            (json{{"chainId", kA}, {"transactionHash", tx_hash(1)}, {"blockNumber", 10},
                  {"blockExplorerUrl", "https://explorer-a.example/tx/" + tx_hash(1)}, {"confirmations", 0}, {"final", false}}));
  EXPECT_EQ(s["final"], false);
  EXPECT_EQ(store[hash]["routeDeadline"], kRouteDeadline);  // read from the published route bytes
  EXPECT_EQ(store[hash]["rewardDeadline"], kRewardDeadline);

  apply(store, kB, {fulfilled(intent, 20, 2)});
  s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "filled");
  EXPECT_EQ(s["transactions"]["fulfilled"]["blockExplorerUrl"], "https://explorer-b.example/tx/" + tx_hash(2));

  apply(store, kA, {proven(intent, kB, 12, 3)});
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "settled");
}

// Each transaction says how final it is, by its chain's head as the readers last saw it; the
// body is final once a settled status rests on a final proof.
TEST(StatusOps, EachTransactionCarriesItsConfirmationsAndTheBodyItsFinality) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(23);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  apply(store, kB, {fulfilled(intent, 20, 2)});
  apply(store, kA, {proven(intent, kB, 30, 3)});
  const auto body = [&](json heads) {
    const OpResult r = intent_status_op(config(), {{"query", {{"intentHash", hash}, {"quoteId", nullptr}}},
                                                   {"record", store[hash]}, {"now", 1000}, {"chainHeads", std::move(heads)}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  };
  // Source A serves no finalized tag (depth 4, read through 33); B's finalized block is 15.
  json s = body({{"31337", {{"head", 33}, {"finalized", nullptr}, {"depth", 4}, {"read", 33}}},
                 {"31338", {{"head", 40}, {"finalized", 15}, {"depth", 4}, {"read", 40}}}});
  EXPECT_EQ(s["status"], "settled");
  EXPECT_EQ(s["transactions"]["funded"]["confirmations"], 23);
  EXPECT_EQ(s["transactions"]["funded"]["final"], true);
  EXPECT_EQ(s["transactions"]["fulfilled"]["confirmations"], 20);
  EXPECT_EQ(s["transactions"]["fulfilled"]["final"], false);  // 20 deep, above B's finalized block
  EXPECT_EQ(s["transactions"]["proven"]["confirmations"], 3);
  EXPECT_EQ(s["transactions"]["proven"]["final"], false);
  EXPECT_TRUE(s["transactions"]["withdrawn"].is_null());
  EXPECT_EQ(s["final"], false);  // the proof can still be reorganised away
  s = body({{"31337", {{"head", 34}, {"finalized", nullptr}, {"depth", 4}, {"read", 34}}}});
  EXPECT_EQ(s["transactions"]["proven"]["final"], true);
  EXPECT_EQ(s["final"], true);
  EXPECT_EQ(s["transactions"]["fulfilled"]["confirmations"], 0);  // B not reported
  EXPECT_EQ(s["transactions"]["fulfilled"]["final"], false);
  // A malformed chainHeads is the worker's mistake.
  EXPECT_THROW(body({{"31337", {{"head", "x"}}}}), OpInputError);
}

TEST(StatusOps, ALogSeenTwiceChangesNothingAndOtherEmittersAreIgnored) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(2);
  const std::vector<json> logs = {published(intent, 10, 1), funded(intent, true, 10, 1)};
  apply(store, kA, logs, 1000);
  const auto before = store;
  json again = apply(store, kA, logs, 2000);
  EXPECT_EQ(again["updates"], json::object());
  EXPECT_EQ(again["applied"], 0);
  EXPECT_EQ(store, before);

  // A fill "emitted" by some other contract, a proof by the Portal instead of the prover, a
  // proof about another destination, an ERC-20 Transfer: none counts.
  const std::string other = "0x1111111111111111111111111111111111111111";
  json ignored = apply(store, kB, {fulfilled(intent, 20, 2, other.c_str())});
  EXPECT_EQ(ignored["ignored"][0]["reason"], "not emitted by the chain's Portal or prover");
  ignored = apply(store, kA, {proven(intent, kB, 12, 3, kPortal), proven(intent, 10, 12, 4)});
  EXPECT_EQ(ignored["ignored"].size(), 1u);  // the Portal's "proof"
  EXPECT_EQ(ignored["applied"], 0);          // the other destination's proof is the wrong chain
  EXPECT_EQ(store, before);
}

TEST(StatusOps, TheDestinationPortalsProofReadsAsAFillUntilTheSourceProverRecordsIt) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(10);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});

  json out = apply(store, kB, {proof_sent(intent, 21, 2)});
  EXPECT_EQ(out["applied"], 1);
  EXPECT_EQ(out["ignored"], json::array());
  EXPECT_EQ(store[hash]["proofSent"]["chainId"], kB);
  EXPECT_EQ(store[hash]["proofSent"]["transactionHash"], tx_hash(2));
  json s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "filled");
  // The public transactions keep their six members; the proof is no fill or proof transaction.
  EXPECT_EQ(s["transactions"].size(), 6u);
  EXPECT_TRUE(s["transactions"]["fulfilled"].is_null());
  EXPECT_TRUE(s["transactions"]["proven"].is_null());
  EXPECT_FALSE(s.contains("proofSent"));
  // Past the reward deadline a refund is possible, but a fill is what the chains show.
  EXPECT_EQ(status_of(store, hash, kRewardDeadline + 1)["status"], "filled");

  apply(store, kA, {proven(intent, kB, 30, 3)});
  s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "settled");
  EXPECT_EQ(s["transactions"]["proven"]["chainId"], kA);
}

TEST(StatusOps, DestinationProofsFromElsewhereAreIgnored) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(11);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  const auto before = store;
  // The prover does not emit the Portal's event; another contract's log is no one's proof.
  json out = apply(store, kB, {proof_sent(intent, 21, 2, kProver),
                               proof_sent(intent, 21, 3, "0x1111111111111111111111111111111111111111")});
  EXPECT_EQ(out["ignored"][0]["reason"], "not an intent event of this emitter");
  EXPECT_EQ(out["ignored"][1]["reason"], "not emitted by the chain's Portal or prover");
  // The source chain's Portal proving it: not the intent's destination.
  out = apply(store, kA, {proof_sent(intent, 22, 4)});
  EXPECT_EQ(out["applied"], 0);
  // The Portal's topic0 with the prover's data shape is malformed, not a proof.
  json malformed = proof_sent(intent, 23, 5);
  malformed["data"] = "0x" + word("a");
  out = apply(store, kB, {malformed});
  EXPECT_EQ(out["ignored"][0]["reason"],
            "malformed event: IntentProven (destination Portal) log data must be empty (every field is indexed)");
  EXPECT_EQ(store, before);
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "pending");
}

TEST(StatusOps, OutOfOrderChainsAndReorgReReads) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(3);
  const std::string hash = hash_text(intent);
  // The destination chain's poller is ahead: the fill arrives before the publication.
  apply(store, kB, {fulfilled(intent, 20, 2)});
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "filled");
  EXPECT_TRUE(store[hash]["sourceChainId"].is_null());
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  EXPECT_EQ(store[hash]["sourceChainId"], kA);
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "filled");

  // The confirmation window is read again: the fill now sits in block 21 (re-included).
  json out = apply(store, kB, {fulfilled(intent, 21, 2)});
  EXPECT_EQ(out["applied"], 1);
  EXPECT_EQ(status_of(store, hash, 1000)["transactions"]["fulfilled"]["blockNumber"], 21);
  // The node reports the fill removed.
  json removed = fulfilled(intent, 21, 2);
  removed["removed"] = true;
  apply(store, kB, {removed});
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "pending");
}

// A reader's re-read of a range, as a shard runs it: one call with the records of every intent
// the range concerns (those routeLogs named and those recorded in the range before).
json reread(std::map<std::string, json>& store, std::uint64_t chain, std::uint64_t from, std::uint64_t to,
            const std::vector<json>& logs, const std::vector<std::string>& intents, std::uint64_t now = 2000) {
  json records = json::object();
  for (const auto& hash : intents) records[hash] = store.contains(hash) ? store[hash] : registration_of(hash);
  const OpResult r = apply_logs_op(config(), {{"chainId", chain}, {"logs", json(logs)}, {"records", records},
                                              {"now", now}, {"fromBlock", from}, {"toBlock", to}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_FALSE(r.body.contains("missing")) << r.body.dump();
  for (const auto& [hash, record] : r.body["updates"].items()) store[hash] = record;
  return r.body;
}

// A lookup by transaction hash as the worker runs it: the records the index named, as stored.
json status_by_transaction(const std::vector<json>& candidates, const std::string& tx, json chain_id = nullptr) {
  json query = {{"intentHash", nullptr}, {"quoteId", nullptr}, {"transactionHash", tx}};
  if (!chain_id.is_null()) query["chainId"] = chain_id;
  const OpResult r = intent_status_op(config(), {{"query", query}, {"record", nullptr}, {"candidates", json(candidates)}, {"now", 1000}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

// A lookup by quote id as the worker runs it when the quote id has no row: the shard's records
// whose intent hash starts with the quote id's first 12 hex digits.
json status_by_quote(const std::vector<json>& candidates, const std::string& quote_id) {
  const json query = {{"intentHash", nullptr}, {"quoteId", quote_id}};
  const OpResult r = intent_status_op(config(), {{"query", query}, {"record", nullptr}, {"candidates", json(candidates)}, {"now", 1000}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

using Pairs = std::vector<std::pair<std::string, std::string>>;
Pairs pairs_of(const json& list) {
  Pairs out;
  for (const auto& p : list) out.push_back({p["transactionHash"], p["intentHash"]});
  return out;
}

TEST(StatusOps, TheTransactionIndexFollowsTheRecordsThroughAReorganisation) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(41);
  const std::string hash = hash_text(intent);
  // publishAndFund: one transaction, two steps, one index row.
  json out = apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  EXPECT_EQ(pairs_of(out["transactions"]["added"]), (Pairs{{tx_hash(1), hash}}));
  EXPECT_TRUE(out["transactions"]["removed"].empty());
  // The same logs again change nothing, and index nothing again.
  out = apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  EXPECT_TRUE(out["transactions"]["added"].empty());
  out = apply(store, kB, {fulfilled(intent, 20, 2)});
  EXPECT_EQ(pairs_of(out["transactions"]["added"]), (Pairs{{tx_hash(2), hash}}));
  EXPECT_EQ(status_by_transaction({store[hash]}, tx_hash(2))["status"], "filled");
  EXPECT_EQ(status_by_transaction({store[hash]}, tx_hash(2))["intentHash"], hash);
  // A reorganisation on B takes the fill out: the index loses it, and a lookup through a stale
  // row (the record no longer holds the transaction) finds nothing.
  out = reread(store, kB, 15, 25, {}, {hash});
  EXPECT_EQ(pairs_of(out["transactions"]["removed"]), (Pairs{{tx_hash(2), hash}}));
  EXPECT_TRUE(out["transactions"]["added"].empty());
  const json gone = status_by_transaction({store[hash]}, tx_hash(2));
  EXPECT_EQ(gone["status"], "unknown");
  EXPECT_TRUE(gone["intentHash"].is_null());
  // The funding transaction still finds the intent, on its own chain only.
  EXPECT_EQ(status_by_transaction({store[hash]}, tx_hash(1))["status"], "pending");
  EXPECT_EQ(status_by_transaction({store[hash]}, tx_hash(1), std::to_string(kB))["status"], "unknown");
  EXPECT_EQ(status_by_transaction({store[hash]}, tx_hash(1), std::to_string(kA))["intentHash"], hash);
  EXPECT_EQ(status_by_transaction({}, tx_hash(1))["status"], "unknown");
  // A transaction of two intents answers the first by intent hash, whatever the index's order.
  const auto other = sample_intent(42);
  apply(store, kA, {published(other, 10, 1)});
  const std::string first = std::min(hash, hash_text(other));
  EXPECT_EQ(status_by_transaction({store[hash], store[hash_text(other)]}, tx_hash(1))["intentHash"], first);
  EXPECT_EQ(status_by_transaction({store[hash_text(other)], store[hash]}, tx_hash(1))["intentHash"], first);
}

TEST(StatusOps, AQuoteIdWithoutARowFindsTheRecordItStartsAsThatHoldsIt) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(43);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  // The engine's shape: the delivery intent hash's first 6 bytes, then random digits.
  const std::string id = hash.substr(2, 8) + "-" + hash.substr(10, 4) + "-4abc-8def-0123456789ab";
  json mine = store[hash];
  mine["quoteId"] = id;
  const json found = status_by_quote({mine}, id);
  EXPECT_EQ(found["intentHash"], hash);
  EXPECT_EQ(found["status"], "pending");
  // Any case, as the query may spell it.
  std::string upper = id;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  EXPECT_EQ(status_by_quote({mine}, upper)["intentHash"], hash);
  // Another quote's record in the same range (its own quote id): not this quote's.
  json other = mine;
  other["quoteId"] = hash.substr(2, 8) + "-" + hash.substr(10, 4) + "-4000-8000-000000000000";
  EXPECT_EQ(status_by_quote({other}, id)["status"], "unknown");
  EXPECT_EQ(status_by_quote({other, mine}, id)["intentHash"], hash);
  // A record that holds the quote id but does not start as it does: a multi-hop quote's funding
  // intent (its quote id leads to the delivery intent only).
  const std::string elsewhere = (hash[2] == '0' ? "10000000" : "00000000") + std::string("-0000-4abc-8def-0123456789ab");
  json funding = store[hash];
  funding["quoteId"] = elsewhere;
  EXPECT_EQ(status_by_quote({funding}, elsewhere)["status"], "unknown");
  // No candidate: unknown, naming no intent.
  const json none = status_by_quote({}, id);
  EXPECT_EQ(none["status"], "unknown");
  EXPECT_TRUE(none["intentHash"].is_null());
}

TEST(StatusOps, ATransactionLookupNamesTheFieldItCannotRead) {
  const auto field_of = [](json query) {
    for (const char* name : {"intentHash", "quoteId"}) {
      if (!query.contains(name)) query[name] = nullptr;
    }
    const OpResult r = intent_status_op(config(), {{"query", query}, {"record", nullptr}, {"candidates", json::array()}, {"now", 1}});
    EXPECT_EQ(r.status, 400) << r.body.dump();
    return r.body["errors"][0]["field"].get<std::string>();
  };
  const std::string tx = tx_hash(7);
  EXPECT_EQ(field_of({{"transactionHash", "0x1234"}}), "transactionHash");
  EXPECT_EQ(field_of({{"transactionHash", tx}, {"intentHash", tx}}), "transactionHash");
  EXPECT_EQ(field_of({{"chainId", "31337"}, {"intentHash", tx}}), "chainId");
  EXPECT_EQ(field_of({{"transactionHash", tx}, {"chainId", "0x7a69"}}), "chainId");
  EXPECT_EQ(field_of({{"transactionHash", tx}, {"chainId", "0"}}), "chainId");
  EXPECT_EQ(field_of({{"transactionHash", tx}, {"chainId", "031337"}}), "chainId");
  EXPECT_EQ(field_of({{"transactionHash", tx}, {"chainId", "99999999999999999999"}}), "chainId");
}

json with_block_hash(json log, int tag) {
  log["blockHash"] = "0x" + word(std::to_string(tag));
  return log;
}

TEST(StatusOps, AReReadRangeRemovesWhatTheChainNoLongerHasAndTheStatusGoesBack) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(20);
  const auto bystander = sample_intent(21);
  const std::string hash = hash_text(intent);
  const std::string other = hash_text(bystander);
  reread(store, kA, 1, 12, {with_block_hash(published(intent, 10, 1), 10), with_block_hash(funded(intent, true, 10, 1), 10),
                            with_block_hash(published(bystander, 11, 5), 11)},
         {hash, other});
  EXPECT_EQ(store[hash]["transactions"]["funded"]["blockHash"], "0x" + word("10"));
  reread(store, kB, 1, 30, {with_block_hash(fulfilled(intent, 20, 2), 20)}, {hash});
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "filled");

  // The destination's fill block left the chain: the re-read of 15..25 has no log of it.
  json out = reread(store, kB, 15, 25, {}, {hash});
  EXPECT_EQ(out["updates"].size(), 1u);
  EXPECT_EQ(out["applied"], 0);
  json s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "pending");
  EXPECT_TRUE(s["transactions"]["fulfilled"].is_null());
  EXPECT_EQ(store[hash]["updatedAt"], 2000);
  // Read again: nothing changes.
  EXPECT_EQ(reread(store, kB, 15, 25, {}, {hash})["updates"], json::object());

  // The source's funding block is replaced by one without the funding; the bystander's
  // publication, re-included in block 12, moves there.
  out = reread(store, kA, 5, 14, {with_block_hash(published(bystander, 12, 5), 12)}, {hash, other});
  EXPECT_EQ(out["updates"].size(), 2u);
  s = status_of(store, hash, 1000);
  EXPECT_EQ(s["status"], "pending");
  EXPECT_TRUE(s["transactions"]["published"].is_null());
  EXPECT_TRUE(s["transactions"]["funded"].is_null());
  EXPECT_FALSE(store[hash]["fundedComplete"]);
  EXPECT_EQ(status_of(store, other, 1000)["transactions"]["published"]["blockNumber"], 12);
  // No answer names the vanished funding, the legacy one included.
  for (const json& answer : {status_of(store, hash, 1000), status_of(store, other, 1000)}) {
    EXPECT_EQ(answer.dump().find(tx_hash(1)), std::string::npos) << answer.dump();
  }
  const OpResult legacy = legacy_intent_status_op(
      config(), {{"body", {{"intentHash", hash}}}, {"record", store[hash]}, {"now", 1000}, {"chainTimes", json::object()}});
  EXPECT_EQ(legacy.body.dump().find(tx_hash(1)), std::string::npos) << legacy.body.dump();
}

TEST(StatusOps, AReReadRangeAsksForTheRecordsOfItsLogsAndRefusesLogsOutsideIt) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(22);
  const std::string hash = hash_text(intent);
  json input = {{"chainId", kA}, {"logs", json::array({published(intent, 10, 1)})}, {"records", json::object()},
                {"now", 1000}, {"fromBlock", 5}, {"toBlock", 15}};
  OpResult r = apply_logs_op(config(), input);
  EXPECT_EQ(r.body, (json{{"missing", {hash}}}));
  input["records"][hash] = registration_of(hash);
  r = apply_logs_op(config(), input);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["updates"][hash]["transactions"]["published"]["blockNumber"], 10);
  // A record passed as null (the caller has none) without logs is nothing to store.
  input["records"][hash] = nullptr;
  input["logs"] = json::array();
  EXPECT_EQ(apply_logs_op(config(), input).body["updates"], json::object());
  // The worker's own mistakes: a log outside the range, half a range, a reversed one.
  input["logs"] = json::array({published(intent, 16, 1)});
  EXPECT_THROW(apply_logs_op(config(), input), OpInputError);
  input["logs"] = json::array();
  input.erase("toBlock");
  EXPECT_THROW(apply_logs_op(config(), input), OpInputError);
  input["toBlock"] = 4;
  EXPECT_THROW(apply_logs_op(config(), input), OpInputError);
}

// The Portal is shared with every other integrator: the logs of an intent no quote or deposit
// address of ours registered create no record (pushed or read), and the answer names the intent
// so the worker indexes none of its transactions. A registration that lands after its intent's
// first logs still gets them: the reader's next round re-reads its confirmation window.
TEST(StatusOps, LogsOfIntentsRegisteredElsewhereCreateNothing) {
  const auto intent = sample_intent(24);
  const std::string hash = hash_text(intent);
  const std::vector<json> logs = {published(intent, 10, 1), funded(intent, true, 10, 1)};
  json pushed = {{"chainId", kA}, {"logs", json(logs)}, {"records", {{hash, nullptr}}}, {"now", 1000}};
  OpResult r = apply_logs_op(config(), pushed);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["updates"], json::object());
  EXPECT_EQ(r.body["applied"], 0);
  EXPECT_EQ(r.body["unregistered"], json::array({hash}));
  json read = pushed;
  read["fromBlock"] = 1;
  read["toBlock"] = 12;
  r = apply_logs_op(config(), read);
  EXPECT_EQ(r.body["updates"], json::object());
  EXPECT_EQ(r.body["unregistered"], json::array({hash}));

  // Registered now (reread passes the record a registration starts), then the window read again.
  std::map<std::string, json> store;
  reread(store, kA, 1, 12, logs, {hash});
  EXPECT_EQ(store[hash]["transactions"]["funded"]["blockNumber"], 10);
  EXPECT_EQ(status_of(store, hash, 1000)["status"], "pending");
  EXPECT_EQ(apply_logs_op(config(), read).body["unregistered"], json::array({hash}));  // still null passed
  read["records"][hash] = store[hash];
  EXPECT_EQ(apply_logs_op(config(), read).body["unregistered"], json::array());
}

// Most quotes are never funded: their records go an hour after their later deadline, while a
// record the chains showed any transaction of (a funding, a fill, even a proof seen first) is kept.
TEST(StatusOps, RecordsTheChainsNeverTouchedExpireAfterTheirDeadlinesOthersAreKept) {
  std::map<std::string, json> store;
  const auto untouched = sample_intent(25);
  const auto funded_one = sample_intent(26);
  const auto proof_first = sample_intent(27);
  json untouched_record = registration_of(hash_text(untouched));
  untouched_record["routeDeadline"] = kRouteDeadline;
  untouched_record["rewardDeadline"] = kRewardDeadline;
  apply(store, kA, {published(funded_one, 10, 1), funded(funded_one, true, 10, 1)});
  apply(store, kB, {proof_sent(proof_first, 21, 2)});
  const json records = {{hash_text(untouched), untouched_record},
                        {hash_text(funded_one), store[hash_text(funded_one)]},
                        {hash_text(proof_first), store[hash_text(proof_first)]},
                        {hash_text(sample_intent(28)), registration_of(hash_text(sample_intent(28)))}};
  const OpResult r = record_retention_op({{"records", records}, {"now", 1000}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& at = r.body["expireAt"];
  EXPECT_EQ(at[hash_text(untouched)], kRewardDeadline + kRecordGraceSec);  // the later deadline
  EXPECT_TRUE(at[hash_text(funded_one)].is_null());
  EXPECT_TRUE(at[hash_text(proof_first)].is_null());
  EXPECT_EQ(at[hash_text(sample_intent(28))], 1000 + kRecordGraceSec);  // no deadline known
  // The grace can be set; a record the caller does not hold, or a malformed grace, is its mistake.
  EXPECT_EQ(record_retention_op({{"records", records}, {"now", 1000}, {"graceSec", 0}}).body["expireAt"][hash_text(untouched)],
            kRewardDeadline);
  EXPECT_THROW(record_retention_op({{"records", {{hash_text(untouched), nullptr}}}, {"now", 1000}}), OpInputError);
  EXPECT_THROW(record_retention_op({{"records", records}, {"now", 1000}, {"graceSec", -1}}), OpInputError);
}

// Publishing moves no money, and anyone may publish any intent (a stranger, a keyless deposit
// address's, on a cheap chain): a record whose only transaction is its publication goes an hour
// after its reward deadline like an untouched one, and so does a quote-id row leading to it. A
// funding, even a partial one, is money that moved: kept.
TEST(StatusOps, ARecordOnlyPublishedExpiresLikeAnUntouchedOneAFundedOneIsKept) {
  std::map<std::string, json> store;
  const auto published_only = sample_intent(34);
  const auto partly_funded = sample_intent(35);
  apply(store, kA, {published(published_only, 10, 1)});
  apply(store, kA, {published(partly_funded, 10, 2), funded(partly_funded, false, 11, 3)});
  const json& only = store[hash_text(published_only)];
  ASSERT_FALSE(only["transactions"]["published"].is_null()) << only.dump();
  ASSERT_EQ(only["rewardDeadline"], kRewardDeadline) << only.dump();
  ASSERT_FALSE(store[hash_text(partly_funded)]["transactions"]["funded"].is_null());
  const json records = {{hash_text(published_only), only}, {hash_text(partly_funded), store[hash_text(partly_funded)]}};
  const OpResult r = record_retention_op({{"records", records}, {"now", 1000}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["expireAt"][hash_text(published_only)], kRewardDeadline + kRecordGraceSec);
  EXPECT_TRUE(r.body["expireAt"][hash_text(partly_funded)].is_null());
  const std::string q = "0d000000-0000-4000-8000-000000000004";
  const OpResult row = quote_id_retention_op({{"rows", {{q, {{"intentHash", hash_text(published_only)}, {"record", only}}}}}, {"now", 1000}});
  EXPECT_EQ(row.body["expireAt"][q], kRewardDeadline + kRecordGraceSec);
}

// A quote-id row kept apart from its intent's record (a deposit address's quote id) lives as
// long as that record, by the same rule: the record's expiry while it is untouched, kept once it
// holds a transaction, and gone at once when the record is.
TEST(StatusOps, QuoteIdRowsInAnotherShardLiveAsLongAsTheirRecord) {
  std::map<std::string, json> store;
  const auto untouched = sample_intent(31);
  const auto funded_one = sample_intent(32);
  json untouched_record = registration_of(hash_text(untouched));
  untouched_record["routeDeadline"] = kRouteDeadline;
  untouched_record["rewardDeadline"] = kRewardDeadline;
  apply(store, kA, {published(funded_one, 10, 1), funded(funded_one, true, 10, 1)});
  const std::string q1 = "0a000000-0000-4000-8000-000000000001";
  const std::string q2 = "0b000000-0000-4000-8000-000000000002";
  const std::string q3 = "0c000000-0000-4000-8000-000000000003";
  const json rows = {{q1, {{"intentHash", hash_text(untouched)}, {"record", untouched_record}}},
                     {q2, {{"intentHash", hash_text(funded_one)}, {"record", store[hash_text(funded_one)]}}},
                     {q3, {{"intentHash", hash_text(sample_intent(33))}, {"record", nullptr}}}};
  const OpResult r = quote_id_retention_op({{"rows", rows}, {"now", 1000}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& at = r.body["expireAt"];
  EXPECT_EQ(at[q1], kRewardDeadline + kRecordGraceSec);  // what recordRetention gives its record
  EXPECT_EQ(at[q1], record_retention_op({{"records", {{hash_text(untouched), untouched_record}}}, {"now", 1000}})
                        .body["expireAt"][hash_text(untouched)]);
  EXPECT_TRUE(at[q2].is_null());  // money moved: looked up by its quote id for as long as its record is kept
  EXPECT_EQ(at[q3], 1000);        // its record is gone: the row goes now
  EXPECT_EQ(quote_id_retention_op({{"rows", rows}, {"now", 1000}, {"graceSec", 0}}).body["expireAt"][q1], kRewardDeadline);
  // The worker's mistakes: a record of another intent, a row not named by a quote id, a bad shape.
  json wrong = rows;
  wrong[q1]["intentHash"] = hash_text(funded_one);
  EXPECT_THROW(quote_id_retention_op({{"rows", wrong}, {"now", 1000}}), OpInputError);
  EXPECT_THROW(quote_id_retention_op({{"rows", {{"not-a-uuid", rows[q3]}}}, {"now", 1000}}), OpInputError);
  EXPECT_THROW(quote_id_retention_op({{"rows", {{q3, {{"record", nullptr}}}}}, {"now", 1000}}), OpInputError);
  EXPECT_THROW(quote_id_retention_op({{"rows", json::array()}, {"now", 1000}}), OpInputError);
  EXPECT_THROW(quote_id_retention_op({{"rows", rows}, {"now", 1000}, {"graceSec", "1"}}), OpInputError);
}

TEST(StatusOps, DeadlinesFollowTheChainClocks) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(4);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  EXPECT_EQ(status_of(store, hash, kRouteDeadline)["status"], "pending");
  json s = status_of(store, hash, kRouteDeadline + 1);
  EXPECT_EQ(s["status"], "expired");
  EXPECT_EQ(s["updatedAt"], kRouteDeadline + 1);
  // The worker's clock is early, but the source chain's blocks are past the reward deadline.
  s = status_of(store, hash, 1000, {{std::to_string(kA), kRewardDeadline + 5}});
  EXPECT_EQ(s["status"], "refundable");
  apply(store, kA, {refunded(intent, 30, 5)});
  s = status_of(store, hash, kRewardDeadline + 10);
  EXPECT_EQ(s["status"], "refunded");
  EXPECT_EQ(s["transactions"]["refunded"]["transactionHash"], tx_hash(5));
}

TEST(StatusOps, MalformedPushedLogsAndQueriesAre400NamingTheField) {
  json bad = funded(sample_intent(5), true, 10, 1);
  bad.erase("logIndex");
  OpResult r = apply_logs_op(config(), {{"chainId", kA}, {"logs", json::array({funded(sample_intent(5), true, 10, 1), bad})},
                                        {"records", json::object()}, {"now", 1}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["errors"][0]["field"], "logs[1]");
  r = apply_logs_op(config(), {{"chainId", 999}, {"logs", json::array()}, {"now", 1}});
  EXPECT_EQ(r.status, 422);

  const auto query = [](json q) {
    return intent_status_op(config(), {{"query", q}, {"record", nullptr}, {"now", 1}});
  };
  r = query({{"intentHash", "0x12"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["errors"][0]["field"], "intentHash");
  r = query({{"quoteId", std::string("quote:") + kQuoteUuid}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["errors"][0]["field"], "quoteId");
  EXPECT_NE(r.body["errors"][0]["message"].get<std::string>().find("without the quote: prefix"), std::string::npos);
  r = query(json::object());
  EXPECT_EQ(r.body["errors"][0]["field"], "intentHash");
  r = query({{"quoteId", kQuoteUuid}});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["status"], "unknown");
  EXPECT_TRUE(r.body["intentHash"].is_null());
  EXPECT_TRUE(r.body["updatedAt"].is_null());
  // An uppercase hash is the same intent.
  const std::string upper = "0x" + std::string(64, 'A');
  EXPECT_EQ(query({{"intentHash", upper}}).body["intentHash"], "0x" + std::string(64, 'a'));
}

json quote_intent(const protocol::Intent& intent, const char* role, std::uint64_t source) {
  return {{"role", role}, {"intentHash", hash_text(intent)}, {"sourceChainId", source},
          {"destinationChainId", intent.destination}, {"intent", protocol::intent_to_json(intent, Vm::evm, Vm::evm)}};
}

TEST(StatusOps, RegisterQuoteRecordsEveryIntentAndNamesTheDeliveryIntent) {
  const auto first = sample_intent(6);
  auto second = sample_intent(7);
  second.destination = kA;  // B -> A: the stitched second hop
  const json quote = {{"id", std::string("quote:") + kQuoteUuid},
                      {"intentHash", nullptr},
                      {"steps", {{{"provider", "x"}, {"intents", {quote_intent(first, "stitched-source", kA)}}},
                                 {{"provider", "y"}, {"intents", {quote_intent(second, "stitched-destination", kB)}}}}}};
  OpResult r = register_quote_op(config(), {{"quote", quote}, {"now", 500}});
  ASSERT_EQ(r.status, 200);
  ASSERT_TRUE(r.body.contains("missing"));
  EXPECT_EQ(r.body["missing"].size(), 2u);

  // The first hop's fill was already seen: registration keeps it and adds what it knows.
  std::map<std::string, json> store;
  apply(store, kB, {fulfilled(first, 20, 2)});
  json records = {{hash_text(first), store[hash_text(first)]}, {hash_text(second), nullptr}};
  r = register_quote_op(config(), {{"quote", quote}, {"records", records}, {"now", 500}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["quoteId"], kQuoteUuid);
  EXPECT_EQ(r.body["deliveryIntentHash"], hash_text(second));
  const json& source_record = r.body["records"][hash_text(first)];
  EXPECT_EQ(source_record["role"], "stitched-source");
  EXPECT_EQ(source_record["sourceChainId"], kA);
  EXPECT_EQ(source_record["routeDeadline"], kRouteDeadline);
  EXPECT_FALSE(source_record["transactions"]["fulfilled"].is_null());
  const json& delivery = r.body["records"][hash_text(second)];
  EXPECT_EQ(delivery["role"], "stitched-destination");
  EXPECT_EQ(delivery["quoteId"], kQuoteUuid);
  EXPECT_EQ(delivery["updatedAt"], 500);
  for (const auto& [hash, record] : r.body["records"].items()) store[hash] = record;

  // Multi-hop: the source intent is filled while the delivery intent is still pending.
  EXPECT_EQ(status_of(store, hash_text(first), 1000)["status"], "filled");
  const OpResult by_quote = intent_status_op(
      config(), {{"query", {{"quoteId", kQuoteUuid}}}, {"record", store[hash_text(second)]}, {"now", 1000}});
  EXPECT_EQ(by_quote.body["status"], "pending");
  EXPECT_EQ(by_quote.body["intentHash"], hash_text(second));
}

// The sharded worker registers a quote in one call ("fresh") and merges each record into one
// that chain events created first with mergeRegistration: the same records as registerQuote.
TEST(StatusOps, FreshRegistrationMergedLaterEqualsRegisteringOverTheStoredRecord) {
  const auto intent = sample_intent(21);
  const std::string hash = hash_text(intent);
  std::map<std::string, json> events_first;
  apply(events_first, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  const json quote = {{"id", std::string("quote:") + kQuoteUuid},
                      {"intentHash", hash},
                      {"steps", {{{"provider", "x"}, {"intents", {quote_intent(intent, "direct", kA)}}}}}};

  const OpResult fresh = register_quote_op(config(), {{"quote", quote}, {"fresh", true}, {"now", 5000}});
  ASSERT_EQ(fresh.status, 200) << fresh.body.dump();
  ASSERT_FALSE(fresh.body.contains("missing"));
  const OpResult merged = merge_registration_op(config(), {{"registered", fresh.body["records"][hash]}, {"stored", events_first[hash]}});
  ASSERT_EQ(merged.status, 200) << merged.body.dump();

  const OpResult classic =
      register_quote_op(config(), {{"quote", quote}, {"records", {{hash, events_first[hash]}}}, {"now", 5000}});
  ASSERT_EQ(classic.status, 200) << classic.body.dump();
  EXPECT_EQ(merged.body["record"], classic.body["records"][hash]);
  // With nothing stored, the fresh record is what registerQuote stores.
  const OpResult first = register_quote_op(config(), {{"quote", quote}, {"records", {{hash, nullptr}}}, {"now", 5000}});
  EXPECT_EQ(fresh.body["records"][hash], first.body["records"][hash]);
  EXPECT_THROW(merge_registration_op(config(), {{"registered", fresh.body["records"][hash]}, {"stored", nullptr}}), OpInputError);
}

TEST(StatusOps, LegacyStatusMapsTheSameRecords) {
  EXPECT_EQ(legacy_status(IntentStatus::pending).sub_status, "WaitingToFulfill");
  EXPECT_EQ(legacy_status(IntentStatus::filled).status, "Completed");
  EXPECT_EQ(legacy_status(IntentStatus::settled).sub_status, "Fulfilled");
  EXPECT_EQ(legacy_status(IntentStatus::expired).sub_status, "WaitingForRefund");
  EXPECT_EQ(legacy_status(IntentStatus::refundable).status, "Pending");
  EXPECT_EQ(legacy_status(IntentStatus::refunded).sub_status, "Refunded");

  std::map<std::string, json> store;
  const auto intent = sample_intent(8);
  const std::string hash = hash_text(intent);
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  apply(store, kB, {fulfilled(intent, 20, 2)});
  const OpResult r = legacy_intent_status_op(config(), {{"body", {{"intentHash", hash}}}, {"record", store[hash]}, {"now", 1000}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["data"]["status"], (json{{"status", "Completed"}, {"subStatus", "Fulfilled"},
                                             {"subStatusMessage", legacy_status(IntentStatus::filled).message}}));
  EXPECT_EQ(r.body["data"]["intentCreated"],
            (json{{"chainId", kA}, {"transactionHash", tx_hash(1)}, {"blockExplorerUrl", "https://explorer-a.example/tx/" + tx_hash(1)}}));
  EXPECT_EQ(r.body["data"]["fulfillment"]["chainId"], kB);
  EXPECT_EQ(r.body["data"]["status"]["subStatusMessage"], legacy_status(IntentStatus::filled).message);
  // Eco's schema has no null: a transaction not seen is an absent member.
  EXPECT_FALSE(r.body["data"].contains("refund")) << r.body.dump();
  EXPECT_EQ(legacy_intent_status_op(config(), {{"body", {{"intentHash", hash}}}, {"record", nullptr}, {"now", 1}}).status, 404);
  EXPECT_EQ(legacy_intent_status_op(config(), {{"body", {{"intentHash", "0x1"}}}, {"record", nullptr}, {"now", 1}}).status, 400);
}

// Eco's IntentStatusV3DTO: status.subStatusMessage is a required string, one sentence per
// subStatus; each status value maps to exactly one subStatus and its sentence.
TEST(StatusOps, LegacySubStatusesCarryOneSentenceEach) {
  std::map<std::string, std::string> sentences;
  for (IntentStatus status : {IntentStatus::pending, IntentStatus::unknown, IntentStatus::filled, IntentStatus::settled,
                              IntentStatus::refundable, IntentStatus::expired, IntentStatus::failed, IntentStatus::refunded}) {
    const LegacyStatus legacy = legacy_status(status);
    const std::string message(legacy.message);
    ASSERT_FALSE(message.empty());
    EXPECT_TRUE(message.front() >= 'A' && message.front() <= 'Z' && message.back() == '.') << message;
    const auto [it, fresh] = sentences.emplace(std::string(legacy.sub_status), message);
    EXPECT_EQ(it->second, message) << "one sentence per subStatus: " << legacy.sub_status;
  }
  EXPECT_EQ(sentences.size(), 4u);  // WaitingToFulfill, Fulfilled, WaitingForRefund, Refunded
}

// The legacy answer through its whole life: intentCreated always an object, fulfillment and
// refund present only once seen, never null.
TEST(StatusOps, LegacyStatusMembersArePresentOrAbsentNeverNull) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(12);
  const std::string hash = hash_text(intent);
  const auto legacy = [&](std::uint64_t now) {
    const OpResult r = legacy_intent_status_op(config(), {{"body", {{"intentHash", hash}}}, {"record", store[hash]}, {"now", now}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body["data"];
  };
  apply(store, kA, {published(intent, 10, 1), funded(intent, true, 10, 1)});
  json data = legacy(1000);
  EXPECT_EQ(data["status"], (json{{"status", "Pending"}, {"subStatus", "WaitingToFulfill"},
                                  {"subStatusMessage", legacy_status(IntentStatus::pending).message}}));
  EXPECT_TRUE(data["intentCreated"].is_object());
  EXPECT_FALSE(data.contains("fulfillment"));
  EXPECT_FALSE(data.contains("refund"));
  data = legacy(kRewardDeadline + 1);
  EXPECT_EQ(data["status"]["subStatus"], "WaitingForRefund");
  EXPECT_EQ(data["status"]["subStatusMessage"], legacy_status(IntentStatus::refundable).message);
  apply(store, kA, {refunded(intent, 30, 5)});
  data = legacy(kRewardDeadline + 10);
  EXPECT_EQ(data["status"]["subStatus"], "Refunded");
  EXPECT_EQ(data["refund"], (json{{"chainId", kA}, {"transactionHash", tx_hash(5)},
                                  {"blockExplorerUrl", "https://explorer-a.example/tx/" + tx_hash(5)}}));
  EXPECT_FALSE(data.contains("fulfillment"));
}

// A record the chain has not shown created (here a fill seen before its creation) has no
// intentCreated to give: 404 not-found, as for an identifier never seen.
TEST(StatusOps, LegacyStatusOfAnIntentNotSeenCreatedIsNotFound) {
  std::map<std::string, json> store;
  const auto intent = sample_intent(13);
  const std::string hash = hash_text(intent);
  apply(store, kB, {fulfilled(intent, 20, 2)});
  ASSERT_TRUE(store.contains(hash));
  const OpResult r = legacy_intent_status_op(config(), {{"body", {{"intentHash", hash}}}, {"record", store[hash]}, {"now", 1000}});
  EXPECT_EQ(r.status, 404) << r.body.dump();
  EXPECT_EQ(r.body["code"], "not-found");
  // The v1 status of the same record still answers: the rule is Eco's schema's, not the record's.
  EXPECT_EQ(intent_status_op(config(), {{"query", {{"intentHash", hash}}}, {"record", store[hash]}, {"now", 1000}}).status, 200);
}

TEST(StatusOps, ChainsWithoutAnExplorerGiveNullLinks) {
  json j = testing::config_json("local");
  j["chains"].push_back(local_chain(kA, "Anvil A", "https://explorer-a.example"));
  j["chains"].push_back(local_chain(kB, "Anvil B", "https://explorer-b.example"));
  j["chains"].back()["blockExplorerUrl"] = nullptr;  // allowed on a local chain (it has an rpcUrl)
  const Config local = Config::from_json(j);
  json production_like = j;
  production_like["chains"].back().erase("rpcUrl");
  EXPECT_THROW(Config::from_json(production_like), ConfigError);

  std::map<std::string, json> store;
  const auto intent = sample_intent(9);
  store[hash_text(intent)] = apply_logs_op(local, {{"chainId", kB}, {"logs", json::array({fulfilled(intent, 20, 2)})},
                                                   {"records", {{hash_text(intent), registration_of(hash_text(intent))}}}, {"now", 1}})
                                 .body["updates"][hash_text(intent)];
  const OpResult r = intent_status_op(local, {{"query", {{"intentHash", hash_text(intent)}}},
                                              {"record", store[hash_text(intent)]}, {"now", 1}});
  EXPECT_EQ(r.body["status"], "filled");
  EXPECT_TRUE(r.body["transactions"]["fulfilled"]["blockExplorerUrl"].is_null());
  EXPECT_EQ(r.body["transactions"]["fulfilled"]["transactionHash"], tx_hash(2));

  // The legacy answer gives "" instead (Eco's blockExplorerUrl is a required string), and the
  // explorer link on the chain that has one.
  json created = apply_logs_op(local, {{"chainId", kA}, {"logs", json::array({published(intent, 10, 1)})},
                                       {"records", {{hash_text(intent), store[hash_text(intent)]}}}, {"now", 1}})
                     .body["updates"][hash_text(intent)];
  const OpResult legacy = legacy_intent_status_op(local, {{"body", {{"intentHash", hash_text(intent)}}}, {"record", created}, {"now", 1}});
  ASSERT_EQ(legacy.status, 200) << legacy.body.dump();
  EXPECT_EQ(legacy.body["data"]["fulfillment"],
            (json{{"chainId", kB}, {"transactionHash", tx_hash(2)}, {"blockExplorerUrl", ""}}));
  EXPECT_EQ(legacy.body["data"]["intentCreated"]["blockExplorerUrl"], "https://explorer-a.example/tx/" + tx_hash(1));
}

TEST(StatusOps, PollPlanReReadsTheConfirmationWindowInBoundedRanges) {
  const auto plan = [](json input) {
    const OpResult r = poll_plan_op(config(), input);
    EXPECT_EQ(r.status, 200);
    return r.body["chains"];
  };
  // Only chains with an rpcUrl are polled; without heads there is nothing to fetch yet.
  json chains = plan({{"cursors", json::object()}});
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_EQ(chains[0]["chainId"], kA);
  EXPECT_EQ(chains[0]["rpcUrl"], "http://127.0.0.1:8545");
  EXPECT_EQ(chains[0]["ranges"], json::array());

  chains = plan({{"cursors", {{"31337", 100}, {"31338", nullptr}}}, {"heads", {{"31337", 150}, {"31338", 2500}}},
                 {"confirmations", 12}, {"maxRange", 1000}, {"lookback", 3000}});
  const json& a = chains[0]["ranges"];
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0]["fromBlock"], 89);  // 100 + 1 - 12: the window is read again
  EXPECT_EQ(a[0]["toBlock"], 150);
  EXPECT_EQ(a[0]["filter"]["fromBlock"], "0x59");
  EXPECT_EQ(a[0]["filter"]["toBlock"], "0x96");
  EXPECT_EQ(a[0]["filter"]["address"], (json{kPortal, kProver}));
  const json& topics = a[0]["filter"]["topics"][0];
  EXPECT_EQ(topics.size(), 7u);
  EXPECT_EQ(topics[0], hex::encode(ev::intent_published().topic0));
  // Every chain is someone's destination: its Portal's proofs are read with the rest.
  EXPECT_NE(std::find(topics.begin(), topics.end(), hex::encode(ev::intent_proof_sent().topic0)), topics.end());
  EXPECT_EQ(chains[1]["ranges"][0]["filter"]["topics"], a[0]["filter"]["topics"]);
  EXPECT_EQ(chains[1]["ranges"][0]["filter"]["address"], (json{kPortal, kProver}));
  const json& b = chains[1]["ranges"];  // no cursor: from genesis (within the lookback), 1000 at a time
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0]["fromBlock"], 0);
  EXPECT_EQ(b[0]["toBlock"], 999);
  EXPECT_EQ(b[2]["toBlock"], 2500);

  chains = plan({{"cursors", {{"31337", 150}, {"31338", 9000}}}, {"heads", {{"31337", 150}, {"31338", 100}}},
                 {"confirmations", 12}, {"maxRange", 50}, {"maxRanges", 2}});
  EXPECT_EQ(chains[0]["ranges"], json::array());  // nothing new
  ASSERT_EQ(chains[1]["ranges"].size(), 2u);      // the head is below the cursor: a new chain, read from 0
  EXPECT_EQ(chains[1]["ranges"][0]["fromBlock"], 0);
  EXPECT_EQ(chains[1]["ranges"][1]["toBlock"], 99);

  chains = plan({{"cursors", {{"31337", 0}}}, {"heads", {{"31337", 1000}}}, {"confirmations", 0}, {"maxRange", 100},
                 {"maxRanges", 2}});
  ASSERT_EQ(chains[0]["ranges"].size(), 2u);  // bounded: the rest comes on the next poll
  EXPECT_EQ(chains[0]["ranges"][1]["toBlock"], 200);
}

// A transaction above the chain's finalized block is not final however deep it lies (finality.h):
// the plan reads again everything above the finalized block of the last read, so a reorganisation
// deeper than the confirmation window still takes back what it removed; bounded by one range.
TEST(StatusOps, PollPlanReReadsEverythingAboveTheLastFinalizedBlock) {
  const auto from_of = [](json finalized, std::uint64_t max_range = 1000) {
    const OpResult r = poll_plan_op(config(), {{"cursors", {{"31337", 200}}}, {"heads", {{"31337", 210}}},
                                               {"finalized", finalized}, {"confirmations", 4}, {"maxRange", max_range}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["window"], max_range);
    return r.body["chains"][0]["ranges"][0]["fromBlock"];
  };
  EXPECT_EQ(from_of(json::object()), 197);                   // the confirmation window alone
  EXPECT_EQ(from_of({{"31337", nullptr}}), 197);             // a node without the tag
  EXPECT_EQ(from_of({{"31337", 136}}), 137);                 // anvil: 64 below the head
  EXPECT_EQ(from_of({{"31337", 199}}), 197);                 // finalized inside the window: the window
  EXPECT_EQ(from_of({{"31337", 0}}, 50), 151);               // lagging far: one range below the cursor
  EXPECT_THROW(from_of({{"31337", "x"}}), OpInputError);
}

// ---- refunds: the Portal call a refundable or expired status carries --------------------------

// Vector intents[0] (Base -> Optimism under the production Portal) on the production chains; the
// expected refund() call data is ethers' encoding (derived-vectors.json "refund").
namespace refunds {

using protocol::testing::derived;
using protocol::testing::vectors;
using testing::production_config;

constexpr std::uint64_t kBase = 8453;
constexpr std::uint64_t kOptimism = 10;
constexpr std::uint64_t kSolana = 1399811149;

const json& vector0() { return vectors()["intents"][0]; }
std::string hash0() { return vector0()["intentHash"].get<std::string>(); }
std::uint64_t route_deadline0() { return vector0()["intent"]["route"]["deadline"].get<std::uint64_t>(); }
std::uint64_t reward_deadline0() { return vector0()["intent"]["reward"]["deadline"].get<std::uint64_t>(); }

json expected_refund() {
  const json& call = derived()["refund"];
  return {{"transaction", {{"type", "evm"}, {"chainId", kBase}, {"to", call["to"]}, {"data", call["data"]}, {"value", "0"}}},
          {"availableAt", call["availableAt"]}};
}

json vector_log(const std::string& address, json topics, const std::string& data, int block, int tx) {
  return log(address, std::move(topics), data, block, tx);
}

json published0() {
  const json& e = derived()["events"]["intentPublished"];
  return vector_log(derived()["events"]["portal"], e["topics"], e["data"], 10, 1);
}
json funded0() {
  return vector_log(vectors()["portal"], {hex::encode(ev::intent_funded().topic0)},
                    hash0() + word(Address::parse(kCreator).lower_hex().substr(2)) + word("1"), 10, 1);
}
json fulfilled0() {
  return vector_log(vectors()["portal"], {hex::encode(ev::intent_fulfilled().topic0), hash0(), topic_of(Address::parse(kCreator))}, "0x", 50, 2);
}
json proven0() {
  return vector_log(vector0()["intent"]["reward"]["prover"], {hex::encode(ev::intent_proven().topic0), hash0(), topic_of(Address::parse(kCreator))},
                    "0x" + word("a"), 12, 3);
}
json refunded0() {
  return vector_log(vectors()["portal"], {hex::encode(ev::intent_refunded().topic0), topic_of(Address::parse(kCreator))}, hash0(), 30, 5);
}

json apply0(const json& record, std::uint64_t chain, const json& one_log) {
  const json held = record.is_null() ? registration_of(hash0()) : record;
  const OpResult r = apply_logs_op(production_config(), {{"chainId", chain}, {"logs", json::array({one_log})},
                                                         {"records", {{hash0(), held}}}, {"now", 1000}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["applied"], 1) << r.body.dump();
  return r.body["updates"][hash0()];
}

json status0(const json& record, std::uint64_t now) {
  const OpResult r = intent_status_op(production_config(), {{"query", {{"intentHash", hash0()}}}, {"record", record}, {"now", now}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

json quote_of(const json& entry) {
  return {{"id", std::string("quote:") + kQuoteUuid}, {"intentHash", entry["intentHash"]},
          {"steps", {{{"provider", "x"}, {"intents", {entry}}}}}};
}

json registered0() {
  const json entry = {{"role", "direct"}, {"intentHash", hash0()}, {"sourceChainId", kBase}, {"destinationChainId", kOptimism},
                      {"intent", vector0()["intent"]}, {"encodedRoute", vector0()["encodedRoute"]}};
  const OpResult r = register_quote_op(production_config(), {{"quote", quote_of(entry)}, {"records", {{hash0(), nullptr}}}, {"now", 500}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["records"][hash0()];
}

}  // namespace refunds

TEST(StatusOps, ARegisteredIntentCarriesThePortalsRefundOnceNoFillCanLand) {
  using namespace refunds;
  const json record = registered0();
  EXPECT_EQ(record["routeHash"], vector0()["routeHash"]);
  EXPECT_EQ(record["reward"], vector0()["intent"]["reward"]);

  json s = status0(record, route_deadline0());
  EXPECT_EQ(s["status"], "pending");
  EXPECT_TRUE(s["refund"].is_null());
  // Never funded as far as the chains show, but a funding may yet be found: the call is offered.
  s = status0(record, route_deadline0() + 1);
  EXPECT_EQ(s["status"], "expired");
  EXPECT_EQ(s["refund"], expected_refund());
  EXPECT_EQ(s["refund"]["transaction"]["data"].get<std::string>().substr(0, 10), "0x308adade");
  EXPECT_EQ(s["refund"]["availableAt"], reward_deadline0());
}

TEST(StatusOps, AnIntentSeenOnlyOnChainCarriesTheSameRefundWhenRefundable) {
  using namespace refunds;
  json record = apply0(nullptr, kBase, published0());
  EXPECT_EQ(record["routeHash"], vector0()["routeHash"]);
  EXPECT_EQ(record["reward"], vector0()["intent"]["reward"]);
  record = apply0(record, kBase, funded0());

  EXPECT_TRUE(status0(record, route_deadline0())["refund"].is_null());  // pending
  json s = status0(record, reward_deadline0() - 1);
  EXPECT_EQ(s["status"], "expired");
  EXPECT_EQ(s["refund"], expected_refund());
  // The Portal takes the refund at block.timestamp = reward.deadline: refundable from that second.
  s = status0(record, reward_deadline0());
  EXPECT_EQ(s["status"], "refundable");
  EXPECT_EQ(s["updatedAt"], reward_deadline0());
  EXPECT_EQ(s["refund"], expected_refund());
  EXPECT_EQ(s["refund"]["availableAt"], s["updatedAt"]);
  // Why, in the body: the op carries the core's reason (status_reason) as {code, message}.
  EXPECT_EQ(s["reason"]["code"], "not-filled");
  EXPECT_TRUE(s["reason"]["message"].get<std::string>().starts_with("no solver filled the intent by its route deadline"));
  EXPECT_EQ(s["reason"].size(), 2u);

  // Filled, settled or refunded: nothing to refund (or already done).
  const json filled = apply0(record, kOptimism, fulfilled0());
  s = status0(filled, reward_deadline0() + 10);
  EXPECT_EQ(s["status"], "filled");
  EXPECT_TRUE(s["refund"].is_null());
  s = status0(apply0(filled, kBase, proven0()), reward_deadline0() + 10);
  EXPECT_EQ(s["status"], "settled");
  EXPECT_TRUE(s["refund"].is_null());
  s = status0(apply0(record, kBase, refunded0()), reward_deadline0() + 10);
  EXPECT_EQ(s["status"], "refunded");
  EXPECT_TRUE(s["refund"].is_null());
  EXPECT_EQ(s["reason"]["code"], "not-filled");
  EXPECT_TRUE(status0(nullptr, reward_deadline0())["refund"].is_null());  // unknown
  EXPECT_TRUE(status0(nullptr, reward_deadline0())["reason"].is_null());
  EXPECT_TRUE(status0(filled, reward_deadline0() + 10)["reason"].is_null());

  // An older record without the refund arguments still reads, and offers no call.
  json older = record;
  older.erase("routeHash");
  older.erase("reward");
  s = status0(older, reward_deadline0());
  EXPECT_EQ(s["status"], "refundable");
  EXPECT_TRUE(s["refund"].is_null());
  // A Solana source: its Portal's refund is a Solana instruction, not this call.
  json solana = record;
  solana["sourceChainId"] = kSolana;
  EXPECT_TRUE(status0(solana, reward_deadline0())["refund"].is_null());
}

TEST(StatusOps, RegistrationFillsRefundArgumentsTheEventsDidNotGive) {
  using namespace refunds;
  // The fill was seen first: the record knows neither reward nor route hash.
  const json from_fill = apply0(nullptr, kOptimism, fulfilled0());
  EXPECT_TRUE(from_fill["reward"].is_null());
  const json fresh = registered0();
  const OpResult merged = merge_registration_op(production_config(), {{"registered", fresh}, {"stored", from_fill}});
  ASSERT_EQ(merged.status, 200) << merged.body.dump();
  EXPECT_EQ(merged.body["record"]["routeHash"], vector0()["routeHash"]);
  EXPECT_EQ(merged.body["record"]["reward"], vector0()["intent"]["reward"]);
  EXPECT_FALSE(merged.body["record"]["transactions"]["fulfilled"].is_null());
  // Known values stay as they are.
  json tampered = fresh;
  tampered["routeHash"] = "0x" + std::string(64, '1');
  const OpResult kept = merge_registration_op(production_config(), {{"registered", tampered}, {"stored", merged.body["record"]}});
  EXPECT_EQ(kept.body["record"]["routeHash"], vector0()["routeHash"]);

  // A quoted intent that does not hash to its intentHash gives no refund arguments.
  json entry = {{"role", "direct"}, {"intentHash", "0x" + std::string(64, 'e')}, {"sourceChainId", kBase},
                {"destinationChainId", kOptimism}, {"intent", vector0()["intent"]}};
  OpResult r = register_quote_op(production_config(), {{"quote", quote_of(entry)}, {"fresh", true}, {"now", 500}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_TRUE(r.body["records"]["0x" + std::string(64, 'e')]["routeHash"].is_null());
  EXPECT_TRUE(r.body["records"]["0x" + std::string(64, 'e')]["reward"].is_null());

  // A Solana-source intent (derived-vectors.json solana.fund: vector 0's route, a Solana reward):
  // its route hash is kept, its reward is not (no EVM refund to build from it).
  const json& fund = derived()["solana"]["fund"];
  json reward = fund["reward"];
  reward["nativeAmount"] = std::to_string(reward["nativeAmount"].get<std::uint64_t>());
  for (json& t : reward["tokens"]) t["amount"] = std::to_string(t["amount"].get<std::uint64_t>());
  entry = {{"role", "direct"}, {"intentHash", fund["intentHash"]}, {"sourceChainId", kSolana}, {"destinationChainId", kOptimism},
           {"intent", {{"destination", kOptimism}, {"route", vector0()["intent"]["route"]}, {"reward", reward}}}};
  r = register_quote_op(production_config(), {{"quote", quote_of(entry)}, {"fresh", true}, {"now", 500}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& svm = r.body["records"][fund["intentHash"].get<std::string>()];
  EXPECT_EQ(svm["routeHash"], fund["routeHash"]);
  EXPECT_TRUE(svm["reward"].is_null());
  const OpResult svm_status = intent_status_op(production_config(), {{"query", {{"intentHash", fund["intentHash"]}}}, {"record", svm},
                                                                     {"now", route_deadline0() + 1}});
  EXPECT_EQ(svm_status.body["status"], "expired");
  EXPECT_TRUE(svm_status.body["refund"].is_null());
}

}  // namespace
}  // namespace sr::service
