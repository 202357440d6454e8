// Direct EIP-712 hashing for the fixed types of the protocol layer (quote, permits): 32-byte
// words as encodeData lays out atomic values, and EIP712Domain separators for whichever domain
// fields a signing scheme uses. The generic hasher (eth/eip712.h) reads JSON; these are the
// allocation-light paths, and the tests check that both agree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"

namespace sr::protocol::typed_words {

using Word = Hash32;

Word word(const U256& value);
Word word(std::uint64_t value);
Word word(const Address& address);
Word word(bool value);

// keccak256 of the words concatenated: hashStruct and the hash of bytes32[] arrays.
Hash32 keccak_words(const std::vector<Word>& words);

// An EIP712Domain with only the fields a scheme uses; the type string lists the present ones in
// the canonical order name, version, chainId, verifyingContract.
struct Domain {
  std::optional<std::string> name;
  std::optional<std::string> version;
  std::optional<std::uint64_t> chain_id;
  std::optional<Address> verifying_contract;

  std::string type() const;  // e.g. "EIP712Domain(string name,uint256 chainId,address verifyingContract)"
  Hash32 separator() const;
};

// keccak256(0x19 0x01 ++ domainSeparator ++ structHash).
Hash32 typed_digest(const Hash32& domain_separator, const Hash32& struct_hash);

}  // namespace sr::protocol::typed_words
