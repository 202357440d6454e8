#include "service/common/problem.h"

#include <gtest/gtest.h>

namespace sr::service {
namespace {

TEST(ServiceProblem, EveryCodeHasTheContractStatus) {
  const std::vector<std::tuple<ProblemCode, const char*, int>> table = {
      {ProblemCode::invalid_request, "invalid-request", 400},
      {ProblemCode::invalid_api_key, "invalid-api-key", 401},
      {ProblemCode::partner_not_mapped, "partner-not-mapped", 403},
      {ProblemCode::feature_not_enabled, "feature-not-enabled", 403},
      {ProblemCode::not_found, "not-found", 404},
      {ProblemCode::conflict, "conflict", 409},
      {ProblemCode::payload_too_large, "payload-too-large", 413},
      {ProblemCode::unsupported_media_type, "unsupported-media-type", 415},
      {ProblemCode::chain_not_supported, "chain-not-supported", 422},
      {ProblemCode::rate_limited, "rate-limited", 429},
      {ProblemCode::deposit_quota_exceeded, "deposit-quota-exceeded", 429},
      {ProblemCode::sponsorship_exhausted, "sponsorship-exhausted", 429},
      {ProblemCode::internal, "internal", 500},
      {ProblemCode::solver_error, "solver-error", 502},
  };
  for (const auto& [code, name, status] : table) {
    EXPECT_EQ(code_name(code), name);
    EXPECT_EQ(http_status(code), status);
    const OpResult result = problem(code, "detail text");
    EXPECT_EQ(result.status, status);
    EXPECT_EQ(result.body["status"], status);
    EXPECT_EQ(result.body["code"], name);
    EXPECT_EQ(result.body["type"], std::string("urn:stableroutes:problem:") + name);
    EXPECT_FALSE(result.body["title"].get<std::string>().empty());
  }
}

TEST(ServiceProblem, BodyHasExactlyTheContractMembersInItsOrderAndNoRequestId) {
  const OpResult result = problem(ProblemCode::solver_error, "no solver serves the pair", {{"destination.token", "m"}});
  std::vector<std::string> keys;
  for (const auto& [k, v] : result.body.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"type", "title", "status", "code", "detail", "errors"}));  // the contract's order
  EXPECT_EQ(result.body["errors"], (nlohmann::ordered_json{{{"field", "destination.token"}, {"message", "m"}}}));
  EXPECT_EQ(problem(ProblemCode::internal, "x").body["errors"], nlohmann::ordered_json::array());
}

TEST(ServiceProblem, InvalidRequestListsEveryFieldAndSummarisesThemInDetail) {
  FieldErrors errors;
  errors.add("source.amount", "source.amount must be greater than 0");
  errors.add("dappId", "dappId is required");
  const OpResult result = invalid_request(errors);
  EXPECT_EQ(result.status, 400);
  EXPECT_EQ(result.body["errors"].size(), 2u);
  EXPECT_EQ(result.body["detail"], "2 fields to correct: source.amount must be greater than 0; dappId is required");
}

}  // namespace
}  // namespace sr::service
