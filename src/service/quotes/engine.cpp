#include "service/quotes/engine.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "crypto/hex.h"
#include "protocol/account.h"
#include "protocol/erc20.h"
#include "service/quotes/funder_checks.h"
#include "service/quotes/quote_gas.h"
#include "protocol/evm_transaction.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/quote_signature.h"
#include "protocol/svm_fund.h"
#include "protocol/svm_instruction.h"
#include "protocol/svm_route_call.h"
#include "protocol/vault.h"
#include "service/keys/key_access.h"
#include "service/common/json_text.h"
#include "service/common/op_input.h"
#include "service/common/quote_randomness.h"
#include "service/status/quote_registration.h"
#include "service/quotes/route_planner.h"

namespace sr::service {

using json = nlohmann::ordered_json;
using protocol::Account;

namespace {

sr::Vm protocol_vm(Vm vm) { return vm == Vm::evm ? sr::Vm::evm : sr::Vm::svm; }

Account account_of(const ChainAddress& address) {
  return address.vm() == Vm::evm ? Account::from_evm(address.evm()) : Account::from_svm(address.svm());
}

std::string hash_hex(const Hash32& hash) { return hex::encode(hash); }



json token_json(const TokenRecord& token) {
  return {{"chainId", token.chain_id}, {"address", token.address.text()}, {"symbol", token.symbol},
          {"decimals", token.decimals}};
}

// `recipient`: who receives the fee on the chain of `token`; null where the solver that fills
// keeps it (gas, proving), or for a zero fee whose recipient is not configured.
json fee_json(std::string_view type, const U256& amount, const TokenRecord& token,
              const std::optional<ChainAddress>& recipient) {
  return {{"type", type},
          {"amount", amount.to_decimal()},
          {"token", token_json(token)},
          {"estimate", false},
          {"recipient", recipient ? json(recipient->text()) : json(nullptr)}};
}

// One intent of a quote with everything the response shows about it.
struct IntentEntry {
  std::string_view role;
  const ChainRecord* source = nullptr;
  const ChainRecord* destination = nullptr;
  protocol::Intent intent;
  protocol::IntentHashes hashes;
  std::string vault;
};

std::string vault_of(const ChainRecord& source, const Hash32& intent_hash) {
  if (source.vm == Vm::evm) {
    return protocol::evm_vault_address(source.portal.evm(), intent_hash, *source.vault_init_code_hash).checksummed();
  }
  return protocol::svm_vault_address(intent_hash, source.portal.svm()).to_base58();
}

IntentEntry make_entry(std::string_view role, const ChainRecord& source, const ChainRecord& destination,
                       protocol::Intent intent) {
  IntentEntry e{role, &source, &destination, std::move(intent), {}, {}};
  e.hashes = protocol::hash_intent(e.intent, protocol_vm(source.vm), protocol_vm(destination.vm));
  e.vault = vault_of(source, e.hashes.intent_hash);
  return e;
}

json entry_json(const IntentEntry& e) {
  return {{"role", e.role},
          {"intentHash", hash_hex(e.hashes.intent_hash)},
          {"sourceChainId", e.source->chain_id},
          {"destinationChainId", e.destination->chain_id},
          {"intent", protocol::intent_to_json(e.intent, protocol_vm(e.source->vm), protocol_vm(e.destination->vm))},
          {"encodedRoute", hex::encode(e.hashes.encoded_route)},
          {"vault", e.vault}};
}

// The one route call that pays `amount` of `token` to `recipient` on `chain`, the token's chain:
// the recipient's transfer and every fee transfer of a delivery route are made here. On Solana the
// Portal's executor pays the recipient's token account with TransferChecked on the mint's program,
// the one call shape Eco's program fills (svm_route_call.h).
protocol::Call payment_call(const ChainRecord& chain, const TokenRecord& token, const ChainAddress& recipient,
                            const U256& amount) {
  if (token.address.vm() == Vm::evm) return protocol::erc20::transfer_call(token.address.evm(), recipient.evm(), amount);
  return protocol::svm_route_call::token_transfer_call(
      chain.portal.svm(),
      {*token.token_program, token.address.svm(), static_cast<std::uint8_t>(token.decimals), recipient.svm(), amount});
}

// A signed quote and what registering it stores (quote_registration.h).
struct BuiltQuote {
  json quote;
  json registration;
};

class QuoteBuilder {
 public:
  QuoteBuilder(const QuoteInputs& in, const QuoteRandomness& randomness)
      : in_(in), config_(in.config), request_(in.request), randomness_(randomness) {}

  BuiltQuote build(const Plan& plan, std::uint32_t index) {
    index_ = index;
    next_salt_ = 0;
    const std::uint64_t expires_at = in_.now + config_.service().quote_lifetime_sec;

    // Deadlines leg by leg: each route deadline follows the moment its intent can exist.
    std::vector<std::uint64_t> route_deadlines, reward_deadlines;
    std::uint64_t previous = expires_at;
    for (const auto& leg : plan.legs) {
      route_deadlines.push_back(previous + leg.solver->fill_window_sec);
      reward_deadlines.push_back(route_deadlines.back() + config_.service().reward_window_sec);
      previous = route_deadlines.back();
    }

    std::vector<std::pair<std::string, std::vector<IntentEntry>>> steps;
    const PricedLeg& first = plan.legs.front();
    const ChainRecord& source_chain = *config_.chain(first.source->chain_id);
    if (!plan.stitched()) {
      steps.push_back({first.solver->id, {make_entry("direct", source_chain, chain_of(*first.destination),
                                                     delivery_intent(first, plan.delivered, route_deadlines[0],
                                                                     reward_deadlines[0]))}});
    } else {
      const PricedLeg& second = plan.legs[1];
      const ChainRecord& middle = chain_of(*second.source);
      // Salts in steps order: the first leg's intent, the delivery intent, the candidates.
      const Hash32 first_salt = next_salt();
      IntentEntry delivery = make_entry("stitched-destination", middle, chain_of(*second.destination),
                                        delivery_intent(second, plan.delivered, route_deadlines[1], reward_deadlines[1]));
      IntentEntry funding = make_entry("stitched-source", source_chain, middle,
                                       funding_intent(first, delivery, first_salt, route_deadlines[0], reward_deadlines[0]));
      steps.push_back({first.solver->id, {std::move(funding)}});
      steps.push_back({second.solver->id, {std::move(delivery)}});
      for (const auto& alternative : plan.alternatives) {
        steps.push_back({alternative.leg.solver->id,
                         {make_entry("bucket-candidate", middle, chain_of(*alternative.leg.destination),
                                     delivery_intent(alternative.leg, alternative.delivered, route_deadlines[1],
                                                     reward_deadlines[1]))}});
      }
    }
    const IntentEntry& funded = steps.front().second.front();
    const std::optional<Hash32> top_hash =
        plan.stitched() ? std::nullopt : std::optional<Hash32>(funded.hashes.intent_hash);

    json steps_json = json::array();
    std::vector<Hash32> signed_hashes;
    if (top_hash) signed_hashes.push_back(*top_hash);
    for (const auto& [provider, entries] : steps) {
      json intents = json::array();
      for (const auto& e : entries) {
        intents.push_back(entry_json(e));
        signed_hashes.push_back(e.hashes.intent_hash);
      }
      steps_json.push_back({{"provider", provider}, {"intents", std::move(intents)}});
    }

    // The quote id starts with the first bytes of its delivery intent hash (quote_registration.h,
    // kQuoteIdHashBytes): the worker keeps records in shards by the first byte, so the quote id
    // leads to its intent's record in one shard and needs no row of its own.
    const Hash32& delivery = top_hash ? *top_hash : steps[1].second.front().hashes.intent_hash;
    static_assert(kQuoteIdHashBytes <= QuoteRandomness::kMaxLeadingBytes);
    const std::string uuid = randomness_.uuid_v4(index, ByteView(delivery.data(), kQuoteIdHashBytes));
    const std::string id = "quote:" + uuid;
    // Its members in order, each added once (json_text.h: room for all of them first).
    json quote = reserve_members(15);
    add_member(quote, "id", id);
    add_member(quote, "type", quote_type_name(request_.type));
    add_member(quote, "source", source_json(plan.source_amount()));
    add_member(quote, "destination", destination_json(plan));
    // The tolerance the route binds: none, since every route delivers exactly amountOut (the
    // request's slippage is validated, and bound only where an output could move: no route today).
    add_member(quote, "slippage", 0);
    add_member(quote, "fees", fees_json(plan));
    add_member(quote, "steps", std::move(steps_json));
    add_member(quote, "solver", {{"id", first.solver->id}, {"name", first.solver->name}});
    add_member(quote, "intentHash", top_hash ? json(hash_hex(*top_hash)) : json(nullptr));
    // The funded intent is the first entry of the first step; its JSON is already built.
    json checks = nullptr;
    json execution = execution_json(funded, plan.source_amount(), quote["steps"][0]["intents"][0]["intent"], checks);
    add_member(quote, "execution", std::move(execution));
    add_member(quote, "checks", std::move(checks));
    add_member(quote, "expiresAt", expires_at);
    // What a wallet shows as the wait: the solvers' own estimates (a remote solver's answer, else
    // its configuration), summed over a stitched route's legs, whose fills happen one after another.
    add_member(quote, "estimatedFulfillTimeSec", plan.fulfill_time_sec());
    const std::string signature = protocol::sign_quote(
        id, protocol::signed_intent_hashes(std::move(signed_hashes)), expires_at, source_chain.chain_id, in_.signer);
    add_member(quote, "signature", signature);
    add_member(quote, "competingQuotes", nullptr);

    std::vector<IntentRecord> registrations;
    for (const auto& [provider, entries] : steps) {
      for (const auto& e : entries) {
        registrations.push_back(intent_registration(e.intent, e.hashes, std::string(e.role), e.source->chain_id, e.source->vm));
      }
    }
    return {std::move(quote), fresh_registration(std::move(registrations), uuid, hash_hex(delivery), in_.now)};
  }

 private:
  const ChainRecord& chain_of(const TokenRecord& token) const { return *config_.chain(token.chain_id); }

  Hash32 next_salt() { return randomness_.salt(index_ * 256 + next_salt_++); }

  protocol::Reward reward_for(const PricedLeg& leg, std::uint64_t deadline) const {
    const ChainRecord& chain = chain_of(*leg.source);
    protocol::Reward reward;
    reward.deadline = deadline;
    reward.creator = account_of(request_.source.refund_recipient);
    reward.prover = account_of(*chain.prover);
    reward.tokens.push_back({account_of(leg.source->address), leg.price.source_amount});
    // Every reward of every quote is made here, so this is where a reward the Portal would fund
    // short (protocol::repeated_token) is stopped: a 500, never a signed quote.
    if (const auto repeated = protocol::repeated_token(reward.tokens)) {
      throw std::logic_error("quote engine: a reward would list token " +
                             reward.tokens[*repeated].token.to_string(protocol_vm(chain.vm)) + " twice");
    }
    return reward;
  }

  // The intent that pays the recipient (the user's calls for custom, else one token transfer of
  // `amount`), then each non-zero protocol and gateway fee to its recipient, in the fee list's
  // order; its route tokens are exactly their sum.
  protocol::Intent delivery_intent(const PricedLeg& leg, const U256& amount, std::uint64_t route_deadline,
                                   std::uint64_t reward_deadline) {
    const TokenRecord& token = *leg.destination;
    const ChainRecord& chain = chain_of(token);
    protocol::Intent intent;
    intent.destination = chain.chain_id;
    intent.route.salt = next_salt();
    intent.route.deadline = route_deadline;
    intent.route.portal = account_of(chain.portal);
    if (request_.type == QuoteType::custom) {
      for (const auto& call : request_.destination.calls) {
        intent.route.calls.push_back({account_of(call.target), call.data, call.value});
      }
    } else {
      intent.route.calls.push_back(payment_call(chain, token, request_.destination.recipient, amount));
    }
    U256 total = amount;
    for (const auto& fee : paid_fees(leg)) {
      if (fee.amount.is_zero()) continue;
      if (!fee.recipient) {
        throw std::logic_error("quote engine: a " + std::string(fee.type) + " fee of " + fee.amount.to_decimal() +
                               " has no recipient on chain " + std::to_string(chain.chain_id));
      }
      intent.route.calls.push_back(payment_call(chain, token, *fee.recipient, fee.amount));
      total = total.add_or_throw(fee.amount);
    }
    intent.route.tokens.push_back({account_of(token.address), total});
    intent.reward = reward_for(leg, reward_deadline);
    return intent;
  }

  struct PaidFee {
    std::string_view type;
    U256 amount;
    std::optional<ChainAddress> recipient;
  };

  // The fees a delivery route pays, in the order the fee list names them: protocol to the
  // operator's recipient on the destination chain, then (for a key with a partner) gateway to
  // the partner's.
  std::vector<PaidFee> paid_fees(const PricedLeg& leg) const {
    const std::uint64_t chain_id = leg.destination->chain_id;
    std::vector<PaidFee> out;
    out.push_back({"protocol", leg.price.fees.protocol, config_.service().fee_recipient(chain_id)});
    if (in_.key.partner) {
      const PartnerRecord* partner = config_.partner(*in_.key.partner);
      out.push_back({"gateway", leg.price.fees.gateway, partner ? partner->fee_recipient(chain_id) : std::nullopt});
    }
    return out;
  }

  // The first leg of a stitched route: its route, on the intermediate chain, funds the delivery
  // intent there (approve the Portal, then publishAndFund), so the solver who fills it pays for
  // the second leg's reward.
  protocol::Intent funding_intent(const PricedLeg& leg, const IntentEntry& delivery, const Hash32& salt,
                                  std::uint64_t route_deadline, std::uint64_t reward_deadline) const {
    const ChainRecord& middle = chain_of(*leg.destination);
    const Address portal = middle.portal.evm();
    const Address token = leg.destination->address.evm();
    const U256& amount = leg.price.amount_out;
    protocol::Intent intent;
    intent.destination = middle.chain_id;
    intent.route.salt = salt;
    intent.route.deadline = route_deadline;
    intent.route.portal = Account::from_evm(portal);
    intent.route.tokens.push_back({Account::from_evm(token), amount});
    intent.route.calls.push_back({Account::from_evm(token), protocol::erc20::approve(portal, amount), U256{}});
    intent.route.calls.push_back({Account::from_evm(portal),
                                  protocol::portal::publish_and_fund(delivery.intent.destination,
                                                                     delivery.hashes.encoded_route,
                                                                     delivery.intent.reward, false),
                                  U256{}});
    intent.reward = reward_for(leg, reward_deadline);
    return intent;
  }

  json source_json(const U256& amount) const {
    return {{"chainId", request_.source.chain_id},
            {"token", request_.source.token.text()},
            {"amount", amount.to_decimal()},
            {"funder", request_.source.funder.text()},
            {"refundRecipient", request_.source.refund_recipient.text()}};
  }

  json destination_json(const Plan& plan) const {
    const auto& d = request_.destination;
    json out = {{"chainId", d.chain_id}, {"token", d.token.text()}, {"recipient", d.recipient.text()}};
    if (d.amount) out["amount"] = d.amount->to_decimal();
    if (request_.type == QuoteType::custom) {
      json calls = json::array();
      for (const auto& call : d.calls) {
        calls.push_back({{"target", call.target.text()}, {"data", hex::encode(call.data)}, {"value", call.value.to_decimal()}});
      }
      out["calls"] = std::move(calls);
    }
    out["amountOut"] = plan.delivered.to_decimal();
    out["minAmountOut"] = plan.delivered.to_decimal();
    return out;
  }

  json fees_json(const Plan& plan) const {
    json fees = json::array();
    const PricedLeg& delivery = plan.legs.back();
    for (const auto& fee : paid_fees(delivery)) fees.push_back(fee_json(fee.type, fee.amount, *delivery.destination, fee.recipient));
    for (const auto& leg : plan.legs) {
      fees.push_back(fee_json("gas", leg.price.fees.gas(), *leg.source, std::nullopt));
      fees.push_back(fee_json("proving", leg.price.fees.proving, *leg.source, std::nullopt));
    }
    return fees;
  }

  // `checks`: what the source chain showed of the funder (funder_checks.h), or null.
  json execution_json(const IntentEntry& funded, const U256& amount, const json& intent_json, json& checks) const {
    const ChainRecord& chain = *funded.source;
    json execution;
    if (chain.vm == Vm::evm) {
      const Address funder = request_.source.funder.evm();
      const Address portal = chain.portal.evm();
      protocol::EvmTransaction tx{chain.chain_id, funder, portal,
                                  protocol::portal::publish_and_fund(funded.intent.destination,
                                                                     funded.hashes.encoded_route,
                                                                     funded.intent.reward, false),
                                  U256{}};
      const FundingSteps steps = funding_steps(chain, config_.token(chain.chain_id, request_.source.token), funder,
                                               request_.source.token.evm(), amount, in_.funder_reads);
      // Each transaction carries the gas limit a wallet may send it with: the configured bound of
      // its kind (gasEstimated false: not estimated against the chain).
      const auto with_gas = [](json body, std::uint64_t gas) {
        body["gas"] = gas;
        body["gasEstimated"] = false;
        return body;
      };
      json approvals = json::array();
      for (const auto& approval : steps.approvals) {
        approvals.push_back(with_gas(protocol::to_json(approval), config_.service().approve_gas_limit));
      }
      execution["transaction"] = with_gas(protocol::to_json(tx), config_.service().publish_and_fund_gas_limit);
      execution["intent"] = intent_json;
      execution["vault"] = funded.vault;
      // The last approval to send before the funding (null when none is needed), as before the
      // list existed; `approvals` is every one of them, in order.
      execution["approval"] = approvals.empty() ? json(nullptr) : approvals.back();
      execution["approvals"] = std::move(approvals);
      checks = steps.checks;
    } else {
      const svm::Pubkey funder = request_.source.funder.svm();
      const protocol::svm_fund::FundArgs args{funded.intent.destination, funded.hashes.route_hash,
                                              funded.intent.reward, false};
      const svm::Instruction fund =
          protocol::svm_fund::fund_instruction(args, protocol::svm_fund::FundSigners{funder, funder}, chain.portal.svm());
      execution["transaction"] = {{"type", "svm"}, {"feePayer", funder.to_base58()}, {"instructions", json::array({fund})}};
      execution["intent"] = intent_json;
      execution["vault"] = funded.vault;
      execution["approval"] = nullptr;
      execution["approvals"] = json::array();
    }
    return execution;
  }

  const QuoteInputs& in_;
  const Config& config_;
  const QuoteRequest& request_;
  const QuoteRandomness& randomness_;
  std::uint32_t index_ = 0;
  std::uint32_t next_salt_ = 0;
};


}  // namespace

OpResult build_quote(const QuoteInputs& in) {
  const QuoteRequest& request = in.request;
  const ChainRecord* source_chain = in.config.chain(request.source.chain_id);
  if (!source_chain || !source_chain->prover) {
    return problem(ProblemCode::chain_not_supported,
                   "chain " + std::to_string(request.source.chain_id) + " cannot be a source: it has no prover",
                   {{"source.chainId", "source.chainId names a chain that cannot fund intents"}});
  }
  const FixedSide side = fixed_side(request.type);
  PlanRequest plan_request{side,
                           side == FixedSide::input ? *request.source.amount : *request.destination.amount,
                           TokenKey{request.source.chain_id, request.source.token},
                           TokenKey{request.destination.chain_id, request.destination.token},
                           in.key.fee_schedule.protocol_bps,
                           in.key.partner ? in.key.fee_schedule.gateway_bps : 0,
                           request.source.refund_recipient.vm() == Vm::evm};

  Plans plans = plan_routes(in.config, plan_request, in.answers);
  if (plans.ranked.empty()) return problem(ProblemCode::solver_error, plans.refusal.detail);

  const QuoteRandomness randomness(in.random);
  QuoteBuilder builder(in, randomness);
  BuiltQuote winner = builder.build(plans.ranked.front(), 0);
  // The registration of every quote of the answer, the winner first, then each competing quote.
  json registrations = json::array({std::move(winner.registration)});
  if (request.all_quotes) {
    json competing = json::array();
    const std::size_t limit = std::min<std::size_t>(plans.ranked.size(), 1 + in.config.service().max_competing_quotes);
    for (std::size_t i = 1; i < limit; ++i) {
      BuiltQuote built = builder.build(plans.ranked[i], static_cast<std::uint32_t>(i));
      competing.push_back(std::move(built.quote));
      registrations.push_back(std::move(built.registration));
    }
    winner.quote["competingQuotes"] = std::move(competing);
  }
  OpResult result = ok(std::move(winner.quote));
  result.registrations = std::move(registrations);
  return result;
}

OpResult quote_op(const Config& config, const secp256k1::SecretKey& signer, const json& input) {
  OpInput in(input, "quote");
  const json& body = in.member("body");
  const KeyRecord key = key_record_from_json(in.member("key"), config);
  const std::uint64_t now = in.unix_seconds("now");
  const Bytes random = in.hex_bytes("random", QuoteRandomness::kMinBytes);
  auto validated = validate_quote_request(body, config);
  if (!validated) return validated.error;
  const QuoteRequest& request = *validated.value;
  if (auto refusal = quote_refusal(key, request.all_quotes)) return *refusal;
  const auto answers = read_solver_answers(in.optional("solverAnswers"), config, fixed_side(request.type),
                                           now + config.service().quote_lifetime_sec);
  const auto funder_reads = read_funder_reads(in.optional("funderReads"), request);
  OpResult result = build_quote(QuoteInputs{config, request, key, now, random, signer, answers, funder_reads});
  if (result.status == 200) result.simulations = gas_simulations(result.body);
  return result;
}

}  // namespace sr::service
