// Concurrent status streams per caller (service/keys/stream_admission.h): admitted up to the cap
// of the caller's kind, refused beyond with the headers a client needs to back off.
#include "service/keys/stream_admission.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

OpResult admit(const char* caller, std::uint64_t open, json cap = nullptr) {
  json input = {{"caller", caller}, {"open", open}};
  if (!cap.is_null()) input["cap"] = cap;
  return stream_admission_op(input);
}

TEST(StreamAdmission, ANetworkGetsTenStreamsAndAKeyAHundredByDefault) {
  EXPECT_EQ(admit("network", 1).body, (json{{"cap", 10}, {"remaining", 9}}));
  EXPECT_EQ(admit("network", 10).status, 200);
  EXPECT_EQ(admit("network", 10).body["remaining"], 0);
  EXPECT_EQ(admit("network", 11).status, 429);
  EXPECT_EQ(admit("key", 11).status, 200);
  EXPECT_EQ(admit("key", 100).status, 200);
  EXPECT_EQ(admit("key", 101).status, 429);
}

TEST(StreamAdmission, TheDeploymentsCapReplacesTheDefault) {
  EXPECT_EQ(admit("network", 2, 2).status, 200);
  EXPECT_EQ(admit("network", 3, 2).status, 429);
  EXPECT_EQ(admit("key", 500, 1000).status, 200);
  EXPECT_EQ(stream_admission_op({{"caller", "key"}, {"open", 3}, {"cap", nullptr}}).status, 200);
}

TEST(StreamAdmission, ARefusalIs429WithRetryAfterAndRateLimitHeaders) {
  const OpResult r = admit("network", 3, 2);
  ASSERT_EQ(r.status, 429);
  EXPECT_EQ(r.body["code"], "rate-limited");
  EXPECT_NE(r.body["detail"].get<std::string>().find("at most 2 status streams"), std::string::npos);
  EXPECT_NE(r.body["detail"].get<std::string>().find("client network"), std::string::npos);
  EXPECT_EQ(r.headers, (json{{"Retry-After", "1"}, {"RateLimit-Limit", "2"}, {"RateLimit-Remaining", "0"}, {"RateLimit-Reset", "1"}}));
  EXPECT_NE(admit("key", 101).body["detail"].get<std::string>().find("API key"), std::string::npos);
}

TEST(StreamAdmission, AWorkerBugIsAnInputErrorNotAnAnswer) {
  EXPECT_THROW(admit("partner", 1), OpInputError);
  EXPECT_THROW(admit("key", 0), OpInputError);
  EXPECT_THROW(admit("key", 1, 0), OpInputError);
  EXPECT_THROW(admit("key", 1, "5"), OpInputError);
  EXPECT_THROW(stream_admission_op({{"caller", "key"}, {"open", -1}}), OpInputError);
  EXPECT_THROW(stream_admission_op({{"caller", "key"}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
