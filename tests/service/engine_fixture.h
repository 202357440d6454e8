// Shared setup for the quote engine tests: the local configuration (whose quoteSigner is the
// local secret's address), variants of it, and helpers to request quotes and read them back
// with the protocol functions.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "eth/address.h"
#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "service/config/config.h"
#include "service/quotes/engine.h"
#include "service/service.h"
#include "config_fixture.h"

namespace sr::service::testing {

using json = nlohmann::ordered_json;

inline constexpr std::uint64_t kNow = 1'763'697'600;  // 2025-11-21T04:00:00Z
inline const char* const kRandom = "0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
inline const char* const kFunder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
inline const char* const kRecipient = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
inline const char* const kSolanaRecipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
inline const char* const kBaseUsdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
inline const char* const kOptimismUsdc = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
inline const char* const kPolygonUsdc = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359";
inline const char* const kSolanaUsdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

inline std::string local_signer_key() {
  return read_json_file(config_path("local", "secrets"))["quoteSignerKey"].get<std::string>();
}

inline json acme_key() {
  return {{"id", "dev-acme"},
          {"partner", "acme"},
          {"feeSchedule", {{"protocolBps", 0}, {"gatewayBps", 10}}},
          {"features", {"quotes", "all-quotes", "gasless"}}};
}
inline json unmapped_key() {
  return {{"id", "dev-unmapped"},
          {"partner", nullptr},
          {"feeSchedule", {{"protocolBps", 0}, {"gatewayBps", 0}}},
          {"features", {"quotes", "all-quotes"}}};
}
// dev-key-basic: partner acme, quotes only (no all-quotes, no gasless).
inline json basic_key() {
  return {{"id", "dev-basic"}, {"partner", "acme"}, {"feeSchedule", {{"protocolBps", 0}, {"gatewayBps", 10}}}, {"features", {"quotes"}}};
}

inline json exact_in_body(const std::string& amount = "100000000") {
  return {{"type", "exact-in"},
          {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", amount}, {"funder", kFunder}}},
          {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}}},
          {"dappId", "engine-test"}};
}

class EngineTest : public ::testing::Test {
 protected:
  EngineTest() : config_json_(config_json("local")) {}

  const Config& config() {
    if (!config_) config_.emplace(Config::from_json(config_json_));
    return *config_;
  }

  OpResult quote(const json& body, const json& key = acme_key(), std::uint64_t now = kNow,
                 const std::string& random = kRandom, const json& answers = json::array()) {
    const auto signer = secp256k1::SecretKey::from_hex(local_signer_key());
    json input = {{"body", body}, {"key", key}, {"now", now}, {"random", random}, {"solverAnswers", answers}};
    return quote_op(config(), signer, input);
  }

  json ok_quote(const json& body, const json& key = acme_key()) {
    OpResult r = quote(body, key);
    EXPECT_EQ(r.status, 200) << r.body.dump(2);
    return r.body;
  }

  json config_json_;
  std::optional<Config> config_;
};

inline Vm vm_of(const Config& config, std::uint64_t chain_id) { return config.chain(chain_id)->vm; }
inline sr::Vm pvm(Vm vm) { return vm == Vm::evm ? sr::Vm::evm : sr::Vm::svm; }

// The intent of a steps[].intents[] entry, decoded with the protocol functions.
inline protocol::Intent decode_entry_intent(const Config& config, const json& entry) {
  return protocol::intent_from_json(entry["intent"], pvm(vm_of(config, entry["sourceChainId"])),
                                    pvm(vm_of(config, entry["destinationChainId"])));
}

// Recovers the quote's signer from an EIP-712 document built here from the quote's fields.
inline Address quote_signer_of(const json& quote, const std::vector<std::string>& intent_hashes) {
  json doc = {{"types",
               {{"Quote",
                 {{{"name", "id"}, {"type", "string"}},
                  {{"name", "intentHashes"}, {"type", "bytes32[]"}},
                  {{"name", "expiresAt"}, {"type", "uint64"}}}}}},
              {"domain", {{"name", "ServiceQuoteV1"}, {"version", "1"}, {"chainId", quote["source"]["chainId"]}}},
              {"message", {{"id", quote["id"]}, {"intentHashes", intent_hashes}, {"expiresAt", quote["expiresAt"]}}}};
  const Hash32 digest = eip712::hash_typed_data(doc).digest;
  const Bytes signature = hex::decode(quote["signature"].get<std::string>());
  return eth::recover_address(digest, signature);
}

// The local secrets, one Service over the local configuration for every test of a binary, and
// its ops by name.
inline std::string local_secrets() { return json{{"quoteSignerKey", local_signer_key()}}.dump(); }
inline const Service& local_service() {
  static const Service service(config_json("local").dump(), local_secrets());
  return service;
}
inline json call(std::string_view op, const json& input) { return json::parse(local_service().handle(op, input.dump())); }

}  // namespace sr::service::testing
