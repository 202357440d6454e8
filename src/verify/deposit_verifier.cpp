#include "verify/deposit_verifier.h"

#include <algorithm>
#include <string>
#include <vector>

#include "crypto/hex.h"
#include "protocol/intent_hash.h"
#include "protocol/json_fields.h"
#include "protocol/quote_signature.h"
#include "verify/fee_statement.h"
#include "verify/intent_terms.h"
#include "verify/quote_document.h"

namespace sr::verify {

namespace jf = protocol::json_fields;
using protocol::Account;
using protocol::Intent;

namespace {

const ChainInfo& chain_at(const Json& object, std::string_view name, const Path& path, const ChainDirectory& chains) {
  const std::uint64_t id = read_chain_id(object, name, path);
  return chains.at(id, path.member(name));
}

Account account_at(const Json& object, std::string_view name, const Path& path, const ChainInfo& chain) {
  return jf::read_account(member(object, name, path), path.member(name), chain.vm);
}

// answer.source / answer.destination (or the request's): chain, token, and amount or recipient.
struct Side {
  const ChainInfo* chain = nullptr;
  Account token;
  U256 amount;        // source only
  Account recipient;  // destination only
};

Side read_side(const Json& document, const char* side_name, const char* root, const ChainDirectory& chains) {
  const Path root_path = root;
  const Path path = root_path.member(side_name);
  const Json& side = member(document, side_name, root_path);
  Side out;
  out.chain = &chain_at(side, "chainId", path, chains);
  out.token = account_at(side, "token", path, *out.chain);
  if (std::string_view(side_name) == "source") {
    out.amount = read_amount(side, "amount", path);
  } else {
    out.recipient = account_at(side, "recipient", path, *out.chain);
  }
  return out;
}

// answer.intent, its route read for the VM of the chain it names as destination.
struct DecodedIntent {
  const ChainInfo* source = nullptr;
  const ChainInfo* destination = nullptr;
  Intent intent;
  Hash32 hash{};
};

DecodedIntent read_intent(const Json& answer, const ChainDirectory& chains) {
  DecodedIntent out;
  out.source = &chain_at(member(answer, "source", "answer"), "chainId", "answer.source", chains);
  const Json& intent_json = member(answer, "intent", "answer");
  out.destination = &chain_at(intent_json, "destination", "answer.intent", chains);
  out.intent = protocol::intent_from_json(intent_json, out.source->vm, out.destination->vm, "answer.intent");
  out.hash = protocol::hash_intent(out.intent, out.source->vm, out.destination->vm).intent_hash;
  return out;
}

std::uint64_t deadline_of(const Json& answer) {
  return jf::read_u64_number(member(answer, "deadline", "answer"), "answer.deadline");
}

Hash32 listed_hash(const Json& answer) {
  return jf::read_hash32(member(answer, "intentHash", "answer"), "answer.intentHash");
}

// ---- the checks ------------------------------------------------------------------------------

std::string check_signature(const Json& answer, const DepositContext& context) {
  const ChainInfo& chain = chain_at(member(answer, "source", "answer"), "chainId", "answer.source", *context.chains);
  const std::string id = cat("quote:", jf::read_string(member(answer, "quoteId", "answer"), "answer.quoteId"));
  const std::size_t size = jf::read_hex(member(answer, "signature", "answer"), "answer.signature").size();
  if (size != 65) fail("answer.signature: must be 65 bytes (r || s || v), got ", std::to_string(size));
  const std::string& signature = jf::read_string(member(answer, "signature", "answer"), "answer.signature");
  const Address signer = jf::at_path("answer.signature", [&] {
    return protocol::recover_quote_signer(id, {listed_hash(answer)}, deadline_of(answer), chain.chain_id, signature);
  });
  if (signer != chain.quote_signer) {
    fail("answer.signature recovers to ", signer.checksummed(), ", not to the quoteSigner of ", chain_text(chain),
         " (", chain.quote_signer.checksummed(), ")");
  }
  return cat("signed by ", signer.checksummed(), ", the quoteSigner of ", chain_text(chain),
             ", over quote:<quoteId>, intentHash and deadline");
}

std::string check_deadline(const Json& answer, const DepositContext& context) {
  const std::uint64_t deadline = deadline_of(answer);
  if (context.now >= deadline) {
    fail("expired: now (", std::to_string(context.now), ") is at or after answer.deadline (", std::to_string(deadline),
         ")");
  }
  const DecodedIntent decoded = read_intent(answer, *context.chains);
  // The intent's deadlines count from answer.deadline: one far ahead would lock a deposit that long.
  if (!decoded.source->limits) {
    fail(chain_text(*decoded.source), " publishes no limits in the chain records, so answer.deadline cannot be bounded");
  }
  const std::uint64_t lifetime = decoded.source->limits->max_deposit_lifetime_sec;
  if (deadline - context.now > lifetime + kClockAllowanceSec) {
    fail("answer.deadline (", std::to_string(deadline), ") is more than ", std::to_string(lifetime),
         " s (maxDepositLifetimeSec of ", chain_text(*decoded.source), ") and ", std::to_string(kClockAllowanceSec),
         " s of clock allowance after now (", std::to_string(context.now), ")");
  }
  expect_deadlines_within("answer.intent", decoded.intent, deadline, "answer.deadline", *decoded.destination,
                          *decoded.source);
  return cat(std::to_string(deadline - context.now), " s left (deadline ", std::to_string(deadline),
             "); route and reward deadlines are later, within the chains' limits");
}

std::string check_intent_hash(const Json& answer, const DepositContext& context) {
  const DecodedIntent decoded = read_intent(answer, *context.chains);
  const Hash32 listed = listed_hash(answer);
  if (decoded.hash != listed) {
    fail("answer.intentHash is ", hex::encode(listed), " but answer.intent hashes to ", hex::encode(decoded.hash));
  }
  const auto& tokens = decoded.intent.reward.tokens;
  if (const auto repeated = protocol::repeated_token(tokens)) {
    fail("answer.intent.reward.tokens[", std::to_string(*repeated), "] lists token ",
         text(tokens[*repeated].token, *decoded.source), " again; the Portal would mark the reward funded holding only part of it");
  }
  return cat("answer.intent hashes to answer.intentHash ", hex::encode(listed));
}

std::string check_vault(const Json& answer, const DepositContext& context) {
  const DecodedIntent decoded = read_intent(answer, *context.chains);
  const ChainInfo& chain = *decoded.source;
  const Account expected = vault_of(chain, decoded.hash);
  const Account vault = account_at(answer, "vaultAddress", "answer", chain);
  if (vault != expected) {
    fail("answer.vaultAddress is ", text(vault, chain), " but the Portal of ", chain_text(chain), " derives ",
         text(expected, chain), " for the intent's hash ", hex::encode(decoded.hash));
  }
  return cat("answer.vaultAddress ", text(vault, chain), " recomputed from the Portal of ", chain_text(chain),
             " and the intent's hash");
}

// The delivery rule of quotes for the address's one intent: the transfer of minAmountOut to the
// recipient, then one transfer per fee paid to a named party, and route tokens exactly their sum.
std::string check_route_pays_recipient(const Json& answer, const DepositContext& context) {
  const DecodedIntent decoded = read_intent(answer, *context.chains);
  const Side destination = read_side(answer, "destination", "answer", *context.chains);
  const ChainInfo& chain = *destination.chain;
  const U256 minimum = read_amount(answer, "minAmountOut", "answer");
  const std::vector<FeeEntry> fees = read_fees(member(answer, "fees", "answer"), "answer.fees", *context.chains);
  const TokenAt delivered{&chain, destination.token};
  const std::vector<const FeeEntry*> named = named_fees(fees, delivered);
  const auto spent = minimum.checked_add(named_total(named));
  if (!spent) fail("answer.fees: the named fees overflow");
  expect_exact_route("answer", decoded.intent, *decoded.destination, chain, destination.token, *spent, 1 + named.size());
  const auto& calls = decoded.intent.route.calls;
  expect_call("answer", 0, pays(calls[0], chain, destination.token, destination.recipient, minimum));
  expect_fee_transfers("answer", calls, 1, named, delivered);
  return cat("pays ", text(destination.recipient, chain), " minAmountOut ", minimum.to_decimal(), " of ",
             text(destination.token, chain), " on ", chain_text(chain), " and ", std::to_string(named.size()),
             " named fee(s), nothing else");
}

std::string check_reward_locks_deposit(const Json& answer, const DepositContext& context) {
  const DecodedIntent decoded = read_intent(answer, *context.chains);
  const Side source = read_side(answer, "source", "answer", *context.chains);
  const ChainInfo& chain = *source.chain;
  const protocol::Reward& reward = decoded.intent.reward;
  if (reward.tokens.size() != 1) {
    fail("answer.intent.reward.tokens has ", std::to_string(reward.tokens.size()),
         " entries; a deposit address locks exactly one source token");
  }
  if (reward.tokens[0].token != source.token) {
    fail("the reward locks token ", text(reward.tokens[0].token, chain), ", not answer.source.token ",
         text(source.token, chain));
  }
  if (reward.tokens[0].amount != source.amount) {
    fail("the reward locks ", reward.tokens[0].amount.to_decimal(), " but answer.source.amount is ",
         source.amount.to_decimal());
  }
  if (!reward.native_amount.is_zero()) {
    fail("the reward asks for ", reward.native_amount.to_decimal(),
         " native units besides the token; a transfer of the token alone could never fund it");
  }
  const Account refund = account_at(*context.request, "refundRecipient", "request", chain);
  if (reward.creator != refund) {
    fail("answer.intent.reward.creator (refunds) is ", text(reward.creator, chain),
         ", not the request's refundRecipient ", text(refund, chain));
  }
  if (chain.prover && reward.prover != *chain.prover) {
    fail("answer.intent.reward.prover is ", text(reward.prover, chain), ", not the prover of ", chain_text(chain));
  }
  return cat("the reward locks ", source.amount.to_decimal(), " of ", text(source.token, chain),
             " and refunds to ", text(refund, chain));
}

// The statement adds up as a quote's does, with minAmountOut for the output: the deposit less the
// fees kept in the source token, converted, covers minAmountOut plus the fees paid in the
// destination token, and what it leaves undelivered counts with the fees under the ceiling.
std::string check_fees(const Json& answer, const DepositContext& context) {
  const Side source = read_side(answer, "source", "answer", *context.chains);
  const Side destination = read_side(answer, "destination", "answer", *context.chains);
  const std::vector<FeeEntry> fees = read_fees(member(answer, "fees", "answer"), "answer.fees", *context.chains);
  return expect_fees_add_up(fees, {{source.chain, source.token}, {destination.chain, destination.token}},
                            {source.amount, read_amount(answer, "minAmountOut", "answer")}, false, true,
                            context.max_fee_bps);
}

std::string check_matches_request(const Json& answer, const DepositContext& context) {
  const ChainDirectory& chains = *context.chains;
  const Side got_source = read_side(answer, "source", "answer", chains);
  const Side got_destination = read_side(answer, "destination", "answer", chains);
  const Side asked_source = read_side(*context.request, "source", "request", chains);
  const Side asked_destination = read_side(*context.request, "destination", "request", chains);
  const auto expect = [](bool same, const char* what, const std::string& got, const std::string& asked) {
    if (!same) fail("answer.", what, " is ", got, " but the request asked for ", asked);
  };
  expect(got_source.chain == asked_source.chain, "source.chainId", std::to_string(got_source.chain->chain_id),
         std::to_string(asked_source.chain->chain_id));
  expect(got_source.token == asked_source.token, "source.token", text(got_source.token, *got_source.chain),
         text(asked_source.token, *asked_source.chain));
  expect(got_source.amount == asked_source.amount, "source.amount", got_source.amount.to_decimal(),
         asked_source.amount.to_decimal());
  expect(got_destination.chain == asked_destination.chain, "destination.chainId",
         std::to_string(got_destination.chain->chain_id), std::to_string(asked_destination.chain->chain_id));
  expect(got_destination.token == asked_destination.token, "destination.token",
         text(got_destination.token, *got_destination.chain), text(asked_destination.token, *asked_destination.chain));
  expect(got_destination.recipient == asked_destination.recipient, "destination.recipient",
         text(got_destination.recipient, *got_destination.chain),
         text(asked_destination.recipient, *asked_destination.chain));
  return cat("source ", std::to_string(got_source.chain->chain_id), " and destination ",
             std::to_string(got_destination.chain->chain_id), " tokens, amount and recipient as requested");
}

}  // namespace

Report verify_deposit_address(const Json& answer, const DepositContext& context) {
  Report report;
  using CheckFn = std::string (*)(const Json&, const DepositContext&);
  static constexpr std::pair<const char*, CheckFn> kChecks[] = {
      {"signature", check_signature},
      {"deadline", check_deadline},
      {"intent-hash", check_intent_hash},
      {"vault", check_vault},
      {"route-pays-recipient", check_route_pays_recipient},
      {"reward-locks-deposit", check_reward_locks_deposit},
      {"fees", check_fees},
      {"matches-request", check_matches_request},
  };
  for (const auto& [name, fn] : kChecks) {
    const CheckFn body = fn;
    run_check(report, name, [&] { return body(answer, context); });
  }
  return report;
}

Json verify_deposit_address_json(const Json& args) {
  const ChainDirectory chains = ChainDirectory::from_json(member(args, "chains", ""));
  const Json& request = member(args, "request", "");
  if (!request.is_object()) throw_parse_error("request: must be the deposit-address request object {source, destination, refundRecipient}");
  const std::uint64_t now = jf::read_u64_number(member(args, "now", ""), "now");
  return to_json(verify_deposit_address(member(args, "answer", ""), DepositContext{&chains, &request, now, read_max_fee_bps(args)}));
}

}  // namespace sr::verify
