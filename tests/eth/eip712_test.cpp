#include "eth/eip712.h"

#include <functional>

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/u256.h"

namespace sr::eip712 {
namespace {

using json = nlohmann::ordered_json;

std::string hex32(const Hash32& h) { return hex::encode(h); }

template <typename... Parts>
Hash32 cat_hash(const Parts&... parts) {
  Keccak256 h;
  (h.update(ByteView(parts)), ...);
  return h.finalize();
}

// The example of EIP-712 itself (Example.js / Example.sol).
json mail_example() {
  return json::parse(R"({
    "types": {
      "EIP712Domain": [
        {"name": "name", "type": "string"}, {"name": "version", "type": "string"},
        {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
      "Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}],
      "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"},
               {"name": "contents", "type": "string"}]
    },
    "primaryType": "Mail",
    "domain": {"name": "Ether Mail", "version": "1", "chainId": 1,
               "verifyingContract": "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"},
    "message": {
      "from": {"name": "Cow", "wallet": "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},
      "to": {"name": "Bob", "wallet": "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},
      "contents": "Hello, Bob!"
    }
  })");
}

TEST(Eip712, MailExample) {
  const json doc = mail_example();
  const Types types = types_from_json(doc["types"]);
  EXPECT_EQ(encode_type("Mail", types), "Mail(Person from,Person to,string contents)Person(string name,address wallet)");
  EXPECT_EQ(hex32(type_hash("Mail", types)), "0xa0cedeb2dc280ba39b857546d74f5549c3a1d7bdc2dd96bf881f76108e23dac2");
  const TypedDataHashes h = hash_typed_data(doc);
  EXPECT_EQ(hex32(h.domain_separator), "0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f");
  EXPECT_EQ(hex32(h.struct_hash), "0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e");
  EXPECT_EQ(hex32(h.digest), "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2");
  EXPECT_EQ(hash_struct("Mail", types, doc["message"]), h.struct_hash);
  EXPECT_EQ(domain_separator(doc["domain"]), h.domain_separator);
  EXPECT_EQ(digest(h.domain_separator, h.struct_hash), h.digest);
}

TEST(Eip712, DomainTypeDerivedWhenAbsentAndPrimaryTypeInferred) {
  json doc = mail_example();
  const TypedDataHashes expected = hash_typed_data(doc);
  doc["types"].erase("EIP712Domain");
  doc.erase("primaryType");
  const TypedDataHashes h = hash_typed_data(doc);
  EXPECT_EQ(h.domain_separator, expected.domain_separator);
  EXPECT_EQ(h.digest, expected.digest);
}

TEST(Eip712, DomainWithAnySubsetOfFields) {
  // Reordering the JSON members changes nothing: the canonical order is fixed.
  const json a = json::parse(R"({"verifyingContract": "0x000000000022D473030F116dDEE9F6B43aC78BA3", "chainId": 1, "name": "Permit2"})");
  EXPECT_EQ(domain_type_for(a), (std::vector<Field>{{"name", "string"}, {"chainId", "uint256"},
                                                     {"verifyingContract", "address"}}));
  const json with_salt = json::parse(
      R"({"salt": "0x0101010101010101010101010101010101010101010101010101010101010101", "version": "7"})");
  const Types salt_types{{"EIP712Domain", {{"version", "string"}, {"salt", "bytes32"}}}};
  EXPECT_EQ(domain_separator(with_salt),
            Keccak256()
                .update(ByteView(type_hash("EIP712Domain", salt_types)))
                .update(ByteView(keccak256(std::string_view("7"))))
                .update(ByteView(hex::decode32("0x0101010101010101010101010101010101010101010101010101010101010101")))
                .finalize());
  EXPECT_EQ(encode_type("EIP712Domain", salt_types), "EIP712Domain(string version,bytes32 salt)");
  EXPECT_EQ(domain_separator(json::object()), keccak256(ByteView(keccak256(std::string_view("EIP712Domain()")))));
  EXPECT_THROW(domain_separator(json::parse(R"({"name": "x", "extra": 1})")), ParseError);
  EXPECT_THROW(domain_separator(json::parse(R"({"chainId": "abc"})")), ParseError);
}

TEST(Eip712, EncodeTypeSortsDependencies) {
  const Types types = types_from_json(json::parse(R"({
    "Z": [{"name": "b", "type": "B[]"}, {"name": "a", "type": "A[2]"}],
    "B": [{"name": "c", "type": "C"}],
    "A": [{"name": "x", "type": "uint8"}],
    "C": [{"name": "a", "type": "A"}]
  })"));
  EXPECT_EQ(encode_type("Z", types), "Z(B[] b,A[2] a)A(uint8 x)B(C c)C(A a)");
  EXPECT_EQ(encode_type("B", types), "B(C c)A(uint8 x)C(A a)");
}

// Arrays of atomic values, of dynamic values and of structs, fixed arrays, nested arrays, and
// every atomic kind, checked against hashes assembled by hand from the EIP-712 definitions.
TEST(Eip712, ArraysAndAtomicTypes) {
  const json doc = json::parse(R"({
    "types": {
      "Item": [{"name": "id", "type": "uint8"}],
      "All": [
        {"name": "i", "type": "int8"}, {"name": "b", "type": "bool"}, {"name": "f", "type": "bytes2"},
        {"name": "d", "type": "bytes"}, {"name": "s", "type": "string"}, {"name": "u", "type": "uint256[2]"},
        {"name": "names", "type": "string[]"}, {"name": "items", "type": "Item[]"}, {"name": "grid", "type": "int16[][]"}]
    },
    "primaryType": "All",
    "domain": {"chainId": "0x1"},
    "message": {"i": -1, "b": true, "f": "0xbeef", "d": "0x01", "s": "ü", "u": ["7", "0x8"],
                "names": ["a", "b"], "items": [{"id": 1}, {"id": 2}], "grid": [[-2], []]}
  })");
  const Types types = types_from_json(doc["types"]);
  const auto word = [](const U256& v) -> Hash32 { return v.to_be_bytes(); };
  const Hash32 item_type = keccak256(std::string_view("Item(uint8 id)"));
  Hash32 f{};
  f[0] = 0xbe;
  f[1] = 0xef;
  const Hash32 expected = cat_hash(
      keccak256(std::string_view("All(int8 i,bool b,bytes2 f,bytes d,string s,uint256[2] u,string[] names,Item[] "
                                 "items,int16[][] grid)Item(uint8 id)")),
      word(U256::max()), word(1), f, keccak256(ByteView(Bytes{1})), keccak256(std::string_view("ü")),
      cat_hash(word(7), word(8)),
      cat_hash(keccak256(std::string_view("a")), keccak256(std::string_view("b"))),
      cat_hash(cat_hash(item_type, word(1)), cat_hash(item_type, word(2))),
      cat_hash(cat_hash(word(U256::max().wrapping_sub(1))), cat_hash()));
  const TypedDataHashes h = hash_typed_data(doc);
  EXPECT_EQ(h.struct_hash, expected);
  EXPECT_EQ(h.domain_separator, domain_separator(json::parse(R"({"chainId": 1})")));
}

std::string error_of(const json& doc) {
  try {
    hash_typed_data(doc);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(Eip712, RejectsMalformedValuesWithPath) {
  struct Case {
    std::function<void(json&)> corrupt;
    const char* error;
  };
  const char* const not_an_unsigned = "domain.chainId: expected a non-negative integer (JSON integer or decimal string)";
  const Case cases[] = {
      {[](json& d) { d["message"]["from"].erase("wallet"); }, "message.from: missing field 'wallet'"},
      {[](json& d) { d["message"]["to"]["age"] = 3; }, "message.to: unexpected field 'age' (not in type Person)"},
      {[](json& d) { d["message"]["to"]["wallet"] = "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbb"; },
       "message.to.wallet: address checksum does not match EIP-55"},
      {[](json& d) { d["message"]["contents"] = 5; }, "message.contents: expected a string"},
      {[](json& d) { d["message"]["from"] = "Cow"; }, "message.from: expected a JSON object for struct Person"},
      {[](json& d) { d["domain"]["chainId"] = -1; }, not_an_unsigned},
      {[](json& d) { d["domain"]["chainId"] = 1.5; }, not_an_unsigned},
      {[](json& d) { d["domain"]["chainId"] = "01"; },
       "domain.chainId: amount must be a decimal integer string without leading zeros"},
      {[](json& d) { d.erase("message"); }, "typed data: missing member 'message'"},
      {[](json& d) { d["extra"] = 1; }, "typed data: unexpected member 'extra'"},
  };
  for (const Case& c : cases) {
    json doc = mail_example();
    c.corrupt(doc);
    EXPECT_EQ(error_of(doc), c.error);
  }
}

TEST(Eip712, RejectsOutOfRangeValues) {
  const json types = json::parse(R"({"T": [{"name": "v", "type": "uint8"}, {"name": "w", "type": "int8"},
                                           {"name": "x", "type": "bytes2"}, {"name": "y", "type": "uint8[2]"}]})");
  const auto with = [&](const char* message) {
    return json{{"types", types}, {"domain", json::object()}, {"message", json::parse(message)}};
  };
  EXPECT_EQ(error_of(with(R"({"v": 255, "w": -128, "x": "0x0000", "y": [0, 0]})")), "");
  EXPECT_EQ(error_of(with(R"({"v": 256, "w": 0, "x": "0x0000", "y": [0, 0]})")), "message.v: value out of range for uint8");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": -129, "x": "0x0000", "y": [0, 0]})")), "message.w: value out of range for int8");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": "0x80", "x": "0x0000", "y": [0, 0]})")), "message.w: value out of range for int8");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": 0, "x": "0x00", "y": [0, 0]})")), "message.x: hex string must encode exactly 2 bytes, got 1");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": 0, "x": "0x0000", "y": [0]})")), "message.y: expected 2 elements, got 1");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": 0, "x": "0x0000", "y": [0, 256]})")), "message.y[1]: value out of range for uint8");
  EXPECT_EQ(error_of(with(R"({"v": 0, "w": 0, "x": "0x0000", "y": 0})")), "message.y: expected a JSON array");
}

TEST(Eip712, RejectsBadTypes) {
  const auto doc_with_types = [](const char* types) {
    return json{{"types", json::parse(types)}, {"primaryType", "T"}, {"domain", json::object()},
                {"message", json::object()}};
  };
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "Missing"}]})")),
            "types.T.a: unknown type 'Missing'");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "U"}], "U": [{"name": "t", "type": "T[]"}]})")),
            "cyclic type reference: T -> U -> T");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "self", "type": "T"}]})")), "cyclic type reference: T -> T");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "uint"}]})")), "types.T.a: unknown type 'uint'");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "uint256[0]"}]})")),
            "types.T[0]: malformed array length in type 'uint256[0]'");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "uint256["}]})")),
            "types.T[0]: malformed type 'uint256['");
  EXPECT_EQ(error_of(doc_with_types(R"j({"T": [{"name": "a", "type": "(uint256)"}]})j")),
            "types.T[0]: malformed type '(uint256)'");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a"}]})")),
            "types.T[0]: expected an object with string members 'name' and 'type' only");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [{"name": "a", "type": "bool"}, {"name": "a", "type": "bool"}]})")),
            "types.T[1]: duplicate field 'a'");
  EXPECT_EQ(error_of(doc_with_types(R"({"T": [], "uint8": []})")), "types.uint8: type name shadows the atomic type 'uint8'");
  EXPECT_EQ(error_of(doc_with_types(R"({"U": []})")), "primaryType: unknown type 'T'");
  json doc = doc_with_types(R"({"T": [], "U": []})");
  doc.erase("primaryType");
  EXPECT_EQ(error_of(doc), "primaryType: missing, and it cannot be inferred (candidates: T, U)");
  // An explicit domain type must list the domain's fields in the canonical order.
  doc = mail_example();
  std::swap(doc["types"]["EIP712Domain"][0], doc["types"]["EIP712Domain"][1]);
  EXPECT_NE(error_of(doc).find("types.EIP712Domain: does not match"), std::string::npos);
  std::string deep = "uint8";
  for (int i = 0; i < 70; ++i) deep += "[]";
  EXPECT_NE(error_of(doc_with_types((R"({"T": [{"name": "a", "type": ")" + deep + R"("}]})").c_str())), "");
}

}  // namespace
}  // namespace sr::eip712
