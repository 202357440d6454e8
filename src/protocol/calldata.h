// EVM call data: a function's 4-byte selector followed by its ABI-encoded arguments.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "eth/abi.h"

namespace sr::protocol {

using Selector = std::array<std::uint8_t, 4>;

// A function by its canonical signature ("transfer(address,uint256)"): selector and argument types.
class Function {
 public:
  // `signature` must be canonical (tuples written out, no names or spaces); its argument list is
  // parsed as one tuple type. Throws ParseError otherwise.
  explicit Function(std::string_view signature);

  const std::string& signature() const { return signature_; }
  const Selector& selector() const { return selector_; }
  const std::vector<abi::Type>& inputs() const { return inputs_; }

  Bytes encode(const std::vector<abi::Value>& args) const;
  // Strict: the selector must match and the arguments must be exactly their canonical encoding.
  // ParseError naming the function otherwise.
  std::vector<abi::Value> decode(ByteView calldata) const;

 private:
  std::string signature_;
  Selector selector_;
  std::vector<abi::Type> inputs_;
};

}  // namespace sr::protocol
