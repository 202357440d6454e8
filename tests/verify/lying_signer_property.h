// The verifier's property against a lying signer (api-contract "What a verifier refuses"): take a
// genuine engine answer of some shape, change it at random where a signer could, derive every hash,
// vault and calldata again and sign it with the development quote signer (resign.h). Whenever the
// verifier then says ok, what the funding transaction makes happen on chain must be what the
// request asked: the funder pays the request's amount of its token on its chain, to an intent whose
// reward refunds the request's refund recipient and is claimable only through the chain's prover;
// the recipient receives the promised amount of the asked token on the asked chain, losing no more
// than the dapp's fee ceiling; nobody else is paid but the named fees; nothing else is called but
// the request's own calls; and every deadline is ahead and within the chains' published limits.
//
// The effect is read from the funding transaction's calldata alone, leg by leg (a stitched first
// leg's publishAndFund is followed into the second intent), never from the answer's listings or
// the verifier's own reading; a deposit address's effect is the intent its vault commits to (the
// hash the vault derives from, recomputed). One input is a byte string: the shape, then (where,
// how, which value) triples choosing the changes. fuzz/lying_signer.cpp runs it under libFuzzer;
// lying_signer_property_test.cpp runs a fixed random sample in the suite.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>

#include "crypto/hex.h"
#include "eth/u256.h"
#include "json/nlohmann_bridge.h"
#include "protocol/erc20.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "protocol/svm_address.h"
#include "protocol/svm_fund.h"
#include "protocol/svm_route_call.h"
#include "protocol/svm_transaction.h"
#include "protocol/vault.h"
#include "resign.h"
#include "service/chain/registry.h"
#include "service/service.h"
#include "verify/chain_directory.h"
#include "verify/deposit_verifier.h"
#include "verify/intent_terms.h"
#include "verify/quote_verifier.h"

namespace sr::verify::testing::lying_signer {

using nlohmann::json;

inline constexpr std::uint64_t kNow = 1'763'697'600;  // the engine fixtures' clock
inline constexpr std::uint32_t kMaxFeeBps = 300;       // the package's default ceiling
inline const char* const kFunder = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
inline const char* const kRecipient = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
inline const char* const kOther = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
inline const char* const kSolanaRecipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
inline const char* const kSolanaOther = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

inline json local_config_json() {
  json config = json::object();
  for (const char* name : {"service", "chains", "tokens", "solvers", "partners"}) {
    std::ifstream in(std::string(SR_SOURCE_DIR) + "/config/local/" + name + ".json");
    config[name] = json::parse(in);
  }
  return config;
}

// The engine, the configuration and the chain records as GET /v1/chains publishes them (limits
// included), built once.
struct World {
  service::Service service;
  ChainDirectory chains;
  World()
      : service(local_config_json().dump(),
                nlohmann::json{{"quoteSignerKey", local_signer_key()}}.dump()),
        chains(ChainDirectory::from_json(json::parse(service::list_chains(service.config()).dump()))) {}
  const service::Config& config() const { return service.config(); }
};
inline const World& world() {
  static const World w;
  return w;
}

struct Shape {
  std::string name;
  json request;
  json genuine;          // the engine's answer (a deposit address: its record)
  bool deposit = false;  // verified by verify_deposit_address
};

inline json request_of(const std::string& type, std::uint64_t from, const char* from_token, std::uint64_t to,
                       const char* to_token, const char* recipient) {
  json body = {{"type", type},
               {"source", {{"chainId", from}, {"token", from_token}, {"funder", kFunder}}},
               {"destination", {{"chainId", to}, {"token", to_token}, {"recipient", recipient}}},
               {"dappId", "lying-signer-property"}};
  if (type == "exact-out") {
    body["destination"]["amount"] = "99840001";
  } else {
    body["source"]["amount"] = "100000000";
  }
  return body;
}

// Every quote shape an EVM funder gets from the local configuration: direct exact-in, exact-out
// and custom (Base to Optimism), a Solana funder's direct route to Base, a stitched route from
// Polygon to a Solana recipient; and a deposit address (Base to Optimism).
inline const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = [] {
    const char* base_usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    const char* optimism_usdc = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
    std::vector<Shape> out;
    out.push_back({"direct exact-in", request_of("exact-in", 8453, base_usdc, 10, optimism_usdc, kRecipient), {}});
    out.push_back({"direct exact-out", request_of("exact-out", 8453, base_usdc, 10, optimism_usdc, kRecipient), {}});
    json custom = request_of("exact-in", 8453, base_usdc, 10, optimism_usdc, kRecipient);
    custom["type"] = "custom";
    custom["destination"]["calls"] = json::array({{{"target", kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}}});
    out.push_back({"custom", custom, {}});
    json from_solana = request_of("exact-in", 1399811149, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 8453, base_usdc,
                                  kRecipient);
    from_solana["source"]["funder"] = kSolanaRecipient;
    out.push_back({"direct from Solana", from_solana, {}});
    out.push_back({"stitched to Solana",
                   request_of("exact-in", 137, "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", 1399811149,
                              "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", kSolanaRecipient),
                   {}});
    const json key = {{"id", "dev-acme"},
                      {"partner", "acme"},
                      {"feeSchedule", {{"protocolBps", 0}, {"gatewayBps", 10}}},
                      {"features", {"quotes", "all-quotes"}}};
    for (Shape& shape : out) {
      const json input = {{"body", shape.request}, {"key", key}, {"now", kNow},
                          {"random", "0x" + std::string(64, '5')}, {"solverAnswers", json::array()}};
      const json answer = json::parse(world().service.handle("quote", input.dump()));
      if (answer["status"] != 200) throw std::runtime_error(shape.name + ": " + answer.dump());
      shape.genuine = answer["body"];
    }
    // A deposit address on Base paying on Optimism (acme's), its record as both answers carry it.
    Shape deposit{"deposit address",
                  {{"source", {{"chainId", 8453}, {"token", base_usdc}, {"amount", "25000000"}}},
                   {"destination", {{"chainId", 10}, {"token", optimism_usdc}, {"recipient", kRecipient}}},
                   {"refundRecipient", kFunder}},
                  {},
                  true};
    const json input = {{"body", deposit.request}, {"partner", "acme"}, {"now", kNow},
                        {"random", "0x" + std::string(64, 'a')}, {"solverAnswers", json::array()},
                        {"confirmedChains", json::array({8453})}};
    const json answer = json::parse(world().service.handle("depositCreate", input.dump()));
    if (answer["status"] != 201) throw std::runtime_error("deposit address: " + answer.dump());
    deposit.genuine = answer["body"]["record"];
    out.push_back(std::move(deposit));
    return out;
  }();
  return all;
}

// ---- The oracle: what the funding transaction does ------------------------------------------

struct Payment {
  protocol::Account token;
  protocol::Account to;  // on Solana: the token account credited
  U256 amount;
};

inline bool same_text(const json& a, const std::string& b) { return a.is_string() && a.get<std::string>() == b; }

// What the dapp asked, and what it was promised: the terms the walk below holds a funding to.
struct Asked {
  std::uint64_t source_chain = 0;
  std::string source_token;
  protocol::Account refund_to;
  json destination;          // the request's destination: chainId, token, recipient, amount?, calls?
  json fees;                 // the answer's named fees
  std::string min_amount_out;  // what the answer promises the recipient
  std::uint64_t funding_delay = 0;  // how long after now the first leg may still be funded
};

// "" when `funding` (a publishAndFund, or what a vault commits to) does what was asked; otherwise
// what differs. It follows a stitched first leg's publishAndFund into the second intent.
inline std::string funding_differs(protocol::portal::PublishAndFund funding, const Asked& asked_for) {
  const service::Config& config = world().config();
  const ChainDirectory& chains = world().chains;
  const std::uint64_t source_id = asked_for.source_chain;
  const protocol::Account& refund_to = asked_for.refund_to;
  const U256 paid = funding.reward.tokens.size() == 1 ? funding.reward.tokens[0].amount : U256(0);
  std::uint64_t chain_id = source_id;
  // The first leg may be funded until the answer expires: its fill window may start that late, but
  // no later than funding_delay after now (a stitched second leg's window starts at the first
  // leg's route deadline).
  std::uint64_t start = kNow;
  std::uint64_t funding_delay = asked_for.funding_delay;
  std::vector<Payment> delivered;
  std::vector<protocol::TokenAmount> held;  // a custom request's last route: what its calls get
  std::vector<protocol::Call> foreign_calls;
  for (int leg = 0;; ++leg) {
    if (leg == 2) return "more than two legs";
    const service::ChainRecord& from = *config.chain(chain_id);
    const service::ChainRecord* to = config.chain(funding.destination);
    if (to == nullptr) return "the intent names an unknown destination chain";
    const protocol::Reward& reward = funding.reward;
    if (reward.creator != refund_to) return "leg " + std::to_string(leg) + " refunds someone else";
    if (!from.prover || reward.prover != from.prover->account()) return "leg " + std::to_string(leg) + " names another prover";
    if (!reward.native_amount.is_zero()) return "leg " + std::to_string(leg) + " locks native value";
    const protocol::Route route = protocol::decode_route(funding.encoded_route, to->vm);
    if (route.portal != to->portal.account()) return "leg " + std::to_string(leg) + " routes through another Portal";
    if (!route.native_amount.is_zero()) return "leg " + std::to_string(leg) + " asks native value of the solver";
    const ChainInfo& route_chain = chains.at(to->chain_id);
    const ChainInfo& reward_chain = chains.at(from.chain_id);
    if (route.deadline <= start || route.deadline - start > funding_delay + route_chain.limits->max_fill_window_sec ||
        reward.deadline < route.deadline || reward.deadline - route.deadline > reward_chain.limits->max_reward_window_sec) {
      return "leg " + std::to_string(leg) + "'s deadlines are out of the chains' limits";
    }
    // The route's calls: payments, the next leg's funding, or calls the request asked for.
    std::optional<protocol::portal::PublishAndFund> next;
    U256 approved;
    std::vector<Payment> payments;
    for (const protocol::Call& call : route.calls) {
      if (!call.value.is_zero()) return "a route call sends native value";
      if (to->vm == Vm::svm) {
        try {
          const auto t = protocol::svm_route_call::decode_token_transfer_call(to->portal.svm(), call);
          payments.push_back({protocol::Account::from_svm(t.mint), protocol::Account::from_svm(t.recipient_token_account),
                              U256(t.transfer.amount)});
          continue;
        } catch (const ParseError&) {
        }
      } else if (call.target == to->portal.account()) {
        if (next) return "a route funds two intents";
        next = protocol::portal::decode_publish_and_fund(call.data);
        continue;
      } else {
        try {
          const auto t = protocol::erc20::decode_transfer(call.data);
          payments.push_back({call.target, protocol::Account::from_evm(t.account), t.amount});
          continue;
        } catch (const ParseError&) {
        }
        try {
          const auto a = protocol::erc20::decode_approve(call.data);
          if (a.account != to->portal.evm()) return "a route approves someone other than its Portal";
          approved = a.amount;
          continue;
        } catch (const ParseError&) {
        }
      }
      foreign_calls.push_back(call);
    }
    // Everything the route receives is paid out (or funds the next leg): nothing is left behind.
    // A custom request's calls act on what the last route holds: what they are left is counted as
    // delivered below.
    const bool custom = !next && asked_for.destination.contains("calls");
    if (custom) {
      held = route.tokens;
    }
    for (const protocol::TokenAmount& received : custom ? std::vector<protocol::TokenAmount>{} : route.tokens) {
      U256 out = next ? approved : U256(0);
      for (const Payment& p : payments) {
        if (p.token == received.token) out = out.add_or_throw(p.amount);
      }
      if (out != received.amount) return "leg " + std::to_string(leg) + " leaves tokens behind or pays more than it holds";
    }
    if (next) {
      if (!payments.empty()) return "a first leg pays someone";
      if (next->reward.tokens.size() != 1 || next->reward.tokens[0].amount != approved) {
        return "the second intent's reward is not what the first leg approves";
      }
      chain_id = to->chain_id;
      start = route.deadline;
      funding_delay = 0;
      funding = *next;
      continue;
    }
    delivered = std::move(payments);
    chain_id = to->chain_id;
    break;
  }

  // Who receives what, where.
  const json& asked = asked_for.destination;
  if (chain_id != asked["chainId"].get<std::uint64_t>()) return "the last leg delivers on another chain";
  const service::ChainRecord& destination = *config.chain(chain_id);
  const auto token = service::ChainAddress::parse(destination.vm, asked["token"].get<std::string>());
  const service::TokenRecord& token_record = *config.token(chain_id, token);
  // Who a payment to `wallet` credits: on Solana its associated token account for the token.
  const auto credited = [&](const std::string& wallet) {
    if (destination.vm == Vm::evm) return protocol::Account::from_evm(Address::parse(wallet));
    return protocol::Account::from_svm(svm::associated_token_address(
        svm::Pubkey::parse(wallet), token.svm(), token_record.token_program.value_or(svm::token_program_id())));
  };
  std::optional<U256> received;
  for (const Payment& p : delivered) {
    if (p.token == token.account() && p.to == credited(asked["recipient"].get<std::string>()) && !received) {
      received = p.amount;
      continue;
    }
    bool named = false;
    for (const json& fee : asked_for.fees) {
      named = named || (fee["recipient"].is_string() && fee["token"]["chainId"] == chain_id &&
                        protocol::Account::parse(destination.vm, fee["token"]["address"].get<std::string>()) == p.token &&
                        p.token == token.account() && credited(fee["recipient"].get<std::string>()) == p.to &&
                        U256::from_decimal(fee["amount"].get<std::string>()) == p.amount);
    }
    if (!named) return "someone the request and the named fees do not name is paid " + p.amount.to_decimal();
  }
  if (asked.contains("calls")) {
    // The request's calls get what the route holds beyond the payments, in the asked token only.
    if (received) return "a custom route also transfers to the recipient";
    if (held.size() != 1 || held[0].token != token.account()) return "a custom route holds another token";
    U256 paid_out;
    for (const Payment& p : delivered) paid_out = paid_out.add_or_throw(p.amount);
    if (paid_out > held[0].amount) return "a custom route pays more than it holds";
    received = held[0].amount.sub_or_throw(paid_out);
  }
  if (!received) return "the recipient is not paid in the asked token";
  if (asked.contains("amount") && *received != U256::from_decimal(asked["amount"].get<std::string>())) {
    return "the recipient receives " + received->to_decimal() + ", not the asked amount";
  }
  if (asked_for.min_amount_out != received->to_decimal()) {
    return "the recipient receives " + received->to_decimal() + ", not the promised minAmountOut";
  }
  // At most the dapp's fee ceiling is lost between what the funder pays and what arrives.
  const service::TokenRecord& source_token =
      *config.token(source_id, service::ChainAddress::parse(config.chain(source_id)->vm, asked_for.source_token));
  U256 arrives = *received;
  U256 sent = paid;
  for (std::uint32_t d = source_token.decimals; d < token_record.decimals; ++d) sent = sent.mul_or_throw(U256(10));
  for (std::uint32_t d = token_record.decimals; d < source_token.decimals; ++d) arrives = arrives.mul_or_throw(U256(10));
  if (arrives.mul_or_throw(U256(10'000)) < sent.mul_or_throw(U256(10'000 - kMaxFeeBps))) return "more than the fee ceiling is lost on the way";
  // Nothing is called but what the request asked, exactly and in order.
  std::vector<protocol::Call> asked_calls;
  for (const json& c : asked.value("calls", json::array())) {
    asked_calls.push_back({protocol::Account::parse(destination.vm, c["target"].get<std::string>()),
                           hex::decode(c["data"].get<std::string>()), U256::from_decimal(c["value"].get<std::string>())});
  }
  if (foreign_calls != asked_calls) return "the routes call what the request did not ask";
  return "";
}

// "" when the funding transaction's effect is the request's; otherwise what differs.
inline std::string effect_differs(const json& quote, const json& request) {
  const service::Config& config = world().config();
  const json& tx = quote["execution"]["transaction"];
  const std::uint64_t source_id = request["source"]["chainId"].get<std::uint64_t>();
  const service::ChainRecord& source = *config.chain(source_id);
  const std::string funder_text = request["source"]["funder"].get<std::string>();
  const protocol::Account funder = protocol::Account::parse(source.vm, funder_text);
  const protocol::Account refund_to =
      protocol::Account::parse(source.vm, request["source"].value("refundRecipient", funder_text));
  protocol::portal::PublishAndFund funding;
  if (source.vm == Vm::evm) {
    if (tx["type"] != "evm" || tx["chainId"] != source_id) return "the funding transaction is not on the source chain";
    if (protocol::Account::from_evm(Address::parse(tx["from"].get<std::string>())) != funder) {
      return "the funding transaction is not sent by the funder";
    }
    if (Address::parse(tx["to"].get<std::string>()) != source.portal.evm()) return "the funding transaction is not to the source Portal";
    if (tx["value"] != "0") return "the funding transaction sends native value";
    funding = protocol::portal::decode_publish_and_fund(hex::decode(tx["data"].get<std::string>()));
  } else {
    // Solana: one instruction, the Portal's fund, whose accounts (vault PDA, token accounts) are
    // exactly those its arguments derive; it commits to the route by hash, so the route is the
    // listed one only when it hashes to it.
    const protocol::SvmTransaction svm_tx = protocol::svm_transaction_from_json(nlohmann::ordered_json(tx));
    if (svm_tx.instructions.size() != 1) return "the funding transaction is not one Portal instruction";
    const service::TokenRecord& mint = *config.token(source_id, service::ChainAddress::parse(Vm::svm, request["source"]["token"].get<std::string>()));
    const auto fund = protocol::svm_fund::decode_fund_instruction(svm_tx.instructions[0], source.portal.svm(),
                                                                  mint.token_program.value_or(svm::token_program_id()));
    if (protocol::Account::from_svm(fund.signers.funder) != funder) return "the funded tokens are not the funder's";
    const service::ChainRecord* to = config.chain(fund.args.destination);
    if (to == nullptr) return "the intent names an unknown destination chain";
    const protocol::Route route = protocol::intent_from_json(quote["execution"]["intent"], Vm::svm, to->vm).route;
    if (protocol::route_hash(route, to->vm) != fund.args.route_hash) return "the funded route is not the listed one";
    funding = {fund.args.destination, protocol::encode_route(route, to->vm), fund.args.reward, fund.args.allow_partial};
  }
  if (funding.allow_partial) return "the funding allows a partial fill";

  // What the funder pays: one token, the request's, from the request's chain.
  const json& asked_source = request["source"];
  const U256 paid = funding.reward.tokens.size() == 1 ? funding.reward.tokens[0].amount : U256(0);
  if (funding.reward.tokens.size() != 1 ||
      funding.reward.tokens[0].token != protocol::Account::parse(source.vm, asked_source["token"].get<std::string>())) {
    return "the reward is not the request's source token alone";
  }
  if (asked_source.contains("amount") && paid != U256::from_decimal(asked_source["amount"].get<std::string>())) {
    return "the funder pays " + paid.to_decimal() + ", not the request's amount";
  }
  if (!asked_source.contains("amount") && !same_text(quote["source"]["amount"], paid.to_decimal())) {
    return "the funder pays " + paid.to_decimal() + ", not the quote's source.amount";
  }

  Asked asked;
  asked.source_chain = source_id;
  asked.source_token = asked_source["token"].get<std::string>();
  asked.refund_to = refund_to;
  asked.destination = request["destination"];
  asked.fees = quote["fees"];
  asked.min_amount_out = quote["destination"]["minAmountOut"].is_string() ? quote["destination"]["minAmountOut"].get<std::string>() : "";
  // A quote may be funded until it expires: at most the quote lifetime after now, with the
  // verifier's five minutes of clock allowance.
  asked.funding_delay = config.service().quote_lifetime_sec + kClockAllowanceSec;
  return funding_differs(funding, asked);
}

// "" when a deposit address's vault commits to an intent that does what the request asked: a
// transfer of the request's amount into the vault funds exactly the intent whose hash derives it.
inline std::string deposit_differs(const json& answer, const json& request) {
  const service::Config& config = world().config();
  const std::uint64_t source_id = request["source"]["chainId"].get<std::uint64_t>();
  const service::ChainRecord& source = *config.chain(source_id);
  const service::ChainRecord* destination = config.chain(answer["intent"]["destination"].get<std::uint64_t>());
  if (destination == nullptr) return "the intent names an unknown destination chain";
  const protocol::Intent intent = protocol::intent_from_json(answer["intent"], Vm::evm, destination->vm);
  const Hash32 hash = protocol::hash_intent(intent, Vm::evm, destination->vm).intent_hash;
  if (Address::parse(answer["vaultAddress"].get<std::string>()) !=
      protocol::evm_vault_address(source.portal.evm(), hash, *source.vault_init_code_hash)) {
    return "the vault the deposit goes to commits to another intent";
  }
  const U256 amount = U256::from_decimal(request["source"]["amount"].get<std::string>());
  if (intent.reward.tokens.size() != 1 || intent.reward.tokens[0].amount != amount ||
      intent.reward.tokens[0].token != protocol::Account::from_evm(Address::parse(request["source"]["token"].get<std::string>()))) {
    return "the vault's reward is not the deposited amount of the deposited token";
  }
  Asked asked;
  asked.source_chain = source_id;
  asked.source_token = request["source"]["token"].get<std::string>();
  asked.refund_to = protocol::Account::from_evm(Address::parse(request["refundRecipient"].get<std::string>()));
  asked.destination = request["destination"];
  asked.fees = answer["fees"];
  asked.min_amount_out = answer["minAmountOut"].is_string() ? answer["minAmountOut"].get<std::string>() : "";
  // A deposit may arrive until the address's deadline: at most the source chain's
  // maxDepositLifetimeSec after now, with the verifier's clock allowance.
  asked.funding_delay = world().chains.at(source_id).limits->max_deposit_lifetime_sec + kClockAllowanceSec;
  return funding_differs(
      protocol::portal::PublishAndFund{intent.destination, protocol::encode_route(intent.route, destination->vm), intent.reward, false},
      asked);
}

// ---- The lies ---------------------------------------------------------------------------------

// Values a lying signer would put in: other parties, the answer's own parties in other places,
// amounts nudged, deadlines stretched.
inline json changed_value(const json& value, std::uint8_t pick) {
  if (value.is_number_unsigned()) {
    const std::uint64_t v = value.get<std::uint64_t>();
    const std::uint64_t options[] = {v + 1, v - 1, v + 3600, v + 5ull * 365 * 86400, 0, v / 2};
    return options[pick % 6];
  }
  if (!value.is_string()) return value;
  const std::string text = value.get<std::string>();
  if (text.size() == 42 && text.rfind("0x", 0) == 0) {
    const char* options[] = {kOther, kFunder, kRecipient, "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E",
                             "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"};
    return options[pick % 6];
  }
  if (text.rfind("0x", 0) == 0 && text.size() > 2) {
    if (text.rfind("0xa9059cbb", 0) == 0 && pick % 2 == 0) {
      const auto t = protocol::erc20::decode_transfer(hex::decode(text));
      const U256 amount = pick % 4 == 0 ? t.amount : t.amount.add_or_throw(U256(1));
      return hex::encode(protocol::erc20::transfer(Address::parse(kOther), amount));
    }
    std::string flipped = text;
    char& digit = flipped[2 + pick % (flipped.size() - 2)];
    digit = digit == '0' ? '1' : '0';
    return flipped;
  }
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
    const U256 v = U256::from_decimal(text);
    const U256 options[] = {v.wrapping_add(U256(1)), v.wrapping_sub(U256(1)), v.wrapping_add(v),
                            U256::mul_div(v, 1, 2, Rounding::floor).value_or(U256(0)), U256(0),
                            v.wrapping_add(U256(1'000'000))};
    return options[pick % 6].to_decimal();
  }
  if (text.size() >= 32 && text.size() <= 44) {
    const char* options[] = {kSolanaOther, kSolanaRecipient, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"};
    return options[pick % 3];
  }
  return value;
}

// The places a lie goes: every value of every listed intent, the promised amounts, the fees.
inline void collect(const json& value, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) collect(member, at / key, out);
  } else if (value.is_array()) {
    out.push_back(at);  // the array itself: an element dropped or repeated
    for (std::size_t i = 0; i < value.size(); ++i) collect(value[i], at / i, out);
  } else {
    out.push_back(at);
  }
}

inline std::vector<json::json_pointer> lie_sites(const json& quote) {
  std::vector<json::json_pointer> out;
  if (quote.contains("vaultAddress")) {  // a deposit address
    for (const char* at : {"/intent", "/minAmountOut", "/fees", "/deadline", "/source/amount"}) {
      collect(quote[json::json_pointer(at)], json::json_pointer(at), out);
    }
    return out;
  }
  for (std::size_t s = 0; s < quote["steps"].size(); ++s) {
    for (std::size_t i = 0; i < quote["steps"][s]["intents"].size(); ++i) {
      const json::json_pointer at = json::json_pointer("/steps") / s / "intents" / i / "intent";
      collect(quote[at], at, out);
    }
  }
  for (const char* at : {"/destination/amountOut", "/destination/minAmountOut", "/source/amount", "/fees",
                         "/execution/transaction/to", "/execution/transaction/value", "/expiresAt"}) {
    if (quote.contains(json::json_pointer(at))) collect(quote[json::json_pointer(at)], json::json_pointer(at), out);
  }
  return out;
}

// The lie a signer would tell to keep part of the payment: the recipient's transfer on an EVM
// delivery route, the route's tokens and the promised amounts all lowered together by `cut`
// parts in 256, so that every listing agrees with every other and only the fee statement is left
// to disagree.
inline void shave_delivery(json& quote, std::uint8_t cut) {
  const bool deposit = quote.contains("vaultAddress");
  json& route = deposit ? quote["intent"]["route"] : quote["steps"].back()["intents"][0]["intent"]["route"];
  for (json& call : route["calls"]) {
    const std::string data = call["data"].get<std::string>();
    if (data.rfind("0xa9059cbb", 0) != 0) continue;
    const auto t = protocol::erc20::decode_transfer(hex::decode(data));
    if (t.account != Address::parse(kRecipient)) continue;
    const U256 taken = U256::mul_div(t.amount, U256(cut), U256(256), Rounding::floor).value_or(U256(0));
    call["data"] = hex::encode(protocol::erc20::transfer(t.account, t.amount.sub_or_throw(taken)));
    json& held = route["tokens"][0]["amount"];
    held = U256::from_decimal(held.get<std::string>()).sub_or_throw(taken).to_decimal();
    for (const char* promised : {"amountOut", "minAmountOut"}) {
      if (deposit && std::string_view(promised) == "amountOut") continue;
      json& value = deposit ? quote[promised] : quote["destination"][promised];
      value = U256::from_decimal(value.get<std::string>()).sub_or_throw(taken).to_decimal();
    }
    return;
  }
}

// The lie that locks the funds for long: the quote's expiry and every deadline moved later
// together by `pick` days, so that each deadline still follows the expiry by what it did.
inline void postpone(json& quote, std::uint8_t pick) {
  const std::uint64_t delay = (1 + pick) * 86'400ull;
  if (quote.contains("vaultAddress")) {  // a deposit address: its deadline and its intent's
    quote["deadline"] = quote["deadline"].get<std::uint64_t>() + delay;
    for (const char* part : {"route", "reward"}) {
      quote["intent"][part]["deadline"] = quote["intent"][part]["deadline"].get<std::uint64_t>() + delay;
    }
    return;
  }
  quote["expiresAt"] = quote["expiresAt"].get<std::uint64_t>() + delay;
  for (json& step : quote["steps"]) {
    for (json& entry : step["intents"]) {
      for (const char* part : {"route", "reward"}) {
        json& deadline = entry["intent"][part]["deadline"];
        deadline = deadline.get<std::uint64_t>() + delay;
      }
    }
  }
}

struct Outcome {
  bool lied = false;     // the changes re-signed
  bool accepted = false; // the verifier said ok
  std::string violation; // accepted, yet the effect differs from the request
};

// One input: byte 0 the shape, then (site, operation, value) triples; two operations in sixteen
// are the coordinated lies above.
inline Outcome run(std::span<const std::uint8_t> input) {
  Outcome outcome;
  if (input.empty()) return outcome;
  const Shape& shape = shapes()[input[0] % shapes().size()];
  json quote = shape.genuine;
  for (std::size_t at = 1; at + 1 < input.size(); at += 3) {
    const auto sites = lie_sites(quote);
    const json::json_pointer& site = sites[input[at] % sites.size()];
    json& target = quote[site];
    const std::uint8_t op = input[at + 1];
    const std::uint8_t pick = at + 2 < input.size() ? input[at + 2] : 0;
    if (op % 16 == 14) {
      try {
        postpone(quote, pick);
      } catch (const std::exception&) {
      }
    } else if (op % 16 == 15) {
      try {
        shave_delivery(quote, pick);
      } catch (const std::exception&) {
      }
    } else if (target.is_array()) {
      if (target.empty()) continue;
      const std::size_t i = pick % target.size();
      if (op % 2 == 0) {
        target.erase(target.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        target.push_back(target[i]);
      }
    } else {
      try {
        target = changed_value(target, pick);
      } catch (const ParseError&) {
        continue;
      }
    }
  }
  try {
    if (shape.deposit) {
      resign_deposit(quote, world().config());
    } else {
      resign_quote(quote, world().config());
    }
  } catch (const std::exception&) {
    return outcome;  // a change no signer could sign consistently (the intent no longer parses)
  }
  outcome.lied = true;
  Report report;
  if (shape.deposit) {
    const sr::json::Value request = sr::json::from_nlohmann(shape.request);
    report = verify_deposit_address(sr::json::from_nlohmann(quote), DepositContext{&world().chains, &request, kNow, kMaxFeeBps});
  } else {
    report = verify_quote(quote, QuoteContext{&world().chains, &shape.request, kNow, kMaxFeeBps});
  }
  if (!report.ok()) return outcome;
  outcome.accepted = true;
  try {
    outcome.violation = shape.deposit ? deposit_differs(quote, shape.request) : effect_differs(quote, shape.request);
  } catch (const std::exception& e) {
    outcome.violation = std::string("the accepted answer's funding transaction cannot be read: ") + e.what();
  }
  if (!outcome.violation.empty()) outcome.violation = shape.name + ": " + outcome.violation + "\n" + quote.dump();
  return outcome;
}

}  // namespace sr::verify::testing::lying_signer
