#include "protocol/borsh.h"

namespace sr::borsh {
namespace {

constexpr std::uint64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();

}  // namespace

void Writer::little_endian(std::uint64_t value, int byte_count) {
  for (int i = 0; i < byte_count; ++i) out_.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

Writer& Writer::u8(std::uint8_t value) {
  out_.push_back(value);
  return *this;
}

Writer& Writer::u32(std::uint32_t value) {
  little_endian(value, 4);
  return *this;
}

Writer& Writer::u64(std::uint64_t value) {
  little_endian(value, 8);
  return *this;
}

Writer& Writer::u128(const U256& value) {
  if (value.bit_length() > 128) throw std::overflow_error("borsh u128: value " + value.to_decimal() + " is 2^128 or more");
  little_endian(value.limbs()[0], 8);
  little_endian(value.limbs()[1], 8);
  return *this;
}

Writer& Writer::boolean(bool value) { return u8(value ? 1 : 0); }

Writer& Writer::fixed(ByteView bytes) {
  out_.insert(out_.end(), bytes.begin(), bytes.end());
  return *this;
}

Writer& Writer::bytes(ByteView bytes) {
  vec_length(bytes.size());
  return fixed(bytes);
}

Writer& Writer::vec_length(std::size_t count) {
  if (count > kMaxU32) throw std::length_error("borsh: " + std::to_string(count) + " items do not fit a u32 length");
  return u32(static_cast<std::uint32_t>(count));
}

const std::uint8_t* Reader::take(std::size_t count, const char* what) {
  if (count > remaining()) {
    throw_parse_error(std::string("borsh: ") + what + " at offset " + std::to_string(offset_) + " needs " +
                      std::to_string(count) + " bytes, only " + std::to_string(remaining()) + " remain");
  }
  const std::uint8_t* p = data_.data() + offset_;
  offset_ += count;
  return p;
}

std::uint64_t Reader::little_endian(int byte_count, const char* what) {
  const std::uint8_t* p = take(static_cast<std::size_t>(byte_count), what);
  std::uint64_t value = 0;
  for (int i = byte_count - 1; i >= 0; --i) value = (value << 8) | p[i];
  return value;
}

std::uint8_t Reader::u8() { return static_cast<std::uint8_t>(little_endian(1, "u8")); }

std::uint32_t Reader::u32() { return static_cast<std::uint32_t>(little_endian(4, "u32")); }

std::uint64_t Reader::u64() { return little_endian(8, "u64"); }

U256 Reader::u128() {
  const std::uint64_t low = little_endian(8, "u128");
  const std::uint64_t high = little_endian(8, "u128");
  return U256::from_limbs({low, high, 0, 0});
}

bool Reader::boolean() {
  const std::size_t at = offset_;
  const std::uint8_t byte = *take(1, "bool");
  if (byte > 1) {
    throw_parse_error("borsh: bool at offset " + std::to_string(at) + " is " + std::to_string(byte) +
                      ", must be 0 or 1");
  }
  return byte == 1;
}

Bytes Reader::bytes() {
  const std::size_t length = vec_length(1);
  const std::uint8_t* p = take(length, "bytes");
  return Bytes(p, p + length);
}

std::size_t Reader::vec_length(std::size_t min_item_size) {
  if (min_item_size == 0) throw std::logic_error("borsh: vec_length needs a minimum item size of at least 1");
  const std::size_t at = offset_;
  const std::size_t count = u32();
  if (count > remaining() / min_item_size) {
    throw_parse_error("borsh: length " + std::to_string(count) + " at offset " + std::to_string(at) +
                      " is more than the " + std::to_string(remaining()) + " remaining bytes can hold");
  }
  return count;
}

void Reader::expect_end() const {
  if (remaining() != 0) {
    throw_parse_error("borsh: " + std::to_string(remaining()) + " trailing bytes after offset " +
                      std::to_string(offset_));
  }
}

}  // namespace sr::borsh
