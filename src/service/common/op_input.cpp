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
