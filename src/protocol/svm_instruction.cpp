#include "protocol/svm_instruction.h"

#include <algorithm>
#include <string>

#include "crypto/base64.h"
#include "crypto/catching.h"
#include "crypto/sha256.h"
#include "json/path.h"

namespace sr::svm {
namespace {

using sr::json::Path;

// Members of `object` (found at `path`) must be exactly `names`.
template <class Json>
void expect_members(const Json& object, const Path& path, std::initializer_list<std::string_view> names) {
  if (!object.is_object()) throw_parse_error(path + " must be an object");
  for (const auto& [key, value] : object.items()) {
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      throw_parse_error(path + " has unknown member \"" + key + "\"");
    }
  }
  for (std::string_view name : names) {
    if (!object.contains(std::string(name))) throw_parse_error(path + " is missing \"" + std::string(name) + "\"");
  }
}

template <class Json>
const std::string& string_member(const Json& object, const Path& path, std::string_view name) {
  const Json& value = *object.find(std::string(name));  // present: expect_members ran
  if (!value.is_string()) throw_parse_error(path.member(name) + " must be a string");
  return value.template get_ref<const std::string&>();
}

template <class Json>
bool bool_member(const Json& object, const Path& path, std::string_view name) {
  const Json& value = *object.find(std::string(name));  // present: expect_members ran
  if (!value.is_boolean()) throw_parse_error(path.member(name) + " must be a boolean");
  return value.template get<bool>();
}

// A string member run through `parse`, whose ParseError gets the member's path in front.
template <class Json, class Parse>
auto parsed_string_member(const Json& object, const Path& path, std::string_view name, Parse parse) {
  const std::string& text = string_member(object, path, name);
  return rethrowing<ParseError>([&] { return parse(text); },
                                [&](const ParseError& e) { throw_parse_error(path.member(name) + ": " + e.what()); });
}

template <class Json>
Pubkey pubkey_member(const Json& object, const Path& path, std::string_view name) {
  return parsed_string_member(object, path, name, [](std::string_view text) { return Pubkey::parse(text); });
}

}  // namespace

std::string describe(const AccountMeta& meta) {
  return meta.pubkey.to_base58() + (meta.is_signer ? " (signer" : " (not signer") +
         (meta.is_writable ? ", writable)" : ", read-only)");
}

std::array<std::uint8_t, 8> anchor_discriminator(std::string_view instruction_name) {
  const Hash32 digest = Sha256().update("global:").update(instruction_name).finalize();
  std::array<std::uint8_t, 8> out;
  std::copy_n(digest.begin(), out.size(), out.begin());
  return out;
}

void to_json(nlohmann::ordered_json& json, const Instruction& instruction) {
  nlohmann::ordered_json accounts = nlohmann::ordered_json::array();
  for (const AccountMeta& meta : instruction.accounts) {
    accounts.push_back(
        {{"pubkey", meta.pubkey.to_base58()}, {"isSigner", meta.is_signer}, {"isWritable", meta.is_writable}});
  }
  json = {{"programId", instruction.program_id.to_base58()},
          {"accounts", std::move(accounts)},
          {"data", base64::encode(instruction.data)}};
}

namespace {

template <class Json>
Instruction instruction_from(const Json& json) {
  expect_members(json, "instruction", {"programId", "accounts", "data"});
  Instruction parsed;
  parsed.program_id = pubkey_member(json, "", "programId");
  const Json& accounts = *json.find("accounts");
  if (!accounts.is_array()) throw_parse_error("accounts must be an array");
  const Path accounts_path = "accounts";
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    const Path path = accounts_path[i];
    const Json& entry = accounts[i];
    expect_members(entry, path, {"pubkey", "isSigner", "isWritable"});
    parsed.accounts.push_back({pubkey_member(entry, path, "pubkey"), bool_member(entry, path, "isSigner"),
                               bool_member(entry, path, "isWritable")});
  }
  parsed.data = parsed_string_member(json, "", "data", [](std::string_view text) { return base64::decode(text); });
  return parsed;
}

}  // namespace

Instruction instruction_from_json(const nlohmann::ordered_json& json) { return instruction_from(json); }
Instruction instruction_from_json(const sr::json::Value& json) { return instruction_from(json); }

void from_json(const nlohmann::ordered_json& json, Instruction& instruction) { instruction = instruction_from_json(json); }

}  // namespace sr::svm
