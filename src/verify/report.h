// The result of a verification: one named check per client duty, each passed or failed with a
// sentence that says what was compared, and `ok` only when every check passed.
//   {"ok": false, "checks": [{"name": "signature", "ok": false, "detail": "..."}, ...]}
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

nlohmann::json to_json(const Report& report);

// A check that found a difference. Checks throw it (or let a ParseError out) to fail with that
// detail; run_check turns either into a failed Check.
class CheckFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `body`, which returns the detail of a pass, and records the result under `name`. A
// CheckFailure or ParseError (a malformed field) fails the check with its message; nothing else
// is caught, so programming errors stay loud.
template <class Body>
void run_check(Report& report, std::string name, Body&& body) {
  Check check{std::move(name), false, {}};
  try {
    check.detail = body();
    check.ok = true;
  } catch (const CheckFailure& e) {
    check.detail = e.what();
  } catch (const std::invalid_argument& e) {  // ParseError and nlohmann's type errors derive from it
    check.detail = e.what();
  } catch (const nlohmann::json::exception& e) {
    check.detail = e.what();
  }
  report.checks.push_back(std::move(check));
}

}  // namespace sr::verify
