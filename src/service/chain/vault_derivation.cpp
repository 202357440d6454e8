#include "service/chain/vault_derivation.h"

#include <string>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/vault.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

// The probe: an intent of the chain to itself that nobody will ever fund (zero amounts, deadline
// 0), shaped like a real one so that a Portal which checks its arguments still answers. Only its
// hash matters: the vault is CREATE2(portal, intentHash, initCodeHash) whatever the intent says.
protocol::Intent probe_intent(const ChainRecord& chain) {
  protocol::Intent intent;
  intent.destination = chain.chain_id;
  intent.route.salt = keccak256(std::string_view("stableroutes: vault derivation probe"));
  intent.route.portal = chain.portal.account();
  intent.reward.creator = chain.portal.account();
  if (chain.prover) intent.reward.prover = chain.prover->account();
  return intent;
}

struct Probe {
  Bytes call_data;
  Address expected_vault;
};

Probe probe_of(const ChainRecord& chain) {
  const protocol::Intent intent = probe_intent(chain);
  const Bytes route = protocol::encode_route(intent.route, Vm::evm);
  const Hash32 hash = protocol::intent_hash(intent.destination, keccak256(ByteView(route)),
                                            protocol::reward_hash(intent.reward, Vm::evm));
  return {protocol::portal::intent_vault_address(intent.destination, route, intent.reward),
          protocol::evm_vault_address(chain.portal.evm(), hash, *chain.vault_init_code_hash)};
}

bool probed(const ChainRecord& chain) { return chain.vm == Vm::evm && chain.vault_init_code_hash.has_value(); }

}  // namespace

ConfirmedChains ConfirmedChains::parse(const json& value) {
  if (!value.is_array()) throw OpInputError("confirmedChains must be an array of chain ids");
  ConfirmedChains out;
  for (const json& id : value) {
    if (!id.is_number_integer() || id.get<std::int64_t>() <= 0) throw OpInputError("confirmedChains must be an array of chain ids");
    out.ids_.insert(id.get<std::uint64_t>());
  }
  return out;
}

ConfirmedChains ConfirmedChains::from_input(const OpInput& in) { return parse(in.member("confirmedChains")); }

ConfirmedChains ConfirmedChains::from_optional(const OpInput& in) {
  const json* value = in.optional("confirmedChains");
  return value ? parse(*value) : ConfirmedChains{};
}

std::string_view vault_derivation_name(bool confirmed) { return confirmed ? "confirmed" : "unconfirmed"; }

std::optional<OpResult> require_confirmed_vaults(const ChainRecord& chain, const ConfirmedChains& confirmed,
                                                 std::string_view what) {
  if (confirmed.confirmed(chain.chain_id)) return std::nullopt;
  OpResult refused = problem(
      ProblemCode::chain_unverified,
      "the service cannot hand out " + std::string(what) + " on chain " + std::to_string(chain.chain_id) + " (" +
          chain.name + ") yet: its Portal has not confirmed the vault address derivation, and funds sent to a wrongly "
          "derived vault would be lost. Fund through the Portal (the quote's execution.transaction) or retry later");
  refused.headers = {{"Retry-After", std::to_string(kChainUnverifiedRetryAfterSec)}};
  return refused;
}

OpResult vault_derivation_probes_op(const Config& config) {
  json probes = json::array();
  for (const ChainRecord& chain : config.chains()) {
    if (!probed(chain)) continue;
    const Probe probe = probe_of(chain);
    probes.push_back({{"chainId", chain.chain_id},
                      {"to", chain.portal.text()},
                      {"data", hex::encode(probe.call_data)},
                      {"expectedVault", probe.expected_vault.checksummed()}});
  }
  return ok({{"probes", std::move(probes)}});
}

OpResult vault_derivation_verdict_op(const Config& config, const json& input) {
  const OpInput in(input, "vaultDerivationVerdict");
  const json& chain_id = in.member("chainId");
  const bool is_id = chain_id.is_number_integer() && chain_id.get<std::int64_t>() > 0;
  const ChainRecord* chain = is_id ? config.chain(chain_id.get<std::uint64_t>()) : nullptr;
  if (!chain || !probed(*chain)) throw OpInputError("op \"vaultDerivationVerdict\": chainId must be a configured EVM chain");
  const json& result = in.member("result");
  if (!result.is_string()) throw OpInputError("op \"vaultDerivationVerdict\": result must be the eth_call's 0x-hex return data");

  const Probe probe = probe_of(*chain);
  const auto verdict = [&](bool confirmed, std::string detail) {
    return ok({{"chainId", chain->chain_id},
               {"vaultDerivation", vault_derivation_name(confirmed)},
               {"detail", std::move(detail)}});
  };
  Bytes word;
  try {
    word = hex::decode(result.get<std::string>());
  } catch (const ParseError&) {
    return verdict(false, "the Portal's answer is not hex");
  }
  // An address return value is one ABI word: twelve zero bytes, then the address.
  const bool is_address_word = word.size() == 32 && std::all_of(word.begin(), word.begin() + 12, [](auto b) { return b == 0; });
  if (!is_address_word) {
    return verdict(false, "the Portal at " + chain->portal.text() + " did not answer intentVaultAddress with an address (" +
                              std::to_string(word.size()) + " bytes): is it a Portal?");
  }
  const Address answered = Address::from_bytes(ByteView(word).subspan(12));
  if (answered != probe.expected_vault) {
    return verdict(false, "the Portal at " + chain->portal.text() + " derives vault " + answered.checksummed() +
                              " where the configured vaultInitCodeHash gives " + probe.expected_vault.checksummed() +
                              ": the configuration is wrong for this Portal");
  }
  return verdict(true, "the Portal at " + chain->portal.text() + " derives the vaults the configuration implies");
}

}  // namespace sr::service
