// ABI decoder with a type chosen by the input. Input: "<canonical type>\n<encoded bytes>", or a
// first byte below 0x20 selecting one of the service's own types (the intent structs, the
// Portal and ERC-20 argument lists) followed by the bytes.
// Invariants: Type::parse accepts only canonical strings (canonical() gives the text back); a
// strict decode is the canonical encoding, so encode(decode(b)) == b; the JSON form round-trips;
// allow_trailing decodes a prefix to the same value.
#include <algorithm>
#include <cstring>
#include <iterator>

#include "eth/abi.h"
#include "fuzz_support.h"

namespace {

const char* const kTypes[] = {
    "(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])",  // Route
    "(uint64,address,address,uint256,(address,uint256)[])",                             // Reward
    "(uint64,(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[]),(uint64,address,address,uint256,(address,uint256)[]))",
    "(uint64,bytes,(uint64,address,address,uint256,(address,uint256)[]),bool)",  // publishAndFund
    "(address,uint256)",
    "(bytes32,bytes32[],uint64)",
    "(string,bytes,int8,int256,bytes1,bytes31)",
    "(uint8[2][],string[],bytes[3])",
    "((bytes,string)[],(uint256,(bytes,bool)[])[2])",
    "(address[],bool[],int64[])",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  if (size == 0) return 0;
  std::string type_text;
  ByteView encoded;
  if (data[0] < 0x20) {
    type_text = kTypes[data[0] % std::size(kTypes)];
    encoded = ByteView(data + 1, size - 1);
  } else {
    const void* newline = std::memchr(data, '\n', size);
    if (!newline) return 0;
    const std::size_t type_len = static_cast<const std::uint8_t*>(newline) - data;
    type_text.assign(reinterpret_cast<const char*>(data), type_len);
    encoded = ByteView(data + type_len + 1, size - type_len - 1);
  }

  abi::Type type;
  try {
    type = abi::Type::parse(type_text);
  } catch (const ParseError&) {
    return 0;
  }
  SR_FUZZ_CHECK(type.canonical() == type_text, type_text);
  SR_FUZZ_CHECK(abi::Type::parse(type.canonical()) == type, type_text);

  try {
    const abi::Value value = abi::decode(type, encoded);
    const Bytes again = abi::encode(type, value);
    SR_FUZZ_CHECK(again == Bytes(encoded.begin(), encoded.end()), type_text);
    const nlohmann::ordered_json as_json = abi::value_to_json(type, value);
    SR_FUZZ_CHECK(abi::encode(type, abi::value_from_json(type, as_json)) == again, as_json.dump());
    if (type.kind == abi::Type::Kind::tuple) {
      const auto params = abi::decode_params(type.components, encoded);
      SR_FUZZ_CHECK(params.size() == type.components.size(), type_text);
    }
    fuzz::accepted();
  } catch (const ParseError&) {
  }

  try {
    const abi::Value value = abi::decode(type, encoded, abi::Mode::allow_trailing);
    const Bytes canonical = abi::encode(type, value);
    // Tails sit where the canonical encoder puts them, so what was read is exactly the
    // canonical encoding and anything after it is the ignored suffix.
    SR_FUZZ_CHECK(canonical.size() <= encoded.size(), type_text);
    SR_FUZZ_CHECK(std::equal(canonical.begin(), canonical.end(), encoded.begin()), type_text);
  } catch (const ParseError&) {
  }
  return 0;
}
