// ChainRecord and TokenRecord output, and the "chains" and "tokens" operations, checked against
// the protocol facts (tests/vectors/protocol-facts.json) rather than against the configuration's own values.
#include "service/chain/registry.h"

#include <gtest/gtest.h>

#include <fstream>

#include "../config_fixture.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::config_json;
using testing::production_config;

// The protocol facts the tests hold as data (tests/vectors/protocol-facts.json).
const json& protocol_facts() {
  static const json facts = [] {
    std::ifstream in(SR_VECTORS_DIR "/protocol-facts.json");
    if (!in) throw std::runtime_error("cannot open protocol-facts.json");
    return json::parse(in);
  }();
  return facts;
}

const json& by_chain(const json& list, std::uint64_t id) {
  for (const auto& c : list) {
    if (c["chainId"] == id) return c;
  }
  throw std::runtime_error("no chain " + std::to_string(id));
}

TEST(ServiceRegistry, ChainsCarryTheProtocolPageContracts) {
  const json chains = list_chains(production_config())["chains"];
  ASSERT_EQ(chains.size(), 6u);
  const json& production = protocol_facts()["production"];
  const std::string portal = production["portal"];
  const std::string prover = production["prover"];
  const std::string permit2 = production["permit2"];
  const std::string permit3 = production["permit3"];
  const std::string init_code_hash = production["vaultInitCodeHash"];
  for (std::uint64_t id : production["portalChains"].get<std::vector<std::uint64_t>>()) {
    SCOPED_TRACE(id);
    const json& c = by_chain(chains, id);
    EXPECT_EQ(c["vm"], "evm");
    EXPECT_EQ(c["portal"], portal);
    EXPECT_EQ(c["prover"], prover);
    EXPECT_EQ(c["permit2"], permit2);
    EXPECT_EQ(c["permit3"], permit3);
    EXPECT_EQ(c["vaultInitCodeHash"], init_code_hash);
    EXPECT_EQ(c["nativeCurrency"]["decimals"], 18);
    EXPECT_FALSE(c.contains("rpcUrl"));
  }
  const json& solana = by_chain(chains, 1399811149);
  EXPECT_EQ(solana["vm"], "svm");
  EXPECT_EQ(solana["portal"], production["solanaPortal"]);
  EXPECT_EQ(solana["prover"], production["solanaProver"]);
  EXPECT_TRUE(solana["permit2"].is_null());
  EXPECT_TRUE(solana["permit3"].is_null());
  EXPECT_TRUE(solana["vaultInitCodeHash"].is_null());
  EXPECT_EQ(solana["nativeCurrency"], (json{{"symbol", "SOL"}, {"decimals", 9}}));
}

TEST(ServiceRegistry, ChainRecordHasExactlyTheContractFields) {
  const json chain = list_chains(production_config())["chains"][0];
  std::vector<std::string> keys;
  for (const auto& [k, v] : chain.items()) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"blockExplorerUrl", "chainId", "limits", "name", "nativeCurrency", "permit2",
                                            "permit3", "portal", "prover", "quoteSigner", "vaultDerivation",
                                            "vaultInitCodeHash", "vm"}));
  EXPECT_EQ(chain["quoteSigner"], "0x25fC54D28538C0d579F1c9BF446ed22F2C1aFB59");
}

// The limits bound every deadline the engine sets: the longest fill window of a solver delivering
// on the chain (one local solver waits 7200 s; the service default is 3600) and the reward window.
TEST(ServiceRegistry, LimitsCoverEverySolversFillWindow) {
  json config = config_json("local");
  const json chains = list_chains(Config::from_json(config))["chains"];
  std::uint64_t longest = 0;
  for (const json& chain : chains) {
    EXPECT_GE(chain["limits"]["maxFillWindowSec"].get<std::uint64_t>(), 3600u);
    EXPECT_EQ(chain["limits"]["maxRewardWindowSec"], config["service"]["rewardWindowSec"]);
    EXPECT_EQ(chain["limits"]["maxQuoteLifetimeSec"], config["service"]["quoteLifetimeSec"]);
    longest = std::max(longest, chain["limits"]["maxFillWindowSec"].get<std::uint64_t>());
  }
  EXPECT_EQ(longest, 7200u);
  // A solver's longer window raises the limit of the chains it delivers on (Optimism, for one).
  for (json& solver : config["solvers"]) solver["fillWindowSec"] = 86400;
  const json widened = list_chains(Config::from_json(config));  // named: a range-for keeps no temporary alive
  for (const json& chain : widened["chains"]) {
    if (chain["chainId"] == 10) EXPECT_EQ(chain["limits"]["maxFillWindowSec"], 86400);
  }
}

TEST(ServiceRegistry, RpcUrlAppearsOnlyWhenConfigured) {
  json config = config_json("local");
  config["chains"][0]["rpcUrl"] = "http://127.0.0.1:8545";
  const json chains = list_chains(Config::from_json(config))["chains"];
  EXPECT_EQ(chains[0]["rpcUrl"], "http://127.0.0.1:8545");
  EXPECT_FALSE(chains[1].contains("rpcUrl"));
}

TEST(ServiceRegistry, AddressesComeOutCanonicalWhateverTheConfigWrote) {
  json config = config_json();
  config["chains"][0]["portal"] = "0x399dbd5df04f83103f77a58cba2b7c4d3cdede97";
  config["tokens"][0]["address"] = "0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48";
  const Config loaded = Config::from_json(config);
  EXPECT_EQ(chain_to_json(loaded.chains()[0])["portal"], "0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97");
  EXPECT_EQ(token_to_json(loaded.tokens()[0])["address"], "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
}

TEST(ServiceRegistry, TokensAreTheProtocolPageStablecoins) {
  const json& page = protocol_facts()["stablecoins"];
  ASSERT_EQ(page.size(), 6u);
  const OpResult all = list_tokens(production_config(), std::nullopt);
  ASSERT_EQ(all.status, 200);
  ASSERT_EQ(all.body["tokens"].size(), 12u);
  for (const auto& row : page) {
    const std::uint64_t chain_id = row["chainId"];
    SCOPED_TRACE(chain_id);
    const OpResult result = list_tokens(production_config(), std::to_string(chain_id));
    ASSERT_EQ(result.status, 200);
    const json& tokens = result.body["tokens"];
    ASSERT_EQ(tokens.size(), 2u);
    EXPECT_EQ(production_config().chain(chain_id)->name, row["chain"]);
    for (const auto& t : tokens) {
      EXPECT_EQ(t["chainId"], chain_id);
      EXPECT_EQ(t["decimals"], 6);
      EXPECT_EQ(t["address"], row[t["symbol"].get<std::string>()]);
    }
  }
}

TEST(ServiceRegistry, TokenRecordsCarryDomainsAndGaslessStandards) {
  const Config& config = production_config();
  const json base_usdc = token_to_json(*config.token_by_symbol(8453, "USDC"));
  EXPECT_EQ(base_usdc, (json{{"chainId", 8453},
                             {"address", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
                             {"symbol", "USDC"},
                             {"name", "USD Coin"},
                             {"decimals", 6},
                             {"gasless", {"permit3", "permit2", "erc3009"}},
                             {"eip712", {{"name", "USD Coin"}, {"version", "2"}}}}));
  // The protocol page fixes USDC's domain on Base and Arbitrum.
  EXPECT_EQ(token_to_json(*config.token_by_symbol(42161, "USDC"))["eip712"], (json{{"name", "USD Coin"}, {"version", "2"}}));
  const json eth_usdt = token_to_json(*config.token_by_symbol(1, "USDT"));
  EXPECT_TRUE(eth_usdt["eip712"].is_null());
  EXPECT_EQ(eth_usdt["gasless"], (json{"permit3", "permit2"}));
  const json sol_usdc = token_to_json(*config.token_by_symbol(1399811149, "USDC"));
  EXPECT_EQ(sol_usdc["gasless"], json::array());
  EXPECT_TRUE(sol_usdc["eip712"].is_null());
}

TEST(ServiceRegistry, TokensRejectsAChainIdThatIsNotAPositiveInteger) {
  for (const char* raw : {"", "abc", "0", "-1", "+8453", "08453", " 8453", "8453 ", "8453.0", "1e3", "0x2105",
                          "18446744073709551616"}) {
    SCOPED_TRACE(raw);
    const OpResult result = list_tokens(production_config(), std::string(raw));
    EXPECT_EQ(result.status, 400);
    EXPECT_EQ(result.body["code"], "invalid-request");
    ASSERT_EQ(result.body["errors"].size(), 1u);
    EXPECT_EQ(result.body["errors"][0]["field"], "chainId");
  }
}

TEST(ServiceRegistry, TokensAnswersChainNotSupportedForAnUnknownChain) {
  const OpResult result = list_tokens(production_config(), std::string("18446744073709551615"));
  EXPECT_EQ(result.status, 422);
  EXPECT_EQ(result.body["code"], "chain-not-supported");
  EXPECT_EQ(result.body["errors"][0]["field"], "chainId");
  EXPECT_NE(result.body["detail"].get<std::string>().find("18446744073709551615"), std::string::npos);
}

TEST(ServiceRegistry, ParseChainIdIsStrict) {
  EXPECT_EQ(parse_chain_id("1"), 1u);
  EXPECT_EQ(parse_chain_id("1399811149"), 1399811149u);
  EXPECT_EQ(parse_chain_id("18446744073709551615"), 18446744073709551615ull);
  EXPECT_EQ(parse_chain_id("99999999999999999999"), std::nullopt);
  EXPECT_EQ(parse_chain_id("010"), std::nullopt);
}

}  // namespace
}  // namespace sr::service
