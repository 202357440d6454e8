// gaslessVerify against the local configuration (chain 8453 signs quotes with the development
// key): the protocol vectors' ERC-3009, Permit2 and Permit3 signatures are accepted for the
// vectors' Base -> Optimism intent, authorizations signed here with the C++ signer are accepted,
// and every broken rule is refused naming its field.
#include "service/funding/gasless.h"
#include "service/funding/gasless_job.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/eip712.h"
#include "protocol/intent_hash.h"
#include "protocol/permit3.h"
#include "protocol/quote_signature.h"
#include "protocol/permit2.h"
#include "protocol/vault.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::vectors;

using testing::local_config;

// Anvil #1: the local quote signer and, in the vectors, the funder.
const char* const kKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const char* const kFunder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// The vault of the vectors' first intent, under the vectors' Portal.
const std::string& vault_of_vector() { return vectors()["intents"][0]["vault"].get_ref<const std::string&>(); }
const char* const kUsdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
constexpr std::uint64_t kNow = 1763700000;
constexpr std::uint64_t kExpiresAt = 1763700120;

std::string sign(const Hash32& digest, const char* key = kKey) {
  return hex::encode(secp256k1::sign_digest(digest, secp256k1::SecretKey::from_hex(key)));
}

// A quote's fees with its `gas` entry in Base USDC (the service lists protocol and proving fees too).
json gas_fees(const std::string& amount) {
  const json usdc = {{"chainId", 8453}, {"address", kUsdcBase}, {"symbol", "USDC"}, {"decimals", 6}};
  return json::array({{{"type", "protocol"}, {"amount", "0"}, {"token", usdc}, {"estimate", false}},
                      {{"type", "gas"}, {"amount", amount}, {"token", usdc}, {"estimate", false}}});
}

// A signed quote for the vectors' first intent (Base USDC -> Optimism USDC, vault_of_vector()).
json make_quote(std::uint64_t expires_at = kExpiresAt, const char* signer_key = kKey) {
  const json& v = vectors()["intents"][0];
  json quote = {
      {"id", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d"},
      {"type", "exact-in"},
      {"source", {{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}, {"funder", kFunder}}},
      {"fees", gas_fees("10000")},
      {"steps",
       {{{"provider", "solver"},
         {"intents",
          {{{"role", "direct"},
            {"intentHash", v["intentHash"]},
            {"sourceChainId", 8453},
            {"destinationChainId", 10},
            {"intent", v["intent"]},
            {"vault", v["vault"]}}}}}}},
      {"intentHash", v["intentHash"]},
      {"execution", {{"intent", v["intent"]}, {"vault", v["vault"]}}},
      {"expiresAt", expires_at}};
  quote["signature"] = protocol::sign_quote(quote["id"], {protocol::testing::h32(v["intentHash"])}, expires_at, 8453,
                                            secp256k1::SecretKey::from_hex(signer_key));
  return quote;
}

json erc3009_body() {
  const json& p = vectors()["permits"]["erc3009"];
  return {{"quote", make_quote()}, {"authorization", p["message"]}, {"signature", p["signature"]}};
}

json permit2_body() {
  const json& p = vectors()["permits"]["permit2Single"];
  json permit2 = p["message"];
  permit2["details"] = json::array({permit2["details"]});
  return {{"quote", make_quote()}, {"permit2", permit2}, {"signature", p["signature"]}};
}

json permit3_body() {
  const json& p = vectors()["permits"]["permit3"];
  const json permit3 = {{"owner", p["owner"]},         {"salt", p["salt"]},
                        {"deadline", p["deadline"]},   {"timestamp", p["timestamp"]},
                        {"chainPermits", p["chainPermits"]}, {"proof", json::array()}};
  return {{"quote", make_quote()}, {"permit3", permit3}, {"signature", p["signature"]}};
}

// The vectors' chain (Base) has confirmed its vault derivation unless a test says otherwise.
OpResult verify(const std::string& standard, const json& body, std::uint64_t now = kNow,
                const json& confirmed_chains = json::array({8453})) {
  return gasless_verify_op(local_config(),
                           {{"standard", standard}, {"body", body}, {"now", now}, {"confirmedChains", confirmed_chains}});
}

std::vector<std::string> fields(const OpResult& r) {
  std::vector<std::string> out;
  for (const auto& e : r.body.value("errors", json::array())) out.push_back(e["field"]);
  return out;
}

bool names(const OpResult& r, const std::string& field) {
  const auto f = fields(r);
  return std::find(f.begin(), f.end(), field) != f.end();
}

// Re-signs an ERC-3009 authorization under a domain (token's own unless overridden).
std::string sign_erc3009(const json& authorization, json domain, const char* key = kKey) {
  const json& p = vectors()["permits"]["erc3009"];
  return sign(eip712::hash_typed_data({{"types", p["types"]}, {"primaryType", "TransferWithAuthorization"},
                                       {"domain", std::move(domain)}, {"message", authorization}})
                  .digest,
              key);
}

const json& usdc_domain() { return vectors()["permits"]["erc3009"]["domain"]; }

TEST(GaslessVerify, AcceptsTheVectorsErc3009Authorization) {
  const auto r = verify("erc3009", erc3009_body());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["standard"], "erc3009");
  EXPECT_EQ(r.body["quoteId"], "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d");
  EXPECT_EQ(r.body["intentHash"], vectors()["intents"][0]["intentHash"]);
  EXPECT_EQ(r.body["chainId"], 8453);
  EXPECT_EQ(r.body["funder"], kFunder);
  EXPECT_EQ(r.body["vault"], vault_of_vector());
  EXPECT_EQ(r.body["plan"]["authorization"]["to"], vault_of_vector());
  EXPECT_EQ(r.body["plan"]["intent"], vectors()["intents"][0]["intent"]);
  // The job the submit creates: accepted now, named after the quote's bare UUID.
  EXPECT_EQ(r.body["job"], gasless_job("erc3009", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d",
                                       vectors()["intents"][0]["intentHash"].get<std::string>(), 8453, kNow));
  EXPECT_EQ(r.body["job"]["id"], "job:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d");
}

TEST(GaslessVerify, AcceptsTheVectorsPermit2AndPermit3Signatures) {
  const auto p2 = verify("permit2", permit2_body());
  EXPECT_EQ(p2.status, 200) << p2.body.dump();
  const auto p3 = verify("permit3", permit3_body());
  EXPECT_EQ(p3.status, 200) << p3.body.dump();
}

// Three chains: the vectors' root from the first chain's leaf and its proof, then a signature
// made here over that root is accepted.
TEST(GaslessVerify, Permit3ThreeChainMerkleProof) {
  const json& m = vectors()["permits"]["permit3"]["multichain"];
  auto body = permit3_body();
  body["permit3"]["proof"] = m["proofForFirst"];
  const auto permit = protocol::permit3::parse(body["permit3"]);
  EXPECT_EQ(hex::encode(protocol::permit3::chain_hash(permit.chain_permits)), m["leaves"][0]);
  EXPECT_EQ(hex::encode(protocol::permit3::root_from_proof(protocol::permit3::chain_hash(permit.chain_permits), permit.proof)),
            m["root"]);
  // The single-chain signature does not cover the three-chain root.
  EXPECT_TRUE(names(verify("permit3", body), "signature"));
  body["signature"] = sign(protocol::permit3::digest(permit));
  const auto r = verify("permit3", body);
  EXPECT_EQ(r.status, 200) << r.body.dump();
}

TEST(GaslessVerify, AcceptsAuthorizationsSignedHere) {
  auto body = erc3009_body();
  body["authorization"]["nonce"] = "0x" + std::string(64, '7');
  body["authorization"]["value"] = "26000000";  // more than needed is fine
  body["signature"] = sign_erc3009(body["authorization"], usdc_domain());
  const auto r = verify("erc3009", body);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  // Another authorization for the same quote is another job.
  EXPECT_NE(r.body["jobKey"], verify("erc3009", erc3009_body()).body["jobKey"]);
}

TEST(GaslessVerify, JobKeyIsTheSignedPayloadNotItsSpelling) {
  const auto a = verify("erc3009", erc3009_body());
  auto respelled = erc3009_body();
  respelled["authorization"]["from"] = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";  // lowercase
  respelled["authorization"]["validBefore"] = 1763700600;                          // a JSON number
  const auto b = verify("erc3009", respelled);
  ASSERT_EQ(b.status, 200) << b.body.dump();
  EXPECT_EQ(a.body["jobKey"], b.body["jobKey"]);
}

TEST(GaslessVerify, BindingRuleNamesTheField) {
  const char* other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  auto erc3009 = erc3009_body();
  erc3009["authorization"]["to"] = other;
  erc3009["signature"] = sign_erc3009(erc3009["authorization"], usdc_domain());
  EXPECT_TRUE(names(verify("erc3009", erc3009), "authorization.to"));

  auto permit2 = permit2_body();
  permit2["permit2"]["spender"] = other;
  EXPECT_TRUE(names(verify("permit2", permit2), "permit2.spender"));

  auto permit3 = permit3_body();
  permit3["permit3"]["chainPermits"]["permits"][0]["account"] = other;
  EXPECT_TRUE(names(verify("permit3", permit3), "permit3.chainPermits.permits[0].account"));
}

TEST(GaslessVerify, WrongSignerAndWrongDomainAreSignatureErrors) {
  auto body = erc3009_body();
  // Signed by anvil #2 instead of the funder.
  body["signature"] = sign_erc3009(body["authorization"], usdc_domain(),
                                   "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
  auto r = verify("erc3009", body);
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(names(r, "signature"));

  json wrong_version = usdc_domain();
  wrong_version["version"] = "1";
  body["signature"] = sign_erc3009(body["authorization"], wrong_version);
  EXPECT_TRUE(names(verify("erc3009", body), "signature"));

  json wrong_chain = usdc_domain();
  wrong_chain["chainId"] = 1;
  body["signature"] = sign_erc3009(body["authorization"], wrong_chain);
  EXPECT_TRUE(names(verify("erc3009", body), "signature"));

  // Permit3 signed under the source chain's id instead of the fixed chainId 1: the same struct
  // hash under a domain naming chain 8453 is a signature over another digest.
  auto permit3 = permit3_body();
  const json& p = vectors()["permits"]["permit3"];
  const auto domain = [](int chain_id) {
    return eip712::domain_separator({{"name", "Permit3"}, {"version", "1"}, {"chainId", chain_id},
                                     {"verifyingContract", "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34"}});
  };
  EXPECT_EQ(p["domainSeparator"], hex::encode(domain(1)));
  const auto permit = protocol::permit3::parse(permit3["permit3"]);
  const Hash32 struct_hash = protocol::permit3::struct_hash(
      permit.owner, permit.salt, permit.deadline, permit.timestamp,
      protocol::permit3::root_from_proof(protocol::permit3::chain_hash(permit.chain_permits), permit.proof));
  // Signed here under chainId 1 it is accepted (the digest is built right), under 8453 refused.
  permit3["signature"] = sign(eip712::digest(domain(1), struct_hash));
  const auto right = verify("permit3", permit3);
  EXPECT_EQ(right.status, 200) << right.body.dump();
  permit3["signature"] = sign(eip712::digest(domain(8453), struct_hash));
  const auto wrong = verify("permit3", permit3);
  EXPECT_EQ(wrong.status, 400);
  EXPECT_EQ(fields(wrong), std::vector<std::string>{"signature"}) << wrong.body.dump();
}

// The quote's signature covers its id, intent hashes and expiry, not source.amount: a client can
// change that copy and sign its authorization for the new amount. The amount must be what the
// signed intent's reward locks, else a client could, for one, claim an amount above the relay
// minimum for a reward under it.
TEST(GaslessVerify, TheQuotedAmountMustBeTheFundedReward) {
  for (const char* amount : {"25000001", "24000000"}) {
    auto body = erc3009_body();
    body["quote"]["source"]["amount"] = amount;
    body["authorization"]["value"] = amount;
    body["signature"] = sign_erc3009(body["authorization"], usdc_domain());
    const auto r = verify("erc3009", body);
    EXPECT_EQ(r.status, 400) << amount;
    EXPECT_EQ(fields(r), std::vector<std::string>{"quote.source.amount"}) << r.body.dump();
    EXPECT_NE(r.body.dump().find("is not the funded reward's amount 25000000"), std::string::npos) << r.body.dump();
  }
}

TEST(GaslessVerify, ExpiredOrForeignQuotesAreRefused) {
  auto body = erc3009_body();
  auto r = verify("erc3009", body, kExpiresAt);  // now == expiresAt: expired
  EXPECT_TRUE(names(r, "quote.expiresAt"));

  body["quote"] = make_quote(kExpiresAt, "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
  EXPECT_TRUE(names(verify("erc3009", body), "quote.signature"));

  // A later expiresAt than the one signed.
  body["quote"] = make_quote();
  body["quote"]["expiresAt"] = kExpiresAt + 3600;
  EXPECT_TRUE(names(verify("erc3009", body), "quote.signature"));
}

TEST(GaslessVerify, ASolanaSourceIsRefusedNamingTheChain) {
  // Solana sources fund with the Portal's own instruction, signed by the funder: there is no
  // signed token authorization a relayer could submit for them.
  auto body = erc3009_body();
  body["quote"]["source"]["chainId"] = 1399811149;
  const auto r = verify("erc3009", body);
  EXPECT_EQ(r.status, 400) << r.body.dump();
  EXPECT_TRUE(names(r, "quote.source.chainId")) << r.body.dump();
  const std::string detail = r.body.dump();
  EXPECT_NE(detail.find("gasless funding exists only on EVM chains"), std::string::npos) << detail;
}

TEST(GaslessVerify, IntentHashesAreRecomputedFromTheDecodedIntents) {
  auto body = erc3009_body();
  // A different recipient amount in the decoded intent: its hash no longer matches.
  body["quote"]["steps"][0]["intents"][0]["intent"]["route"]["tokens"][0]["amount"] = "1";
  EXPECT_TRUE(names(verify("erc3009", body), "quote.steps[0].intents[0].intentHash"));

  // Tampering with the funded intent: not one of the signed intents, and not this vault's.
  body = erc3009_body();
  body["quote"]["execution"]["intent"]["reward"]["creator"] = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  const auto r = verify("erc3009", body);
  EXPECT_TRUE(names(r, "quote.execution.intent"));
  EXPECT_TRUE(names(r, "quote.execution.vault"));
}

// ERC-3009 and Permit3 transfers pay the vault directly: refused (503, Retry-After) until the
// chain's Portal confirmed the vault derivation. Allowances only let the vault pull: accepted.
TEST(GaslessVerify, DirectPayeesNeedAConfirmedVaultDerivation) {
  const json none = json::array();
  const auto erc3009 = verify("erc3009", erc3009_body(), kNow, none);
  EXPECT_EQ(erc3009.status, 503) << erc3009.body.dump();
  EXPECT_EQ(erc3009.body["code"], "chain-unverified");
  EXPECT_NE(erc3009.body["detail"].get<std::string>().find("chain 8453"), std::string::npos);
  EXPECT_EQ(erc3009.headers, (json{{"Retry-After", "60"}}));
  EXPECT_EQ(verify("erc3009", erc3009_body(), kNow, json::array({10})).status, 503);  // another chain's word is not Base's
  EXPECT_EQ(verify("permit2", permit2_body(), kNow, none).status, 200);
  EXPECT_EQ(verify("permit3", permit3_body(), kNow, none).status, 200);  // the vector is an allowance

  auto transfer = permit3_body();
  transfer["permit3"]["chainPermits"]["permits"][0]["modeOrExpiration"] = "0";
  transfer["signature"] = sign(protocol::permit3::digest(protocol::permit3::parse(transfer["permit3"])));
  EXPECT_EQ(verify("permit3", transfer).status, 200);
  const auto refused = verify("permit3", transfer, kNow, none);
  EXPECT_EQ(refused.status, 503);
  EXPECT_NE(refused.body["detail"].get<std::string>().find("Permit3 transfer"), std::string::npos);
  // Field errors come first: a client fixes its request before waiting for the chain.
  auto bad = erc3009_body();
  bad["authorization"]["value"] = "1";
  EXPECT_EQ(verify("erc3009", bad, kNow, none).status, 400);
}

TEST(GaslessVerify, UnsupportedTokenIsRefused) {
  // Base USDT lists permit3 and permit2 but not ERC-3009.
  auto body = erc3009_body();
  const char* usdt = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
  json intent = vectors()["intents"][0]["intent"];
  intent["reward"]["tokens"][0]["token"] = usdt;
  // Re-issue a consistent quote for the USDT intent so only the token support fails.
  auto quote = make_quote();
  quote["source"]["token"] = usdt;
  const Hash32 hash = [&] {
    const auto decoded = protocol::intent_from_json(intent, Vm::evm, Vm::evm);
    return protocol::hash_intent(decoded, Vm::evm, Vm::evm).intent_hash;
  }();
  const std::string vault = protocol::evm_vault_address(Address::parse(vectors()["portal"].get<std::string>()), hash,
                                                        hex::decode32(vectors()["vaultInitCodeHash"].get<std::string>()))
                                .checksummed();
  quote["steps"][0]["intents"][0]["intent"] = intent;
  quote["steps"][0]["intents"][0]["intentHash"] = hex::encode(hash);
  quote["intentHash"] = hex::encode(hash);
  quote["execution"] = {{"intent", intent}, {"vault", vault}};
  quote["signature"] = protocol::sign_quote(quote["id"], {hash}, kExpiresAt, 8453, secp256k1::SecretKey::from_hex(kKey));
  body["quote"] = quote;
  const auto r = verify("erc3009", body);
  EXPECT_EQ(fields(r), std::vector<std::string>{"quote.source.token"}) << r.body.dump();
}

TEST(GaslessVerify, ShortAmountsAreRefused) {
  auto body = erc3009_body();
  body["authorization"]["value"] = "24999999";
  body["signature"] = sign_erc3009(body["authorization"], usdc_domain());
  EXPECT_EQ(fields(verify("erc3009", body)), std::vector<std::string>{"authorization.value"});

  auto permit2 = permit2_body();
  permit2["permit2"]["details"][0]["amount"] = "1";
  EXPECT_TRUE(names(verify("permit2", permit2), "permit2.details[0].amount"));

  auto permit3 = permit3_body();
  permit3["permit3"]["chainPermits"]["permits"][0]["amountDelta"] = "1";
  EXPECT_TRUE(names(verify("permit3", permit3), "permit3.chainPermits.permits[0].amountDelta"));
}

// Permit2's batch permit replaces the allowance entry by entry, so 24,999,999 + 1 of one token
// leaves an allowance of 1 (shown on the real Permit2 in edge-worker/test/funding/gasless-chains.test.mjs):
// the second entry is refused, signed correctly or not, and never added to the first.
// The relayer pays the gas: a quote below its source chain's relay.minAmount is not relayed
// (400 naming quote.source.amount); the vectors' quote moves 25 USDC on Base.
TEST(GaslessVerify, AQuoteBelowTheRelayMinimumIsNotRelayed) {
  const auto with_minimum = [](const char* whole_tokens) {
    json j = testing::config_json("local");
    j["service"]["relay"]["minAmount"]["8453"] = whole_tokens;
    return Config::from_json(j);
  };
  const json input = {{"standard", "erc3009"}, {"body", erc3009_body()}, {"now", kNow}, {"confirmedChains", json::array({8453})}};
  const OpResult below = gasless_verify_op(with_minimum("25.000001"), input);
  ASSERT_EQ(below.status, 400) << below.body.dump();
  EXPECT_EQ(fields(below), std::vector<std::string>{"quote.source.amount"});
  EXPECT_NE(below.body["detail"].get<std::string>().find("25000000 is below the smallest amount the relayer funds on chain 8453: 25000001 base units of USDC"),
            std::string::npos) << below.body.dump();
  EXPECT_EQ(gasless_verify_op(with_minimum("25"), input).status, 200);
}

// The quote's `fees` travel unsigned with the client's copy, so nothing the verification answers
// may depend on them (docs/security.md row 61): a tiny, a zero, a huge, a missing or a malformed
// `gas` entry leaves the job's plan exactly as it is, and the plan carries no price.
TEST(GaslessVerify, TheQuotesGasFeeLeavesThePlanAsItIs) {
  const auto r = verify("erc3009", erc3009_body());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_FALSE(r.body["plan"].contains("maxFeePerGasCoveredWei")) << r.body["plan"].dump();
  json body = erc3009_body();
  for (const json& fees : {gas_fees("0"), gas_fees("1"), gas_fees("1000000000"), json::array({gas_fees("10000")[0]}),
                           gas_fees("ten"), json::array({"gas"})}) {
    body["quote"]["fees"] = fees;
    const auto claimed = verify("erc3009", body);
    ASSERT_EQ(claimed.status, 200) << fees.dump() << claimed.body.dump();
    EXPECT_EQ(claimed.body["plan"], r.body["plan"]) << fees.dump();
  }
  body["quote"].erase("fees");
  EXPECT_EQ(verify("erc3009", body).body["plan"], r.body["plan"]);
}

TEST(GaslessVerify, APermit2BatchNamingTheTokenTwiceIsRefused) {
  auto body = permit2_body();
  json& details = body["permit2"]["details"];
  json second = details[0];
  details[0]["amount"] = "24999999";
  second["amount"] = "1";
  second["nonce"] = std::to_string(std::stoull(details[0]["nonce"].get<std::string>()) + 1);
  details.push_back(second);
  const auto& chain = *local_config().chain(8453);
  body["signature"] = sign(protocol::permit2::digest(protocol::permit2::parse(body["permit2"]), 8453, *chain.permit2));
  const auto r = verify("permit2", body);
  EXPECT_EQ(r.status, 400);
  // Only the duplicate (and the first entry's amount, which alone does not cover 25 USDC).
  EXPECT_EQ(fields(r), (std::vector<std::string>{"permit2.details[1].token", "permit2.details[0].amount"})) << r.body.dump();
  EXPECT_NE(r.body.dump().find("keeps only the last approval"), std::string::npos);

  // The whole amount in the first entry: still refused for the second.
  details[0]["amount"] = "25000000";
  body["signature"] = sign(protocol::permit2::digest(protocol::permit2::parse(body["permit2"]), 8453, *chain.permit2));
  EXPECT_EQ(fields(verify("permit2", body)), std::vector<std::string>{"permit2.details[1].token"});
}

TEST(GaslessVerify, TokensChainsAndWindowsMustMatchTheQuote) {
  auto permit3 = permit3_body();
  permit3["permit3"]["chainPermits"]["chainId"] = 10;
  permit3["permit3"]["chainPermits"]["permits"][0]["tokenKey"] = "0x" + std::string(64, '1');
  auto r = verify("permit3", permit3);
  EXPECT_TRUE(names(r, "permit3.chainPermits.chainId"));
  EXPECT_TRUE(names(r, "permit3.chainPermits.permits[0].tokenKey"));

  permit3 = permit3_body();
  permit3["permit3"]["chainPermits"]["permits"][0]["modeOrExpiration"] = "2";  // lock: funds nothing
  EXPECT_TRUE(names(verify("permit3", permit3), "permit3.chainPermits.permits[0].modeOrExpiration"));
  permit3 = permit3_body();
  permit3["permit3"]["deadline"] = kExpiresAt - 1;  // would lapse before the quote's funding deadline
  EXPECT_TRUE(names(verify("permit3", permit3), "permit3.deadline"));

  auto permit2 = permit2_body();
  permit2["permit2"]["details"][0]["token"] = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
  permit2["permit2"]["details"][0]["expiration"] = "0";
  permit2["permit2"]["sigDeadline"] = std::to_string(kExpiresAt - 1);
  r = verify("permit2", permit2);
  EXPECT_TRUE(names(r, "permit2.details[0].token"));
  EXPECT_TRUE(names(r, "permit2.sigDeadline"));

  auto erc3009 = erc3009_body();
  erc3009["authorization"]["validAfter"] = std::to_string(kNow);  // not strictly before now
  erc3009["authorization"]["validBefore"] = std::to_string(kExpiresAt - 1);
  erc3009["signature"] = sign_erc3009(erc3009["authorization"], usdc_domain());
  r = verify("erc3009", erc3009);
  EXPECT_TRUE(names(r, "authorization.validAfter"));
  EXPECT_TRUE(names(r, "authorization.validBefore"));
}

TEST(GaslessVerify, FunderMustSign) {
  auto body = erc3009_body();
  body["quote"]["source"]["funder"] = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";  // unsigned JSON, but checked
  const auto r = verify("erc3009", body);
  EXPECT_TRUE(names(r, "authorization.from"));
  EXPECT_TRUE(names(r, "signature"));
}

TEST(GaslessVerify, BodyShapeErrors) {
  auto body = erc3009_body();
  body["extra"] = 1;
  body.erase("signature");
  auto r = verify("erc3009", body);
  EXPECT_TRUE(names(r, "extra"));
  EXPECT_TRUE(names(r, "signature"));
  body = erc3009_body();
  body["authorization"].erase("nonce");
  EXPECT_TRUE(names(verify("erc3009", body), "authorization"));
  body = erc3009_body();
  body["signature"] = "0x1234";
  EXPECT_EQ(fields(verify("erc3009", body)), std::vector<std::string>{"signature"});
}

}  // namespace
}  // namespace sr::service
