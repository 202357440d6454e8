// Deposit-address ops against the local configuration: creation through the quote engine (a
// real quote, its deadlines moved to the address's deadline), ERC-3009 and EIP-2612 submissions
// signed here, every broken rule refused with its field, 409 past the deadline, and status.
#include "service/deposits/deposit.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/eip712.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/quote_signature.h"
#include "protocol/vault.h"
#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

const Config& local_config() {
  static const Config config = Config::from_json(testing::config_json("local"));
  return config;
}

const char* const kSignerKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";  // anvil #1
const char* const kFunderKey = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";  // anvil #2
const char* const kFunder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const char* const kRefund = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const char* const kRecipient = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const char* const kUsdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const char* const kUsdcOptimism = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
constexpr std::uint64_t kNow = 1763700000;

json create_body() {
  return {{"source", {{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}}},
          {"destination", {{"chainId", 10}, {"token", kUsdcOptimism}, {"recipient", kRecipient}}},
          {"refundRecipient", kRefund}};
}

// Base (the source) has confirmed its vault derivation unless a test says otherwise.
OpResult create(const json& body, const json& confirmed_chains = json::array({8453})) {
  const auto signer = secp256k1::SecretKey::from_hex(kSignerKey);
  return deposit_create_op(local_config(), signer,
                           {{"body", body},
                            {"partner", "acme"},
                            {"now", kNow},
                            {"random", std::string(64, 'a')},
                            {"confirmedChains", confirmed_chains}});
}

// The stored form the worker keeps: {record, intent}.
const json& created() {
  static const json deposit = [] {
    const auto r = create(create_body());
    if (r.status != 201) throw std::runtime_error("depositCreate failed: " + r.body.dump());
    return r.body;
  }();
  return deposit;
}

std::vector<std::string> fields(const OpResult& r) {
  std::vector<std::string> out;
  for (const auto& e : r.body.value("errors", json::array())) out.push_back(e["field"]);
  return out;
}

json usdc_domain() {
  return {{"name", "USD Coin"}, {"version", "2"}, {"chainId", 8453}, {"verifyingContract", kUsdcBase}};
}

std::string sign_typed(const std::string& primary, const json& fields_json, json domain, const json& message,
                       const char* key = kFunderKey) {
  const json doc = {{"types", {{primary, fields_json}}}, {"primaryType", primary}, {"domain", std::move(domain)}, {"message", message}};
  return hex::encode(secp256k1::sign_digest(eip712::hash_typed_data(doc).digest, secp256k1::SecretKey::from_hex(key)));
}

const json kTransferTypes = json::array({{{"name", "from"}, {"type", "address"}},
                                         {{"name", "to"}, {"type", "address"}},
                                         {{"name", "value"}, {"type", "uint256"}},
                                         {{"name", "validAfter"}, {"type", "uint256"}},
                                         {{"name", "validBefore"}, {"type", "uint256"}},
                                         {{"name", "nonce"}, {"type", "bytes32"}}});
const json kPermitTypes = json::array({{{"name", "owner"}, {"type", "address"}},
                                       {{"name", "spender"}, {"type", "address"}},
                                       {{"name", "value"}, {"type", "uint256"}},
                                       {{"name", "nonce"}, {"type", "uint256"}},
                                       {{"name", "deadline"}, {"type", "uint256"}}});

json erc3009_body(json authorization = nullptr, json domain = usdc_domain(), const char* key = kFunderKey) {
  const std::string vault = created()["record"]["vaultAddress"];
  if (authorization.is_null()) {
    authorization = {{"from", kFunder}, {"to", vault},           {"value", "25000000"},
                     {"validAfter", "0"}, {"validBefore", "1763703600"}, {"nonce", "0x" + std::string(64, '3')}};
  }
  const std::string signature = sign_typed("TransferWithAuthorization", kTransferTypes, std::move(domain), authorization, key);
  return {{"vaultAddress", vault}, {"authorization", authorization}, {"signature", signature}};
}

json erc2612_body(json permit = nullptr) {
  const std::string vault = created()["record"]["vaultAddress"];
  if (permit.is_null()) {
    permit = {{"owner", kFunder}, {"spender", vault}, {"value", "25000000"}, {"nonce", "0"}, {"deadline", "1763703600"}};
  }
  return {{"vaultAddress", vault}, {"permit", permit}, {"signature", sign_typed("Permit", kPermitTypes, usdc_domain(), permit)}};
}

OpResult submit(const std::string& standard, const json& body, std::uint64_t now = kNow,
                const json& confirmed_chains = json::array({8453})) {
  return deposit_submit_verify_op(local_config(), {{"standard", standard},
                                                   {"body", body},
                                                   {"deposit", created()},
                                                   {"now", now},
                                                   {"confirmedChains", confirmed_chains}});
}

// The relayer pays the gas of every deposit: below the source chain's relay.minAmount (1 USDC
// locally) an address is refused naming source.amount, before any solver is asked.
TEST(DepositCreate, ADepositBelowTheRelayMinimumIsRefused) {
  json body = create_body();
  body["source"]["amount"] = "999999";
  for (const OpResult& r :
       {create(body), deposit_solver_requests_op(local_config(), {{"body", body}, {"partner", "acme"}, {"now", kNow}})}) {
    ASSERT_EQ(r.status, 400) << r.body.dump();
    ASSERT_EQ(r.body["errors"].size(), 1u) << r.body.dump();
    EXPECT_EQ(r.body["errors"][0]["field"], "source.amount");
    EXPECT_NE(r.body["detail"].get<std::string>().find("below the smallest amount a deposit address takes on chain 8453: 1000000 base units of USDC"),
              std::string::npos) << r.body.dump();
  }
  // Exactly the minimum is not refused for its amount.
  body["source"]["amount"] = "1000000";
  const OpResult at = deposit_solver_requests_op(local_config(), {{"body", body}, {"partner", "acme"}, {"now", kNow}});
  EXPECT_EQ(at.status, 200) << at.body.dump();
}

TEST(DepositCreate, BuildsAQuotedVaultWithItsOwnDeadline) {
  const json& record = created()["record"];
  const json& intent = created()["intent"];
  EXPECT_EQ(record["deadline"], kNow + 86400);  // config/local/partners.json deadlineSec
  EXPECT_EQ(record["fundingMethods"], json::array({"erc-3009", "erc-2612", "transfer"}));
  EXPECT_EQ(record["source"], json({{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}}));
  EXPECT_EQ(record["destination"]["recipient"], kRecipient);
  EXPECT_EQ(record["quoteId"].get<std::string>().size(), 36u);  // the bare UUID
  EXPECT_TRUE(record["minAmountOut"].is_string());
  EXPECT_TRUE(record["fees"].is_array());
  // The intent funds from the refund recipient's side and outlives the address's deadline.
  EXPECT_EQ(intent["reward"]["creator"], kRefund);
  EXPECT_EQ(intent["reward"]["tokens"][0], json({{"token", kUsdcBase}, {"amount", "25000000"}}));
  EXPECT_GT(intent["route"]["deadline"].get<std::uint64_t>(), record["deadline"].get<std::uint64_t>());
  EXPECT_GT(intent["reward"]["deadline"].get<std::uint64_t>(), intent["route"]["deadline"].get<std::uint64_t>());
  // Hash and vault follow from the stored intent.
  const auto decoded = protocol::intent_from_json(intent, Vm::evm, Vm::evm);
  const Hash32 hash = protocol::hash_intent(decoded, Vm::evm, Vm::evm).intent_hash;
  EXPECT_EQ(record["intentHash"], hex::encode(hash));
  const ChainRecord& base = *local_config().chain(8453);
  EXPECT_EQ(record["vaultAddress"],
            protocol::evm_vault_address(base.portal.evm(), hash, *base.vault_init_code_hash).checksummed());
}

// The answer carries the status index's registration of the address's intent, the same form the
// quote op answers (what registerQuote with "fresh" would answer for it): the worker stores it as
// it is, with no quote built in JavaScript to send back.
TEST(DepositCreate, AnswersTheRegistrationOfItsIntent) {
  const OpResult r = create(create_body());
  ASSERT_EQ(r.status, 201) << r.body.dump();
  ASSERT_TRUE(r.registrations.is_array());
  ASSERT_EQ(r.registrations.size(), 1u);
  const json& registration = r.registrations[0];
  const std::string hash = r.body["record"]["intentHash"];
  EXPECT_EQ(registration["quoteId"], r.body["record"]["quoteId"]);
  EXPECT_EQ(registration["deliveryIntentHash"], hash);
  ASSERT_EQ(registration["records"].size(), 1u);
  const json& stored = registration["records"][hash];
  EXPECT_EQ(stored["role"], "direct");
  EXPECT_EQ(stored["sourceChainId"], 8453);
  EXPECT_EQ(stored["destinationChainId"], 10);
  EXPECT_EQ(stored["routeDeadline"], r.body["intent"]["route"]["deadline"]);
  EXPECT_EQ(stored["rewardDeadline"], r.body["intent"]["reward"]["deadline"]);
  // A refusal registers nothing.
  json bad = create_body();
  bad["source"]["amount"] = "0";
  const OpResult refused = create(bad);
  EXPECT_GE(refused.status, 400);
  EXPECT_TRUE(refused.registrations.is_null());
}

// The record carries its intent and the v1 quote signature over [intentHash] until the deadline,
// by the source chain's quoteSigner (config/local/chains.json: the address of anvil #1's key).
TEST(DepositCreate, RecordCarriesTheIntentAndAQuoteSignatureOverItsHash) {
  const json& record = created()["record"];
  EXPECT_EQ(record["intent"], created()["intent"]);
  const std::string id = "quote:" + record["quoteId"].get<std::string>();
  const std::vector<Hash32> hashes = {hex::decode32(record["intentHash"].get<std::string>())};
  const std::uint64_t deadline = record["deadline"];
  const std::string signature = record["signature"];
  const Address signer = protocol::recover_quote_signer(id, hashes, deadline, 8453, signature);
  EXPECT_EQ(signer, local_config().chain(8453)->quote_signer);
  EXPECT_EQ(signer.checksummed(), "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  // Over exactly those values: another expiry, hash, id or chain recovers someone else.
  EXPECT_NE(protocol::recover_quote_signer(id, hashes, deadline + 1, 8453, signature), signer);
  EXPECT_NE(protocol::recover_quote_signer(id, {Hash32{}}, deadline, 8453, signature), signer);
  EXPECT_NE(protocol::recover_quote_signer(record["quoteId"].get<std::string>(), hashes, deadline, 8453, signature), signer);
  EXPECT_NE(protocol::recover_quote_signer(id, hashes, deadline, 10, signature), signer);
  // Both endpoints serve the stored record: GET's answer (op depositStatus) keeps both.
  const OpResult r = deposit_status_op(local_config(), {{"deposit", created()}, {"job", nullptr}, {"transfers", json::array()},
                                                        {"intentStatus", nullptr}, {"now", kNow}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["record"]["intent"], record["intent"]);
  EXPECT_EQ(r.body["record"]["signature"], record["signature"]);
}

TEST(DepositCreate, RefusesUnknownAndMissingFields) {
  auto body = create_body();
  body["source"]["funder"] = kFunder;
  body["extra"] = true;
  auto r = create(body);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(fields(r), (std::vector<std::string>{"extra", "source.funder"}));
  body = create_body();
  body.erase("refundRecipient");
  EXPECT_EQ(fields(create(body)), std::vector<std::string>{"refundRecipient"});
  body = create_body();
  body["refundRecipient"] = "0x1234";
  r = create(body);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(fields(r), std::vector<std::string>{"refundRecipient"}) << r.body.dump();
}

TEST(DepositCreate, ASolanaSourceIsRefusedNamingTheChain) {
  // Solana USDC -> Base USDC quotes (solbridge routes from Solana), but a deposit address is an
  // EVM vault the worker watches: there is none on Solana.
  json body = {{"source", {{"chainId", 1399811149}, {"token", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"}, {"amount", "25000000"}}},
               {"destination", {{"chainId", 8453}, {"token", kUsdcBase}, {"recipient", kRecipient}}},
               {"refundRecipient", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"}};
  const auto r = create(body, json::array({8453, 1399811149}));
  EXPECT_EQ(r.status, 400) << r.body.dump();
  EXPECT_EQ(fields(r), std::vector<std::string>{"source.chainId"}) << r.body.dump();
}

TEST(DepositSubmit, AcceptsErc3009AndErc2612SignedHere) {
  auto r = submit("erc-3009", erc3009_body());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["standard"], "erc3009");
  EXPECT_EQ(r.body["funder"], kFunder);
  EXPECT_EQ(r.body["intentHash"], created()["record"]["intentHash"]);
  EXPECT_EQ(r.body["plan"]["intent"], created()["intent"]);
  r = submit("erc-2612", erc2612_body());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["standard"], "erc2612");
}

TEST(DepositSubmit, RefusesBindingSignerDomainAmountAndWindowViolations) {
  auto auth = erc3009_body()["authorization"];
  auth["to"] = kRecipient;
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(auth))), std::vector<std::string>{"authorization.to"});

  auto permit = erc2612_body()["permit"];
  permit["spender"] = kRecipient;
  EXPECT_EQ(fields(submit("erc-2612", erc2612_body(permit))), std::vector<std::string>{"permit.spender"});

  // Signed by someone other than `from`.
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(nullptr, usdc_domain(), kSignerKey))), std::vector<std::string>{"signature"});
  // Signed under another token's domain.
  json domain = usdc_domain();
  domain["name"] = "Tether USD";
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(nullptr, domain))), std::vector<std::string>{"signature"});

  auth = erc3009_body()["authorization"];
  auth["value"] = "24999999";
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(auth))), std::vector<std::string>{"authorization.value"});

  auth = erc3009_body()["authorization"];
  auth["validBefore"] = std::to_string(kNow + 30);  // lapses before the relayer's margin
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(auth))), std::vector<std::string>{"authorization.validBefore"});
  // Two minutes is not enough either: the job may wait in the relay queue, and the relayer does not
  // sign a window closing within relay.windowMarginSec (kDepositRelayMarginSec = 300).
  auth["validBefore"] = std::to_string(kNow + 120);
  EXPECT_EQ(fields(submit("erc-3009", erc3009_body(auth))), std::vector<std::string>{"authorization.validBefore"});
  permit = erc2612_body()["permit"];
  permit["deadline"] = std::to_string(kNow - 1);
  EXPECT_EQ(fields(submit("erc-2612", erc2612_body(permit))), std::vector<std::string>{"permit.deadline"});
}

// The relayer's price comes from the chain, not from the fees stored with the address: an
// address quoted with no gas fee (a solver charging none) is relayed like any other, and the plan
// carries no price.
TEST(DepositSubmit, TheStoredGasFeeDoesNotPriceTheRelayer) {
  json free = created();
  for (json& fee : free["record"]["fees"]) {
    if (fee["type"] == "gas") fee["amount"] = "0";
  }
  for (const char* standard : {"erc-3009", "transfer"}) {
    const json input = {{"standard", standard}, {"body", erc3009_body()}, {"now", kNow}, {"confirmedChains", json::array({8453})}};
    json with_fee = input;
    with_fee["deposit"] = created();
    json without = input;
    without["deposit"] = free;
    const auto priced = deposit_submit_verify_op(local_config(), with_fee);
    ASSERT_EQ(priced.status, 200) << priced.body.dump();
    EXPECT_FALSE(priced.body["plan"].contains("maxFeePerGasCoveredWei")) << standard;
    const auto r = deposit_submit_verify_op(local_config(), without);
    ASSERT_EQ(r.status, 200) << standard << r.body.dump();
    EXPECT_EQ(r.body["plan"], priced.body["plan"]) << standard;
  }
}

TEST(DepositSubmit, PastTheDeadlineIsAConflict) {
  const std::uint64_t deadline = created()["record"]["deadline"];
  auto auth = erc3009_body()["authorization"];
  auth["validBefore"] = std::to_string(deadline + 3600);
  EXPECT_EQ(submit("erc-3009", erc3009_body(auth), deadline).status, 200);
  const auto r = submit("erc-3009", erc3009_body(auth), deadline + 1);
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(r.body["code"], "conflict");
}

TEST(DepositSubmit, IdenticalPayloadsShareAJobKey) {
  EXPECT_EQ(submit("erc-3009", erc3009_body()).body["jobKey"], submit("erc-3009", erc3009_body()).body["jobKey"]);
  auto auth = erc3009_body()["authorization"];
  auth["nonce"] = "0x" + std::string(64, '4');
  EXPECT_NE(submit("erc-3009", erc3009_body(auth)).body["jobKey"], submit("erc-3009", erc3009_body()).body["jobKey"]);
}

OpResult status(const json& job, const json& transfers, std::uint64_t now = kNow, const json& intent_status = nullptr) {
  return deposit_status_op(local_config(), {{"deposit", created()}, {"job", job}, {"transfers", transfers},
                                            {"intentStatus", intent_status}, {"now", now}});
}

TEST(DepositStatus, FollowsFundingThenTheIntent) {
  const std::uint64_t deadline = created()["record"]["deadline"];
  EXPECT_EQ(status(nullptr, json::array()).body["status"]["status"], "awaiting-funding");
  EXPECT_EQ(status(nullptr, json::array(), deadline + 1).body["status"]["status"], "expired");
  // Transfers seen but no job: below the amount, or not yet at the confirmation depth (the job is
  // created the moment depositObserve finds them confirmed; deposit_transfers_test.cpp).
  EXPECT_EQ(status(nullptr, json::array({{{"value", "1000"}}})).body["status"]["status"], "partially-funded");
  EXPECT_EQ(status(nullptr, json::array({{{"value", "25000000"}}})).body["status"]["status"], "partially-funded");
  EXPECT_EQ(status(nullptr, json::array({{{"value", "25000000"}}}), deadline + 1).body["status"]["status"], "expired");
  const json published = {{"status", "published"}, {"transactionHash", "0x" + std::string(64, 'b')}};
  const auto r = status(published, json::array());
  EXPECT_EQ(r.body["status"]["status"], "funding-submitted");
  EXPECT_EQ(r.body["status"]["transactions"]["funded"]["transactionHash"], published["transactionHash"]);
  EXPECT_TRUE(r.body["status"]["transactions"]["funded"]["blockNumber"].is_null());  // not mined yet
  EXPECT_EQ(r.body["status"]["transactions"]["funded"]["blockExplorerUrl"],
            "https://basescan.org/tx/" + published["transactionHash"].get<std::string>());
  // How final it is, as the job watching its receipt judged it (not final without a judgement).
  EXPECT_EQ(r.body["status"]["transactions"]["funded"]["confirmations"], 0);
  EXPECT_EQ(r.body["status"]["transactions"]["funded"]["final"], false);
  json watched = published;
  watched["confirmations"] = 70;
  watched["final"] = true;
  EXPECT_EQ(status(watched, json::array()).body["status"]["transactions"]["funded"]["confirmations"], 70);
  EXPECT_EQ(status(watched, json::array()).body["status"]["transactions"]["funded"]["final"], true);
  EXPECT_EQ(status({{"status", "failed"}}, json::array()).body["status"]["status"], "funding-failed");
  // A registered intent with nothing on chain yet does not hide the funding state.
  const json registered = {{"status", "pending"}, {"transactions", {{"published", nullptr}, {"funded", nullptr}}}};
  EXPECT_EQ(status(nullptr, json::array(), kNow, registered).body["status"]["status"], "awaiting-funding");
  const json funded = {{"status", "pending"}, {"transactions", {{"published", nullptr}, {"funded", {{"chainId", 8453}}}}}};
  EXPECT_EQ(status(published, json::array(), kNow, funded).body["status"]["status"], "pending");
  const json filled = {{"status", "filled"}, {"transactions", {{"published", nullptr}}}};
  EXPECT_EQ(status(published, json::array(), kNow, filled).body["status"]["status"], "filled");
  EXPECT_EQ(status(nullptr, json::array()).body["record"]["vaultAddress"], created()["record"]["vaultAddress"]);
}

TEST(DepositVault, NamesTheVaultOrRefusesTheField) {
  const std::string checksummed = created()["record"]["vaultAddress"];
  std::string lower = checksummed;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const std::string& spelling : {checksummed, lower}) {
    const OpResult r = deposit_vault_op({{"vaultAddress", spelling}});
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body["vault"], lower);
  }
  std::string miscased = checksummed;
  for (char& c : miscased) {
    if (std::isalpha(static_cast<unsigned char>(c)) && c != 'x') {
      c = static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
      break;
    }
  }
  for (const json& bad : {json("nope"), json(miscased), json(42), json(nullptr), json("0x" + std::string(38, 'a'))}) {
    const OpResult r = deposit_vault_op({{"vaultAddress", bad}});
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_EQ(r.body["errors"][0]["field"], "vaultAddress");
  }
  EXPECT_EQ(deposit_vault_op(json::object()).status, 400);
}

TEST(DepositVault, OnlyTheOwningPartnerSeesItAndAnotherPartnersVaultIsAsAbsentAsAnUnknownOne) {
  const std::string vault = created()["record"]["vaultAddress"];
  const auto seen_by = [&](const char* partner, json owner) {
    return deposit_vault_op({{"vaultAddress", vault}, {"partner", partner}, {"owner", owner}});
  };
  EXPECT_EQ(seen_by("acme", "partner:acme").status, 200);
  const OpResult foreign = seen_by("globex", "partner:acme");
  const OpResult unknown = seen_by("acme", nullptr);
  EXPECT_EQ(foreign.status, 404);
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(foreign.body["code"], "not-found");
  // The same answer either way: nothing tells another partner's address from an unknown one.
  EXPECT_EQ(foreign.body["detail"], unknown.body["detail"]);
  EXPECT_EQ(seen_by("acme", "key:dev-acme").status, 404);
  EXPECT_EQ(seen_by("acme", "partner:acme2").status, 404);
  // A malformed address is still the client's 400, whatever the owner.
  EXPECT_EQ(deposit_vault_op({{"vaultAddress", "nope"}, {"partner", "acme"}, {"owner", "partner:acme"}}).status, 400);
  // An owner without a partner, or of the wrong type, is a worker bug.
  EXPECT_THROW(deposit_vault_op({{"vaultAddress", vault}, {"owner", "partner:acme"}}), OpInputError);
  EXPECT_THROW(seen_by("acme", 7), OpInputError);
}

}  // namespace
}  // namespace sr::service
