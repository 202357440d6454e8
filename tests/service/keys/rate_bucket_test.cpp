// Op "rateBucket": a token bucket's withdrawals, leases and idleness, row by row, with the
// figures worked out by hand from its rule (refill at ratePerSec up to burst less the unexpired
// leases; whole tokens granted).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "service/common/op_input.h"
#include "service/keys/rate_bucket.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kNow = 1'795'600'800'000;
const Json kLimit = {{"ratePerSec", 2}, {"burst", 10}};

Json bucket(double tokens, double updated_ms, Json leases = Json::array()) {
  return Json{{"tokens", tokens}, {"updatedMs", updated_ms}, {"leases", std::move(leases)}};
}
Json lease(double tokens, double expires_ms) { return Json{{"tokens", tokens}, {"expiresMs", expires_ms}}; }

Json take(const Json& b, double want, bool spend_one, double now = kNow) {
  const OpResult r = rate_bucket_op({{"kind", "take"}, {"bucket", b}, {"limit", kLimit}, {"want", want}, {"spendOne", spend_one}, {"nowMs", now}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

TEST(RateBucket, EachBucketAndWithdrawalAnswersWhatItGrantsLeasesAndHolds) {
  struct Row {
    const char* name;
    Json bucket;
    double want;
    bool spend_one;
    double granted, leased, tokens, remaining, reset_sec, retry_after_sec;
    Json leases;
  };
  const std::vector<Row> rows = {
      {"none yet: a full bucket, one spent", nullptr, 1, true, 1, 0, 9, 9, 1, 0, Json::array()},
      {"a lease of four from a full bucket: one spent, three leased", nullptr, 4, true, 4, 3, 6, 6, 2, 0,
       Json::array({lease(3, kNow + 500)})},
      {"a background lease spends none", nullptr, 4, false, 4, 4, 6, 6, 2, 0, Json::array({lease(4, kNow + 500)})},
      {"refilled for 1.5 s at 2/s: 0.5 + 3 held, three granted", bucket(0.5, kNow - 1500), 5, true, 3, 2, 0.5, 0, 5, 0,
       Json::array({lease(2, kNow + 500)})},
      {"never above the burst however long idle", bucket(4, kNow - 3'600'000), 1, true, 1, 0, 9, 9, 1, 0, Json::array()},
      {"empty: refused, one token back in half a second rounds up to 1 s", bucket(0, kNow), 1, true, 0, 0, 0, 0, 5, 1,
       Json::array()},
      {"0.25 held: refused until 0.75 more, 1 s", bucket(0.25, kNow), 1, true, 0, 0, 0.25, 0, 5, 1, Json::array()},
      {"unexpired leases count against the burst", bucket(10, kNow, Json::array({lease(7, kNow + 100)})), 5, true, 3, 2, 0, 0,
       5, 0, Json::array({lease(7, kNow + 100), lease(2, kNow + 500)})},
      {"an expired lease is dropped and counts no more", bucket(10, kNow, Json::array({lease(7, kNow)})), 1, true, 1, 0, 9, 9,
       1, 0, Json::array()},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const Json r = take(row.bucket, row.want, row.spend_one);
    EXPECT_EQ(r["granted"].get<double>(), row.granted);
    EXPECT_EQ(r["leased"].get<double>(), row.leased);
    EXPECT_EQ(r["allowed"], row.granted > 0);
    EXPECT_EQ(r["limit"].get<double>(), 10);
    EXPECT_DOUBLE_EQ(r["bucket"]["tokens"].get<double>(), row.tokens);
    EXPECT_EQ(r["bucket"]["updatedMs"].get<double>(), kNow);
    EXPECT_EQ(r["bucket"]["leases"], row.leases);
    EXPECT_EQ(r["remaining"].get<double>(), row.remaining);
    EXPECT_EQ(r["resetSec"].get<double>(), row.reset_sec);
    EXPECT_EQ(r["retryAfterSec"].get<double>(), row.retry_after_sec);
  }
}

// Withdrawals in a row never grant more than the burst plus what the rate refills meanwhile.
TEST(RateBucket, AdmissionsNeverExceedTheBurstPlusTheRefill) {
  Json b = nullptr;
  double granted = 0;
  for (int i = 0; i < 100; ++i) {
    const Json r = take(b, 3, i % 2 == 0, kNow + i * 10);  // one second in all, 10 ms apart
    granted += r["granted"].get<double>();
    b = r["bucket"];
  }
  EXPECT_LE(granted, 10 + 2 * 1.0);
  EXPECT_GE(granted, 10);
}

TEST(RateBucket, IdleBucketsAreThoseBackAtTheirBurstWithNoLeaseOut) {
  const auto with_limit = [](Json b) {
    b["ratePerSec"] = 2;
    b["burst"] = 10;
    return b;
  };
  const Json buckets = {{"refilled", with_limit(bucket(6, kNow - 2000))},
                        {"refilling", with_limit(bucket(6, kNow - 1999))},
                        {"leased", with_limit(bucket(10, kNow - 60'000, Json::array({lease(1, kNow + 1)})))},
                        {"lease expired", with_limit(bucket(10, kNow - 60'000, Json::array({lease(1, kNow)})))}};
  const OpResult r = rate_bucket_op({{"kind", "idle"}, {"buckets", buckets}, {"nowMs", kNow}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["idle"], Json::array({"refilled", "lease expired"}));
}

TEST(RateBucket, AMalformedInputIsAWorkerBug) {
  for (const Json& bad : {Json{{"kind", "pour"}},
                          Json{{"kind", "take"}, {"bucket", nullptr}, {"limit", {{"ratePerSec", 0}, {"burst", 10}}}, {"want", 1}, {"spendOne", true}, {"nowMs", kNow}},
                          Json{{"kind", "take"}, {"bucket", nullptr}, {"limit", kLimit}, {"want", -1}, {"spendOne", true}, {"nowMs", kNow}},
                          Json{{"kind", "take"}, {"bucket", {{"tokens", 1}}}, {"limit", kLimit}, {"want", 1}, {"spendOne", true}, {"nowMs", kNow}},
                          Json{{"kind", "take"}, {"limit", kLimit}, {"want", 1}, {"spendOne", true}, {"nowMs", kNow}},
                          Json{{"kind", "idle"}, {"buckets", Json::array()}, {"nowMs", kNow}}}) {
    EXPECT_THROW(rate_bucket_op(bad), OpInputError) << bad.dump();
  }
}

}  // namespace
}  // namespace sr::service
