// Slippage as the API writes it (a JSON number, a decimal fraction: 0.005 = 0.5%) and the
// guaranteed minimum it implies. The service keeps at most 6 decimal places, so the verifier
// works in exact millionths and never compares floating-point amounts.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "verify/json_members.h"

#include "eth/u256.h"

namespace sr::verify {

inline constexpr std::uint32_t kSlippageScale = 1'000'000;

// The number at `path` in millionths. ParseError when it is not a JSON number, lies outside 0..1,
// or has more than 6 decimal places. (Requests may ask for 0.0001..1; a quote binds 0 where no
// tolerance applies, as for exact-out.)
std::uint32_t read_slippage_millionths(const Json& value, const Path& path);
std::uint32_t read_slippage_millionths(const nlohmann::json& value, const Path& path);

// floor(amount_out * (1 - slippage)): the minimum a fixed-input quote guarantees.
U256 min_amount_out(const U256& amount_out, std::uint32_t slippage_millionths);

// "0.005" for 5000: how details print a slippage.
std::string slippage_text(std::uint32_t slippage_millionths);

}  // namespace sr::verify
