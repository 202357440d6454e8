// protocol-vectors.json (computed with ethers from fixed inputs) and the data derived from it, for
// the protocol layer's tests.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "crypto/hex.h"

namespace sr::protocol::testing {

inline const nlohmann::ordered_json& vectors() {
  static const nlohmann::ordered_json v = [] {
    std::ifstream in(SR_VECTORS_DIR "/protocol-vectors.json");
    if (!in) throw std::runtime_error("cannot open protocol-vectors.json");
    return nlohmann::ordered_json::parse(in);
  }();
  return v;
}

// derived-vectors.json: data derived from the vectors by an independent implementation
// (tests/vectors/derived-vectors.gen.mjs): event logs, Solana addresses and instruction bytes.
inline const nlohmann::ordered_json& derived() {
  static const nlohmann::ordered_json v = [] {
    std::ifstream in(SR_VECTORS_DIR "/derived-vectors.json");
    if (!in) throw std::runtime_error("cannot open derived-vectors.json");
    return nlohmann::ordered_json::parse(in);
  }();
  return v;
}

inline Hash32 h32(const nlohmann::ordered_json& text) { return hex::decode32(text.get<std::string>()); }
inline Bytes bytes_of(const nlohmann::ordered_json& text) { return hex::decode(text.get<std::string>()); }

// The message of the ParseError fn throws, or "no error".
template <class Fn>
std::string parse_error_of(Fn&& fn) {
  try {
    fn();
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace sr::protocol::testing
