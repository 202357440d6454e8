// Decimal text to double, correctly rounded (round half to even), as strtod does it. The JSON
// parser's numbers with a fraction or an exponent go through it: musl's strtod computes in
// 128-bit long double, whose software arithmetic was 7 KiB of the package's WebAssembly for the
// few numbers a verification reads (slippage).
#pragma once

#include <string_view>

namespace sr::json {

// `text` is a JSON number (-?digits(.digits)?([eE][+-]?digits)?). Too large: +-infinity, as strtod's
// HUGE_VAL; too small: +-0.
double decimal_to_double(std::string_view text);

}  // namespace sr::json
