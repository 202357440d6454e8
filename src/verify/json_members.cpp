#include "verify/json_members.h"

#include "crypto/bytes.h"

namespace sr::verify {
namespace {

[[noreturn]] void fail_not_object(const Path& path) {
  std::string text = path.str();
  throw_parse_error((text.empty() ? std::string("value") : text) + ": must be an object");
}

}  // namespace

const Json* optional_member(const Json& value, std::string_view name, const Path& path) {
  if (!value.is_object()) fail_not_object(path);
  const auto it = value.find(name);
  if (it == value.end() || it->is_null()) return nullptr;
  return &*it;
}

const Json& member(const Json& value, std::string_view name, const Path& path) {
  const Json* found = optional_member(value, name, path);
  if (found == nullptr) throw_parse_error(path.member(name) + ": missing");
  return *found;
}

}  // namespace sr::verify
