#include "crypto/secp256k1.h"

#include <secp256k1.h>
#include <secp256k1_recovery.h>

#include <algorithm>
#include <cstring>

#include "crypto/catching.h"
#include "crypto/hex.h"

namespace sr::secp256k1 {
namespace {

// Big-endian group order n and floor(n / 2): s above the latter is the "high" twin of a
// signature that Ethereum (EIP-2) no longer accepts.
constexpr std::array<std::uint8_t, 32> kOrder = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
constexpr std::array<std::uint8_t, 32> kHalfOrder = {
    0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0};

// One context for the whole process, created on first use (thread-safe static initialisation)
// and never freed: since v0.2.0 a context holds no tables and is only read once created.
//
// It is not randomised (secp256k1_context_randomize). Randomisation blinds the scalar
// multiplication of signing against side channels measured across many signatures; it needs a
// fresh secret seed, and the core has no source of randomness by design. The signing key is a
// service key used on a server we control, signing with libsecp256k1's constant-time code, so
// the remaining exposure is power/EM analysis by someone with physical access, which is outside
// the threat model. A caller holding entropy could add randomisation at the binding layer.
const secp256k1_context* context() {
  static const secp256k1_context* const ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
  return ctx;
}

// Recovery and serialisation need no context state, and libsecp256k1 provides a static context
// for exactly that. Using it keeps secp256k1_context_create, and with it the library's SHA-256
// self-test (8 KiB of code that recovery never runs), out of a module that only verifies: the
// npm package's verifier (bench/profiles/verifier-size.txt). Signing and key derivation keep
// context() above.
const secp256k1_context* verify_context() { return secp256k1_context_static; }

bool is_zero(ByteView bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

// Big-endian a < b for equal-length values. Not constant time: only used on public data.
bool less_than(ByteView a, ByteView b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

// Checks r, s and v with a precise message; returns the recovery id.
int check_signature(ByteView signature) {
  if (signature.size() != 65) {
    throw_parse_error("signature must be 65 bytes (r || s || v), got " +
                      std::to_string(signature.size()));
  }
  const ByteView r = signature.subspan(0, 32);
  const ByteView s = signature.subspan(32, 32);
  const std::uint8_t v = signature[64];
  if (v != 27 && v != 28) {
    throw_parse_error("signature v must be 27 or 28, got " + std::to_string(v));
  }
  if (is_zero(r)) throw_parse_error("signature r is zero");
  if (!less_than(r, kOrder)) throw_parse_error("signature r is not below the curve order");
  if (is_zero(s)) throw_parse_error("signature s is zero");
  if (!less_than(s, kOrder)) throw_parse_error("signature s is not below the curve order");
  if (less_than(kHalfOrder, s)) {
    throw_parse_error("signature s is in the upper half of the curve order (not canonical, EIP-2)");
  }
  return v - 27;
}

PublicKey serialize(const secp256k1_pubkey& key) {
  std::array<std::uint8_t, 65> tagged;
  std::size_t size = tagged.size();
  secp256k1_ec_pubkey_serialize(verify_context(), tagged.data(), &size, &key, SECP256K1_EC_UNCOMPRESSED);
  PublicKey out;
  std::copy(tagged.begin() + 1, tagged.end(), out.begin());
  return out;
}

// Wipes a buffer when the scope ends, including by exception.
struct WipeOnExit {
  void* data;
  std::size_t size;
  ~WipeOnExit() { secure_wipe(data, size); }
};

}  // namespace

void secure_wipe(void* data, std::size_t size) {
  volatile std::uint8_t* p = static_cast<volatile std::uint8_t*>(data);
  for (std::size_t i = 0; i < size; ++i) p[i] = 0;
#if defined(__GNUC__) || defined(__clang__)
  // Tells the compiler the memory is read afterwards, so the stores above are not dead.
  __asm__ __volatile__("" : : "r"(data) : "memory");
#endif
}

SecretKey SecretKey::from_bytes(ByteView bytes) {
  if (bytes.size() != kSize) {
    throw_parse_error("secret key must be 32 bytes, got " + std::to_string(bytes.size()));
  }
  SecretKey key(std::array<std::uint8_t, kSize>{});
  std::copy(bytes.begin(), bytes.end(), key.bytes_.begin());
  if (!secp256k1_ec_seckey_verify(context(), key.bytes_.data())) {
    throw_parse_error("secret key is zero or not below the curve order");
  }
  return key;
}

SecretKey SecretKey::from_hex(std::string_view text) {
  Bytes bytes = hex::decode(text, hex::Prefix::required);
  WipeOnExit wipe{bytes.data(), bytes.size()};
  return from_bytes(bytes);
}

SecretKey::SecretKey(SecretKey&& other) noexcept : bytes_(other.bytes_) {
  secure_wipe(other.bytes_.data(), kSize);
}

SecretKey& SecretKey::operator=(SecretKey&& other) noexcept {
  if (this != &other) {
    bytes_ = other.bytes_;
    secure_wipe(other.bytes_.data(), kSize);
  }
  return *this;
}

SecretKey::~SecretKey() { secure_wipe(bytes_.data(), kSize); }

Signature sign_digest(const Hash32& digest, const SecretKey& key) {
  // A null nonce function means RFC 6979 (HMAC-SHA256), which libsecp256k1 wipes after use.
  secp256k1_ecdsa_recoverable_signature sig;
  if (!secp256k1_ecdsa_sign_recoverable(context(), &sig, digest.data(), key.bytes().data(),
                                        nullptr, nullptr)) {
    // Only possible with an invalid key, which SecretKey cannot hold unless moved from.
    throw_parse_error("cannot sign with this secret key (zero or moved from)");
  }
  Signature out;
  int recovery_id = 0;
  secp256k1_ecdsa_recoverable_signature_serialize_compact(context(), out.data(), &recovery_id,
                                                          &sig);
  // libsecp256k1 already returns low s (and flips the recovery id to match).
  out[64] = static_cast<std::uint8_t>(27 + recovery_id);
  return out;
}

PublicKey public_key(const SecretKey& key) {
  secp256k1_pubkey pub;
  if (!secp256k1_ec_pubkey_create(context(), &pub, key.bytes().data())) {
    throw_parse_error("cannot derive a public key from this secret key (zero or moved from)");
  }
  return serialize(pub);
}

PublicKey recover_public_key(const Hash32& digest, ByteView signature) {
  const int recovery_id = check_signature(signature);
  secp256k1_ecdsa_recoverable_signature sig;
  if (!secp256k1_ecdsa_recoverable_signature_parse_compact(verify_context(), &sig, signature.data(),
                                                           recovery_id)) {
    throw_parse_error("signature r or s is not below the curve order");
  }
  secp256k1_pubkey pub;
  if (!secp256k1_ecdsa_recover(verify_context(), &pub, &sig, digest.data())) {
    throw_parse_error("no public key recovers from this signature and digest");
  }
  return serialize(pub);
}

bool verify(const Hash32& digest, ByteView signature, const PublicKey& key) {
  return catching<ParseError>([&] { return recover_public_key(digest, signature) == key; },
                              [] { return false; });
}

}  // namespace sr::secp256k1
