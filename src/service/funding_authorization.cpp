#include "service/funding_authorization.h"

#include <algorithm>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/abi.h"
#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol/json_fields.h"

namespace sr::service {

using nlohmann::json;
namespace jf = protocol::json_fields;

namespace {

// "permit3.chainPermits.permits[0].account: must be ..." -> the path before the first ": ".
void add_parse_error(FieldErrors& errors, const std::string& fallback_path, const ParseError& e) {
  const std::string message = e.what();
  const auto colon = message.find(": ");
  errors.add(colon == std::string::npos ? fallback_path : message.substr(0, colon), message);
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

json u64_json(const U256& value) { return jf::u64_to_json(value.as_u64()); }

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
  const jf::Object o(value, path, {"owner", "salt", "deadline", "timestamp", "chainPermits", "proof"});
  const Address owner = o.read("owner", jf::read_address);
  const Hash32 salt = o.read("salt", jf::read_hash32);
  const U256 deadline = o.read("deadline", jf::read_uint, 48);
  const U256 timestamp = o.read("timestamp", jf::read_uint, 48);
  const jf::Object chain_permits(o["chainPermits"], o.path("chainPermits"), {"chainId", "permits"});
  const U256 chain_id = chain_permits.read("chainId", jf::read_uint, 64);
  const std::string permits_path = chain_permits.path("permits");
  const auto permits = jf::read_each(chain_permits["permits"], permits_path, [](const json& d, const std::string& p) {
    const jf::Object e(d, p, {"modeOrExpiration", "tokenKey", "account", "amountDelta"});
    return json{{"modeOrExpiration", e.read("modeOrExpiration", jf::read_uint, 48).to_decimal()},
                {"tokenKey", hex::encode(e.read("tokenKey", jf::read_hash32))},
                {"account", e.read("account", jf::read_address).checksummed()},
                {"amountDelta", e.read("amountDelta", jf::read_uint, 160).to_decimal()}};
  });
  if (permits.empty()) throw ParseError(permits_path + ": must hold at least one permit");
  const auto proof = jf::read_each(o["proof"], o.path("proof"),
                                   [](const json& h, const std::string& p) { return hex::encode(jf::read_hash32(h, p)); });

  Parsed p;
  p.canonical = {{"owner", owner.checksummed()},
                 {"salt", hex::encode(salt)},
                 {"deadline", u64_json(deadline)},
                 {"timestamp", u64_json(timestamp)},
                 {"chainPermits", {{"chainId", u64_json(chain_id)}, {"permits", permits}}},
                 {"proof", proof}};
  p.named_signer = owner;
  p.named_signer_path = path_of(path, "owner");
  if (!t.chain->permit3) {
    errors.add(path, path + " cannot be used on chain " + std::to_string(t.chain->chain_id) + ": it has no Permit3");
    return p;
  }
  p.digest = permit3_hashes(p.canonical, *t.chain->permit3).digest;

  if (chain_id != U256(t.chain->chain_id)) {
    errors.add(chain_permits.path("chainId"), chain_permits.path("chainId") + " must be the source chain " +
                                                  std::to_string(t.chain->chain_id));
  }
  if (deadline < U256(t.valid_until) || deadline < U256(t.now)) {
    errors.add(path_of(path, "deadline"), path_of(path, "deadline") + " must be at least " +
                                              std::to_string(t.valid_until) + " so the permit stays valid until the funding deadline");
  }
  Hash32 token_key{};
  std::copy(t.token->address.evm().bytes.begin(), t.token->address.evm().bytes.end(), token_key.begin() + 12);
  U256 funded;
  for (std::size_t i = 0; i < permits.size(); ++i) {
    const std::string entry = jf::element_path(permits_path, i);
    const json& permit = permits[i];
    if (permit["account"] != t.vault.checksummed()) {
      errors.add(path_of(entry, "account"), path_of(entry, "account") + " must be the vault " + t.vault.checksummed() +
                                                " (the quote's execution.vault), not " + permit["account"].get<std::string>());
    }
    if (permit["tokenKey"] != hex::encode(token_key)) {
      errors.add(path_of(entry, "tokenKey"), path_of(entry, "tokenKey") + " must be the source token's key " + hex::encode(token_key));
    }
    const U256 mode = U256::from_decimal(permit["modeOrExpiration"].get<std::string>());
    if (mode >= U256(1) && mode <= U256(3)) {
      errors.add(path_of(entry, "modeOrExpiration"), path_of(entry, "modeOrExpiration") +
                                                         " is a decrease, lock or unlock, which funds nothing; use 0 (transfer) or an allowance expiration");
    } else if (!mode.is_zero() && mode < U256(t.valid_until)) {
      errors.add(path_of(entry, "modeOrExpiration"), path_of(entry, "modeOrExpiration") +
                                                         " is an allowance expiring before " + std::to_string(t.valid_until) +
                                                         ", the funding deadline");
    }
    funded = funded.checked_add(U256::from_decimal(permit["amountDelta"].get<std::string>())).value_or(U256::max());
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

Permit3Hashes permit3_hashes(const json& c, const Address& permit3_contract) {
  static const Hash32 permit3_typehash =
      keccak256("Permit3(address owner,bytes32 salt,uint48 deadline,uint48 timestamp,bytes32 merkleRoot)");
  static const Hash32 chain_permits_typehash = keccak256(
      "ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,"
      "bytes32 tokenKey,address account,uint160 amountDelta)");
  const auto word = [](const Hash32& h) { return abi::Value(Bytes(h.begin(), h.end())); };
  const auto bytes32 = abi::Type::fixed_bytes(32);

  // Leaves carry no type hash (protocol page): keccak256(abi.encode(mode, tokenKey, account, amountDelta)).
  Keccak256 leaves;
  for (const auto& permit : c["chainPermits"]["permits"]) {
    const Bytes leaf = abi::encode_params(
        {abi::Type::uint(48), bytes32, abi::Type::address(), abi::Type::uint(160)},
        {U256::from_decimal(permit["modeOrExpiration"].get<std::string>()), word(hex::decode32(permit["tokenKey"].get<std::string>())),
         Address::parse(permit["account"].get<std::string>()), U256::from_decimal(permit["amountDelta"].get<std::string>())});
    leaves.update(keccak256(leaf));
  }
  Permit3Hashes out;
  out.chain_hash = keccak256(abi::encode_params(
      {bytes32, abi::Type::uint(64), bytes32},
      {word(chain_permits_typehash), U256(jf::read_u64(c["chainPermits"]["chainId"], "chainId")), word(leaves.finalize())}));
  out.merkle_root = out.chain_hash;
  for (const auto& sibling_text : c["proof"]) {
    const Hash32 sibling = hex::decode32(sibling_text.get<std::string>());
    const bool ordered = out.merkle_root < sibling;
    Keccak256 pair;
    pair.update(ordered ? out.merkle_root : sibling).update(ordered ? sibling : out.merkle_root);
    out.merkle_root = pair.finalize();
  }
  const Hash32 struct_hash = keccak256(abi::encode_params(
      {bytes32, abi::Type::address(), bytes32, abi::Type::uint(48), abi::Type::uint(48), bytes32},
      {word(permit3_typehash), Address::parse(c["owner"].get<std::string>()), word(hex::decode32(c["salt"].get<std::string>())),
       U256(jf::read_u64(c["deadline"], "deadline")), U256(jf::read_u64(c["timestamp"], "timestamp")), word(out.merkle_root)}));
  const Hash32 domain = eip712::domain_separator(
      {{"name", "Permit3"}, {"version", "1"}, {"chainId", 1}, {"verifyingContract", permit3_contract.checksummed()}});
  out.digest = eip712::digest(domain, struct_hash);
  return out;
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
