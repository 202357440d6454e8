// Validation of the v1 quote request: one test per rule, and one response listing many errors.
#include "service/quotes/quote_request.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "../request_assertions.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::has_field_error;
using testing::production_config;

constexpr const char* kFunder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
constexpr const char* kRecipient = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
constexpr const char* kBaseUsdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
constexpr const char* kOptimismUsdc = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
constexpr const char* kSolanaUsdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
constexpr const char* kSolanaWallet = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

json exact_in() {
  return {{"type", "exact-in"},
          {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", "25000000"}, {"funder", kFunder}}},
          {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}}},
          {"dappId", "demo-app"}};
}

json exact_out() {
  json body = exact_in();
  body["type"] = "exact-out";
  body["source"].erase("amount");
  body["destination"]["amount"] = "24875000";
  return body;
}

json custom() {
  json body = exact_in();
  body["type"] = "custom";
  body["destination"]["calls"] = {
      {{"target", kOptimismUsdc}, {"data", "0xa9059cbb0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa4293bc0000000000000000000000000000000000000000000000000000000000000007"}},
      {{"target", kRecipient}, {"data", "0x"}, {"value", "1000"}}};
  return body;
}

Validated<QuoteRequest> validate(const json& body) { return validate_quote_request(body, production_config()); }

OpResult error_of(const json& body) {
  auto result = validate(body);
  EXPECT_FALSE(result) << "expected the request to be refused: " << body.dump();
  return result.error;
}

#define EXPECT_FIELD_ERROR(body, field, fragment) EXPECT_TRUE(has_field_error(error_of(body), field, fragment))

TEST(QuoteRequest, ExactInReadsEveryFieldWithDefaults) {
  auto result = validate(exact_in());
  ASSERT_TRUE(result) << result.error.body.dump();
  const QuoteRequest& r = *result.value;
  EXPECT_EQ(r.type, QuoteType::exact_in);
  EXPECT_EQ(r.source.chain_id, 8453u);
  EXPECT_EQ(r.source.token.text(), kBaseUsdc);
  EXPECT_EQ(r.source.amount, U256(25000000));
  EXPECT_EQ(r.source.funder.text(), kFunder);
  EXPECT_EQ(r.source.refund_recipient, r.source.funder);  // defaults to the funder
  EXPECT_EQ(r.destination.chain_id, 10u);
  EXPECT_EQ(r.destination.recipient.text(), kRecipient);
  EXPECT_FALSE(r.destination.amount.has_value());
  EXPECT_TRUE(r.destination.calls.empty());
  EXPECT_EQ(r.slippage_millionths, 5000u);  // 0.005
  EXPECT_EQ(r.dapp_id, "demo-app");
  EXPECT_FALSE(r.all_quotes);
}

TEST(QuoteRequest, AddressesAreCheckedAgainstTheirChecksumNotTheirCase) {
  json body = exact_in();
  body["source"]["funder"] = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
  body["source"]["refundRecipient"] = "0x3C44CDDDB6A900FA2B585DD299E03D12FA4293BC";
  body["options"] = {{"allQuotes", true}};
  body["slippage"] = 0.01;
  auto result = validate(body);
  ASSERT_TRUE(result) << result.error.body.dump();
  EXPECT_EQ(result.value->source.funder.text(), kFunder);
  EXPECT_EQ(result.value->source.refund_recipient.text(), kRecipient);
  EXPECT_TRUE(result.value->all_quotes);
  EXPECT_EQ(result.value->slippage_millionths, 10000u);
}

TEST(QuoteRequest, ExactOutReadsTheDestinationAmount) {
  auto result = validate(exact_out());
  ASSERT_TRUE(result) << result.error.body.dump();
  EXPECT_EQ(result.value->type, QuoteType::exact_out);
  EXPECT_FALSE(result.value->source.amount.has_value());
  EXPECT_EQ(result.value->destination.amount, U256(24875000));
}

TEST(QuoteRequest, CustomReadsCallsWithValueDefaultingToZero) {
  auto result = validate(custom());
  ASSERT_TRUE(result) << result.error.body.dump();
  const auto& calls = result.value->destination.calls;
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].target.text(), kOptimismUsdc);
  EXPECT_EQ(hex::encode(calls[0].data).substr(0, 10), "0xa9059cbb");
  EXPECT_EQ(calls[0].data.size(), 68u);
  EXPECT_EQ(calls[0].value, U256(0));
  EXPECT_TRUE(calls[1].data.empty());
  EXPECT_EQ(calls[1].value, U256(1000));
}

TEST(QuoteRequest, SolanaDestinationTakesBase58Addresses) {
  json body = exact_in();
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaWallet}};
  auto result = validate(body);
  ASSERT_TRUE(result) << result.error.body.dump();
  EXPECT_EQ(result.value->destination.recipient.vm(), Vm::svm);
  EXPECT_EQ(result.value->destination.recipient.text(), kSolanaWallet);
}

TEST(QuoteRequest, NullMeansAbsent) {
  json body = exact_in();
  body["source"]["refundRecipient"] = nullptr;
  body["slippage"] = nullptr;
  body["options"] = nullptr;
  auto result = validate(body);
  ASSERT_TRUE(result) << result.error.body.dump();
  EXPECT_EQ(result.value->source.refund_recipient.text(), kFunder);
  EXPECT_EQ(result.value->slippage_millionths, 5000u);
}

TEST(QuoteRequest, UnlistedTokenIsLeftToTheEngine) {
  // The specification puts unlisted tokens among the reasons for 502 solver-error, not 400.
  json body = exact_in();
  body["destination"]["token"] = "0x1111111111111111111111111111111111111111";
  EXPECT_TRUE(validate(body));
}

TEST(QuoteRequest, BodyMustBeAnObject) {
  for (const json& body : {json::array(), json("exact-in"), json(nullptr)}) {
    EXPECT_FIELD_ERROR(body, "", "the request body must be an object");
  }
}

TEST(QuoteRequest, TypeIsRequiredAndEnumerated) {
  json body = exact_in();
  body.erase("type");
  EXPECT_FIELD_ERROR(body, "type", "type is required");
  body["type"] = "exactIn";
  EXPECT_FIELD_ERROR(body, "type", "type must be one of \"exact-in\", \"exact-out\", \"custom\"");
  body["type"] = 1;
  EXPECT_FIELD_ERROR(body, "type", "type must be a string");
}

TEST(QuoteRequest, RetiredSwapTypeNamesItsReplacement) {
  json body = exact_in();
  body["swapType"] = "exact-in";
  EXPECT_FIELD_ERROR(body, "swapType", "swapType is retired; use `type`");
}

TEST(QuoteRequest, RetiredRootFunderNamesItsReplacement) {
  json body = exact_in();
  body["funder"] = kFunder;
  EXPECT_FIELD_ERROR(body, "funder", "funder is retired; use `source.funder`");
}

TEST(QuoteRequest, EncodedRouteIsRefusedAnywhere) {
  json body = custom();
  body["encodedRoute"] = "0x00";
  body["source"]["encodedRoute"] = "0x00";
  body["destination"]["encodedRoute"] = nullptr;  // even null: the name itself is retired
  body["destination"]["calls"][1]["encodedRoute"] = "0x00";
  body["options"] = {{"encodedRoute", "0x00"}};
  const OpResult result = error_of(body);
  for (const char* path : {"encodedRoute", "source.encodedRoute", "destination.encodedRoute",
                           "destination.calls[1].encodedRoute", "options.encodedRoute"}) {
    EXPECT_TRUE(has_field_error(result, path, std::string(path) + " was removed; the decoded intent is in steps[].intents[].intent"));
  }
  EXPECT_EQ(result.body["errors"].size(), 5u);
}

TEST(QuoteRequest, UnknownFieldsAreRefusedAtEveryLevel) {
  json body = custom();
  body["amount"] = "1";
  body["source"]["decimals"] = 6;
  body["destination"]["memo"] = "x";
  body["destination"]["calls"][0]["gas"] = "21000";
  body["options"] = {{"allQuotes", false}, {"fast", true}};
  const OpResult result = error_of(body);
  for (const char* path : {"amount", "source.decimals", "destination.memo", "destination.calls[0].gas", "options.fast"}) {
    EXPECT_TRUE(has_field_error(result, path, std::string(path) + " is not a known field"));
  }
}

TEST(QuoteRequest, SourceAndDestinationAreRequiredObjects) {
  json body = exact_in();
  body.erase("source");
  body["destination"] = "10";
  const OpResult result = error_of(body);
  EXPECT_TRUE(has_field_error(result, "source", "source is required"));
  EXPECT_TRUE(has_field_error(result, "destination", "destination must be an object"));
}

TEST(QuoteRequest, RequiredMembersOfSourceAndDestination) {
  json body = exact_in();
  body["source"] = {{"amount", "1"}};
  body["destination"] = json::object();
  const OpResult result = error_of(body);
  for (const char* path : {"source.chainId", "source.token", "source.funder", "destination.chainId", "destination.token",
                           "destination.recipient"}) {
    EXPECT_TRUE(has_field_error(result, path, std::string(path) + " is required"));
  }
}

TEST(QuoteRequest, ChainIdMustBeAPositiveInteger) {
  json body = exact_in();
  body["source"]["chainId"] = "8453";
  EXPECT_FIELD_ERROR(body, "source.chainId", "source.chainId must be an integer");
  body["source"]["chainId"] = 8453.5;
  EXPECT_FIELD_ERROR(body, "source.chainId", "source.chainId must be an integer");
  body["source"]["chainId"] = 0;
  EXPECT_FIELD_ERROR(body, "source.chainId", "source.chainId must be at least 1");
  body["source"]["chainId"] = -8453;
  EXPECT_FIELD_ERROR(body, "source.chainId", "source.chainId must be at least 1");
  body["source"]["chainId"] = json::parse("1e30");
  EXPECT_FIELD_ERROR(body, "source.chainId", "source.chainId must be at least 1");
}

TEST(QuoteRequest, EvmAddressesFollowEip55) {
  json body = exact_in();
  body["source"]["funder"] = "0x70997970C51812dc3A010C7d01b50e0d17dc79c8";  // last letter's case flipped
  EXPECT_FIELD_ERROR(body, "source.funder", "source.funder must be an EVM address");
  body = exact_in();
  body["source"]["token"] = "833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";  // no 0x
  EXPECT_FIELD_ERROR(body, "source.token", "source.token must be an EVM address");
  body = exact_in();
  body["destination"]["recipient"] = kSolanaWallet;  // a Solana address on an EVM chain
  EXPECT_FIELD_ERROR(body, "destination.recipient", "destination.recipient must be an EVM address");
}

TEST(QuoteRequest, SvmAddressesAreBase58Of32Bytes) {
  json body = exact_in();
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kRecipient}};
  EXPECT_FIELD_ERROR(body, "destination.recipient", "destination.recipient must be a Solana address");
  body["destination"]["recipient"] = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zY";  // 29 bytes
  EXPECT_FIELD_ERROR(body, "destination.recipient", "must be a Solana address");
  body["destination"]["recipient"] = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWW0";  // '0' is not base58
  EXPECT_FIELD_ERROR(body, "destination.recipient", "must be a Solana address");
}

TEST(QuoteRequest, ZeroAddressesAreRefused) {
  json body = exact_in();
  body["destination"]["recipient"] = "0x0000000000000000000000000000000000000000";
  EXPECT_FIELD_ERROR(body, "destination.recipient", "must not be the zero address");
  body = exact_in();
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", "11111111111111111111111111111111"}};
  EXPECT_FIELD_ERROR(body, "destination.recipient", "must not be the zero address");
}

TEST(QuoteRequest, AmountsAreStrictDecimalStrings) {
  for (const json& amount : {json(25000000), json(""), json("01"), json("1.5"), json("-1"), json("+1"), json(" 1"),
                             json("1e6"), json("0x10"), json("1_000")}) {
    SCOPED_TRACE(amount.dump());
    json body = exact_in();
    body["source"]["amount"] = amount;
    EXPECT_FIELD_ERROR(body, "source.amount", "source.amount must be");
  }
}

TEST(QuoteRequest, AmountsMustBePositive) {
  json body = exact_in();
  body["source"]["amount"] = "0";
  EXPECT_FIELD_ERROR(body, "source.amount", "source.amount must be greater than 0");
}

TEST(QuoteRequest, EvmAmountsFitUint256) {
  json body = exact_in();
  body["source"]["amount"] = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
  EXPECT_TRUE(validate(body));
  body["source"]["amount"] = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
  EXPECT_FIELD_ERROR(body, "source.amount", "source.amount exceeds the largest amount, 2^256-1");
}

TEST(QuoteRequest, SvmAmountsFitU64) {
  json body = exact_out();
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaWallet},
                         {"amount", "18446744073709551615"}};
  EXPECT_TRUE(validate(body));
  body["destination"]["amount"] = "18446744073709551616";
  EXPECT_FIELD_ERROR(body, "destination.amount", "destination.amount exceeds the largest amount on an SVM chain, 2^64-1");
}

TEST(QuoteRequest, ExactInRequiresSourceAmount) {
  json body = exact_in();
  body["source"].erase("amount");
  EXPECT_FIELD_ERROR(body, "source.amount", "source.amount is required for type exact-in");
}

TEST(QuoteRequest, ExactInRefusesDestinationAmount) {
  json body = exact_in();
  body["destination"]["amount"] = "1";
  EXPECT_FIELD_ERROR(body, "destination.amount", "destination.amount must not be set for type exact-in");
}

TEST(QuoteRequest, ExactInAndExactOutRefuseCalls) {
  for (json body : {exact_in(), exact_out()}) {
    body["destination"]["calls"] = custom()["destination"]["calls"];
    EXPECT_FIELD_ERROR(body, "destination.calls", "calls are only accepted with type custom");
  }
}

TEST(QuoteRequest, ExactOutRequiresDestinationAmount) {
  json body = exact_out();
  body["destination"].erase("amount");
  EXPECT_FIELD_ERROR(body, "destination.amount", "destination.amount is required for type exact-out");
}

TEST(QuoteRequest, ExactOutRefusesSourceAmount) {
  json body = exact_out();
  body["source"]["amount"] = "1";
  EXPECT_FIELD_ERROR(body, "source.amount", "source.amount must not be set for type exact-out");
}

TEST(QuoteRequest, CustomRequiresCallsAndSourceAmount) {
  json body = custom();
  body["destination"].erase("calls");
  body["source"].erase("amount");
  const OpResult result = error_of(body);
  EXPECT_TRUE(has_field_error(result, "destination.calls", "destination.calls is required for type custom"));
  EXPECT_TRUE(has_field_error(result, "source.amount", "source.amount is required for type custom"));
}

TEST(QuoteRequest, CustomRequiresAtLeastOneCall) {
  json body = custom();
  body["destination"]["calls"] = json::array();
  EXPECT_FIELD_ERROR(body, "destination.calls", "must list at least one call for type custom");
}

TEST(QuoteRequest, CustomRefusesDestinationAmount) {
  json body = custom();
  body["destination"]["amount"] = "5";
  EXPECT_FIELD_ERROR(body, "destination.amount", "destination.amount must not be set for type custom");
}

TEST(QuoteRequest, CallsMustBeAnArrayOfWellFormedCalls) {
  json body = custom();
  body["destination"]["calls"] = {{"target", kRecipient}};
  EXPECT_FIELD_ERROR(body, "destination.calls", "destination.calls must be an array");
  body = custom();
  body["destination"]["calls"][0]["target"] = "0x1234";
  body["destination"]["calls"][0]["data"] = "0xabc";
  body["destination"]["calls"][1]["value"] = "-5";
  body["destination"]["calls"][1].erase("data");
  const OpResult result = error_of(body);
  EXPECT_TRUE(has_field_error(result, "destination.calls[0].target", "must be an EVM address"));
  EXPECT_TRUE(has_field_error(result, "destination.calls[0].data", "must be hex bytes"));
  EXPECT_TRUE(has_field_error(result, "destination.calls[1].value", "must be a decimal integer"));
  EXPECT_TRUE(has_field_error(result, "destination.calls[1].data", "is required"));
}

TEST(QuoteRequest, CallsAreBoundedByConfiguration) {
  json body = custom();
  json call = body["destination"]["calls"][1];
  body["destination"]["calls"] = json::array();
  for (std::uint32_t i = 0; i <= production_config().service().max_calls; ++i) body["destination"]["calls"].push_back(call);
  EXPECT_FIELD_ERROR(body, "destination.calls", "must have at most 32 calls (it has 33)");
}

TEST(QuoteRequest, SvmCallsCarryNoNativeValue) {
  json body = custom();
  body["destination"] = {{"chainId", 1399811149},
                         {"token", kSolanaUsdc},
                         {"recipient", kSolanaWallet},
                         {"calls", {{{"target", kSolanaUsdc}, {"data", "0x01"}, {"value", "1"}}}}};
  EXPECT_FIELD_ERROR(body, "destination.calls[0].value", "must be \"0\" on an SVM chain");
  body["destination"]["calls"][0]["value"] = "0";
  EXPECT_TRUE(validate(body));
}

TEST(QuoteRequest, SlippageIsReadExactly) {
  const std::vector<std::pair<json, std::uint32_t>> cases = {
      {json::parse("0.0001"), 100}, {json::parse("1e-4"), 100}, {json::parse("0.005"), 5000},
      {json::parse("0.123456"), 123456}, {json::parse("0.5"), 500000}, {json::parse("1"), 1000000},
      {json::parse("1.0"), 1000000}, {json::parse("0.30"), 300000}};
  for (const auto& [value, millionths] : cases) {
    SCOPED_TRACE(value.dump());
    json body = exact_in();
    body["slippage"] = value;
    auto result = validate(body);
    ASSERT_TRUE(result) << result.error.body.dump();
    EXPECT_EQ(result.value->slippage_millionths, millionths);
  }
}

TEST(QuoteRequest, SlippageOutsideTheRangeIsRefused) {
  for (const char* text : {"0.00009", "0", "1.000001", "1.5", "100", "1e300"}) {
    SCOPED_TRACE(text);
    json body = exact_in();
    body["slippage"] = json::parse(text);
    EXPECT_FIELD_ERROR(body, "slippage", "slippage must be");
  }
  json body = exact_in();
  body["slippage"] = 2;
  EXPECT_FIELD_ERROR(body, "slippage", "slippage must be between 0.0001 and 1 inclusive");
  body["slippage"] = -0.01;
  EXPECT_FIELD_ERROR(body, "slippage", "slippage must not be negative");
}

TEST(QuoteRequest, SlippageHasAtMostSixDecimalPlaces) {
  for (const char* text : {"0.0050001", "0.1234567", "1e-7"}) {
    SCOPED_TRACE(text);
    json body = exact_in();
    body["slippage"] = json::parse(text);
    EXPECT_FIELD_ERROR(body, "slippage", "slippage must have at most 6 decimal places");
  }
}

TEST(QuoteRequest, SlippageMustBeANumber) {
  for (const json& value : {json("0.005"), json(true), json::array()}) {
    json body = exact_in();
    body["slippage"] = value;
    EXPECT_FIELD_ERROR(body, "slippage", "slippage must be a number");
  }
}

TEST(QuoteRequest, DappIdIsRequired) {
  json body = exact_in();
  body.erase("dappId");
  EXPECT_FIELD_ERROR(body, "dappId", "dappId is required");
  body["dappId"] = 42;
  EXPECT_FIELD_ERROR(body, "dappId", "dappId must be a string");
}

TEST(QuoteRequest, DappIdHas1To128Characters) {
  json body = exact_in();
  body["dappId"] = "";
  EXPECT_FIELD_ERROR(body, "dappId", "dappId must be 1 to 128 characters long (it has 0)");
  body["dappId"] = std::string(129, 'a');
  EXPECT_FIELD_ERROR(body, "dappId", "(it has 129)");
  body["dappId"] = std::string(128, 'a');
  EXPECT_TRUE(validate(body));
  // Characters, not bytes: 128 two-byte characters are 256 bytes and still fine.
  std::string accented;
  for (int i = 0; i < 128; ++i) accented += "\xC3\xA9";
  body["dappId"] = accented;
  EXPECT_TRUE(validate(body));
  body["dappId"] = accented + "\xC3\xA9";
  EXPECT_FIELD_ERROR(body, "dappId", "(it has 129)");
}

TEST(QuoteRequest, DappIdRefusesControlCharacters) {
  json body = exact_in();
  body["dappId"] = "demo\napp";
  EXPECT_FIELD_ERROR(body, "dappId", "dappId must not contain control characters");
}

TEST(QuoteRequest, OptionsAllQuotesIsABoolean) {
  json body = exact_in();
  body["options"] = {{"allQuotes", "true"}};
  EXPECT_FIELD_ERROR(body, "options.allQuotes", "options.allQuotes must be a boolean");
  body["options"] = true;
  EXPECT_FIELD_ERROR(body, "options", "options must be an object");
}

TEST(QuoteRequest, UnknownChainAnswersChainNotSupported) {
  json body = exact_in();
  body["destination"]["chainId"] = 56;
  body["destination"]["token"] = "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d";
  const OpResult result = error_of(body);
  EXPECT_EQ(result.status, 422);
  EXPECT_EQ(result.body["code"], "chain-not-supported");
  ASSERT_EQ(result.body["errors"].size(), 1u);
  EXPECT_EQ(result.body["errors"][0]["field"], "destination.chainId");
  EXPECT_NE(result.body["detail"].get<std::string>().find("destination.chainId 56 is not a supported chain"),
            std::string::npos);
}

TEST(QuoteRequest, UnknownChainStillNeedsAddressesOfSomeVm) {
  json body = exact_in();
  body["destination"]["chainId"] = 56;
  body["destination"]["recipient"] = kSolanaWallet;  // valid on some VM: accepted until the chain is known
  EXPECT_EQ(error_of(body).status, 422);
  body["destination"]["recipient"] = "not-an-address";
  EXPECT_FIELD_ERROR(body, "destination.recipient", "must be an address");
}

TEST(QuoteRequest, FieldErrorsComeBeforeChainNotSupported) {
  json body = exact_in();
  body["source"]["chainId"] = 56;
  body["dappId"] = "";
  const OpResult result = error_of(body);
  EXPECT_EQ(result.status, 400);
  EXPECT_TRUE(has_field_error(result, "dappId", "must be 1 to 128 characters"));
}

TEST(QuoteRequest, OneResponseListsEveryFieldToCorrect) {
  json body = custom();
  body["swapType"] = "custom";
  body["source"]["amount"] = "0";
  body["source"]["funder"] = "0xdeadbeef";
  body["source"]["chainId"] = "8453";
  body["destination"]["calls"][0]["data"] = "a9059cbb";
  body["destination"]["amount"] = "5";
  body["slippage"] = 3;
  body["dappId"] = "";
  body["extra"] = 1;
  const OpResult result = error_of(body);
  const std::vector<std::string> expected = {"swapType", "source.chainId", "source.amount", "source.funder",
                                             "destination.calls[0].data", "slippage", "dappId", "extra",
                                             "destination.amount"};
  std::vector<std::string> fields;
  for (const auto& e : result.body["errors"]) fields.push_back(e["field"]);
  EXPECT_EQ(fields, expected);
  EXPECT_EQ(result.body["detail"].get<std::string>().rfind("9 fields to correct: ", 0), 0u);
}

}  // namespace
}  // namespace sr::service
