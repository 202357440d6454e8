// base64 (Solana instruction data): one accepted spelling per byte string.
#include "crypto/base64.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const Bytes bytes = base64::decode(text);
    SR_FUZZ_CHECK(base64::encode(bytes) == text, text);
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  const std::string encoded = base64::encode(ByteView(data, size));
  SR_FUZZ_CHECK(encoded.size() % 4 == 0, encoded);
  SR_FUZZ_CHECK(base64::decode(encoded) == Bytes(data, data + size), encoded);
  return 0;
}
