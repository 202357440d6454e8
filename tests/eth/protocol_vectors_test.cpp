// The protocol page's hashes and selectors and the worked cases of protocol-vectors.json,
// reproduced with the eth layer alone.
#include <fstream>

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/abi.h"
#include "eth/address.h"
#include "eth/eip712.h"
#include "eth/signer.h"

namespace sr {
namespace {

using json = nlohmann::ordered_json;
using namespace std::string_literals;

const json& vectors() {
  static const json v = [] {
    std::ifstream in(SR_VECTORS_DIR "/protocol-vectors.json");
    if (!in) throw std::runtime_error("cannot open protocol-vectors.json");
    return json::parse(in);
  }();
  return v;
}

std::string hex32(const Hash32& h) { return hex::encode(h); }

const char* const kTokenAmount = "(address,uint256)";
const char* const kRoute = "(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])";
const char* const kReward = "(uint64,address,address,uint256,(address,uint256)[])";

json token_amounts(const json& tokens) {
  json out = json::array();
  for (const json& t : tokens) out.push_back({t["token"], t["amount"]});
  return out;
}

// The vectors name struct members; the ABI value model takes them positionally.
json route_as_tuple(const json& r) {
  json calls = json::array();
  for (const json& c : r["calls"]) calls.push_back({c["target"], c["data"], c["value"]});
  return {r["salt"], r["deadline"], r["portal"], r["nativeAmount"], token_amounts(r["tokens"]), calls};
}

json reward_as_tuple(const json& r) {
  return {r["deadline"], r["creator"], r["prover"], r["nativeAmount"], token_amounts(r["tokens"])};
}

TEST(EthProtocolVectors, RouteAndRewardEncodingRoundTrip) {
  const abi::Type route_type = abi::Type::parse(kRoute);
  const abi::Type reward_type = abi::Type::parse(kReward);
  ASSERT_EQ(vectors()["intents"].size(), 3u);
  for (const json& c : vectors()["intents"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const abi::Value route = abi::value_from_json(route_type, route_as_tuple(c["intent"]["route"]));
    const abi::Value reward = abi::value_from_json(reward_type, reward_as_tuple(c["intent"]["reward"]));

    const Bytes encoded_route = abi::encode_params({route_type}, {route});
    const Bytes encoded_reward = abi::encode_params({reward_type}, {reward});
    EXPECT_EQ(hex::encode(encoded_route), c["encodedRoute"]);
    EXPECT_EQ(hex::encode(encoded_reward), c["rewardEncoded"]);
    EXPECT_EQ(hex32(keccak256(ByteView(encoded_route))), c["routeHash"]);
    EXPECT_EQ(hex32(keccak256(ByteView(encoded_reward))), c["rewardHash"]);

    const Bytes route_bytes = hex::decode(c["encodedRoute"].get<std::string>());
    const Bytes reward_bytes = hex::decode(c["rewardEncoded"].get<std::string>());
    EXPECT_EQ(abi::decode_params({route_type}, route_bytes).at(0), route);
    EXPECT_EQ(abi::decode_params({reward_type}, reward_bytes).at(0), reward);
    // Back to JSON: the decoded route equals the vector's, with amounts as decimal strings.
    const json round_trip = abi::value_to_json(route_type, abi::decode_params({route_type}, route_bytes).at(0));
    EXPECT_EQ(abi::value_from_json(route_type, round_trip), route);

    // intentHash = keccak256(abi.encodePacked(uint64 destination, routeHash, rewardHash)).
    const std::uint64_t destination = c["intent"]["destination"].get<std::uint64_t>();
    Bytes packed;
    for (int i = 7; i >= 0; --i) packed.push_back(static_cast<std::uint8_t>(destination >> (8 * i)));
    const Hash32 route_hash = keccak256(ByteView(route_bytes));
    const Hash32 reward_hash = keccak256(ByteView(reward_bytes));
    packed.insert(packed.end(), route_hash.begin(), route_hash.end());
    packed.insert(packed.end(), reward_hash.begin(), reward_hash.end());
    const Hash32 intent_hash = keccak256(ByteView(packed));
    EXPECT_EQ(hex32(intent_hash), c["intentHash"]);

    // The vault is the CREATE2 address with the intent hash as salt.
    const Address vault = create2_address(Address::parse(vectors()["portal"].get<std::string>()), intent_hash,
                                          hex::decode32(vectors()["vaultInitCodeHash"].get<std::string>()));
    EXPECT_EQ(vault.checksummed(), c["vault"]);

    // publishAndFund(uint64 destination, bytes route, Reward reward, bool allowPartial).
    const std::vector<abi::Type> params = {abi::Type::uint(64), abi::Type::bytes(), reward_type, abi::Type::boolean()};
    const std::string signature = "publishAndFund(uint64,bytes,"s + kReward + ",bool)";
    const auto sel = abi::selector(signature);
    Bytes calldata(sel.begin(), sel.end());
    const Bytes args = abi::encode_params(params, {U256(destination), route_bytes, reward, false});
    calldata.insert(calldata.end(), args.begin(), args.end());
    EXPECT_EQ(hex::encode(calldata), c["publishAndFundCalldata"]);
    EXPECT_EQ(abi::decode_params(params, ByteView(calldata).subspan(4)).at(2), reward);
  }
}

TEST(EthProtocolVectors, EncodedRouteRejectsCorruption) {
  const json& c = vectors()["intents"][1];
  const abi::Type route_type = abi::Type::parse(kRoute);
  Bytes bytes = hex::decode(c["encodedRoute"].get<std::string>());
  bytes.push_back(0);
  EXPECT_THROW(abi::decode_params({route_type}, bytes), ParseError);
  bytes.pop_back();
  bytes.pop_back();
  EXPECT_THROW(abi::decode_params({route_type}, bytes), ParseError);
  // Without the leading offset word the data is not abi.encode(route).
  const Bytes full = hex::decode(c["encodedRoute"].get<std::string>());
  EXPECT_THROW(abi::decode_params({route_type}, ByteView(full).subspan(32)), ParseError);
  EXPECT_NO_THROW(abi::decode(route_type, ByteView(full).subspan(32)));
}

TEST(EthProtocolVectors, FunctionSelectors) {
  const std::string reward = kReward, route = kRoute;
  const std::string intent = "(uint64," + route + "," + reward + ")";
  const std::pair<std::string, const char*> cases[] = {
      {"publishAndFund(uint64,bytes," + reward + ",bool)", "0xdf00f8fa"},
      {"publishAndFund(" + intent + ",bool)", "0xe353b5e6"},
      {"publish(uint64,bytes," + reward + ")", "0x645c890c"},
      {"fund(uint64,bytes32," + reward + ",bool)", "0x9f24b4dd"},
      {"fundFor(uint64,bytes32," + reward + ",bool,address,address)", "0xf16f5138"},
      {"publishAndFundFor(uint64,bytes," + reward + ",bool,address,address)", "0x55a0bec0"},
      {"refund(uint64,bytes32," + reward + ")", "0x308adade"},
      {"withdraw(uint64,bytes32," + reward + ")", "0xf987b9bc"},
      {"intentVaultAddress(uint64,bytes," + reward + ")", "0x0742ebe4"},
      {"fulfill(bytes32," + route + ",bytes32,bytes32)", "0x52a8339e"},
      {"transfer(address,uint256)", "0xa9059cbb"},
  };
  for (const auto& [signature, expected] : cases) EXPECT_EQ(hex::encode(abi::selector(signature)), expected) << signature;
  // The tuple forms come from the type model itself.
  EXPECT_EQ(abi::Type::parse(intent).canonical(), intent);
  EXPECT_EQ(abi::Type::parse(kTokenAmount).canonical(), kTokenAmount);
}

TEST(EthProtocolVectors, EventTopics) {
  const std::string token_amounts = std::string(kTokenAmount) + "[]";
  const std::pair<std::string, const char*> cases[] = {
      {"IntentPublished(bytes32,uint64,bytes,address,address,uint64,uint256," + token_amounts + ")",
       "0x43974895be1bcec7344337863fa7de24a0d1c315c0a994f663fe0ee220ddc8e4"},
      {"IntentFunded(bytes32,address,bool)", "0xc1ed05721d27ad6b2555d61388ac393b120f5cc0e6009e53230e02c68e60064a"},
      {"IntentFulfilled(bytes32,bytes32)", "0xc471de166a60c0b81727dfa2f57d4fc3ad1b45b057c1f034b7058365613bde8d"},
      {"IntentProven(bytes32,address,uint64)", "0xa79bcebf1cb6259b008ad946df35c764dd6b25206bb5c47ec11976cdce4f0145"},
      // The destination Portal's IntentProven: same name, another signature.
      {"IntentProven(bytes32,bytes32)", "0xe6d8040a8a6bc519f4e5a42fb2677067c929ddbf2cca9287a44b23fb617a6f00"},
      {"IntentWithdrawn(bytes32,address)", "0xbb062c23e818de8ea9c157514eb098052cf36904bbe431cd50d4ec92264ca3ac"},
      {"IntentRefunded(bytes32,address)", "0x8d53c2b04800cf061b987a07179bb6c9730c05536b2f6a3a091fe62303682eb6"},
  };
  for (const auto& [signature, expected] : cases) EXPECT_EQ(hex32(keccak256(signature)), expected) << signature;
}

eip712::Types types_of(const char* json_text) { return eip712::types_from_json(json::parse(json_text)); }

TEST(EthProtocolVectors, TypeHashes) {
  const auto hash = [](const char* primary, const char* types) {
    return hex32(eip712::type_hash(primary, types_of(types)));
  };
  EXPECT_EQ(hash("Quote", R"({"Quote": [{"name": "id", "type": "string"}, {"name": "intentHashes", "type": "bytes32[]"},
                                        {"name": "expiresAt", "type": "uint64"}]})"),
            "0x15ba5c90d0978dbf17136deb0d21e0af1edf146883607894cfc1694c9cc6a551");
  const char* authorization_fields = R"([{"name": "from", "type": "address"}, {"name": "to", "type": "address"},
      {"name": "value", "type": "uint256"}, {"name": "validAfter", "type": "uint256"},
      {"name": "validBefore", "type": "uint256"}, {"name": "nonce", "type": "bytes32"}])";
  EXPECT_EQ(hash("TransferWithAuthorization",
                 ("{\"TransferWithAuthorization\": "s + authorization_fields + "}").c_str()),
            "0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267");
  EXPECT_EQ(hash("ReceiveWithAuthorization", ("{\"ReceiveWithAuthorization\": "s + authorization_fields + "}").c_str()),
            "0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8");
  EXPECT_EQ(hash("Permit", R"({"Permit": [{"name": "owner", "type": "address"}, {"name": "spender", "type": "address"},
      {"name": "value", "type": "uint256"}, {"name": "nonce", "type": "uint256"}, {"name": "deadline", "type": "uint256"}]})"),
            "0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9");
  EXPECT_EQ(hash("Permit3", R"({"Permit3": [{"name": "owner", "type": "address"}, {"name": "salt", "type": "bytes32"},
      {"name": "deadline", "type": "uint48"}, {"name": "timestamp", "type": "uint48"},
      {"name": "merkleRoot", "type": "bytes32"}]})"),
            "0xd03972e930b6969709cd3676df97ebe1300cbbe4bc08eb4f3d452dbceac71343");
  const eip712::Types chain_permits = types_of(R"({
      "ChainPermits": [{"name": "chainId", "type": "uint64"}, {"name": "permits", "type": "AllowanceOrTransfer[]"}],
      "AllowanceOrTransfer": [{"name": "modeOrExpiration", "type": "uint48"}, {"name": "tokenKey", "type": "bytes32"},
                              {"name": "account", "type": "address"}, {"name": "amountDelta", "type": "uint160"}]})");
  EXPECT_EQ(eip712::encode_type("ChainPermits", chain_permits),
            "ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,"
            "bytes32 tokenKey,address account,uint160 amountDelta)");
  EXPECT_EQ(hex32(eip712::type_hash("ChainPermits", chain_permits)),
            "0xa6f8894254ef0170aa945eed6bafa0738af4c2f8a2fb61153830175597968056");
  const eip712::Types permit2 = types_of(R"({
      "PermitBatch": [{"name": "details", "type": "PermitDetails[]"}, {"name": "spender", "type": "address"},
                      {"name": "sigDeadline", "type": "uint256"}],
      "PermitDetails": [{"name": "token", "type": "address"}, {"name": "amount", "type": "uint160"},
                        {"name": "expiration", "type": "uint48"}, {"name": "nonce", "type": "uint48"}]})");
  EXPECT_EQ(eip712::encode_type("PermitBatch", permit2),
            "PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)"
            "PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)");
}

TEST(EthProtocolVectors, DomainSeparators) {
  EXPECT_EQ(hex32(eip712::domain_separator(json::parse(
                R"({"name": "Permit2", "chainId": 1, "verifyingContract": "0x000000000022D473030F116dDEE9F6B43aC78BA3"})"))),
            "0x866a5aba21966af95d6c7ab78eb2b2fc913915c28be3b9aa07cc04ff903e3f28");
  EXPECT_EQ(hex32(eip712::domain_separator(json::parse(
                R"({"name": "Permit3", "version": "1", "chainId": 1,
                    "verifyingContract": "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34"})"))),
            "0x7c26d5aeaa49e0df9d99c70b3e1f760ccecbea8ff74ae7365d7cb5ca51250f48");
  EXPECT_EQ(hex32(eip712::domain_separator(vectors()["quoteSignature"]["domain"])),
            vectors()["quoteSignature"]["domainSeparator"]);
}

// hash_typed_data over the vectors' documents, and the signer recovered from their signatures.
void expect_typed_data(const json& c, const char* expected_domain_separator = nullptr) {
  const json doc = {{"types", c["types"]}, {"domain", c["domain"]}, {"message", c["message"]}};
  const eip712::TypedDataHashes h = eip712::hash_typed_data(doc);
  EXPECT_EQ(hex32(h.digest), c["digest"]);
  if (expected_domain_separator) {
    EXPECT_EQ(hex32(h.domain_separator), expected_domain_separator);
  }
  const Bytes signature = hex::decode(c["signature"].get<std::string>());
  EXPECT_EQ(eth::recover_address(h.digest, signature).checksummed(), c["signer"]);
}

TEST(EthProtocolVectors, QuoteSignature) {
  const json& q = vectors()["quoteSignature"];
  expect_typed_data(q, q["domainSeparator"].get_ref<const std::string&>().c_str());
}

TEST(EthProtocolVectors, Erc3009AndPermit2Digests) {
  expect_typed_data(vectors()["permits"]["erc3009"]);
  expect_typed_data(vectors()["permits"]["permit2Single"]);
}

TEST(EthProtocolVectors, Permit3Digest) {
  const json& p = vectors()["permits"]["permit3"];
  using abi::Type;
  // Leaves carry no type hash: keccak256(abi.encode(modeOrExpiration, tokenKey, account, amountDelta)).
  const json& permit = p["chainPermits"]["permits"][0];
  const std::vector<Type> leaf_types = {Type::uint(48), Type::fixed_bytes(32), Type::address(), Type::uint(160)};
  const abi::Value leaf_values = abi::value_from_json(
      Type::tuple(leaf_types), {permit["modeOrExpiration"], permit["tokenKey"], permit["account"], permit["amountDelta"]});
  const Hash32 leaf = keccak256(ByteView(abi::encode_params(leaf_types, std::get<abi::ValueList>(leaf_values))));
  EXPECT_EQ(hex32(leaf), p["permitLeafHashes"][0]);

  // chainHash = keccak256(abi.encode(CHAIN_PERMITS_TYPEHASH, chainId, keccak256(concat(permitHash[])))).
  const Hash32 chain_permits_typehash =
      hex::decode32("0xa6f8894254ef0170aa945eed6bafa0738af4c2f8a2fb61153830175597968056");
  const Hash32 leaves_hash = keccak256(ByteView(leaf));
  const Hash32 chain_hash = keccak256(ByteView(abi::encode_params(
      {Type::fixed_bytes(32), Type::uint(64), Type::fixed_bytes(32)},
      {Bytes(chain_permits_typehash.begin(), chain_permits_typehash.end()),
       U256(p["chainPermits"]["chainId"].get<std::uint64_t>()), Bytes(leaves_hash.begin(), leaves_hash.end())})));
  EXPECT_EQ(hex32(chain_hash), p["chainHash"]);

  const Hash32 permit3_typehash = eip712::type_hash(
      "Permit3", types_of(R"({"Permit3": [{"name": "owner", "type": "address"}, {"name": "salt", "type": "bytes32"},
          {"name": "deadline", "type": "uint48"}, {"name": "timestamp", "type": "uint48"},
          {"name": "merkleRoot", "type": "bytes32"}]})"));
  const Hash32 root = hex::decode32(p["merkleRootSingle"].get<std::string>());
  const Bytes struct_encoding = abi::encode_params(
      {Type::fixed_bytes(32), Type::address(), Type::fixed_bytes(32), Type::uint(48), Type::uint(48), Type::fixed_bytes(32)},
      {Bytes(permit3_typehash.begin(), permit3_typehash.end()), Address::parse(p["owner"].get<std::string>()),
       hex::decode(p["salt"].get<std::string>()), U256(p["deadline"].get<std::uint64_t>()),
       U256(p["timestamp"].get<std::uint64_t>()), Bytes(root.begin(), root.end())});
  const Hash32 struct_hash = keccak256(ByteView(struct_encoding));
  EXPECT_EQ(hex32(struct_hash), p["structHash"]);
  const Hash32 domain = hex::decode32(p["domainSeparator"].get<std::string>());
  const Hash32 digest = eip712::digest(domain, struct_hash);
  EXPECT_EQ(hex32(digest), p["digest"]);
  EXPECT_EQ(eth::recover_address(digest, hex::decode(p["signature"].get<std::string>())).checksummed(), p["owner"]);
}

}  // namespace
}  // namespace sr
