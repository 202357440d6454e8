// Signed v1 quotes built from the protocol layer's functions (not from the verifier), for the
// verifier's tests: a direct exact-in EVM transfer (Base USDC -> Optimism USDC), with the chain
// records of config/production and the quote signer replaced by a test key.
#pragma once

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/erc20.h"
#include "protocol/evm_transaction.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/quote_signature.h"
#include "protocol/vault.h"
#include "verify/report.h"

namespace sr::verify::testing {

using nlohmann::json;
using protocol::Account;

// The protocol vectors' quote key (its address is 0x70997970C51812dc3A010C7d01b50e0d17dc79C8).
inline constexpr const char* kSignerKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
inline constexpr const char* kSignerAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
inline constexpr const char* kBaseUsdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
inline constexpr const char* kOptimismUsdc = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
inline constexpr const char* kPortal = "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df";
inline constexpr const char* kProver = "0xeC0008acc34d3D0CAa6758Ce788091e473812e28";
inline constexpr const char* kInitCodeHash = "0xa2e2cc717ed580fa2f38da7f47db9672a9723c65b386ed97f755095eb669f629";
inline constexpr const char* kFunder = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
inline constexpr const char* kRecipient = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
inline constexpr std::uint64_t kNow = 1763700000;
inline constexpr std::uint64_t kExpiresAt = kNow + 120;

// "name: detail" of every failed check, one per line: what a failing expectation prints.
inline std::string failures(const Report& report) {
  std::string out;
  for (const Check& c : report.checks) {
    if (!c.ok) out += c.name + ": " + c.detail + "\n";
  }
  return out;
}

inline json production_chains() {
  std::ifstream in(std::string(SR_SOURCE_DIR) + "/config/production/chains.json");
  json chains = json::parse(in);
  for (json& chain : chains) {
    chain["quoteSigner"] = kSignerAddress;
    chain["limits"] = {{"maxFillWindowSec", 3600}, {"maxRewardWindowSec", 3600}, {"maxQuoteLifetimeSec", 120},
                       {"maxDepositLifetimeSec", 86400}};  // as GET /v1/chains adds
  }
  return chains;
}

// Signed with kSignerKey over the quote's id, intent hashes and expiresAt (protocol layer).
inline std::string sign_quote(const json& quote) {
  return protocol::sign_quote(quote["id"], protocol::quote_intent_hashes(quote), quote["expiresAt"],
                              quote["source"]["chainId"], secp256k1::SecretKey::from_hex(kSignerKey));
}

struct DirectQuoteOptions {
  std::string amount = "25000000";      // source.amount (fixed input)
  std::string amount_out = "24875000";  // what the solver expects to deliver
  double slippage = 0.005;
};

// The request the quote answers.
inline json direct_request(const DirectQuoteOptions& o = {}) {
  return {{"type", "exact-in"},
          {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", o.amount}, {"funder", kFunder}}},
          {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}}},
          {"slippage", o.slippage},
          {"dappId", "verify-tests"}};
}

// floor(amount_out * (1 - slippage)) in millionths, done with U256 arithmetic by the test itself.
inline U256 fixture_min_out(const std::string& amount_out, double slippage) {
  const auto keep = static_cast<std::uint64_t>(std::llround((1.0 - slippage) * 1'000'000));
  return *U256::mul_div(U256::from_decimal(amount_out), U256(keep), U256(1'000'000), Rounding::floor);
}

// Re-derives every dependent field (intent hash, encodedRoute, vault, calldata, signature) from
// quote["execution"]["intent"], so a test can change the intent and still get a consistent quote.
inline void reseal(json& quote) {
  const protocol::Intent intent = protocol::intent_from_json(quote["execution"]["intent"], Vm::evm, Vm::evm);
  const protocol::IntentHashes h = protocol::hash_intent(intent, Vm::evm, Vm::evm);
  const std::string hash = hex::encode(h.intent_hash);
  const std::string vault =
      protocol::evm_vault_address(Address::parse(kPortal), h.intent_hash, hex::decode32(kInitCodeHash)).checksummed();
  quote["intentHash"] = hash;
  quote["execution"]["vault"] = vault;
  quote["execution"]["transaction"]["data"] =
      hex::encode(protocol::portal::publish_and_fund(intent.destination, h.encoded_route, intent.reward, false));
  json& entry = quote["steps"][0]["intents"][0];
  entry["intentHash"] = hash;
  entry["intent"] = quote["execution"]["intent"];
  entry["encodedRoute"] = hex::encode(h.encoded_route);
  entry["vault"] = vault;
  quote["signature"] = sign_quote(quote);
}

inline json direct_quote(const DirectQuoteOptions& o = {}) {
  const U256 min_out = fixture_min_out(o.amount_out, o.slippage);
  const Address recipient = Address::parse(kRecipient);
  const protocol::Call transfer = protocol::erc20::transfer_call(Address::parse(kOptimismUsdc), recipient, min_out);
  const json intent = {
      {"destination", 10},
      {"route",
       {{"salt", "0x" + std::string(62, '0') + "2a"},
        {"deadline", kExpiresAt + 3600},
        {"portal", kPortal},
        {"nativeAmount", "0"},
        {"tokens", {{{"token", kOptimismUsdc}, {"amount", min_out.to_decimal()}}}},
        {"calls", {{{"target", kOptimismUsdc}, {"data", hex::encode(transfer.data)}, {"value", "0"}}}}}},
      {"reward",
       {{"deadline", kExpiresAt + 7200},
        {"creator", kFunder},
        {"prover", kProver},
        {"nativeAmount", "0"},
        {"tokens", {{{"token", kBaseUsdc}, {"amount", o.amount}}}}}}};
  const protocol::EvmTransaction approval{8453, Address::parse(kFunder), Address::parse(kBaseUsdc),
                                          protocol::erc20::approve(Address::parse(kPortal), U256::from_decimal(o.amount)),
                                          U256(0)};
  json quote = {
      {"id", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d"},
      {"type", "exact-in"},
      {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", o.amount}, {"funder", kFunder}}},
      {"destination",
       {{"chainId", 10},
        {"token", kOptimismUsdc},
        {"recipient", kRecipient},
        {"amountOut", o.amount_out},
        {"minAmountOut", min_out.to_decimal()}}},
      {"slippage", o.slippage},
      // What the amount loses on its way, as the one fee that adds the statement up.
      {"fees",
       {{{"type", "gas"},
         {"amount", U256::from_decimal(o.amount).sub_or_throw(U256::from_decimal(o.amount_out)).to_decimal()},
         {"token", {{"chainId", 8453}, {"address", kBaseUsdc}, {"symbol", "USDC"}, {"decimals", 6}}},
         {"estimate", false}}}},
      {"steps", {{{"provider", "atlas"}, {"intents", {{{"role", "direct"}, {"sourceChainId", 8453}, {"destinationChainId", 10}}}}}}},
      {"solver", {{"id", "atlas"}, {"name", "Atlas"}}},
      {"execution",
       {{"transaction",
         {{"type", "evm"}, {"chainId", 8453}, {"from", kFunder}, {"to", kPortal}, {"data", "0x"}, {"value", "0"}}},
        {"intent", intent},
        {"approval", protocol::to_json(approval)}}},
      {"expiresAt", kExpiresAt},
      {"competingQuotes", nullptr}};
  reseal(quote);
  return quote;
}

}  // namespace sr::verify::testing
