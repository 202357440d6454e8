// A Solana transaction as the API hands it to a wallet (edge-worker/openapi.json, "execution"):
//   {"type": "svm", "feePayer": base58, "instructions": [{"programId", "accounts", "data" (base64)}]}
// The wallet adds a recent blockhash and signs.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "protocol/svm_address.h"
#include "protocol/svm_instruction.h"

namespace sr::protocol {

struct SvmTransaction {
  svm::Pubkey fee_payer;
  std::vector<svm::Instruction> instructions;
  bool operator==(const SvmTransaction&) const = default;
};

nlohmann::ordered_json to_json(const SvmTransaction& tx);
// Strict: exactly those members, "type" must be "svm"; ParseError naming the path otherwise.
SvmTransaction svm_transaction_from_json(const nlohmann::ordered_json& json, const sr::json::Path& path = "transaction");
SvmTransaction svm_transaction_from_json(const sr::json::Value& json, const sr::json::Path& path = "transaction");

}  // namespace sr::protocol
