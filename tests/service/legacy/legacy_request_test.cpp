// Validation of the legacy v3 requests: the exact-out/exact-in envelope and intentStatus.
#include "service/legacy/legacy_request.h"

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
constexpr const char* kPortal = "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df";
constexpr const char* kProver = "0xeC0008acc34d3D0CAa6758Ce788091e473812e28";

json envelope() {
  return {{"dAppID", "legacy-dapp"},
          {"intentExecutionTypes", {"SELF_PUBLISH"}},
          {"quoteRequest",
           {{"sourceChainID", 8453},
            {"destinationChainID", 10},
            {"sourceToken", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
            {"destinationToken", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"},
            {"sourceAmount", "25000000"},
            {"funder", kFunder},
            {"refundRecipient", kRecipient},
            {"recipient", kRecipient}}}};
}

OpResult quote_error(const json& body) {
  auto result = validate_legacy_quote_request(body, production_config());
  EXPECT_FALSE(result) << "expected the request to be refused: " << body.dump();
  return result.error;
}

OpResult status_error(const json& body) {
  auto result = validate_legacy_intent_status(body);
  EXPECT_FALSE(result) << "expected the request to be refused: " << body.dump();
  return result.error;
}

TEST(LegacyQuoteRequest, ReadsTheEnvelope) {
  auto result = validate_legacy_quote_request(envelope(), production_config());
  ASSERT_TRUE(result) << result.error.body.dump();
  const LegacyQuoteRequest& r = *result.value;
  EXPECT_EQ(r.dapp_id, "legacy-dapp");
  EXPECT_EQ(r.execution_types, std::vector{IntentExecutionType::self_publish});
  EXPECT_EQ(r.source_chain_id, 8453u);
  EXPECT_EQ(r.destination_chain_id, 10u);
  EXPECT_EQ(r.source_amount, U256(25000000));
  EXPECT_EQ(r.funder.text(), kFunder);
  EXPECT_EQ(r.refund_recipient.text(), kRecipient);
  EXPECT_EQ(r.recipient.text(), kRecipient);
}

TEST(LegacyQuoteRequest, RefundRecipientDefaultsToTheFunder) {
  json body = envelope();
  body["quoteRequest"].erase("refundRecipient");
  auto result = validate_legacy_quote_request(body, production_config());
  ASSERT_TRUE(result);
  EXPECT_EQ(result.value->refund_recipient.text(), kFunder);
}

TEST(LegacyQuoteRequest, DAppIdIsRequired) {
  json body = envelope();
  body.erase("dAppID");
  EXPECT_TRUE(has_field_error(quote_error(body), "dAppID", "dAppID is required"));
  body["dAppID"] = "";
  EXPECT_TRUE(has_field_error(quote_error(body), "dAppID", "must be 1 to 128 characters"));
}

TEST(LegacyQuoteRequest, ExecutionTypesAreARequiredNonEmptyArrayOfKnownValues) {
  json body = envelope();
  body.erase("intentExecutionTypes");
  EXPECT_TRUE(has_field_error(quote_error(body), "intentExecutionTypes", "is required"));
  body["intentExecutionTypes"] = "SELF_PUBLISH";
  EXPECT_TRUE(has_field_error(quote_error(body), "intentExecutionTypes", "must be an array"));
  body["intentExecutionTypes"] = json::array();
  EXPECT_TRUE(has_field_error(quote_error(body), "intentExecutionTypes", "must list at least one execution type"));
  body["intentExecutionTypes"] = {"SELF_PUBLISH", "SELF_FUND", 3};
  const OpResult result = quote_error(body);
  EXPECT_TRUE(has_field_error(result, "intentExecutionTypes[1]", "must be \"SELF_PUBLISH\" or \"GASLESS\""));
  EXPECT_TRUE(has_field_error(result, "intentExecutionTypes[2]", "must be a string"));
}

// GASLESS is in Eco's enum, so it is not an unknown value: the request is refused as a whole,
// naming the field itself, and the answer says where gasless funding is served.
TEST(LegacyQuoteRequest, GaslessIsRefusedWithAPointerToTheV1GaslessEndpoints) {
  for (const json& types : {json{"GASLESS"}, json{"SELF_PUBLISH", "GASLESS"}, json{"GASLESS", "GASLESS"}}) {
    SCOPED_TRACE(types.dump());
    json body = envelope();
    body["intentExecutionTypes"] = types;
    const OpResult result = quote_error(body);
    EXPECT_EQ(result.status, 400);
    EXPECT_EQ(result.body["code"], "invalid-request");
    ASSERT_EQ(result.body["errors"].size(), 1u) << result.body.dump();
    EXPECT_EQ(result.body["errors"][0]["field"], "intentExecutionTypes");
    EXPECT_TRUE(has_field_error(result, "intentExecutionTypes", "names \"GASLESS\", which the legacy interface does not serve"));
    const std::string detail = result.body["detail"].get<std::string>();
    EXPECT_NE(detail.find("/v1/gasless"), std::string::npos) << detail;
    EXPECT_NE(detail.find("POST /v1/gasless/permit3"), std::string::npos) << detail;
  }
}

TEST(LegacyQuoteRequest, RepeatedExecutionTypesCollapse) {
  json body = envelope();
  body["intentExecutionTypes"] = {"SELF_PUBLISH", "SELF_PUBLISH"};
  auto result = validate_legacy_quote_request(body, production_config());
  ASSERT_TRUE(result);
  EXPECT_EQ(result.value->execution_types.size(), 1u);
}

TEST(LegacyQuoteRequest, QuoteRequestMembersAreRequired) {
  json body = envelope();
  body["quoteRequest"] = {{"refundRecipient", kRecipient}};
  const OpResult result = quote_error(body);
  for (const char* path : {"quoteRequest.sourceChainID", "quoteRequest.destinationChainID", "quoteRequest.sourceToken",
                           "quoteRequest.destinationToken", "quoteRequest.sourceAmount", "quoteRequest.funder",
                           "quoteRequest.recipient"}) {
    EXPECT_TRUE(has_field_error(result, path, std::string(path) + " is required"));
  }
  body.erase("quoteRequest");
  EXPECT_TRUE(has_field_error(quote_error(body), "quoteRequest", "quoteRequest is required"));
}

TEST(LegacyQuoteRequest, FieldsAreTypedAndChecked) {
  json body = envelope();
  body["quoteRequest"]["sourceChainID"] = "8453";
  body["quoteRequest"]["sourceAmount"] = 25000000;
  body["quoteRequest"]["recipient"] = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bC";  // bad checksum
  body["quoteRequest"]["slippage"] = 0.01;
  const OpResult result = quote_error(body);
  EXPECT_TRUE(has_field_error(result, "quoteRequest.sourceChainID", "must be an integer"));
  EXPECT_TRUE(has_field_error(result, "quoteRequest.sourceAmount", "must be a string of decimal digits"));
  EXPECT_TRUE(has_field_error(result, "quoteRequest.recipient", "must be an EVM address"));
  EXPECT_TRUE(has_field_error(result, "quoteRequest.slippage", "is not a known field"));
}

TEST(LegacyQuoteRequest, SourceAmountMustBePositive) {
  json body = envelope();
  body["quoteRequest"]["sourceAmount"] = "0";
  EXPECT_TRUE(has_field_error(quote_error(body), "quoteRequest.sourceAmount", "must be greater than 0"));
}

TEST(LegacyQuoteRequest, ContractsMayBeOmittedOrMatchTheConfiguration) {
  json body = envelope();
  body["contracts"] = {{"sourcePortal", kPortal}, {"destinationPortal", kPortal}, {"prover", kProver}};
  EXPECT_TRUE(validate_legacy_quote_request(body, production_config()));
  body["contracts"] = json::object();
  EXPECT_TRUE(validate_legacy_quote_request(body, production_config()));
  body["contracts"] = {{"sourcePortal", "0x1111111111111111111111111111111111111111"}, {"verifier", kProver}};
  const OpResult result = quote_error(body);
  EXPECT_TRUE(has_field_error(result, "contracts.sourcePortal", "must be the configured " + std::string(kPortal) + " of chain 8453"));
  EXPECT_TRUE(has_field_error(result, "contracts.verifier", "is not a known field"));
}

TEST(LegacyQuoteRequest, UnknownTopLevelFieldsAreRefused) {
  json body = envelope();
  body["quoteID"] = "x";
  EXPECT_TRUE(has_field_error(quote_error(body), "quoteID", "quoteID is not a known field"));
}

TEST(LegacyQuoteRequest, UnknownChainAnswersChainNotSupportedAfterFieldErrors) {
  json body = envelope();
  body["quoteRequest"]["destinationChainID"] = 56;
  OpResult result = quote_error(body);
  EXPECT_EQ(result.status, 422);
  EXPECT_EQ(result.body["code"], "chain-not-supported");
  EXPECT_EQ(result.body["errors"][0]["field"], "quoteRequest.destinationChainID");
  body["dAppID"] = 1;
  result = quote_error(body);
  EXPECT_EQ(result.status, 400);
  EXPECT_TRUE(has_field_error(result, "dAppID", "must be a string"));
}

TEST(LegacyQuoteRequest, OneResponseListsEveryFieldToCorrect) {
  json body = envelope();
  body.erase("dAppID");
  body["intentExecutionTypes"] = {"NOPE"};
  body["quoteRequest"]["funder"] = "0x0000000000000000000000000000000000000000";
  body["quoteRequest"]["sourceAmount"] = "1.0";
  const OpResult result = quote_error(body);
  std::vector<std::string> fields;
  for (const auto& e : result.body["errors"]) fields.push_back(e["field"]);
  EXPECT_EQ(fields, (std::vector<std::string>{"dAppID", "intentExecutionTypes[0]", "quoteRequest.sourceAmount",
                                              "quoteRequest.funder"}));
}

TEST(LegacyIntentStatus, ReadsAnyOfTheThreeHashes) {
  const std::string hash = "0x23744C2252D544A50DD8906A9C6C94F725BF7A98C549C7A3C643367C77F7E05C";
  auto result = validate_legacy_intent_status({{"intentHash", hash}});
  ASSERT_TRUE(result) << result.error.body.dump();
  EXPECT_EQ(hex::encode(*result.value->intent_hash), "0x23744c2252d544a50dd8906a9c6c94f725bf7a98c549c7a3c643367c77f7e05c");
  EXPECT_FALSE(result.value->fulfillment_hash.has_value());
  result = validate_legacy_intent_status({{"intentCreatedHash", hash}, {"fulfillmentHash", hash}});
  ASSERT_TRUE(result);
  EXPECT_TRUE(result.value->intent_created_hash.has_value());
  EXPECT_TRUE(result.value->fulfillment_hash.has_value());
}

TEST(LegacyIntentStatus, NeedsAtLeastOneHash) {
  EXPECT_TRUE(has_field_error(status_error(json::object()), "intentHash",
                              "one of intentHash, intentCreatedHash or fulfillmentHash is required"));
  EXPECT_TRUE(has_field_error(status_error({{"intentHash", nullptr}}), "intentHash", "is required"));
}

TEST(LegacyIntentStatus, HashesAre32BytesOfHex) {
  const OpResult result = status_error({{"intentHash", "0x1234"},
                                        {"intentCreatedHash", 5},
                                        {"fulfillmentHash", "23744c2252d544a50dd8906a9c6c94f725bf7a98c549c7a3c643367c77f7e05c"}});
  EXPECT_TRUE(has_field_error(result, "intentHash", "intentHash must be a 32-byte hash"));
  EXPECT_TRUE(has_field_error(result, "intentCreatedHash", "intentCreatedHash must be a string"));
  EXPECT_TRUE(has_field_error(result, "fulfillmentHash", "fulfillmentHash must be a 32-byte hash"));
  EXPECT_EQ(result.body["errors"].size(), 3u);
}

TEST(LegacyIntentStatus, UnknownFieldsAndNonObjectsAreRefused) {
  EXPECT_TRUE(has_field_error(status_error({{"intentHash", "0x" + std::string(64, 'a')}, {"chainId", 1}}), "chainId",
                              "is not a known field"));
  EXPECT_TRUE(has_field_error(status_error(json::array()), "", "the request body must be an object"));
}

}  // namespace
}  // namespace sr::service
