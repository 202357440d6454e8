// An EVM transaction as the API hands it to a wallet (edge-worker/openapi.json, "execution"):
//   {"type": "evm", "chainId": 8453, "from": addr, "to": addr, "data": "0x...", "value": "0"}
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"

namespace sr::protocol {

struct EvmTransaction {
  std::uint64_t chain_id = 0;
  Address from;
  Address to;
  Bytes data;
  U256 value;  // wei
  bool operator==(const EvmTransaction&) const = default;
};

// chainId a JSON integer, addresses EIP-55, data lowercase 0x-hex, value a decimal string.
nlohmann::ordered_json to_json(const EvmTransaction& tx);
// Strict: exactly those members, plus optionally "gas" (an integer) and "gasEstimated" (a boolean);
// "type" must be "evm"; ParseError naming the path otherwise.
EvmTransaction evm_transaction_from_json(const nlohmann::ordered_json& json, const sr::json::Path& path = "transaction");
EvmTransaction evm_transaction_from_json(const sr::json::Value& json, const sr::json::Path& path = "transaction");

}  // namespace sr::protocol
