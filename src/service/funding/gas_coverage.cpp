#include "service/funding/gas_coverage.h"

#include "service/common/field_reader.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

U256 power_of_ten(std::uint32_t exponent) {
  U256 out(1);
  for (std::uint32_t i = 0; i < exponent; ++i) out = out.mul_or_throw(U256(10));
  return out;
}

// `amount` of a token with `from` decimals in base units of one with `to` decimals, rounded up.
std::optional<U256> rescaled_up(const U256& amount, std::uint32_t from, std::uint32_t to) {
  if (from == to) return amount;
  if (from > to) return U256::mul_div(amount, U256(1), power_of_ten(from - to), Rounding::ceil);
  return amount.checked_mul(power_of_ten(to - from));
}

}  // namespace

std::optional<U256> plan_covered_price(const json& plan) {
  if (!plan.is_object() || !plan.contains(kCoveredPriceMember)) return std::nullopt;
  const json& value = plan[kCoveredPriceMember];
  if (!value.is_string()) throw ParseError(std::string(kCoveredPriceMember) + " must be a decimal amount of wei");
  return U256::from_decimal(value.get<std::string>());
}

U256 covered_max_fee_per_gas(const RelaySettings& settings, const TokenRecord& token, const U256& gas_fee,
                             bool has_authorization) {
  const U256& usd_millionths = settings.native_token_usd_millionths.at(token.chain_id);
  const std::uint64_t gas = settings.funding_gas_limit + (has_authorization ? settings.authorization_gas_limit : 0);
  // fee / 10^decimals USD / (price / 10^6) * 10^18 wei * bps / 10^4 / gas
  //   = fee * 10^24 * bps / (10^decimals * price * 10^4 * gas): every factor of the divisor is
  // bounded by the configuration (decimals <= 77 is what a U256 holds), so it fits.
  const U256 numerator_factor = power_of_ten(24).mul_or_throw(U256(settings.gas_fee_coverage_bps));
  const U256 divisor = power_of_ten(token.decimals).mul_or_throw(usd_millionths).mul_or_throw(U256(10'000)).mul_or_throw(U256(gas));
  // A quotient past 2^256 (a fee no quote charges) is no bound at all; the chain's ceiling still is.
  return U256::mul_div(gas_fee, numerator_factor, divisor, Rounding::floor).value_or(U256::max());
}

std::optional<U256> quote_gas_fee(const json& fees, const TokenRecord& token, const std::string& path,
                                  FieldErrors& errors) {
  const std::size_t before = errors.size();
  const json* list = read_array(fees, path, errors);
  if (!list) return std::nullopt;
  U256 total;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& fee = (*list)[i];
    const std::string at = element_path(path, i);
    if (!fee.is_object() || !fee.contains("type") || !fee["type"].is_string()) {
      errors.add(at, at + " must be a fee object {type, amount, token}: send the quote exactly as received");
      continue;
    }
    if (fee["type"] != "gas") continue;
    const json* fee_token = fee.contains("token") && fee["token"].is_object() ? &fee["token"] : nullptr;
    // Parsed from text a chain id is unsigned; built in C++ a literal may be signed.
    const auto chain_id_of = [](const json& token) -> std::optional<std::uint64_t> {
      if (!token.contains("chainId") || !token["chainId"].is_number_integer()) return std::nullopt;
      if (!token["chainId"].is_number_unsigned() && token["chainId"].get<std::int64_t>() < 0) return std::nullopt;
      return token["chainId"].get<std::uint64_t>();
    };
    if (!fee_token || !chain_id_of(*fee_token) || !fee_token->contains("address") || !(*fee_token)["address"].is_string()) {
      errors.add(member_path(at, "token"), member_path(at, "token") + " must be a token {chainId, address, ...}");
      continue;
    }
    if (*chain_id_of(*fee_token) != token.chain_id) continue;
    try {
      if (ChainAddress::parse(token.address.vm(), (*fee_token)["address"].get<std::string>()) != token.address) continue;
    } catch (const ParseError&) {
      continue;  // not an address of the source chain's kind, so not the source token
    }
    const std::string amount_path = member_path(at, "amount");
    try {
      if (!fee.contains("amount") || !fee["amount"].is_string()) throw ParseError("not a string");
      const auto sum = total.checked_add(U256::from_decimal(fee["amount"].get<std::string>()));
      if (!sum) throw ParseError("too large");
      total = *sum;
    } catch (const ParseError&) {
      errors.add(amount_path, amount_path + " must be a decimal string of base units");
    }
  }
  if (errors.size() != before) return std::nullopt;
  return total;
}

U256 committed_spread(const Config& config, const protocol::Intent& intent, const TokenRecord& source_token) {
  const ChainRecord* destination = config.chain(intent.destination);
  // Native value on the destination has no stablecoin price here: no spread is counted as proven.
  if (!destination || !intent.route.native_amount.is_zero()) return U256(0);
  U256 reward;
  for (const auto& t : intent.reward.tokens) {
    if (t.token == source_token.address.account()) reward = reward.checked_add(t.amount).value_or(U256::max());
  }
  U256 route;
  for (const auto& t : intent.route.tokens) {
    const TokenRecord* token = nullptr;
    try {
      token = config.token(destination->chain_id, destination->vm == Vm::evm ? ChainAddress(t.token.to_evm())
                                                                               : ChainAddress(t.token.to_svm()));
    } catch (const ParseError&) {
    }
    if (!token) return U256(0);
    const auto amount = rescaled_up(t.amount, token->decimals, source_token.decimals);
    if (!amount) return U256(0);
    route = route.checked_add(*amount).value_or(U256::max());
  }
  return reward > route ? reward.sub_or_throw(route) : U256(0);
}

}  // namespace sr::service
