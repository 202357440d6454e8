#include "eth/u256.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "crypto/hex.h"

namespace sr {
namespace {

using u128 = unsigned __int128;

// Remainder-producing division of a little-endian limb array by a single limb, in place.
template <std::size_t N>
std::uint64_t div_small(std::array<std::uint64_t, N>& limbs, std::uint64_t divisor) {
  u128 rem = 0;
  for (std::size_t i = N; i-- > 0;) {
    const u128 cur = (rem << 64) | limbs[i];
    limbs[i] = static_cast<std::uint64_t>(cur / divisor);
    rem = cur % divisor;
  }
  return static_cast<std::uint64_t>(rem);
}

template <std::size_t N>
unsigned bit_length_of(const std::array<std::uint64_t, N>& limbs) {
  for (std::size_t i = N; i-- > 0;) {
    if (limbs[i] != 0) return static_cast<unsigned>(i * 64 + 64 - std::countl_zero(limbs[i]));
  }
  return 0;
}

// Quotient and remainder of an N-limb numerator by a nonzero 256-bit divisor, by binary long
// division from the numerator's top bit. Numerators are at most 512 bits, so at most 512 rounds.
template <std::size_t N>
void long_divide(const std::array<std::uint64_t, N>& numerator, const U256& divisor,
                 std::array<std::uint64_t, N>& quotient, U256& remainder) {
  quotient.fill(0);
  // The running remainder stays below 2 * divisor < 2^257, so one spare bit beyond 256 suffices.
  U256 rem;
  bool rem_carry = false;
  for (unsigned i = bit_length_of(numerator); i-- > 0;) {
    rem_carry = rem.bit(255);
    rem = rem << 1;
    if ((numerator[i / 64] >> (i % 64)) & 1) rem = rem | U256(1);
    if (rem_carry || rem >= divisor) {
      rem = rem.wrapping_sub(divisor);
      quotient[i / 64] |= 1ULL << (i % 64);
    }
  }
  remainder = rem;
}

// a + b modulo 2^256, and whether the true sum reached 2^256.
std::pair<U256, bool> add_with_carry(const U256& a, const U256& b) {
  U256::Limbs out{};
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const u128 cur = static_cast<u128>(a.limbs()[i]) + b.limbs()[i] + carry;
    out[i] = static_cast<std::uint64_t>(cur);
    carry = static_cast<std::uint64_t>(cur >> 64);
  }
  return {U256::from_limbs(out), carry != 0};
}

template <typename Error>
U256 value_or_throw(const std::optional<U256>& result, const char* message) {
  if (!result) throw Error(message);
  return *result;
}

std::array<std::uint64_t, 8> full_product(const U256& a, const U256& b) {
  std::array<std::uint64_t, 8> out{};
  for (std::size_t i = 0; i < 4; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      const u128 cur = static_cast<u128>(a.limbs()[i]) * b.limbs()[j] + out[i + j] + carry;
      out[i + j] = static_cast<std::uint64_t>(cur);
      carry = static_cast<std::uint64_t>(cur >> 64);
    }
    out[i + 4] = carry;
  }
  return out;
}


}  // namespace

U256 U256::from_decimal(std::string_view text) {
  if (text.empty() || (text.size() > 1 && text[0] == '0') ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw_parse_error("amount must be a decimal integer string without leading zeros");
  }
  U256 value;
  for (char c : text) {
    auto next = value.checked_mul(10);
    if (next) next = next->checked_add(static_cast<std::uint64_t>(c - '0'));
    if (!next) throw_parse_error("amount exceeds 2^256-1");
    value = *next;
  }
  return value;
}

U256 U256::from_hex(std::string_view text) {
  if (text.size() < 2 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    throw_parse_error("hex integer must start with 0x");
  }
  text.remove_prefix(2);
  if (text.empty()) throw_parse_error("hex integer has no digits after 0x");
  if (text.size() > 64) throw_parse_error("hex integer exceeds 2^256-1 (more than 64 digits)");
  // hex::decode wants whole bytes: an odd digit count gets its implied leading zero.
  const std::string digits = (text.size() % 2 ? "0" : "") + std::string(text);
  return from_be_bytes(hex::decode(digits, hex::Prefix::forbidden));
}

U256 U256::from_be_bytes(ByteView bytes) {
  if (bytes.size() > 32) throw_parse_error("big-endian integer is longer than 32 bytes");
  U256 value;
  const std::size_t n = bytes.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t bit_pos = (n - 1 - i) * 8;  // significance of byte i
    value.limbs_[bit_pos / 64] |= static_cast<std::uint64_t>(bytes[i]) << (bit_pos % 64);
  }
  return value;
}

std::array<std::uint8_t, 32> U256::to_be_bytes() const {
  std::array<std::uint8_t, 32> out{};
  for (std::size_t i = 0; i < 32; ++i) {
    const std::size_t bit_pos = (31 - i) * 8;
    out[i] = static_cast<std::uint8_t>(limbs_[bit_pos / 64] >> (bit_pos % 64));
  }
  return out;
}

std::string U256::to_decimal() const {
  if (is_zero()) return "0";
  // Peel 19 decimal digits at a time: 10^19 is the largest power of ten below 2^64.
  constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ULL;
  // Digits from the right into a buffer (2^256 has 78), then one string: no per-digit append.
  Limbs rest = limbs_;
  char digits[80];
  char* p = digits + sizeof digits;
  while ((rest[0] | rest[1] | rest[2] | rest[3]) != 0) {
    std::uint64_t chunk = div_small(rest, kChunk);
    const bool last = (rest[0] | rest[1] | rest[2] | rest[3]) == 0;
    for (int i = 0; i < 19 && (!last || chunk != 0); ++i) {
      *--p = static_cast<char>('0' + chunk % 10);
      chunk /= 10;
    }
  }
  return std::string(p, digits + sizeof digits);
}

std::string U256::to_hex() const {
  static constexpr char digits[] = "0123456789abcdef";
  const unsigned bits = bit_length();
  if (bits == 0) return "0x0";
  std::string out = "0x";
  for (unsigned nib = (bits + 3) / 4; nib-- > 0;) {
    out += digits[(limbs_[nib / 16] >> (nib % 16 * 4)) & 0xf];
  }
  return out;
}

std::uint64_t U256::as_u64() const {
  if (!fits_u64()) throw std::overflow_error("integer " + to_decimal() + " does not fit in 64 bits");
  return limbs_[0];
}

unsigned U256::bit_length() const { return bit_length_of(limbs_); }

std::optional<U256> U256::checked_add(const U256& other) const {
  const auto [sum, carry] = add_with_carry(*this, other);
  if (carry) return std::nullopt;
  return sum;
}

std::optional<U256> U256::checked_sub(const U256& other) const {
  if (*this < other) return std::nullopt;
  return wrapping_sub(other);
}

std::optional<U256> U256::checked_mul(const U256& other) const {
  const auto product = full_product(*this, other);
  if ((product[4] | product[5] | product[6] | product[7]) != 0) return std::nullopt;
  return from_limbs({product[0], product[1], product[2], product[3]});
}

std::optional<U256> U256::checked_div(const U256& divisor) const {
  if (divisor.is_zero()) return std::nullopt;
  Limbs quotient;
  U256 remainder;
  long_divide(limbs_, divisor, quotient, remainder);
  return from_limbs(quotient);
}

std::optional<U256> U256::checked_mod(const U256& divisor) const {
  if (divisor.is_zero()) return std::nullopt;
  // quotient * divisor <= *this, so the product cannot overflow.
  return wrapping_sub(*checked_div(divisor)->checked_mul(divisor));
}

U256 U256::add_or_throw(const U256& other) const {
  return value_or_throw<std::overflow_error>(checked_add(other), "uint256 addition overflows");
}

U256 U256::sub_or_throw(const U256& other) const {
  return value_or_throw<std::overflow_error>(checked_sub(other), "uint256 subtraction underflows");
}

U256 U256::mul_or_throw(const U256& other) const {
  return value_or_throw<std::overflow_error>(checked_mul(other), "uint256 multiplication overflows");
}

U256 U256::div_or_throw(const U256& divisor) const {
  return value_or_throw<std::domain_error>(checked_div(divisor), "uint256 division by zero");
}

U256 U256::wrapping_add(const U256& other) const { return add_with_carry(*this, other).first; }

U256 U256::wrapping_sub(const U256& other) const {
  U256 out;
  std::uint64_t borrow = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const u128 cur = static_cast<u128>(limbs_[i]) - other.limbs_[i] - borrow;
    out.limbs_[i] = static_cast<std::uint64_t>(cur);
    borrow = static_cast<std::uint64_t>(cur >> 64) != 0 ? 1 : 0;
  }
  return out;
}

U256 U256::wrapping_neg() const { return U256().wrapping_sub(*this); }

std::optional<U256> U256::mul_div(const U256& a, const U256& b, const U256& d, Rounding rounding) {
  if (d.is_zero()) return std::nullopt;
  const auto product = full_product(a, b);
  std::array<std::uint64_t, 8> quotient;
  U256 remainder;
  long_divide(product, d, quotient, remainder);
  if ((quotient[4] | quotient[5] | quotient[6] | quotient[7]) != 0) return std::nullopt;
  const U256 q = from_limbs({quotient[0], quotient[1], quotient[2], quotient[3]});
  if (rounding == Rounding::ceil && !remainder.is_zero()) return q.checked_add(1);
  return q;
}

U256 U256::operator~() const {
  return from_limbs({~limbs_[0], ~limbs_[1], ~limbs_[2], ~limbs_[3]});
}

U256 U256::operator&(const U256& o) const {
  return from_limbs({limbs_[0] & o.limbs_[0], limbs_[1] & o.limbs_[1], limbs_[2] & o.limbs_[2],
                     limbs_[3] & o.limbs_[3]});
}

U256 U256::operator|(const U256& o) const {
  return from_limbs({limbs_[0] | o.limbs_[0], limbs_[1] | o.limbs_[1], limbs_[2] | o.limbs_[2],
                     limbs_[3] | o.limbs_[3]});
}

U256 U256::operator^(const U256& o) const {
  return from_limbs({limbs_[0] ^ o.limbs_[0], limbs_[1] ^ o.limbs_[1], limbs_[2] ^ o.limbs_[2],
                     limbs_[3] ^ o.limbs_[3]});
}

U256 U256::operator<<(unsigned shift) const {
  if (shift >= 256) return U256();
  const unsigned limb_shift = shift / 64, bit_shift = shift % 64;
  U256 out;
  for (std::size_t i = 3 + 1; i-- > limb_shift;) {
    std::uint64_t v = limbs_[i - limb_shift] << bit_shift;
    if (bit_shift != 0 && i > limb_shift) v |= limbs_[i - limb_shift - 1] >> (64 - bit_shift);
    out.limbs_[i] = v;
  }
  return out;
}

U256 U256::operator>>(unsigned shift) const {
  if (shift >= 256) return U256();
  const unsigned limb_shift = shift / 64, bit_shift = shift % 64;
  U256 out;
  for (std::size_t i = 0; i + limb_shift < 4; ++i) {
    std::uint64_t v = limbs_[i + limb_shift] >> bit_shift;
    if (bit_shift != 0 && i + limb_shift + 1 < 4) v |= limbs_[i + limb_shift + 1] << (64 - bit_shift);
    out.limbs_[i] = v;
  }
  return out;
}

}  // namespace sr
