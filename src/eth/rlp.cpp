#include "eth/rlp.h"

namespace sr::rlp {
namespace {

// Short payloads (< 56 bytes) put their length in the prefix byte; longer ones put the length of
// the length there and then the length itself, big-endian and minimal.
void append_header(Bytes& out, std::uint8_t short_base, std::size_t payload_size) {
  if (payload_size < 56) {
    out.push_back(static_cast<std::uint8_t>(short_base + payload_size));
    return;
  }
  Bytes length;
  for (std::size_t n = payload_size; n != 0; n >>= 8) length.insert(length.begin(), static_cast<std::uint8_t>(n & 0xff));
  out.push_back(static_cast<std::uint8_t>(short_base + 55 + length.size()));
  out.insert(out.end(), length.begin(), length.end());
}

}  // namespace

Bytes encode_bytes(ByteView bytes) {
  if (bytes.size() == 1 && bytes[0] < 0x80) return Bytes{bytes[0]};
  Bytes out;
  out.reserve(bytes.size() + 9);
  append_header(out, 0x80, bytes.size());
  out.insert(out.end(), bytes.begin(), bytes.end());
  return out;
}

Bytes encode_uint(const U256& value) {
  const auto be = value.to_be_bytes();
  std::size_t first = 0;
  while (first < be.size() && be[first] == 0) ++first;
  return encode_bytes(ByteView(be).subspan(first));
}

Bytes encode_list(const std::vector<Bytes>& encoded_items) {
  std::size_t payload = 0;
  for (const auto& item : encoded_items) payload += item.size();
  Bytes out;
  out.reserve(payload + 9);
  append_header(out, 0xc0, payload);
  for (const auto& item : encoded_items) out.insert(out.end(), item.begin(), item.end());
  return out;
}

}  // namespace sr::rlp
