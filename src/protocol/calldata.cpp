#include "protocol/calldata.h"

#include <algorithm>

#include "crypto/catching.h"
#include "crypto/hex.h"

namespace sr::protocol {

Function::Function(std::string_view signature) : signature_(signature), selector_(abi::selector(signature)) {
  const std::size_t open = signature.find('(');
  if (open == std::string_view::npos || open == 0 || signature.back() != ')') {
    throw_parse_error("function signature must be name(types): " + signature_);
  }
  inputs_ = abi::Type::parse(signature.substr(open)).components;
}

Bytes Function::encode(const std::vector<abi::Value>& args) const {
  Bytes out(selector_.begin(), selector_.end());
  const Bytes encoded = abi::encode_params(inputs_, args);
  out.insert(out.end(), encoded.begin(), encoded.end());
  return out;
}

std::vector<abi::Value> Function::decode(ByteView calldata) const {
  if (calldata.size() < selector_.size()) {
    throw_parse_error(signature_ + " call data must start with a 4-byte selector, got " + std::to_string(calldata.size()) + " bytes");
  }
  if (!std::equal(selector_.begin(), selector_.end(), calldata.begin())) {
    throw_parse_error("call data selector " + hex::encode(calldata.first(4)) + " is not " + hex::encode(selector_) + " (" +
                      signature_ + ")");
  }
  return rethrowing<ParseError>([&] { return abi::decode_params(inputs_, calldata.subspan(selector_.size())); },
                                [&](const ParseError& e) { throw_parse_error(signature_ + " arguments: " + e.what()); });
}

}  // namespace sr::protocol
