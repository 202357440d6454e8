#include "eth/address.h"

#include <algorithm>

#include "crypto/hex.h"
#include "crypto/keccak.h"

namespace sr {
namespace {

bool is_upper_hex_letter(char c) { return c >= 'A' && c <= 'F'; }
bool is_lower_hex_letter(char c) { return c >= 'a' && c <= 'f'; }

}  // namespace

Address Address::parse(std::string_view text) {
  if (text.size() != 42 || text[0] != '0' || text[1] != 'x') {
    throw_parse_error("address must be 0x followed by 40 hex digits");
  }
  const std::string_view digits = text.substr(2);
  Address out = from_bytes(hex::decode(digits, hex::Prefix::forbidden, 20));
  const bool has_upper = std::any_of(digits.begin(), digits.end(), is_upper_hex_letter);
  const bool has_lower = std::any_of(digits.begin(), digits.end(), is_lower_hex_letter);
  if (has_upper && has_lower && out.checksummed().substr(2) != digits) {
    throw_parse_error("address checksum does not match EIP-55");
  }
  return out;
}

Address Address::from_bytes(ByteView bytes) {
  if (bytes.size() != 20) {
    throw_parse_error("address must be exactly 20 bytes, got " + std::to_string(bytes.size()));
  }
  Address out;
  std::copy(bytes.begin(), bytes.end(), out.bytes.begin());
  return out;
}

Address Address::from_public_key(const std::array<std::uint8_t, 64>& uncompressed_xy) {
  const Hash32 h = keccak256(ByteView(uncompressed_xy));
  return from_bytes(ByteView(h).subspan(12));
}

std::string Address::lower_hex() const { return hex::encode(bytes); }

// EIP-55: uppercase the i-th letter when the i-th nibble of keccak256(lowercase hex) is >= 8.
//
// The text is remembered for the last addresses spelled (per thread, direct-mapped by the
// address's last byte): a quote writes the same few addresses (tokens, Portals, provers, the
// funder, the recipient) again and again, each spelling a keccak; an allQuotes answer spelled
// about 60 (bench/profiles/engine-callgrind.txt). The function stays pure: a slot holds the exact
// text computed for its address.
std::string Address::checksummed() const {
  struct Slot {
    std::array<std::uint8_t, 20> bytes;
    char text[42];
    bool used;
  };
  thread_local Slot cache[64] = {};
  Slot& slot = cache[bytes[19] & 63];
  if (slot.used && slot.bytes == bytes) return std::string(slot.text, sizeof slot.text);

  std::string out = lower_hex();
  const Hash32 h = keccak256(std::string_view(out).substr(2));
  for (std::size_t i = 0; i < 40; ++i) {
    const std::uint8_t nibble = (i % 2 == 0) ? h[i / 2] >> 4 : h[i / 2] & 0xf;
    char& c = out[i + 2];
    if (nibble >= 8 && is_lower_hex_letter(c)) c = static_cast<char>(c - 'a' + 'A');
  }
  slot.bytes = bytes;
  std::copy(out.begin(), out.end(), slot.text);
  slot.used = true;
  return out;
}

bool Address::is_zero() const {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

Address create2_address(const Address& deployer, const Hash32& salt, const Hash32& init_code_hash) {
  const std::uint8_t prefix = 0xff;
  const Hash32 h = Keccak256()
                       .update(ByteView(&prefix, 1))
                       .update(ByteView(deployer.bytes))
                       .update(ByteView(salt))
                       .update(ByteView(init_code_hash))
                       .finalize();
  return Address::from_bytes(ByteView(h).subspan(12));
}

}  // namespace sr
