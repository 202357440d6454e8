#include "crypto/secp256k1.h"

#include <gtest/gtest.h>

#include <fstream>
#include <new>
#include <nlohmann/json.hpp>

#include "crypto/hex.h"
#include "crypto/keccak.h"

namespace sr::secp256k1 {
namespace {

const std::string kOrderHex = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

nlohmann::ordered_json load_vectors() {
  std::ifstream in(SR_VECTORS_DIR "/protocol-vectors.json");
  if (!in) throw std::runtime_error("cannot open protocol-vectors.json");
  return nlohmann::ordered_json::parse(in);
}

// Ethereum address: the last 20 bytes of keccak256 over the 64-byte public key.
Bytes address_of(const PublicKey& key) {
  const Hash32 h = keccak256(ByteView(key));
  return Bytes(h.begin() + 12, h.end());
}

Bytes bytes_of(ByteView v) { return Bytes(v.begin(), v.end()); }

// n - x for 32-byte big-endian x (0 < x < n).
Bytes order_minus(ByteView x) {
  const Bytes n = hex::decode(kOrderHex, hex::Prefix::forbidden, 32);
  Bytes out(32);
  int borrow = 0;
  for (int i = 31; i >= 0; --i) {
    int d = n[i] - x[i] - borrow;
    borrow = d < 0;
    out[i] = static_cast<std::uint8_t>(d + (borrow ? 256 : 0));
  }
  return out;
}

SecretKey key_number(int i) { return SecretKey::from_bytes(keccak256("test key " + std::to_string(i))); }

TEST(Secp256k1, SecretKeyOneHasTheGeneratorAsPublicKey) {
  const SecretKey one = SecretKey::from_hex(
      "0x0000000000000000000000000000000000000000000000000000000000000001");
  EXPECT_EQ(hex::encode(public_key(one), false),
            "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
            "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
}

TEST(Secp256k1, QuoteSignatureVectorSignsToExactBytesAndRecoversSigner) {
  const auto v = load_vectors()["quoteSignature"];
  const SecretKey key = SecretKey::from_hex(v["privateKey"].get<std::string>());
  const Hash32 digest = hex::decode32(v["digest"].get<std::string>());
  const Signature sig = sign_digest(digest, key);
  EXPECT_EQ(hex::encode(sig), v["signature"].get<std::string>());
  const Bytes signer = hex::decode(v["signer"].get<std::string>(), hex::Prefix::required, 20);
  EXPECT_EQ(address_of(public_key(key)), signer);
  EXPECT_EQ(address_of(recover_public_key(digest, sig)), signer);
}

TEST(Secp256k1, PermitSignaturesRecoverToTheirSigners) {
  int checked = 0;
  const nlohmann::ordered_json vectors = load_vectors();
  for (const auto& [name, permit] : vectors["permits"].items()) {
    if (!permit.contains("signature") || !permit.contains("digest")) continue;
    SCOPED_TRACE(name);
    const Hash32 digest = hex::decode32(permit["digest"].get<std::string>());
    const Bytes sig = hex::decode(permit["signature"].get<std::string>(), hex::Prefix::required, 65);
    // Permit3 names its signer "owner".
    const auto& signer_field = permit.contains("signer") ? permit["signer"] : permit["owner"];
    const Bytes signer = hex::decode(signer_field.get<std::string>(), hex::Prefix::required, 20);
    EXPECT_EQ(address_of(recover_public_key(digest, sig)), signer);
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

TEST(Secp256k1, SignRecoverRoundTripsAreLowSAndDeterministic) {
  const Bytes half = hex::decode("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0",
                                 hex::Prefix::forbidden, 32);
  for (int i = 0; i < 200; ++i) {
    SCOPED_TRACE(i);
    const SecretKey key = key_number(i);
    const Hash32 digest = keccak256("message " + std::to_string(i));
    const Signature sig = sign_digest(digest, key);
    EXPECT_TRUE(sig[64] == 27 || sig[64] == 28);
    EXPECT_LE(bytes_of(ByteView(sig).subspan(32, 32)), half);
    EXPECT_EQ(sign_digest(digest, key), sig);
    const PublicKey pub = public_key(key);
    EXPECT_EQ(recover_public_key(digest, sig), pub);
    EXPECT_TRUE(verify(digest, sig, pub));
    Hash32 other = digest;
    other[0] ^= 1;
    EXPECT_FALSE(verify(other, sig, pub));
    EXPECT_NE(recover_public_key(other, sig), pub);
  }
}

TEST(Secp256k1, HighSTwinOfAValidSignatureIsRejected) {
  const SecretKey key = key_number(1);
  const Hash32 digest = keccak256("high s");
  const Signature sig = sign_digest(digest, key);
  Bytes twin(sig.begin(), sig.end());
  const Bytes high_s = order_minus(ByteView(sig).subspan(32, 32));
  std::copy(high_s.begin(), high_s.end(), twin.begin() + 32);
  twin[64] = sig[64] == 27 ? 28 : 27;
  EXPECT_THROW(recover_public_key(digest, twin), ParseError);
  EXPECT_FALSE(verify(digest, twin, public_key(key)));
}

TEST(Secp256k1, RejectsVOtherThan27Or28) {
  const Hash32 digest = keccak256("bad v");
  Signature sig = sign_digest(digest, key_number(2));
  for (std::uint8_t v : {0, 1, 26, 29, 37, 255}) {
    sig[64] = v;
    EXPECT_THROW(recover_public_key(digest, sig), ParseError) << int(v);
  }
}

TEST(Secp256k1, RejectsROrSOutOfRange) {
  const Hash32 digest = keccak256("range");
  const Signature good = sign_digest(digest, key_number(3));
  const Bytes n = hex::decode(kOrderHex, hex::Prefix::forbidden, 32);
  const Bytes zero(32, 0), max(32, 0xff);
  for (std::size_t offset : {0u, 32u}) {
    for (const Bytes* value : {&zero, &n, &max}) {
      Signature bad = good;
      std::copy(value->begin(), value->end(), bad.begin() + offset);
      EXPECT_THROW(recover_public_key(digest, bad), ParseError)
          << (offset ? "s=" : "r=") << hex::encode(*value);
    }
  }
}

TEST(Secp256k1, RejectsWrongLengthSignatures) {
  const Hash32 digest = keccak256("length");
  const Signature sig = sign_digest(digest, key_number(4));
  EXPECT_THROW(recover_public_key(digest, ByteView(sig).first(64)), ParseError);
  EXPECT_THROW(recover_public_key(digest, ByteView{}), ParseError);
  Bytes longer(sig.begin(), sig.end());
  longer.push_back(0);
  EXPECT_THROW(recover_public_key(digest, longer), ParseError);
}

TEST(Secp256k1, SecretKeyRejectsInvalidScalarsAndLengths) {
  EXPECT_THROW(SecretKey::from_bytes(Bytes(32, 0)), ParseError);
  EXPECT_THROW(SecretKey::from_hex("0x" + kOrderHex), ParseError);
  EXPECT_THROW(SecretKey::from_hex("0x" + std::string(64, 'f')), ParseError);
  EXPECT_THROW(SecretKey::from_bytes(Bytes(31, 1)), ParseError);
  EXPECT_THROW(SecretKey::from_bytes(Bytes(33, 1)), ParseError);
  EXPECT_THROW(SecretKey::from_hex(std::string(64, '1')), ParseError);  // prefix required
  EXPECT_THROW(SecretKey::from_hex("0x12"), ParseError);
  // n - 1 is the largest valid key; its public key is -G (same x as G).
  const SecretKey largest = SecretKey::from_bytes(order_minus(hex::decode(
      "0000000000000000000000000000000000000000000000000000000000000001", hex::Prefix::forbidden)));
  EXPECT_EQ(hex::encode(ByteView(public_key(largest)).first(32), false),
            "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
}

TEST(Secp256k1, SecretKeyDestructorWipesItsBytes) {
  alignas(SecretKey) unsigned char storage[sizeof(SecretKey)];
  auto* key = new (storage) SecretKey(key_number(5));
  const auto expected = key_number(5).bytes();
  ASSERT_EQ(std::memcmp(storage, expected.data(), expected.size()), 0);
  key->~SecretKey();
  const volatile unsigned char* after = storage;
  for (std::size_t i = 0; i < sizeof(SecretKey); ++i) EXPECT_EQ(after[i], 0) << i;
}

TEST(Secp256k1, MovedFromSecretKeyIsWipedAndCannotSign) {
  SecretKey a = key_number(6);
  const SecretKey b = std::move(a);
  EXPECT_EQ(a.bytes(), (std::array<std::uint8_t, 32>{}));
  EXPECT_EQ(b.bytes(), key_number(6).bytes());
  EXPECT_THROW(sign_digest(keccak256("x"), a), ParseError);
  const SecretKey c = b.copy();
  EXPECT_EQ(c.bytes(), b.bytes());
}

}  // namespace
}  // namespace sr::secp256k1
