#include "service/funding/funding_authorization.h"

#include <algorithm>
#include <optional>

#include "crypto/hex.h"
#include "eth/signer.h"
#include "protocol/json_fields.h"
#include "protocol/eip2612.h"
#include "protocol/erc3009.h"
#include "protocol/permit2.h"
#include "protocol/permit3.h"
#include "protocol/token_domain.h"

namespace sr::service {

using json = nlohmann::ordered_json;
namespace jf = protocol::json_fields;

namespace {

// The protocol layer's messages start with the offending path ("permit3.deadline must be ...",
// "authorization is missing \"nonce\"", "permit2.spender: <reason>"): that path is the field.
void add_parse_error(FieldErrors& errors, const std::string& fallback_path, const ParseError& e) {
  const std::string message = e.what();
  const auto end = message.find_first_of(" :");
  errors.add(end == std::string::npos || end == 0 ? fallback_path : message.substr(0, end), message);
}

std::string path_of(const std::string& parent, std::string_view name) { return jf::member_path(parent, name); }

protocol::TokenDomain token_domain(const FundingTarget& t) {
  return {t.token->eip712->name, t.token->eip712->version, t.chain->chain_id, t.token->address.evm()};
}

// One parsed standard: its canonical JSON, digest, the address that must have signed it (its
// own from/owner, if it names one) and the checks of its fields against the target.
struct Parsed {
  json canonical;
  Hash32 digest{};
  std::optional<Address> named_signer;
  std::string named_signer_path;
};

void require_vault(const Address& account, const std::string& field, const FundingTarget& t, FieldErrors& errors) {
  if (account != t.vault) {
    errors.add(field, field + " must be the vault " + t.vault.checksummed() + " (the funded intent's vault), not " +
                          account.checksummed());
  }
}

void require_covers(const U256& amount, const std::string& field, const FundingTarget& t, FieldErrors& errors) {
  if (amount < t.amount) {
    errors.add(field, field + " " + amount.to_decimal() + " does not cover the amount to fund, " + t.amount.to_decimal());
  }
}

void require_until(const U256& deadline, const std::string& field, const FundingTarget& t, FieldErrors& errors) {
  if (deadline < U256(t.valid_until) || deadline < U256(t.now)) {
    errors.add(field, field + " must be at least " + std::to_string(t.valid_until) +
                          " so the authorization stays usable until the funding deadline (now " + std::to_string(t.now) + ")");
  }
}

// --- ERC-3009 --------------------------------------------------------------------------------

Parsed parse_erc3009(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const auto a = protocol::erc3009::parse(value, path);
  Parsed p;
  p.canonical = {{"from", a.from.checksummed()},           {"to", a.to.checksummed()},
                 {"value", a.value.to_decimal()},          {"validAfter", a.valid_after.to_decimal()},
                 {"validBefore", a.valid_before.to_decimal()}, {"nonce", hex::encode(a.nonce)}};
  p.digest = protocol::erc3009::digest(a, token_domain(t));
  p.named_signer = a.from;
  p.named_signer_path = path_of(path, "from");
  require_vault(a.to, path_of(path, "to"), t, errors);
  require_covers(a.value, path_of(path, "value"), t, errors);
  if (!(a.valid_after < U256(t.now))) {
    errors.add(path_of(path, "validAfter"), path_of(path, "validAfter") + " must be before now (" +
                                                std::to_string(t.now) + "): ERC-3009 requires validAfter < now");
  }
  // Valid while now < validBefore: usable through valid_until needs validBefore > valid_until - 1.
  require_until(a.valid_before, path_of(path, "validBefore"), t, errors);
  return p;
}

// --- EIP-2612 --------------------------------------------------------------------------------

Parsed parse_erc2612(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const auto permit = protocol::eip2612::parse(value, path);
  Parsed p;
  p.canonical = {{"owner", permit.owner.checksummed()}, {"spender", permit.spender.checksummed()},
                 {"value", permit.value.to_decimal()},  {"nonce", permit.nonce.to_decimal()},
                 {"deadline", permit.deadline.to_decimal()}};
  p.digest = protocol::eip2612::digest(permit, token_domain(t));
  p.named_signer = permit.owner;
  p.named_signer_path = path_of(path, "owner");
  require_vault(permit.spender, path_of(path, "spender"), t, errors);
  require_covers(permit.value, path_of(path, "value"), t, errors);
  require_until(permit.deadline, path_of(path, "deadline"), t, errors);
  return p;
}

// --- Permit2 ---------------------------------------------------------------------------------

Parsed parse_permit2(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const auto permit = protocol::permit2::parse(value, path);
  const std::string details_path = path_of(path, "details");
  Parsed p;
  json details = json::array();
  for (const auto& d : permit.details) {
    details.push_back({{"token", d.token.checksummed()},
                       {"amount", d.amount.to_decimal()},
                       {"expiration", std::to_string(d.expiration)},
                       {"nonce", std::to_string(d.nonce)}});
  }
  p.canonical = {{"details", details}, {"spender", permit.spender.checksummed()}, {"sigDeadline", permit.sig_deadline.to_decimal()}};
  if (!t.chain->permit2) {
    errors.add(path, path + " cannot be used on chain " + std::to_string(t.chain->chain_id) + ": it has no Permit2");
    return p;
  }
  p.digest = protocol::permit2::digest(permit, t.chain->chain_id, *t.chain->permit2);
  require_vault(permit.spender, path_of(path, "spender"), t, errors);
  require_until(permit.sig_deadline, path_of(path, "sigDeadline"), t, errors);
  // Permit2 applies a batch entry by entry, each one replacing the (owner, token, spender) allowance
  // (and spending the next nonce): a token named twice ends with the LAST amount, not the sum. So
  // only the first entry of the source token may count, and a second one is refused.
  U256 allowed;
  std::optional<std::size_t> first_source_entry;
  for (std::size_t i = 0; i < permit.details.size(); ++i) {
    const auto& d = permit.details[i];
    const std::string entry = jf::element_path(details_path, i);
    if (d.token != t.token->address.evm()) {
      errors.add(path_of(entry, "token"), path_of(entry, "token") + " must be the source token " + t.token->address.text());
      continue;
    }
    if (first_source_entry) {
      errors.add(path_of(entry, "token"), path_of(entry, "token") + " names the source token again (first in " +
                                              jf::element_path(details_path, *first_source_entry) +
                                              "): Permit2 keeps only the last approval of a token, it does not add the amounts; "
                                              "sign one entry for the whole amount");
      continue;
    }
    first_source_entry = i;
    allowed = d.amount;
    // 0 means "this block only" in Permit2, which the two-transaction relay cannot meet.
    require_until(d.expiration, path_of(entry, "expiration"), t, errors);
  }
  if (allowed < t.amount) {
    errors.add(path_of(jf::element_path(details_path, 0), "amount"),
               details_path + " allow " + allowed.to_decimal() + " of the source token, which does not cover the amount to fund, " +
                   t.amount.to_decimal());
  }
  return p;
}

// --- Permit3 ---------------------------------------------------------------------------------

Parsed parse_permit3(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  namespace p3 = protocol::permit3;
  const p3::Permit3 permit = p3::parse(value, path);
  const std::string permits_path = path + ".chainPermits.permits";
  if (permit.chain_permits.permits.empty()) throw ParseError(permits_path + " must hold at least one permit");

  Parsed p;
  json permits = json::array();
  for (const auto& e : permit.chain_permits.permits) {
    permits.push_back({{"modeOrExpiration", std::to_string(e.mode_or_expiration)},
                       {"tokenKey", hex::encode(e.token_key)},
                       {"account", e.account.checksummed()},
                       {"amountDelta", e.amount_delta.to_decimal()}});
  }
  json proof = json::array();
  for (const auto& h : permit.proof) proof.push_back(hex::encode(h));
  p.canonical = {{"owner", permit.owner.checksummed()},
                 {"salt", hex::encode(permit.salt)},
                 {"deadline", permit.deadline},
                 {"timestamp", permit.timestamp},
                 {"chainPermits", {{"chainId", permit.chain_permits.chain_id}, {"permits", permits}}},
                 {"proof", proof}};
  p.named_signer = permit.owner;
  p.named_signer_path = path_of(path, "owner");
  // The Permit3 domain is fixed (chainId 1, one address everywhere); a chain without it cannot
  // execute the permit.
  if (!t.chain->permit3 || *t.chain->permit3 != p3::permit3_address()) {
    errors.add(path, path + " cannot be used on chain " + std::to_string(t.chain->chain_id) + ": it has no Permit3");
    return p;
  }
  p.digest = p3::digest(permit);

  if (permit.chain_permits.chain_id != t.chain->chain_id) {
    errors.add(path + ".chainPermits.chainId",
               path + ".chainPermits.chainId must be the source chain " + std::to_string(t.chain->chain_id));
  }
  require_until(permit.deadline, path_of(path, "deadline"), t, errors);
  const Hash32 token_key = p3::token_key(t.token->address.evm());
  U256 funded;
  for (std::size_t i = 0; i < permit.chain_permits.permits.size(); ++i) {
    const auto& e = permit.chain_permits.permits[i];
    const std::string entry = jf::element_path(permits_path, i);
    require_vault(e.account, path_of(entry, "account"), t, errors);
    if (e.token_key != token_key) {
      errors.add(path_of(entry, "tokenKey"), path_of(entry, "tokenKey") + " must be the source token's key " + hex::encode(token_key));
    }
    if (e.mode_or_expiration >= p3::kDecrease && e.mode_or_expiration <= p3::kUnlock) {
      errors.add(path_of(entry, "modeOrExpiration"), path_of(entry, "modeOrExpiration") +
                                                         " is a decrease, lock or unlock, which funds nothing; use 0 (transfer) or an allowance expiration");
    } else if (e.mode_or_expiration != p3::kTransfer && e.mode_or_expiration < t.valid_until) {
      errors.add(path_of(entry, "modeOrExpiration"), path_of(entry, "modeOrExpiration") +
                                                         " is an allowance expiring before " + std::to_string(t.valid_until) +
                                                         ", the funding deadline");
    }
    funded = funded.checked_add(e.amount_delta).value_or(U256::max());
  }
  if (funded < t.amount) {
    errors.add(path_of(jf::element_path(permits_path, 0), "amountDelta"),
               permits_path + " move or allow " + funded.to_decimal() + ", which does not cover the amount to fund, " +
                   t.amount.to_decimal());
  }
  return p;
}

}  // namespace

std::string_view funding_standard_name(FundingStandard standard) {
  switch (standard) {
    case FundingStandard::permit3: return "permit3";
    case FundingStandard::permit2: return "permit2";
    case FundingStandard::erc3009: return "erc3009";
    case FundingStandard::erc2612: return "erc2612";
  }
  return "";
}

std::optional<CheckedAuthorization> check_authorization(FundingStandard standard, const json& authorization,
                                                        const std::string& path, const json& signature,
                                                        const FundingTarget& target, FieldErrors& errors) {
  const std::size_t before = errors.size();
  std::optional<Bytes> signature_bytes;
  try {
    signature_bytes = hex::decode(jf::read_string(signature, "signature"), hex::Prefix::required, 65);
  } catch (const ParseError& e) {
    errors.add("signature", std::string("signature: ") + e.what() + " (65 bytes r || s || v)");
  }
  const bool token_domain_needed = standard == FundingStandard::erc3009 || standard == FundingStandard::erc2612;
  if (token_domain_needed && !target.token->eip712) {
    errors.add(path, path + " cannot be verified: token " + target.token->address.text() + " has no EIP-712 domain configured");
    return std::nullopt;
  }
  Parsed parsed;
  try {
    switch (standard) {
      case FundingStandard::erc3009: parsed = parse_erc3009(authorization, path, target, errors); break;
      case FundingStandard::erc2612: parsed = parse_erc2612(authorization, path, target, errors); break;
      case FundingStandard::permit2: parsed = parse_permit2(authorization, path, target, errors); break;
      case FundingStandard::permit3: parsed = parse_permit3(authorization, path, target, errors); break;
    }
  } catch (const ParseError& e) {
    add_parse_error(errors, path, e);
    return std::nullopt;
  }
  if (!signature_bytes || errors.size() != before) return std::nullopt;

  // The funder must have signed: the quote's source.funder, and the party the authorization names.
  std::optional<Address> signer;
  try {
    signer = eth::recover_address(parsed.digest, *signature_bytes);
  } catch (const ParseError& e) {
    errors.add("signature", std::string("signature: ") + e.what());
    return std::nullopt;
  }
  if (parsed.named_signer && target.funder && *parsed.named_signer != *target.funder) {
    errors.add(parsed.named_signer_path, parsed.named_signer_path + " must be the quote's source.funder " +
                                             target.funder->checksummed());
  }
  const Address expected = target.funder ? *target.funder : *parsed.named_signer;
  if (*signer != expected) {
    errors.add("signature", "signature does not recover to " + expected.checksummed() + " under the " +
                                std::string(funding_standard_name(standard)) + " domain of chain " +
                                std::to_string(target.chain->chain_id) + " (it recovers to " + signer->checksummed() +
                                "): wrong signer, wrong domain or altered fields");
  }
  if (errors.size() != before) return std::nullopt;
  return CheckedAuthorization{parsed.digest, *signer, parsed.canonical, *signature_bytes};
}

}  // namespace sr::service
