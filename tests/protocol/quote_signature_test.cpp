// The quote signature against protocol-vectors.json quoteSignature, and the generic EIP-712
// hasher agreeing with the direct encoding.
#include "protocol/quote_signature.h"

#include <gtest/gtest.h>

#include <cctype>

#include "eth/eip712.h"
#include "protocol/typed_words.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using json = nlohmann::ordered_json;
using testing::h32;
using testing::parse_error_of;
using testing::vectors;

const json& quote_vector() { return vectors()["quoteSignature"]; }

std::vector<Hash32> vector_hashes() {
  std::vector<Hash32> out;
  for (const json& h : quote_vector()["message"]["intentHashes"]) out.push_back(h32(h));
  return out;
}

// The vector signs its two hashes in ascending order.
const std::string& lower_vector_hash() { return quote_vector()["message"]["intentHashes"][0].get_ref<const std::string&>(); }
const std::string& higher_vector_hash() { return quote_vector()["message"]["intentHashes"][1].get_ref<const std::string&>(); }

const std::string& vector_id() { return quote_vector()["message"]["id"].get_ref<const std::string&>(); }
std::uint64_t vector_expiry() { return quote_vector()["message"]["expiresAt"].get<std::uint64_t>(); }

TEST(QuoteSignature, TypeHashAndDomainMatchThePageAndVectors) {
  EXPECT_EQ(hex::encode(quote_type_hash()), "0x15ba5c90d0978dbf17136deb0d21e0af1edf146883607894cfc1694c9cc6a551");
  EXPECT_EQ(quote_domain_separator(8453), h32(quote_vector()["domainSeparator"]));
}

TEST(QuoteSignature, DigestSignatureAndSignerMatchTheVectors) {
  const Hash32 digest = quote_digest(vector_id(), vector_hashes(), vector_expiry(), 8453);
  EXPECT_EQ(digest, h32(quote_vector()["digest"]));
  const auto key = secp256k1::SecretKey::from_hex(quote_vector()["privateKey"].get<std::string>());
  const std::string signature = sign_quote(vector_id(), vector_hashes(), vector_expiry(), 8453, key);
  EXPECT_EQ(signature, quote_vector()["signature"]);
  EXPECT_EQ(recover_quote_signer(vector_id(), vector_hashes(), vector_expiry(), 8453, signature).checksummed(),
            quote_vector()["signer"]);
}

TEST(QuoteSignature, GenericEip712HasherAgreesWithTheDirectEncoding) {
  const json typed = {{"types", quote_vector()["types"]},
                      {"primaryType", "Quote"},
                      {"domain", quote_vector()["domain"]},
                      {"message", quote_vector()["message"]}};
  const eip712::TypedDataHashes generic = eip712::hash_typed_data(typed);
  EXPECT_EQ(generic.domain_separator, quote_domain_separator(8453));
  EXPECT_EQ(generic.struct_hash, quote_struct_hash(vector_id(), vector_hashes(), vector_expiry()));
  EXPECT_EQ(generic.digest, quote_digest(vector_id(), vector_hashes(), vector_expiry(), 8453));
  // Another chain, id and hash list: still the same both ways.
  json other = typed;
  other["domain"]["chainId"] = 1399811149;
  other["message"]["id"] = "quote:00000000-0000-4000-8000-000000000000";
  other["message"]["intentHashes"] = json::array();
  other["message"]["expiresAt"] = 1;
  EXPECT_EQ(eip712::hash_typed_data(other).digest,
            quote_digest("quote:00000000-0000-4000-8000-000000000000", {}, 1, 1399811149));
  EXPECT_EQ(typed_words::Domain({"ServiceQuoteV1", "1", 8453, std::nullopt}).type(),
            "EIP712Domain(string name,string version,uint256 chainId)");
}

TEST(QuoteSignature, SignedHashesAreDeduplicatedAndSortedAscending) {
  const std::string a = lower_vector_hash();
  const std::string b = higher_vector_hash();
  std::string b_upper = "0x";
  for (char c : b.substr(2)) b_upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(signed_intent_hashes(std::vector<std::string>{b, a, b_upper}), vector_hashes());
  EXPECT_EQ(signed_intent_hashes(std::vector<Hash32>{}), std::vector<Hash32>{});
  EXPECT_EQ(parse_error_of([&] { signed_intent_hashes(std::vector<std::string>{a, "0x57c5"}); }).rfind("intentHashes[1]: ", 0),
            0u);
}

TEST(QuoteSignature, HashesOfAQuoteIncludeTopLevelAndEveryStep) {
  const std::string a = lower_vector_hash();
  const std::string b = higher_vector_hash();
  const json quote = {{"id", vector_id()},
                      {"intentHash", b},
                      {"steps", {{{"provider", "x"}, {"intents", {{{"role", "direct"}, {"intentHash", b}}}}},
                                 {{"provider", "y"}, {"intents", {{{"role", "bucket-candidate"}, {"intentHash", a}}}}}}}};
  EXPECT_EQ(quote_intent_hashes(quote), vector_hashes());
  json multi_hop = quote;
  multi_hop["intentHash"] = nullptr;
  EXPECT_EQ(quote_intent_hashes(multi_hop), vector_hashes());

  json bad = quote;
  bad.erase("intentHash");
  EXPECT_EQ(parse_error_of([&] { quote_intent_hashes(bad); }), "quote is missing \"intentHash\"");
  bad = quote;
  bad["steps"][1]["intents"][0]["intentHash"] = 5;
  EXPECT_EQ(parse_error_of([&] { quote_intent_hashes(bad); }), "quote.steps[1].intents[0].intentHash must be a string");
  bad = quote;
  bad["steps"][0]["intents"][0].erase("intentHash");
  EXPECT_EQ(parse_error_of([&] { quote_intent_hashes(bad); }),
            "quote.steps[0].intents[0] must be an object with \"intentHash\"");
  bad = quote;
  bad["steps"] = json::object();
  EXPECT_EQ(parse_error_of([&] { quote_intent_hashes(bad); }), "quote.steps must be an array");
}

TEST(QuoteSignature, RecoveryTellsAnotherQuoteOrABadSignatureApart) {
  const std::string signature = quote_vector()["signature"];
  const Address signer = Address::parse(quote_vector()["signer"].get<std::string>());
  // Any change to what was signed recovers some other address.
  EXPECT_NE(recover_quote_signer(vector_id(), vector_hashes(), vector_expiry(), 10, signature), signer);
  EXPECT_NE(recover_quote_signer(vector_id() + "x", vector_hashes(), vector_expiry(), 8453, signature), signer);
  EXPECT_NE(recover_quote_signer(vector_id(), {vector_hashes()[0]}, vector_expiry(), 8453, signature), signer);
  EXPECT_NE(recover_quote_signer(vector_id(), vector_hashes(), vector_expiry() + 1, 8453, signature), signer);
  EXPECT_EQ(parse_error_of([&] { recover_quote_signer(vector_id(), vector_hashes(), vector_expiry(), 8453, "0x1234"); })
                .rfind("signature: ", 0),
            0u);
  std::string high_v = signature;
  high_v.replace(high_v.size() - 2, 2, "1d");  // v = 29
  EXPECT_NE(parse_error_of([&] { recover_quote_signer(vector_id(), vector_hashes(), vector_expiry(), 8453, high_v); }),
            "no error");
}

}  // namespace
}  // namespace sr::protocol
