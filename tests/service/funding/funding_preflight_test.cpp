// The relayer's simulation before a job is accepted: which eth_calls the core asks for, by
// standard, and its verdict on their answers (the vectors' Base -> Optimism intent, 25 USDC).
// The same calls against the real FiatToken, Permit2 and Permit3 run in
// edge-worker/test/funding/gasless-chains.test.mjs.
#include "service/funding/funding_preflight.h"

#include <gtest/gtest.h>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "relay_plan_fixture.h"
#include "crypto/hex.h"
#include "service/common/op_input.h"
#include "service/funding/relay_calls.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::vectors;

const char* const kRelayer = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788";
const char* const kUsdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

using testing::local_config;

json plan(const std::string& standard) { return testing::relay_plan(standard); }

std::vector<std::string> ids(const json& calls) {
  std::vector<std::string> out;
  for (const json& c : calls) out.push_back(c["id"]);
  return out;
}

const json& call(const json& calls, const std::string& id) {
  for (const json& c : calls) {
    if (c["id"] == id) return c;
  }
  throw std::runtime_error("no call " + id);
}

json calls_of(const json& the_plan) {
  const OpResult r = funding_preflight_op(local_config(), {{"plan", the_plan}, {"relayer", kRelayer}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["calls"];
}

std::string word(std::uint64_t value) {
  std::string hex = "0000000000000000000000000000000000000000000000000000000000000000";
  const std::string digits = U256(value).to_hex().substr(2);
  return "0x" + hex.substr(digits.size()) + digits;
}
const std::string kPlenty = word(1'000'000'000'000);

OpResult judge(const json& the_plan, const json& results) {
  return funding_preflight_verdict_op(local_config(), {{"plan", the_plan}, {"results", results}});
}

std::string detail(const OpResult& r) { return r.body.value("detail", std::string()); }

// Error(string) revert data, as a node returns it for require(false, reason).
const char* const kInvalidSignatureRevert =
    "0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000"
    "1e46696174546f6b656e56323a20696e76616c6964207369676e61747572650000";  // "FiatTokenV2: invalid signature"

TEST(FundingPreflight, Erc3009ChecksBalanceNonceAndTheCallItself) {
  const json calls = calls_of(plan("erc3009"));
  EXPECT_EQ(ids(calls), (std::vector<std::string>{"balance", "authorizationState", "rewardStatus", "authorization"}));
  const std::string funder_word = "00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8";
  EXPECT_EQ(call(calls, "balance")["to"], kUsdc);
  EXPECT_EQ(call(calls, "balance")["data"], "0x70a08231" + funder_word);
  EXPECT_EQ(call(calls, "authorizationState")["data"],
            "0xe94a0102" + funder_word + std::string(vectors()["permits"]["erc3009"]["message"]["nonce"]).substr(2));
  // The simulated authorization is exactly what the relayer will send, from the relayer.
  const json& authorization = call(calls, "authorization");
  EXPECT_EQ(authorization["from"], kRelayer);
  EXPECT_EQ(authorization["data"], hex::encode(relay_calls(local_config(), plan("erc3009")).authorization->data));

  const json good = {{"balance", {{"result", word(25'000'000)}}},
                     {"authorizationState", {{"result", word(0)}}},
                     {"rewardStatus", {{"result", word(0)}}},
                     {"authorization", {{"result", "0x"}}}};
  EXPECT_EQ(judge(plan("erc3009"), good).status, 200);

  json poor = good;
  poor["balance"]["result"] = word(24'999'999);
  const OpResult empty = judge(plan("erc3009"), poor);
  EXPECT_EQ(empty.status, 422);
  EXPECT_EQ(empty.body["code"], "funding-would-fail");
  EXPECT_NE(detail(empty).find("insufficient balance"), std::string::npos);
  EXPECT_NE(detail(empty).find("24999999"), std::string::npos);

  json used = good;
  used["authorizationState"]["result"] = word(1);
  EXPECT_NE(detail(judge(plan("erc3009"), used)).find("authorization already used"), std::string::npos);

  json reverts = good;
  reverts["authorization"] = {{"error", "execution reverted"}, {"data", kInvalidSignatureRevert}};
  const OpResult refused = judge(plan("erc3009"), reverts);
  EXPECT_EQ(refused.status, 422);
  EXPECT_NE(detail(refused).find("reverts: FiatTokenV2: invalid signature"), std::string::npos) << detail(refused);
  reverts["authorization"] = {{"error", "execution reverted: custom"}, {"data", "0x12345678"}};
  EXPECT_NE(detail(judge(plan("erc3009"), reverts)).find("custom error 0x12345678"), std::string::npos);
  reverts["authorization"] = {{"error", "out of gas"}};
  EXPECT_NE(detail(judge(plan("erc3009"), reverts)).find("out of gas"), std::string::npos);
}

TEST(FundingPreflight, Permit2NeedsTheFundersApprovalAndAnUnusedNonce) {
  const json calls = calls_of(plan("permit2"));
  EXPECT_EQ(ids(calls), (std::vector<std::string>{"balance", "permitContractAllowance", "permit2Nonce", "rewardStatus", "authorization"}));
  EXPECT_EQ(call(calls, "permitContractAllowance")["data"],
            "0xdd62ed3e00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8"
            "000000000000000000000000000000000022d473030f116ddee9f6b43ac78ba3");
  EXPECT_EQ(call(calls, "permit2Nonce")["to"], "0x000000000022D473030F116dDEE9F6B43aC78BA3");
  EXPECT_EQ(call(calls, "permit2Nonce")["data"].get<std::string>().substr(0, 10), "0x927da105");

  // Permit2.allowance answers (amount, expiration, nonce).
  const auto allowance = [](std::uint64_t nonce) { return word(0) + word(0).substr(2) + word(nonce).substr(2); };
  json good = {{"balance", {{"result", kPlenty}}},
               {"permitContractAllowance", {{"result", kPlenty}}},
               {"permit2Nonce", {{"result", allowance(0)}}},
               {"rewardStatus", {{"result", word(0)}}},
               {"authorization", {{"result", "0x"}}}};
  EXPECT_EQ(judge(plan("permit2"), good).status, 200);
  json unapproved = good;
  unapproved["permitContractAllowance"]["result"] = word(0);
  EXPECT_NE(detail(judge(plan("permit2"), unapproved)).find("Permit2 not approved"), std::string::npos);
  json used = good;
  used["permit2Nonce"]["result"] = allowance(1);
  EXPECT_NE(detail(judge(plan("permit2"), used)).find("authorization already used"), std::string::npos);
}

TEST(FundingPreflight, Erc2612ChecksTheTokensNonceAndTransferTheVaultsBalance) {
  EXPECT_EQ(ids(calls_of(plan("erc2612"))), (std::vector<std::string>{"balance", "permitNonce", "rewardStatus", "authorization"}));
  json answers = {{"balance", {{"result", kPlenty}}}, {"permitNonce", {{"result", word(3)}}}, {"rewardStatus", {{"result", word(0)}}}, {"authorization", {{"result", "0x"}}}};
  EXPECT_EQ(judge(plan("erc2612"), answers).status, 200);
  answers["permitNonce"]["result"] = word(4);
  EXPECT_NE(detail(judge(plan("erc2612"), answers)).find("authorization already used"), std::string::npos);

  // A deposit funded by plain transfers: only the vault's balance matters, and nothing is authorized.
  const json calls = calls_of(plan("transfer"));
  EXPECT_EQ(ids(calls), (std::vector<std::string>{"balance", "rewardStatus"}));
  EXPECT_NE(call(calls, "balance")["data"].get<std::string>().find("dba132cebb317454e84382d8f7e012a68ba349a8"), std::string::npos);
  const json unfunded = {{"result", word(0)}};
  EXPECT_EQ(judge(plan("transfer"), {{"balance", {{"result", word(25'000'000)}}}, {"rewardStatus", unfunded}}).status, 200);
  const OpResult short_vault = judge(plan("transfer"), {{"balance", {{"result", word(1)}}}, {"rewardStatus", unfunded}});
  EXPECT_NE(detail(short_vault).find("the vault"), std::string::npos);
}

const json kGoodErc3009 = {{"balance", {{"result", word(25'000'000)}}},
                           {"authorizationState", {{"result", word(0)}}},
                           {"rewardStatus", {{"result", word(0)}}},
                           {"authorization", {{"result", "0x"}}}};

// publishAndFundFor on an intent the Portal already counts as funded (or withdrawn, refunded)
// would revert after the authorization moved the funder's tokens: refused up front, whatever the
// standard, by the Portal's own getRewardStatus(bytes32) of the intent hash (the vectors' hash,
// computed independently of the core).
TEST(FundingPreflight, AnIntentThePortalAlreadyFundedIsRefused) {
  for (const std::string standard : {"erc3009", "permit2", "permit3", "erc2612", "transfer"}) {
    const json calls = calls_of(plan(standard));
    const json& status = call(calls, "rewardStatus");
    EXPECT_EQ(status["to"], local_config().chain(8453)->portal.evm().checksummed()) << standard;
    // getRewardStatus(bytes32) is 0x1299d617 (keccak256 of the signature, by ethers).
    EXPECT_EQ(status["data"], "0x1299d617" + vectors()["intents"][0]["intentHash"].get<std::string>().substr(2)) << standard;
  }
  for (const auto& [status, name] : std::vector<std::pair<int, std::string>>{{1, "funded"}, {2, "withdrawn"}, {3, "refunded"}}) {
    json funded = kGoodErc3009;
    funded["rewardStatus"]["result"] = word(status);
    const OpResult r = judge(plan("erc3009"), funded);
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(r.body["code"], "funding-would-fail");
    EXPECT_NE(detail(r).find("intent already funded"), std::string::npos) << detail(r);
    EXPECT_NE(detail(r).find("as " + name), std::string::npos) << detail(r);
    EXPECT_NE(detail(r).find(vectors()["intents"][0]["intentHash"].get<std::string>()), std::string::npos);
  }
}

// Permit3 spends a salt once (isNonceUsed(owner, salt), selector 0x0685c03a by ethers).
TEST(FundingPreflight, Permit3ChecksItsSalt) {
  const json calls = calls_of(plan("permit3"));
  EXPECT_EQ(ids(calls), (std::vector<std::string>{"balance", "permitContractAllowance", "permit3Nonce", "rewardStatus", "authorization"}));
  EXPECT_EQ(call(calls, "permit3Nonce")["to"], "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34");
  EXPECT_EQ(call(calls, "permit3Nonce")["data"],
            "0x0685c03a00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8" + std::string(64, '3'));
  json good = {{"balance", {{"result", kPlenty}}},
               {"permitContractAllowance", {{"result", kPlenty}}},
               {"permit3Nonce", {{"result", word(0)}}},
               {"rewardStatus", {{"result", word(0)}}},
               {"authorization", {{"result", "0x"}}}};
  EXPECT_EQ(judge(plan("permit3"), good).status, 200);
  good["permit3Nonce"]["result"] = word(1);
  const OpResult used = judge(plan("permit3"), good);
  EXPECT_EQ(used.status, 422);
  EXPECT_NE(detail(used).find("authorization already used: Permit3 salt 0x3333"), std::string::npos) << detail(used);
}

// One balance cannot back two relayed fundings: the preflight names the reservation the funding
// takes (chain, token, funder, amount), and the verdict counts the other accepted, unsettled
// fundings of that funder ("reserved", as the worker's per-chain store keeps them) against the balance.
TEST(FundingPreflight, ReservationsOfOtherFundingsCountAgainstTheBalance) {
  const OpResult planned = funding_preflight_op(local_config(), {{"plan", plan("erc3009")}, {"relayer", kRelayer}});
  ASSERT_EQ(planned.status, 200);
  EXPECT_EQ(planned.body["reservation"], (json{{"chainId", 8453}, {"token", kUsdc}, {"funder", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}, {"amount", "25000000"}}));
  // A plain transfer already paid the vault: it holds nothing of the funder's.
  EXPECT_TRUE(funding_preflight_op(local_config(), {{"plan", plan("transfer")}, {"relayer", kRelayer}}).body["reservation"].is_null());

  const auto judge_reserved = [](const json& results, const json& reserved, const json& job_id) {
    return funding_preflight_verdict_op(local_config(), {{"plan", plan("erc3009")}, {"results", results}, {"reserved", reserved}, {"jobId", job_id}});
  };
  json results = kGoodErc3009;
  results["balance"]["result"] = word(50'000'000);
  // 50 USDC held, 25 reserved by another job: exactly covered.
  EXPECT_EQ(judge_reserved(results, json::array({{{"jobId", "job:a"}, {"amount", "25000000"}}}), "job:mine").status, 200);
  // One more unit reserved elsewhere: refused, naming each reservation and the amounts.
  const OpResult over = judge_reserved(results, json::array({{{"jobId", "job:a"}, {"amount", "25000000"}}, {{"jobId", "job:b"}, {"amount", "1"}}}), "job:mine");
  EXPECT_EQ(over.status, 422);
  EXPECT_EQ(over.body["code"], "funding-would-fail");
  EXPECT_NE(detail(over).find("insufficient balance once reserved"), std::string::npos) << detail(over);
  EXPECT_NE(detail(over).find("25000001 is reserved"), std::string::npos) << detail(over);
  EXPECT_NE(detail(over).find("job:a (25000000), job:b (1)"), std::string::npos) << detail(over);
  // The submit's own job (a retried submit of the same job) never counts against itself.
  EXPECT_EQ(judge_reserved(results, json::array({{{"jobId", "job:mine"}, {"amount", "25000000"}}, {{"jobId", "job:a"}, {"amount", "25000000"}}}), "job:mine").status, 200);
  // Reservations larger than the balance: refused, never an underflow.
  EXPECT_EQ(judge_reserved(results, json::array({{{"jobId", "job:a"}, {"amount", "99000000"}}}), "job:mine").status, 422);
  // Malformed rows are the worker's bug.
  EXPECT_THROW(judge_reserved(results, json::array({{{"jobId", "job:a"}}}), "job:mine"), OpInputError);
  EXPECT_THROW(judge_reserved(results, json{{"jobId", "job:a"}}, "job:mine"), OpInputError);
  EXPECT_THROW(judge_reserved(results, json::array({{{"jobId", "job:a"}, {"amount", "lots"}}}), "job:mine"), OpInputError);
}

// Without an endpoint on the chain or a relayer key nothing can be simulated or sent: 422, the
// endpoint named first.
TEST(FundingPreflight, NoEndpointOrNoRelayerKeyWouldFail) {
  const auto refused = [](const json& input, const std::string& missing) {
    const OpResult r = funding_preflight_op(local_config(), input);
    ASSERT_EQ(r.status, 422) << r.body.dump();
    EXPECT_EQ(r.body["code"], "funding-would-fail");
    EXPECT_EQ(r.body["detail"], "the funding would fail, so the relayer will not send it: the relayer has " + missing +
                                    ", so it can neither simulate nor send this funding. Nothing was sent and no job was created");
  };
  refused({{"plan", plan("erc3009")}, {"relayer", kRelayer}, {"endpoint", false}}, "no JSON-RPC endpoint for chain 8453");
  refused({{"plan", plan("erc3009")}, {"relayer", nullptr}, {"endpoint", false}}, "no JSON-RPC endpoint for chain 8453");
  refused({{"plan", plan("erc3009")}, {"relayer", nullptr}, {"endpoint", true}}, "no key (worker secret RELAYER_KEY)");
  EXPECT_EQ(funding_preflight_op(local_config(), {{"plan", plan("erc3009")}, {"relayer", kRelayer}, {"endpoint", true}}).status, 200);
  EXPECT_THROW(funding_preflight_op(local_config(), {{"plan", plan("erc3009")}, {"relayer", kRelayer}, {"endpoint", "yes"}}), OpInputError);
}

TEST(FundingPreflight, MissingOrMalformedAnswersAreWorkerBugs) {
  EXPECT_THROW(judge(plan("erc3009"), {{"balance", {{"result", kPlenty}}}}), OpInputError);
  EXPECT_THROW(judge(plan("erc3009"), {{"balance", {{"result", "0x12"}}}, {"rewardStatus", {{"result", word(0)}}}}), OpInputError);
  EXPECT_THROW(funding_preflight_op(local_config(), {{"plan", plan("erc3009")}, {"relayer", "nope"}}), OpInputError);
}

}  // namespace
}  // namespace sr::service

namespace sr::service {
namespace {

// Error(string) reasons as nodes hand them over: canonical, and without the final padding (as
// eth_simulateV1 results have come); other data keeps the selector, never a made-up message.
TEST(FundingPreflight, RevertReasonsAreReadWhateverThePadding) {
  const std::string selector = "08c379a0";
  const std::string offset = "0000000000000000000000000000000000000000000000000000000000000020";
  const std::string length = "0000000000000000000000000000000000000000000000000000000000000026";
  // "ERC20: transfer amount exceeds balance" (38 bytes), padded to 64.
  const std::string text = "45524332303a207472616e7366657220616d6f756e7420657863656564732062616c616e6365";
  const std::string canonical = "0x" + selector + offset + length + text + std::string(52, '0');
  const std::string unpadded = "0x" + selector + offset + length + text;
  EXPECT_EQ(call_revert_reason({{"error", "execution reverted"}, {"data", canonical}}), "ERC20: transfer amount exceeds balance");
  EXPECT_EQ(call_revert_reason({{"error", "execution reverted"}, {"data", unpadded}}), "ERC20: transfer amount exceeds balance");
  EXPECT_EQ(call_revert_reason({{"error", "execution reverted"}, {"data", "0xdeadbeef"}}), "custom error 0xdeadbeef");
  EXPECT_EQ(call_revert_reason({{"error", "execution reverted"}}), "execution reverted");
}

}  // namespace
}  // namespace sr::service
