// The core against the API contract (edge-worker/openapi.json): the problem codes with their titles
// and statuses, the status values and the recorded transactions are one list each, and the
// document is that list; the package's types are generated from the same document.
#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "service/status/intent_status.h"
#include "service/common/problem.h"

namespace sr::service {
namespace {

const nlohmann::ordered_json& contract() {
  static const nlohmann::ordered_json document = [] {
    std::ifstream in(SR_SOURCE_DIR "/edge-worker/openapi.json");
    return nlohmann::ordered_json::parse(in);
  }();
  return document;
}

const nlohmann::ordered_json& schema(const char* name) { return contract().at("components").at("schemas").at(name); }

TEST(ApiContract, ProblemCodesAreTheDocumentsWithTheirTitlesAndStatuses) {
  const nlohmann::ordered_json& listed = schema("Problem").at("properties").at("code").at("oneOf");
  std::set<std::string> core;
  for (ProblemCode code : kProblemCodes) {
    const std::string name(code_name(code));
    core.insert(name);
    const auto entry = std::find_if(listed.begin(), listed.end(), [&](const nlohmann::ordered_json& e) { return e.at("const") == name; });
    ASSERT_NE(entry, listed.end()) << name << " is not in the contract";
    EXPECT_EQ(entry->at("title").get<std::string>(), problem_title(code)) << name;
    EXPECT_EQ(entry->at("description").get<std::string>().substr(0, 4), std::to_string(http_status(code)) + ":") << name;
  }
  std::set<std::string> document_only;
  for (const auto& entry : listed) {
    if (!core.count(entry.at("const").get<std::string>())) document_only.insert(entry.at("const").get<std::string>());
  }
  // 405 is the worker's router's answer to a known path with another method: no op decides it.
  EXPECT_EQ(document_only, std::set<std::string>{"method-not-allowed"});
}

TEST(ApiContract, StatusValuesAreTheDocumentsInOrder) {
  const IntentStatus all[] = {IntentStatus::pending,  IntentStatus::filled,   IntentStatus::settled, IntentStatus::refundable,
                              IntentStatus::expired,  IntentStatus::refunded, IntentStatus::failed,  IntentStatus::unknown};
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  for (IntentStatus status : all) names.push_back(std::string(status_name(status)));
  EXPECT_EQ(schema("IntentStatusValue").at("enum"), names);
}

TEST(ApiContract, RecordedTransactionsAreTheDocumentsInOrder) {
  nlohmann::ordered_json names = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < kIntentStepCount; ++i) names.push_back(std::string(step_name(static_cast<IntentStep>(i))));
  nlohmann::ordered_json listed = nlohmann::ordered_json::array();
  for (const auto& [name, _] : schema("IntentStatusTransactions").at("properties").items()) listed.push_back(name);
  EXPECT_EQ(listed, names);
  EXPECT_EQ(schema("IntentStatusTransactions").at("required"), names);
}

}  // namespace
}  // namespace sr::service
