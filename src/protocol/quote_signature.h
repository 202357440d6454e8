// The service's own quote signature (protocol page, "Signatures"): EIP-712
//   Quote(string id,bytes32[] intentHashes,uint64 expiresAt)
// under EIP712Domain(string name,string version,uint256 chainId) with name "ServiceQuoteV1",
// version "1" and chainId = the quote's source chain id. The signed id is the full "quote:<uuid>".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/value.h"

#include "crypto/bytes.h"
#include "crypto/secp256k1.h"
#include "eth/address.h"

namespace sr::protocol {

// The intent hashes a quote signs: de-duplicated and sorted ascending (bytewise, which is the
// order of their lowercase hex).
std::vector<Hash32> signed_intent_hashes(std::vector<Hash32> hashes);
// The same from 0x-hex strings (either case); ParseError naming the index of a bad one.
std::vector<Hash32> signed_intent_hashes(const std::vector<std::string>& hex_hashes);
// From a quote response: its top-level "intentHash" (a string, or null for multi-hop quotes)
// and every steps[].intents[].intentHash. Reads only those members; ParseError naming the path
// when one of them is missing or malformed.
std::vector<Hash32> quote_intent_hashes(const nlohmann::ordered_json& quote);
std::vector<Hash32> quote_intent_hashes(const sr::json::Value& quote);

Hash32 quote_type_hash();  // 0x15ba5c90...
Hash32 quote_domain_separator(std::uint64_t chain_id);
// hashStruct(Quote) of the hashes as given (pass signed_intent_hashes' result).
Hash32 quote_struct_hash(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at);
Hash32 quote_digest(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                    std::uint64_t chain_id);

// "0x" + 130 hex digits: r || s || v, v 27 or 28, low s (deterministic RFC 6979 nonce).
std::string sign_quote(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                       std::uint64_t chain_id, const secp256k1::SecretKey& key);
// The address that signed; ParseError for a signature that is not 0x + 65 bytes or not valid.
Address recover_quote_signer(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                             std::uint64_t chain_id, std::string_view signature_hex);

}  // namespace sr::protocol
