#include "verify/quote_verifier.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/catching.h"
#include "crypto/hex.h"
#include "eth/signer.h"
#include "protocol/erc20.h"
#include "protocol/evm_transaction.h"
#include "protocol/intent_hash.h"
#include "protocol/json_fields.h"
#include "protocol/portal_calldata.h"
#include "protocol/quote_signature.h"
#include "protocol/svm_fund.h"
#include "protocol/svm_transaction.h"
#include "verify/fee_statement.h"
#include "verify/intent_terms.h"
#include "verify/quote_document.h"
#include "verify/slippage.h"

namespace sr::verify {

namespace jf = protocol::json_fields;
using protocol::Account;
using protocol::Intent;

namespace {

std::uint64_t expires_at(const Json& quote) {
  return jf::read_u64_number(member(quote, "expiresAt", "quote"), "quote.expiresAt");
}

// One funded intent: the `direct` one, or on a stitched quote the `stitched-source` one (the first
// leg), whose route funds the `stitched-destination` one (the delivery). A quote never mixes
// `direct` with stitched roles, so no decoy can sit beside the intent that is really funded.
struct FundedRoles {
  std::size_t funded = 0;
  std::size_t delivery = 0;
  bool stitched = false;
};

FundedRoles funded_roles(const std::vector<ListedIntent>& listed) {
  std::size_t count[4] = {};
  FundedRoles roles;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const std::string& role = listed[i].role;
    const std::size_t k = role == "direct" ? 0 : role == "stitched-source" ? 1 : role == "stitched-destination" ? 2 : 3;
    ++count[k];
    if (k == 0 || k == 1) roles.funded = i;
    if (k == 0 || k == 2) roles.delivery = i;
  }
  roles.stitched = count[0] == 0;
  if (roles.stitched ? (count[1] != 1 || count[2] != 1) : (count[0] != 1 || count[1] + count[2] + count[3] != 0)) {
    fail("quote.steps lists ", std::to_string(count[0]), " direct, ", std::to_string(count[1]), " stitched-source, ",
         std::to_string(count[2]), " stitched-destination and ", std::to_string(count[3]),
         " other intent(s): a quote funds one direct intent, or one stitched-source funding one stitched-destination");
  }
  return roles;
}

// The parts of one quote the checks share, read and hashed once per verification (the checks
// would otherwise decode the same intents and recompute their hashes several times). A part that
// fails to read fails every check that needs it, with the same message.
class QuoteParts {
 public:
  QuoteParts(const Json& quote, const ChainDirectory& chains) : quote_(quote), chains_(chains) {}

  const QuoteSide& source() {
    return memo(source_, [&] { return read_source(quote_, chains_); });
  }
  const QuoteSide& destination() {
    return memo(destination_, [&] { return read_destination(quote_, chains_); });
  }
  const ExecutionIntent& execution() {
    return memo(execution_, [&] {
      // Its listed twin's when the listed intents read (read_execution_intent); a reading error
      // of theirs is left to intent-hashes, which meets it again in its slot.
      const std::vector<ListedIntent>* read = catching<std::exception>(
          [&] { return &listed(); }, []() -> const std::vector<ListedIntent>* { return nullptr; });
      return read_execution_intent(quote_, chains_, read);
    });
  }
  const protocol::IntentHashes& execution_hashes() {
    return memo(execution_hashes_, [&] {
      const ExecutionIntent& e = execution();
      // execution.intent is one of the listed intents (its twin, read_execution_intent), hashed
      // already for intent-hashes (which runs first): the same JSON read for the same VMs is the
      // same intent, so its hashes are taken, not computed again. Only hashes already made are
      // looked at, so no reading error of the listed intents can surface here.
      if (listed_hashes_.value && e.twin != nullptr) {
        return (*listed_hashes_.value)[static_cast<std::size_t>(e.twin - listed_.value->data())];
      }
      return protocol::hash_intent(e.intent(), e.source->vm, e.destination->vm);
    });
  }
  // execution.intent's hashes when a check has made them already, else nullptr: for a check
  // that needs only a part of them (the route's encoding) and must not fail on the rest.
  const protocol::IntentHashes* execution_hashes_made() const {
    return execution_hashes_.value ? &*execution_hashes_.value : nullptr;
  }
  const std::vector<ListedIntent>& listed() {
    return memo(listed_, [&] { return read_listed_intents(quote_, chains_); });
  }
  // Which listed intents the quote funds and delivers with (funded_intent below).
  const FundedRoles& roles() {
    return memo(roles_, [&] { return funded_roles(listed()); });
  }
  const std::vector<protocol::IntentHashes>& listed_hashes() {
    return memo(listed_hashes_, [&] {
      std::vector<protocol::IntentHashes> out;
      for (const ListedIntent& e : listed())
        out.push_back(protocol::hash_intent(e.intent, e.source->vm, e.destination->vm));
      return out;
    });
  }

 private:
  template <class T>
  struct Slot {
    std::optional<T> value;
    std::optional<std::string> error;
  };
  // (Where errors are replayed, crypto/catching.h, the catch clauses below are compiled out: a
  // part that failed is read again by the next check that needs it, and fails the same way.)
  template <class T, class Make>
  const T& memo(Slot<T>& slot, Make&& make) {
    if (slot.value) return *slot.value;
    if (slot.error) throw_parse_error(*slot.error);
    try {
      return slot.value.emplace(make());
    } catch (const std::invalid_argument& e) {
      slot.error = e.what();
      throw;
    } catch (const CheckFailure& e) {
      slot.error = e.what();
      throw;
    }
  }

  const Json& quote_;
  const ChainDirectory& chains_;
  Slot<QuoteSide> source_, destination_;
  Slot<ExecutionIntent> execution_;
  Slot<protocol::IntentHashes> execution_hashes_;
  Slot<std::vector<ListedIntent>> listed_;
  Slot<std::vector<protocol::IntentHashes>> listed_hashes_;
  Slot<FundedRoles> roles_;
};

// The one reward token a plain funding locks.
const protocol::TokenAmount& single_reward_token(const Intent& intent) {
  if (intent.reward.tokens.size() != 1) {
    fail("quote.execution.intent.reward.tokens has ", std::to_string(intent.reward.tokens.size()),
         " entries; a quote funds exactly one source token");
  }
  return intent.reward.tokens.front();
}

// ---- signature -------------------------------------------------------------------------------

std::string check_signature(const Json& quote, const QuoteContext& context, QuoteParts&) {
  const std::uint64_t chain_id = read_chain_id(member(quote, "source", "quote"), "chainId", "quote.source");
  const ChainInfo& chain = context.chains->at(chain_id, "quote.source.chainId");
  const std::string& id = jf::read_string(member(quote, "id", "quote"), "quote.id");
  const std::vector<Hash32> hashes = protocol::quote_intent_hashes(quote);
  const std::string& signature = jf::read_string(member(quote, "signature", "quote"), "quote.signature");
  const std::size_t size = jf::read_hex(member(quote, "signature", "quote"), "quote.signature").size();
  if (size != 65) fail("quote.signature: must be 65 bytes (r || s || v), got ", std::to_string(size));
  const Address signer = jf::at_path("quote.signature", [&] {
    return protocol::recover_quote_signer(id, hashes, expires_at(quote), chain_id, signature);
  });
  if (signer != chain.quote_signer) {
    fail("quote.signature recovers to ", signer.checksummed(), ", not to the quoteSigner of ", chain_text(chain), " (",
         chain.quote_signer.checksummed(), ")");
  }
  return cat("signed by ", signer.checksummed(), ", the quoteSigner of ", chain_text(chain), ", over the id, ",
             std::to_string(hashes.size()), " intent hash(es) and expiresAt");
}

// ---- expiry ----------------------------------------------------------------------------------

std::string check_expiry(const Json& quote, const QuoteContext& context, QuoteParts& parts) {
  const std::uint64_t expires = expires_at(quote);
  if (context.now >= expires) {
    fail("expired: now (", std::to_string(context.now), ") is at or after expiresAt (", std::to_string(expires), ")");
  }
  expect_deadlines_after("quote.execution.intent", parts.execution().intent(), expires, "expiresAt");
  return cat(std::to_string(expires - context.now), " s left (expiresAt ", std::to_string(expires),
             "); route and reward deadlines are later");
}

// ---- intent-hashes ---------------------------------------------------------------------------

constexpr const char* kRoles[] = {"direct", "stitched-source", "stitched-destination", "bucket-candidate"};

// The Portal accepts a reward that lists a token twice and marks it Funded with part of the
// money (protocol::repeated_token), so such an intent is refused whatever its role.
void expect_distinct_reward_tokens(const Intent& intent, std::string_view path, const ChainInfo& source) {
  const auto& tokens = intent.reward.tokens;
  if (const auto repeated = protocol::repeated_token(tokens)) {
    fail(path, ".reward.tokens[", std::to_string(*repeated), "] lists token ", text(tokens[*repeated].token, source),
         " again; the Portal would mark the reward funded holding only part of it");
  }
}

std::string check_intent_hashes(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const std::vector<ListedIntent>& listed = parts.listed();
  if (listed.empty()) fail("quote.steps lists no intents");
  std::vector<Hash32> recomputed;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const ListedIntent& entry = listed[i];
    if (std::find(std::begin(kRoles), std::end(kRoles), entry.role) == std::end(kRoles)) {
      fail(entry.path, ".role \"", entry.role, "\" is not a known role");
    }
    expect_distinct_reward_tokens(entry.intent, entry.path + ".intent", *entry.source);
    const protocol::IntentHashes& h = parts.listed_hashes()[i];
    if (h.encoded_route != entry.encoded_route) {
      fail(entry.path, ".encodedRoute is not the encoding of ", entry.path, ".intent.route (expected ",
           hex::encode(h.encoded_route), ")");
    }
    if (h.intent_hash != entry.intent_hash) {
      fail(entry.path, ".intentHash is ", hex::encode(entry.intent_hash), " but the intent hashes to ",
           hex::encode(h.intent_hash));
    }
    recomputed.push_back(h.intent_hash);
  }
  expect_distinct_reward_tokens(parts.execution().intent(), "quote.execution.intent", *parts.execution().source);
  const Hash32 funded = parts.execution_hashes().intent_hash;
  if (const Json* top = optional_member(quote, "intentHash", "quote")) {
    const Hash32 top_hash = jf::read_hash32(*top, "quote.intentHash");
    if (top_hash != funded) {
      fail("quote.intentHash is ", hex::encode(top_hash), " but quote.execution.intent hashes to ",
           hex::encode(funded));
    }
  }
  if (std::find(recomputed.begin(), recomputed.end(), funded) == recomputed.end()) {
    fail("quote.execution.intent (hash ", hex::encode(funded), ") is not among quote.steps[].intents[]");
  }
  return cat(std::to_string(listed.size()), " listed intent(s) and execution.intent recomputed; the signed list is ",
             std::to_string(protocol::quote_intent_hashes(quote).size()), " recomputed hash(es)");
}

// ---- vault -----------------------------------------------------------------------------------

std::string check_vault(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const ExecutionIntent& execution = parts.execution();
  const Hash32 funded = parts.execution_hashes().intent_hash;
  const Account expected = vault_of(*execution.source, funded);
  const Account vault = jf::read_account(member(member(quote, "execution", "quote"), "vault", "quote.execution"),
                                         "quote.execution.vault", execution.source->vm);
  if (vault != expected) {
    fail("quote.execution.vault is ", text(vault, *execution.source), " but the source Portal's vault for ",
         hex::encode(funded), " is ", text(expected, *execution.source));
  }
  const std::vector<ListedIntent>& listed = parts.listed();
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const ListedIntent& entry = listed[i];
    const Hash32& hash = parts.listed_hashes()[i].intent_hash;
    const Account want = vault_of(*entry.source, hash);
    if (entry.vault != want) {
      fail(entry.path, ".vault is ", text(entry.vault, *entry.source), " but ", chain_text(*entry.source),
           "'s Portal derives ", text(want, *entry.source));
    }
  }
  return cat("execution.vault ", text(vault, *execution.source), " and ", std::to_string(listed.size()),
             " listed vault(s) recomputed from the chain records");
}

// ---- funding-target --------------------------------------------------------------------------

const Json& transaction_json(const Json& quote) {
  return member(member(quote, "execution", "quote"), "transaction", "quote.execution");
}

// The Portal instruction of a Solana funding transaction; the other instructions may only be the
// harmless setup a wallet expects (compute budget, idempotent token account creation).
const svm::Instruction& portal_instruction(const protocol::SvmTransaction& tx, const ChainInfo& source) {
  static const svm::Pubkey compute_budget = svm::Pubkey::parse("ComputeBudget111111111111111111111111111111");
  const svm::Pubkey portal = source.portal.to_svm();
  const svm::Instruction* found = nullptr;
  for (std::size_t i = 0; i < tx.instructions.size(); ++i) {
    const svm::Instruction& instruction = tx.instructions[i];
    const std::string path = "quote.execution.transaction.instructions[" + std::to_string(i) + "]";
    if (instruction.program_id == portal) {
      if (found != nullptr) fail(path, " is a second Portal instruction");
      found = &instruction;
    } else if (!(instruction.program_id == compute_budget) &&
               !(instruction.program_id == svm::associated_token_program_id())) {
      fail(path, " calls program ", instruction.program_id.to_base58(), ", which is neither the source Portal (",
           portal.to_base58(), ") nor a setup program");
    }
  }
  if (found == nullptr)
    fail("no instruction of quote.execution.transaction targets the source Portal ", portal.to_base58());
  return *found;
}

void expect_evm_sender(const protocol::EvmTransaction& tx, const Path& path, const ChainInfo& source,
                       const QuoteSide& side) {
  if (tx.chain_id != source.chain_id) {
    fail(path.str(), ".chainId is ", std::to_string(tx.chain_id), ", not the source ", chain_text(source));
  }
  const Account from = Account::from_evm(tx.from);
  if (from != side.party) {
    fail(path.str(), ".from is ", tx.from.checksummed(), ", not source.funder ", text(side.party, source));
  }
}

// One approval transaction of the funding: from source.funder on the source chain, to the source
// token, no value, approving the source Portal for exactly the reward amount or, where `may_reset`,
// for 0.
void check_approval(const Json& json, const Path& path, const ChainInfo& chain, const QuoteSide& source,
                    const Intent& intent, bool may_reset) {
  const protocol::EvmTransaction approval = protocol::evm_transaction_from_json(json, path);
  expect_evm_sender(approval, path, chain, source);
  const protocol::TokenAmount& reward = single_reward_token(intent);
  if (Account::from_evm(approval.to) != source.token || reward.token != source.token) {
    fail(path.str(), ".to is ", approval.to.checksummed(), ", not the source token ", text(source.token, chain));
  }
  if (!approval.value.is_zero()) fail(path.str(), ".value is ", approval.value.to_decimal(), ", not 0");
  const protocol::erc20::AmountTo approved =
      jf::at_path(path.member("data"), [&] { return protocol::erc20::decode_approve(approval.data); });
  if (Account::from_evm(approved.account) != chain.portal) {
    fail(path.str(), " approves ", approved.account.checksummed(), ", not the source Portal ", text(chain.portal, chain));
  }
  if (approved.amount != reward.amount && !(may_reset && approved.amount.is_zero())) {
    fail(path.str(), " approves ", approved.amount.to_decimal(), " but the reward is ", reward.amount.to_decimal());
  }
}

std::string check_funding_target(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const QuoteSide& source = parts.source();
  const ChainInfo& chain = *source.chain;
  const Intent& intent = parts.execution().intent();
  const Json& tx_json = transaction_json(quote);
  if (chain.vm == Vm::svm) {
    expect_svm_checked();
    const protocol::SvmTransaction tx = protocol::svm_transaction_from_json(tx_json, "quote.execution.transaction");
    if (Account::from_svm(tx.fee_payer) != source.party) {
      fail("quote.execution.transaction.feePayer is ", tx.fee_payer.to_base58(), ", not source.funder ",
           text(source.party, chain));
    }
    portal_instruction(tx, chain);
    return cat("Solana transaction from source.funder with one instruction to the source Portal program ",
               text(chain.portal, chain));
  }
  const protocol::EvmTransaction tx = protocol::evm_transaction_from_json(tx_json, "quote.execution.transaction");
  expect_evm_sender(tx, "quote.execution.transaction", chain, source);
  if (Account::from_evm(tx.to) != chain.portal) {
    fail("quote.execution.transaction.to is ", tx.to.checksummed(), ", not the Portal of ", chain_text(chain), " (",
         text(chain.portal, chain), ")");
  }
  if (tx.value != intent.reward.native_amount) {
    fail("quote.execution.transaction.value is ", tx.value.to_decimal(), " wei but the reward's nativeAmount is ",
         intent.reward.native_amount.to_decimal());
  }
  std::string detail = "publishAndFund goes to the Portal " + text(chain.portal, chain) + " on " + chain_text(chain) +
                       " from source.funder";
  const Json& execution = member(quote, "execution", "quote");
  const Json* approval_json = optional_member(execution, "approval", "quote.execution");
  // `approvals`: every approval to send before the funding, in order, the last of them being
  // `approval`. Each is checked like `approval`; only an entry before the last may approve 0 (the
  // reset a token like USDT needs before its allowance changes). Absent from older quotes.
  const Json* approvals_json = optional_member(execution, "approvals", "quote.execution");
  if (approvals_json != nullptr) {
    const Path list_path = "quote.execution.approvals";
    const Json& list = jf::read_array(*approvals_json, list_path);
    for (std::size_t i = 0; i < list.size(); ++i) {
      check_approval(list[i], list_path[i], chain, source, intent, i + 1 < list.size());
    }
    const bool same = list.empty() ? approval_json == nullptr : approval_json != nullptr && *approval_json == list[list.size() - 1];
    if (!same) fail("quote.execution.approval is not the last of approvals");
  }
  if (approval_json == nullptr) return cat(detail, "; no approval transaction");
  check_approval(*approval_json, "quote.execution.approval", chain, source, intent, false);
  return cat(detail, "; approval lets the Portal take exactly the reward amount");
}

// ---- funding-calldata ------------------------------------------------------------------------

std::string check_funding_calldata(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const ExecutionIntent& execution = parts.execution();
  const Intent& intent = execution.intent();
  const ChainInfo& chain = *execution.source;
  const Json& tx_json = transaction_json(quote);
  if (chain.vm == Vm::svm) {
    expect_svm_checked();
    const protocol::SvmTransaction tx = protocol::svm_transaction_from_json(tx_json, "quote.execution.transaction");
    const svm::Instruction& instruction = portal_instruction(tx, chain);
    const protocol::svm_fund::DecodedFund fund = jf::at_path("quote.execution.transaction (Portal instruction)", [&] {
      return protocol::svm_fund::decode_fund_instruction(instruction, chain.portal.to_svm());
    });
    if (fund.args.destination != intent.destination) {
      fail("the fund instruction's destination is ", std::to_string(fund.args.destination), ", execution.intent's is ",
           std::to_string(intent.destination));
    }
    if (fund.args.route_hash != protocol::route_hash(intent.route, execution.destination->vm)) {
      fail("the fund instruction's routeHash is not the hash of execution.intent.route");
    }
    if (!(fund.args.reward == intent.reward))
      fail("the fund instruction's reward differs from execution.intent.reward");
    if (fund.args.allow_partial) fail("the fund instruction allows partial funding");
    const QuoteSide& source = parts.source();
    if (Account::from_svm(fund.signers.funder) != source.party) {
      fail("the fund instruction's funder is ", fund.signers.funder.to_base58(), ", not source.funder");
    }
    // The quote is for source.funder to sign alone: a payer that is another wallet would need a
    // second signature the wallet cannot give.
    if (Account::from_svm(fund.signers.payer) != source.party) {
      fail("the fund instruction's payer is ", fund.signers.payer.to_base58(), ", not source.funder");
    }
    // The Portal's account list: payer, funder, vault, ... (decode_fund_instruction checked the rest).
    const Account vault = Account::from_svm(instruction.accounts.at(2).pubkey);
    if (vault != vault_of(chain, parts.execution_hashes().intent_hash)) {
      fail("the fund instruction's vault account is not the vault of execution.intent");
    }
    return "fund instruction carries execution.intent (destination, routeHash, reward, vault, funder)";
  }
  const protocol::EvmTransaction tx = protocol::evm_transaction_from_json(tx_json, "quote.execution.transaction");
  const protocol::portal::PublishAndFund call = jf::at_path(
      "quote.execution.transaction.data", [&] { return protocol::portal::decode_publish_and_fund(tx.data); });
  if (call.destination != intent.destination) {
    fail("publishAndFund destination is ", std::to_string(call.destination), " but execution.intent.destination is ",
         std::to_string(intent.destination));
  }
  // The route's encoding was made for intent-hashes (execution_hashes) in the usual case.
  const protocol::IntentHashes* made = parts.execution_hashes_made();
  if (made ? call.encoded_route != made->encoded_route
           : call.encoded_route != protocol::encode_route(intent.route, execution.destination->vm)) {
    fail("publishAndFund route bytes are not the encoding of execution.intent.route");
  }
  if (!(call.reward == intent.reward)) fail("publishAndFund reward differs from execution.intent.reward");
  if (call.allow_partial) fail("publishAndFund allows partial funding (allowPartial = true)");
  return "publishAndFund(destination, route, reward, false) carries exactly execution.intent";
}

// ---- route-matches-request -------------------------------------------------------------------

const std::string& quote_type(const Json& quote) {
  const std::string& type = jf::read_string(member(quote, "type", "quote"), "quote.type");
  if (type != "exact-in" && type != "exact-out" && type != "custom") {
    fail("quote.type \"", type, "\" is not exact-in, exact-out or custom");
  }
  return type;
}

std::vector<protocol::Call> destination_calls(const Json& quote, const ChainInfo& chain) {
  return read_calls(member(member(quote, "destination", "quote"), "calls", "quote.destination"),
                    "quote.destination.calls", chain.vm);
}

// `got` (in the quote) must be `want` (in the request); both read on the same VM.
void expect_same(const std::string& what, const Account& got, const Account& want, const ChainInfo& chain) {
  if (got != want) fail("quote.", what, " is ", text(got, chain), " but the request asked for ", text(want, chain));
}

void compare_with_request(const Json& quote, const Json& request, const QuoteSide& source, const QuoteSide& destination,
                          const Account& refund_recipient, const std::string& type) {
  const std::string& asked_type = jf::read_string(member(request, "type", "request"), "request.type");
  if (asked_type != type) fail("quote.type is ", type, " but the request asked for ", asked_type);
  const Json& rs = member(request, "source", "request");
  const Json& rd = member(request, "destination", "request");
  const auto expect_chain = [&](const char* side, const ChainInfo& chain, const Json& asked, const char* asked_path) {
    const std::uint64_t id = read_chain_id(asked, "chainId", asked_path);
    if (id != chain.chain_id) {
      fail(std::string("quote."), side, ".chainId is ", std::to_string(chain.chain_id), " but the request asked for ",
           std::to_string(id));
    }
  };
  expect_chain("source", *source.chain, rs, "request.source");
  expect_chain("destination", *destination.chain, rd, "request.destination");
  const auto asked_account = [](const Json& side, const char* name, const char* path, const ChainInfo& chain) {
    return jf::read_account(member(side, name, path), Path(path).member(name), chain.vm);
  };
  expect_same("source.token", source.token, asked_account(rs, "token", "request.source", *source.chain), *source.chain);
  expect_same("source.funder", source.party, asked_account(rs, "funder", "request.source", *source.chain),
              *source.chain);
  expect_same("destination.token", destination.token,
              asked_account(rd, "token", "request.destination", *destination.chain), *destination.chain);
  expect_same("destination.recipient", destination.party,
              asked_account(rd, "recipient", "request.destination", *destination.chain), *destination.chain);
  const Account asked_refund = optional_member(rs, "refundRecipient", "request.source") != nullptr
                                   ? asked_account(rs, "refundRecipient", "request.source", *source.chain)
                                   : source.party;
  if (refund_recipient != asked_refund) {
    fail("refunds go to ", text(refund_recipient, *source.chain), " but the request named ",
         text(asked_refund, *source.chain));
  }
  const auto expect_amount = [&](const char* side, const std::optional<U256>& got, const Json& asked,
                                 const char* path) {
    const U256 want = read_amount(asked, "amount", path);
    if (!got || *got != want) {
      fail(std::string("quote."), side, ".amount is ", (got ? got->to_decimal() : std::string("missing")),
           " but the request fixed ", want.to_decimal());
    }
  };
  if (type == "exact-out") {
    expect_amount("destination", destination.amount, rd, "request.destination");
  } else {
    expect_amount("source", source.amount, rs, "request.source");
  }
  if (type == "custom") {
    const auto asked_calls =
        read_calls(member(rd, "calls", "request.destination"), "request.destination.calls", destination.chain->vm);
    if (destination_calls(quote, *destination.chain) != asked_calls) {
      fail("quote.destination.calls differ from the request's calls");
    }
  }
}

// quote.source.refundRecipient, or the funder when none is named.
Account refund_recipient_of(const Json& quote, const QuoteSide& source) {
  const Json& source_json = member(quote, "source", "quote");
  return optional_member(source_json, "refundRecipient", "quote.source") != nullptr
             ? jf::read_account(source_json["refundRecipient"], "quote.source.refundRecipient", source.chain->vm)
             : source.party;
}

std::string check_route_matches_request(const Json& quote, const QuoteContext& context, QuoteParts& parts) {
  const std::string& type = quote_type(quote);
  const QuoteSide& source = parts.source();
  const QuoteSide& destination = parts.destination();
  const ExecutionIntent& execution = parts.execution();
  const Intent& funded = execution.intent();
  const Account refund_recipient = refund_recipient_of(quote, source);
  if (context.request.get() != nullptr) {
    compare_with_request(quote, *context.request.get(), source, destination, refund_recipient, type);
  }
  // The funded reward: what the funder actually locks and who may take it back.
  const protocol::TokenAmount& reward = single_reward_token(funded);
  if (reward.token != source.token) {
    fail("the funded reward locks token ", text(reward.token, *source.chain), ", not source.token ",
         text(source.token, *source.chain));
  }
  if (!source.amount || reward.amount != *source.amount) {
    fail("the funded reward locks ", reward.amount.to_decimal(), " but quote.source.amount is ",
         (source.amount ? source.amount->to_decimal() : std::string("missing")));
  }
  // A transfer of a token asks the funder for that token only: a native amount in the reward is
  // taken from the funder too (the transaction's value on EVM, lamports by the Portal on Solana).
  if (!funded.reward.native_amount.is_zero()) {
    fail("the funded reward also locks ", funded.reward.native_amount.to_decimal(),
         " native units of the funder's besides source.amount of source.token");
  }
  if (funded.reward.creator != refund_recipient) {
    fail("execution.intent.reward.creator (refunds) is ", text(funded.reward.creator, *source.chain),
         ", not the refund recipient ", text(refund_recipient, *source.chain));
  }
  if (source.chain->prover && funded.reward.prover != *source.chain->prover) {
    fail("execution.intent.reward.prover is ", text(funded.reward.prover, *source.chain), ", not the prover of ",
         chain_text(*source.chain));
  }
  return cat(std::string(context.request.get() != nullptr ? "matches the request; " : "no request given; "),
             "reward locks source.amount of source.token with the refund recipient as creator");
}

// ---- funded-intent ---------------------------------------------------------------------------

std::string check_funded_intent(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const FundedRoles& roles = parts.roles();
  const ListedIntent& funded = parts.listed()[roles.funded];
  const Hash32& hash = parts.listed_hashes()[roles.funded].intent_hash;
  const ExecutionIntent& execution = parts.execution();
  if (funded.source != execution.source) {
    fail(funded.path, " (", funded.role, ") is funded on ", chain_text(*funded.source), ", not on the source ",
         chain_text(*execution.source));
  }
  if (parts.execution_hashes().intent_hash != hash) {
    fail("quote.execution.intent is not ", funded.path, ".intent, the ", funded.role, " intent the quote funds");
  }
  const Json* top = optional_member(quote, "intentHash", "quote");
  if (roles.stitched && top != nullptr) fail("quote.intentHash must be null on a stitched quote");
  if (!roles.stitched && (top == nullptr || jf::read_hash32(*top, "quote.intentHash") != hash)) {
    fail("quote.intentHash does not name the direct intent ", hex::encode(hash));
  }
  const Account vault = jf::read_account(member(member(quote, "execution", "quote"), "vault", "quote.execution"),
                                         "quote.execution.vault", execution.source->vm);
  if (vault != funded.vault) fail("quote.execution.vault is not ", funded.path, ".vault");
  return cat("the ", funded.role, " intent ", hex::encode(hash),
             " is the one execution.intent, execution.vault and quote.intentHash name");
}

// ---- first-leg -------------------------------------------------------------------------------

// A stitched quote's funded intent only moves what it receives on the intermediate chain into
// the listed delivery intent: approve that chain's Portal for it, then publishAndFund exactly
// that intent, whose reward is what the first leg delivers and refunds to the refund recipient.
std::string check_first_leg(const Json& quote, const QuoteContext&, QuoteParts& parts) {
  const FundedRoles& roles = parts.roles();
  if (!roles.stitched) return "a direct quote has no first leg";
  const ListedIntent& first = parts.listed()[roles.funded];
  const ListedIntent& second = parts.listed()[roles.delivery];
  const ChainInfo& middle = *second.source;
  const protocol::Reward& reward = second.intent.reward;
  if (first.destination != &middle || middle.vm != Vm::evm) {
    fail(first.path, " delivers on ", chain_text(*first.destination), ", not on the EVM ", chain_text(middle),
         " where ", second.path, " is funded");
  }
  if (reward.tokens.size() != 1 || !reward.native_amount.is_zero()) {
    fail(second.path, ".intent.reward must lock exactly one token and no native value");
  }
  const protocol::TokenAmount& handed = reward.tokens[0];
  if (reward.creator != refund_recipient_of(quote, parts.source())) {
    fail(second.path, ".intent.reward.creator (refunds) is ", text(reward.creator, middle),
         ", not the request's refund recipient");
  }
  if (middle.prover && reward.prover != *middle.prover) {
    fail(second.path, ".intent.reward.prover is not the prover of ", chain_text(middle));
  }
  expect_exact_route(first.path, first.intent, *first.destination, middle, handed.token, handed.amount, 2);
  const auto& calls = first.intent.route.calls;
  // A call that does not decode is not the expected one.
  const auto no = [] { return false; };
  const bool approves = catching<std::invalid_argument>([&] {
    return calls[0].target == handed.token && calls[0].value.is_zero() &&
           protocol::erc20::decode_approve(calls[0].data) ==
               protocol::erc20::AmountTo{middle.portal.to_evm(), handed.amount};
  }, no);
  expect_call(first.path, 0, approves);
  const bool funds = catching<std::invalid_argument>([&] {
    const protocol::portal::PublishAndFund call = protocol::portal::decode_publish_and_fund(calls[1].data);
    return calls[1].target == middle.portal && calls[1].value.is_zero() &&
           call.destination == second.intent.destination && call.reward == reward && !call.allow_partial &&
           call.encoded_route == protocol::encode_route(second.intent.route, second.destination->vm);
  }, no);
  expect_call(first.path, 1, funds);
  return cat(first.path, " approves the Portal of ", chain_text(middle), " for ", handed.amount.to_decimal(),
             " and publishes and funds ", second.path, " with it, nothing else");
}

// ---- delivery-route --------------------------------------------------------------------------

// The route that pays the recipient does exactly what was asked: the transfer of minAmountOut to
// the recipient (or, for custom, the dapp's calls in order), then one transfer per fee paid to a
// named party, in the destination token; its tokens are exactly what those calls spend. Bucket
// candidates (alternatives for the same reward) are held to the same shape at their own amount.
struct DeliveryTerms {
  const QuoteSide* destination;
  const TokenAt* delivered;
  const std::vector<protocol::Call>* asked;  // the dapp's calls (custom)
  const std::vector<const FeeEntry*>* named;
  U256 named_sum;
  bool custom;
};

// `entry` pays `paid` to the recipient (or runs the dapp's calls with it), then the named fees.
void expect_delivers(const ListedIntent& entry, const U256& paid, const DeliveryTerms& t) {
  const ChainInfo& chain = *t.delivered->chain;
  const std::size_t own = t.custom ? t.asked->size() : 1;
  const auto spent = paid.checked_add(t.named_sum);
  if (!spent) fail("the named fees overflow");
  expect_exact_route(entry.path, entry.intent, *entry.destination, chain, t.delivered->token, *spent,
                     own + t.named->size());
  const auto& calls = entry.intent.route.calls;
  for (std::size_t i = 0; i < own; ++i) {
    expect_call(entry.path, i,
                t.custom ? calls[i] == (*t.asked)[i]
                         : pays(calls[i], chain, t.delivered->token, t.destination->party, paid));
  }
  expect_fee_transfers(entry.path, calls, own, *t.named, *t.delivered);
}

std::string check_delivery_route(const Json& quote, const QuoteContext& context, QuoteParts& parts) {
  const std::string& type = quote_type(quote);
  const QuoteSide& destination = parts.destination();
  const ChainInfo& chain = *destination.chain;
  const std::vector<FeeEntry> fees = read_fees(member(quote, "fees", "quote"), "quote.fees", *context.chains);
  const TokenAt delivered{&chain, destination.token};
  const std::vector<const FeeEntry*> named = named_fees(fees, delivered);
  const U256 named_sum = named_total(named);
  const std::vector<protocol::Call> asked =
      type == "custom" ? destination_calls(quote, chain) : std::vector<protocol::Call>{};
  const DeliveryTerms terms{&destination, &delivered, &asked, &named, named_sum, type == "custom"};
  const U256 minimum = read_amount(member(quote, "destination", "quote"), "minAmountOut", "quote.destination");
  const FundedRoles& roles = parts.roles();
  const std::vector<ListedIntent>& listed = parts.listed();
  expect_delivers(listed[roles.delivery], minimum, terms);
  std::size_t candidates = 0;
  for (const ListedIntent& entry : listed) {
    if (entry.role != "bucket-candidate") continue;
    const auto& tokens = entry.intent.route.tokens;
    const auto paid = tokens.size() == 1 ? tokens[0].amount.checked_sub(named_sum) : std::nullopt;
    if (!paid) fail(entry.path, ".intent.route.tokens do not cover the named fees");
    expect_delivers(entry, *paid, terms);
    ++candidates;
  }
  return cat(listed[roles.delivery].path, " pays ", text(destination.party, chain), " ", minimum.to_decimal(), " of ",
             text(destination.token, chain), " and ", std::to_string(named.size()),
             " named fee(s), nothing else; ", std::to_string(candidates), " bucket candidate(s) likewise");
}

// ---- deadlines -------------------------------------------------------------------------------

std::string check_deadlines(const Json& quote, const QuoteContext& context, QuoteParts& parts) {
  const ExecutionIntent& execution = parts.execution();
  const std::uint64_t expires = expires_at(quote);
  // The deadlines below count from expiresAt: an expiry far ahead would move them all with it, and
  // lock the funder's money that much longer.
  if (!execution.source->limits) {
    fail(chain_text(*execution.source), " publishes no limits in the chain records, so expiresAt cannot be bounded");
  }
  const std::uint64_t lifetime = execution.source->limits->max_quote_lifetime_sec;
  if (expires > context.now && expires - context.now > lifetime + kClockAllowanceSec) {
    fail("expiresAt (", std::to_string(expires), ") is more than ", std::to_string(lifetime), " s (maxQuoteLifetimeSec of ",
         chain_text(*execution.source), ") and ", std::to_string(kClockAllowanceSec), " s of clock allowance after now (",
         std::to_string(context.now), ")");
  }
  expect_deadlines_within("quote.execution.intent", execution.intent(), expires, "expiresAt", *execution.destination,
                          *execution.source);
  // A stitched delivery can start only once the first leg is filled: its windows run from there.
  if (parts.roles().stitched) {
    for (const ListedIntent& entry : parts.listed()) {
      if (entry.role == "stitched-source") continue;
      expect_deadlines_within(entry.path + ".intent", entry.intent, execution.intent().route.deadline,
                              "the first leg's route deadline", *entry.destination, *entry.source);
    }
  }
  return cat("route deadline ", std::to_string(execution.intent().route.deadline), " and reward deadline ",
             std::to_string(execution.intent().reward.deadline), " within the chains' limits");
}

// ---- fees ------------------------------------------------------------------------------------

std::string check_fees(const Json& quote, const QuoteContext& context, QuoteParts& parts) {
  const std::string& type = quote_type(quote);
  const std::vector<FeeEntry> fees = read_fees(member(quote, "fees", "quote"), "quote.fees", *context.chains);
  const QuoteSide& source = parts.source();
  const QuoteSide& destination = parts.destination();
  if (!source.amount) fail("quote.source.amount: missing");
  std::vector<TokenAt> tokens = {{source.chain, source.token}};
  std::vector<U256> amounts = {*source.amount};
  if (parts.roles().stitched) {
    const ListedIntent& second = parts.listed()[parts.roles().delivery];
    const auto& reward = second.intent.reward.tokens;
    if (reward.size() != 1) fail(second.path, ".intent.reward must lock exactly one token");
    tokens.push_back({second.source, reward[0].token});
    amounts.push_back(reward[0].amount);
  }
  tokens.push_back({destination.chain, destination.token});
  amounts.push_back(read_amount(member(quote, "destination", "quote"), "amountOut", "quote.destination"));
  return expect_fees_add_up(fees, tokens, amounts, type == "exact-out", false, context.max_fee_bps);
}

// ---- slippage-bound --------------------------------------------------------------------------

std::string check_slippage_bound(const Json& quote, const QuoteContext& context, QuoteParts&) {
  const std::string& type = quote_type(quote);
  const std::uint32_t slippage = read_slippage_millionths(member(quote, "slippage", "quote"), "quote.slippage");
  // A quote binding no tolerance (slippage 0: its route delivers exactly amountOut) honours any
  // slippage the request allowed; a quote binding one must bind the one asked for.
  if (context.request.get() != nullptr && type != "exact-out" && slippage != 0) {
    const Json* asked_json = optional_member(*context.request.get(), "slippage", "request");
    const std::uint32_t asked = asked_json ? read_slippage_millionths(*asked_json, "request.slippage") : 5000;
    if (asked != slippage) {
      fail("quote.slippage is ", slippage_text(slippage), " but the request asked for ", slippage_text(asked));
    }
  }
  const Json& destination = member(quote, "destination", "quote");
  const U256 amount_out = read_amount(destination, "amountOut", "quote.destination");
  const U256 minimum = read_amount(destination, "minAmountOut", "quote.destination");
  if (type == "exact-out") {
    const U256 fixed = read_amount(destination, "amount", "quote.destination");
    if (minimum != fixed) {
      fail("quote.destination.minAmountOut is ", minimum.to_decimal(), " but exact-out fixes destination.amount ",
           fixed.to_decimal());
    }
    if (amount_out < minimum) {
      fail("quote.destination.amountOut (", amount_out.to_decimal(), ") is below minAmountOut (", minimum.to_decimal(),
           ")");
    }
    return cat("exact-out: minAmountOut is the fixed destination.amount ", fixed.to_decimal());
  }
  const U256 bound = min_amount_out(amount_out, slippage);
  if (minimum != bound) {
    fail("quote.destination.minAmountOut is ", minimum.to_decimal(), " but floor(amountOut ", amount_out.to_decimal(),
         " x (1 - ", slippage_text(slippage), ")) is ", bound.to_decimal());
  }
  return cat("minAmountOut ", minimum.to_decimal(), " = floor(", amount_out.to_decimal(), " x (1 - ",
             slippage_text(slippage), "))");
}

// ---- competing-quotes ------------------------------------------------------------------------

std::string check_competing_quotes(const Json& quote, const QuoteContext& context, QuoteParts&) {
  const Json* competing = optional_member(quote, "competingQuotes", "quote");
  if (competing == nullptr) return "none listed";
  const Json& list = jf::read_array(*competing, "quote.competingQuotes");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = cat("quote.competingQuotes[", std::to_string(i), "]");
    // The service lists alternatives only beside the winner. A list inside an alternative is not
    // one it issues, and refusing it keeps this check from recursing as deep as the input nests.
    if (list[i].is_object() && optional_member(list[i], "competingQuotes", path) != nullptr) {
      fail(path, ".competingQuotes: a competing quote lists no competing quotes of its own");
    }
    const Report report = verify_quote(list[i], context);
    for (const Check& check : report.checks) {
      if (!check.ok) fail(path, " fails ", check.name, ": ", check.detail);
    }
  }
  return cat(std::to_string(list.size()), " competing quote(s), each passes every check");
}

}  // namespace

Report verify_quote(const Json& quote, const QuoteContext& context) {
  Report report;
  QuoteParts parts(quote, *context.chains);
  using CheckFn = std::string (*)(const Json&, const QuoteContext&, QuoteParts&);
  static constexpr std::pair<const char*, CheckFn> kChecks[] = {
      {"signature", check_signature},
      {"expiry", check_expiry},
      {"intent-hashes", check_intent_hashes},
      {"funded-intent", check_funded_intent},
      {"vault", check_vault},
      {"funding-target", check_funding_target},
      {"funding-calldata", check_funding_calldata},
      {"route-matches-request", check_route_matches_request},
      {"first-leg", check_first_leg},
      {"delivery-route", check_delivery_route},
      {"deadlines", check_deadlines},
      {"slippage-bound", check_slippage_bound},
      {"fees", check_fees},
      {"competing-quotes", check_competing_quotes},
  };
  for (const auto& [name, fn] : kChecks) {
    const CheckFn body = fn;
    run_check(report, name, [&] { return body(quote, context, parts); });
  }
  return report;
}

Json verify_quote_json(const Json& args) {
  const ChainDirectory chains = ChainDirectory::from_json(member(args, "chains", ""));
  const Json* request = optional_member(args, "request", "");
  if (request != nullptr && !request->is_object()) throw_parse_error("request: must be an object or null");
  const std::uint64_t now = jf::read_u64_number(member(args, "now", ""), "now");
  return to_json(verify_quote(member(args, "quote", ""), QuoteContext{&chains, request, now, read_max_fee_bps(args)}));
}

}  // namespace sr::verify
