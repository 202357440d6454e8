// Byte containers and the errors shared by every layer of the core.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace sr {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
using Hash32 = std::array<std::uint8_t, 32>;

// The core's one error hierarchy: every input the core refuses, whatever it came from, is an
// Error, with a message that says what is wrong:
// - ParseError (here): data read from a client, a chain or a document is malformed; the caller
//   adds which field it was;
// - OpInputError (service/common/op_input.h): the worker passed an op something malformed, a worker bug;
// - ConfigError (service/config/config.h): the configuration cannot be served.
// A call that breaks a function's documented precondition is a programming error and throws a
// std::logic_error instead. (The verifier's JSON value throws json::Error, which copies
// nlohmann's exceptions, so that its messages stay byte for byte what nlohmann would say.)
struct Error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct ParseError : Error {
  using Error::Error;
};

// throw ParseError(message), out of line: a throw written out compiles to the exception's
// allocation, its constructor inside a cleanup that frees the allocation if the constructor throws,
// and the throw; the package's WebAssembly had about a hundred of them (bench/README.md).
[[noreturn]] void throw_parse_error(const char* message);
[[noreturn]] void throw_parse_error(const std::string& message);

inline ByteView as_bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace sr
