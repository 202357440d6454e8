#include "service/quotes/attribution_retention.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

// Day 20,000 began at 1,728,000,000 (2024-10-04 00:00 UTC).
constexpr std::uint64_t kDay = 20000;
constexpr std::uint64_t kNoon = kDay * 86400 + 43200;

// A use counts under its UTC day; the rows of the last 90 days, today included, are kept and the
// oldest kept day says when the alarm looks again.
TEST(AttributionRetention, KeepsTheLastNinetyDaysAndDeletesOlderOnes) {
  const OpResult r = attribution_retention_op({{"now", kNoon}, {"days", {kDay, kDay - 89, kDay - 90, kDay - 400}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["day"], kDay);
  EXPECT_EQ(r.body["expired"], json({kDay - 90, kDay - 400}));
  // Day kDay - 89 leaves the window when day kDay + 1 begins.
  EXPECT_EQ(r.body["nextAt"], (kDay + 1) * 86400);
  // At that second it is expired, a second before it is not.
  EXPECT_EQ(attribution_retention_op({{"now", (kDay + 1) * 86400}, {"days", {kDay - 89}}}).body["expired"], json({kDay - 89}));
  EXPECT_EQ(attribution_retention_op({{"now", (kDay + 1) * 86400 - 1}, {"days", {kDay - 89}}}).body["expired"], json::array());
}

TEST(AttributionRetention, NothingKeptAnswersNoNextLookAndShortDaysForTests) {
  const OpResult none = attribution_retention_op({{"now", kNoon}, {"days", {kDay - 100}}});
  EXPECT_EQ(none.body["expired"], json({kDay - 100}));
  EXPECT_TRUE(none.body["nextAt"].is_null());
  EXPECT_TRUE(attribution_retention_op({{"now", kNoon}, {"days", json::array()}}).body["nextAt"].is_null());
  // Two-second days, one kept: the row of second 100's day (50) goes at second 102.
  const OpResult short_days = attribution_retention_op({{"now", 100}, {"days", {50, 49}}, {"keepDays", 1}, {"daySec", 2}});
  EXPECT_EQ(short_days.body["day"], 50);
  EXPECT_EQ(short_days.body["expired"], json({49}));
  EXPECT_EQ(short_days.body["nextAt"], 102);
}

TEST(AttributionRetention, MalformedInputIsTheWorkersMistake) {
  EXPECT_THROW(attribution_retention_op({{"now", kNoon}}), OpInputError);
  EXPECT_THROW(attribution_retention_op({{"now", kNoon}, {"days", {-1}}}), OpInputError);
  EXPECT_THROW(attribution_retention_op({{"now", kNoon}, {"days", json::array()}, {"keepDays", 0}}), OpInputError);
  EXPECT_THROW(attribution_retention_op({{"now", kNoon}, {"days", json::array()}, {"daySec", 0}}), OpInputError);
  EXPECT_THROW(attribution_retention_op({{"days", json::array()}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
