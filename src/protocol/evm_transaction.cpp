#include "protocol/evm_transaction.h"

#include "crypto/hex.h"
#include "protocol/json_fields.h"

namespace sr::protocol {

using namespace json_fields;

Json to_json(const EvmTransaction& tx) {
  return {{"type", "evm"},
          {"chainId", tx.chain_id},
          {"from", tx.from.checksummed()},
          {"to", tx.to.checksummed()},
          {"data", hex::encode(tx.data)},
          {"value", tx.value.to_decimal()}};
}

namespace {

template <class Doc>
EvmTransaction evm_transaction_from(const Doc& json, const Path& path) {
  // "gas" and "gasEstimated": the limit a wallet may send with, which moves no funds; read so
  // that a malformed one is refused, not checked against anything.
  const Object o(json, path, {"type", "chainId", "from", "to", "data", "value"}, {"gas", "gasEstimated"});
  if (o.read("type", read_string) != "evm") throw_parse_error(o.path("type") + " must be \"evm\"");
  if (o.find("gas")) o.read("gas", read_u64_number);
  if (o.find("gasEstimated")) o.read("gasEstimated", read_bool);
  return EvmTransaction{o.read("chainId", read_u64_number), o.read("from", read_address), o.read("to", read_address),
                        o.read("data", read_hex), o.read("value", read_decimal, 256u)};
}

}  // namespace

EvmTransaction evm_transaction_from_json(const Json& json, const Path& path) {
  return evm_transaction_from(json, path);
}

EvmTransaction evm_transaction_from_json(const sr::json::Value& json, const Path& path) {
  return evm_transaction_from(json, path);
}

}  // namespace sr::protocol
