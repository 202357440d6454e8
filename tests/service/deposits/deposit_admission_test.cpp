// Open, unfunded deposit addresses per partner and per client network
// (service/deposits/deposit_admission.h): admitted up to both caps, refused beyond with a problem
// code of its own and the headers a client needs to back off, Retry-After counted to the moment
// the earliest counted address passes its deadline.
#include "service/deposits/deposit_admission.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

constexpr std::uint64_t kNow = 1'800'000'000;

json count(std::uint64_t open, json cap = nullptr, json frees_at = nullptr) {
  return {{"open", open}, {"cap", cap}, {"freesAt", frees_at}};
}

OpResult admit(json partner, json network) {
  return deposit_admission_op({{"partner", partner}, {"network", network}, {"now", kNow}});
}

TEST(DepositAdmission, DefaultsAreTenThousandPerPartnerAndAHundredPerNetwork) {
  const OpResult first = admit(count(1), count(1));
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(first.body, (json{{"partner", {{"cap", 10'000}, {"remaining", 9'999}}}, {"network", {{"cap", 100}, {"remaining", 99}}}}));
  EXPECT_EQ(admit(count(10'000), count(100)).status, 200);
  EXPECT_EQ(admit(count(10'001), count(1)).status, 429);
  EXPECT_EQ(admit(count(1), count(101)).status, 429);
}

TEST(DepositAdmission, TheNetworksCapRefusesWithItsOwnCodeAndHeaders) {
  const OpResult refused = admit(count(5, 100), count(4, 3, kNow + 600));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body["code"], "deposit-quota-exceeded");
  EXPECT_NE(refused.body["detail"].get<std::string>().find("client network"), std::string::npos);
  EXPECT_EQ(refused.headers, (json{{"Retry-After", "600"}, {"RateLimit-Limit", "3"}, {"RateLimit-Remaining", "0"}, {"RateLimit-Reset", "600"}}));
  // At the cap exactly it is admitted, with nothing left.
  const OpResult last = admit(count(5, 100), count(3, 3, kNow + 600));
  EXPECT_EQ(last.status, 200);
  EXPECT_EQ(last.body["network"]["remaining"], 0);
}

TEST(DepositAdmission, ThePartnersQuotaRefusesWhateverTheNetwork) {
  const OpResult refused = admit(count(3, 2, kNow + 30), count(1, 20));
  EXPECT_EQ(refused.status, 429);
  EXPECT_NE(refused.body["detail"].get<std::string>().find("partner's quota of 2"), std::string::npos);
  EXPECT_EQ(refused.headers["Retry-After"], "30");
  EXPECT_EQ(refused.headers["RateLimit-Limit"], "2");
}

TEST(DepositAdmission, BothFullWaitsForTheLaterAndNamesBoth) {
  const OpResult refused = admit(count(3, 2, kNow + 30), count(4, 3, kNow + 90));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.headers["Retry-After"], "90");
  EXPECT_EQ(refused.headers["RateLimit-Limit"], "3");
  const std::string detail = refused.body["detail"];
  EXPECT_NE(detail.find("client network"), std::string::npos);
  EXPECT_NE(detail.find("partner"), std::string::npos);
}

TEST(DepositAdmission, RetryAfterIsAtLeastOneSecondAndHasADefault) {
  EXPECT_EQ(admit(count(1), count(4, 3, kNow - 5)).headers["Retry-After"], "1");
  EXPECT_EQ(admit(count(1), count(4, 3, kNow)).headers["Retry-After"], "1");
  EXPECT_EQ(admit(count(1), count(4, 3)).headers["Retry-After"], std::to_string(kDepositRetryAfterSec));
}

OpResult admit_from_48(json partner, json network, json aggregate, json factor = nullptr) {
  return deposit_admission_op({{"partner", partner}, {"network", network}, {"aggregate", aggregate}, {"aggregateFactor", factor}, {"now", kNow}});
}

// The /64s of one /48 (or /56) share the /48's count, at 16 times a /64's cap by default: the
// 1,601st open address of a /48 is refused though its own /64 holds one.
TEST(DepositAdmission, AnIpv6ClientsSlash48IsCappedAtTheFactorTimesItsSlash64s) {
  const OpResult within = admit_from_48(count(1), count(1), count(1'600));
  EXPECT_EQ(within.status, 200);
  EXPECT_EQ(within.body["aggregate"], (json{{"cap", 1'600}, {"remaining", 0}}));
  const OpResult refused = admit_from_48(count(1), count(1), count(1'601, nullptr, kNow + 120));
  ASSERT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body["code"], "deposit-quota-exceeded");
  EXPECT_NE(refused.body["detail"].get<std::string>().find("IPv6 /48 already has 1600"), std::string::npos);
  EXPECT_EQ(refused.headers, (json{{"Retry-After", "120"}, {"RateLimit-Limit", "1600"}, {"RateLimit-Remaining", "0"}, {"RateLimit-Reset", "120"}}));
  // The factor and the network's cap set the /48's; an explicit cap replaces both.
  EXPECT_EQ(admit_from_48(count(1), count(1, 2), count(4), 2).body["aggregate"]["cap"], 4);
  EXPECT_EQ(admit_from_48(count(1), count(1, 2), count(5), 2).status, 429);
  EXPECT_EQ(admit_from_48(count(1), count(1, 2), count(5, 7), 2).status, 200);
  // Without an aggregate (an IPv4 client) nothing is counted for it.
  EXPECT_FALSE(admit(count(1), count(1)).body.contains("aggregate"));
  EXPECT_THROW(admit_from_48(count(1), count(1), count(1), 0), OpInputError);
  EXPECT_THROW(admit_from_48(count(1), count(1), count(0)), OpInputError);
}

TEST(DepositAdmission, AFullSlash48AndAFullPartnerWaitForTheLater) {
  const OpResult refused = admit_from_48(count(3, 2, kNow + 30), count(1, 2), count(5, nullptr, kNow + 90), 2);
  ASSERT_EQ(refused.status, 429);
  EXPECT_EQ(refused.headers["Retry-After"], "90");
  EXPECT_EQ(refused.headers["RateLimit-Limit"], "4");
  const std::string detail = refused.body["detail"];
  EXPECT_NE(detail.find("/48"), std::string::npos);
  EXPECT_NE(detail.find("partner"), std::string::npos);
}

TEST(DepositAdmission, MalformedCountsAreRefused) {
  EXPECT_THROW(admit(count(0), count(1)), OpInputError);
  EXPECT_THROW(admit(count(1), count(1, 0)), OpInputError);
  EXPECT_THROW(admit(json{{"open", 1}, {"extra", 1}}, count(1)), OpInputError);
  EXPECT_THROW(admit(count(1), json{{"open", -1}}), OpInputError);
  EXPECT_THROW(admit(count(1), count(1, nullptr, "soon")), OpInputError);
  EXPECT_THROW(deposit_admission_op({{"partner", count(1)}, {"network", count(1)}}), OpInputError);
  EXPECT_THROW(deposit_admission_op({{"partner", count(1)}, {"now", kNow}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
