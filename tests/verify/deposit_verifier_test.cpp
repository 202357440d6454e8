// The deposit-address verifier against real answers of op depositCreate (the local configuration,
// signed with the key of its quoteSigner): an answer passes every check, served at creation or by
// GET (op depositStatus); a change to any field fails the check named for it. "Re-signed" changes
// re-derive the intent hash, the vault and the signature with the real signer key, as a service
// that got the intent wrong would: only the check about what the intent says can catch those.
#include "verify/deposit_verifier.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "../service/config_fixture.h"
#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "json/nlohmann_bridge.h"
#include "protocol/erc20.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/quote_signature.h"
#include "protocol/vault.h"
#include "quote_fixture.h"
#include "service/chain/registry.h"
#include "service/deposits/deposit.h"

namespace sr::verify {
namespace {

using json = nlohmann::json;
using ordered = nlohmann::ordered_json;
using testing::failures;

const char* const kSignerKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";  // anvil #1
const char* const kOtherKey = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";   // anvil #2
const char* const kRefund = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const char* const kRecipient = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const char* const kStranger = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const char* const kUsdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const char* const kUsdcOptimism = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
constexpr std::uint64_t kNow = 1763700000;

const ordered& local_config_json() {
  static const ordered config = service::testing::config_json("local");
  return config;
}

const service::Config& local_config() {
  static const service::Config config = service::Config::from_json(local_config_json());
  return config;
}

json request() {
  return {{"source", {{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}}},
          {"destination", {{"chainId", 10}, {"token", kUsdcOptimism}, {"recipient", kRecipient}}},
          {"refundRecipient", kRefund}};
}

const ordered& created() {
  static const ordered deposit = [] {
    const auto signer = secp256k1::SecretKey::from_hex(kSignerKey);
    const auto r = service::deposit_create_op(local_config(), signer,
                                              {{"body", ordered(request())},
                                               {"partner", "acme"},
                                               {"now", kNow},
                                               {"random", std::string(64, 'a')},
                                               {"confirmedChains", ordered::array({8453})}});
    if (r.status != 201) throw std::runtime_error("depositCreate failed: " + r.body.dump());
    return r.body;
  }();
  return deposit;
}

json answer() { return json::parse(created()["record"].dump()); }

const ChainDirectory& chains() {
  static const ChainDirectory directory =
      ChainDirectory::from_json(json::parse(service::list_chains(local_config()).dump()));  // GET /v1/chains
  return directory;
}

Report verify(const json& deposit, const json& asked = request(), std::uint64_t now = kNow) {
  const Json asked_value = sr::json::from_nlohmann(asked);
  return verify_deposit_address(sr::json::from_nlohmann(deposit), DepositContext{&chains(), &asked_value, now});
}

std::set<std::string> failed(const Report& report) {
  std::set<std::string> out;
  for (const Check& c : report.checks) {
    if (!c.ok) out.insert(c.name);
  }
  return out;
}

// The answer with its intent hash, vault and signature derived again from its (changed) intent.
json resigned(json deposit, const char* key = kSignerKey) {
  const auto& chain = *local_config().chain(deposit["source"]["chainId"].get<std::uint64_t>());
  const Vm destination_vm = local_config().chain(deposit["intent"]["destination"].get<std::uint64_t>())->vm;
  const protocol::Intent intent = protocol::intent_from_json(ordered(deposit["intent"]), Vm::evm, destination_vm);
  const Hash32 hash = protocol::hash_intent(intent, Vm::evm, destination_vm).intent_hash;
  deposit["intentHash"] = hex::encode(hash);
  deposit["vaultAddress"] = protocol::evm_vault_address(chain.portal.evm(), hash, *chain.vault_init_code_hash).checksummed();
  deposit["signature"] = protocol::sign_quote("quote:" + deposit["quoteId"].get<std::string>(), {hash},
                                              deposit["deadline"], chain.chain_id, secp256k1::SecretKey::from_hex(key));
  return deposit;
}

using Names = std::set<std::string>;

TEST(DepositVerifier, ACreatedAnswerPassesEveryCheck) {
  const Report report = verify(answer());
  EXPECT_TRUE(report.ok()) << failures(report);
  ASSERT_EQ(report.checks.size(), 8u);
  const char* names[] = {"signature", "deadline", "intent-hash", "vault", "route-pays-recipient",
                         "reward-locks-deposit", "fees", "matches-request"};
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(report.checks[i].name, names[i]);
  EXPECT_NE(report.find("signature")->detail.find("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), std::string::npos);
}

TEST(DepositVerifier, TheRecordGetServesPassesToo) {
  const auto r = service::deposit_status_op(local_config(), {{"deposit", created()}, {"job", nullptr},
                                                             {"transfers", ordered::array()}, {"intentStatus", nullptr},
                                                             {"now", kNow + 10}});
  ASSERT_EQ(r.status, 200);
  const Report report = verify(json::parse(r.body["record"].dump()), request(), kNow + 10);
  EXPECT_TRUE(report.ok()) << failures(report);
}

TEST(DepositVerifier, SignatureAndSigner) {
  json a = answer();
  std::string signature = a["signature"];
  signature[10] = signature[10] == '0' ? '1' : '0';
  a["signature"] = signature;
  EXPECT_EQ(failed(verify(a)), Names{"signature"});
  // Consistent in every other respect, but not signed by the chain's quoteSigner.
  const Report report = verify(resigned(answer(), kOtherKey));
  EXPECT_EQ(failed(report), Names{"signature"});
  EXPECT_NE(report.find("signature")->detail.find("not to the quoteSigner of chain 8453"), std::string::npos);
  a = answer();
  a["signature"] = "0x1234";
  EXPECT_EQ(failed(verify(a)), Names{"signature"});
  // The signature covers the quote id and the deadline.
  a = answer();
  a["quoteId"] = "00000000-0000-4000-8000-000000000000";
  EXPECT_EQ(failed(verify(a)), Names{"signature"});
  a = answer();
  a["deadline"] = a["deadline"].get<std::uint64_t>() + 60;
  EXPECT_EQ(failed(verify(a)), Names{"signature"});
}

TEST(DepositVerifier, Deadline) {
  const std::uint64_t deadline = answer()["deadline"];
  EXPECT_EQ(failed(verify(answer(), request(), deadline - 1)), Names{});
  const Report report = verify(answer(), request(), deadline);
  EXPECT_EQ(failed(report), Names{"deadline"});
  EXPECT_NE(report.find("deadline")->detail.find("expired"), std::string::npos);
  // A route that ends before the address stops accepting money: funded late, it could not be filled.
  json a = answer();
  a["intent"]["route"]["deadline"] = deadline;
  EXPECT_EQ(failed(verify(resigned(a))), Names{"deadline"});
  a = answer();
  a["intent"]["reward"]["deadline"] = a["intent"]["route"]["deadline"];
  EXPECT_EQ(failed(verify(resigned(a))), Names{"deadline"});
}

TEST(DepositVerifier, IntentHash) {
  json a = answer();
  a["intent"]["route"]["salt"] = "0x" + std::string(64, '7');
  // The vault follows the intent, so it differs too; the signature is over the listed hash.
  EXPECT_EQ(failed(verify(a)), (Names{"intent-hash", "vault"}));
  a = answer();
  a["intentHash"] = "0x" + std::string(64, '7');
  EXPECT_EQ(failed(verify(a)), (Names{"signature", "intent-hash"}));
  a = answer();
  a["intent"]["reward"]["tokens"].push_back(a["intent"]["reward"]["tokens"][0]);
  EXPECT_TRUE(failed(verify(resigned(a))).count("intent-hash"));
}

TEST(DepositVerifier, Vault) {
  json a = answer();
  a["vaultAddress"] = kStranger;
  const Report report = verify(a);
  EXPECT_EQ(failed(report), Names{"vault"});
  EXPECT_NE(report.find("vault")->detail.find("derives"), std::string::npos);
  // Chain records without the vault init code hash cannot vouch for a vault.
  json records = json::parse(service::list_chains(local_config())["chains"].dump());
  for (json& chain : records) chain.erase("vaultInitCodeHash");
  const ChainDirectory without = ChainDirectory::from_json(records);
  const Json asked = sr::json::from_nlohmann(request());
  EXPECT_EQ(failed(verify_deposit_address(sr::json::from_nlohmann(answer()), DepositContext{&without, &asked, kNow})),
            Names{"vault"});
}

TEST(DepositVerifier, RoutePaysRecipient) {
  json a = answer();
  a["minAmountOut"] = "25000000";  // more than the route delivers, and than the deposit less its fees
  EXPECT_EQ(failed(verify(a)), (Names{"route-pays-recipient", "fees"}));
  // A route paying someone else, or less, or through another Portal, consistently signed.
  a = answer();
  std::string data = a["intent"]["route"]["calls"][0]["data"];
  const std::string recipient_word = std::string(24, '0') + std::string(kStranger + 2);
  data.replace(10, 64, recipient_word);
  a["intent"]["route"]["calls"][0]["data"] = data;
  EXPECT_EQ(failed(verify(resigned(a))), Names{"route-pays-recipient"});
  a = answer();
  a["intent"]["route"]["tokens"][0]["amount"] = "1";
  EXPECT_EQ(failed(verify(resigned(a))), Names{"route-pays-recipient"});
  a = answer();
  a["intent"]["route"]["portal"] = kStranger;
  EXPECT_EQ(failed(verify(resigned(a))), Names{"route-pays-recipient"});
  a = answer();
  a["intent"]["destination"] = 42161;
  EXPECT_EQ(failed(verify(resigned(a))), Names{"route-pays-recipient"});
  // The answer naming another recipient than its intent pays: the route check and the request's.
  a = answer();
  a["destination"]["recipient"] = kStranger;
  EXPECT_EQ(failed(verify(a)), (Names{"route-pays-recipient", "matches-request"}));
}

TEST(DepositVerifier, RewardLocksDeposit) {
  json a = answer();
  a["intent"]["reward"]["tokens"][0]["amount"] = "24999999";
  EXPECT_EQ(failed(verify(resigned(a))), Names{"reward-locks-deposit"});
  a = answer();
  a["intent"]["reward"]["creator"] = kStranger;  // refunds to someone else
  const Report report = verify(resigned(a));
  EXPECT_EQ(failed(report), Names{"reward-locks-deposit"});
  EXPECT_NE(report.find("reward-locks-deposit")->detail.find("refundRecipient"), std::string::npos);
  a = answer();
  a["intent"]["reward"]["tokens"][0]["token"] = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";  // Base USDT
  EXPECT_EQ(failed(verify(resigned(a))), Names{"reward-locks-deposit"});
  a = answer();
  a["intent"]["reward"]["nativeAmount"] = "1";
  EXPECT_EQ(failed(verify(resigned(a))), Names{"reward-locks-deposit"});
  a = answer();
  a["intent"]["reward"]["prover"] = kStranger;
  EXPECT_EQ(failed(verify(resigned(a))), Names{"reward-locks-deposit"});
  // The client asked for refunds elsewhere than the answer's intent sends them.
  json asked = request();
  asked["refundRecipient"] = kStranger;
  EXPECT_EQ(failed(verify(answer(), asked)), Names{"reward-locks-deposit"});
}

TEST(DepositVerifier, Fees) {
  // fees[0] is the protocol fee, paid in the destination token. A fee in a token the transfer never
  // holds is refused; a fee the route does not pay is refused by the route too.
  json a = answer();
  ASSERT_EQ(a["fees"][0]["type"], "protocol");
  a["fees"][0]["token"]["address"] = kStranger;
  EXPECT_EQ(failed(verify(a)), Names{"fees"});
  a = answer();
  a["fees"][0]["amount"] = "25000000";
  EXPECT_EQ(failed(verify(a)), (Names{"route-pays-recipient", "fees"}));
  a = answer();
  a["fees"][0]["type"] = "tip";  // a malformed list fails every check that reads it
  EXPECT_EQ(failed(verify(a)), (Names{"route-pays-recipient", "fees"}));
}

// A lying signer's deposit answers (re-signed with the real key): the same rules as quotes hold
// for the address's one intent.
TEST(DepositVerifier, ALyingSignersAnswersAreRefusedByTheRuleTheyBreak) {
  // The minimum and the route pay 1% of what the deposit less its fees leaves.
  json a = answer();
  const std::string one_percent = U256::mul_div(U256::from_decimal(a["minAmountOut"].get<std::string>()), U256(1), U256(100), Rounding::floor)->to_decimal();
  // The route keeps paying each fee after the recipient: its tokens drop by what the recipient loses.
  const U256 lost = U256::from_decimal(a["minAmountOut"].get<std::string>()).sub_or_throw(U256::from_decimal(one_percent));
  a["minAmountOut"] = one_percent;
  a["intent"]["route"]["tokens"][0]["amount"] =
      U256::from_decimal(a["intent"]["route"]["tokens"][0]["amount"].get<std::string>()).sub_or_throw(lost).to_decimal();
  a["intent"]["route"]["calls"][0]["data"] =
      hex::encode(protocol::erc20::transfer(Address::parse(kRecipient), U256::from_decimal(one_percent)));
  Report report = verify(resigned(a));
  EXPECT_EQ(failed(report), Names{"fees"});
  EXPECT_NE(report.find("fees")->detail.find("above the ceiling maxFeeBps 300"), std::string::npos)
      << report.find("fees")->detail;
  // A second transfer to a stranger, its tokens added to the route.
  a = answer();
  json& route = a["intent"]["route"];
  route["calls"].push_back({{"target", kUsdcOptimism},
                            {"data", hex::encode(protocol::erc20::transfer(Address::parse(kStranger), U256(1000)))},
                            {"value", "0"}});
  route["tokens"][0]["amount"] = U256::from_decimal(route["tokens"][0]["amount"].get<std::string>()).add_or_throw(U256(1000)).to_decimal();
  EXPECT_EQ(failed(verify(resigned(a))), Names{"route-pays-recipient"});
  // A reward locked five years past its route deadline.
  a = answer();
  a["intent"]["reward"]["deadline"] = a["intent"]["reward"]["deadline"].get<std::uint64_t>() + 5ull * 365 * 86400;
  report = verify(resigned(a));
  EXPECT_EQ(failed(report), Names{"deadline"});
  EXPECT_NE(report.find("deadline")->detail.find("maxRewardWindowSec"), std::string::npos);
  // The address's deadline and its intent's deadlines moved a year later together: each still
  // follows answer.deadline by what it did; only the bound on answer.deadline (the source chain's
  // maxDepositLifetimeSec after now) refuses it.
  a = answer();
  constexpr std::uint64_t kYear = 365ull * 86400;
  a["deadline"] = a["deadline"].get<std::uint64_t>() + kYear;
  for (const char* part : {"route", "reward"}) {
    a["intent"][part]["deadline"] = a["intent"][part]["deadline"].get<std::uint64_t>() + kYear;
  }
  report = verify(resigned(a));
  EXPECT_EQ(failed(report), Names{"deadline"});
  EXPECT_NE(report.find("deadline")->detail.find("maxDepositLifetimeSec"), std::string::npos)
      << report.find("deadline")->detail;
  // The dapp's own ceiling: the genuine answer's fees and minimum (under 1%) fail a 0.1% one.
  const Json asked = sr::json::from_nlohmann(request());
  DepositContext strict{&chains(), &asked, kNow};
  strict.max_fee_bps = 10;
  EXPECT_EQ(failed(verify_deposit_address(sr::json::from_nlohmann(answer()), strict)), Names{"fees"});
}

TEST(DepositVerifier, MatchesRequest) {
  for (const auto& [side, field, value] : std::initializer_list<std::tuple<const char*, const char*, json>>{
           {"source", "amount", "26000000"},
           {"source", "token", "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"},
           {"source", "chainId", 10},
           {"destination", "recipient", kStranger},
           {"destination", "chainId", 8453},
           {"destination", "token", "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58"}}) {
    json asked = request();
    asked[side][field] = value;
    const Report report = verify(answer(), asked);
    EXPECT_EQ(failed(report), Names{"matches-request"}) << side << "." << field << "\n" << failures(report);
  }
}

TEST(DepositVerifier, MalformedAnswersFailChecksAndAMalformedContextThrows) {
  json a = answer();
  a.erase("intent");
  const Report report = verify(a);
  EXPECT_FALSE(report.ok());
  EXPECT_NE(report.find("intent-hash")->detail.find("answer"), std::string::npos);
  EXPECT_EQ(failed(verify(json::array())).size(), 8u);
  const json args = {{"answer", answer()}, {"chains", json::parse(service::list_chains(local_config())["chains"].dump())}, {"now", kNow}};
  EXPECT_THROW(verify_deposit_address_json(args), ParseError);  // no request
  json with_request = args;
  with_request["request"] = request();
  const json out = verify_deposit_address_json(with_request);
  EXPECT_EQ(out["ok"], true) << out.dump(2);
}

}  // namespace
}  // namespace sr::verify
