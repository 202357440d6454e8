#include "service/quotes/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "../engine_fixture.h"
#include "protocol/erc20.h"
#include "protocol/portal_calldata.h"
#include "protocol/svm_fund.h"
#include "protocol/svm_route_call.h"
#include "protocol/vault.h"
#include "service/status/quote_registration.h"

namespace sr::service::testing {
namespace {

std::vector<std::string> signed_hash_list(const json& quote) {
  std::set<std::string> hashes;
  if (!quote["intentHash"].is_null()) hashes.insert(quote["intentHash"].get<std::string>());
  for (const auto& step : quote["steps"]) {
    for (const auto& entry : step["intents"]) hashes.insert(entry["intentHash"].get<std::string>());
  }
  return {hashes.begin(), hashes.end()};
}

const Address& local_signer() {
  static const Address a = Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  return a;
}

// Every protocol fact of one intent entry, recomputed from its decoded intent.
void expect_entry_consistent(const Config& config, const json& entry) {
  const protocol::Intent intent = decode_entry_intent(config, entry);
  const auto& source = *config.chain(entry["sourceChainId"]);
  const auto& destination = *config.chain(entry["destinationChainId"]);
  EXPECT_EQ(intent.destination, destination.chain_id);
  const auto hashes = protocol::hash_intent(intent, pvm(source.vm), pvm(destination.vm));
  EXPECT_EQ(entry["intentHash"], hex::encode(hashes.intent_hash));
  EXPECT_EQ(entry["encodedRoute"], hex::encode(hashes.encoded_route));
  EXPECT_EQ(intent.route.portal, protocol::Account::parse(pvm(destination.vm), destination.portal.text()));
  ASSERT_TRUE(source.prover);
  EXPECT_EQ(intent.reward.prover, protocol::Account::parse(pvm(source.vm), source.prover->text()));
  EXPECT_EQ(entry["vault"], protocol::evm_vault_address(source.portal.evm(), hashes.intent_hash,
                                                        *source.vault_init_code_hash).checksummed());
}

TEST_F(EngineTest, ExactInDirectQuoteIsCompleteAndConsistent) {
  const json q = ok_quote(exact_in_body());
  EXPECT_TRUE(std::regex_match(q["id"].get<std::string>(),
                               std::regex("quote:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  // The id starts with its intent hash's first 6 bytes (the worker's shard of both, and the range
  // of that shard's records that holds it): 8 hex digits, a dash, 4 more.
  const std::string id = q["id"].get<std::string>().substr(6);
  const std::string hash = q["intentHash"].get<std::string>();
  EXPECT_EQ(id.substr(0, 8) + id.substr(9, 4), hash.substr(2, 12));
  EXPECT_TRUE(quote_id_leads_to(id, hash));
  EXPECT_EQ(q["type"], "exact-in");
  EXPECT_EQ(q["source"], json({{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", "100000000"},
                               {"funder", kFunder}, {"refundRecipient", kFunder}}));
  // Atlas wins: 100 USDC - 0.1 gateway (10 bps) - 0.02 fixed - 0.04 (4 bps) = 99.84 USDC, and
  // that is what arrives: no tolerance is bound (slippage 0), so minAmountOut = amountOut.
  EXPECT_EQ(q["destination"], json({{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient},
                                    {"amountOut", "99840000"}, {"minAmountOut", "99840000"}}));
  EXPECT_EQ(q["slippage"].dump(), "0");
  EXPECT_EQ(q["solver"], json({{"id", "atlas"}, {"name", "Atlas Liquidity (simulation)"}}));
  const json usdc = {{"chainId", 8453}, {"address", kBaseUsdc}, {"symbol", "USDC"}, {"decimals", 6}};
  const json op_usdc = {{"chainId", 10}, {"address", kOptimismUsdc}, {"symbol", "USDC"}, {"decimals", 6}};
  // protocol and gateway are paid by the route in the destination token, to the operator's and
  // the partner's recipients on Optimism; the solver keeps gas and proving out of the reward.
  const std::string operator_recipient = config().service().fee_recipient(10)->text();
  const std::string acme_recipient = config().partner("acme")->fee_recipient(10)->text();
  EXPECT_EQ(q["fees"], json::array({
                           {{"type", "protocol"}, {"amount", "0"}, {"token", op_usdc}, {"estimate", false},
                            {"recipient", operator_recipient}},
                           {{"type", "gateway"}, {"amount", "100000"}, {"token", op_usdc}, {"estimate", false},
                            {"recipient", acme_recipient}},
                           {{"type", "gas"}, {"amount", "60000"}, {"token", usdc}, {"estimate", false},
                            {"recipient", nullptr}},
                           {{"type", "proving"}, {"amount", "0"}, {"token", usdc}, {"estimate", false},
                            {"recipient", nullptr}},
                       }));
  EXPECT_TRUE(q["competingQuotes"].is_null());

  ASSERT_EQ(q["steps"].size(), 1u);
  EXPECT_EQ(q["steps"][0]["provider"], "atlas");
  ASSERT_EQ(q["steps"][0]["intents"].size(), 1u);
  const json& entry = q["steps"][0]["intents"][0];
  EXPECT_EQ(entry["role"], "direct");
  EXPECT_EQ(entry["sourceChainId"], 8453);
  EXPECT_EQ(entry["destinationChainId"], 10);
  EXPECT_EQ(q["intentHash"], entry["intentHash"]);
  expect_entry_consistent(config(), entry);

  const protocol::Intent intent = decode_entry_intent(config(), entry);
  // The route transfers amountOut to the recipient, then the non-zero gateway fee to acme's
  // recipient (the zero protocol fee has no call); its tokens are exactly their sum.
  ASSERT_EQ(intent.route.tokens.size(), 1u);
  EXPECT_EQ(intent.route.tokens[0].amount, U256{99'940'000});
  EXPECT_EQ(intent.route.tokens[0].token.to_evm(), Address::parse(kOptimismUsdc));
  ASSERT_EQ(intent.route.calls.size(), 2u);
  EXPECT_EQ(intent.route.calls[0].target.to_evm(), Address::parse(kOptimismUsdc));
  EXPECT_EQ(protocol::erc20::decode_transfer(intent.route.calls[0].data),
            (protocol::erc20::AmountTo{Address::parse(kRecipient), U256{99'840'000}}));
  EXPECT_EQ(intent.route.calls[1].target.to_evm(), Address::parse(kOptimismUsdc));
  EXPECT_EQ(protocol::erc20::decode_transfer(intent.route.calls[1].data),
            (protocol::erc20::AmountTo{Address::parse(acme_recipient), U256{100'000}}));
  // The reward locks the whole source amount for the funder's refund.
  ASSERT_EQ(intent.reward.tokens.size(), 1u);
  EXPECT_EQ(intent.reward.tokens[0].amount, U256{100'000'000});
  EXPECT_EQ(intent.reward.creator.to_evm(), Address::parse(kFunder));
  // Lifetimes: expiresAt < route deadline < reward deadline, by the configured windows.
  EXPECT_EQ(q["expiresAt"], kNow + 120);
  EXPECT_EQ(intent.route.deadline, kNow + 120 + 3600);
  EXPECT_EQ(intent.reward.deadline, kNow + 120 + 3600 + 3600);
  // The wait a wallet shows: atlas's configured estimate.
  EXPECT_EQ(q["estimatedFulfillTimeSec"], 20);

  // Execution: approve, then publishAndFund on the source Portal with this very intent.
  const json& execution = q["execution"];
  EXPECT_EQ(execution["intent"], entry["intent"]);
  EXPECT_EQ(execution["vault"], entry["vault"]);
  const json& tx = execution["transaction"];
  EXPECT_EQ(tx["type"], "evm");
  EXPECT_EQ(tx["chainId"], 8453);
  EXPECT_EQ(tx["from"], kFunder);
  EXPECT_EQ(tx["to"], config().chain(8453)->portal.text());
  EXPECT_EQ(tx["value"], "0");
  const auto call = protocol::portal::decode_publish_and_fund(hex::decode(tx["data"].get<std::string>()));
  EXPECT_EQ(call.destination, 10u);
  EXPECT_EQ(hex::encode(call.encoded_route), entry["encodedRoute"]);
  EXPECT_EQ(call.reward, intent.reward);
  EXPECT_FALSE(call.allow_partial);
  const json& approval = execution["approval"];
  EXPECT_EQ(approval["to"], kBaseUsdc);
  EXPECT_EQ(approval["from"], kFunder);
  EXPECT_EQ(protocol::erc20::decode_approve(hex::decode(approval["data"].get<std::string>())),
            (protocol::erc20::AmountTo{config().chain(8453)->portal.evm(), U256{100'000'000}}));

  EXPECT_EQ(quote_signer_of(q, signed_hash_list(q)), local_signer());
}

TEST_F(EngineTest, SignatureCoversTheDeduplicatedSortedHashList) {
  const json q = ok_quote(exact_in_body());
  // intentHash and the direct step's hash are the same value: signed once.
  const std::string hash = q["intentHash"];
  EXPECT_EQ(quote_signer_of(q, {hash}), local_signer());
  EXPECT_NE(quote_signer_of(q, {hash, hash}), local_signer());
  // Upper-case hex is the same bytes; what is signed is the hash, so the list still verifies.
  std::string upper = hash;
  std::transform(upper.begin() + 2, upper.end(), upper.begin() + 2, ::toupper);
  EXPECT_EQ(quote_signer_of(q, {upper}), local_signer());
  // A different id or expiry does not verify.
  json altered = q;
  altered["expiresAt"] = q["expiresAt"].get<std::uint64_t>() + 1;
  EXPECT_NE(quote_signer_of(altered, {hash}), local_signer());
  altered = q;
  altered["id"] = q["id"].get<std::string>().substr(6);  // without the quote: prefix
  EXPECT_NE(quote_signer_of(altered, {hash}), local_signer());
}

TEST_F(EngineTest, RefundRecipientAndUnmappedKey) {
  json body = exact_in_body();
  body["source"]["refundRecipient"] = kRecipient;
  const json q = ok_quote(body, unmapped_key());
  EXPECT_EQ(q["source"]["refundRecipient"], kRecipient);
  const auto intent = decode_entry_intent(config(), q["steps"][0]["intents"][0]);
  EXPECT_EQ(intent.reward.creator.to_evm(), Address::parse(kRecipient));
  // No partner: no gateway fee, so 100 - 0.06 = 99.94.
  for (const auto& fee : q["fees"]) EXPECT_NE(fee["type"], "gateway");
  EXPECT_EQ(q["destination"]["amountOut"], "99940000");
}

TEST_F(EngineTest, ProtocolFeeFromTheKeysSchedule) {
  json key = acme_key();
  key["feeSchedule"]["protocolBps"] = 7;
  const json q = ok_quote(exact_in_body(), key);
  EXPECT_EQ(q["fees"][0]["type"], "protocol");
  EXPECT_EQ(q["fees"][0]["amount"], "70000");
  EXPECT_EQ(q["fees"][0]["recipient"], config().service().fee_recipient(10)->text());
  EXPECT_EQ(q["destination"]["amountOut"], "99770000");
  // Paid in fee-list order: the recipient, protocol, then gateway.
  const auto intent = decode_entry_intent(config(), q["steps"][0]["intents"][0]);
  ASSERT_EQ(intent.route.calls.size(), 3u);
  EXPECT_EQ(protocol::erc20::decode_transfer(intent.route.calls[1].data),
            (protocol::erc20::AmountTo{config().service().fee_recipient(10)->evm(), U256{70'000}}));
  EXPECT_EQ(protocol::erc20::decode_transfer(intent.route.calls[2].data),
            (protocol::erc20::AmountTo{config().partner("acme")->fee_recipient(10)->evm(), U256{100'000}}));
  EXPECT_EQ(intent.route.tokens[0].amount, U256{99'770'000 + 70'000 + 100'000});
}

TEST_F(EngineTest, AllQuotesRankedBestFirstEachSigned) {
  json body = exact_in_body();
  body["options"] = {{"allQuotes", true}};
  const json q = ok_quote(body);
  EXPECT_EQ(q["solver"]["id"], "atlas");
  ASSERT_TRUE(q["competingQuotes"].is_array());
  // meridian: 100 - 0.1 - 0.01 - 0.06 = 99.83; harbor: 100 - 0.1 - 0.25 - 0.03 = 99.62.
  ASSERT_EQ(q["competingQuotes"].size(), 2u);
  const json& second = q["competingQuotes"][0];
  const json& third = q["competingQuotes"][1];
  EXPECT_EQ(second["solver"]["id"], "meridian");
  EXPECT_EQ(second["destination"]["amountOut"], "99830000");
  EXPECT_EQ(third["solver"]["id"], "harbor");
  EXPECT_EQ(third["destination"]["amountOut"], "99620000");
  std::set<std::string> ids = {q["id"], second["id"], third["id"]};
  EXPECT_EQ(ids.size(), 3u);
  EXPECT_NE(second["intentHash"], q["intentHash"]);
  for (const json* c : {&second, &third}) {
    EXPECT_TRUE((*c)["competingQuotes"].is_null());
    EXPECT_EQ(quote_signer_of(*c, signed_hash_list(*c)), local_signer());
    expect_entry_consistent(config(), (*c)["steps"][0]["intents"][0]);
  }
  // Without allQuotes the winner is the same quote, byte for byte, minus the list.
  json without = ok_quote(exact_in_body());
  json winner = q;
  winner["competingQuotes"] = nullptr;
  EXPECT_EQ(winner.dump(), without.dump());
}

TEST_F(EngineTest, ExactOutChargesTheMinimalSourceAmount) {
  json body = {{"type", "exact-out"},
               {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"funder", kFunder}}},
               {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient},
                                {"amount", "99840001"}}},
               {"dappId", "engine-test"}};
  const json q = ok_quote(body);
  // The gateway fee is 10 bps of the fixed output: ceil(99_840_001 / 1000) = 99_841. Atlas:
  // S - 20000 - ceil(4 S / 10^4) >= 99_840_001 + 99_841 first holds at S = 99_999_842
  // (ceil(4 x 99_999_842 / 10^4) = 40_000).
  EXPECT_EQ(q["source"]["amount"], "99999842");
  EXPECT_EQ(q["destination"]["amount"], "99840001");
  EXPECT_EQ(q["destination"]["amountOut"], "99840001");
  EXPECT_EQ(q["destination"]["minAmountOut"], "99840001");
  EXPECT_EQ(q["slippage"].dump(), "0");
  EXPECT_EQ(q["fees"][1]["type"], "gateway");
  EXPECT_EQ(q["fees"][1]["amount"], "99841");
  EXPECT_EQ(q["fees"][2]["amount"], "60000");
  const auto intent = decode_entry_intent(config(), q["steps"][0]["intents"][0]);
  EXPECT_EQ(intent.route.tokens[0].amount, U256{99'840'001 + 99'841});
  EXPECT_EQ(intent.reward.tokens[0].amount, U256{99'999'842});
  EXPECT_EQ(quote_signer_of(q, signed_hash_list(q)), local_signer());
  const auto approve = protocol::erc20::decode_approve(
      hex::decode(q["execution"]["approval"]["data"].get<std::string>()));
  EXPECT_EQ(approve.amount, U256{99'999'842});
}

TEST_F(EngineTest, CustomRouteRunsTheUsersCalls) {
  json body = exact_in_body();
  body["type"] = "custom";
  body["destination"]["calls"] = json::array(
      {{{"target", kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}},
       {{"target", kOptimismUsdc}, {"data", "0xa9059cbb"}}});
  const json q = ok_quote(body);
  EXPECT_EQ(q["type"], "custom");
  EXPECT_EQ(q["destination"]["calls"][0]["data"], "0xdeadbeef");
  EXPECT_EQ(q["destination"]["calls"][1]["value"], "0");
  const auto intent = decode_entry_intent(config(), q["steps"][0]["intents"][0]);
  // The user's calls in order, then the gateway fee's transfer; the tokens cover both.
  ASSERT_EQ(intent.route.calls.size(), 3u);
  EXPECT_EQ(intent.route.calls[0].target.to_evm(), Address::parse(kRecipient));
  EXPECT_EQ(hex::encode(intent.route.calls[0].data), "0xdeadbeef");
  EXPECT_EQ(hex::encode(intent.route.calls[1].data), "0xa9059cbb");
  EXPECT_EQ(protocol::erc20::decode_transfer(intent.route.calls[2].data),
            (protocol::erc20::AmountTo{config().partner("acme")->fee_recipient(10)->evm(), U256{100'000}}));
  EXPECT_EQ(intent.route.tokens[0].amount, U256{99'940'000});
  EXPECT_EQ(q["destination"]["minAmountOut"], "99840000");
}

TEST_F(EngineTest, DeterministicForTheSameInputs) {
  json body = exact_in_body();
  body["options"] = {{"allQuotes", true}};
  EXPECT_EQ(quote(body).body.dump(), quote(body).body.dump());
  const json a = quote(body).body;
  const json b = quote(body, acme_key(), kNow, "0xffeeddccbbaa99887766554433221100").body;
  EXPECT_NE(a["id"], b["id"]);
  EXPECT_NE(a["intentHash"], b["intentHash"]);  // a different salt
  EXPECT_EQ(a["destination"], b["destination"]);
}

TEST_F(EngineTest, SolverErrorReasons) {
  auto detail = [&](const json& body, const json& key = acme_key()) {
    OpResult r = quote(body, key);
    EXPECT_EQ(r.status, 502) << r.body.dump(2);
    EXPECT_EQ(r.body["code"], "solver-error");
    return r.body["detail"].get<std::string>();
  };
  // Below every minimum: atlas takes 1 USDC, meridian 5, harbor 50; the smallest is named.
  EXPECT_EQ(detail(exact_in_body("999999")).rfind("below-minimum:", 0), 0u);
  EXPECT_NE(detail(exact_in_body("999999")).find("1000000"), std::string::npos);
  // Above every maximum (atlas 1,000,000 USDC is the largest).
  const std::string above = detail(exact_in_body("1000000000001"));
  EXPECT_EQ(above.rfind("above-maximum:", 0), 0u);
  EXPECT_NE(above.find("1000000000000"), std::string::npos);
  // Fees take everything.
  json greedy = acme_key();
  greedy["feeSchedule"]["protocolBps"] = 9'990;
  EXPECT_EQ(detail(exact_in_body(), greedy).rfind("fees-exceed-amount:", 0), 0u);
  // An unlisted token.
  json body = exact_in_body();
  body["destination"]["token"] = "0x1111111111111111111111111111111111111111";
  EXPECT_EQ(detail(body).rfind("no solver fills this route: token 0x1111111111111111111111111111111111111111", 0), 0u);
}

TEST_F(EngineTest, AboveInventoryWhenSolversHoldTooLittle) {
  for (auto& solver : config_json_["solvers"]) {
    for (auto& entry : solver["inventory"]) entry["amount"] = "50000000";  // 50 USDC each
  }
  OpResult r = quote(exact_in_body());
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(r.body["detail"].get<std::string>().rfind("above-inventory:", 0), 0u) << r.body.dump();
  EXPECT_EQ(quote(exact_in_body("50000000")).status, 200);
}

TEST_F(EngineTest, PairNotServedWithoutHops) {
  // Polygon USDC -> Solana USDC has no direct solver; with one hop allowed there is no route.
  config_json_["service"]["maxHops"] = 1;
  json body = exact_in_body();
  body["source"] = {{"chainId", 137}, {"token", kPolygonUsdc}, {"amount", "100000000"}, {"funder", kFunder}};
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaRecipient}};
  OpResult r = quote(body);
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(r.body["detail"], "no solver serves USDC on chain 137 to USDC on chain 1399811149, directly or through another chain");
}

TEST_F(EngineTest, ChainWithoutProverCannotBeASource) {
  for (auto& chain : config_json_["chains"]) {
    if (chain["chainId"] == 1399811149) chain["prover"] = nullptr;
  }
  // A route from a chain without a prover is a configuration error; drop the shipped one.
  for (auto& solver : config_json_["solvers"]) {
    for (auto& route : solver["routes"]) {
      json sources = json::array();
      for (auto& source : route["sources"]) {
        if (source["chainId"] != 1399811149) sources.push_back(source);
      }
      route["sources"] = sources;
    }
  }
  json body = exact_in_body();
  body["source"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"amount", "100000000"}, {"funder", kSolanaRecipient}};
  OpResult r = quote(body);
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["code"], "chain-not-supported");
}

TEST_F(EngineTest, SolanaSourceFundsWithTheAnchorInstruction) {
  // The shipped configuration: Solana's Portal and HyperProver from the package of record, and a
  // solver route from Solana USDC.
  const char* prover = "EcoHDiDaKXryeHsvRwoJNPEeS56uhmPDd9ksuPyF68ky";
  json body = exact_in_body();
  body["source"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"amount", "100000000"}, {"funder", kSolanaRecipient}};
  body["destination"] = {{"chainId", 8453}, {"token", kBaseUsdc}, {"recipient", kRecipient}};
  const json q = ok_quote(body);
  const json& entry = q["steps"][0]["intents"][0];
  const protocol::Intent intent = decode_entry_intent(config(), entry);
  const auto hashes = protocol::hash_intent(intent, sr::Vm::svm, sr::Vm::evm);
  EXPECT_EQ(entry["intentHash"], hex::encode(hashes.intent_hash));
  const svm::Pubkey portal = config().chain(1399811149)->portal.svm();
  EXPECT_EQ(portal.to_base58(), "EcooiHrTiMnfUBMw297gvPwX55HD8SCxA61tBBLV3yaV");
  const svm::Pubkey vault = protocol::svm_vault_address(hashes.intent_hash, portal);
  EXPECT_EQ(entry["vault"], vault.to_base58());
  EXPECT_EQ(intent.reward.creator.to_svm().to_base58(), kSolanaRecipient);
  EXPECT_EQ(intent.reward.prover.to_svm().to_base58(), prover);

  const json& tx = q["execution"]["transaction"];
  EXPECT_EQ(tx["type"], "svm");
  EXPECT_EQ(tx["feePayer"], kSolanaRecipient);
  ASSERT_EQ(tx["instructions"].size(), 1u);
  EXPECT_TRUE(q["execution"]["approval"].is_null());
  const svm::Instruction ix = tx["instructions"][0].get<svm::Instruction>();
  const auto decoded = protocol::svm_fund::decode_fund_instruction(ix, portal);
  EXPECT_EQ(decoded.args.destination, 8453u);
  EXPECT_EQ(decoded.args.route_hash, hashes.route_hash);
  EXPECT_EQ(decoded.args.reward, intent.reward);
  EXPECT_EQ(decoded.signers.funder.to_base58(), kSolanaRecipient);
  // The accounts the Portal's `fund` takes, spelled out: the funder pays fees and rent (payer and
  // funder are the same wallet), then the vault, the four programs, and USDC's token accounts under
  // classic SPL Token (the program that owns Solana's USDC mint).
  const svm::Pubkey funder = svm::Pubkey::parse(kSolanaRecipient);
  const svm::Pubkey mint = svm::Pubkey::parse(kSolanaUsdc);
  const std::vector<svm::AccountMeta> expected = {
      {funder, true, true},
      {funder, true, true},
      {vault, false, true},
      {svm::Pubkey::parse("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"), false, false},
      {svm::Pubkey::parse("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"), false, false},
      {svm::Pubkey::parse("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"), false, false},
      {svm::Pubkey::parse("11111111111111111111111111111111"), false, false},
      {svm::associated_token_address(funder, mint), false, true},
      {svm::associated_token_address(vault, mint), false, true},
      {mint, false, false}};
  EXPECT_EQ(ix.accounts, expected);
  EXPECT_EQ(quote_signer_of(q, signed_hash_list(q)), local_signer());
}

// A direct quote to Solana pays with the program configured for the destination mint: here
// Solana USDC configured as a Token-2022 mint, so the call targets Token-2022 and credits the
// recipient's Token-2022 associated token account.
TEST_F(EngineTest, DirectQuoteToSolanaPaysWithTheMintsConfiguredProgram) {
  for (auto& token : config_json_["tokens"]) {
    if (token["chainId"] == 1399811149 && token["symbol"] == "USDC") {
      token["tokenProgram"] = svm::token_2022_program_id().to_base58();
    }
  }
  json body = exact_in_body();
  body["destination"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaRecipient}};
  const json q = ok_quote(body);
  const json& entry = q["steps"][0]["intents"][0];
  EXPECT_EQ(entry["role"], "direct");
  expect_entry_consistent(config(), entry);
  const protocol::Intent intent = decode_entry_intent(config(), entry);
  const svm::Pubkey mint = svm::Pubkey::parse(kSolanaUsdc);
  const svm::Pubkey recipient = svm::Pubkey::parse(kSolanaRecipient);
  // The recipient's payment first; acme's gateway fee follows it (fee_statement_test covers those).
  ASSERT_EQ(intent.route.calls.size(), 2u);
  EXPECT_EQ(intent.route.calls[0],
            protocol::svm_route_call::token_transfer_call(
                config().chain(1399811149)->portal.svm(),
                {svm::token_2022_program_id(), mint, 6, recipient,
                 U256::from_decimal(q["destination"]["minAmountOut"].get<std::string>())}));
  EXPECT_EQ(protocol::svm_route_call::decode_token_transfer_call(config().chain(1399811149)->portal.svm(),
                                                                 intent.route.calls[0])
                .recipient_token_account,
            svm::associated_token_address(recipient, mint, svm::token_2022_program_id()));
}

json stitched_body(const std::string& type = "exact-in") {
  json body = {{"type", type},
               {"source", {{"chainId", 137}, {"token", kPolygonUsdc}, {"funder", kFunder}}},
               {"destination", {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaRecipient}}},
               {"dappId", "engine-test"}};
  if (type == "exact-out") body["destination"]["amount"] = "99000000";
  else body["source"]["amount"] = "100000000";
  return body;
}

TEST_F(EngineTest, StitchedRouteFundsTheSecondIntentOnTheIntermediateChain) {
  const json q = ok_quote(stitched_body());
  EXPECT_TRUE(q["intentHash"].is_null());
  ASSERT_EQ(q["steps"].size(), 2u);
  const json& first = q["steps"][0]["intents"][0];
  const json& second = q["steps"][1]["intents"][0];
  EXPECT_EQ(first["role"], "stitched-source");
  EXPECT_EQ(second["role"], "stitched-destination");
  // A multi-hop quote's id starts with its delivery intent hash's first 6 bytes, not its funding's.
  EXPECT_TRUE(quote_id_leads_to(q["id"].get<std::string>().substr(6), second["intentHash"].get<std::string>()));
  EXPECT_FALSE(quote_id_leads_to(q["id"].get<std::string>().substr(6), first["intentHash"].get<std::string>()));
  EXPECT_EQ(first["sourceChainId"], 137);
  // atlas and harbor both reach 8453 and 42161; atlas is cheaper, and the two intermediates tie
  // on price and time, so the plan key decides (42161 sorts first).
  EXPECT_EQ(q["steps"][0]["provider"], "atlas");
  EXPECT_EQ(q["steps"][1]["provider"], "solbridge");
  EXPECT_EQ(first["destinationChainId"], 42161);
  EXPECT_EQ(second["sourceChainId"], 42161);
  EXPECT_EQ(second["destinationChainId"], 1399811149);
  EXPECT_EQ(q["solver"]["id"], "atlas");
  expect_entry_consistent(config(), first);

  const protocol::Intent leg1 = decode_entry_intent(config(), first);
  const protocol::Intent leg2 = decode_entry_intent(config(), second);
  // Leg 1: 100 - 0.06 atlas = 99.94 on Arbitrum; leg 2: 99.94 - 0.05 - 0.079952 (8 bps,
  // rounded up) = 99.810048 delivered on Solana, of which the gateway fee (10 bps of the source
  // amount, 0.1) goes to acme: 99.710048 arrives.
  EXPECT_EQ(leg1.route.tokens[0].amount, U256{99'940'000});
  EXPECT_EQ(leg2.reward.tokens[0].amount, U256{99'940'000});
  EXPECT_EQ(q["destination"]["amountOut"], "99710048");
  EXPECT_EQ(q["destination"]["minAmountOut"], "99710048");
  EXPECT_EQ(leg2.route.tokens[0].amount, U256{99'810'048});
  // Leg 2 pays the Solana recipient, then acme, with the one call shape Eco's program fills:
  // TransferChecked on USDC's program (config: classic SPL Token), from the Portal's executor.
  ASSERT_EQ(leg2.route.calls.size(), 2u);
  const svm::Pubkey mint = svm::Pubkey::parse(kSolanaUsdc);
  const svm::Pubkey solana_portal = config().chain(1399811149)->portal.svm();
  EXPECT_EQ(protocol::svm_route_call::decode_token_transfer_call(solana_portal, leg2.route.calls[0]),
            (protocol::svm_route_call::DecodedTokenTransfer{
                svm::token_program_id(), mint,
                svm::associated_token_address(svm::Pubkey::parse(kSolanaRecipient), mint),
                {99'710'048, 6}}));
  EXPECT_EQ(protocol::svm_route_call::decode_token_transfer_call(solana_portal, leg2.route.calls[1]),
            (protocol::svm_route_call::DecodedTokenTransfer{
                svm::token_program_id(), mint,
                svm::associated_token_address(config().partner("acme")->fee_recipient(1399811149)->svm(), mint),
                {100'000, 6}}));
  // Leg 1's route approves the Arbitrum Portal and publishes and funds leg 2 there.
  const Address portal = config().chain(42161)->portal.evm();
  ASSERT_EQ(leg1.route.calls.size(), 2u);
  EXPECT_EQ(protocol::erc20::decode_approve(leg1.route.calls[0].data),
            (protocol::erc20::AmountTo{portal, U256{99'940'000}}));
  EXPECT_EQ(leg1.route.calls[1].target.to_evm(), portal);
  const auto funding = protocol::portal::decode_publish_and_fund(leg1.route.calls[1].data);
  EXPECT_EQ(funding.destination, 1399811149u);
  EXPECT_EQ(funding.reward, leg2.reward);
  EXPECT_EQ(hex::encode(funding.encoded_route), second["encodedRoute"]);
  const auto hashes2 = protocol::hash_intent(leg2, sr::Vm::evm, sr::Vm::svm);
  EXPECT_EQ(second["intentHash"], hex::encode(hashes2.intent_hash));
  EXPECT_EQ(second["vault"], protocol::evm_vault_address(portal, hashes2.intent_hash,
                                                         *config().chain(42161)->vault_init_code_hash).checksummed());
  // Refunds of both legs go to the refund recipient.
  EXPECT_EQ(leg2.reward.creator.to_evm(), Address::parse(kFunder));
  // Deadlines chain: expiresAt < route1 < route2 (published by route1's fill) < reward2.
  const std::uint64_t expires = q["expiresAt"];
  EXPECT_LT(expires, leg1.route.deadline);
  EXPECT_LT(leg1.route.deadline, leg1.reward.deadline);
  EXPECT_EQ(leg2.route.deadline, leg1.route.deadline + 7200);  // solbridge's fill window
  EXPECT_LT(leg2.route.deadline, leg2.reward.deadline);
  // Fees in the token each is paid in: the service's in the destination token, each leg's
  // solver's in that leg's source token.
  std::vector<std::pair<std::string, std::uint64_t>> fees;
  for (const auto& f : q["fees"]) fees.push_back({f["type"], f["token"]["chainId"]});
  EXPECT_EQ(fees, (std::vector<std::pair<std::string, std::uint64_t>>{{"protocol", 1399811149},
                                                                      {"gateway", 1399811149},
                                                                      {"gas", 137},
                                                                      {"proving", 137},
                                                                      {"gas", 42161},
                                                                      {"proving", 42161}}));
  EXPECT_EQ(q["fees"][1]["recipient"], config().partner("acme")->fee_recipient(1399811149)->text());
  // Execution funds leg 1 on Polygon; the signature covers both intents.
  EXPECT_EQ(q["execution"]["intent"], first["intent"]);
  EXPECT_EQ(q["execution"]["transaction"]["chainId"], 137);
  // The legs fill one after the other: the estimate is atlas's plus solbridge's.
  EXPECT_EQ(q["estimatedFulfillTimeSec"], config().solver("atlas")->estimated_fulfill_time_sec +
                                              config().solver("solbridge")->estimated_fulfill_time_sec);
  EXPECT_EQ(quote_signer_of(q, signed_hash_list(q)), local_signer());
  EXPECT_EQ(signed_hash_list(q).size(), 2u);
}

TEST_F(EngineTest, StitchedExactOutWorksBackwards) {
  const json q = ok_quote(stitched_body("exact-out"));
  const protocol::Intent leg1 = decode_entry_intent(config(), q["steps"][0]["intents"][0]);
  const protocol::Intent leg2 = decode_entry_intent(config(), q["steps"][1]["intents"][0]);
  // The route delivers 99 USDC and the gateway fee, 10 bps of the fixed output (0.099).
  EXPECT_EQ(leg2.route.tokens[0].amount, U256{99'099'000});
  EXPECT_EQ(leg1.route.tokens[0].amount, leg2.reward.tokens[0].amount);
  EXPECT_EQ(q["source"]["amount"], leg1.reward.tokens[0].amount.to_decimal());
  EXPECT_EQ(q["destination"]["minAmountOut"], "99000000");
  // The second leg's reward is exactly enough: one unit less would pay solbridge too little.
  const U256 reward2 = leg2.reward.tokens[0].amount;
  const U256 fees2 = U256{50'000}.add_or_throw(*U256::mul_div(reward2, 8, 10'000, Rounding::ceil));
  EXPECT_EQ(reward2.sub_or_throw(fees2), U256{99'099'000});
  const U256 less = reward2.sub_or_throw(1);
  EXPECT_LT(less.sub_or_throw(U256{50'000}.add_or_throw(*U256::mul_div(less, 8, 10'000, Rounding::ceil))),
            U256{99'099'000});
}

TEST_F(EngineTest, AlternativeSecondLegFillsAreBucketCandidates) {
  json clone = config_json_["solvers"][2];  // solbridge
  ASSERT_EQ(clone["id"], "solbridge");
  clone["id"] = "sunrise";
  clone["name"] = "Sunrise (simulation)";
  clone["feeBps"] = 9;
  config_json_["solvers"].push_back(clone);
  json body = stitched_body();
  body["options"] = {{"allQuotes", true}};
  const json q = ok_quote(body);
  ASSERT_EQ(q["steps"].size(), 3u);
  EXPECT_EQ(q["steps"][1]["provider"], "solbridge");
  EXPECT_EQ(q["steps"][2]["provider"], "sunrise");
  const json& candidate = q["steps"][2]["intents"][0];
  EXPECT_EQ(candidate["role"], "bucket-candidate");
  const auto alt = decode_entry_intent(config(), candidate);
  const auto delivery = decode_entry_intent(config(), q["steps"][1]["intents"][0]);
  EXPECT_EQ(alt.reward, delivery.reward);  // the same reward, a different (smaller) route
  EXPECT_LT(alt.route.tokens[0].amount, delivery.route.tokens[0].amount);
  EXPECT_NE(alt.route.salt, delivery.route.salt);
  EXPECT_EQ(signed_hash_list(q).size(), 3u);
  EXPECT_EQ(quote_signer_of(q, signed_hash_list(q)), local_signer());
  // Competing plans: other solver pairs and intermediates, best first.
  ASSERT_FALSE(q["competingQuotes"].empty());
  std::string previous = q["destination"]["minAmountOut"];
  for (const auto& c : q["competingQuotes"]) {
    EXPECT_LE(U256::from_decimal(c["destination"]["minAmountOut"].get<std::string>()), U256::from_decimal(previous));
    previous = c["destination"]["minAmountOut"];
    EXPECT_EQ(quote_signer_of(c, signed_hash_list(c)), local_signer());
  }
}

}  // namespace
}  // namespace sr::service::testing
