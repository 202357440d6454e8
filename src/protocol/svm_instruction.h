// A Solana instruction as a client submits it (program, ordered account list, opaque data), its
// JSON form for API responses, and Anchor's instruction discriminator.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/value.h"

#include "crypto/bytes.h"
#include "protocol/svm_address.h"

namespace sr::svm {

struct AccountMeta {
  Pubkey pubkey;
  bool is_signer = false;
  bool is_writable = false;

  bool operator==(const AccountMeta&) const = default;
};

// "<base58> (signer, writable)", "<base58> (not signer, read-only)": an account meta in messages.
std::string describe(const AccountMeta& meta);

struct Instruction {
  Pubkey program_id;
  std::vector<AccountMeta> accounts;  // in the order the program expects them
  Bytes data;

  bool operator==(const Instruction&) const = default;
};

// The first 8 bytes of sha256("global:" + instruction_name): how an Anchor program recognises
// which instruction its data is for. instruction_name is the snake_case Rust name ("fund").
std::array<std::uint8_t, 8> anchor_discriminator(std::string_view instruction_name);

// JSON form, as @solana/web3.js's TransactionInstruction fields:
//   {"programId": base58, "accounts": [{"pubkey": base58, "isSigner": bool, "isWritable": bool}],
//    "data": base64 (RFC 4648, padded)}
// Found by nlohmann through ADL, so `nlohmann::ordered_json j = instruction;` and
// `j.get<Instruction>()` work. from_json is strict: exactly these members with these types, valid
// base58 keys and canonical base64, and throws ParseError naming the offending member
// ("accounts[1].isSigner must be a boolean").
void to_json(nlohmann::ordered_json& json, const Instruction& instruction);
void from_json(const nlohmann::ordered_json& json, Instruction& instruction);
// from_json's reading, from either JSON type (one implementation).
Instruction instruction_from_json(const nlohmann::ordered_json& json);
Instruction instruction_from_json(const sr::json::Value& json);

}  // namespace sr::svm
