// EIP-712 typed structured data hashing (https://eips.ethereum.org/EIPS/eip-712), from JSON in
// the eth_signTypedData_v4 form:
//   { "types": { "EIP712Domain"?: [...], "T": [{"name": ..., "type": ...}, ...] },
//     "primaryType"?: "T", "domain": {...}, "message": {...} }
// Validation is strict: unknown or cyclic types, missing or extra fields and out-of-range values
// throw ParseError with the path of the offending value ("message.details.amount: ...").
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "json/path.h"

namespace sr::eip712 {

struct Field {
  std::string name;
  std::string type;
  friend bool operator==(const Field&, const Field&) = default;
};
using Types = std::map<std::string, std::vector<Field>>;

struct TypedDataHashes {
  Hash32 domain_separator;
  Hash32 struct_hash;
  Hash32 digest;
};

// Parses the "types" object. Checks names and field lists; references are checked on use.
Types types_from_json(const nlohmann::ordered_json& types);

// Hashes a whole eth_signTypedData_v4 document. Without "primaryType" the primary type is the
// unique type (other than EIP712Domain) that no other type references, as ethers does.
// Without "EIP712Domain" in types, the domain type is derived from the domain's fields.
TypedDataHashes hash_typed_data(const nlohmann::ordered_json& typed_data);

// "Primary(...)Dep1(...)Dep2(...)": the primary type, then its dependencies sorted by name.
std::string encode_type(const std::string& primary, const Types& types);
Hash32 type_hash(const std::string& primary, const Types& types);
// keccak256(typeHash ++ encodeData(value)). path prefixes error messages.
Hash32 hash_struct(const std::string& primary, const Types& types, const nlohmann::ordered_json& value,
                   const sr::json::Path& path = "message");

// The EIP712Domain type made of the fields present in domain, in the canonical order
// name, version, chainId, verifyingContract, salt. Unknown domain fields are a ParseError.
std::vector<Field> domain_type_for(const nlohmann::ordered_json& domain);
// hashStruct(EIP712Domain, domain) with the derived domain type.
Hash32 domain_separator(const nlohmann::ordered_json& domain);

// keccak256(0x19 0x01 ++ domain_separator ++ struct_hash).
Hash32 digest(const Hash32& domain_separator, const Hash32& struct_hash);

}  // namespace sr::eip712
