// base58 (Solana keys): decode -> encode gives the text back, encode -> decode the bytes,
// decode32 only for 32-byte values.
#include "crypto/base58.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  // Quadratic by design (callers bound lengths); keys and signatures are under 100 characters.
  if (size > 256) return 0;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const Bytes bytes = base58::decode(text);
    SR_FUZZ_CHECK(base58::encode(bytes) == text, text);
    fuzz::accepted();
    try {
      const auto key = base58::decode32(text);
      SR_FUZZ_CHECK(bytes.size() == 32 && Bytes(key.begin(), key.end()) == bytes, text);
    } catch (const ParseError&) {
      SR_FUZZ_CHECK(bytes.size() != 32, text);
    }
  } catch (const ParseError&) {
    try {
      (void)base58::decode32(text);
      fuzz::fail("decode32 accepted what decode refused", text);
    } catch (const ParseError&) {
    }
  }
  const std::string encoded = base58::encode(ByteView(data, size));
  SR_FUZZ_CHECK(base58::decode(encoded) == Bytes(data, data + size), encoded);
  return 0;
}
