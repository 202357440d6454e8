// The browser verifier (verify::verify_quote) on any quote: what a dapp runs on a quote it got
// from the network, before anyone signs. Input: JSON {"quote": ..., "request": ...} (request
// optional), checked against the local configuration's chain records at the clock the seeds
// were issued at (fuzz/make-seeds.mjs: real engine quotes of every shape, so seeds pass).
// Invariants: nothing escapes verify_quote (a malformed quote only fails checks; the package
// promises to throw for a malformed context only); every report lists the fourteen checks in order,
// a failed one with a detail; `ok` is exactly "every check passed"; a quote that passes passes
// again after a dump/parse round trip (re-verifying only those keeps the target fast: a
// verification costs a signature recovery). The package module parses its arguments with
// json::parse instead of nlohmann: on every input it must build the same value or fail with the
// same message, and dump as nlohmann does.
#include <iterator>
#include <string>

#include "fuzz_support.h"
#include "json/nlohmann_bridge.h"
#include "json/value.h"
#include "verify/quote_verifier.h"

namespace {

using namespace sr;
using nlohmann::json;

// The engine signs seeds at this clock (make-seeds.mjs) with the local configuration's lifetime.
constexpr std::uint64_t kNow = 1763697600;
constexpr const char* kChecks[] = {"signature",       "expiry",          "intent-hashes",  "funded-intent",
                                   "vault",           "funding-target",  "funding-calldata", "route-matches-request",
                                   "first-leg",       "delivery-route",  "deadlines",      "slippage-bound",
                                   "fees",            "competing-quotes"};

// The local chain records with the limits GET /v1/chains adds (the local configuration's windows:
// rewardWindowSec 3600; the longest fill window, one solver's, 7200; quoteLifetimeSec 120; the partners' deposit deadlineSec 86400).
const verify::ChainDirectory& chains() {
  static const verify::ChainDirectory directory = [] {
    json records = fuzz::read_json_file(std::string(SR_SOURCE_DIR) + "/config/local/chains.json");
    for (json& chain : records) chain["limits"] = {{"maxFillWindowSec", 7200}, {"maxRewardWindowSec", 3600}, {"maxQuoteLifetimeSec", 120},
                                                   {"maxDepositLifetimeSec", 86400}};
    return verify::ChainDirectory::from_json(records);
  }();
  return directory;
}

verify::Report verify_or_die(const json& quote, const json* request, std::uint64_t now) {
  try {
    return verify::verify_quote(quote, verify::QuoteContext{&chains(), request, now});
  } catch (const std::exception& e) {
    fuzz::fail("verify_quote threw for a malformed quote", e.what());
  }
}

void check_package_parser(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string theirs;
  json value;
  try {
    value = json::parse(text);
  } catch (const json::exception& e) {
    theirs = e.what();
  }
  try {
    const sr::json::Value own = sr::json::parse(text);
    SR_FUZZ_CHECK(theirs.empty(), theirs);
    SR_FUZZ_CHECK(sr::json::to_nlohmann(own) == value, text);
    std::string dumped;
    try {
      dumped = value.dump();
    } catch (const json::exception& e) {
      dumped = e.what();
    }
    std::string own_dumped;
    try {
      own_dumped = own.dump();
    } catch (const sr::json::Error& e) {
      own_dumped = e.what();
    }
    SR_FUZZ_CHECK(own_dumped == dumped, own_dumped);
  } catch (const sr::json::Error& e) {
    SR_FUZZ_CHECK(e.what() == theirs, std::string(e.what()) + " / " + theirs);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_package_parser(data, size);
  const nlohmann::json doc = fuzz::parse_json<nlohmann::json>(data, size);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("quote")) return 0;
  const nlohmann::json& quote = doc["quote"];
  const nlohmann::json* request = doc.contains("request") && doc["request"].is_object() ? &doc["request"] : nullptr;

  const verify::Report report = verify_or_die(quote, request, kNow);
  SR_FUZZ_CHECK(report.checks.size() == std::size(kChecks), quote.dump());
  bool all_passed = true;
  for (std::size_t i = 0; i < report.checks.size(); ++i) {
    const verify::Check& check = report.checks[i];
    SR_FUZZ_CHECK(check.name == kChecks[i], check.name);
    SR_FUZZ_CHECK(check.ok || !check.detail.empty(), check.name);
    all_passed = all_passed && check.ok;
  }
  SR_FUZZ_CHECK(report.ok() == all_passed, quote.dump());

  if (report.ok()) {
    const sr::json::Value again = verify::to_json(verify_or_die(nlohmann::json::parse(quote.dump()), request, kNow));
    SR_FUZZ_CHECK(again == verify::to_json(report), again.dump());
    fuzz::accepted();
  }
  return 0;
}
