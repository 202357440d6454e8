// hex::decode / decode32 / encode: strict parsing and the round trip text -> bytes -> text.
#include <cctype>

#include "crypto/hex.h"
#include "fuzz_support.h"

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const std::string_view text = fuzz::as_text(data, size);

  // Bytes -> text -> bytes for any bytes.
  const std::string encoded = hex::encode(ByteView(data, size));
  SR_FUZZ_CHECK(hex::decode(encoded) == Bytes(data, data + size), encoded);
  SR_FUZZ_CHECK(hex::encode(ByteView(data, size), false) == encoded.substr(2), encoded);

  // Text -> bytes -> text: what decode accepts, encode writes back up to case and prefix.
  for (auto prefix : {hex::Prefix::required, hex::Prefix::optional, hex::Prefix::forbidden}) {
    try {
      const Bytes bytes = hex::decode(text, prefix);
      const bool has_prefix = text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
      SR_FUZZ_CHECK(prefix != hex::Prefix::required || has_prefix, text);
      const std::string digits = lower(has_prefix && prefix != hex::Prefix::forbidden ? text.substr(2) : text);
      SR_FUZZ_CHECK(hex::encode(bytes, false) == digits, text);
      SR_FUZZ_CHECK(hex::decode(text, prefix, bytes.size()) == bytes, text);
      try {
        (void)hex::decode(text, prefix, bytes.size() + 1);
        fuzz::fail("decode accepted a wrong expected size", text);
      } catch (const ParseError&) {
      }
      if (prefix == hex::Prefix::optional) fuzz::accepted();
    } catch (const ParseError&) {
    }
  }
  try {
    const Hash32 hash = hex::decode32(text);
    SR_FUZZ_CHECK(text.size() == 66, text);
    SR_FUZZ_CHECK(hex::encode(hash) == lower(text).replace(0, 2, "0x"), text);
  } catch (const ParseError&) {
  }
  return 0;
}
