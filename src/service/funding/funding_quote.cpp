#include "service/funding/funding_quote.h"

#include <algorithm>
#include <set>

#include "crypto/hex.h"
#include "eth/signer.h"
#include "protocol/intent_hash.h"
#include "protocol/quote_signature.h"
#include "protocol/vault.h"
#include "service/common/field_reader.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

// Runs read() and records a ParseError's message against `path` (nullopt then).
template <class Read>
auto recorded(FieldErrors& errors, const std::string& path, Read&& read) -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const ParseError& e) {
    errors.add(path, path + ": " + e.what());
    return std::nullopt;
  }
}

const json* member(const json& object, std::string_view name, const std::string& path, FieldErrors& errors) {
  const auto it = object.find(std::string(name));
  if (it == object.end() || it->is_null()) {
    errors.add(member_path(path, name), member_path(path, name) + " is required: send the quote exactly as received");
    return nullptr;
  }
  return &*it;
}

std::optional<std::string> string_member(const json& object, std::string_view name, const std::string& path,
                                         FieldErrors& errors) {
  const json* value = member(object, name, path, errors);
  if (!value) return std::nullopt;
  return read_string(*value, member_path(path, name), errors);
}

std::optional<std::uint64_t> integer_member(const json& object, std::string_view name, const std::string& path,
                                            FieldErrors& errors) {
  const json* value = member(object, name, path, errors);
  if (!value) return std::nullopt;
  return read_integer(*value, member_path(path, name), errors);
}

std::optional<Hash32> hash_member(const json& object, std::string_view name, const std::string& path,
                                  FieldErrors& errors) {
  const auto text = string_member(object, name, path, errors);
  if (!text) return std::nullopt;
  return recorded(errors, member_path(path, name), [&] { return hex::decode32(*text); });
}

// A chain a gasless funding can happen on: configured, EVM, with a Portal's vault rule.
const ChainRecord* source_chain(const json& object, std::string_view name, const std::string& path,
                                const Config& config, FieldErrors& errors) {
  const auto id = integer_member(object, name, path, errors);
  if (!id) return nullptr;
  const ChainRecord* chain = config.chain(*id);
  const std::string field = member_path(path, name);
  if (!chain) {
    errors.add(field, field + " names chain " + std::to_string(*id) + ", which is not configured");
  } else if (chain->vm != Vm::evm || !chain->vault_init_code_hash) {
    errors.add(field, field + " names chain " + std::to_string(*id) +
                          ", which is not an EVM chain; gasless funding exists only on EVM chains");
    return nullptr;
  }
  return chain;
}

const ChainRecord* any_chain(std::uint64_t id, const std::string& field, const Config& config, FieldErrors& errors) {
  const ChainRecord* chain = config.chain(id);
  if (!chain) errors.add(field, field + " names chain " + std::to_string(id) + ", which is not configured");
  return chain;
}

struct DecodedIntent {
  protocol::Intent intent;
  Hash32 hash{};
};

// Decodes `intent_json` (an intent sourced on `source`) and hashes it as the Portal does.
std::optional<DecodedIntent> decode_intent(const json& intent_json, const std::string& path, const ChainRecord& source,
                                           const Config& config, FieldErrors& errors) {
  if (!intent_json.is_object() || !intent_json.contains("destination") ||
      !intent_json["destination"].is_number_unsigned()) {
    errors.add(path, path + " must be the decoded intent {destination, route, reward}");
    return std::nullopt;
  }
  const ChainRecord* destination =
      any_chain(intent_json["destination"].get<std::uint64_t>(), member_path(path, "destination"), config, errors);
  if (!destination) return std::nullopt;
  return recorded(errors, path, [&] {
    DecodedIntent out;
    out.intent = protocol::intent_from_json(intent_json, source.vm, destination->vm, path);
    out.hash = protocol::hash_intent(out.intent, source.vm, destination->vm).intent_hash;
    return out;
  });
}

// Every steps[].intents[] hash, recomputed; errors where the listed hash differs.
std::optional<std::vector<Hash32>> recompute_step_hashes(const json& quote, const std::string& path,
                                                         const Config& config, FieldErrors& errors) {
  const json* steps = member(quote, "steps", path, errors);
  if (!steps) return std::nullopt;
  const std::string steps_path = member_path(path, "steps");
  const json* steps_array = read_array(*steps, steps_path, errors);
  if (!steps_array) return std::nullopt;
  std::vector<Hash32> hashes;
  const std::size_t before = errors.size();
  for (std::size_t s = 0; s < steps_array->size(); ++s) {
    const std::string step_path = element_path(steps_path, s);
    const json& step = (*steps_array)[s];
    if (!step.is_object()) {
      errors.add(step_path, step_path + " must be an object");
      continue;
    }
    const json* intents = member(step, "intents", step_path, errors);
    if (!intents) continue;
    const std::string intents_path = member_path(step_path, "intents");
    const json* list = read_array(*intents, intents_path, errors);
    if (!list) continue;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string entry_path = element_path(intents_path, i);
      const json& entry = (*list)[i];
      if (!entry.is_object()) {
        errors.add(entry_path, entry_path + " must be an object");
        continue;
      }
      const auto listed = hash_member(entry, "intentHash", entry_path, errors);
      const auto source_id = integer_member(entry, "sourceChainId", entry_path, errors);
      const json* intent_json = member(entry, "intent", entry_path, errors);
      if (!listed || !source_id || !intent_json) continue;
      const ChainRecord* source = any_chain(*source_id, member_path(entry_path, "sourceChainId"), config, errors);
      if (!source) continue;
      const auto decoded = decode_intent(*intent_json, member_path(entry_path, "intent"), *source, config, errors);
      if (!decoded) continue;
      if (decoded->hash != *listed) {
        const std::string field = member_path(entry_path, "intentHash");
        errors.add(field, field + " is not the hash of its decoded intent (which hashes to " +
                              hex::encode(decoded->hash) + ")");
        continue;
      }
      hashes.push_back(decoded->hash);
    }
  }
  if (errors.size() != before) return std::nullopt;
  if (hashes.empty()) {
    errors.add(steps_path, steps_path + " lists no intent");
    return std::nullopt;
  }
  return hashes;
}

std::optional<U256> decimal_member(const json& object, std::string_view name, const std::string& path,
                                   FieldErrors& errors) {
  const auto text = string_member(object, name, path, errors);
  if (!text) return std::nullopt;
  return recorded(errors, member_path(path, name), [&] { return U256::from_decimal(*text); });
}

std::optional<Address> address_member(const json& object, std::string_view name, const std::string& path,
                                       FieldErrors& errors) {
  const auto text = string_member(object, name, path, errors);
  if (!text) return std::nullopt;
  return recorded(errors, member_path(path, name), [&] { return Address::parse(*text); });
}

}  // namespace

std::optional<FundedQuote> check_funded_quote(const json& quote, const std::string& path, const Config& config,
                                              std::uint64_t now, FieldErrors& errors) {
  if (!quote.is_object()) {
    errors.add(path, path + " must be the signed quote object exactly as received");
    return std::nullopt;
  }
  const std::size_t before = errors.size();
  FundedQuote out;

  const auto id = string_member(quote, "id", path, errors);
  if (id && id->rfind("quote:", 0) != 0) {
    errors.add(member_path(path, "id"), member_path(path, "id") + " must start with quote:");
  }
  const auto expires_at = integer_member(quote, "expiresAt", path, errors);
  const auto signature_text = string_member(quote, "signature", path, errors);
  std::optional<Bytes> signature;
  if (signature_text) {
    signature = recorded(errors, member_path(path, "signature"),
                         [&] { return hex::decode(*signature_text, hex::Prefix::required, 65); });
  }

  // source: chain, token, amount, funder.
  const std::string source_path = member_path(path, "source");
  const json* source = member(quote, "source", path, errors);
  std::optional<Address> token_address, funder;
  std::optional<U256> amount;
  if (source && !source->is_object()) errors.add(source_path, source_path + " must be an object");
  if (source && source->is_object()) {
    out.source = source_chain(*source, "chainId", source_path, config, errors);
    token_address = address_member(*source, "token", source_path, errors);
    amount = decimal_member(*source, "amount", source_path, errors);
    funder = address_member(*source, "funder", source_path, errors);
  }

  const auto step_hashes = recompute_step_hashes(quote, path, config, errors);

  // The top-level intentHash (null on stitched routes) must be one of the decoded intents.
  const json* top = quote.contains("intentHash") ? &quote["intentHash"] : nullptr;
  if (top && !top->is_null() && step_hashes) {
    const auto top_hash = hash_member(quote, "intentHash", path, errors);
    if (top_hash && std::find(step_hashes->begin(), step_hashes->end(), *top_hash) == step_hashes->end()) {
      errors.add(member_path(path, "intentHash"),
                 member_path(path, "intentHash") + " is not the hash of any intent listed in steps");
    }
  }

  // execution.intent is the funded intent, execution.vault its vault.
  const std::string execution_path = member_path(path, "execution");
  const json* execution = member(quote, "execution", path, errors);
  std::optional<DecodedIntent> funded;
  std::optional<Address> vault;
  if (execution && !execution->is_object()) errors.add(execution_path, execution_path + " must be an object");
  if (execution && execution->is_object()) {
    vault = address_member(*execution, "vault", execution_path, errors);
    const json* intent_json = member(*execution, "intent", execution_path, errors);
    if (intent_json && out.source) {
      funded = decode_intent(*intent_json, member_path(execution_path, "intent"), *out.source, config, errors);
      if (funded) out.intent_json = *intent_json;
    }
  }
  if (errors.size() != before) return std::nullopt;

  out.id = *id;
  out.expires_at = *expires_at;
  out.funder = *funder;
  out.amount = *amount;
  out.intent = funded->intent;
  out.intent_hash = funded->hash;
  out.vault = *vault;

  // The signature: its own, over the recomputed hashes.
  const Hash32 digest = protocol::quote_digest(*id, protocol::signed_intent_hashes(*step_hashes), *expires_at,
                                               out.source->chain_id);
  const auto signer = recorded(errors, member_path(path, "signature"),
                               [&] { return eth::recover_address(digest, *signature); });
  if (signer && *signer != out.source->quote_signer) {
    errors.add(member_path(path, "signature"),
               member_path(path, "signature") + " is not this service's signature: over the quote's id, recomputed "
               "intent hashes and expiresAt it recovers to " + signer->checksummed() + ", not chain " +
               std::to_string(out.source->chain_id) + "'s quoteSigner " + out.source->quote_signer.checksummed());
  }
  if (now >= *expires_at) {
    errors.add(member_path(path, "expiresAt"), member_path(path, "expiresAt") + " has passed: the quote expired at " +
                                                   std::to_string(*expires_at) + " (now " + std::to_string(now) +
                                                   "); request a new quote");
  }
  if (std::find(step_hashes->begin(), step_hashes->end(), funded->hash) == step_hashes->end()) {
    errors.add(member_path(execution_path, "intent"),
               member_path(execution_path, "intent") + " is not one of the quote's signed intents");
  }
  const Address expected_vault = protocol::evm_vault_address(out.source->portal.evm(), funded->hash,
                                                             *out.source->vault_init_code_hash);
  if (expected_vault != out.vault) {
    errors.add(member_path(execution_path, "vault"), member_path(execution_path, "vault") + " is not the vault of the "
               "funded intent (expected " + expected_vault.checksummed() + ")");
  }

  // The reward the authorization must fund: one ERC-20 amount, source.token, source.amount.
  const std::string reward_path = member_path(member_path(execution_path, "intent"), "reward");
  const auto& reward = out.intent.reward;
  const protocol::Account token_word = protocol::Account::from_evm(*token_address);
  if (!reward.native_amount.is_zero()) {
    errors.add(member_path(reward_path, "nativeAmount"),
               member_path(reward_path, "nativeAmount") + " must be 0: a gasless funding moves no native value");
  }
  if (reward.tokens.size() != 1 || reward.tokens[0].token != token_word) {
    errors.add(member_path(reward_path, "tokens"),
               member_path(reward_path, "tokens") + " must hold exactly source.token: one authorization funds one token");
  } else if (reward.tokens[0].amount != out.amount) {
    errors.add(member_path(source_path, "amount"), member_path(source_path, "amount") +
                                                       " is not the funded reward's amount " +
                                                       reward.tokens[0].amount.to_decimal());
  }
  out.token = config.token(out.source->chain_id, ChainAddress(*token_address));
  if (!out.token) {
    errors.add(member_path(source_path, "token"), member_path(source_path, "token") + " is not a configured token of chain " +
                                                      std::to_string(out.source->chain_id));
  }
  // The relayer pays gas for every relayed funding: below the chain's minimum (service.json
  // relay.minAmount) the gas would be a large share of the money it moves. The quote itself
  // stays fundable by its funder, who then pays the gas.
  if (out.token) {
    const auto minimum = config.min_relay_amount(*out.token);
    if (minimum && out.amount < *minimum) {
      errors.add(member_path(source_path, "amount"),
                 member_path(source_path, "amount") + " " + out.amount.to_decimal() + " is below the smallest amount the relayer funds on chain " +
                     std::to_string(out.source->chain_id) + ": " + minimum->to_decimal() + " base units of " + out.token->symbol +
                     "; fund this quote directly, or quote a larger amount");
    }
  }
  if (errors.size() != before) return std::nullopt;
  return out;
}

}  // namespace sr::service
