// A step op walked as its driver walks it (edge-worker's loops over ops gaslessSubmitStep,
// refundStep, ...): the state it keeps, each answer's state.context handed back with the next
// event, and the kinds of the effects each answer names.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config_fixture.h"
#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service::testing {

template <OpResult (*Op)(const Config&, const nlohmann::ordered_json&)>
struct StepWalk {
  nlohmann::ordered_json state;
  nlohmann::ordered_json answer;

  std::vector<std::string> go(const nlohmann::ordered_json& event) {
    const OpResult r = Op(local_config(), {{"state", state}, {"event", event}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    answer = r.body;
    if (answer["state"].contains("context")) state["context"] = answer["state"]["context"];
    else state.erase("context");
    std::vector<std::string> kinds;
    for (const auto& e : answer["effects"]) kinds.push_back(e["kind"]);
    return kinds;
  }
  const nlohmann::ordered_json& effect() const { return answer["effects"][0]; }
  const nlohmann::ordered_json& reply() const { return answer["reply"]; }
};

}  // namespace sr::service::testing
