#include "protocol/erc3009.h"

#include "crypto/keccak.h"
#include "protocol/json_fields.h"
#include "protocol/typed_words.h"

namespace sr::protocol::erc3009 {

using namespace json_fields;
using typed_words::word;

bool Authorization::valid_at(std::uint64_t now) const { return valid_after < U256(now) && U256(now) < valid_before; }

namespace {

template <class Doc>
Authorization parse_from(const Doc& json, const Path& path) {
  const Object o(json, path, {"from", "to", "value", "validAfter", "validBefore", "nonce"});
  return Authorization{o.read("from", read_address),           o.read("to", read_address),
                       o.read("value", read_uint, 256u),        o.read("validAfter", read_uint, 256u),
                       o.read("validBefore", read_uint, 256u), o.read("nonce", read_hash32)};
}

}  // namespace

Authorization parse(const nlohmann::ordered_json& doc, const Path& path) { return parse_from(doc, path); }
Authorization parse(const sr::json::Value& doc, const Path& path) { return parse_from(doc, path); }

Hash32 type_hash(Kind kind) {
  static const Hash32 transfer = keccak256(
      "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,"
      "bytes32 nonce)");
  static const Hash32 receive = keccak256(
      "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,"
      "bytes32 nonce)");
  return kind == Kind::transfer_with_authorization ? transfer : receive;
}

Hash32 struct_hash(const Authorization& a, Kind kind) {
  return typed_words::keccak_words({type_hash(kind), word(a.from), word(a.to), word(a.value), word(a.valid_after),
                                    word(a.valid_before), a.nonce});
}

Hash32 digest(const Authorization& authorization, const TokenDomain& domain, Kind kind) {
  return typed_words::typed_digest(domain.separator(), struct_hash(authorization, kind));
}

}  // namespace sr::protocol::erc3009
