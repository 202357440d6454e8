#include "verify/gasless_verifier.h"

#include <algorithm>
#include <variant>

#include "crypto/hex.h"
#include "eth/signer.h"
#include "protocol/erc3009.h"
#include "protocol/json_fields.h"
#include "protocol/permit2.h"
#include "protocol/permit3.h"
#include "protocol/token_domain.h"
#include "verify/quote_document.h"

namespace sr::verify {

namespace jf = protocol::json_fields;
using protocol::Account;

namespace {

using Authorization =
    std::variant<protocol::permit3::Permit3, protocol::permit2::Permit2, protocol::erc3009::Authorization>;

// What the checks compare an authorization with, read once from the quote.
struct Funding {
  const ChainInfo* chain = nullptr;
  Address token;
  Address funder;
  Address vault;
  U256 reward;
  std::uint64_t expires_at = 0;
};

Funding read_funding(const Json& quote, const ChainDirectory& chains) {
  const QuoteSide source = read_source(quote, chains);
  if (source.chain->vm != Vm::evm) fail("gasless funding exists only on EVM source chains");
  const ExecutionIntent execution = read_execution_intent(quote, chains);
  if (execution.intent().reward.tokens.size() != 1) fail("quote.execution.intent().reward must lock exactly one token");
  const protocol::TokenAmount& reward = execution.intent().reward.tokens.front();
  if (reward.token != source.token) fail("quote.execution.intent().reward locks another token than source.token");
  Funding f;
  f.chain = source.chain;
  f.token = source.token.to_evm();
  f.funder = source.party.to_evm();
  f.vault = jf::read_address(member(member(quote, "execution", "quote"), "vault", "quote.execution"),
                             "quote.execution.vault");
  f.reward = reward.amount;
  f.expires_at = jf::read_u64_number(member(quote, "expiresAt", "quote"), "quote.expiresAt");
  return f;
}

Authorization read_authorization(const std::string& standard, const Json& payload) {
  if (standard == "permit3") return protocol::permit3::parse(payload, "payload");
  if (standard == "permit2") return protocol::permit2::parse(payload, "payload");
  if (standard == "erc3009") return protocol::erc3009::parse(payload, "payload");
  fail("standard \"", standard, "\" is not permit3, permit2 or erc3009");
}

const TokenInfo& token_record(const Funding& f, const TokenDirectory& tokens) {
  const TokenInfo* token = tokens.find(f.chain->chain_id, Account::from_evm(f.token));
  if (token == nullptr) {
    fail("source token ", f.token.checksummed(), " of chain ", std::to_string(f.chain->chain_id),
         " is not in the token records");
  }
  return *token;
}

std::string check_standard(const std::string& standard, const Funding& f, const GaslessContext& context) {
  const TokenInfo& token = token_record(f, *context.tokens);
  if (std::find(token.gasless.begin(), token.gasless.end(), standard) == token.gasless.end()) {
    fail("the source token's record does not list \"", standard, "\" among its gasless standards");
  }
  return cat("the source token supports ", standard);
}

void expect_vault(const Address& account, const std::string& what, const Funding& f) {
  if (account != f.vault) {
    fail(what, " is ", account.checksummed(), ", not quote.execution.vault ", f.vault.checksummed());
  }
}

std::string check_binding(const Authorization& auth, const Funding& f) {
  if (const auto* p3 = std::get_if<protocol::permit3::Permit3>(&auth)) {
    if (p3->chain_permits.chain_id != f.chain->chain_id) {
      fail("payload.chainPermits.chainId is ", std::to_string(p3->chain_permits.chain_id), ", not the source chain ",
           std::to_string(f.chain->chain_id));
    }
    if (p3->chain_permits.permits.empty()) fail("payload.chainPermits.permits is empty");
    for (std::size_t i = 0; i < p3->chain_permits.permits.size(); ++i) {
      expect_vault(p3->chain_permits.permits[i].account,
                   cat("payload.chainPermits.permits[", std::to_string(i), "].account"), f);
    }
    return "every Permit3 permit names execution.vault on the source chain";
  }
  if (const auto* p2 = std::get_if<protocol::permit2::Permit2>(&auth)) {
    expect_vault(p2->spender, "payload.spender", f);
    return "the Permit2 spender is execution.vault";
  }
  const auto& a = std::get<protocol::erc3009::Authorization>(auth);
  expect_vault(a.to, "payload.to", f);
  return "the ERC-3009 authorization pays execution.vault";
}

std::string check_amount(const Authorization& auth, const Funding& f) {
  const auto covers = [&](const U256& amount, const std::string& what) {
    if (amount < f.reward) fail(what, " is ", amount.to_decimal(), ", below the reward ", f.reward.to_decimal());
  };
  if (const auto* p3 = std::get_if<protocol::permit3::Permit3>(&auth)) {
    const Hash32 key = protocol::permit3::token_key(f.token);
    for (const auto& permit : p3->chain_permits.permits) {
      if (permit.token_key == key && permit.amount_delta >= f.reward) return "a Permit3 permit covers the reward";
    }
    fail("no Permit3 permit moves at least the reward ", f.reward.to_decimal(), " of ", f.token.checksummed());
  }
  if (const auto* p2 = std::get_if<protocol::permit2::Permit2>(&auth)) {
    for (const auto& details : p2->details) {
      if (details.token == f.token) {
        covers(details.amount, "payload.details amount for the source token");
        return "the Permit2 allowance covers the reward";
      }
    }
    fail("payload.details has no entry for the source token ", f.token.checksummed());
  }
  const auto& a = std::get<protocol::erc3009::Authorization>(auth);
  covers(a.value, "payload.value");
  return "the ERC-3009 value covers the reward";
}

std::string check_validity(const Authorization& auth, const Funding& f, std::uint64_t now) {
  const auto until_expiry = [&](std::uint64_t deadline, const std::string& what) {
    if (deadline < f.expires_at) {
      fail(what, " (", std::to_string(deadline), ") ends before the quote expires (", std::to_string(f.expires_at),
           ")");
    }
  };
  if (const auto* p3 = std::get_if<protocol::permit3::Permit3>(&auth)) {
    until_expiry(p3->deadline, "payload.deadline");
    for (const auto& permit : p3->chain_permits.permits) {
      const std::uint64_t mode = permit.mode_or_expiration;
      if (mode != protocol::permit3::kTransfer && mode <= protocol::permit3::kUnlock) {
        fail("a Permit3 permit has mode ", std::to_string(mode), " (decrease, lock or unlock), which funds nothing");
      }
      if (mode > protocol::permit3::kUnlock) until_expiry(mode, "a Permit3 allowance expiration");
    }
    return "the Permit3 deadline and allowances outlast the quote";
  }
  if (const auto* p2 = std::get_if<protocol::permit2::Permit2>(&auth)) {
    if (p2->sig_deadline < U256(f.expires_at)) {
      fail("payload.sigDeadline (", p2->sig_deadline.to_decimal(), ") ends before the quote expires (",
           std::to_string(f.expires_at), ")");
    }
    for (const auto& details : p2->details) until_expiry(details.expiration, "a Permit2 expiration");
    return "the Permit2 signature and allowance outlast the quote";
  }
  const auto& a = std::get<protocol::erc3009::Authorization>(auth);
  if (!(a.valid_after < U256(now))) {
    fail("payload.validAfter (", a.valid_after.to_decimal(), ") is not before now (", std::to_string(now), ")");
  }
  if (a.valid_before < U256(f.expires_at)) {
    fail("payload.validBefore (", a.valid_before.to_decimal(), ") ends before the quote expires (",
         std::to_string(f.expires_at), ")");
  }
  return "the ERC-3009 window is open now and until the quote expires";
}

std::string check_signer(const Authorization& auth, const Json& signature_json, const Funding& f,
                         const GaslessContext& context) {
  Hash32 digest;
  Address claimed = f.funder;
  if (const auto* p3 = std::get_if<protocol::permit3::Permit3>(&auth)) {
    digest = protocol::permit3::digest(*p3);
    claimed = p3->owner;
  } else if (const auto* p2 = std::get_if<protocol::permit2::Permit2>(&auth)) {
    if (!f.chain->permit2) fail("chain ", std::to_string(f.chain->chain_id), " has no permit2 in the chain records");
    digest = protocol::permit2::digest(*p2, f.chain->chain_id, *f.chain->permit2);
  } else {
    const auto& a = std::get<protocol::erc3009::Authorization>(auth);
    const TokenInfo& token = token_record(f, *context.tokens);
    if (!token.eip712_name || !token.eip712_version) fail("the source token's record has no eip712 domain");
    digest = protocol::erc3009::digest(
        a, protocol::TokenDomain{*token.eip712_name, *token.eip712_version, f.chain->chain_id, f.token});
    claimed = a.from;
  }
  if (claimed != f.funder) {
    fail("the authorization is from ", claimed.checksummed(), ", not source.funder ", f.funder.checksummed());
  }
  const Bytes signature = jf::read_hex(signature_json, "signature");
  const Address signer = jf::at_path("signature", [&] { return eth::recover_address(digest, signature); });
  if (signer != f.funder) {
    fail("signature recovers to ", signer.checksummed(), ", not source.funder ", f.funder.checksummed());
  }
  return cat("signed by source.funder ", f.funder.checksummed());
}

}  // namespace

Report verify_gasless_payload(const Json& quote, const std::string& standard, const Json& payload,
                              const Json& signature, const GaslessContext& context) {
  Report report;
  std::optional<Funding> funding;
  std::optional<Authorization> auth;
  // Later checks need the quote and the payload read; when either is malformed every check that
  // depends on it fails with the same reason.
  const auto with = [&](auto&& body) {
    return [&, body]() -> std::string {
      if (!funding) funding = read_funding(quote, *context.chains);
      if (!auth) auth = read_authorization(standard, payload);
      return body(*auth, *funding);
    };
  };
  run_check(report, "standard", [&] {
    if (!funding) funding = read_funding(quote, *context.chains);
    return check_standard(standard, *funding, context);
  });
  run_check(report, "binding", with([](const Authorization& a, const Funding& f) { return check_binding(a, f); }));
  run_check(report, "amount", with([](const Authorization& a, const Funding& f) { return check_amount(a, f); }));
  run_check(report, "validity",
            with([&](const Authorization& a, const Funding& f) { return check_validity(a, f, context.now); }));
  run_check(report, "signer",
            with([&](const Authorization& a, const Funding& f) { return check_signer(a, signature, f, context); }));
  return report;
}

Json verify_gasless_payload_json(const Json& args) {
  const ChainDirectory chains = ChainDirectory::from_json(member(args, "chains", ""));
  const TokenDirectory tokens = TokenDirectory::from_json(member(args, "tokens", ""), chains);
  const std::string& standard = jf::read_string(member(args, "standard", ""), "standard");
  const std::uint64_t now = jf::read_u64_number(member(args, "now", ""), "now");
  return to_json(verify_gasless_payload(member(args, "quote", ""), standard, member(args, "payload", ""),
                                        member(args, "signature", ""), GaslessContext{&chains, &tokens, now}));
}

}  // namespace sr::verify
