// How long a gasless job's object is kept: a finished job (failed, or published and final) 30 days
// after it finished, an accepted one as long as it is relaying, a published one while it is watched.
#include "service/funding/gasless_job_retention.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"
#include "../config_fixture.h"
#include "service/funding/gasless_job.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

constexpr std::uint64_t kCreated = 1763700000;
constexpr std::uint64_t kFinished = 1763700042;
const char* const kTxHash = "0x2222222222222222222222222222222222222222222222222222222222222222";

json accepted() {
  return gasless_job("erc3009", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d",
                     "0x1111111111111111111111111111111111111111111111111111111111111111", 8453, kCreated);
}

// The job after `outcome`, judged with the chain readers' heads `heads` (finality.h).
json finished(const json& outcome, const json& heads = json::object()) {
  const OpResult r = gasless_job_advance_op(testing::local_config(),
                                            {{"job", accepted()}, {"outcome", outcome}, {"now", kFinished}, {"chainHeads", heads}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body["job"];
}

TEST(GaslessJobRetention, AFinishedJobGoesThirtyDaysAfterItFinishedAnAcceptedOneStays) {
  EXPECT_TRUE(gasless_job_retention_op({{"job", accepted()}}).body["deleteAt"].is_null());
  // Published in block 100: final once the chain's finalized block passes it (here 150).
  const json mined = {{"transactionHash", kTxHash}, {"blockNumber", 100}};
  const json published = finished(mined, {{"8453", {{"head", 200}, {"finalized", 150}, {"depth", 12}, {"read", 200}}}});
  ASSERT_EQ(published["status"], "published");
  ASSERT_EQ(published["final"], true);
  EXPECT_EQ(gasless_job_retention_op({{"job", published}}).body["deleteAt"], kFinished + 30 * 86400);
  // Not final yet, it is still watched (a reorganisation may send it back): kept.
  const json watched = finished(mined);
  ASSERT_EQ(watched["status"], "published");
  ASSERT_EQ(watched["final"], false);
  EXPECT_TRUE(gasless_job_retention_op({{"job", watched}, {"keepSec", 0}}).body["deleteAt"].is_null());
  const json failed = finished({{"error", "the funding transaction reverted"}});
  ASSERT_EQ(failed["status"], "failed");
  EXPECT_EQ(gasless_job_retention_op({{"job", failed}, {"keepSec", 0}}).body["deleteAt"], kFinished);
}

TEST(GaslessJobRetention, MalformedInputIsTheWorkersMistake) {
  EXPECT_THROW(gasless_job_retention_op(json::object()), OpInputError);
  EXPECT_THROW(gasless_job_retention_op({{"job", {{"status", "lost"}, {"updatedAt", 1}}}}), OpInputError);
  EXPECT_THROW(gasless_job_retention_op({{"job", {{"status", "failed"}}}}), OpInputError);
  EXPECT_THROW(gasless_job_retention_op({{"job", accepted()}, {"keepSec", -1}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
