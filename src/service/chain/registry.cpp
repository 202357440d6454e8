#include "service/chain/registry.h"

#include <algorithm>

#include "crypto/hex.h"
#include "eth/u256.h"
#include "service/common/op_input.h"

namespace sr::service {

namespace {

template <class T, class Fn>
nlohmann::ordered_json or_null(const std::optional<T>& value, Fn to_json) {
  return value ? nlohmann::ordered_json(to_json(*value)) : nlohmann::ordered_json(nullptr);
}

}  // namespace

nlohmann::ordered_json chain_to_json(const ChainRecord& chain) {
  nlohmann::ordered_json out = {
      {"chainId", chain.chain_id},
      {"name", chain.name},
      {"vm", std::string(vm_name(chain.vm))},
      {"portal", chain.portal.text()},
      {"prover", or_null(chain.prover, [](const ChainAddress& a) { return a.text(); })},
      {"permit2", or_null(chain.permit2, [](const Address& a) { return a.checksummed(); })},
      {"permit3", or_null(chain.permit3, [](const Address& a) { return a.checksummed(); })},
      {"vaultInitCodeHash", or_null(chain.vault_init_code_hash, [](const Hash32& h) { return hex::encode(h); })},
      {"quoteSigner", chain.quote_signer.checksummed()},
      {"nativeCurrency", {{"symbol", chain.native_currency.symbol}, {"decimals", chain.native_currency.decimals}}},
      {"blockExplorerUrl", chain.block_explorer_url.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(chain.block_explorer_url)},
  };
  if (chain.rpc_url) out["rpcUrl"] = *chain.rpc_url;
  return out;
}

nlohmann::ordered_json token_to_json(const TokenRecord& token) {
  nlohmann::ordered_json gasless = nlohmann::ordered_json::array();
  for (auto standard : token.gasless) gasless.push_back(std::string(gasless_name(standard)));
  return {
      {"chainId", token.chain_id},
      {"address", token.address.text()},
      {"symbol", token.symbol},
      {"name", token.name},
      {"decimals", token.decimals},
      {"gasless", std::move(gasless)},
      {"eip712", or_null(token.eip712, [](const Eip712Domain& d) {
         return nlohmann::ordered_json{{"name", d.name}, {"version", d.version}};
       })},
  };
}

nlohmann::ordered_json chain_limits(const Config& config, std::uint64_t chain_id) {
  std::uint64_t fill = config.service().route_fill_window_sec;
  for (const auto& solver : config.solvers()) {
    for (const auto& pair : solver.pairs) {
      if (pair.destination.chain_id == chain_id) fill = std::max(fill, solver.fill_window_sec);
    }
  }
  // A deposit address's answer expires at its deadline: the longest any partner configures (its
  // intent's deadlines count from there).
  std::uint64_t deposit = 0;
  for (const auto& partner : config.partners()) {
    if (partner.deposit_addresses.enabled) deposit = std::max(deposit, partner.deposit_addresses.deadline_sec);
  }
  return {{"maxFillWindowSec", fill},
          {"maxRewardWindowSec", config.service().reward_window_sec},
          {"maxQuoteLifetimeSec", config.service().quote_lifetime_sec},
          {"maxDepositLifetimeSec", deposit}};
}

nlohmann::ordered_json list_chains(const Config& config, const ConfirmedChains& confirmed) {
  nlohmann::ordered_json chains = nlohmann::ordered_json::array();
  for (const auto& chain : config.chains()) {
    nlohmann::ordered_json record = chain_to_json(chain);
    record["vaultDerivation"] = vault_derivation_name(confirmed.confirmed(chain.chain_id));
    record["limits"] = chain_limits(config, chain.chain_id);
    chains.push_back(std::move(record));
  }
  return {{"chains", std::move(chains)}};
}

std::optional<std::uint64_t> parse_chain_id(std::string_view text) {
  if (text.empty() || text[0] == '0' || text.size() > 20) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  const U256 value = U256::from_decimal(text);  // at most 20 digits: never above 2^256
  if (!value.fits_u64()) return std::nullopt;
  return value.as_u64();
}

OpResult list_tokens(const Config& config, const std::optional<std::string>& raw_chain_id) {
  nlohmann::ordered_json tokens = nlohmann::ordered_json::array();
  if (!raw_chain_id) {
    for (const auto& token : config.tokens()) tokens.push_back(token_to_json(token));
    return ok({{"tokens", std::move(tokens)}});
  }
  const auto chain_id = parse_chain_id(*raw_chain_id);
  if (!chain_id) {
    FieldErrors errors;
    errors.add("chainId", "chainId must be a positive integer chain id such as 8453");
    return invalid_request(errors);
  }
  if (!config.chain(*chain_id)) {
    const std::string message = "chainId " + std::to_string(*chain_id) + " is not a supported chain (GET /v1/chains lists them)";
    return problem(ProblemCode::chain_not_supported, message, {{"chainId", message}});
  }
  for (const TokenRecord* token : config.tokens_of(*chain_id)) tokens.push_back(token_to_json(*token));
  return ok({{"tokens", std::move(tokens)}});
}

OpResult chains_op(const Config& config, const nlohmann::ordered_json& input) {
  return ok(list_chains(config, ConfirmedChains::from_optional(OpInput(input, "chains"))));
}

OpResult tokens_op(const Config& config, const nlohmann::ordered_json& input) {
  OpInput in(input, "tokens");
  std::optional<std::string> raw;
  if (const nlohmann::ordered_json* chain_id = in.optional("chainId")) {
    if (!chain_id->is_string()) throw OpInputError("op \"tokens\": chainId must be the raw query string or null");
    raw = chain_id->get<std::string>();
  }
  return list_tokens(config, raw);
}

}  // namespace sr::service
