// Borsh (borsh.io), the binary format of Solana programs' instruction data and the Portal's SVM
// Route and Reward: integers little-endian and fixed width, bool as one byte 0 or 1, fixed arrays
// as raw bytes, Vec<T> and bytes as a u32 little-endian count followed by the items.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"

namespace sr::borsh {

// Appends values to a byte buffer. Every method returns *this for chaining.
class Writer {
 public:
  Writer& u8(std::uint8_t value);
  Writer& u32(std::uint32_t value);
  Writer& u64(std::uint64_t value);
  // Throws std::overflow_error when value >= 2^128.
  Writer& u128(const U256& value);
  Writer& boolean(bool value);
  // [u8; N]: the bytes as they are, no length.
  Writer& fixed(ByteView bytes);
  // Vec<u8> / bytes: u32 length, then the bytes. Throws std::length_error above 2^32 - 1 bytes.
  Writer& bytes(ByteView bytes);
  // The u32 element count that starts a Vec<T>. Throws std::length_error above 2^32 - 1.
  Writer& vec_length(std::size_t count);
  // Vec<T>: the count, then write_item(*this, item) for each item in order.
  template <class T, class WriteItem>
  Writer& vec(const std::vector<T>& items, WriteItem write_item) {
    vec_length(items.size());
    for (const T& item : items) write_item(*this, item);
    return *this;
  }

  const Bytes& data() const { return out_; }
  Bytes take() { return std::move(out_); }

 private:
  void little_endian(std::uint64_t value, int byte_count);
  Bytes out_;
};

// Reads values from a byte view in order, never past its end. Every read that would need more
// bytes than remain, and every value Borsh forbids (a bool byte other than 0 or 1), throws
// ParseError saying what was being read and at which offset. The view must outlive the reader.
class Reader {
 public:
  explicit Reader(ByteView data) : data_(data) {}
  // A temporary buffer would be destroyed while the reader still points into it.
  explicit Reader(Bytes&&) = delete;

  std::uint8_t u8();
  std::uint32_t u32();
  std::uint64_t u64();
  U256 u128();
  bool boolean();
  template <std::size_t N>
  std::array<std::uint8_t, N> fixed() {
    const std::uint8_t* p = take(N, "fixed-size array");
    std::array<std::uint8_t, N> out;
    for (std::size_t i = 0; i < N; ++i) out[i] = p[i];
    return out;
  }
  // u32 length, then that many bytes.
  Bytes bytes();
  // The u32 count that starts a Vec<T>. Rejects counts whose items cannot fit in what remains,
  // given that each item takes at least min_item_size bytes (so a forged count cannot make the
  // caller allocate or loop far beyond the input). min_item_size must be at least 1
  // (std::logic_error otherwise, a broken precondition): zero-sized items would leave the count unbounded.
  std::size_t vec_length(std::size_t min_item_size);
  // Vec<T>: the count, then read_item(*this) for each item.
  template <class ReadItem>
  auto vec(std::size_t min_item_size, ReadItem read_item) {
    const std::size_t count = vec_length(min_item_size);
    std::vector<decltype(read_item(*this))> items;
    items.reserve(count);
    for (std::size_t i = 0; i < count; ++i) items.push_back(read_item(*this));
    return items;
  }

  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return data_.size() - offset_; }
  // Throws ParseError unless every byte has been read: Borsh values have exactly one encoding,
  // and trailing bytes mean the input is not the value the caller expected.
  void expect_end() const;

 private:
  const std::uint8_t* take(std::size_t count, const char* what);
  std::uint64_t little_endian(int byte_count, const char* what);
  ByteView data_;
  std::size_t offset_ = 0;
};

}  // namespace sr::borsh
