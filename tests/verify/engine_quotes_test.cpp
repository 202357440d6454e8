// The verifier against real quotes from the quote engine (service::quote_op with the local
// configuration): direct exact-in, exact-out, custom, stitched multi-hop with bucket candidates,
// and competing quotes all pass every check; a change to any of them fails the named check, as
// does a consistently signed stitched quote whose second reward lists a token twice.
#include <gtest/gtest.h>

#include "../service/engine_fixture.h"
#include "quote_fixture.h"
#include "protocol/svm_route_call.h"
#include "service/chain/registry.h"
#include "verify/quote_verifier.h"

namespace sr::verify {
namespace {

using nlohmann::json;
using service::testing::EngineTest;
namespace st = service::testing;
using testing::failures;

class EngineQuotes : public EngineTest {
 protected:
  Report verify(const json& quote, const json& request, std::uint64_t now = st::kNow) {
    chains_ = ChainDirectory::from_json(json::parse(service::list_chains(config()).dump()));  // GET /v1/chains
    return verify_quote(quote, QuoteContext{&*chains_, &request, now});
  }

  void expect_passes(const json& request) {
    const json quote = ok_quote(request);
    const Report report = verify(quote, request);
    EXPECT_TRUE(report.ok()) << failures(report) << quote.dump(2);
  }

  std::optional<ChainDirectory> chains_;
};

TEST_F(EngineQuotes, DirectExactInPasses) { expect_passes(st::exact_in_body()); }

TEST_F(EngineQuotes, ExactOutPasses) {
  json body = st::exact_in_body();
  body["type"] = "exact-out";
  body["source"].erase("amount");
  body["destination"]["amount"] = "99840001";
  expect_passes(body);
}

TEST_F(EngineQuotes, CustomPasses) {
  json body = st::exact_in_body();
  body["type"] = "custom";
  body["destination"]["calls"] = json::array({{{"target", st::kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}},
                                              {{"target", st::kOptimismUsdc}, {"data", "0xa9059cbb"}}});
  expect_passes(body);
}

TEST_F(EngineQuotes, SlippageAndRefundRecipientPass) {
  json body = st::exact_in_body();
  body["slippage"] = 0.0125;
  body["source"]["refundRecipient"] = st::kRecipient;
  expect_passes(body);
}

TEST_F(EngineQuotes, StitchedWithBucketCandidatesAndCompetingQuotesPasses) {
  auto clone = config_json_["solvers"][2];
  clone["id"] = "sunrise";
  clone["name"] = "Sunrise (simulation)";
  clone["feeBps"] = 9;
  config_json_["solvers"].push_back(clone);
  json body = {
      {"type", "exact-in"},
      {"source", {{"chainId", 137}, {"token", st::kPolygonUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
      {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
      {"dappId", "verify-test"},
      {"options", {{"allQuotes", true}}}};
  const json quote = ok_quote(body);
  ASSERT_TRUE(quote["intentHash"].is_null());
  const Report report = verify(quote, body);
  EXPECT_TRUE(report.ok()) << failures(report);
  EXPECT_NE(report.find("competing-quotes")->detail.find("competing quote(s)"), std::string::npos);
}

TEST_F(EngineQuotes, ADeliveryRewardListingATokenTwiceFailsIntentHashesEvenHashedAndSigned) {
  const json body = {
      {"type", "exact-in"},
      {"source", {{"chainId", 137}, {"token", st::kPolygonUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
      {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
      {"dappId", "verify-test"}};
  json quote = ok_quote(body);
  // The second hop's reward, which the first hop's fill publishes and funds on Arbitrum: split
  // into two entries of one token, with every derived field and the signature made consistent.
  json& entry = quote["steps"][1]["intents"][0];
  ASSERT_EQ(entry["role"], "stitched-destination");
  json& tokens = entry["intent"]["reward"]["tokens"];
  const U256 total = U256::from_decimal(tokens[0]["amount"].get<std::string>());
  const U256 half = *U256::mul_div(total, U256(1), U256(2), Rounding::floor);
  tokens = {{{"token", tokens[0]["token"]}, {"amount", half.to_decimal()}},
            {{"token", tokens[0]["token"]}, {"amount", total.sub_or_throw(half).to_decimal()}}};
  const protocol::Intent intent = st::decode_entry_intent(config(), entry);
  const auto hashes = protocol::hash_intent(intent, sr::Vm::evm, sr::Vm::svm);
  const service::ChainRecord& middle = *config().chain(entry["sourceChainId"].get<std::uint64_t>());
  entry["intentHash"] = hex::encode(hashes.intent_hash);
  entry["encodedRoute"] = hex::encode(hashes.encoded_route);
  entry["vault"] = protocol::evm_vault_address(middle.portal.evm(), hashes.intent_hash, *middle.vault_init_code_hash)
                       .checksummed();
  quote["signature"] = testing::sign_quote(quote);

  const Report report = verify(quote, body);
  EXPECT_TRUE(report.find("signature")->ok) << failures(report);
  EXPECT_TRUE(report.find("vault")->ok) << failures(report);
  const Check* check = report.find("intent-hashes");
  EXPECT_FALSE(check->ok);
  EXPECT_NE(check->detail.find("quote.steps[1].intents[0].intent.reward.tokens[1] lists token"), std::string::npos)
      << check->detail;
}

// A direct quote to Solana (Base USDC to Solana USDC, solbridge) passes; the same quote whose one
// route call is changed, then rehashed and re-signed, fails route-matches-request: the verifier
// accepts only the payment call Eco's Portal fills (protocol/svm_route_call.h).
TEST_F(EngineQuotes, ToSolanaPassesOnlyWithThePortalsPaymentCall) {
  const json body = {
      {"type", "exact-in"},
      {"source", {{"chainId", 8453}, {"token", st::kBaseUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
      {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
      {"dappId", "verify-test"}};
  const json quote = ok_quote(body);
  ASSERT_FALSE(quote["intentHash"].is_null());
  const Report report = verify(quote, body);
  EXPECT_TRUE(report.ok()) << failures(report);

  const service::ChainRecord& base = *config().chain(8453);
  const svm::Pubkey portal = config().chain(1399811149)->portal.svm();
  const svm::Pubkey mint = svm::Pubkey::parse(st::kSolanaUsdc);
  const svm::Pubkey recipient = svm::Pubkey::parse(st::kSolanaRecipient);
  const U256 minimum = U256::from_decimal(quote["destination"]["minAmountOut"].get<std::string>());
  // The quote with the route's payment to the recipient (its first call; the fee transfers follow)
  // replaced, every derived field recomputed and re-signed.
  auto with_call = [&](const protocol::Call& call) {
    json q = quote;
    protocol::Intent intent = st::decode_entry_intent(config(), q["steps"][0]["intents"][0]);
    intent.route.calls.at(0) = call;
    const auto h = protocol::hash_intent(intent, sr::Vm::evm, sr::Vm::svm);
    const std::string hash = hex::encode(h.intent_hash);
    const std::string vault =
        protocol::evm_vault_address(base.portal.evm(), h.intent_hash, *base.vault_init_code_hash).checksummed();
    const json intent_json = protocol::intent_to_json(intent, sr::Vm::evm, sr::Vm::svm);
    q["intentHash"] = hash;
    q["execution"]["intent"] = intent_json;
    q["execution"]["vault"] = vault;
    q["execution"]["transaction"]["data"] =
        hex::encode(protocol::portal::publish_and_fund(intent.destination, h.encoded_route, intent.reward, false));
    json& entry = q["steps"][0]["intents"][0];
    entry["intentHash"] = hash;
    entry["intent"] = intent_json;
    entry["encodedRoute"] = hex::encode(h.encoded_route);
    entry["vault"] = vault;
    q["signature"] = testing::sign_quote(q);
    return q;
  };
  using protocol::svm_route_call::TokenTransfer;
  using protocol::svm_route_call::token_transfer_call;
  // Resealing the engine's own call changes nothing.
  EXPECT_TRUE(verify(with_call(token_transfer_call(portal, {svm::token_program_id(), mint, 6, recipient, minimum})), body)
                  .ok());

  const svm::Pubkey other = svm::Pubkey::parse("5Zzguz4NsSRFxGkHfM4FmsFpGZiCDtY72zH2jzMcqkJx");
  const svm::Pubkey usdt = svm::Pubkey::parse("Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB");
  Bytes raw_transfer{3};
  for (int i = 0; i < 8; ++i) raw_transfer.push_back(static_cast<std::uint8_t>(minimum.as_u64() >> (8 * i)));
  protocol::Call extra_account = token_transfer_call(portal, {svm::token_program_id(), mint, 6, recipient, minimum});
  auto decoded = protocol::svm_route_call::decode_calldata_with_accounts(extra_account.data);
  decoded.accounts[3].is_signer = true;  // the executor as a signer in the meta: no fill produces it
  extra_account.data = protocol::svm_route_call::encode_calldata_with_accounts(decoded);
  const std::pair<const char*, protocol::Call> wrong[] = {
      // The shape the service used to publish: the recipient's token account as target, raw Transfer.
      {"old shape", {protocol::Account::from_svm(svm::associated_token_address(recipient, mint)), raw_transfer, U256{}}},
      {"other recipient", token_transfer_call(portal, {svm::token_program_id(), mint, 6, other, minimum})},
      {"other mint", token_transfer_call(portal, {svm::token_program_id(), usdt, 6, recipient, minimum})},
      {"below minimum", token_transfer_call(portal, {svm::token_program_id(), mint, 6, recipient, minimum.sub_or_throw(U256(1))})},
      {"another Portal's executor",
       token_transfer_call(svm::Pubkey::parse("EcooswwC1NggsckZyF5SeAL9WsgJs3UhPbrqY1apV73F"),
                           {svm::token_program_id(), mint, 6, recipient, minimum})},
      {"executor signs in the meta", extra_account},
  };
  for (const auto& [name, call] : wrong) {
    const Report tampered = verify(with_call(call), body);
    EXPECT_TRUE(tampered.find("signature")->ok) << name << failures(tampered);
    const Check* check = tampered.find("delivery-route");
    ASSERT_NE(check, nullptr);
    EXPECT_FALSE(check->ok) << name;
    EXPECT_NE(check->detail.find("calls[0] is not the call the asked route makes there"), std::string::npos)
        << name << ": " << check->detail;
  }
}

// The npm package's EVM-only module reads the chain records as a directory built with check_svm
// false (protocol/vm.h): GET /v1/chains with Solana in it still reads, Solana's tokens are left out,
// an EVM quote gets the same report as with every chain checked, and a quote to or from Solana
// fails each check that looks its chain up, naming it, and never passes.
TEST_F(EngineQuotes, AnEvmOnlyDirectoryRefusesSolanaAndChecksEvmAlike) {
  const json chain_list = json::parse(service::list_chains(config()).dump());
  const ChainDirectory evm_only = ChainDirectory::from_json(chain_list, /*check_svm=*/false);
  const ChainDirectory every = ChainDirectory::from_json(chain_list);
  ASSERT_NE(evm_only.find(1399811149), nullptr);
  EXPECT_FALSE(evm_only.find(1399811149)->checked);
  EXPECT_TRUE(every.find(1399811149)->checked);
  EXPECT_TRUE(evm_only.at(8453).checked);
  const std::string refused = "chain 1399811149 is an SVM chain, which this verifier does not check: it is built for EVM chains only";
  try {
    evm_only.at(1399811149, "quote.destination.chainId");
    ADD_FAILURE() << "an unchecked chain was looked up";
  } catch (const ParseError& e) {
    EXPECT_EQ(std::string(e.what()), "quote.destination.chainId: " + refused);
  }
  const json tokens = {{{"chainId", 8453}, {"address", st::kBaseUsdc}, {"decimals", 6}},
                       {{"chainId", 1399811149}, {"address", st::kSolanaUsdc}, {"decimals", 6}}};
  const TokenDirectory evm_tokens = TokenDirectory::from_json(tokens, evm_only);
  EXPECT_NE(evm_tokens.find(8453, protocol::Account::from_evm(Address::parse(st::kBaseUsdc))), nullptr);
  EXPECT_NE(TokenDirectory::from_json(tokens, every).find(1399811149, protocol::Account::parse(Vm::svm, st::kSolanaUsdc)),
            nullptr);

  const auto checks_of = [](const Report& report) {
    std::vector<std::tuple<std::string, bool, std::string>> out;
    for (const Check& check : report.checks) out.emplace_back(check.name, check.ok, check.detail);
    return out;
  };
  const json direct = st::exact_in_body();
  const json direct_quote = ok_quote(direct);
  const Report direct_report = verify_quote(direct_quote, QuoteContext{&every, &direct, st::kNow});
  EXPECT_TRUE(direct_report.ok()) << failures(direct_report);
  EXPECT_EQ(checks_of(verify_quote(direct_quote, QuoteContext{&evm_only, &direct, st::kNow})), checks_of(direct_report));

  json to_solana = direct;
  to_solana["destination"] = {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}};
  json from_solana = direct;
  from_solana["source"] = {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"amount", "100000000"},
                           {"funder", st::kSolanaRecipient}};
  from_solana["destination"] = {{"chainId", 8453}, {"token", st::kBaseUsdc}, {"recipient", st::kRecipient}};
  for (const json& body : {to_solana, from_solana}) {
    const json quote = ok_quote(body);
    const Report checked = verify_quote(quote, QuoteContext{&every, &body, st::kNow});
    EXPECT_TRUE(checked.ok()) << failures(checked);
    const Report report = verify_quote(quote, QuoteContext{&evm_only, &body, st::kNow});
    EXPECT_FALSE(report.ok());
    std::size_t refusals = 0;
    for (const Check& check : report.checks) {
      if (check.detail.find(refused) != std::string::npos) {
        EXPECT_FALSE(check.ok) << check.name;
        ++refusals;
      }
    }
    // Every check that needs the Solana side says why; the signature (an EVM key over the id and
    // hashes) needs no chain but the source's.
    EXPECT_GE(refusals, 3u) << failures(report);
  }
}

TEST_F(EngineQuotes, AllQuotesCompetingQuotesPass) {
  json body = st::exact_in_body();
  body["options"] = {{"allQuotes", true}};
  expect_passes(body);
}

TEST_F(EngineQuotes, TamperedEngineQuotesFailTheNamedCheck) {
  const json request = st::exact_in_body();
  const json quote = ok_quote(request);
  const auto expect_fails = [&](const char* check, auto&& change) {
    json q = quote;
    change(q);
    const Report report = verify(q, request);
    EXPECT_FALSE(report.find(check)->ok) << check << " passed after a change\n" << failures(report);
  };
  expect_fails("route-matches-request", [](json& q) { q["destination"]["recipient"] = st::kFunder; });
  expect_fails("funding-target", [](json& q) { q["execution"]["transaction"]["to"] = st::kRecipient; });
  expect_fails("signature", [](json& q) { q["expiresAt"] = q["expiresAt"].get<std::uint64_t>() + 1; });
  expect_fails("vault", [](json& q) { q["execution"]["vault"] = st::kRecipient; });
  expect_fails("slippage-bound", [](json& q) { q["slippage"] = 0.001; });
  expect_fails("intent-hashes",
               [](json& q) { q["steps"][0]["intents"][0]["intent"]["route"]["salt"] = "0x" + std::string(64, '1'); });
  const Report late = verify(quote, request, quote["expiresAt"].get<std::uint64_t>());
  EXPECT_FALSE(late.find("expiry")->ok);
}

}  // namespace
}  // namespace sr::verify
