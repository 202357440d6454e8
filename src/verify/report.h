// The result of a verification: one named check per client duty, each passed or failed with a
// sentence that says what was compared, and `ok` only when every check passed.
//   {"ok": false, "checks": [{"name": "signature", "ok": false, "detail": "..."}, ...]}
#pragma once

#include <stdexcept>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/catching.h"
#include "verify/json_members.h"

namespace sr::verify {

struct Check {
  std::string name;
  bool ok = false;
  std::string detail;
};

struct Report {
  std::vector<Check> checks;

  // True when every check passed (and there is at least one).
  bool ok() const;
  // The first check named `name`, or nullptr.
  const Check* find(const std::string& name) const;
};

Json to_json(const Report& report);

// A check that found a difference. Checks throw it (or let a ParseError out) to fail with that
// detail; run_check turns either into a failed Check.
class CheckFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Concatenates detail fragments. Out of line on purpose: details are built in many places, and
// one call per message keeps the WebAssembly build small where inlined string additions would not.
std::string cat_parts(std::initializer_list<std::string_view> parts);
template <class... Parts>
std::string cat(const Parts&... parts) {
  return cat_parts({std::string_view(parts)...});
}
[[noreturn]] void fail_parts(std::initializer_list<std::string_view> parts);
// Fails the running check with the concatenated detail.
template <class... Parts>
[[noreturn]] void fail(const Parts&... parts) {
  fail_parts({std::string_view(parts)...});
}

// Runs `body`, which returns the detail of a pass, and records the result under `name`. A
// CheckFailure or ParseError (a malformed field) fails the check with its message; nothing else
// is caught, so programming errors stay loud.
template <class Body>
void run_check(Report& report, std::string name, Body&& body) {
  Check check{std::move(name), false, {}};
  // Two catching() frames (crypto/catching.h), nested try/catch in every build but the npm
  // package's; a malformed field is an invalid_argument (every sr::Error is one).
  const auto failed = [&](const char* what) { check.detail = what; };
  catching<std::invalid_argument>([&] {
    catching<CheckFailure>([&] {
      check.detail = body();
      check.ok = true;
    }, failed);
  }, failed);
  report.checks.push_back(std::move(check));
}

}  // namespace sr::verify
