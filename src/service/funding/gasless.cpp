#include "service/funding/gasless.h"

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "service/funding/funding_quote.h"
#include "service/funding/gasless_job.h"
#include "service/common/op_input.h"
#include "service/chain/vault_derivation.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

struct StandardInfo {
  FundingStandard standard;
  GaslessStandard gasless;
  const char* member;  // the body member holding the authorization
};

std::optional<StandardInfo> standard_info(std::string_view name) {
  if (name == "permit3") return StandardInfo{FundingStandard::permit3, GaslessStandard::permit3, "permit3"};
  if (name == "permit2") return StandardInfo{FundingStandard::permit2, GaslessStandard::permit2, "permit2"};
  if (name == "erc3009") return StandardInfo{FundingStandard::erc3009, GaslessStandard::erc3009, "authorization"};
  return std::nullopt;
}

// ERC-3009 moves the money to its `to`, and a Permit3 transfer (mode 0) to its `account`: both
// pay the vault directly, so the chain must have confirmed the vault derivation. Permit2 and
// Permit3 allowances only let the vault pull once the Portal deploys it, which is safe anyway.
std::optional<OpResult> require_confirmed_direct_payee(FundingStandard standard, const json& authorization,
                                                       const ChainRecord& chain, const ConfirmedChains& confirmed) {
  if (standard == FundingStandard::erc3009) {
    return require_confirmed_vaults(chain, confirmed, "an ERC-3009 authorization paying a vault");
  }
  if (standard == FundingStandard::permit3) {
    for (const json& entry : authorization.at("chainPermits").at("permits")) {
      if (entry.at("modeOrExpiration") == "0") {
        return require_confirmed_vaults(chain, confirmed, "a Permit3 transfer paying a vault");
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::string funding_job_key(const std::string& quote_id, std::string_view standard, const Hash32& digest,
                            ByteView signature) {
  Keccak256 h;
  // Length-prefixed text fields, so no two different inputs concatenate to the same bytes.
  for (std::string_view text : {std::string_view(quote_id), standard}) {
    const std::uint8_t length = static_cast<std::uint8_t>(text.size());
    h.update(ByteView(&length, 1)).update(text);
  }
  h.update(digest).update(signature);
  return hex::encode(h.finalize());
}

json funding_plan(std::string_view standard, const ChainRecord& chain, const TokenRecord& token, const Address& funder,
                  const Address& vault, const json& intent, const json& authorization, ByteView signature) {
  return {{"standard", standard},
          {"chainId", chain.chain_id},
          {"token", token.address.text()},
          {"funder", funder.checksummed()},
          {"vault", vault.checksummed()},
          {"intent", intent},
          {"authorization", authorization},
          {"signature", signature.empty() ? json(nullptr) : json(hex::encode(signature))}};
}

OpResult gasless_verify_op(const Config& config, const json& input) {
  const OpInput in(input, "gaslessVerify");
  const json& standard_json = in.member("standard");
  const auto info = standard_json.is_string() ? standard_info(standard_json.get<std::string>()) : std::nullopt;
  if (!info) throw OpInputError("op \"gaslessVerify\": standard must be permit3, permit2 or erc3009");
  const std::uint64_t now = in.unix_seconds("now");
  const json& body = in.member("body");

  FieldErrors errors;
  if (!body.is_object()) {
    errors.add("", "the request body must be an object {quote, " + std::string(info->member) + ", signature}");
    return invalid_request(errors);
  }
  for (const auto& [name, value] : body.items()) {
    if (name != "quote" && name != info->member && name != "signature") {
      errors.add(name, name + " is not a known field of a " + standard_json.get<std::string>() + " submit");
    }
  }
  for (const char* name : {"quote", info->member, "signature"}) {
    if (!body.contains(name) || body[name].is_null()) errors.add(name, std::string(name) + " is required");
  }
  if (!errors.empty()) return invalid_request(errors);

  const auto quote = check_funded_quote(body["quote"], "quote", config, now, errors);
  if (!quote) return invalid_request(errors);
  if (!quote->token->supports(info->gasless)) {
    errors.add("quote.source.token", "quote.source.token " + quote->token->address.text() + " does not support " +
                                         std::string(gasless_name(info->gasless)) + " (see GET /v1/tokens)");
    return invalid_request(errors);
  }

  FundingTarget target;
  target.chain = quote->source;
  target.token = quote->token;
  target.vault = quote->vault;
  target.amount = quote->amount;
  target.funder = quote->funder;
  target.now = now;
  target.valid_until = quote->expires_at;
  const auto checked =
      check_authorization(info->standard, body[info->member], info->member, body["signature"], target, errors);
  if (!checked) return invalid_request(errors);
  if (const auto refused = require_confirmed_direct_payee(info->standard, checked->authorization, *quote->source,
                                                          ConfirmedChains::from_input(in))) {
    return *refused;
  }

  const std::string_view standard = funding_standard_name(info->standard);
  json plan = funding_plan(standard, *quote->source, *quote->token, quote->funder, quote->vault, quote->intent_json,
                           checked->authorization, checked->signature);
  return ok({{"jobKey", funding_job_key(quote->id, standard, checked->digest, checked->signature)},
             {"standard", standard},
             {"quoteId", quote->id},
             {"intentHash", hex::encode(quote->intent_hash)},
             {"chainId", quote->source->chain_id},
             {"funder", quote->funder.checksummed()},
             {"vault", quote->vault.checksummed()},
             {"plan", std::move(plan)},
             {"job", gasless_job(standard, quote->id, hex::encode(quote->intent_hash), quote->source->chain_id, now)}});
}

}  // namespace sr::service
