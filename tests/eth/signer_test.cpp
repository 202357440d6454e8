#include "eth/signer.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "crypto/secp256k1.h"

namespace sr::eth {
namespace {

// The signature in EIP-712's example: the key keccak256("cow") signing the Mail digest.
const char* const kMailDigest = "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2";
const char* const kMailSignature =
    "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"
    "07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562"
    "1c";

TEST(EthSigner, RecoversEip712MailSigner) {
  EXPECT_EQ(recover_address(hex::decode32(kMailDigest), hex::decode(kMailSignature)).checksummed(),
            "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826");
}

TEST(EthSigner, SignRecoverRoundTrip) {
  const Hash32 cow = keccak256(std::string_view("cow"));
  const auto key = secp256k1::SecretKey::from_bytes(cow);
  EXPECT_EQ(Address::from_public_key(secp256k1::public_key(key)).checksummed(),
            "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826");
  const Hash32 digest = keccak256(std::string_view("any message"));
  const auto signature = secp256k1::sign_digest(digest, key);
  EXPECT_EQ(recover_address(digest, signature), Address::from_public_key(secp256k1::public_key(key)));
  // The same signature over another digest names someone else.
  EXPECT_NE(recover_address(keccak256(std::string_view("other")), signature),
            Address::from_public_key(secp256k1::public_key(key)));
}

TEST(EthSigner, RejectsMalformedSignatures) {
  const Hash32 digest = hex::decode32(kMailDigest);
  Bytes sig = hex::decode(kMailSignature);
  EXPECT_THROW(recover_address(digest, ByteView(sig).first(64)), ParseError);
  sig[64] = 29;
  EXPECT_THROW(recover_address(digest, sig), ParseError);
  sig[64] = 1;  // raw recovery ids are not accepted
  EXPECT_THROW(recover_address(digest, sig), ParseError);
  // High s: replace s by n - s (and flip v), the malleated twin of a valid signature.
  sig = hex::decode(kMailSignature);
  const Bytes n = hex::decode("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
  int borrow = 0;
  for (int i = 31; i >= 0; --i) {
    const int d = n[i] - sig[32 + i] - borrow;
    sig[32 + i] = static_cast<std::uint8_t>(d & 0xff);
    borrow = d < 0 ? 1 : 0;
  }
  sig[64] = 27;
  EXPECT_THROW(recover_address(digest, sig), ParseError);
}

}  // namespace
}  // namespace sr::eth
