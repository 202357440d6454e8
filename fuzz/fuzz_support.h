// Shared by the libFuzzer targets (each fuzz/*.cpp is one target; this header is not).
// Invariant violations abort with a message, so libFuzzer records them like a crash and saves
// the input; ParseError and the other documented rejections are the expected way to refuse.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/config/config.h"

namespace sr::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "INVARIANT VIOLATED: %s\n%.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

#define SR_FUZZ_CHECK(condition, detail) \
  do {                                   \
    if (!(condition)) ::sr::fuzz::fail(#condition, (detail)); \
  } while (0)

// Seeds are where mutation starts, so each committed seed must reach its target's accepting path
// (the input parsed, the op answered 200), not a refusal one byte in: a target calls accepted()
// once its input got there, and tests/fuzz/seeds_test.cpp replays fuzz/corpus/<target>/ natively
// and fails a seed that did not (seeds named refused-* are kept to start from a refusal and must
// stay refused).
inline bool& accepted_flag() {
  static bool flag = false;
  return flag;
}
inline void accepted() { accepted_flag() = true; }

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input as JSON, or a discarded value when it is not JSON (no exception: the fuzzers study
// the parsers behind JSON, not nlohmann's).
// The service's JSON type by default (members in insertion order); the verifier's targets ask for
// nlohmann::json, the type its native API and the differential check against json::Value take.
template <class Json = nlohmann::ordered_json>
Json parse_json(const std::uint8_t* data, std::size_t size) {
  return Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
}

inline nlohmann::ordered_json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail("cannot open configuration file", path);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::ordered_json::parse(text.str());
}

// The local configuration, assembled as the worker assembles it (edge-worker/scripts/bundle-config.mjs).
inline nlohmann::ordered_json local_config_json() {
  nlohmann::ordered_json config = nlohmann::ordered_json::object();
  for (const char* name : {"service", "chains", "tokens", "solvers", "partners"}) {
    config[name] = read_json_file(std::string(SR_SOURCE_DIR) + "/config/local/" + name + ".json");
  }
  return config;
}

inline const service::Config& local_config() {
  static const service::Config config = service::Config::from_json(local_config_json());
  return config;
}

// A service answer to a client's input may be any 4xx or a 502, never a 500: 500 means the
// core met a case it does not handle (an unexpected exception inside an op).
inline void check_client_status(int status, const nlohmann::ordered_json& body) {
  SR_FUZZ_CHECK(status >= 200 && status < 600 && status != 500, body.dump());
  if (status >= 400) {
    SR_FUZZ_CHECK(body.is_object() && body.contains("code") && body.contains("errors"), body.dump());
    SR_FUZZ_CHECK(body["status"] == status, body.dump());
  }
}

}  // namespace sr::fuzz
