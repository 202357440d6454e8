// Keyless submits to one partner's deposit addresses checked at once in an isolate
// (service/keys/submit_admission.h): admitted up to the cap, refused beyond with the headers a
// client needs to back off; a check never seen to end stops counting after kSubmitCheckMaxMs and is
// named for the worker to forget; a malformed input is the worker's bug.
#include "service/keys/submit_admission.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

constexpr std::uint64_t kNow = 1'800'000'000'000;

// `n` checks that started just now (this one last).
json fresh(std::size_t n) {
  json started = json::array();
  for (std::size_t i = 0; i < n; ++i) started.push_back(kNow - i);
  return started;
}

OpResult admit(json started, json cap = nullptr) {
  json input = {{"partner", "acme"}, {"started", std::move(started)}, {"nowMs", kNow}};
  if (!cap.is_null()) input["cap"] = cap;
  return submit_admission_op(input);
}

TEST(SubmitAdmission, OneAtATimeByDefault) {
  EXPECT_EQ(admit(fresh(1)).body, (json{{"cap", 1}, {"remaining", 0}, {"expired", json::array()}}));
  EXPECT_EQ(admit(fresh(2)).status, 429);
  EXPECT_EQ(admit(fresh(100)).status, 429);
  EXPECT_EQ(admit(fresh(2), 2).body, (json{{"cap", 2}, {"remaining", 0}, {"expired", json::array()}}));
}

TEST(SubmitAdmission, TheDeploymentsCapReplacesTheDefault) {
  EXPECT_EQ(admit(fresh(1), 1).status, 200);
  EXPECT_EQ(admit(fresh(2), 1).status, 429);
  EXPECT_EQ(admit(fresh(8), 8).body["remaining"], 0);
  EXPECT_EQ(admit(fresh(9), 8).status, 429);
  EXPECT_EQ(submit_admission_op({{"partner", "acme"}, {"started", fresh(1)}, {"nowMs", kNow}, {"cap", nullptr}}).status, 200);
  // The wasm's parser reads counts as unsigned, a C++ caller's as signed: both are counts.
  EXPECT_EQ(submit_admission_op({{"partner", "acme"}, {"started", fresh(3)}, {"nowMs", kNow}, {"cap", json(std::uint64_t{3})}}).status, 200);
}

TEST(SubmitAdmission, ARefusalIs429NamingThePartnerWithRetryAfterAndRateLimitHeaders) {
  const OpResult r = admit(fresh(3), 2);
  ASSERT_EQ(r.status, 429);
  EXPECT_EQ(r.body["code"], "rate-limited");
  EXPECT_EQ(r.body["detail"], "at most 2 submits to acme's deposit addresses are checked at once here; retry in 1 s");
  EXPECT_EQ(r.headers, (json{{"Retry-After", "1"}, {"RateLimit-Limit", "2"}, {"RateLimit-Remaining", "0"}, {"RateLimit-Reset", "1"}}));
}

// A client that goes away can cancel its request before the worker forgets its entry: such an
// entry must not hold a slot for good.
TEST(SubmitAdmission, ACheckNeverSeenToEndStopsCountingAfterItsMaximumAndIsNamedToForget) {
  const json started = json::array({kNow - kSubmitCheckMaxMs, kNow - kSubmitCheckMaxMs + 1, kNow - 10 * kSubmitCheckMaxMs, kNow});
  const OpResult r = admit(started, 2);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["remaining"], 0);
  EXPECT_EQ(r.body["expired"], json::array({0, 2}));
  // Still refused when the fresh ones alone are over the cap.
  EXPECT_EQ(admit(json::array({kNow - kSubmitCheckMaxMs, kNow - 1, kNow - 2, kNow}), 2).status, 429);
  // A start after now (the clock read earlier elsewhere) counts.
  EXPECT_EQ(admit(json::array({kNow + 5, kNow + 1, kNow}), 2).status, 429);
}

TEST(SubmitAdmission, AMalformedInputIsTheWorkersBug) {
  const json bad[] = {
      json::array({1}),
      {{"started", fresh(1)}, {"nowMs", kNow}},
      {{"partner", ""}, {"started", fresh(1)}, {"nowMs", kNow}},
      {{"partner", 7}, {"started", fresh(1)}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", fresh(1)}},
      {{"partner", "acme"}, {"started", json::array()}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", kNow}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", json::array({-1})}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", json::array({1.5})}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", json::array({"1"})}, {"nowMs", kNow}},
      {{"partner", "acme"}, {"started", fresh(1)}, {"nowMs", -1}},
      {{"partner", "acme"}, {"started", fresh(1)}, {"nowMs", kNow}, {"cap", 0}},
      {{"partner", "acme"}, {"started", fresh(1)}, {"nowMs", kNow}, {"cap", "2"}},
  };
  for (const auto& input : bad) EXPECT_THROW(submit_admission_op(input), OpInputError) << input.dump();
}

}  // namespace
}  // namespace sr::service
