// The permit payload parsers of src/protocol (ERC-3009, EIP-2612, Permit2, Permit3), first byte
// choosing the standard, the rest JSON. Whatever a parser accepts must hash to the digest the
// generic EIP-712 hasher (eth/eip712) computes from the parsed values, so the specialised
// hashing and the parser agree with an independent implementation; Permit3, which is not plain
// EIP-712, is recomputed from its parts (leaves, chain hash, proof, struct, domain).
#include "crypto/hex.h"
#include "eth/eip712.h"
#include "fuzz_support.h"
#include "protocol/eip2612.h"
#include "protocol/erc3009.h"
#include "protocol/permit2.h"
#include "protocol/permit3.h"
#include "protocol/token_domain.h"

namespace {

using json = nlohmann::ordered_json;
using namespace sr;
using namespace sr::protocol;

const Address kUsdc = Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
const Address kPermit2 = Address::parse("0x000000000022D473030F116dDEE9F6B43aC78BA3");
const TokenDomain kDomain{"USD Coin", "2", 8453, kUsdc};

json field(const char* name, const char* type) { return {{"name", name}, {"type", type}}; }

json token_domain_json() {
  return {{"name", kDomain.name}, {"version", kDomain.version}, {"chainId", kDomain.chain_id},
          {"verifyingContract", kDomain.token.checksummed()}};
}

Hash32 generic(const json& types, const char* primary, const json& domain, const json& message) {
  return eip712::hash_typed_data({{"types", types}, {"primaryType", primary}, {"domain", domain}, {"message", message}})
      .digest;
}

void erc3009_case(const json& doc) {
  const auto a = erc3009::parse(doc);
  const json message = {{"from", a.from.checksummed()},        {"to", a.to.checksummed()},
                        {"value", a.value.to_decimal()},       {"validAfter", a.valid_after.to_decimal()},
                        {"validBefore", a.valid_before.to_decimal()}, {"nonce", hex::encode(a.nonce)}};
  const json fields = {field("from", "address"),       field("to", "address"),
                       field("value", "uint256"),      field("validAfter", "uint256"),
                       field("validBefore", "uint256"), field("nonce", "bytes32")};
  SR_FUZZ_CHECK(erc3009::digest(a, kDomain) ==
                    generic({{"TransferWithAuthorization", fields}}, "TransferWithAuthorization", token_domain_json(), message),
                doc.dump());
  SR_FUZZ_CHECK(erc3009::parse(message) == a, doc.dump());
}

void eip2612_case(const json& doc) {
  const auto p = eip2612::parse(doc);
  const json message = {{"owner", p.owner.checksummed()}, {"spender", p.spender.checksummed()},
                        {"value", p.value.to_decimal()},  {"nonce", p.nonce.to_decimal()},
                        {"deadline", p.deadline.to_decimal()}};
  const json fields = {field("owner", "address"), field("spender", "address"), field("value", "uint256"),
                       field("nonce", "uint256"), field("deadline", "uint256")};
  SR_FUZZ_CHECK(eip2612::digest(p, kDomain) == generic({{"Permit", fields}}, "Permit", token_domain_json(), message),
                doc.dump());
  SR_FUZZ_CHECK(eip2612::parse(message) == p, doc.dump());
}

void permit2_case(const json& doc) {
  const auto p = permit2::parse(doc);
  json details = json::array();
  for (const auto& d : p.details) {
    details.push_back({{"token", d.token.checksummed()}, {"amount", d.amount.to_decimal()},
                       {"expiration", std::to_string(d.expiration)}, {"nonce", std::to_string(d.nonce)}});
  }
  const json detail_fields = {field("token", "address"), field("amount", "uint160"), field("expiration", "uint48"),
                              field("nonce", "uint48")};
  const char* primary = p.is_batch() ? "PermitBatch" : "PermitSingle";
  const json types = {{"PermitDetails", detail_fields},
                      {primary, {field("details", p.is_batch() ? "PermitDetails[]" : "PermitDetails"),
                                 field("spender", "address"), field("sigDeadline", "uint256")}}};
  const json message = {{"details", p.is_batch() ? details : details[0]},
                        {"spender", p.spender.checksummed()},
                        {"sigDeadline", p.sig_deadline.to_decimal()}};
  const json domain = {{"name", "Permit2"}, {"chainId", 8453}, {"verifyingContract", kPermit2.checksummed()}};
  SR_FUZZ_CHECK(permit2::digest(p, 8453, kPermit2) == generic(types, primary, domain, message), doc.dump());
  SR_FUZZ_CHECK(permit2::parse({{"details", details}, {"spender", message["spender"]}, {"sigDeadline", message["sigDeadline"]}}) == p,
                doc.dump());
}

void permit3_case(const json& doc) {
  const auto p = permit3::parse(doc);
  const Hash32 root = permit3::root_from_proof(permit3::chain_hash(p.chain_permits), p.proof);
  const Hash32 expected = eip712::digest(permit3::domain_separator(),
                                         permit3::struct_hash(p.owner, p.salt, p.deadline, p.timestamp, root));
  SR_FUZZ_CHECK(permit3::digest(p) == expected, doc.dump());
  if (p.proof.empty()) SR_FUZZ_CHECK(root == permit3::chain_hash(p.chain_permits), doc.dump());
  for (const auto& permit : p.chain_permits.permits) {
    try {
      SR_FUZZ_CHECK(permit3::token_key(permit3::token_of_key(permit.token_key)) == permit.token_key, doc.dump());
    } catch (const ParseError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const nlohmann::ordered_json doc = fuzz::parse_json(data + 1, size - 1);  // not sr::json (using namespace sr)
  if (doc.is_discarded()) return 0;
  try {
    switch (data[0] % 4) {
      case 0: permit3_case(doc); break;
      case 1: permit2_case(doc); break;
      case 2: erc3009_case(doc); break;
      default: eip2612_case(doc); break;
    }
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  return 0;
}
