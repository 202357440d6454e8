// The vault-derivation probe, the verdict on a Portal's answer, and the gate on addresses that
// receive funds directly. The probe is checked against ethers' encoding of the same intent
// (derived-vectors.json "vaultProbe"); the real Portal answers it in tests/node/check-chains.test.mjs.
#include "service/chain/vault_derivation.h"

#include <gtest/gtest.h>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "service/chain/registry.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::derived;
using testing::production_config;

const json& probe_for(const json& probes, std::uint64_t chain_id) {
  for (const json& p : probes) {
    if (p["chainId"] == chain_id) return p;
  }
  throw std::runtime_error("no probe for chain " + std::to_string(chain_id));
}

OpResult verdict(std::uint64_t chain_id, const std::string& result) {
  return vault_derivation_verdict_op(production_config(), {{"chainId", chain_id}, {"result", result}});
}

std::string address_word(const std::string& address) { return "0x000000000000000000000000" + address.substr(2); }

TEST(VaultDerivation, ProbesEveryEvmChainWithTheIntentVaultAddressCall) {
  const json probes = vault_derivation_probes_op(production_config()).body["probes"];
  ASSERT_EQ(probes.size(), 5u);  // Solana's vaults are PDAs: nothing to confirm there
  const json& expected = derived()["vaultProbe"];
  const json& base = probe_for(probes, 8453);
  EXPECT_EQ(base["to"], expected["to"]);
  EXPECT_EQ(base["data"], expected["data"]);
  EXPECT_EQ(base["expectedVault"], expected["expectedVault"]);
  // Chains differ in the probe's destination, so each gets its own vault.
  EXPECT_NE(probe_for(probes, 1)["expectedVault"], base["expectedVault"]);
}

TEST(VaultDerivation, ConfirmedOnlyWhenThePortalAnswersTheComputedVault) {
  const std::string vault = derived()["vaultProbe"]["expectedVault"];
  const auto yes = verdict(8453, address_word(vault));
  ASSERT_EQ(yes.status, 200);
  EXPECT_EQ(yes.body["vaultDerivation"], "confirmed");
  EXPECT_EQ(yes.body["chainId"], 8453);

  const auto other = verdict(8453, address_word("0x000000000000000000000000000000000000dEaD"));
  EXPECT_EQ(other.body["vaultDerivation"], "unconfirmed");
  EXPECT_NE(other.body["detail"].get<std::string>().find("vaultInitCodeHash"), std::string::npos);
  EXPECT_NE(other.body["detail"].get<std::string>().find(vault), std::string::npos);
  // Another chain's vault is not this chain's.
  EXPECT_EQ(verdict(1, address_word(vault)).body["vaultDerivation"], "unconfirmed");
  // An empty answer (no contract there), a short one, dirty padding, not hex: never confirmed.
  for (const std::string& bad : std::vector<std::string>{"0x", "0x1234", "0x01" + address_word(vault).substr(4), "0xzz", address_word(vault) + "00"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(verdict(8453, bad).body["vaultDerivation"], "unconfirmed");
  }
}

TEST(VaultDerivation, VerdictInputsAreTheWorkersToGetRight) {
  EXPECT_THROW(vault_derivation_verdict_op(production_config(), {{"chainId", 1399811149}, {"result", "0x"}}), OpInputError);
  EXPECT_THROW(vault_derivation_verdict_op(production_config(), {{"chainId", 5}, {"result", "0x"}}), OpInputError);
  EXPECT_THROW(vault_derivation_verdict_op(production_config(), {{"chainId", 8453}}), OpInputError);
}

TEST(VaultDerivation, GateAnswers503WithRetryAfterUntilConfirmed) {
  const ChainRecord& base = *production_config().chain(8453);
  const auto none = ConfirmedChains::from_input(OpInput({{"confirmedChains", json::array()}}, "test"));
  const auto refused = require_confirmed_vaults(base, none, "a deposit address");
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->status, 503);
  EXPECT_EQ(refused->body["code"], "chain-unverified");
  EXPECT_EQ(refused->headers["Retry-After"], std::to_string(kChainUnverifiedRetryAfterSec));
  const auto confirmed = ConfirmedChains::from_input(OpInput({{"confirmedChains", {8453}}}, "test"));
  EXPECT_FALSE(require_confirmed_vaults(base, confirmed, "a deposit address").has_value());
  EXPECT_THROW(ConfirmedChains::from_input(OpInput(json::object(), "test")), OpInputError);
  EXPECT_THROW(ConfirmedChains::from_input(OpInput({{"confirmedChains", {"8453"}}}, "test")), OpInputError);
}

TEST(VaultDerivation, ChainRecordsSayWhetherTheirDerivationIsConfirmed) {
  const auto confirmed = ConfirmedChains::from_input(OpInput({{"confirmedChains", {8453}}}, "test"));
  // Each list is held in a variable: a range-for over a member of a temporary would read freed memory.
  const json listed = list_chains(production_config(), confirmed);
  for (const json& chain : listed["chains"]) {
    EXPECT_EQ(chain["vaultDerivation"], chain["chainId"] == 8453 ? "confirmed" : "unconfirmed") << chain["chainId"];
  }
  const json none = list_chains(production_config());
  for (const json& chain : none["chains"]) EXPECT_EQ(chain["vaultDerivation"], "unconfirmed");
}

}  // namespace
}  // namespace sr::service
