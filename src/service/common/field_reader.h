// Reading JSON objects field by field while collecting every error with its dotted path.
// Requests and configuration are read the same way: nothing stops at the first error, unknown
// members are reported, and each message names the field it is about.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "protocol/json_fields.h"
#include "service/common/problem.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

// Dotted paths as the protocol layer writes them: "source" + "amount" -> "source.amount",
// "" + "type" -> "type", "destination.calls" + 0 -> "destination.calls[0]".
using protocol::json_fields::element_path;
using protocol::json_fields::member_path;
// How a path is named in a message: the path itself, or "the request body" for the root.
std::string describe_path(std::string_view path);

// Reads the members of one JSON object. A member counts as absent when it is missing or null:
// clients that serialise optional values as null mean "not given".
class ObjectReader {
 public:
  // `path` is the object's own dotted path ("" for the request body). When `value` is not an
  // object, records "<path> must be an object" once; every read then answers absent.
  ObjectReader(const Json& value, std::string path, FieldErrors& errors);

  bool is_object() const { return object_ != nullptr; }
  const std::string& path() const { return path_; }
  std::string path_of(std::string_view name) const { return member_path(path_, name); }
  FieldErrors& errors() { return errors_; }

  bool has(std::string_view name) const;  // present and not null
  // The member, or nullptr when absent. Either way the name becomes a known member.
  const Json* optional(std::string_view name);
  // The member; when absent records "<path> is required" and returns nullptr.
  const Json* required(std::string_view name);
  // A member that must not appear: when present (even null) records `message`, prefixed with
  // the member's path, e.g. retired("swapType", "is retired; use `type`").
  void forbid(std::string_view name, std::string_view message);
  // Records "<path> is not a known field" for each member nobody asked about. Call last.
  void reject_unknown();

  // Typed reads of a member: nullopt when absent (recording "is required" when `required`) or
  // of the wrong JSON type (recording what type it must be).
  std::optional<std::string> string(std::string_view name, bool required);
  std::optional<bool> boolean(std::string_view name, bool required);
  std::optional<std::uint64_t> integer(std::string_view name, bool required, std::uint64_t min = 0,
                                       std::uint64_t max = std::numeric_limits<std::uint64_t>::max());

 private:
  const Json* object_ = nullptr;
  std::string path_;
  FieldErrors& errors_;
  std::set<std::string, std::less<>> known_;
};

// Typed reads of a value already found. Each records its error against `path`.
std::optional<std::string> read_string(const Json& value, const std::string& path, FieldErrors& errors);
std::optional<bool> read_boolean(const Json& value, const std::string& path, FieldErrors& errors);
// A JSON integer (not 1.0, not "1") within [min, max].
std::optional<std::uint64_t> read_integer(const Json& value, const std::string& path,
                                          FieldErrors& errors, std::uint64_t min = 0,
                                          std::uint64_t max = std::numeric_limits<std::uint64_t>::max());
// A string whose length in Unicode code points lies in [min_chars, max_chars]; control
// characters (U+0000..U+001F, U+007F) are refused because these strings end up in logs.
std::optional<std::string> read_label(const Json& value, const std::string& path, FieldErrors& errors,
                                      std::size_t min_chars, std::size_t max_chars);
// Non-null JSON array; nullptr (and an error) otherwise.
const Json* read_array(const Json& value, const std::string& path, FieldErrors& errors);

}  // namespace sr::service
