#include "service/common/field_values.h"

#include <algorithm>

#include "crypto/hex.h"

namespace sr::service {

std::optional<ChainAddress> read_address(const Json& value, const std::string& path,
                                         std::optional<Vm> vm, FieldErrors& errors) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  if (!vm) {
    if (!ChainAddress::parses_on_some_vm(*text)) {
      errors.add(path, path + " must be an address: " + std::string(address_format(Vm::evm)) + ", or " +
                           std::string(address_format(Vm::svm)));
    }
    return std::nullopt;
  }
  try {
    auto address = ChainAddress::parse(*vm, *text);
    if (address.is_zero()) {
      errors.add(path, path + " must not be the zero address");
      return std::nullopt;
    }
    return address;
  } catch (const ParseError& e) {
    errors.add(path, path + " must be " + std::string(address_format(*vm)) + " (" + e.what() + ")");
    return std::nullopt;
  }
}

std::optional<ChainAddress> read_address_member(ObjectReader& reader, std::string_view name, bool required,
                                                std::optional<Vm> vm) {
  const Json* value = required ? reader.required(name) : reader.optional(name);
  if (!value) return std::nullopt;
  return read_address(*value, reader.path_of(name), vm, reader.errors());
}

std::optional<U256> read_amount(const Json& value, const std::string& path, std::optional<Vm> vm,
                                FieldErrors& errors, ZeroAmount zero) {
  if (!value.is_string()) {
    errors.add(path, path + " must be a string of decimal digits (an amount in base units)");
    return std::nullopt;
  }
  const auto& text = value.get_ref<const std::string&>();
  const bool digits_only =
      !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits_only || (text.size() > 1 && text[0] == '0')) {
    errors.add(path, path + " must be a decimal integer in base units: digits only, without sign, spaces, "
                            "decimal point, exponent or leading zeros");
    return std::nullopt;
  }
  U256 amount;
  try {
    amount = U256::from_decimal(text);
  } catch (const ParseError&) {  // digits were checked, so only the 2^256 bound remains
    errors.add(path, path + " exceeds the largest amount, 2^256-1");
    return std::nullopt;
  }
  if (vm == Vm::svm && !amount.fits_u64()) {
    errors.add(path, path + " exceeds the largest amount on an SVM chain, 2^64-1");
    return std::nullopt;
  }
  if (zero == ZeroAmount::refused && amount.is_zero()) {
    errors.add(path, path + " must be greater than 0");
    return std::nullopt;
  }
  return amount;
}

std::optional<Hash32> read_hash32(const Json& value, const std::string& path, FieldErrors& errors) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  try {
    return hex::decode32(*text);
  } catch (const ParseError&) {
    errors.add(path, path + " must be a 32-byte hash: 0x followed by 64 hex digits");
    return std::nullopt;
  }
}

std::optional<Bytes> read_hex_bytes(const Json& value, const std::string& path, FieldErrors& errors) {
  auto text = read_string(value, path, errors);
  if (!text) return std::nullopt;
  try {
    return hex::decode(*text);
  } catch (const ParseError&) {
    errors.add(path, path + " must be hex bytes: 0x followed by an even number of hex digits");
    return std::nullopt;
  }
}

namespace {

// The exact value of a JSON number's text, in millionths; nullopt when it needs more than six
// decimal places or is out of [0, 2^32).
struct Millionths {
  bool too_precise = false;
  bool negative = false;
  std::optional<std::uint64_t> value;  // nullopt: too large
};

Millionths parse_millionths(std::string_view text) {
  Millionths out;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    out.negative = true;
    ++i;
  }
  std::string digits;
  long long scale = 0;  // value = digits * 10^-scale
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) digits += text[i];
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      digits += text[i];
      ++scale;
    }
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative_exponent = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative_exponent = text[i++] == '-';
    long long exponent = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      exponent = std::min<long long>(exponent * 10 + (text[i] - '0'), 100000);
    }
    scale += negative_exponent ? exponent : -exponent;
  }
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
  if (digits.empty()) {
    out.value = 0;
    return out;
  }
  while (digits.back() == '0') {
    digits.pop_back();
    --scale;
  }
  if (scale > 6) {
    out.too_precise = true;
    return out;
  }
  const long long zeros = 6 - scale;
  if (static_cast<long long>(digits.size()) + zeros > 12) return out;  // far beyond any range used
  digits.append(static_cast<std::size_t>(zeros), '0');
  out.value = std::stoull(digits);
  return out;
}

}  // namespace

std::optional<std::uint32_t> read_millionths(const Json& value, const std::string& path,
                                             FieldErrors& errors) {
  if (!value.is_number()) {
    errors.add(path, path + " must be a number (a decimal fraction such as 0.005)");
    return std::nullopt;
  }
  const Millionths m = parse_millionths(value.dump());
  if (m.too_precise) {
    errors.add(path, path + " must have at most 6 decimal places");
    return std::nullopt;
  }
  if (m.negative && m.value != 0) {
    errors.add(path, path + " must not be negative");
    return std::nullopt;
  }
  // Saturate: every caller bounds the value far below 2^32, and says so in its own words.
  if (!m.value || *m.value > 0xFFFFFFFFull) return 0xFFFFFFFFu;
  return static_cast<std::uint32_t>(*m.value);
}

std::string millionths_to_decimal(std::uint32_t millionths) {
  std::string whole = std::to_string(millionths / kMillionths);
  std::string fraction = std::to_string(millionths % kMillionths);
  if (fraction == "0") return whole;
  fraction.insert(0, 6 - fraction.size(), '0');
  while (fraction.back() == '0') fraction.pop_back();
  return whole + "." + fraction;
}

}  // namespace sr::service
