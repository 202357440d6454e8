// EIP-1559 (type 2) transactions: the signing hash and the raw signed bytes a node accepts in
// eth_sendRawTransaction (https://eips.ethereum.org/EIPS/eip-1559, EIP-2718 envelope):
//   payload  = rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data,
//                   accessList])
//   signing hash = keccak256(0x02 || payload)
//   raw      = 0x02 || rlp([...the nine fields..., yParity, r, s])
// The relayer signs its gasless funding transactions with this; the core stays pure (the caller
// supplies nonce and fees read from the chain).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "crypto/bytes.h"
#include "crypto/secp256k1.h"
#include "eth/address.h"
#include "eth/u256.h"

namespace sr::eth {

struct AccessListEntry {
  Address address;
  std::vector<Hash32> storage_keys;
  bool operator==(const AccessListEntry&) const = default;
};

struct Eip1559Transaction {
  std::uint64_t chain_id = 0;
  std::uint64_t nonce = 0;
  U256 max_priority_fee_per_gas;  // wei
  U256 max_fee_per_gas;           // wei
  std::uint64_t gas_limit = 0;
  std::optional<Address> to;      // nullopt: contract creation (encoded as the empty string)
  U256 value;                     // wei
  Bytes data;
  std::vector<AccessListEntry> access_list;
  bool operator==(const Eip1559Transaction&) const = default;
};

// 0x02 || rlp(the nine unsigned fields).
Bytes unsigned_envelope(const Eip1559Transaction& tx);
// keccak256(unsigned_envelope(tx)): what the sender signs.
Hash32 signing_hash(const Eip1559Transaction& tx);

struct SignedTransaction {
  Bytes raw;     // 0x02 || rlp([... , yParity, r, s]); hex of it goes to eth_sendRawTransaction
  Hash32 hash;   // keccak256(raw): the transaction hash nodes and explorers show
  Address from;  // the signer's address
};

// Deterministic (RFC 6979): the same transaction and key give the same bytes, so a relayer that
// re-signs after a crash produces the transaction it may already have sent.
SignedTransaction sign_transaction(const Eip1559Transaction& tx, const secp256k1::SecretKey& key);

// The raw envelope of tx with a given 65-byte r || s || v signature (v 27 or 28; ParseError
// otherwise), for callers whose signature comes from elsewhere.
Bytes signed_envelope(const Eip1559Transaction& tx, ByteView signature65);

}  // namespace sr::eth
