// Gas limits of a quote's EVM transactions from one chained simulation (quote_gas.h): the calls
// named in sending order, the limits from what each used, and the configured bounds kept whenever
// the simulation says nothing reliable. The same against the real Portal and USDC on anvil:
// edge-worker/test/quotes/approvals-chains.test.mjs.
#include "service/quotes/quote_gas.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

json evm_tx(const char* to, const char* data, std::uint64_t gas) {
  return {{"type", "evm"}, {"chainId", 31337}, {"from", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"},
          {"to", to}, {"data", data}, {"value", "0"}, {"gas", gas}, {"gasEstimated", false}};
}

// A quote whose funding needs a reset and an approval (a USDT-style token), with one competing
// quote needing no approval and one from a Solana source.
json sample_quote() {
  const json reset = evm_tx("0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x095ea7b3aa", 100000);
  const json approve = evm_tx("0x5FbDB2315678afecb367f032d93F642f64180aa3", "0x095ea7b3bb", 100000);
  json quote{{"id", "quote:a"},
             {"execution", {{"transaction", evm_tx("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "0x12345678", 600000)},
                            {"approval", approve},
                            {"approvals", json::array({reset, approve})}}}};
  json competing{{"id", "quote:b"},
                 {"execution", {{"transaction", evm_tx("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "0x9abc", 600000)},
                                {"approval", nullptr},
                                {"approvals", json::array()}}}};
  json solana{{"id", "quote:c"}, {"execution", {{"transaction", {{"type", "svm"}}}, {"approval", nullptr}, {"approvals", json::array()}}}};
  quote["competingQuotes"] = json::array({competing, solana});
  return quote;
}

json call_result(const char* status, const char* gas_used) { return {{"status", status}, {"gasUsed", gas_used}}; }

TEST(QuoteGas, TheLimitIsTheGasUsedWithItsMarginNeverBelowATransfer) {
  EXPECT_EQ(kGasMarginPercent, 30u);
  EXPECT_EQ(estimated_gas_limit(100000), 130000u);
  EXPECT_EQ(estimated_gas_limit(46123), 59960u);  // 46123 * 1.3 = 59959.9, rounded up
  EXPECT_EQ(estimated_gas_limit(0), 21000u);
  EXPECT_EQ(estimated_gas_limit(16000), 21000u);
}

TEST(QuoteGas, EachQuotesTransactionsAreNamedInSendingOrderWithWhereTheyAre) {
  const json sims = gas_simulations(sample_quote());
  ASSERT_EQ(sims.size(), 2u);  // not the Solana one
  EXPECT_EQ(sims[0]["quoteId"], "quote:a");
  EXPECT_EQ(sims[0]["chainId"], 31337);
  ASSERT_EQ(sims[0]["calls"].size(), 3u);
  EXPECT_EQ(sims[0]["calls"][0]["data"], "0x095ea7b3aa");
  EXPECT_EQ(sims[0]["calls"][1]["data"], "0x095ea7b3bb");
  EXPECT_EQ(sims[0]["calls"][2]["data"], "0x12345678");
  EXPECT_EQ(sims[0]["calls"][2]["value"], "0x0");
  EXPECT_EQ(sims[0]["calls"][2]["from"], "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  EXPECT_EQ(sims[0]["transactions"], json::array({"/execution/approvals/0", "/execution/approvals/1",
                                                  "/execution/transaction", "/execution/approval"}));
  EXPECT_EQ(sims[1]["quoteId"], "quote:b");
  EXPECT_EQ(sims[1]["calls"].size(), 1u);
  // No approval: nothing repeats it.
  EXPECT_EQ(sims[1]["transactions"], json::array({"/competingQuotes/0/execution/transaction"}));
}

// The body a worker holds after setting each patch entry's members at its pointer (what
// edge-worker/src/quotes/gas.js does), so the test reads the quote a wallet receives.
json patched(json quote, const json& patch) {
  for (const json& entry : patch) {
    json& at = quote[json::json_pointer(entry["path"].get<std::string>())];
    for (const auto& [name, value] : entry["set"].items()) at[name] = value;
  }
  return quote;
}

TEST(QuoteGas, EstimatedWhereEveryCallSucceededElseTheBoundsStay) {
  struct Row {
    const char* name;
    json results;
    std::vector<std::uint64_t> gas_a;  // reset, approve, funding of quote a
    bool estimated_a;
    std::uint64_t gas_b;
    bool estimated_b;
  };
  const json ok_a = {{"quoteId", "quote:a"}, {"calls", json::array({call_result("0x1", "0x6d60"), call_result("0x1", "0xb45b"), call_result("0x1", "0x30d40")})}};
  const json ok_b = {{"quoteId", "quote:b"}, {"calls", json::array({call_result("0x1", "0x186a0")})}};
  const std::vector<Row> rows = {
      {"both simulated", json::array({ok_a, ok_b}), {36400, 60023, 260000}, true, 130000, true},
      {"only the winner's chain read", json::array({ok_a}), {36400, 60023, 260000}, true, 600000, false},
      {"nothing simulated", json::array(), {100000, 100000, 600000}, false, 600000, false},
      {"the funding reverts (a short balance): the bounds",
       json::array({{{"quoteId", "quote:a"}, {"calls", json::array({call_result("0x1", "0x6d60"), call_result("0x1", "0xb45b"), call_result("0x0", "0x5208")})}}, ok_b}),
       {100000, 100000, 600000}, false, 130000, true},
      {"fewer results than transactions",
       json::array({{{"quoteId", "quote:a"}, {"calls", json::array({call_result("0x1", "0x6d60")})}}}), {100000, 100000, 600000}, false, 600000, false},
      {"a gasUsed that is no quantity",
       json::array({{{"quoteId", "quote:b"}, {"calls", json::array({call_result("0x1", "lots")})}}}), {100000, 100000, 600000}, false, 600000, false},
  };
  const json sims = gas_simulations(sample_quote());
  for (const Row& row : rows) {
    const OpResult r = quote_gas_op({{"simulations", sims}, {"results", row.results}});
    ASSERT_EQ(r.status, 200) << row.name;
    const json quote = patched(sample_quote(), r.body["patch"]);
    const json& a = quote["execution"];
    const json& b = quote["competingQuotes"][0]["execution"];
    EXPECT_EQ(a["approvals"][0]["gas"], row.gas_a[0]) << row.name;
    EXPECT_EQ(a["approvals"][1]["gas"], row.gas_a[1]) << row.name;
    EXPECT_EQ(a["transaction"]["gas"], row.gas_a[2]) << row.name;
    for (const json* tx : {&a["approvals"][0], &a["approvals"][1], &a["transaction"]}) EXPECT_EQ((*tx)["gasEstimated"], row.estimated_a) << row.name;
    // `approval` stays the last of `approvals`.
    EXPECT_EQ(a["approval"], a["approvals"][1]) << row.name;
    EXPECT_EQ(b["transaction"]["gas"], row.gas_b) << row.name;
    EXPECT_EQ(b["transaction"]["gasEstimated"], row.estimated_b) << row.name;
    EXPECT_TRUE(b["approval"].is_null()) << row.name;
    // Nothing else moves: the Solana quote is as it was.
    EXPECT_EQ(quote["competingQuotes"][1], sample_quote()["competingQuotes"][1]) << row.name;
  }
}

TEST(QuoteGas, MalformedInputsAreTheWorkersBug) {
  const json sims = gas_simulations(sample_quote());
  EXPECT_THROW(quote_gas_op({{"simulations", sims}, {"results", "none"}}), OpInputError);
  EXPECT_THROW(quote_gas_op({{"simulations", 7}, {"results", json::array()}}), OpInputError);
  json unnamed = sims;
  unnamed[0]["transactions"][0] = "execution";  // not a JSON pointer
  EXPECT_THROW(quote_gas_op({{"simulations", unnamed}, {"results", json::array()}}), OpInputError);
  json short_of_calls = sims;
  short_of_calls[0]["transactions"].erase(0);
  short_of_calls[0]["transactions"].erase(0);
  EXPECT_THROW(quote_gas_op({{"simulations", short_of_calls}, {"results", json::array()}}), OpInputError);
  // One call and two pointers: no approval for the second to repeat.
  json lone = sims;
  lone[1]["transactions"].push_back("/competingQuotes/0/execution/approval");
  EXPECT_THROW(quote_gas_op({{"simulations", lone}, {"results", json::array()}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
