#include "eth/transaction.h"

#include "crypto/keccak.h"
#include "eth/rlp.h"

namespace sr::eth {
namespace {

constexpr std::uint8_t kType = 0x02;

Bytes encode_access_list(const std::vector<AccessListEntry>& list) {
  std::vector<Bytes> entries;
  entries.reserve(list.size());
  for (const auto& entry : list) {
    std::vector<Bytes> keys;
    keys.reserve(entry.storage_keys.size());
    for (const auto& key : entry.storage_keys) keys.push_back(rlp::encode_bytes(key));
    entries.push_back(rlp::encode_list({rlp::encode_bytes(entry.address.bytes), rlp::encode_list(keys)}));
  }
  return rlp::encode_list(entries);
}

std::vector<Bytes> unsigned_fields(const Eip1559Transaction& tx) {
  return {
      rlp::encode_uint(tx.chain_id),
      rlp::encode_uint(tx.nonce),
      rlp::encode_uint(tx.max_priority_fee_per_gas),
      rlp::encode_uint(tx.max_fee_per_gas),
      rlp::encode_uint(tx.gas_limit),
      tx.to ? rlp::encode_bytes(tx.to->bytes) : rlp::encode_bytes({}),
      rlp::encode_uint(tx.value),
      rlp::encode_bytes(tx.data),
      encode_access_list(tx.access_list),
  };
}

Bytes envelope(const std::vector<Bytes>& fields) {
  Bytes out{kType};
  const Bytes list = rlp::encode_list(fields);
  out.insert(out.end(), list.begin(), list.end());
  return out;
}

}  // namespace

Bytes unsigned_envelope(const Eip1559Transaction& tx) { return envelope(unsigned_fields(tx)); }

Hash32 signing_hash(const Eip1559Transaction& tx) { return keccak256(unsigned_envelope(tx)); }

Bytes signed_envelope(const Eip1559Transaction& tx, ByteView signature65) {
  if (signature65.size() != 65) throw_parse_error("a transaction signature must be 65 bytes r || s || v");
  const std::uint8_t v = signature65[64];
  if (v != 27 && v != 28) throw_parse_error("a transaction signature's v must be 27 or 28");
  auto fields = unsigned_fields(tx);
  fields.push_back(rlp::encode_uint(v - 27));
  // r and s are integers in RLP: minimal big-endian, no leading zeros.
  fields.push_back(rlp::encode_uint(U256::from_be_bytes(signature65.subspan(0, 32))));
  fields.push_back(rlp::encode_uint(U256::from_be_bytes(signature65.subspan(32, 32))));
  return envelope(fields);
}

SignedTransaction sign_transaction(const Eip1559Transaction& tx, const secp256k1::SecretKey& key) {
  const auto signature = secp256k1::sign_digest(signing_hash(tx), key);
  SignedTransaction out;
  out.raw = signed_envelope(tx, signature);
  out.hash = keccak256(out.raw);
  out.from = Address::from_public_key(secp256k1::public_key(key));
  return out;
}

}  // namespace sr::eth
