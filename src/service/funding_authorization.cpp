#include "service/funding_authorization.h"

#include <algorithm>

#include "crypto/hex.h"
#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol/json_fields.h"
#include "protocol/permit3.h"

namespace sr::service {

using nlohmann::json;
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

json typed_data(const json& types, std::string primary, json domain, json message) {
  return {{"types", types}, {"primaryType", std::move(primary)}, {"domain", std::move(domain)}, {"message", std::move(message)}};
}

json token_domain(const FundingTarget& t) {
  return {{"name", t.token->eip712->name},
          {"version", t.token->eip712->version},
          {"chainId", t.chain->chain_id},
          {"verifyingContract", t.token->address.text()}};
}

// One parsed standard: its canonical JSON, digest, the address that must have signed it (its
// own from/owner, if it names one) and the checks of its fields against the target.
struct Parsed {
  json canonical;
  Hash32 digest{};
  std::optional<Address> named_signer;
  std::string named_signer_path;
};

// --- ERC-3009 --------------------------------------------------------------------------------

Parsed parse_erc3009(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const jf::Object o(value, path, {"from", "to", "value", "validAfter", "validBefore", "nonce"});
  const Address from = o.read("from", jf::read_address);
  const Address to = o.read("to", jf::read_address);
  const U256 amount = o.read("value", jf::read_uint, 256);
  const U256 valid_after = o.read("validAfter", jf::read_uint, 256);
  const U256 valid_before = o.read("validBefore", jf::read_uint, 256);
  const Hash32 nonce = o.read("nonce", jf::read_hash32);

  Parsed p;
  p.canonical = {{"from", from.checksummed()},          {"to", to.checksummed()},
                 {"value", amount.to_decimal()},        {"validAfter", valid_after.to_decimal()},
                 {"validBefore", valid_before.to_decimal()}, {"nonce", hex::encode(nonce)}};
  static const json types = {{"TransferWithAuthorization",
                              {{{"name", "from"}, {"type", "address"}},
                               {{"name", "to"}, {"type", "address"}},
                               {{"name", "value"}, {"type", "uint256"}},
                               {{"name", "validAfter"}, {"type", "uint256"}},
                               {{"name", "validBefore"}, {"type", "uint256"}},
                               {{"name", "nonce"}, {"type", "bytes32"}}}}};
  p.digest = eip712::hash_typed_data(typed_data(types, "TransferWithAuthorization", token_domain(t), p.canonical)).digest;
  p.named_signer = from;
  p.named_signer_path = path_of(path, "from");

  if (to != t.vault) {
    errors.add(path_of(path, "to"), path_of(path, "to") + " must be the vault " + t.vault.checksummed() +
                                        " (the quote's execution.vault), not " + to.checksummed());
  }
  if (amount < t.amount) {
    errors.add(path_of(path, "value"), path_of(path, "value") + " " + amount.to_decimal() +
                                           " does not cover the amount to fund, " + t.amount.to_decimal());
  }
  if (!(valid_after < U256(t.now))) {
    errors.add(path_of(path, "validAfter"), path_of(path, "validAfter") + " must be before now (" +
                                                std::to_string(t.now) + "): ERC-3009 requires validAfter < now");
  }
  if (valid_before < U256(t.valid_until) || !(U256(t.now) < valid_before)) {
    errors.add(path_of(path, "validBefore"),
               path_of(path, "validBefore") + " must be at least " + std::to_string(t.valid_until) +
                   " so the authorization stays valid until the funding deadline (now " + std::to_string(t.now) + ")");
  }
  return p;
}

// --- EIP-2612 --------------------------------------------------------------------------------

Parsed parse_erc2612(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const jf::Object o(value, path, {"owner", "spender", "value", "nonce", "deadline"});
  const Address owner = o.read("owner", jf::read_address);
  const Address spender = o.read("spender", jf::read_address);
  const U256 amount = o.read("value", jf::read_uint, 256);
  const U256 nonce = o.read("nonce", jf::read_uint, 256);
  const U256 deadline = o.read("deadline", jf::read_uint, 256);

  Parsed p;
  p.canonical = {{"owner", owner.checksummed()}, {"spender", spender.checksummed()}, {"value", amount.to_decimal()},
                 {"nonce", nonce.to_decimal()},  {"deadline", deadline.to_decimal()}};
  static const json types = {{"Permit",
                              {{{"name", "owner"}, {"type", "address"}},
                               {{"name", "spender"}, {"type", "address"}},
                               {{"name", "value"}, {"type", "uint256"}},
                               {{"name", "nonce"}, {"type", "uint256"}},
                               {{"name", "deadline"}, {"type", "uint256"}}}}};
  p.digest = eip712::hash_typed_data(typed_data(types, "Permit", token_domain(t), p.canonical)).digest;
  p.named_signer = owner;
  p.named_signer_path = path_of(path, "owner");

  if (spender != t.vault) {
    errors.add(path_of(path, "spender"), path_of(path, "spender") + " must be the vault " + t.vault.checksummed() +
                                             ", not " + spender.checksummed());
  }
  if (amount < t.amount) {
    errors.add(path_of(path, "value"), path_of(path, "value") + " " + amount.to_decimal() +
                                           " does not cover the amount to fund, " + t.amount.to_decimal());
  }
  if (deadline < U256(t.valid_until) || deadline < U256(t.now)) {
    errors.add(path_of(path, "deadline"), path_of(path, "deadline") + " must be at least " +
                                              std::to_string(t.valid_until) + " so the permit stays valid until the funding deadline");
  }
  return p;
}

// --- Permit2 ---------------------------------------------------------------------------------

Parsed parse_permit2(const json& value, const std::string& path, const FundingTarget& t, FieldErrors& errors) {
  const jf::Object o(value, path, {"details", "spender", "sigDeadline"});
  const Address spender = o.read("spender", jf::read_address);
  const U256 sig_deadline = o.read("sigDeadline", jf::read_uint, 256);
  const std::string details_path = o.path("details");
  const auto details = jf::read_each(o["details"], details_path, [](const json& d, const std::string& p) {
    const jf::Object e(d, p, {"token", "amount", "expiration", "nonce"});
    return json{{"token", e.read("token", jf::read_address).checksummed()},
                {"amount", e.read("amount", jf::read_uint, 160).to_decimal()},
                {"expiration", e.read("expiration", jf::read_uint, 48).to_decimal()},
                {"nonce", e.read("nonce", jf::read_uint, 48).to_decimal()}};
  });
  if (details.empty()) throw ParseError(details_path + ": must hold at least one entry");

  Parsed p;
  const bool single = details.size() == 1;
  p.canonical = {{"details", details}, {"spender", spender.checksummed()}, {"sigDeadline", sig_deadline.to_decimal()}};
  const json details_type = {{{"name", "token"}, {"type", "address"}},
                             {{"name", "amount"}, {"type", "uint160"}},
                             {{"name", "expiration"}, {"type", "uint48"}},
                             {{"name", "nonce"}, {"type", "uint48"}}};
  const std::string primary = single ? "PermitSingle" : "PermitBatch";
  const json types = {{primary,
                       {{{"name", "details"}, {"type", single ? "PermitDetails" : "PermitDetails[]"}},
                        {{"name", "spender"}, {"type", "address"}},
                        {{"name", "sigDeadline"}, {"type", "uint256"}}}},
                      {"PermitDetails", details_type}};
  const json message = {{"details", single ? json(details[0]) : json(details)},
                        {"spender", spender.checksummed()},
                        {"sigDeadline", sig_deadline.to_decimal()}};
  if (!t.chain->permit2) {
    errors.add(path, path + " cannot be used on chain " + std::to_string(t.chain->chain_id) + ": it has no Permit2");
    return p;
  }
  const json domain = {{"name", "Permit2"}, {"chainId", t.chain->chain_id}, {"verifyingContract", t.chain->permit2->checksummed()}};
  p.digest = eip712::hash_typed_data(typed_data(types, primary, domain, message)).digest;

  if (spender != t.vault) {
    errors.add(path_of(path, "spender"), path_of(path, "spender") + " must be the vault " + t.vault.checksummed() +
                                             " (the quote's execution.vault), not " + spender.checksummed());
  }
  if (sig_deadline < U256(t.valid_until) || sig_deadline < U256(t.now)) {
    errors.add(path_of(path, "sigDeadline"), path_of(path, "sigDeadline") + " must be at least " +
                                                 std::to_string(t.valid_until) + " so the permit stays valid until the funding deadline");
  }
  U256 allowed;
  for (std::size_t i = 0; i < details.size(); ++i) {
    const std::string entry = jf::element_path(details_path, i);
    if (details[i]["token"] != t.token->address.text()) {
      errors.add(path_of(entry, "token"), path_of(entry, "token") + " must be the source token " + t.token->address.text());
      continue;
    }
    allowed = allowed.checked_add(U256::from_decimal(details[i]["amount"].get<std::string>())).value_or(U256::max());
    const U256 expiration = U256::from_decimal(details[i]["expiration"].get<std::string>());
    if (expiration < U256(t.valid_until)) {
      errors.add(path_of(entry, "expiration"), path_of(entry, "expiration") + " must be at least " +
                                                   std::to_string(t.valid_until) + " so the vault can still pull when the funding lands");
    }
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
  if (permit.deadline < t.valid_until || permit.deadline < t.now) {
    errors.add(path_of(path, "deadline"), path_of(path, "deadline") + " must be at least " +
                                              std::to_string(t.valid_until) + " so the permit stays valid until the funding deadline");
  }
  const Hash32 token_key = p3::token_key(t.token->address.evm());
  U256 funded;
  for (std::size_t i = 0; i < permit.chain_permits.permits.size(); ++i) {
    const auto& e = permit.chain_permits.permits[i];
    const std::string entry = jf::element_path(permits_path, i);
    if (e.account != t.vault) {
      errors.add(path_of(entry, "account"), path_of(entry, "account") + " must be the vault " + t.vault.checksummed() +
                                                " (the quote's execution.vault), not " + e.account.checksummed());
    }
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
