// Whether the relayer may broadcast a job's stored transactions again (op "relayResend"): after a
// restart or a reorganisation, the same bytes go out only when every one is gone and its nonce
// free, and then only after the job is simulated again.
#include "service/funding/relay_resend.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

const std::string kAuth = "0x" + std::string(64, 'a');
const std::string kFunding = "0x" + std::string(64, 'f');

json stored(bool auth_known, bool funding_known) {
  return json::array({{{"purpose", "authorization"}, {"nonce", 7}, {"hash", kAuth}, {"known", auth_known}},
                      {{"purpose", "funding"}, {"nonce", 8}, {"hash", kFunding}, {"known", funding_known}}});
}

OpResult resend(const json& transactions, std::uint64_t mined_nonce) {
  return relay_resend_op({{"chainId", 31337}, {"minedNonce", mined_nonce}, {"transactions", transactions}});
}

TEST(RelayResend, AllGoneWithFreeNoncesIsSimulatedAgainFirst) {
  const auto r = resend(stored(false, false), 7);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body, (json{{"action", "simulate"}, {"detail", nullptr}}));
}

TEST(RelayResend, AllOnChainOrHeldByTheNodeSendsNothing) {
  EXPECT_EQ(resend(stored(true, true), 9).body["action"], "wait");
  EXPECT_EQ(resend(stored(true, true), 7).body["action"], "wait");  // held in the pool, not mined
}

// The relayer's account mined something at a missing transaction's nonce: it can never be mined.
TEST(RelayResend, ANonceTakenByAnotherTransactionFailsTheJob) {
  const auto r = resend(stored(false, false), 8);
  EXPECT_EQ(r.body["action"], "fail");
  EXPECT_EQ(r.body["detail"],
            "the relayer's nonce 7 on chain 31337 was taken by another transaction, so the authorization transaction " +
                kAuth + " can no longer be mined; nothing new was sent");
  EXPECT_EQ(resend(stored(true, false), 9).body["action"], "fail");  // the funding's nonce 8 taken
}

TEST(RelayResend, PartOnChainIsNotSentUnsimulated) {
  const auto r = resend(stored(true, false), 8);
  EXPECT_EQ(r.body["action"], "retry");
  EXPECT_NE(r.body["detail"].get<std::string>().find(kFunding), std::string::npos);
}

TEST(RelayResend, MalformedInputsAreWorkerBugs) {
  EXPECT_THROW(resend(json::array(), 0), OpInputError);
  EXPECT_THROW(resend(json::array({{{"purpose", "funding"}, {"nonce", -1}, {"hash", kFunding}, {"known", false}}}), 0),
               OpInputError);
  EXPECT_THROW(resend(json::array({{{"purpose", "funding"}, {"nonce", 1}, {"hash", kFunding}}}), 0), OpInputError);
  EXPECT_THROW(relay_resend_op({{"chainId", 1}, {"transactions", stored(false, false)}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
