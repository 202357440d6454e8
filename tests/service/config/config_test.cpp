// Loading and validating the service configuration: the shipped files load, and each rule
// rejects a broken copy of them with the path and reason.
#include "service/config/config.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "crypto/sha256.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::config_json;
using testing::local_config;
using testing::production_config;

// Runs Config::from_json on `config` and returns its errors (empty when it loaded).
std::vector<FieldError> load_errors(const json& config) {
  try {
    Config::from_json(config);
  } catch (const ConfigError& e) {
    EXPECT_FALSE(e.errors().empty());
    EXPECT_NE(std::string(e.what()).find("invalid configuration: "), std::string::npos);
    return e.errors();
  }
  return {};
}

::testing::AssertionResult has_error(const std::vector<FieldError>& errors, const std::string& field,
                                     const std::string& fragment) {
  for (const auto& e : errors) {
    if (e.field == field && e.message.find(fragment) != std::string::npos) return ::testing::AssertionSuccess();
  }
  auto failure = ::testing::AssertionFailure() << "no error at " << field << " containing \"" << fragment << "\"; got:";
  for (const auto& e : errors) failure << "\n  " << e.field << ": " << e.message;
  return failure;
}

#define EXPECT_CONFIG_ERROR(config, field, fragment) EXPECT_TRUE(has_error(load_errors(config), field, fragment))

json& chain_by_id(json& config, std::uint64_t id) {
  for (auto& c : config["chains"]) {
    if (c["chainId"] == id) return c;
  }
  throw std::runtime_error("no chain " + std::to_string(id));
}

TEST(ServiceConfig, ProductionAndLocalConfigurationsLoad) {
  for (const char* env : {"production", "local"}) {
    SCOPED_TRACE(env);
    const Config config = Config::from_json(config_json(env));
    EXPECT_EQ(config.chains().size(), 6u);
    EXPECT_EQ(config.tokens().size(), 12u);
    // Production names no solver until an operator adds a real (remote) one; the local
    // configuration keeps the in-process price models, each labelled a simulation.
    EXPECT_EQ(config.solvers().size(), env == std::string("production") ? 0u : 5u);
    ASSERT_NE(config.partner("acme"), nullptr);
    EXPECT_EQ(config.service().quote_lifetime_sec, 120u);
    EXPECT_EQ(config.service().slippage.default_millionths, 5000u);
    EXPECT_EQ(config.service().slippage.min_millionths, 100u);
    EXPECT_EQ(config.service().slippage.max_millionths, 1'000'000u);
  }
}

TEST(ServiceConfig, LookupsFindChainsTokensSolversAndPartners) {
  const Config& config = local_config();
  ASSERT_NE(config.chain(8453), nullptr);
  EXPECT_EQ(config.chain(8453)->name, "Base");
  EXPECT_EQ(config.chain(999), nullptr);
  // Lookup by address does not depend on how the address was written.
  const auto usdc = ChainAddress::parse(Vm::evm, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
  ASSERT_NE(config.token(8453, usdc), nullptr);
  EXPECT_EQ(config.token(8453, usdc)->symbol, "USDC");
  EXPECT_EQ(config.token(10, usdc), nullptr);
  EXPECT_EQ(config.tokens_of(1399811149).size(), 2u);
  EXPECT_TRUE(config.tokens_of(5).empty());
  ASSERT_NE(config.token_by_symbol(137, "USDT"), nullptr);
  EXPECT_EQ(config.token_by_symbol(137, "USDT")->address.text(), "0xc2132D05D31c914a87C6611C10748AEb04B58e8F");
  EXPECT_NE(config.solver("atlas"), nullptr);
  EXPECT_EQ(config.solver("nobody"), nullptr);
  EXPECT_EQ(config.partner("acme")->fee_schedule.gateway_bps, 10u);
  EXPECT_EQ(config.partner("acme")->deposit_addresses.deadline_sec, 86400u);
  EXPECT_EQ(config.partner("other"), nullptr);
}

TEST(ServiceConfig, SolverPairsAllowMultiHopWhereNoDirectRouteExists) {
  const Config& config = local_config();
  const auto key = [&](std::uint64_t chain, const char* symbol) {
    const TokenRecord* t = config.token_by_symbol(chain, symbol);
    if (!t) throw std::runtime_error("missing token");
    return TokenKey{t->chain_id, t->address};
  };
  const auto served_by_any = [&](const TokenKey& from, const TokenKey& to) {
    return std::any_of(config.solvers().begin(), config.solvers().end(),
                       [&](const SolverRecord& s) { return s.serves(from, to); });
  };
  const TokenKey polygon_usdt = key(137, "USDT"), base_usdc = key(8453, "USDC"),
                 solana_usdc = key(1399811149, "USDC");
  EXPECT_FALSE(served_by_any(polygon_usdt, solana_usdc));
  EXPECT_TRUE(served_by_any(polygon_usdt, base_usdc));
  EXPECT_TRUE(served_by_any(base_usdc, solana_usdc));
  // Same-chain pairs are never served, even where a route lists both tokens.
  EXPECT_FALSE(config.solver("meridian")->serves(key(8453, "USDT"), base_usdc));
  // One pair is contested by all five solvers (the all-quotes case).
  const TokenKey arbitrum_usdc = key(42161, "USDC");
  for (const auto& s : config.solvers()) EXPECT_TRUE(s.serves(arbitrum_usdc, base_usdc)) << s.id;
}

TEST(ServiceConfig, SolverRecordCarriesInventoryLimitsAndDefaults) {
  const Config& config = local_config();
  const SolverRecord& atlas = *config.solver("atlas");
  const TokenRecord& base_usdc = *config.token_by_symbol(8453, "USDC");
  EXPECT_EQ(atlas.inventory_of({8453, base_usdc.address}), U256::from_decimal("5000000000000"));
  EXPECT_EQ(atlas.inventory_of({1399811149, config.token_by_symbol(1399811149, "USDC")->address}), std::nullopt);
  EXPECT_EQ(atlas.fee_bps, 4u);
  EXPECT_EQ(atlas.fixed_fee, U256(20000));
  EXPECT_EQ(atlas.min_amount, U256(1000000));
  // fillWindowSec null -> the service's routeFillWindowSec; solbridge sets its own.
  EXPECT_EQ(atlas.fill_window_sec, config.service().route_fill_window_sec);
  EXPECT_EQ(config.solver("solbridge")->fill_window_sec, 7200u);
  EXPECT_FALSE(atlas.url.has_value());
}

TEST(ServiceConfig, RemoteSolverNeedsUrlAndTimeoutTogether) {
  json config = config_json("local");
  config["solvers"][0]["url"] = "https://solver.example/quote";
  config["solvers"][0]["timeoutMs"] = 800;
  const Config loaded = Config::from_json(config);
  EXPECT_EQ(loaded.solvers()[0].url, "https://solver.example/quote");
  EXPECT_EQ(loaded.solvers()[0].timeout_ms, 800u);

  config["solvers"][0]["timeoutMs"] = nullptr;
  EXPECT_CONFIG_ERROR(config, "solvers[0].timeoutMs", "is required for a remote solver");
  config["solvers"][0]["url"] = nullptr;
  config["solvers"][0]["timeoutMs"] = 800;
  EXPECT_CONFIG_ERROR(config, "solvers[0].timeoutMs", "applies only to a remote solver");
  config["solvers"][0]["url"] = "ftp://solver.example";
  EXPECT_CONFIG_ERROR(config, "solvers[0].url", "must be an http:// or https:// URL");
}

TEST(ServiceConfig, RejectsUnknownAndMissingTopLevelFields) {
  json config = config_json("local");
  config["key"] = json::array();  // keys.json is "keys"
  EXPECT_CONFIG_ERROR(config, "key", "key is not a known field");
  config.erase("key");
  config.erase("tokens");
  EXPECT_CONFIG_ERROR(config, "tokens", "tokens is required");
  EXPECT_CONFIG_ERROR(json::array(), "", "the request body must be an object");
}

TEST(ServiceConfig, RejectsUnknownFieldsInRecords) {
  json config = config_json("local");
  config["chains"][2]["explorer"] = "https://basescan.org";
  config["tokens"][0]["eip712"]["salt"] = "0x00";
  config["solvers"][1]["routes"][0]["via"] = 8453;
  EXPECT_CONFIG_ERROR(config, "chains[2].explorer", "is not a known field");
  EXPECT_CONFIG_ERROR(config, "tokens[0].eip712.salt", "is not a known field");
  EXPECT_CONFIG_ERROR(config, "solvers[1].routes[0].via", "is not a known field");
}

TEST(ServiceConfig, RejectsDuplicateChainIds) {
  json config = config_json("local");
  config["chains"][1]["chainId"] = 1;
  config["tokens"] = json::array();
  config["solvers"] = json::array();
  EXPECT_CONFIG_ERROR(config, "chains[1].chainId", "1 is already used by chains[0]");
}

TEST(ServiceConfig, RejectsAddressesInvalidForTheChainsVm) {
  json config = config_json("local");
  // EIP-55: one flipped letter case breaks the checksum.
  chain_by_id(config, 10)["portal"] = "0x399dbd5DF04f83103F77A58cBa2B7c4d3cdede97";
  chain_by_id(config, 8453)["prover"] = "0x0C4E3063239c9f4f323A956C79738916594D8F";  // 19 bytes
  // An EVM address is not a Solana program id, and the reverse.
  chain_by_id(config, 1399811149)["portal"] = "0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97";
  chain_by_id(config, 1)["quoteSigner"] = "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "chains[1].portal", "must be an EVM address"));
  EXPECT_TRUE(has_error(errors, "chains[2].prover", "must be an EVM address"));
  EXPECT_TRUE(has_error(errors, "chains[5].portal", "must be a Solana address"));
  EXPECT_TRUE(has_error(errors, "chains[0].quoteSigner", "must be an EVM address"));
}

TEST(ServiceConfig, RejectsTheZeroAddress) {
  json config = config_json("local");
  chain_by_id(config, 1)["quoteSigner"] = "0x0000000000000000000000000000000000000000";
  EXPECT_CONFIG_ERROR(config, "chains[0].quoteSigner", "must not be the zero address");
}

TEST(ServiceConfig, SvmChainsCarryNoEvmContracts) {
  json config = config_json("local");
  chain_by_id(config, 1399811149)["permit2"] = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
  chain_by_id(config, 1399811149)["vaultInitCodeHash"] =
      "0x3bed9489d928fc6fa33b97aa1f28cc906f867806e9a9082068ffd67361e8e3c5";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "chains[5].permit2", "must be null on an SVM chain"));
  EXPECT_TRUE(has_error(errors, "chains[5].vaultInitCodeHash", "must be null on an SVM chain"));
}

TEST(ServiceConfig, EvmChainsNeedAProverAndAVaultInitCodeHash) {
  json config = config_json("local");
  chain_by_id(config, 10).erase("prover");
  chain_by_id(config, 10)["vaultInitCodeHash"] = nullptr;
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "chains[1].prover", "is required on an EVM chain"));
  EXPECT_TRUE(has_error(errors, "chains[1].vaultInitCodeHash", "is required on an EVM chain"));
  config = config_json("local");
  chain_by_id(config, 10)["vaultInitCodeHash"] = "0x3bed";
  EXPECT_CONFIG_ERROR(config, "chains[1].vaultInitCodeHash", "must be a 32-byte hash");
}

TEST(ServiceConfig, RejectsBadChainScalars) {
  json config = config_json("local");
  config["chains"][0]["vm"] = "tvm";
  config["chains"][1]["chainId"] = 0;
  config["chains"][2]["chainId"] = "8453";
  config["chains"][3]["blockExplorerUrl"] = "https://arbiscan.io/";
  config["chains"][4]["nativeCurrency"]["decimals"] = 18.5;
  config["chains"][4]["name"] = "";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "chains[0].vm", "must be \"evm\" or \"svm\""));
  EXPECT_TRUE(has_error(errors, "chains[1].chainId", "must be at least 1"));
  EXPECT_TRUE(has_error(errors, "chains[2].chainId", "must be an integer"));
  EXPECT_TRUE(has_error(errors, "chains[3].blockExplorerUrl", "must not end with '/'"));
  EXPECT_TRUE(has_error(errors, "chains[4].nativeCurrency.decimals", "must be an integer"));
  EXPECT_TRUE(has_error(errors, "chains[4].name", "must be 1 to 64 characters"));
}

TEST(ServiceConfig, RejectsTokensOnUnknownChains) {
  json config = config_json("local");
  config["tokens"][0]["chainId"] = 5;
  EXPECT_CONFIG_ERROR(config, "tokens[0].chainId", "5 is not a configured chain");
}

TEST(ServiceConfig, RejectsDuplicateTokens) {
  json config = config_json("local");
  json copy = config["tokens"][2];
  copy["address"] = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";  // same token, written in lowercase
  copy["symbol"] = "USDC2";
  config["tokens"].push_back(copy);
  EXPECT_CONFIG_ERROR(config, "tokens[12].address", "is already used by tokens[2]");

  config = config_json("local");
  copy = config["tokens"][2];
  copy["address"] = "0x1111111111111111111111111111111111111111";
  config["tokens"].push_back(copy);
  EXPECT_CONFIG_ERROR(config, "tokens[12].symbol", "(chain 8453, USDC) is already used by tokens[2]");
}

TEST(ServiceConfig, RejectsTokenAddressesInvalidForTheChainsVm) {
  json config = config_json("local");
  config["tokens"][5]["address"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";  // Solana USDC entry
  config["tokens"][0]["address"] = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "tokens[5].address", "must be a Solana address"));
  EXPECT_TRUE(has_error(errors, "tokens[0].address", "must be an EVM address"));
}

TEST(ServiceConfig, SolanaTokensNameTheProgramThatOwnsTheMint) {
  const json base = config_json("local");
  EXPECT_EQ(Config::from_json(base).token(1399811149, ChainAddress::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"))
                ->token_program,
            svm::token_program_id());
  json config = base;
  config["tokens"][5]["tokenProgram"] = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
  EXPECT_EQ(Config::from_json(config).token(1399811149, ChainAddress::parse(Vm::svm, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"))
                ->token_program,
            svm::token_2022_program_id());

  config = base;
  config["tokens"][5].erase("tokenProgram");  // Solana USDC
  EXPECT_CONFIG_ERROR(config, "tokens[5].tokenProgram", "is required");
  config = base;
  config["tokens"][5]["tokenProgram"] = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
  EXPECT_CONFIG_ERROR(config, "tokens[5].tokenProgram", "must be the SPL Token program");
  config = base;
  config["tokens"][5]["tokenProgram"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  EXPECT_CONFIG_ERROR(config, "tokens[5].tokenProgram", "must be a Solana address");
  config = base;
  config["tokens"][0]["tokenProgram"] = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";  // Ethereum USDC
  EXPECT_CONFIG_ERROR(config, "tokens[0].tokenProgram", "must be absent on an EVM chain");
  EXPECT_FALSE(Config::from_json(base).token(1, ChainAddress::parse(Vm::evm, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"))
                   ->token_program);
}

TEST(ServiceConfig, GaslessStandardsAreCheckedAgainstChainAndToken) {
  json config = config_json("local");
  config["tokens"][0]["gasless"] = {"permit3", "permit4"};
  config["tokens"][1]["gasless"] = {"permit2", "permit2"};
  config["tokens"][6]["gasless"] = {"erc3009"};  // Ethereum USDT: no EIP-712 domain
  config["tokens"][5]["gasless"] = {"permit2"};  // Solana USDC
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "tokens[0].gasless[1]", "must be one of \"permit3\", \"permit2\", \"erc3009\""));
  EXPECT_TRUE(has_error(errors, "tokens[1].gasless[1]", "lists \"permit2\" twice"));
  EXPECT_TRUE(has_error(errors, "tokens[6].gasless", "lists erc3009 but the token has no eip712 domain"));
  EXPECT_TRUE(has_error(errors, "tokens[5].gasless", "must be empty on an SVM chain"));

  config = config_json("local");
  chain_by_id(config, 8453)["permit2"] = nullptr;
  EXPECT_CONFIG_ERROR(config, "tokens[2].gasless", "lists permit2 but chain 8453 has no permit2");
}

TEST(ServiceConfig, GaslessStandardsComeOutInCanonicalOrder) {
  json config = config_json("local");
  config["tokens"][0]["gasless"] = {"erc3009", "permit2", "permit3"};
  const Config loaded = Config::from_json(config);
  EXPECT_EQ(loaded.tokens()[0].gasless,
            (std::vector{GaslessStandard::permit3, GaslessStandard::permit2, GaslessStandard::erc3009}));
}

TEST(ServiceConfig, RejectsSolverPairsOnUnknownTokens) {
  json config = config_json("local");
  config["solvers"][0]["routes"][0]["sources"][0] = {{"chainId", 1}, {"symbol", "DAI"}};
  config["solvers"][0]["routes"][0]["destinations"][1] = {{"chainId", 5}, {"symbol", "USDC"}};
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "solvers[0].routes[0].sources[0]", "names no configured token (DAI on chain 1)"));
  EXPECT_TRUE(has_error(errors, "solvers[0].routes[0].destinations[1]", "names no configured token (USDC on chain 5)"));
}

TEST(ServiceConfig, RejectsSolverSourcesOnChainsWithoutAProver) {
  json config = config_json("local");
  // Solana has a prover in the shipped configuration (and solbridge routes from it): take it away.
  for (json& chain : config["chains"]) {
    if (chain["chainId"] == 1399811149) chain["prover"] = nullptr;
  }
  EXPECT_EQ(config["solvers"][2]["id"], "solbridge");
  EXPECT_CONFIG_ERROR(config, "solvers[2].routes[0].sources[2]", "chain 1399811149 has no prover, so it cannot be a source");
}

TEST(ServiceConfig, RejectsRoutesThatServeNoPair) {
  json config = config_json("local");
  config["solvers"][0]["routes"].push_back(
      {{"sources", {{{"chainId", 1}, {"symbol", "USDC"}}}}, {"destinations", {{{"chainId", 1}, {"symbol", "USDT"}}}}});
  EXPECT_CONFIG_ERROR(config, "solvers[0].routes[1]", "serves no pair");
  config["solvers"][0]["routes"] = json::array();
  EXPECT_CONFIG_ERROR(config, "solvers[0].routes", "must list at least one route");
}

TEST(ServiceConfig, RejectsMinimumAboveMaximum) {
  json config = config_json("local");
  config["solvers"][0]["minAmount"] = "2000000000000";
  EXPECT_CONFIG_ERROR(config, "solvers[0].minAmount", "(2000000000000) must not be greater than solvers[0].maxAmount (1000000000000)");
}

TEST(ServiceConfig, RejectsAFixedFeeThatEatsTheMinimum) {
  json config = config_json("local");
  config["solvers"][4]["fixedFee"] = "50000000";
  EXPECT_CONFIG_ERROR(config, "solvers[4].fixedFee", "must be less than solvers[4].minAmount (50000000)");
}

TEST(ServiceConfig, RejectsBadSolverAmountsAndBps) {
  json config = config_json("local");
  config["solvers"][0]["minAmount"] = "0";
  config["solvers"][1]["maxAmount"] = 100;
  config["solvers"][2]["fixedFee"] = "01";
  config["solvers"][3]["feeBps"] = 10000;
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "solvers[0].minAmount", "must be greater than 0"));
  EXPECT_TRUE(has_error(errors, "solvers[1].maxAmount", "must be a string of decimal digits"));
  EXPECT_TRUE(has_error(errors, "solvers[2].fixedFee", "leading zeros"));
  EXPECT_TRUE(has_error(errors, "solvers[3].feeBps", "must be between 0 and 9999"));
}

TEST(ServiceConfig, RequiresInventoryForEveryDeliveredTokenAndNoOther) {
  json config = config_json("local");
  config["solvers"][0]["inventory"].erase(0);
  EXPECT_CONFIG_ERROR(config, "solvers[0].inventory", "has no entry for 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on chain 1");
  config = config_json("local");
  config["solvers"][0]["inventory"].push_back({{"chainId", 1399811149}, {"symbol", "USDC"}, {"amount", "1"}});
  EXPECT_CONFIG_ERROR(config, "solvers[0].inventory[5]", "which the solver never delivers");
  config = config_json("local");
  config["solvers"][0]["inventory"].push_back(config["solvers"][0]["inventory"][0]);
  EXPECT_CONFIG_ERROR(config, "solvers[0].inventory[5]", "repeats USDC on chain 1");
}

TEST(ServiceConfig, RejectsSolversMixingDecimals) {
  json config = config_json("local");
  config["tokens"][7]["decimals"] = 18;  // Optimism USDT, which meridian serves with 6-decimal tokens
  EXPECT_CONFIG_ERROR(config, "solvers[1].routes", "mixes tokens with different decimals");
}

TEST(ServiceConfig, RejectsDuplicateSolverIdsAndBadSlugs) {
  json config = config_json("local");
  config["solvers"][1]["id"] = "atlas";
  config["solvers"][2]["id"] = "Sol Bridge";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "solvers[1].id", "atlas is already used by solvers[0]"));
  EXPECT_TRUE(has_error(errors, "solvers[2].id", "lowercase letters, digits or inner hyphens"));
}

TEST(ServiceConfig, RejectsPartnerFeeSchedulesThatTakeEverything) {
  json config = config_json("local");
  config["partners"][0]["feeSchedule"] = {{"protocolBps", 5000}, {"gatewayBps", 5000}};
  EXPECT_CONFIG_ERROR(config, "partners[0].feeSchedule", "protocolBps + gatewayBps must be below 10000");
  config["partners"][0]["feeSchedule"] = {{"protocolBps", 0}};
  EXPECT_CONFIG_ERROR(config, "partners[0].feeSchedule.gatewayBps", "is required");
  config = config_json("local");
  config["partners"].push_back(config["partners"][0]);
  const std::string copy = "partners[" + std::to_string(config["partners"].size() - 1) + "].slug";
  EXPECT_CONFIG_ERROR(config, copy, "acme is already used by partners[0]");
}

TEST(ServiceConfig, SlippageSettingsStayInsideTheSpecifiedRange) {
  json config = config_json("local");
  config["service"]["slippage"]["min"] = 0.00005;
  EXPECT_CONFIG_ERROR(config, "service.slippage.min", "must be between 0.0001 and 1");
  config = config_json("local");
  config["service"]["slippage"]["default"] = 0.5;
  config["service"]["slippage"]["max"] = 0.1;
  EXPECT_CONFIG_ERROR(config, "service.slippage.default", "must lie between service.slippage.min and service.slippage.max");
  config = config_json("local");
  config["service"]["slippage"]["default"] = "0.005";
  EXPECT_CONFIG_ERROR(config, "service.slippage.default", "must be a number");
}

TEST(ServiceConfig, RejectsBadServiceSettings) {
  json config = config_json("local");
  config["service"]["quoteLifetimeSec"] = 0;
  config["service"]["maxHops"] = 3;
  config["service"]["retries"] = 2;
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "service.quoteLifetimeSec", "must be between 1 and 3600"));
  EXPECT_TRUE(has_error(errors, "service.maxHops", "must be between 1 and 2"));
  EXPECT_TRUE(has_error(errors, "service.retries", "is not a known field"));
}

TEST(ServiceConfig, RelaySettingsAreReadWithDefaults) {
  const RelaySettings& shipped = production_config().service().relay;
  EXPECT_EQ(shipped.authorization_gas_limit, 200'000u);
  EXPECT_EQ(shipped.funding_gas_limit, 800'000u);
  EXPECT_EQ(shipped.base_fee_multiplier, 2u);
  EXPECT_EQ(shipped.fallback_priority_fee_wei, U256(1'000'000'000));
  // Every production chain has a fee ceiling (config/README.md gives each figure's reasoning).
  const std::map<std::uint64_t, U256> ceilings = {{1, U256(20'000'000'000)},
                                                   {10, U256(2'000'000'000)},
                                                   {8453, U256(2'000'000'000)},
                                                   {42161, U256(2'000'000'000)},
                                                   {137, U256::from_decimal("1000000000000")}};
  EXPECT_EQ(shipped.max_fee_per_gas_wei, ceilings);
  EXPECT_EQ(shipped.max_attempts, 5u);
  EXPECT_EQ(shipped.first_retry_delay_sec, 2u);

  // And a relayer balance floor per chain (about twice a job's worst case).
  const std::map<std::uint64_t, U256> floors = {{1, U256::from_decimal("40000000000000000")},
                                                {10, U256::from_decimal("5000000000000000")},
                                                {8453, U256::from_decimal("5000000000000000")},
                                                {42161, U256::from_decimal("5000000000000000")},
                                                {137, U256::from_decimal("2000000000000000000")}};
  EXPECT_EQ(shipped.min_relayer_balance_wei, floors);

  // With only the ceilings and the sponsorship budgets (or any other member left out) the
  // defaults are the shipped values, but for the shipped sponsorship, minimum amounts, L1 data
  // fee allowances (none when unset: a chain without an entry has no L1 data fee) and relayer
  // balance floors (none when unset: a chain without one has no floor).
  json config = config_json("production");
  config["service"]["relay"] = {{"maxFeePerGasWei", config["service"]["relay"]["maxFeePerGasWei"]},
                                {"sponsorship", {{"dailyGasBudgetWei", config["service"]["relay"]["sponsorship"]["dailyGasBudgetWei"]}}}};
  RelaySettings bare = Config::from_json(config).service().relay;
  EXPECT_TRUE(bare.min_amount_millionths.empty());
  EXPECT_EQ(bare.sponsorship.fundings_per_funder_per_day, std::nullopt);
  EXPECT_TRUE(bare.l1_data_fee_allowance_wei.empty());
  EXPECT_TRUE(bare.min_relayer_balance_wei.empty());
  bare.min_amount_millionths = shipped.min_amount_millionths;
  bare.l1_data_fee_allowance_wei = shipped.l1_data_fee_allowance_wei;
  bare.min_relayer_balance_wei = shipped.min_relayer_balance_wei;
  bare.sponsorship.fundings_per_funder_per_day = shipped.sponsorship.fundings_per_funder_per_day;
  EXPECT_TRUE(bare == shipped);
  RelaySettings defaults;
  defaults.max_fee_per_gas_wei = ceilings;
  defaults.sponsorship = shipped.sponsorship;
  defaults.min_amount_millionths = shipped.min_amount_millionths;
  defaults.l1_data_fee_allowance_wei = shipped.l1_data_fee_allowance_wei;
  defaults.min_relayer_balance_wei = shipped.min_relayer_balance_wei;
  EXPECT_TRUE(defaults == shipped);

  config = config_json("local");
  json caps = config["service"]["relay"]["maxFeePerGasWei"];
  caps["1"] = "300000000000";
  config["service"]["relay"] = {{"gasLimits", {{"funding", 1'000'000}}}, {"maxFeePerGasWei", caps},
                                {"sponsorship", config["service"]["relay"]["sponsorship"]}};
  const RelaySettings set = Config::from_json(config).service().relay;
  EXPECT_EQ(set.authorization_gas_limit, 200'000u);
  EXPECT_EQ(set.funding_gas_limit, 1'000'000u);
  EXPECT_EQ(set.max_fee_per_gas_wei.at(1), U256::from_decimal("300000000000"));
  EXPECT_EQ(set.max_fee_per_gas_wei.at(31337), U256(10'000'000'000));  // the local anvil chains' too
  EXPECT_EQ(set.window_margin_sec, 60u);  // the default
  config["service"]["relay"]["windowMarginSec"] = 0;
  EXPECT_EQ(Config::from_json(config).service().relay.window_margin_sec, 0u);
  EXPECT_EQ(Config::from_json(config_json("local")).service().relay.replace_after_blocks, 2u);
  EXPECT_EQ(Config::from_json(config_json("production")).service().relay.replace_after_blocks, 3u);
}

TEST(ServiceConfig, RejectsBadRelaySettings) {
  json config = config_json("local");
  config["service"]["relay"] = {{"gasLimits", {{"authorization", 20'999}, {"funding", 30'000'001}, {"permit", 1}}},
                                {"baseFeeMultiplier", 0},
                                {"fallbackPriorityFeeWei", 1000},
                                {"maxFeePerGasWei", {{"1", "0"}, {"01", "5"}, {"x", "5"}}},
                                {"maxAttempts", 21},
                                {"firstRetryDelaySec", 0},
                                {"windowMarginSec", 3601},
                                {"replaceAfterBlocks", 0},
                                {"nativeTokenUsd", {{"1", "5000"}}},
                                {"gasFeeCoverageBps", 8000},
                                {"maxFeePerGas", "1"}};
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "service.relay.gasLimits.authorization", "must be between 21000 and 30000000"));
  EXPECT_TRUE(has_error(errors, "service.relay.gasLimits.funding", "must be between 21000 and 30000000"));
  EXPECT_TRUE(has_error(errors, "service.relay.gasLimits.permit", "is not a known field"));
  EXPECT_TRUE(has_error(errors, "service.relay.baseFeeMultiplier", "must be between 1 and 100"));
  EXPECT_TRUE(has_error(errors, "service.relay.fallbackPriorityFeeWei", "must be a string of decimal digits"));
  EXPECT_TRUE(has_error(errors, "service.relay.maxFeePerGasWei.1", "must be greater than 0"));
  EXPECT_TRUE(has_error(errors, "service.relay.maxFeePerGasWei.01", "is not a chain id"));
  EXPECT_TRUE(has_error(errors, "service.relay.maxFeePerGasWei.x", "is not a chain id"));
  EXPECT_TRUE(has_error(errors, "service.relay.maxAttempts", "must be between 1 and 20"));
  EXPECT_TRUE(has_error(errors, "service.relay.firstRetryDelaySec", "must be between 1 and 3600"));
  EXPECT_TRUE(has_error(errors, "service.relay.windowMarginSec", "must be between 0 and 3600"));
  EXPECT_TRUE(has_error(errors, "service.relay.replaceAfterBlocks", "must be between 1 and 10000"));
  EXPECT_TRUE(has_error(errors, "service.relay.maxFeePerGas", "is not a known field"));
  // The covered-price rule's members are gone (no figure a request carries prices the relayer):
  // a configuration still naming them is refused like any unknown member.
  EXPECT_TRUE(has_error(errors, "service.relay.nativeTokenUsd", "is not a known field"));
  EXPECT_TRUE(has_error(errors, "service.relay.gasFeeCoverageBps", "is not a known field"));

  config = config_json("local");
  json low = config["service"]["relay"]["maxFeePerGasWei"];
  low["10"] = "1000";
  config["service"]["relay"] = {{"fallbackPriorityFeeWei", "2000"}, {"maxFeePerGasWei", low},
                                {"sponsorship", config["service"]["relay"]["sponsorship"]}};
  EXPECT_CONFIG_ERROR(config, "service.relay.fallbackPriorityFeeWei", "must not be greater than service.relay.maxFeePerGasWei.10");

  // No configuration leaves a chain's price unbounded: every EVM chain needs a ceiling, in every
  // environment (the SVM chain needs none: the relayer sends EVM transactions only).
  for (const char* environment : {"production", "local"}) {
    config = config_json(environment);
    config["service"]["relay"]["maxFeePerGasWei"].erase("42161");
    EXPECT_CONFIG_ERROR(config, "service.relay.maxFeePerGasWei", "has no ceiling for EVM chain 42161");
    config["service"].erase("relay");
    EXPECT_CONFIG_ERROR(config, "service.relay.maxFeePerGasWei", "has no ceiling for EVM chain 1 ");
  }
  config = config_json("local");
  config["service"]["relay"]["maxFeePerGasWei"] = "1000";
  EXPECT_CONFIG_ERROR(config, "service.relay.maxFeePerGasWei", "must be an object");
  config = config_json("local");
  config["service"]["relay"] = 5;
  EXPECT_CONFIG_ERROR(config, "service.relay", "must be an object");
}

// Sponsorship budgets and minimum amounts (config/README.md, "Sponsorship"): every EVM chain has a
// default daily gas budget in every environment, a partner may set its own per chain, and a
// minimum is whole tokens applied with each token's decimals.
TEST(ServiceConfig, SponsorshipBudgetsAndMinimumAmounts) {
  const Config& production = production_config();
  const PartnerRecord& acme = *production.partner("acme");
  EXPECT_EQ(production.daily_gas_budget_wei(acme, 1), U256::from_decimal("500000000000000000"));
  EXPECT_EQ(production.daily_gas_budget_wei(acme, 1399811149), std::nullopt);  // SVM: the relayer sends nothing there
  EXPECT_EQ(production.fundings_per_funder_per_day(acme), 20u);
  const TokenRecord& usdc_mainnet = *production.token_by_symbol(1, "USDC");
  EXPECT_EQ(production.min_relay_amount(usdc_mainnet), U256(50'000'000));  // 50 USDC, 6 decimals
  EXPECT_EQ(production.min_relay_amount(*production.token_by_symbol(8453, "USDC")), U256(1'000'000));

  // A partner's own figures win, per chain and per member; the rest are service.json's.
  json config = config_json("production");
  config["partners"][0]["sponsorship"] = {{"dailyGasBudgetWei", {{"8453", "1234"}}}, {"fundingsPerFunderPerDay", 3}};
  config["service"]["relay"]["minAmount"] = {{"1", "0.25"}};
  const Config set = Config::from_json(config);
  EXPECT_EQ(set.daily_gas_budget_wei(*set.partner("acme"), 8453), U256(1234));
  EXPECT_EQ(set.daily_gas_budget_wei(*set.partner("acme"), 1), U256::from_decimal("500000000000000000"));
  EXPECT_EQ(set.fundings_per_funder_per_day(*set.partner("acme")), 3u);
  EXPECT_EQ(set.min_relay_amount(*set.token_by_symbol(1, "USDC")), U256(250'000));
  EXPECT_EQ(set.min_relay_amount(*set.token_by_symbol(8453, "USDC")), std::nullopt);  // no minimum set there
  // An 18-decimal token: the same whole-token figure in its own base units.
  TokenRecord eighteen = *set.token_by_symbol(1, "USDC");
  eighteen.decimals = 18;
  EXPECT_EQ(set.min_relay_amount(eighteen), U256::from_decimal("250000000000000000"));

  // Every EVM chain needs a default budget, in every environment.
  for (const char* environment : {"production", "local"}) {
    config = config_json(environment);
    config["service"]["relay"]["sponsorship"]["dailyGasBudgetWei"].erase("8453");
    EXPECT_CONFIG_ERROR(config, "service.relay.sponsorship.dailyGasBudgetWei", "has no budget for EVM chain 8453");
  }
  config = config_json("local");
  config["service"]["relay"]["sponsorship"] = {{"dailyGasBudgetWei", {{"x", "1"}, {"1", "0"}}}, {"fundingsPerFunderPerDay", 0}, {"perDay", 1}};
  config["service"]["relay"]["minAmount"] = {{"1", "0"}, {"10", "1.1234567"}, {"137", "01"}, {"8453", 5}, {"42161", "-1"}};
  config["partners"][0]["sponsorship"] = {{"dailyGasBudgetWei", "1"}};
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "service.relay.sponsorship.dailyGasBudgetWei.x", "is not a chain id"));
  EXPECT_TRUE(has_error(errors, "service.relay.sponsorship.dailyGasBudgetWei.1", "must be greater than 0"));
  EXPECT_TRUE(has_error(errors, "service.relay.sponsorship.fundingsPerFunderPerDay", "must be between 1 and 1000000"));
  EXPECT_TRUE(has_error(errors, "service.relay.sponsorship.perDay", "is not a known field"));
  for (const char* chain : {"1", "10", "137", "8453", "42161"}) {
    EXPECT_TRUE(has_error(errors, std::string("service.relay.minAmount.") + chain, "must be a positive decimal string of whole tokens"))
        << chain;
  }
  EXPECT_TRUE(has_error(errors, "partners[0].sponsorship.dailyGasBudgetWei", "must be an object"));
}

// OP-stack chains charge an L1 data fee outside gas x price: an allowance per chain, none on L1s.
TEST(ServiceConfig, L1DataFeeAllowances) {
  for (const char* environment : {"production", "local"}) {
    const Config config = Config::from_json(config_json(environment));
    const auto& allowances = config.service().relay.l1_data_fee_allowance_wei;
    EXPECT_EQ(allowances.at(8453), U256::from_decimal("100000000000000")) << environment;
    EXPECT_EQ(allowances.at(10), U256::from_decimal("100000000000000")) << environment;
    EXPECT_FALSE(allowances.contains(1)) << environment;
    EXPECT_FALSE(allowances.contains(42161)) << environment;  // Arbitrum's L1 cost is inside gas used
  }
  json config = config_json("local");
  config["service"]["relay"]["l1DataFeeAllowanceWei"] = {{"x", "1"}, {"10", "-1"}, {"8453", "0"}};
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "service.relay.l1DataFeeAllowanceWei.x", "is not a chain id"));
  EXPECT_TRUE(has_error(errors, "service.relay.l1DataFeeAllowanceWei.10", ""));
  EXPECT_FALSE(has_error(errors, "service.relay.l1DataFeeAllowanceWei.8453", ""));  // zero: no allowance
}

TEST(ServiceConfig, OneErrorListsEveryProblem) {
  json config = config_json("local");
  config["chains"][0]["portal"] = "0x1234";
  config["tokens"][3]["decimals"] = -1;
  config["solvers"][0]["estimatedFulfillTimeSec"] = 0;
  config["partners"][0]["name"] = 7;
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "chains[0].portal", "must be an EVM address"));
  EXPECT_TRUE(has_error(errors, "tokens[3].decimals", "must be between 0 and 36"));
  EXPECT_TRUE(has_error(errors, "solvers[0].estimatedFulfillTimeSec", "must be between 1 and 86400"));
  EXPECT_TRUE(has_error(errors, "partners[0].name", "must be a string"));
}

Address address_of_key(std::string_view key_hex) {
  return Address::from_public_key(secp256k1::public_key(secp256k1::SecretKey::from_hex(key_hex)));
}

TEST(ServiceConfig, LocalSignerIsTheDevelopmentKeysAddress) {
  const auto secrets = testing::read_json_file(testing::config_path("local", "secrets"));
  const Address signer = address_of_key(secrets.at("quoteSignerKey").get<std::string>());
  EXPECT_EQ(signer.checksummed(), "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  const Config local = Config::from_json(config_json("local"));
  EXPECT_NO_THROW(require_quote_signer(local, signer));
}

TEST(ServiceConfig, ProductionRefusesASignerKeyForAnotherAddress) {
  const Address dev_signer = address_of_key("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
  try {
    require_quote_signer(production_config(), dev_signer);
    FAIL() << "the development key must not sign for production";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.errors().size(), 6u);
    EXPECT_TRUE(has_error(e.errors(), "chains[0].quoteSigner", "but the configured signer key is 0x70997970C51812dc3A010C7d01b50e0d17dc79C8"));
  }
}

TEST(ServiceConfig, LocalKeysMatchTheDocumentedDevelopmentKeys) {
  const auto keys = testing::read_json_file(testing::config_path("local", "keys"));
  const auto find = [&](std::string_view presented) -> const json& {
    const std::string digest = hex::encode(sha256(presented), false);
    for (const auto& k : keys) {
      if (k.at("sha256") == digest) return k;
    }
    throw std::runtime_error("no key record for " + std::string(presented));
  };
  const json& acme = find("dev-key-acme");
  EXPECT_EQ(acme["partner"], "acme");
  EXPECT_TRUE(acme["v1Enabled"].get<bool>());
  EXPECT_FALSE(acme["revoked"].get<bool>());
  EXPECT_EQ(acme["rateLimit"], (json{{"ratePerSec", 2000}, {"burst", 4000}}));
  EXPECT_TRUE(find("dev-key-unmapped")["partner"].is_null());
  EXPECT_TRUE(find("dev-key-unmapped")["v1Enabled"].get<bool>());
  EXPECT_TRUE(find("dev-key-revoked")["revoked"].get<bool>());
  EXPECT_FALSE(find("dev-key-v0")["v1Enabled"].get<bool>());
  const json& slow = find("dev-key-slow");
  EXPECT_EQ(slow["partner"], "acme");
  EXPECT_EQ(slow["rateLimit"], (json{{"ratePerSec", 1}, {"burst", 2}}));
  const json& basic = find("dev-key-basic");
  EXPECT_EQ(basic["partner"], "acme");
  EXPECT_EQ(basic["features"], json::array({"quotes"}));
  EXPECT_EQ(find("dev-key-acme")["features"], json::array({"quotes", "all-quotes", "gasless"}));
  EXPECT_EQ(find("dev-key-status")["features"], json::array());
  // A second partner's key, so owner checks have someone to refuse.
  const json& frugal = find("dev-key-frugal");
  EXPECT_EQ(frugal["partner"], "frugal");
  EXPECT_EQ(frugal["features"], json::array({"quotes", "all-quotes", "gasless"}));
  EXPECT_EQ(keys.size(), 8u);
  // Every digest in the file is of a documented key, and none appears in production.
  EXPECT_FALSE(std::ifstream(testing::config_path("production", "keys")).good());
  EXPECT_FALSE(std::ifstream(testing::config_path("production", "secrets")).good());
}

TEST(ServiceConfig, LocalKeysLoadIntoTheConfiguration) {
  const Config local = Config::from_json(config_json("local"));
  ASSERT_EQ(local.keys().size(), 8u);
  const ApiKeyRecord* acme = local.key("dev-acme");
  ASSERT_NE(acme, nullptr);
  EXPECT_EQ(acme->partner, "acme");
  EXPECT_TRUE(acme->v1_enabled);
  EXPECT_FALSE(acme->revoked);
  EXPECT_EQ(acme->rate_limit.rate_per_sec, 2000u);
  EXPECT_EQ(acme->rate_limit.burst, 4000u);
  EXPECT_EQ(acme->fee_schedule.gateway_bps, 10u);
  EXPECT_EQ(hex::encode(acme->sha256, false), hex::encode(sha256("dev-key-acme"), false));
  EXPECT_TRUE(acme->has(KeyFeature::gasless));
  const ApiKeyRecord* basic = local.key("dev-basic");
  ASSERT_NE(basic, nullptr);
  EXPECT_EQ(basic->features, std::vector<KeyFeature>{KeyFeature::quotes});
  ASSERT_NE(local.key("dev-status"), nullptr);
  EXPECT_TRUE(local.key("dev-status")->features.empty());
  EXPECT_FALSE(local.key("dev-unmapped")->partner.has_value());
  // Production has no keys.json: no keys, and that is not an error.
  EXPECT_TRUE(production_config().keys().empty());
}

json local_with_keys() { return config_json("local"); }

TEST(ServiceConfig, KeyRecordsAreValidatedWithTheirPaths) {
  json config = local_with_keys();
  json& keys = config["keys"];
  keys[0]["features"] = {"quotes", "allQuotes", "quotes"};
  keys[1]["sha256"] = "0x" + keys[1]["sha256"].get<std::string>().substr(2);
  keys[1]["v1"] = true;  // the other spelling of v1Enabled
  keys[2]["partner"] = "nobody";
  keys[2]["rateLimit"]["burst"] = 0;
  keys[3].erase("revoked");
  keys[3]["feeSchedule"] = {{"protocolBps", 5000}, {"gatewayBps", 5000}};
  keys[4]["id"] = "Dev Slow";
  keys[5]["sha256"] = keys[0]["sha256"];
  keys[5]["features"] = "gasless";
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "keys[0].features[1]", "must be one of \"quotes\", \"all-quotes\", \"gasless\""));
  EXPECT_TRUE(has_error(errors, "keys[0].features[2]", "lists \"quotes\" twice"));
  EXPECT_TRUE(has_error(errors, "keys[1].sha256", "64 lowercase hex digits without 0x"));
  EXPECT_TRUE(has_error(errors, "keys[1].v1", "is not a known field"));
  EXPECT_TRUE(has_error(errors, "keys[2].partner", "nobody is not a configured partner"));
  EXPECT_TRUE(has_error(errors, "keys[2].rateLimit.burst", "must be between 1 and 1000000"));
  EXPECT_TRUE(has_error(errors, "keys[3].revoked", "is required"));
  EXPECT_TRUE(has_error(errors, "keys[3].feeSchedule", "protocolBps + gatewayBps must be below 10000"));
  EXPECT_TRUE(has_error(errors, "keys[4].id", "lowercase letters, digits or inner hyphens"));
  EXPECT_TRUE(has_error(errors, "keys[5].features", "must be an array"));
}

TEST(ServiceConfig, KeyIdsAndDigestsAreUnique) {
  json config = local_with_keys();
  json& keys = config["keys"];
  keys[1]["id"] = keys[0]["id"];
  keys[2]["sha256"] = keys[0]["sha256"];
  const auto errors = load_errors(config);
  EXPECT_TRUE(has_error(errors, "keys[1].id", "dev-acme is already used by keys[0]"));
  EXPECT_TRUE(has_error(errors, "keys[2].sha256", "is already used by keys[0]"));
}

TEST(ServiceConfig, KeysMustBeAnArrayOfObjectsWhenPresent) {
  json config = local_with_keys();
  config["keys"] = json::object();
  EXPECT_CONFIG_ERROR(config, "keys", "must be an array");
  config["keys"] = json::array({7});
  EXPECT_CONFIG_ERROR(config, "keys[0]", "must be an object");
  config["keys"] = nullptr;  // null and missing mean the same: no keys
  EXPECT_TRUE(load_errors(config).empty());
  config.erase("keys");
  EXPECT_TRUE(load_errors(config).empty());
}

TEST(ServiceConfig, BaseUrlIsAnAbsoluteHttpsUrlOrLoopbackHttp) {
  EXPECT_EQ(production_config().service().base_url, "https://api.stableroutes.example");
  EXPECT_EQ(local_config().service().base_url, "http://127.0.0.1:8787");
  json config = config_json("production");
  for (const char* good : {"https://api.example.com", "https://api.example.com:8443/prefix", "http://127.0.0.1:8787",
                           "http://localhost:9000", "http://[::1]:8787"}) {
    config["service"]["baseUrl"] = good;
    EXPECT_EQ(Config::from_json(config).service().base_url, good);
  }
  config["service"].erase("baseUrl");
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "service.baseUrl is required");
  config["service"]["baseUrl"] = "http://api.example.com";
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must be an https:// URL (http:// only for 127.0.0.1");
  config["service"]["baseUrl"] = "http://127.0.0.1.example.com";
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must be an https:// URL");
  config["service"]["baseUrl"] = "https://api.example.com/";
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must not end with '/'");
  config["service"]["baseUrl"] = "https://api.example.com?x=1";
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must not carry a query or fragment");
  config["service"]["baseUrl"] = "api.example.com";
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must be an http:// or https:// URL");
  config["service"]["baseUrl"] = 8787;
  EXPECT_CONFIG_ERROR(config, "service.baseUrl", "must be a string");
}

TEST(ServiceConfig, ProductionNamesNoSolverAndAnEmptyListLoads) {
  EXPECT_TRUE(production_config().solvers().empty());
  json config = config_json("local");
  config["solvers"] = json::array();
  EXPECT_TRUE(load_errors(config).empty());
  config["solvers"] = nullptr;
  EXPECT_CONFIG_ERROR(config, "solvers", "solvers is required");
}

TEST(ServiceConfig, InProcessSolversAreLabelledSimulations) {
  for (const SolverRecord& solver : local_config().solvers()) {
    EXPECT_FALSE(solver.url.has_value()) << solver.id;
    EXPECT_TRUE(solver.name.ends_with(" (simulation)")) << solver.name;
  }
  json config = config_json("local");
  config["solvers"][0]["name"] = "Atlas Liquidity";
  EXPECT_CONFIG_ERROR(config, "solvers[0].name", "must end with \"(simulation)\": a solver without a url is an in-process price model");
  // A remote solver is a party of its own: its name is its own.
  config["solvers"][0]["url"] = "https://solver.example/quote";
  config["solvers"][0]["timeoutMs"] = 800;
  EXPECT_TRUE(load_errors(config).empty());
}

}  // namespace
}  // namespace sr::service

namespace sr::service {
namespace {

// A fee that can be non-zero needs a recipient on every chain a solver delivers to; each address
// is of its chain's VM; an entry for an unconfigured chain is unused.
TEST(ServiceConfig, FeeRecipientsRequiredWhereAFeeCanBeCharged) {
  const Config& local = local_config();
  EXPECT_EQ(local.partner("acme")->fee_recipient(10)->text(), "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E");
  EXPECT_EQ(local.service().fee_recipient(10)->text(), "0x2546BcD3c84621e976D8185a91A922aE77ECEc30");
  EXPECT_EQ(local.service().fee_recipient(31337), std::nullopt);  // not a chain of this list

  // acme charges a gateway fee: without its recipients the load names each destination chain.
  json config = config_json("local");
  config["partners"][0].erase("feeRecipients");
  EXPECT_CONFIG_ERROR(config, "partners[0].feeRecipients", "has no recipient for chain 10");
  EXPECT_CONFIG_ERROR(config, "partners[0].feeRecipients", "a gateway fee (partners[0].feeSchedule.gatewayBps)");
  // ...not when neither it nor any of its keys charges one.
  config["partners"][0]["feeSchedule"]["gatewayBps"] = 0;
  for (auto& key : config["keys"]) {
    if (key["partner"] == "acme") key["feeSchedule"]["gatewayBps"] = 0;
  }
  EXPECT_TRUE(load_errors(config).empty());
  // A key's gateway fee counts for its partner.
  config["keys"][0]["feeSchedule"]["gatewayBps"] = 3;
  EXPECT_CONFIG_ERROR(config, "partners[0].feeRecipients", "(keys[0].feeSchedule.gatewayBps)");

  // A key charges a protocol fee locally (dev-frugal), so the operator's recipients are required...
  config = config_json("local");
  config["service"].erase("feeRecipients");
  EXPECT_CONFIG_ERROR(config, "service.feeRecipients", "has no recipient for chain 1399811149");
  EXPECT_CONFIG_ERROR(config, "service.feeRecipients", "a protocol fee (keys[7].feeSchedule.protocolBps)");
  // ...and optional when no key or partner charges one.
  for (auto& key : config["keys"]) key["feeSchedule"]["protocolBps"] = 0;
  EXPECT_TRUE(load_errors(config).empty());
  config["partners"][1]["feeSchedule"]["protocolBps"] = 5;
  EXPECT_CONFIG_ERROR(config, "service.feeRecipients", "a protocol fee (partners[1].feeSchedule.protocolBps)");

  // Addresses of the chain's VM.
  config = config_json("local");
  config["service"]["feeRecipients"]["1399811149"] = "0x2546BcD3c84621e976D8185a91A922aE77ECEc30";
  EXPECT_CONFIG_ERROR(config, "service.feeRecipients.1399811149", "");
  config = config_json("local");
  config["partners"][0]["feeRecipients"]["10"] = "0x0000000000000000000000000000000000000000";
  EXPECT_CONFIG_ERROR(config, "partners[0].feeRecipients.10", "");
  config = config_json("local");
  config["partners"][0]["feeRecipients"]["x"] = "0x2546BcD3c84621e976D8185a91A922aE77ECEc30";
  EXPECT_CONFIG_ERROR(config, "partners[0].feeRecipients.x", "is not a chain id");
  config["service"]["feeRecipients"] = "0x2546BcD3c84621e976D8185a91A922aE77ECEc30";
  EXPECT_CONFIG_ERROR(config, "service.feeRecipients", "must be an object");
}

}  // namespace
}  // namespace sr::service
