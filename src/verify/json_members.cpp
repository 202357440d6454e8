#include "verify/json_members.h"

#include "crypto/bytes.h"
#include "protocol/json_fields.h"

namespace sr::verify {

using protocol::json_fields::member_path;

const Json* optional_member(const Json& value, std::string_view name, const std::string& path) {
  if (!value.is_object()) throw ParseError((path.empty() ? std::string("value") : path) + ": must be an object");
  const auto it = value.find(name);
  if (it == value.end() || it->is_null()) return nullptr;
  return &*it;
}

const Json& member(const Json& value, std::string_view name, const std::string& path) {
  const Json* found = optional_member(value, name, path);
  if (found == nullptr) throw ParseError(member_path(path, name) + ": missing");
  return *found;
}

}  // namespace sr::verify
