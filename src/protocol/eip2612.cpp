#include "protocol/eip2612.h"

#include "crypto/keccak.h"
#include "protocol/json_fields.h"
#include "protocol/typed_words.h"

namespace sr::protocol::eip2612 {

using namespace json_fields;
using typed_words::word;

Permit parse(const Json& json, const Path& path) {
  const Object o(json, path, {"owner", "spender", "value", "nonce", "deadline"});
  return Permit{o.read("owner", read_address), o.read("spender", read_address), o.read("value", read_uint, 256u),
                o.read("nonce", read_uint, 256u), o.read("deadline", read_uint, 256u)};
}

Hash32 type_hash() {
  static const Hash32 hash = keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
  return hash;
}

Hash32 struct_hash(const Permit& p) {
  return typed_words::keccak_words(
      {type_hash(), word(p.owner), word(p.spender), word(p.value), word(p.nonce), word(p.deadline)});
}

Hash32 digest(const Permit& permit, const TokenDomain& domain) {
  return typed_words::typed_digest(domain.separator(), struct_hash(permit));
}

}  // namespace sr::protocol::eip2612
