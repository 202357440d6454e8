#include "service/common/field_reader.h"

#include <cmath>

namespace sr::service {

std::string describe_path(std::string_view path) {
  return path.empty() ? std::string("the request body") : std::string(path);
}

ObjectReader::ObjectReader(const Json& value, std::string path, FieldErrors& errors)
    : path_(std::move(path)), errors_(errors) {
  if (value.is_object()) {
    object_ = &value;
  } else {
    errors_.add(path_, describe_path(path_) + " must be an object");
  }
}

bool ObjectReader::has(std::string_view name) const {
  if (!object_) return false;
  const auto it = object_->find(name);
  return it != object_->end() && !it->is_null();
}

const Json* ObjectReader::optional(std::string_view name) {
  known_.emplace(name);
  if (!object_) return nullptr;
  const auto it = object_->find(name);
  if (it == object_->end() || it->is_null()) return nullptr;
  return &*it;
}

const Json* ObjectReader::required(std::string_view name) {
  const Json* value = optional(name);
  if (!value && object_) errors_.add(path_of(name), path_of(name) + " is required");
  return value;
}

void ObjectReader::forbid(std::string_view name, std::string_view message) {
  known_.emplace(name);
  if (object_ && object_->contains(name)) {
    errors_.add(path_of(name), path_of(name) + " " + std::string(message));
  }
}

void ObjectReader::reject_unknown() {
  if (!object_) return;
  for (const auto& [name, value] : object_->items()) {
    if (!known_.contains(name)) errors_.add(path_of(name), path_of(name) + " is not a known field");
  }
}

std::optional<std::string> ObjectReader::string(std::string_view name, bool is_required) {
  const Json* value = is_required ? required(name) : optional(name);
  if (!value) return std::nullopt;
  return read_string(*value, path_of(name), errors_);
}

std::optional<bool> ObjectReader::boolean(std::string_view name, bool is_required) {
  const Json* value = is_required ? required(name) : optional(name);
  if (!value) return std::nullopt;
  return read_boolean(*value, path_of(name), errors_);
}

std::optional<std::uint64_t> ObjectReader::integer(std::string_view name, bool is_required,
                                                   std::uint64_t min, std::uint64_t max) {
  const Json* value = is_required ? required(name) : optional(name);
  if (!value) return std::nullopt;
  return read_integer(*value, path_of(name), errors_, min, max);
}

std::optional<std::string> read_string(const Json& value, const std::string& path, FieldErrors& errors) {
  if (!value.is_string()) {
    errors.add(path, path + " must be a string");
    return std::nullopt;
  }
  return value.get<std::string>();
}

std::optional<bool> read_boolean(const Json& value, const std::string& path, FieldErrors& errors) {
  if (!value.is_boolean()) {
    errors.add(path, path + " must be a boolean (true or false)");
    return std::nullopt;
  }
  return value.get<bool>();
}

std::optional<std::uint64_t> read_integer(const Json& value, const std::string& path,
                                          FieldErrors& errors, std::uint64_t min, std::uint64_t max) {
  const auto range = [&] {
    if (max == std::numeric_limits<std::uint64_t>::max()) {
      return min == 0 ? std::string(" must not be negative") : " must be at least " + std::to_string(min);
    }
    return " must be between " + std::to_string(min) + " and " + std::to_string(max);
  };
  if (!value.is_number_integer()) {
    // Integers beyond 64 bits parse as floating point; they are out of range, not of the wrong type.
    if (value.is_number_float() && std::abs(value.get<double>()) >= 9.2e18 &&
        std::trunc(value.get<double>()) == value.get<double>()) {
      errors.add(path, path + range());
    } else {
      errors.add(path, path + " must be an integer");
    }
    return std::nullopt;
  }
  // Parsed text holds non-negative integers as unsigned; values built in code may be signed.
  if (!value.is_number_unsigned() && value.get<std::int64_t>() < 0) {
    errors.add(path, path + range());
    return std::nullopt;
  }
  const auto n = value.is_number_unsigned() ? value.get<std::uint64_t>()
                                            : static_cast<std::uint64_t>(value.get<std::int64_t>());
  if (n < min || n > max) {
    errors.add(path, path + range());
    return std::nullopt;
  }
  return n;
}

namespace {

// Code points of valid UTF-8 (nlohmann::ordered_json only holds valid UTF-8 strings it parsed, but
// strings built in code are not checked, so malformed sequences count as not-a-label).
std::optional<std::size_t> count_code_points(std::string_view s, bool& has_control) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > s.size()) return std::nullopt;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return std::nullopt;
    }
    if (c < 0x20 || c == 0x7F) has_control = true;
    i += len;
    ++count;
  }
  return count;
}

}  // namespace

std::optional<std::string> read_label(const Json& value, const std::string& path, FieldErrors& errors,
                                      std::size_t min_chars, std::size_t max_chars) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  bool has_control = false;
  const auto chars = count_code_points(*text, has_control);
  if (!chars) {
    errors.add(path, path + " must be valid UTF-8");
    return std::nullopt;
  }
  if (*chars < min_chars || *chars > max_chars) {
    errors.add(path, path + " must be " + std::to_string(min_chars) + " to " + std::to_string(max_chars) +
                         " characters long (it has " + std::to_string(*chars) + ")");
    return std::nullopt;
  }
  if (has_control) {
    errors.add(path, path + " must not contain control characters");
    return std::nullopt;
  }
  return text;
}

const Json* read_array(const Json& value, const std::string& path, FieldErrors& errors) {
  if (!value.is_array()) {
    errors.add(path, path + " must be an array");
    return nullptr;
  }
  return &value;
}

}  // namespace sr::service
