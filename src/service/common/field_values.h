// Reads of the value types requests and configuration share: addresses on a chain's VM, base-unit
// amounts, 32-byte hashes, hex byte strings and fractions. Each records a field error (with the
// path) instead of throwing, so a caller can report every bad field at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "service/common/chain_address.h"
#include "service/common/field_reader.h"

namespace sr::service {

// An address string valid on `vm`, never the all-zero address. With `vm` unknown (the chain is
// not configured, which the caller reports separately) the text only has to be an address on
// some VM; the result is then nullopt even when no error was recorded.
std::optional<ChainAddress> read_address(const Json& value, const std::string& path,
                                         std::optional<Vm> vm, FieldErrors& errors);

// reader.<name> read with read_address; nullopt when absent ("is required" recorded if it must be there).
std::optional<ChainAddress> read_address_member(ObjectReader& reader, std::string_view name, bool required,
                                                std::optional<Vm> vm);

enum class ZeroAmount { refused, allowed };

// A base-unit amount: a JSON string of decimal digits without sign, spaces, decimal point or
// leading zeros, at most 2^256-1 on EVM and 2^64-1 on SVM (an SVM token amount is a u64). An
// unknown VM is checked against the EVM bound. Zero only when `zero` is allowed.
std::optional<U256> read_amount(const Json& value, const std::string& path, std::optional<Vm> vm,
                                FieldErrors& errors, ZeroAmount zero = ZeroAmount::refused);

// "0x" + 64 hex digits, either case.
std::optional<Hash32> read_hash32(const Json& value, const std::string& path, FieldErrors& errors);

// "0x" + an even number of hex digits ("0x" alone is the empty byte string).
std::optional<Bytes> read_hex_bytes(const Json& value, const std::string& path, FieldErrors& errors);

// Millionths: a fraction read exactly from a JSON number with at most six decimal places
// (0.005 -> 5000). JSON numbers reach the core as doubles, so the number is re-read from its
// shortest round-trip text, which is the decimal the client wrote for any value with at most 15
// significant digits. Range checks are the caller's; values of 4294.967295 or more read as
// 0xFFFFFFFF.
inline constexpr std::uint32_t kMillionths = 1'000'000;
std::optional<std::uint32_t> read_millionths(const Json& value, const std::string& path,
                                             FieldErrors& errors);
// 5000 -> "0.005", 1000000 -> "1": the shortest decimal text of a millionths value.
std::string millionths_to_decimal(std::uint32_t millionths);

}  // namespace sr::service
