#include "protocol/svm_transaction.h"

#include "protocol/json_fields.h"

namespace sr::protocol {

using namespace json_fields;

Json to_json(const SvmTransaction& tx) {
  Json instructions = Json::array();
  for (const svm::Instruction& instruction : tx.instructions) instructions.push_back(instruction);
  return {{"type", "svm"}, {"feePayer", tx.fee_payer.to_base58()}, {"instructions", std::move(instructions)}};
}

namespace {

template <class Doc>
SvmTransaction svm_transaction_from(const Doc& json, const Path& path) {
  const Object o(json, path, {"type", "feePayer", "instructions"});
  if (o.read("type", read_string) != "svm") throw_parse_error(o.path("type") + " must be \"svm\"");
  SvmTransaction tx;
  const std::string& payer = o.read("feePayer", read_string);
  tx.fee_payer = at_path(o.path("feePayer"), [&] { return svm::Pubkey::parse(payer); });
  tx.instructions = read_each(o["instructions"], o.path("instructions"), [](const Doc& item, const Path& item_path) {
    return at_path(item_path, [&] { return svm::instruction_from_json(item); });
  });
  return tx;
}

}  // namespace

SvmTransaction svm_transaction_from_json(const Json& json, const Path& path) {
  return svm_transaction_from(json, path);
}

SvmTransaction svm_transaction_from_json(const sr::json::Value& json, const Path& path) {
  return svm_transaction_from(json, path);
}

}  // namespace sr::protocol
