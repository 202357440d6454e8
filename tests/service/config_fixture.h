// Loads config/<env>/*.json from the repository the way the worker assembles them, so tests
// exercise the configuration that ships.
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "service/config/config.h"

namespace sr::service::testing {

inline nlohmann::ordered_json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::ordered_json::parse(text.str());
}

inline std::string config_path(const std::string& environment, const std::string& name) {
  return std::string(SR_SOURCE_DIR) + "/config/" + environment + "/" + name + ".json";
}

inline nlohmann::ordered_json config_json(const std::string& environment = "production") {
  nlohmann::ordered_json config = nlohmann::ordered_json::object();
  for (const char* name : {"service", "chains", "tokens", "solvers", "partners"}) {
    config[name] = read_json_file(config_path(environment, name));
  }
  // keys.json exists only in local/ (production keys are deployed, not committed).
  if (std::ifstream(config_path(environment, "keys")).good()) config["keys"] = read_json_file(config_path(environment, "keys"));
  return config;
}

inline const Config& production_config() {
  static const Config config = Config::from_json(config_json("production"));
  return config;
}

inline const Config& local_config() {
  static const Config config = Config::from_json(config_json("local"));
  return config;
}

}  // namespace sr::service::testing
