#include "protocol/permit2.h"

#include "crypto/keccak.h"
#include "protocol/json_fields.h"
#include "protocol/typed_words.h"

namespace sr::protocol::permit2 {
namespace {

using namespace json_fields;
using typed_words::keccak_words;
using typed_words::word;

constexpr const char* kDetailsType = "PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)";

// Generic over the JSON type, as json_fields' readers are.
constexpr auto read_u48 = [](const auto& value, const Path& path) -> std::uint64_t {
  return read_uint(value, path, 48).as_u64();
};

constexpr auto read_details = [](const auto& value, const Path& path) -> PermitDetails {
  const Object o(value, path, {"token", "amount", "expiration", "nonce"});
  return PermitDetails{o.read("token", read_address), o.read("amount", read_uint, 160u), o.read("expiration", read_u48),
                       o.read("nonce", read_u48)};
};

template <class Doc>
Permit2 parse_from(const Doc& json, const Path& path) {
  const Object o(json, path, {"details", "spender", "sigDeadline"});
  Permit2 out;
  out.details = read_each(o["details"], o.path("details"), read_details);
  if (out.details.empty()) throw_parse_error(o.path("details") + " must hold at least one entry");
  out.spender = o.read("spender", read_address);
  out.sig_deadline = o.read("sigDeadline", read_uint, 256u);
  return out;
}

}  // namespace

Permit2 parse(const nlohmann::ordered_json& doc, const Path& path) { return parse_from(doc, path); }
Permit2 parse(const sr::json::Value& doc, const Path& path) { return parse_from(doc, path); }

Hash32 permit_details_type_hash() {
  static const Hash32 hash = keccak256(kDetailsType);
  return hash;
}

Hash32 permit_single_type_hash() {
  static const Hash32 hash =
      keccak256(std::string("PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)") + kDetailsType);
  return hash;
}

Hash32 permit_batch_type_hash() {
  static const Hash32 hash =
      keccak256(std::string("PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)") + kDetailsType);
  return hash;
}

Hash32 domain_separator(std::uint64_t chain_id, const Address& permit2_contract) {
  return typed_words::Domain{"Permit2", std::nullopt, chain_id, permit2_contract}.separator();
}

Hash32 details_hash(const PermitDetails& d) {
  return keccak_words({permit_details_type_hash(), word(d.token), word(d.amount), word(d.expiration), word(d.nonce)});
}

Hash32 struct_hash(const Permit2& permit) {
  if (!permit.is_batch()) {
    return keccak_words({permit_single_type_hash(), details_hash(permit.details[0]), word(permit.spender),
                         word(permit.sig_deadline)});
  }
  std::vector<Hash32> details;
  for (const PermitDetails& d : permit.details) details.push_back(details_hash(d));
  return keccak_words({permit_batch_type_hash(), keccak_words(details), word(permit.spender), word(permit.sig_deadline)});
}

Hash32 digest(const Permit2& permit, std::uint64_t chain_id, const Address& permit2_contract) {
  return typed_words::typed_digest(domain_separator(chain_id, permit2_contract), struct_hash(permit));
}

}  // namespace sr::protocol::permit2
