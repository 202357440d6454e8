// Address::parse: EIP-55 strictness and the round trip through checksummed().
#include <cctype>

#include "eth/address.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const Address a = Address::parse(text);
    const std::string sum = a.checksummed();
    SR_FUZZ_CHECK(Address::parse(sum) == a, text);
    SR_FUZZ_CHECK(Address::parse(a.lower_hex()) == a, text);
    bool has_lower = false, has_upper = false;
    for (char c : text.substr(2)) {
      has_lower |= std::islower(static_cast<unsigned char>(c)) != 0;
      has_upper |= std::isupper(static_cast<unsigned char>(c)) != 0;
    }
    // Mixed case is accepted only as the exact checksum.
    if (has_lower && has_upper) SR_FUZZ_CHECK(sum.substr(2) == text.substr(2), text);
    SR_FUZZ_CHECK(text.size() == 42 && text[0] == '0' && text[1] == 'x', text);
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  if (size >= 20) {
    const Address a = Address::from_bytes(ByteView(data, 20));
    SR_FUZZ_CHECK(Address::parse(a.checksummed()) == a, a.checksummed());
  }
  return 0;
}
