#include "protocol/quote_signature.h"

#include <algorithm>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/signer.h"
#include "protocol/json_fields.h"
#include "protocol/typed_words.h"

namespace sr::protocol {

using namespace json_fields;

std::vector<Hash32> signed_intent_hashes(std::vector<Hash32> hashes) {
  std::make_heap(hashes.begin(), hashes.end());
  std::sort_heap(hashes.begin(), hashes.end());
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  return hashes;
}

std::vector<Hash32> signed_intent_hashes(const std::vector<std::string>& hex_hashes) {
  std::vector<Hash32> hashes;
  hashes.reserve(hex_hashes.size());
  for (std::size_t i = 0; i < hex_hashes.size(); ++i) {
    hashes.push_back(at_path(Path("intentHashes")[i], [&] { return hex::decode32(hex_hashes[i]); }));
  }
  return signed_intent_hashes(std::move(hashes));
}

namespace {

template <class Json>
std::vector<Hash32> intent_hashes_of(const Json& quote) {
  if (!quote.is_object()) throw_parse_error("quote must be an object");
  std::vector<Hash32> hashes;
  const auto top = quote.find("intentHash");
  if (top == quote.end()) throw_parse_error("quote is missing \"intentHash\"");
  if (!top->is_null()) hashes.push_back(read_hash32(*top, "quote.intentHash"));
  const auto steps = quote.find("steps");
  if (steps == quote.end()) throw_parse_error("quote is missing \"steps\"");
  const Json& step_list = read_array(*steps, "quote.steps");
  const Path steps_path = "quote.steps";
  for (std::size_t s = 0; s < step_list.size(); ++s) {
    const Path step_path = steps_path[s];
    if (!step_list[s].is_object() || !step_list[s].contains("intents")) {
      throw_parse_error(step_path + " must be an object with \"intents\"");
    }
    const Path intents_path = step_path.member("intents");
    const Json& intents = read_array(step_list[s]["intents"], intents_path);
    for (std::size_t i = 0; i < intents.size(); ++i) {
      const Path intent_path = intents_path[i];
      if (!intents[i].is_object() || !intents[i].contains("intentHash")) {
        throw_parse_error(intent_path + " must be an object with \"intentHash\"");
      }
      hashes.push_back(read_hash32(intents[i]["intentHash"], intent_path.member("intentHash")));
    }
  }
  return signed_intent_hashes(std::move(hashes));
}

}  // namespace

std::vector<Hash32> quote_intent_hashes(const nlohmann::ordered_json& quote) { return intent_hashes_of(quote); }
std::vector<Hash32> quote_intent_hashes(const sr::json::Value& quote) { return intent_hashes_of(quote); }

Hash32 quote_type_hash() {
  static const Hash32 hash = keccak256("Quote(string id,bytes32[] intentHashes,uint64 expiresAt)");
  return hash;
}

// Depends only on the chain id, and every quote signature needs one (four keccaks): the last few
// are remembered per thread, direct-mapped by chain id.
Hash32 quote_domain_separator(std::uint64_t chain_id) {
  struct Slot {
    std::uint64_t chain_id;
    Hash32 separator;
    bool used;
  };
  thread_local Slot cache[16] = {};
  Slot& slot = cache[chain_id & 15];
  if (slot.used && slot.chain_id == chain_id) return slot.separator;
  const Hash32 separator = typed_words::Domain{"ServiceQuoteV1", "1", chain_id, std::nullopt}.separator();
  slot = Slot{chain_id, separator, true};
  return separator;
}

Hash32 quote_struct_hash(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at) {
  return typed_words::keccak_words(
      {quote_type_hash(), keccak256(id), typed_words::keccak_words(intent_hashes), typed_words::word(expires_at)});
}

Hash32 quote_digest(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                    std::uint64_t chain_id) {
  return typed_words::typed_digest(quote_domain_separator(chain_id), quote_struct_hash(id, intent_hashes, expires_at));
}

std::string sign_quote(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                       std::uint64_t chain_id, const secp256k1::SecretKey& key) {
  return hex::encode(secp256k1::sign_digest(quote_digest(id, intent_hashes, expires_at, chain_id), key));
}

Address recover_quote_signer(const std::string& id, const std::vector<Hash32>& intent_hashes, std::uint64_t expires_at,
                             std::uint64_t chain_id, std::string_view signature_hex) {
  const Bytes signature = at_path("signature", [&] { return hex::decode(signature_hex, hex::Prefix::required, 65); });
  return eth::recover_address(quote_digest(id, intent_hashes, expires_at, chain_id), signature);
}

}  // namespace sr::protocol
