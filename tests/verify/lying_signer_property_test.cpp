// The lying-signer property (lying_signer_property.h) on a fixed random sample: genuine answers of
// every shape an EVM funder gets (direct exact-in, exact-out, custom, stitched to Solana, a deposit
// address), changed at random where a signer could and re-signed. Every
// answer the verifier accepts must do on chain what the request asked. The same property runs under
// libFuzzer as fuzz/lying_signer.cpp.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

#include "lying_signer_property.h"

namespace sr::verify::testing::lying_signer {
namespace {

TEST(LyingSignerProperty, GenuineAnswersOfEveryShapeAreAcceptedAndDoWhatTheRequestAsked) {
  for (std::uint8_t shape = 0; shape < shapes().size(); ++shape) {
    const std::vector<std::uint8_t> input{shape};
    const Outcome outcome = run(input);
    EXPECT_TRUE(outcome.accepted) << shapes()[shape].name;
    EXPECT_EQ(outcome.violation, "");
  }
}

// Inputs of one to four changes each, from a fixed seed (the same sample on every run; LS_SEED and
// LS_N draw another or a larger one by hand, e.g. LS_N=20000). A change
// the verifier accepts must leave the effect the request's; the counts show the sample both lies
// (re-signed answers the verifier refuses) and reaches the oracle (answers it accepts, some of
// them changed: a salt, an unused listing).
TEST(LyingSignerProperty, NoReSignedChangeThatTheVerifierAcceptsChangesWhatTheFundingDoes) {
  std::mt19937 random(std::getenv("LS_SEED") ? std::atoi(std::getenv("LS_SEED")) : 20261128);
  std::size_t lied = 0;
  std::size_t accepted_changed = 0;
  const int n = std::getenv("LS_N") ? std::atoi(std::getenv("LS_N")) : 1200;
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint8_t> input(1 + 3 * (1 + random() % 4));
    for (auto& byte : input) byte = static_cast<std::uint8_t>(random());
    const Outcome outcome = run(input);
    ASSERT_EQ(outcome.violation, "") << "input " << i;
    lied += outcome.lied ? 1 : 0;
    accepted_changed += outcome.accepted ? 1 : 0;
  }
  EXPECT_GT(lied, 600u);
  EXPECT_GT(accepted_changed, 0u);
  RecordProperty("lied", static_cast<int>(lied));
  RecordProperty("accepted", static_cast<int>(accepted_changed));
}

}  // namespace
}  // namespace sr::verify::testing::lying_signer
