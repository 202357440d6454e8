// EIP-712 typed data (eth_signTypedData_v4 JSON): parse and hash anything, and check that the
// digest is the one its parts give and does not depend on the JSON spelling.
#include "eth/eip712.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const nlohmann::ordered_json doc = fuzz::parse_json(data, size);
  if (doc.is_discarded()) return 0;
  try {
    const auto hashes = eip712::hash_typed_data(doc);
    SR_FUZZ_CHECK(eip712::digest(hashes.domain_separator, hashes.struct_hash) == hashes.digest, doc.dump());
    // Re-reading the serialised document (key order, number spelling) gives the same hashes.
    const auto again = eip712::hash_typed_data(nlohmann::ordered_json::parse(doc.dump()));
    SR_FUZZ_CHECK(again.digest == hashes.digest, doc.dump());
    if (doc.contains("types") && doc["types"].is_object() && !doc["types"].contains("EIP712Domain")) {
      SR_FUZZ_CHECK(eip712::domain_separator(doc["domain"]) == hashes.domain_separator, doc.dump());
    }
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  try {
    if (doc.is_object() && doc.contains("types")) {
      const auto types = eip712::types_from_json(doc["types"]);
      for (const auto& [name, fields] : types) {
        try {
          (void)eip712::type_hash(name, types);
        } catch (const ParseError&) {
        }
      }
    }
  } catch (const ParseError&) {
  }
  return 0;
}
