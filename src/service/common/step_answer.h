// What an object's step op answers (ops.json: {"state", "writes", "effects", "alarmAt", "reply",
// "logs"}), built up as the step decides: the state for the next event, rows to write in order,
// effects to perform, when to wake (Unix ms, null: left as it is), the reply (null while none is
// due) and the lines to log ({"level": "log" | "error", "line"}).
#pragma once

#include <utility>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

struct StepAnswer {
  nlohmann::ordered_json state;
  nlohmann::ordered_json writes = nlohmann::ordered_json::array();
  nlohmann::ordered_json effects = nlohmann::ordered_json::array();
  nlohmann::ordered_json alarm_at = nullptr;
  nlohmann::ordered_json reply = nullptr;
  nlohmann::ordered_json logs = nlohmann::ordered_json::array();

  void log(const char* level, nlohmann::ordered_json line) {
    logs.push_back(nlohmann::ordered_json{{"level", level}, {"line", std::move(line)}});
  }
  OpResult answer() {
    return ok(nlohmann::ordered_json{{"state", std::move(state)},
                                     {"writes", std::move(writes)},
                                     {"effects", std::move(effects)},
                                     {"alarmAt", std::move(alarm_at)},
                                     {"reply", std::move(reply)},
                                     {"logs", std::move(logs)}});
  }
};

}  // namespace sr::service
