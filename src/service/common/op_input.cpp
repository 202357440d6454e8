#include "service/common/op_input.h"

#include "crypto/hex.h"

namespace sr::service {

OpInput::OpInput(const nlohmann::ordered_json& input, std::string op) : input_(input), op_(std::move(op)) {
  if (!input_.is_object()) throw OpInputError("op \"" + op_ + "\": the input must be a JSON object");
}

void OpInput::fail(std::string_view name, std::string_view what) const {
  throw OpInputError("op \"" + op_ + "\": input member \"" + std::string(name) + "\" " + std::string(what));
}

const nlohmann::ordered_json& OpInput::member(std::string_view name) const {
  auto it = input_.find(name);
  if (it == input_.end()) fail(name, "is missing");
  return *it;
}

const nlohmann::ordered_json* OpInput::optional(std::string_view name) const {
  auto it = input_.find(name);
  if (it == input_.end() || it->is_null()) return nullptr;
  return &*it;
}

std::uint64_t OpInput::unix_seconds(std::string_view name) const {
  const auto& value = member(name);
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0) fail(name, "must be a non-negative integer (Unix seconds)");
  return value.get<std::uint64_t>();
}

std::optional<std::uint64_t> count_at_least(const nlohmann::ordered_json& v, std::uint64_t min) {
  std::uint64_t n = 0;
  if (v.is_number_unsigned()) {
    n = v.get<std::uint64_t>();
  } else if (v.is_number_integer() && v.get<std::int64_t>() >= 0) {
    n = static_cast<std::uint64_t>(v.get<std::int64_t>());
  } else {
    return std::nullopt;
  }
  if (n < min) return std::nullopt;
  return n;
}

std::uint64_t OpInput::count(std::string_view name, std::uint64_t min) const {
  const auto n = count_at_least(member(name), min);
  if (!n) fail(name, "must be an integer of at least " + std::to_string(min));
  return *n;
}

std::uint64_t OpInput::optional_count(std::string_view name, std::uint64_t min, std::uint64_t fallback) const {
  return optional(name) ? count(name, min) : fallback;
}

Bytes OpInput::hex_bytes(std::string_view name, std::size_t min_bytes) const {
  const auto& value = member(name);
  if (!value.is_string()) fail(name, "must be a hex string");
  Bytes bytes;
  try {
    bytes = hex::decode(value.get<std::string>(), hex::Prefix::optional);
  } catch (const ParseError& e) {
    fail(name, std::string("is not hex: ") + e.what());
  }
  if (bytes.size() < min_bytes) fail(name, "must hold at least " + std::to_string(min_bytes) + " bytes");
  return bytes;
}

}  // namespace sr::service
