#include "verify/report.h"

namespace sr::verify {

std::string cat_parts(std::initializer_list<std::string_view> parts) {
  std::size_t size = 0;
  for (std::string_view part : parts) size += part.size();
  std::string out;
  out.reserve(size);
  for (std::string_view part : parts) out += part;
  return out;
}

void fail_parts(std::initializer_list<std::string_view> parts) { throw CheckFailure(cat_parts(parts)); }

bool Report::ok() const {
  if (checks.empty()) return false;
  for (const Check& check : checks) {
    if (!check.ok) return false;
  }
  return true;
}

const Check* Report::find(const std::string& name) const {
  for (const Check& check : checks) {
    if (check.name == name) return &check;
  }
  return nullptr;
}

Json to_json(const Report& report) {
  Json checks = Json::array();
  for (const Check& check : report.checks) {
    Json item = Json::object();
    item["name"] = check.name;
    item["ok"] = check.ok;
    item["detail"] = check.detail;
    checks.push_back(std::move(item));
  }
  Json out = Json::object();
  out["ok"] = report.ok();
  out["checks"] = std::move(checks);
  return out;
}

}  // namespace sr::verify
