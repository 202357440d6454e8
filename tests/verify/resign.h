// A lying signer's tools for the verifier's tests: after a test changed a genuine quote (or a
// deposit answer), every field that follows from its intents is derived again and the answer is
// signed with the local development quote signer (config/local), exactly as a service holding the
// key would sign it. Only the rule about what the changed intent says can then refuse it.
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "crypto/hex.h"
#include "crypto/secp256k1.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/quote_signature.h"
#include "protocol/svm_fund.h"
#include "protocol/svm_transaction.h"
#include "protocol/vault.h"
#include "service/config/config.h"

namespace sr::verify::testing {

// The local development quote signer's key (config/local/secrets.json): what a service holding
// the key signs with. Also read by the lying-signer fuzz target, which has no GoogleTest.
inline const std::string& local_signer_key() {
  static const std::string key = [] {
    std::ifstream in(std::string(SR_SOURCE_DIR) + "/config/local/secrets.json");
    return nlohmann::json::parse(in)["quoteSignerKey"].get<std::string>();
  }();
  return key;
}

// A chain the configuration has; a changed answer may name one it has not, which no signer can
// derive a vault for.
inline const service::ChainRecord& chain_of(const service::Config& config, const nlohmann::json& id) {
  const service::ChainRecord* chain = id.is_number_unsigned() ? config.chain(id.get<std::uint64_t>()) : nullptr;
  if (chain == nullptr) throw std::invalid_argument("resign: no chain " + id.dump() + " in the configuration");
  return *chain;
}

inline std::string vault_text(const service::ChainRecord& chain, const Hash32& hash) {
  if (chain.vm == sr::Vm::evm) {
    return protocol::evm_vault_address(chain.portal.evm(), hash, *chain.vault_init_code_hash).checksummed();
  }
  return protocol::svm_vault_address(hash, chain.portal.svm()).to_base58();
}

// A stitched first leg's publishAndFund of the second intent; every listed entry's intentHash, encodedRoute and vault from its intent; execution.intent and
// execution.vault from the funded entry (steps[step].intents[index]); the EVM funding calldata;
// the top-level intentHash when the quote has one; the signature.
inline void resign_quote(nlohmann::json& quote, const service::Config& config, std::size_t step = 0,
                         std::size_t index = 0) {
  // A stitched first leg of the genuine shape (approve, publishAndFund) funds the listed second
  // intent as it now reads.
  nlohmann::json& first = quote["steps"][0]["intents"][0];
  if (first["role"] == "stitched-source" && first["intent"]["route"]["calls"].size() == 2) {
    const nlohmann::json& second = quote["steps"][1]["intents"][0];
    const auto& middle = chain_of(config, second["sourceChainId"]);
    const auto& destination = chain_of(config, second["intent"]["destination"]);
    const protocol::Intent intent =
        protocol::intent_from_json(second["intent"], middle.vm, destination.vm);
    first["intent"]["route"]["calls"][1]["data"] = hex::encode(protocol::portal::publish_and_fund(
        intent.destination, protocol::encode_route(intent.route, destination.vm), intent.reward, false));
  }
  for (auto& s : quote["steps"]) {
    for (auto& entry : s["intents"]) {
      const auto& source = chain_of(config, entry["sourceChainId"]);
      const auto& destination = chain_of(config, entry["intent"]["destination"]);
      const protocol::Intent intent =
          protocol::intent_from_json(entry["intent"], source.vm, destination.vm);
      const protocol::IntentHashes h = protocol::hash_intent(intent, source.vm, destination.vm);
      entry["intentHash"] = hex::encode(h.intent_hash);
      entry["encodedRoute"] = hex::encode(h.encoded_route);
      entry["vault"] = vault_text(source, h.intent_hash);
    }
  }
  const nlohmann::json& funded = quote["steps"][step]["intents"][index];
  quote["execution"]["intent"] = funded["intent"];
  quote["execution"]["vault"] = funded["vault"];
  const auto& funded_source = chain_of(config, funded["sourceChainId"]);
  const auto& funded_destination = chain_of(config, funded["intent"]["destination"]);
  const protocol::Intent funded_intent =
      protocol::intent_from_json(funded["intent"], funded_source.vm, funded_destination.vm);
  if (quote["execution"]["transaction"]["type"] == "evm") {
    quote["execution"]["transaction"]["data"] = hex::encode(protocol::portal::publish_and_fund(
        funded_intent.destination, hex::decode(funded["encodedRoute"].get<std::string>()), funded_intent.reward, false));
  } else {
    // Solana: the Portal's fund instruction for the funded intent, the funder's tokens under the
    // program that owns the reward mint.
    protocol::SvmTransaction tx =
        protocol::svm_transaction_from_json(nlohmann::ordered_json(quote["execution"]["transaction"]));
    const protocol::svm_fund::FundArgs args{funded_intent.destination,
                                            protocol::route_hash(funded_intent.route, funded_destination.vm),
                                            funded_intent.reward, false};
    const svm::Pubkey funder = svm::Pubkey::parse(quote["source"]["funder"].get<std::string>());
    const auto* mint = funded_intent.reward.tokens.empty()
                           ? nullptr
                           : config.token(funded_source.chain_id, service::ChainAddress(funded_intent.reward.tokens[0].token.to_svm()));
    tx.instructions = {protocol::svm_fund::fund_instruction(
        args, {tx.fee_payer, funder}, funded_source.portal.svm(),
        mint != nullptr && mint->token_program ? *mint->token_program : svm::token_program_id())};
    quote["execution"]["transaction"] = nlohmann::json::parse(protocol::to_json(tx).dump());
  }
  if (!quote["intentHash"].is_null()) quote["intentHash"] = funded["intentHash"];
  quote["signature"] = protocol::sign_quote(quote["id"], protocol::quote_intent_hashes(quote), quote["expiresAt"],
                                            quote["source"]["chainId"],
                                            secp256k1::SecretKey::from_hex(local_signer_key()));
}

// A deposit address's record after a change: its intent hash and vault from its intent, and the
// signature over [intentHash] until its deadline.
inline void resign_deposit(nlohmann::json& answer, const service::Config& config) {
  const auto& source = chain_of(config, answer["source"]["chainId"]);
  const auto& destination = chain_of(config, answer["intent"]["destination"]);
  const protocol::Intent intent = protocol::intent_from_json(answer["intent"], source.vm, destination.vm);
  const Hash32 hash = protocol::hash_intent(intent, source.vm, destination.vm).intent_hash;
  answer["intentHash"] = hex::encode(hash);
  answer["vaultAddress"] = vault_text(source, hash);
  answer["signature"] = protocol::sign_quote("quote:" + answer["quoteId"].get<std::string>(), {hash}, answer["deadline"],
                                             source.chain_id, secp256k1::SecretKey::from_hex(local_signer_key()));
}

}  // namespace sr::verify::testing
