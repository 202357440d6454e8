// decimal_to_double against the C library's strtod (glibc's is correctly rounded): the same bits
// for the hard cases (ties, subnormals, the edges of the range, long digit strings) and for many
// random doubles written with every precision.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "json/decimal.h"

namespace sr::json {
namespace {

std::uint64_t bits(double d) {
  std::uint64_t out;
  std::memcpy(&out, &d, sizeof out);
  return out;
}

void expect_as_strtod(const std::string& text) {
  EXPECT_EQ(bits(decimal_to_double(text)), bits(std::strtod(text.c_str(), nullptr))) << text;
}

TEST(DecimalToDouble, HardCases) {
  for (const char* text :
       {"0", "-0", "0.0", "-0.0", "0e5", "0.000e-999", "1", "0.005", "0.1", "0.3", "0.30000000000000004", "1e-7",
        "1E+2", "2.50", "123456789012345678901234567890", "9007199254740993", "9007199254740992.5",
        "9007199254740993.0000000000000001", "2.2250738585072011e-308", "2.2250738585072012e-308",
        "2.2250738585072014e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
        "1e-324", "1e-400", "5e-324", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "1e308", "1e309", "1e400", "-1e400", "1e99999999999999999999", "1e-99999999999999999999",
        "0.000000000000000000000000000000000000001", "1000000000000000000000000", "1e22", "1e23", "8.41e21",
        "5e-1", "0.5", "1.5", "2.5", "7.2057594037927933e16", "3.0540412794778431e-304",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999"}) {
    expect_as_strtod(text);
  }
}

TEST(DecimalToDouble, RandomDoublesAtEveryPrecision) {
  std::mt19937_64 random(19);
  char buffer[64];
  for (int i = 0; i < 20000; ++i) {
    double d;
    const std::uint64_t word = random();
    std::memcpy(&d, &word, sizeof d);
    if (!std::isfinite(d)) continue;
    d = std::fabs(d);
    const int precision = 1 + static_cast<int>(random() % 20);
    std::snprintf(buffer, sizeof buffer, "%.*e", precision, d);
    expect_as_strtod(buffer);
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, d);
    if (std::strchr(buffer, 'n') == nullptr) expect_as_strtod(buffer);
  }
  for (int i = 0; i < 20000; ++i) {  // small decimals, the numbers JSON documents carry
    std::snprintf(buffer, sizeof buffer, "%llu.%06llu", static_cast<unsigned long long>(random() % 100),
                  static_cast<unsigned long long>(random() % 1000000));
    expect_as_strtod(buffer);
  }
}

}  // namespace
}  // namespace sr::json
