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

OpResult admit_from_48(std::uint64_t open, std::uint64_t wide_open, json cap = nullptr, json factor = nullptr) {
  return stream_admission_op({{"caller", "network"}, {"open", open}, {"cap", cap}, {"aggregate", {{"open", wide_open}}}, {"aggregateFactor", factor}});
}

// The /64s of one /48 share the /48's streams, 16 times a network's cap by default.
TEST(StreamAdmission, AnIpv6ClientsSlash48IsCappedAtTheFactorTimesANetworks) {
  EXPECT_EQ(admit_from_48(1, 160).body, (json{{"cap", 10}, {"remaining", 9}, {"aggregate", {{"cap", 160}, {"remaining", 0}}}}));
  const OpResult r = admit_from_48(1, 161);
  ASSERT_EQ(r.status, 429);
  EXPECT_EQ(r.body["code"], "rate-limited");
  EXPECT_NE(r.body["detail"].get<std::string>().find("at most 160 status streams may be open at once for this client's IPv6 /48"), std::string::npos);
  EXPECT_EQ(r.headers, (json{{"Retry-After", "1"}, {"RateLimit-Limit", "160"}, {"RateLimit-Remaining", "0"}, {"RateLimit-Reset", "1"}}));
  // The deployment's cap and factor set the /48's.
  EXPECT_EQ(admit_from_48(1, 4, 2, 2).status, 200);
  EXPECT_EQ(admit_from_48(1, 5, 2, 2).headers["RateLimit-Limit"], "4");
  // The network's own cap still answers first when it is full.
  EXPECT_EQ(admit_from_48(3, 3, 2, 2).headers["RateLimit-Limit"], "2");
  // Only a client network has a /48.
  EXPECT_THROW(stream_admission_op({{"caller", "key"}, {"open", 1}, {"aggregate", {{"open", 1}}}}), OpInputError);
  EXPECT_THROW(admit_from_48(1, 0), OpInputError);
  EXPECT_THROW(admit_from_48(1, 1, nullptr, 0), OpInputError);
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
