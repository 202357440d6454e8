// verify_quote against quotes built from protocol functions: a consistent quote passes every
// check, the protocol vectors' quote signature verifies, and each tampered field fails the check
// that names it.
#include "verify/quote_verifier.h"
#include "verify/slippage.h"

#include <gtest/gtest.h>

#include "../protocol/protocol_vectors.h"
#include "quote_fixture.h"

namespace sr::verify {
namespace {

using nlohmann::json;
using namespace testing;

const ChainDirectory& chains() {
  static const ChainDirectory directory = ChainDirectory::from_json(production_chains());
  return directory;
}

Report run(const json& quote, const json* request, std::uint64_t now = kNow) {
  return verify_quote(quote, QuoteContext{&chains(), request, now});
}

TEST(VerifyQuote, ConsistentQuotePassesEveryCheckInOrder) {
  const json quote = direct_quote();
  const json request = direct_request();
  const Report report = run(quote, &request);
  EXPECT_TRUE(report.ok()) << failures(report);
  std::vector<std::string> names;
  for (const Check& c : report.checks) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"signature", "expiry", "intent-hashes", "funded-intent", "vault",
                                             "funding-target", "funding-calldata", "route-matches-request",
                                             "first-leg", "delivery-route", "deadlines", "slippage-bound", "fees",
                                             "competing-quotes"}));
  EXPECT_TRUE(run(quote, nullptr).ok()) << failures(run(quote, nullptr));
}

TEST(VerifyQuote, ProtocolVectorQuoteSignatureVerifies) {
  const json& v = protocol::testing::vectors()["quoteSignature"];
  json chains_json = production_chains();
  for (json& chain : chains_json) chain["quoteSigner"] = v["signer"];
  const ChainDirectory directory = ChainDirectory::from_json(chains_json);
  // Only the signed members matter to this check: the id, the hash list and expiresAt.
  const json quote = {{"id", v["message"]["id"]},
                      {"source", {{"chainId", v["domain"]["chainId"]}}},
                      {"intentHash", v["message"]["intentHashes"][1]},
                      {"steps", {{{"intents", {{{"intentHash", v["message"]["intentHashes"][0]}}}}}}},
                      {"expiresAt", v["message"]["expiresAt"]},
                      {"signature", v["signature"]}};
  const Report report = verify_quote(quote, QuoteContext{&directory, nullptr, 0});
  ASSERT_NE(report.find("signature"), nullptr);
  EXPECT_TRUE(report.find("signature")->ok) << report.find("signature")->detail;
  EXPECT_NE(report.find("signature")->detail.find(v["signer"].get<std::string>()), std::string::npos);
}

struct Tamper {
  const char* name;
  const char* failing_check;
  const char* detail_part;
  void (*apply)(json& quote, json& request, std::uint64_t& now);
};

// Re-signs after the change: what a compromised or buggy server could send with a valid signature.
void resign(json& quote) { quote["signature"] = sign_quote(quote); }

const Tamper kTampers[] = {
    {"source amount echo", "route-matches-request", "quote.source.amount is",
     [](json& q, json&, std::uint64_t&) { q["source"]["amount"] = "30000000"; }},
    {"reward amount, resealed", "route-matches-request", "the funded reward locks 26000000",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["intent"]["reward"]["tokens"][0]["amount"] = "26000000";
       reseal(q);
     }},
    {"route recipient, resealed", "delivery-route", "calls[0] is not the call",
     [](json& q, json&, std::uint64_t&) {
       const Address other = Address::parse("0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc");
       const auto call = protocol::erc20::transfer_call(Address::parse(kOptimismUsdc), other,
                                                        U256::from_decimal(q["destination"]["minAmountOut"].get<std::string>()));
       q["execution"]["intent"]["route"]["calls"][0]["data"] = hex::encode(call.data);
       reseal(q);
     }},
    {"recipient echo", "route-matches-request", "quote.destination.recipient is",
     [](json& q, json&, std::uint64_t&) { q["destination"]["recipient"] = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"; }},
    {"delivery below minAmountOut, resealed", "delivery-route", "does not provide minAmountOut",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["intent"]["route"]["tokens"][0]["amount"] = "1";
       reseal(q);
     }},
    {"destination token asked", "route-matches-request", "quote.destination.token is",
     [](json&, json& r, std::uint64_t&) { r["destination"]["token"] = "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58"; }},
    {"type asked", "route-matches-request", "quote.type is exact-in but the request asked for exact-out",
     [](json&, json& r, std::uint64_t&) { r["type"] = "exact-out"; }},
    {"portal", "funding-target", "quote.execution.transaction.to is",
     [](json& q, json&, std::uint64_t&) { q["execution"]["transaction"]["to"] = kProver; }},
    {"funder", "funding-target", "quote.execution.transaction.from is",
     [](json& q, json&, std::uint64_t&) { q["execution"]["transaction"]["from"] = kRecipient; }},
    {"chain", "funding-target", "quote.execution.transaction.chainId is 10",
     [](json& q, json&, std::uint64_t&) { q["execution"]["transaction"]["chainId"] = 10; }},
    {"approval spender", "funding-target", "approves 0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["approval"]["data"] =
           hex::encode(protocol::erc20::approve(Address::parse(kProver), U256::from_decimal("25000000")));
     }},
    // execution.approvals: a wallet sends every entry, so each is held to what `approval` is.
    {"approvals: another spender before the approval", "funding-target",
     "quote.execution.approvals[0] approves 0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
     [](json& q, json&, std::uint64_t&) {
       json foreign = q["execution"]["approval"];
       foreign["data"] = hex::encode(protocol::erc20::approve(Address::parse(kProver), U256::from_decimal("25000000")));
       q["execution"]["approvals"] = json::array({foreign, q["execution"]["approval"]});
     }},
    {"approvals: an unlimited approval before the approval", "funding-target",
     "quote.execution.approvals[0] approves 1157920892373161954235709850086879078532699846656405640394575840079131296399",
     [](json& q, json&, std::uint64_t&) {
       json unlimited = q["execution"]["approval"];
       unlimited["data"] = hex::encode(protocol::erc20::approve(Address::parse(kPortal), U256::max()));
       q["execution"]["approvals"] = json::array({unlimited, q["execution"]["approval"]});
     }},
    {"approvals: a reset last", "funding-target", "quote.execution.approvals[1] approves 0 but the reward is",
     [](json& q, json&, std::uint64_t&) {
       json reset = q["execution"]["approval"];
       reset["data"] = hex::encode(protocol::erc20::approve(Address::parse(kPortal), U256()));
       q["execution"]["approvals"] = json::array({q["execution"]["approval"], reset});
     }},
    {"approvals: not ending with the approval", "funding-target", "quote.execution.approval is not the last of approvals",
     [](json& q, json&, std::uint64_t&) { q["execution"]["approvals"] = json::array(); }},
    {"signature byte", "signature", "recovers to",
     [](json& q, json&, std::uint64_t&) {
       std::string s = q["signature"];
       s[10] = s[10] == '0' ? '1' : '0';
       q["signature"] = s;
     }},
    {"signature length", "signature", "quote.signature",
     [](json& q, json&, std::uint64_t&) { q["signature"] = q["signature"].get<std::string>().substr(0, 130 - 2); }},
    {"quote id after signing", "signature", "recovers to",
     [](json& q, json&, std::uint64_t&) { q["id"] = "quote:00000000-0000-4000-8000-000000000000"; }},
    {"expiresAt after signing", "signature", "recovers to",
     [](json& q, json&, std::uint64_t&) { q["expiresAt"] = kExpiresAt + 600; }},
    {"expired", "expiry", "at or after expiresAt", [](json&, json&, std::uint64_t& now) { now = kExpiresAt; }},
    {"route deadline before expiry, resealed", "expiry", "route.deadline",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["intent"]["route"]["deadline"] = kExpiresAt;
       reseal(q);
     }},
    {"vault", "vault", "quote.execution.vault is",
     [](json& q, json&, std::uint64_t&) { q["execution"]["vault"] = kRecipient; }},
    {"listed vault", "vault", "quote.steps[0].intents[0].vault is",
     [](json& q, json&, std::uint64_t&) { q["steps"][0]["intents"][0]["vault"] = kRecipient; }},
    {"calldata reward", "funding-calldata", "reward differs",
     [](json& q, json&, std::uint64_t&) {
       json intent = q["execution"]["intent"];
       intent["reward"]["tokens"][0]["amount"] = "1";
       const auto model = protocol::intent_from_json(intent, Vm::evm, Vm::evm);
       q["execution"]["transaction"]["data"] = hex::encode(protocol::portal::publish_and_fund(
           model.destination, protocol::encode_route(model.route, Vm::evm), model.reward, false));
     }},
    // The route bytes handed to the Portal: the verifier compares them with the encoding it made of
    // execution.intent.route for intent-hashes, so this guards that reuse too.
    {"calldata route", "funding-calldata", "route bytes are not the encoding of execution.intent.route",
     [](json& q, json&, std::uint64_t&) {
       json intent = q["execution"]["intent"];
       intent["route"]["tokens"][0]["amount"] = "1";
       const auto model = protocol::intent_from_json(intent, Vm::evm, Vm::evm);
       q["execution"]["transaction"]["data"] = hex::encode(protocol::portal::publish_and_fund(
           model.destination, protocol::encode_route(model.route, Vm::evm), model.reward, false));
     }},
    {"calldata partial", "funding-calldata", "allowPartial",
     [](json& q, json&, std::uint64_t&) {
       const auto model = protocol::intent_from_json(q["execution"]["intent"], Vm::evm, Vm::evm);
       q["execution"]["transaction"]["data"] = hex::encode(protocol::portal::publish_and_fund(
           model.destination, protocol::encode_route(model.route, Vm::evm), model.reward, true));
     }},
    {"listed intent hash, re-signed", "intent-hashes", "but the intent hashes to",
     [](json& q, json&, std::uint64_t&) {
       q["steps"][0]["intents"][0]["intentHash"] = "0x" + std::string(64, 'a');
       resign(q);
     }},
    {"listed intent route, re-signed", "intent-hashes", "encodedRoute is not the encoding",
     [](json& q, json&, std::uint64_t&) {
       q["steps"][0]["intents"][0]["intent"]["route"]["tokens"][0]["amount"] = "1";
       resign(q);
     }},
    // The real Portal funds such a reward with 12.5 USDC in the vault and calls it Funded.
    {"reward token listed twice, resealed", "intent-hashes",
     "quote.steps[0].intents[0].intent.reward.tokens[1] lists token 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 again",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["intent"]["reward"]["tokens"] = {{{"token", kBaseUsdc}, {"amount", "12500000"}},
                                                       {{"token", kBaseUsdc}, {"amount", "12500000"}}};
       reseal(q);
     }},
    {"execution reward token listed twice", "intent-hashes", "quote.execution.intent.reward.tokens[1] lists token",
     [](json& q, json&, std::uint64_t&) {
       q["execution"]["intent"]["reward"]["tokens"].push_back(q["execution"]["intent"]["reward"]["tokens"][0]);
     }},
    {"execution intent without reseal", "intent-hashes", "quote.execution.intent hashes to",
     [](json& q, json&, std::uint64_t&) { q["execution"]["intent"]["route"]["deadline"] = kExpiresAt + 3601; }},
    {"minAmountOut", "slippage-bound", "quote.destination.minAmountOut is",
     [](json& q, json&, std::uint64_t&) { q["destination"]["minAmountOut"] = "24750000"; }},
    {"slippage", "slippage-bound", "quote.slippage is 0.01 but the request asked for 0.005",
     [](json& q, json&, std::uint64_t&) { q["slippage"] = 0.01; }},
    {"slippage precision", "slippage-bound", "more than 6 decimal places",
     [](json& q, json&, std::uint64_t&) { q["slippage"] = 0.0050001; }},
    {"competing quote", "competing-quotes", "quote.competingQuotes[1] fails funding-target",
     [](json& q, json&, std::uint64_t&) {
       json good = direct_quote();
       json bad = direct_quote();
       bad["execution"]["transaction"]["to"] = kRecipient;
       q["competingQuotes"] = json::array({good, bad});
     }},
    {"competing quote with its own list", "competing-quotes",
     "quote.competingQuotes[0].competingQuotes: a competing quote lists no competing quotes of its own",
     [](json& q, json&, std::uint64_t&) {
       json nested = direct_quote();
       nested["competingQuotes"] = json::array({direct_quote()});
       q["competingQuotes"] = json::array({nested});
     }},
};

TEST(VerifyQuote, EveryTamperFailsTheNamedCheck) {
  for (const Tamper& t : kTampers) {
    SCOPED_TRACE(t.name);
    json quote = direct_quote();
    json request = direct_request();
    std::uint64_t now = kNow;
    t.apply(quote, request, now);
    const Report report = run(quote, &request, now);
    EXPECT_FALSE(report.ok());
    const Check* check = report.find(t.failing_check);
    ASSERT_NE(check, nullptr);
    EXPECT_FALSE(check->ok) << failures(report);
    EXPECT_NE(check->detail.find(t.detail_part), std::string::npos) << check->detail;
  }
}

TEST(VerifyQuote, ApprovalsThatResetThenApproveTheRewardPass) {
  json quote = direct_quote();
  const json request = direct_request();
  json reset = quote["execution"]["approval"];
  reset["data"] = hex::encode(protocol::erc20::approve(Address::parse(kPortal), U256()));
  // Gas limits move no funds: carried, read, not judged.
  quote["execution"]["approval"]["gas"] = 100000;
  quote["execution"]["approval"]["gasEstimated"] = false;
  quote["execution"]["transaction"]["gas"] = 600000;
  quote["execution"]["transaction"]["gasEstimated"] = true;
  quote["execution"]["approvals"] = json::array({reset, quote["execution"]["approval"]});
  Report report = run(quote, &request);
  EXPECT_TRUE(report.ok()) << failures(report);

  // No approval needed: none listed, approval null.
  quote["execution"]["approvals"] = json::array();
  quote["execution"]["approval"] = nullptr;
  report = run(quote, &request);
  EXPECT_TRUE(report.ok()) << failures(report);
  // A malformed gas limit is refused like any malformed member.
  quote["execution"]["transaction"]["gas"] = "lots";
  EXPECT_FALSE(run(quote, &request).ok());
}

TEST(VerifyQuote, ExpiryBoundaryIsStrict) {
  const json quote = direct_quote();
  EXPECT_TRUE(run(quote, nullptr, kExpiresAt - 1).find("expiry")->ok);
  EXPECT_FALSE(run(quote, nullptr, kExpiresAt).find("expiry")->ok);
}

TEST(VerifyQuote, HighSSignatureIsRejected) {
  json quote = direct_quote();
  // (r, n - s, v ^ 1) is the same point's other valid encoding; EIP-2 wallets reject it.
  const Bytes sig = hex::decode(quote["signature"].get<std::string>());
  const U256 n = U256::from_hex("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
  const U256 s = U256::from_be_bytes(ByteView(sig.data() + 32, 32));
  Bytes flipped(sig.begin(), sig.begin() + 32);
  const auto high = n.wrapping_sub(s).to_be_bytes();
  flipped.insert(flipped.end(), high.begin(), high.end());
  flipped.push_back(sig[64] == 27 ? 28 : 27);
  quote["signature"] = hex::encode(flipped);
  const Report report = run(quote, nullptr);
  const Check* check = report.find("signature");
  EXPECT_FALSE(check->ok);
  EXPECT_NE(check->detail.find("quote.signature"), std::string::npos) << check->detail;
}

TEST(VerifyQuote, UnknownSourceChainFailsWithThePath) {
  json quote = direct_quote();
  quote["source"]["chainId"] = 5;
  const Report report = run(quote, nullptr);
  EXPECT_EQ(report.find("signature")->detail, "quote.source.chainId: chain 5 is not in the chain records");
}

TEST(VerifyQuote, NonObjectQuoteFailsEveryCheck) {
  const Report report = run(json::array(), nullptr);
  for (const Check& c : report.checks) {
    if (c.name == "competing-quotes") continue;
    EXPECT_FALSE(c.ok) << c.name;
  }
  EXPECT_FALSE(report.ok());
}

TEST(VerifyQuoteJson, ReportsAndRejectsMalformedContext) {
  const json args = {{"quote", direct_quote()}, {"chains", {{"chains", production_chains()}}},
                     {"request", direct_request()}, {"now", kNow}};
  const json report = verify_quote_json(args);
  EXPECT_EQ(report["ok"], true) << report.dump(2);
  EXPECT_EQ(report["checks"].size(), 14u);
  // maxFeeBps: the dapp's ceiling, read strictly (the fixture's fee is 0.5% of the amount).
  json strict = args;
  strict["maxFeeBps"] = 40;
  EXPECT_EQ(verify_quote_json(strict)["ok"], false);
  strict["maxFeeBps"] = 10001;
  EXPECT_EQ(protocol::testing::parse_error_of([&] { verify_quote_json(strict); }),
            "maxFeeBps: must be at most 10000 (all of the source amount)");
  json no_now = args;
  no_now.erase("now");
  EXPECT_EQ(protocol::testing::parse_error_of([&] { verify_quote_json(no_now); }), "now: missing");
}

TEST(Slippage, MillionthsAndFloor) {
  EXPECT_EQ(read_slippage_millionths(json(0.005), "s"), 5000u);
  EXPECT_EQ(read_slippage_millionths(json(1), "s"), 1'000'000u);
  EXPECT_EQ(read_slippage_millionths(json(0.0001), "s"), 100u);
  EXPECT_EQ(read_slippage_millionths(json(0), "s"), 0u);
  EXPECT_EQ(protocol::testing::parse_error_of([] { read_slippage_millionths(json(1.5), "s"); }),
            "s: 1.5 is outside 0..1");
  EXPECT_EQ(protocol::testing::parse_error_of([] { read_slippage_millionths(json("0.005"), "s"); }),
            "s: must be a number");
  EXPECT_EQ(min_amount_out(U256(24875000), 5000), U256(24750625));  // 24875000 * 0.995 exactly
  EXPECT_EQ(min_amount_out(U256(999), 5000), U256(994));            // 994.005 floors
  EXPECT_EQ(slippage_text(5000), "0.005");
  EXPECT_EQ(slippage_text(1'000'000), "1");
  EXPECT_EQ(slippage_text(123456), "0.123456");
}

}  // namespace
}  // namespace sr::verify
