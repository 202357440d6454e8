// The statement adds up (docs/quote-engine.md, "The statement adds up"): for every configured
// pair, quote type, fee schedule and amount edge, every answer (the winner and each competing
// quote) satisfies, read only from the answer's JSON and its decoded intents:
//   amountOut + protocol + gateway (destination token) = source amount - gas - proving, per leg,
// the delivery route transfers amountOut to the recipient and then each non-zero protocol and
// gateway fee to the recipient its entry names, in fee-list order, with route tokens exactly their
// sum, and minAmountOut = amountOut with slippage 0. Exact-out's source amount is the smallest:
// the solver's configured price of one unit less cannot pay for what the route delivers.
#include <gtest/gtest.h>

#include <set>

#include "../engine_fixture.h"
#include "protocol/erc20.h"
#include "protocol/svm_route_call.h"
#include "protocol/svm_address.h"
#include "service/quotes/solver_protocol.h"
#include "service/quotes/pricing.h"

namespace sr::service::testing {
namespace {

U256 amount_of(const json& value) { return U256::from_decimal(value.get<std::string>()); }

// Same-decimals conversion at par, floor (the configuration requires one solver's tokens to share
// decimals; a pair that did not would fail here loudly).
U256 at_par(const U256& amount, const json& from, const json& to) {
  EXPECT_EQ(from["decimals"], to["decimals"]) << from.dump() << " -> " << to.dump();
  return amount;
}

struct FeeTotals {
  U256 paid_out;                       // protocol + gateway, destination token
  std::vector<std::pair<std::string, U256>> transfers;  // (recipient, amount) of non-zero paid fees, in order
  std::vector<U256> kept;              // gas + proving per leg, in the leg's source token
};

FeeTotals read_fees(const json& quote, std::size_t legs) {
  FeeTotals t;
  t.kept.assign(legs, U256{});
  std::size_t leg = 0;
  bool seen_gas = false;
  for (const auto& fee : quote["fees"]) {
    const std::string type = fee["type"];
    const U256 amount = amount_of(fee["amount"]);
    if (type == "protocol" || type == "gateway") {
      EXPECT_EQ(fee["token"]["chainId"], quote["destination"]["chainId"]) << fee.dump();
      EXPECT_EQ(fee["token"]["address"], quote["destination"]["token"]) << fee.dump();
      t.paid_out = t.paid_out.add_or_throw(amount);
      if (!amount.is_zero()) {
        EXPECT_TRUE(fee["recipient"].is_string()) << fee.dump();
        t.transfers.push_back({fee["recipient"].get<std::string>(), amount});
      }
    } else {
      EXPECT_TRUE(fee["recipient"].is_null()) << fee.dump();
      if (type == "gas" && seen_gas) ++leg;  // each leg lists gas then proving
      seen_gas = true;
      EXPECT_LT(leg, legs);
      t.kept[leg] = t.kept[leg].add_or_throw(amount);
    }
  }
  return t;
}

class FeeStatementTest : public EngineTest {
 protected:
  json call_solver_requests(const json& body, const json& key) {
    OpResult r = solver_requests(config(), {{"body", body}, {"key", key}, {"now", kNow}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  }

  // The call paying `amount` of the destination token to `payee`, decoded independently.
  void expect_pays(const protocol::Call& call, const json& quote, const std::string& payee, const U256& amount) {
    const std::uint64_t chain = quote["destination"]["chainId"];
    const std::string token = quote["destination"]["token"];
    if (config().chain(chain)->vm == Vm::evm) {
      EXPECT_EQ(call.target.to_evm(), Address::parse(token));
      EXPECT_EQ(protocol::erc20::decode_transfer(call.data), (protocol::erc20::AmountTo{Address::parse(payee), amount}));
    } else {
      const svm::Pubkey mint = svm::Pubkey::parse(token);
      const auto paid =
          protocol::svm_route_call::decode_token_transfer_call(config().chain(chain)->portal.svm(), call);
      EXPECT_EQ(paid.mint, mint);
      EXPECT_EQ(paid.recipient_token_account,
                svm::associated_token_address(svm::Pubkey::parse(payee), mint, paid.token_program));
      EXPECT_EQ(U256{paid.transfer.amount}, amount);
    }
  }

  // Checks one answer; returns false when the plan was stitched.
  bool check(const json& quote, const json& body) {
    const std::string type = quote["type"];
    EXPECT_EQ(quote["slippage"].dump(), "0");
    const U256 out = amount_of(quote["destination"]["amountOut"]);
    EXPECT_EQ(quote["destination"]["minAmountOut"], quote["destination"]["amountOut"]);
    if (type == "exact-out") {
      EXPECT_EQ(quote["destination"]["amount"], body["destination"]["amount"]);
    }
    const bool stitched = quote["intentHash"].is_null();
    const std::size_t legs = stitched ? 2 : 1;
    const FeeTotals fees = read_fees(quote, legs);
    const json& delivery_entry = quote["steps"][stitched ? 1 : 0]["intents"][0];
    const protocol::Intent delivery = decode_entry_intent(config(), delivery_entry);

    // The route: tokens exactly amountOut plus the paid fees; the recipient's transfer (or the
    // client's calls), then one transfer per non-zero paid fee, in fee-list order.
    EXPECT_EQ(delivery.route.tokens.size(), 1u);
    EXPECT_EQ(delivery.route.tokens[0].amount, out.add_or_throw(fees.paid_out));
    const std::size_t head = type == "custom" ? body["destination"]["calls"].size() : 1;
    EXPECT_EQ(delivery.route.calls.size(), head + fees.transfers.size());
    if (delivery.route.calls.size() != head + fees.transfers.size()) return stitched;
    if (type != "custom") expect_pays(delivery.route.calls[0], quote, quote["destination"]["recipient"], out);
    for (std::size_t i = 0; i < fees.transfers.size(); ++i) {
      expect_pays(delivery.route.calls[head + i], quote, fees.transfers[i].first, fees.transfers[i].second);
    }

    // The equation, leg by leg.
    const U256 source = amount_of(quote["source"]["amount"]);
    const json& first_gas = *std::find_if(quote["fees"].begin(), quote["fees"].end(), [](const json& f) { return f["type"] == "gas"; });
    const json dest_token = {{"decimals", quote["fees"][0]["token"]["decimals"]}};
    U256 delivered_by_last;
    if (!stitched) {
      delivered_by_last = at_par(source.sub_or_throw(fees.kept[0]), first_gas["token"], dest_token);
    } else {
      const protocol::Intent first = decode_entry_intent(config(), quote["steps"][0]["intents"][0]);
      EXPECT_EQ(first.reward.tokens[0].amount, source);
      const U256 middle = first.route.tokens[0].amount;
      EXPECT_EQ(middle, source.sub_or_throw(fees.kept[0]));
      EXPECT_EQ(delivery.reward.tokens[0].amount, middle);
      delivered_by_last = middle.sub_or_throw(fees.kept[1]);
    }
    EXPECT_EQ(out.add_or_throw(fees.paid_out), delivered_by_last)
        << type << " " << quote["source"].dump() << " -> " << quote["destination"].dump() << "\n" << quote["fees"].dump();
    EXPECT_EQ(delivery.reward.tokens[0].amount.sub_or_throw(fees.kept[legs - 1]), delivered_by_last);

    // Exact-out: one unit less of the delivery leg's reward, priced by its solver's configured
    // terms, cannot pay for what the route delivers.
    const SolverRecord* solver = config().solver(quote["steps"][stitched ? 1 : 0]["provider"].get<std::string>());
    if (type == "exact-out" && !solver->url) {
      const U256 reward = delivery.reward.tokens[0].amount;
      const U256 less = reward.sub_or_throw(1);
      const U256 kept = solver->fixed_fee.add_or_throw(*bps_fee(less, solver->fee_bps));
      EXPECT_TRUE(less <= kept || less.sub_or_throw(kept) < delivery.route.tokens[0].amount)
          << "exact-out reward " << reward.to_decimal() << " is not the smallest";
    }
    return stitched;
  }
};

TEST_F(FeeStatementTest, EveryConfiguredPairTypeAndAmountEdgeAddsUp) {
  json protocol_key = acme_key();
  protocol_key["feeSchedule"]["protocolBps"] = 7;  // odd bps: the ceilings matter
  protocol_key["feeSchedule"]["gatewayBps"] = 13;
  const std::vector<json> keys = {acme_key(), unmapped_key(), protocol_key};
  std::size_t answers = 0, stitched = 0;
  std::set<std::string> types;
  for (const auto& from : config().tokens()) {
    if (!config().chain(from.chain_id)->prover) continue;
    for (const auto& to : config().tokens()) {
      if (to.chain_id == from.chain_id) continue;
      const std::string recipient = config().chain(to.chain_id)->vm == Vm::evm ? kRecipient : kSolanaRecipient;
      const std::string funder = config().chain(from.chain_id)->vm == Vm::evm ? kFunder : kSolanaRecipient;
      // The amount edges: the smallest minimum, odd amounts where the ceilings round, a large one.
      for (const char* amount : {"1000000", "1000001", "5000003", "99999999", "123456789", "50000000000"}) {
        for (const char* type : {"exact-in", "exact-out", "custom"}) {
          if (std::string(type) == "custom" && config().chain(to.chain_id)->vm != Vm::evm) continue;
          json body = {{"type", type},
                       {"source", {{"chainId", from.chain_id}, {"token", from.address.text()}, {"funder", funder}}},
                       {"destination", {{"chainId", to.chain_id}, {"token", to.address.text()}, {"recipient", recipient}}},
                       {"dappId", "fee-statement"},
                       {"options", {{"allQuotes", true}}}};
          (std::string(type) == "exact-out" ? body["destination"] : body["source"])["amount"] = amount;
          if (std::string(type) == "custom") {
            body["destination"]["calls"] = json::array({{{"target", recipient}, {"data", "0xdeadbeef"}, {"value", "0"}}});
          }
          for (const auto& key : keys) {
            OpResult r = quote(body, key);
            if (r.status != 200) {
              EXPECT_EQ(r.status, 502) << r.body.dump();
              continue;
            }
            ++answers;
            types.insert(type);
            if (check(r.body, body)) ++stitched;
            for (const auto& competing : r.body["competingQuotes"]) {
              ++answers;
              check(competing, body);
            }
          }
        }
      }
    }
  }
  // Every type, direct and stitched plans, were priced and checked.
  EXPECT_EQ(types, (std::set<std::string>{"exact-in", "exact-out", "custom"}));
  EXPECT_GT(stitched, 0u);
  EXPECT_GT(answers, 1000u);
}

// A remote solver's answer prices the whole route: the service's fees come out of what it
// delivers, and the statement adds up the same way.
TEST_F(FeeStatementTest, RemoteSolverAnswersAddUp) {
  json remote = config_json_["solvers"][0];  // atlas, made remote
  remote["url"] = "https://solver.example/quote";
  remote["timeoutMs"] = 1000;
  remote["name"] = "Atlas Remote";
  config_json_["solvers"] = json::array({remote});
  json key = acme_key();
  key["feeSchedule"]["protocolBps"] = 7;
  const json in_body = exact_in_body();
  const json in_answer = json::array({{{"solverId", "atlas"},
                                       {"answer", {{"amountOut", "99900000"}, {"estimatedFulfillTimeSec", 20},
                                                   {"validUntil", kNow + 1000}}}}});
  OpResult r = quote(in_body, key, kNow, kRandom, in_answer);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  check(r.body, in_body);
  // 99.9 delivered: 0.07 protocol and 0.1 gateway paid from it, 99.73 arrives; the solver keeps 0.1.
  EXPECT_EQ(r.body["destination"]["amountOut"], "99730000");
  EXPECT_EQ(r.body["fees"][2]["amount"], "100000");
  // An answer that does not cover the fees does not fill.
  const json short_answer = json::array({{{"solverId", "atlas"},
                                          {"answer", {{"amountOut", "170000"}, {"estimatedFulfillTimeSec", 20},
                                                      {"validUntil", kNow + 1000}}}}});
  r = quote(in_body, key, kNow, kRandom, short_answer);
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(r.body["detail"].get<std::string>().rfind("fees-exceed-amount", 0), 0u) << r.body.dump();

  json out_body = {{"type", "exact-out"},
                   {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"funder", kFunder}}},
                   {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}, {"amount", "50000000"}}},
                   {"dappId", "engine-test"}};
  // The request asks for 50 + 0.035 protocol + 0.05 gateway delivered in all.
  const json requests = call_solver_requests(out_body, key);
  ASSERT_EQ(requests["requests"].size(), 1u);
  EXPECT_EQ(requests["requests"][0]["body"]["destination"]["amount"], "50085000");
  const json out_answer = json::array({{{"solverId", "atlas"},
                                        {"answer", {{"amountIn", "50120000"}, {"estimatedFulfillTimeSec", 20},
                                                    {"validUntil", kNow + 1000}}}}});
  r = quote(out_body, key, kNow, kRandom, out_answer);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  check(r.body, out_body);
  EXPECT_EQ(r.body["source"]["amount"], "50120000");
  EXPECT_EQ(r.body["fees"][2]["amount"], "35000");  // the solver keeps 50.12 - 50.085
}

}  // namespace
}  // namespace sr::service::testing
