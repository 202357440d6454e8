#include "json/decimal.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace sr::json {

namespace {

// A non-negative integer in 32-bit limbs, least significant first, no leading zero limbs: just
// what the rare slow path needs (the fast path covers every slippage a client sends).
struct Big {
  std::vector<std::uint32_t> limbs;

  void mul_add(std::uint32_t m, std::uint32_t add) {
    std::uint64_t carry = add;
    for (std::uint32_t& limb : limbs) {
      const std::uint64_t v = std::uint64_t{limb} * m + carry;
      limb = static_cast<std::uint32_t>(v);
      carry = v >> 32;
    }
    if (carry != 0) limbs.push_back(static_cast<std::uint32_t>(carry));
  }
  void shift_left(unsigned bits) {
    if (limbs.empty()) return;
    limbs.insert(limbs.begin(), bits / 32, 0);
    const unsigned r = bits % 32;
    if (r == 0) return;
    std::uint32_t carry = 0;
    for (std::uint32_t& limb : limbs) {
      const std::uint32_t next = limb >> (32 - r);
      limb = (limb << r) | carry;
      carry = next;
    }
    if (carry != 0) limbs.push_back(carry);
  }
  unsigned bit_length() const {
    if (limbs.empty()) return 0;
    return 32 * static_cast<unsigned>(limbs.size() - 1) + (32 - static_cast<unsigned>(__builtin_clz(limbs.back())));
  }
  bool bit(unsigned i) const { return (limbs[i / 32] >> (i % 32)) & 1u; }
  bool is_zero() const { return limbs.empty(); }
};

// a < b
bool less(const Big& a, const Big& b) {
  if (a.limbs.size() != b.limbs.size()) return a.limbs.size() < b.limbs.size();
  for (std::size_t i = a.limbs.size(); i-- > 0;) {
    if (a.limbs[i] != b.limbs[i]) return a.limbs[i] < b.limbs[i];
  }
  return false;
}

// a -= b, for b <= a
void subtract(Big& a, const Big& b) {
  std::int64_t borrow = 0;
  for (std::size_t i = 0; i < a.limbs.size(); ++i) {
    std::int64_t v = std::int64_t{a.limbs[i]} - borrow - (i < b.limbs.size() ? std::int64_t{b.limbs[i]} : 0);
    borrow = v < 0;
    if (v < 0) v += std::int64_t{1} << 32;
    a.limbs[i] = static_cast<std::uint32_t>(v);
  }
  while (!a.limbs.empty() && a.limbs.back() == 0) a.limbs.pop_back();
}

Big power_of_ten(unsigned n) {
  Big out{{1}};
  for (; n >= 9; n -= 9) out.mul_add(1'000'000'000u, 0);
  std::uint32_t rest = 1;
  for (; n > 0; --n) rest *= 10;
  out.mul_add(rest, 0);
  return out;
}

// q * 2^e (q != 0), with `sticky` when nonzero bits below q were dropped, rounded half to even to
// a double: 53 bits, fewer in the subnormal range; ldexp is then exact (or overflows to inf).
double round_to_double(std::uint64_t q, long e, bool sticky) {
  const int lz = __builtin_clzll(q);
  q <<= lz;
  e -= lz;
  const long exponent = e + 63;  // the value is in [2^exponent, 2^(exponent + 1))
  const long keep = exponent >= -1022 ? 53 : 53 - (-1022 - exponent);
  if (keep <= 0) {
    // Below half the smallest subnormal: 0; exactly half: 0 (even); above: the smallest.
    if (keep < 0) return 0.0;
    return (q == (std::uint64_t{1} << 63) && !sticky) ? 0.0 : std::ldexp(1.0, -1074);
  }
  const unsigned drop = static_cast<unsigned>(64 - keep);
  std::uint64_t m = q >> drop;
  const std::uint64_t rest = q & ((std::uint64_t{1} << drop) - 1);
  const std::uint64_t half = std::uint64_t{1} << (drop - 1);
  if (rest > half || (rest == half && (sticky || (m & 1)))) ++m;
  return std::ldexp(static_cast<double>(m), static_cast<int>(e + drop));
}

}  // namespace

double decimal_to_double(std::string_view text) {
  std::size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) ++i;
  // The significant digits (leading zeros dropped) and the power of ten they are scaled by.
  std::string digits;
  long exponent = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (!digits.empty() || text[i] != '0') digits += text[i];
  }
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (!digits.empty() || text[i] != '0') digits += text[i];
      --exponent;
    }
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool minus = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    long e = 0;
    for (; i < text.size(); ++i) e = std::min(e * 10 + (text[i] - '0'), 100'000'000L);  // saturates: far beyond any double
    exponent += minus ? -e : e;
  }
  while (!digits.empty() && digits.back() == '0') {
    digits.pop_back();
    ++exponent;
  }
  const double sign = negative ? -1.0 : 1.0;
  if (digits.empty()) return sign * 0.0;
  const long magnitude = static_cast<long>(digits.size()) + exponent;  // value < 10^magnitude
  if (magnitude > 310) return sign * HUGE_VAL;
  if (magnitude < -324) return sign * 0.0;
  // Both operands exact (at most 15 digits, 10^22 is a double), so one IEEE operation rounds once.
  if (digits.size() <= 15 && exponent >= -22 && exponent <= 22) {
    double d = 0;
    for (const char c : digits) d = d * 10 + (c - '0');
    double p = 1;
    for (long k = exponent < 0 ? -exponent : exponent; k > 0; --k) p *= 10;
    return sign * (exponent < 0 ? d / p : d * p);
  }
  Big n;
  for (const char c : digits) n.mul_add(10, static_cast<std::uint32_t>(c - '0'));
  std::uint64_t q = 0;
  long e = 0;
  bool sticky = false;
  if (exponent >= 0) {
    const Big scale = power_of_ten(static_cast<unsigned>(exponent));
    Big product;
    product.limbs.assign(n.limbs.size() + scale.limbs.size(), 0);
    for (std::size_t a = 0; a < n.limbs.size(); ++a) {
      std::uint64_t carry = 0;
      for (std::size_t b = 0; b < scale.limbs.size(); ++b) {
        const std::uint64_t v = std::uint64_t{n.limbs[a]} * scale.limbs[b] + product.limbs[a + b] + carry;
        product.limbs[a + b] = static_cast<std::uint32_t>(v);
        carry = v >> 32;
      }
      product.limbs[a + scale.limbs.size()] = static_cast<std::uint32_t>(carry);
    }
    while (!product.limbs.empty() && product.limbs.back() == 0) product.limbs.pop_back();
    const unsigned length = product.bit_length();
    const unsigned low = length > 64 ? length - 64 : 0;
    for (unsigned b = length; b-- > low;) q = (q << 1) | product.bit(b);
    for (unsigned b = 0; b < low && !sticky; ++b) sticky = product.bit(b);
    e = static_cast<long>(low);
  } else {
    // q = floor(n * 2^s / 10^-exponent) with 63 or 64 bits, by binary long division.
    Big divisor = power_of_ten(static_cast<unsigned>(-exponent));
    const long s = 63 + static_cast<long>(divisor.bit_length()) - static_cast<long>(n.bit_length());
    if (s > 0) n.shift_left(static_cast<unsigned>(s));
    if (s < 0) divisor.shift_left(static_cast<unsigned>(-s));
    Big remainder;
    for (unsigned b = n.bit_length(); b-- > 0;) {
      remainder.shift_left(1);
      if (n.bit(b)) {
        if (remainder.is_zero()) remainder.limbs.push_back(1);
        else remainder.limbs[0] |= 1u;
      }
      q <<= 1;
      if (!less(remainder, divisor)) {
        subtract(remainder, divisor);
        q |= 1;
      }
    }
    sticky = !remainder.is_zero();
    e = -s;
  }
  return sign * round_to_double(q, e, sticky);
}

}  // namespace sr::json
