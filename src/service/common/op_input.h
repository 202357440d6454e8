// The inputs the worker passes to an operation next to the client's body (`now`, `random`,
// `key`, ...). They come from the worker, not the client: a malformed one is a worker bug and
// answers 500 internal, never a 400 the client could not fix.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "crypto/bytes.h"

namespace sr::service {

class OpInputError : public Error {
 public:
  using Error::Error;
};

// A JSON integer of either signedness (the wasm's parser reads 3 as unsigned, a C++ caller's
// json(3) is signed) that is at least `min`: its value, else nullopt.
std::optional<std::uint64_t> count_at_least(const nlohmann::ordered_json& v, std::uint64_t min);

class OpInput {
 public:
  // Throws OpInputError unless `input` is an object.
  OpInput(const nlohmann::ordered_json& input, std::string op);

  // The member; OpInputError when missing.
  const nlohmann::ordered_json& member(std::string_view name) const;
  // The member, or nullptr when missing or null.
  const nlohmann::ordered_json* optional(std::string_view name) const;
  // A non-negative JSON integer.
  std::uint64_t unix_seconds(std::string_view name) const;
  // The member as count_at_least reads it. `count` needs the member; `optional_count` answers
  // `fallback` when it is missing or null.
  std::uint64_t count(std::string_view name, std::uint64_t min) const;
  std::uint64_t optional_count(std::string_view name, std::uint64_t min, std::uint64_t fallback) const;
  // "0x"-optional hex of at least min_bytes bytes.
  Bytes hex_bytes(std::string_view name, std::size_t min_bytes) const;

 private:
  [[noreturn]] void fail(std::string_view name, std::string_view what) const;

  const nlohmann::ordered_json& input_;
  std::string op_;
};

}  // namespace sr::service
