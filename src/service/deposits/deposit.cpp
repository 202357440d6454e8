#include "service/deposits/deposit.h"

#include <algorithm>

#include "crypto/hex.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/quote_signature.h"
#include "protocol/vault.h"
#include "service/quotes/engine.h"
#include "service/common/field_reader.h"
#include "service/funding/funding_authorization.h"
#include "service/funding/gasless.h"
#include "service/funding/gasless_job.h"
#include "service/common/op_input.h"
#include "service/quotes/solver_protocol.h"
#include "service/status/quote_registration.h"
#include "service/chain/vault_derivation.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

const PartnerRecord& deposit_partner(const Config& config, const OpInput& in, std::string_view op) {
  const json& slug = in.member("partner");
  const PartnerRecord* partner = slug.is_string() ? config.partner(slug.get<std::string>()) : nullptr;
  if (!partner || !partner->deposit_addresses.enabled) {
    throw OpInputError("op \"" + std::string(op) + "\": partner is not a partner with deposit addresses enabled");
  }
  return *partner;
}

// Unknown members of the create body, reported before the engine reads the derived request.
void reject_unknown(const json& object, const std::string& path, std::initializer_list<std::string_view> known,
                    FieldErrors& errors) {
  if (!object.is_object()) return;
  for (const auto& [name, value] : object.items()) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      const std::string field = member_path(path, name);
      errors.add(field, field + " is not a known field of a deposit-address request");
    }
  }
}

// The deposit request as the engine's exact-in quote request; nullopt with errors when its
// shape is wrong.
std::optional<json> quote_body_of(const json& body, const PartnerRecord& partner, FieldErrors& errors) {
  if (!body.is_object()) {
    errors.add("", "the request body must be an object {source, destination, refundRecipient}");
    return std::nullopt;
  }
  reject_unknown(body, "", {"source", "destination", "refundRecipient"}, errors);
  if (body.contains("source")) reject_unknown(body["source"], "source", {"chainId", "token", "amount"}, errors);
  if (body.contains("destination")) {
    reject_unknown(body["destination"], "destination", {"chainId", "token", "recipient"}, errors);
  }
  if (!body.contains("refundRecipient") || body["refundRecipient"].is_null()) {
    errors.add("refundRecipient", "refundRecipient is required: refunds go there, and it stands in for the unknown funder");
  }
  if (!errors.empty()) return std::nullopt;
  json source = body.value("source", json::object());
  if (source.is_object()) {
    source["funder"] = body["refundRecipient"];
    source["refundRecipient"] = body["refundRecipient"];
  }
  return json{{"type", "exact-in"},
              {"source", source},
              {"destination", body.value("destination", json::object())},
              {"dappId", partner.deposit_addresses.dapp_id}};
}

// Every deposit address is funded by the relayer, which pays the gas: below the source chain's
// minimum (service.json relay.minAmount) the gas would be a large share of the money, so the
// address is refused (400 naming source.amount) before any solver is asked. A body whose source
// does not name a configured token and an amount is left to the quote's own validation.
std::optional<OpResult> below_relay_minimum(const Config& config, const json& body) {
  const TokenRecord* token = nullptr;
  U256 amount;
  try {
    const json& source = body.at("source");
    token = config.token(source.at("chainId").get<std::uint64_t>(),
                         ChainAddress::parse(Vm::evm, source.at("token").get<std::string>()));
    amount = U256::from_decimal(source.at("amount").get<std::string>());
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (!token) return std::nullopt;
  const auto minimum = config.min_relay_amount(*token);
  if (!minimum || amount >= *minimum) return std::nullopt;
  FieldErrors errors;
  errors.add("source.amount", "source.amount " + amount.to_decimal() + " is below the smallest amount a deposit address takes on chain " +
                                  std::to_string(token->chain_id) + ": " + minimum->to_decimal() + " base units of " +
                                  token->symbol + " (the relayer pays the gas of every deposit)");
  return invalid_request(errors);
}

// The engine speaks of source.funder / source.refundRecipient; the client sent refundRecipient.
OpResult renamed_fields(OpResult result) {
  if (!result.body.contains("errors")) return result;
  auto rename = [](std::string text) {
    for (std::string_view from : {"source.refundRecipient", "source.funder"}) {
      for (auto at = text.find(from); at != std::string::npos; at = text.find(from)) text.replace(at, from.size(), "refundRecipient");
    }
    return text;
  };
  // Both source.funder and source.refundRecipient come from refundRecipient: report it once.
  json errors = json::array();
  for (const auto& e : result.body["errors"]) {
    const json renamed = {{"field", rename(e["field"].get<std::string>())}, {"message", rename(e["message"].get<std::string>())}};
    if (std::find(errors.begin(), errors.end(), renamed) == errors.end()) errors.push_back(renamed);
  }
  result.body["errors"] = errors;
  if (result.body.contains("detail") && result.body["detail"].is_string()) {
    FieldErrors list;
    for (const auto& e : errors) list.add(e["field"], e["message"]);
    result.body["detail"] = result.status == 400 && !errors.empty() ? invalid_request(list).body["detail"]
                                                                     : json(rename(result.body["detail"].get<std::string>()));
  }
  return result;
}

json null_transactions() {
  json out = json::object();
  for (const char* step : {"published", "funded", "fulfilled", "proven", "withdrawn", "refunded"}) out[step] = nullptr;
  return out;
}

}  // namespace

// The stored deposit (written by depositCreate, kept by the worker): trusted, but read strictly.
StoredDeposit stored_deposit(const Config& config, const OpInput& in, std::string_view op) {
  const json& deposit = in.member("deposit");
  try {
    StoredDeposit d;
    d.record = deposit.at("record");
    d.intent = deposit.at("intent");
    const json& source = d.record.at("source");
    d.chain = config.chain(source.at("chainId").get<std::uint64_t>());
    if (!d.chain || d.chain->vm != Vm::evm) throw std::invalid_argument("source chain is not a configured EVM chain");
    d.token = config.token(d.chain->chain_id, ChainAddress::parse(Vm::evm, source.at("token").get<std::string>()));
    if (!d.token) throw std::invalid_argument("source token is not configured");
    d.vault = Address::parse(d.record.at("vaultAddress").get<std::string>());
    d.amount = U256::from_decimal(source.at("amount").get<std::string>());
    d.deadline = d.record.at("deadline").get<std::uint64_t>();
    d.quote_id = d.record.at("quoteId").get<std::string>();
    d.intent_hash = d.record.at("intentHash").get<std::string>();
    d.refund_recipient = Address::parse(d.intent.at("reward").at("creator").get<std::string>());
    return d;
  } catch (const std::exception& e) {
    throw OpInputError("op \"" + std::string(op) + "\": the stored deposit is malformed: " + e.what());
  }
}

OpResult deposit_solver_requests_op(const Config& config, const json& input) {
  const OpInput in(input, "depositSolverRequests");
  const PartnerRecord& partner = deposit_partner(config, in, "depositSolverRequests");
  FieldErrors errors;
  const auto quote_body = quote_body_of(in.member("body"), partner, errors);
  if (!quote_body) return invalid_request(errors);
  if (auto refused = below_relay_minimum(config, in.member("body"))) return *refused;
  return renamed_fields(solver_requests(config, {{"body", *quote_body}, {"now", in.unix_seconds("now")}}));
}

OpResult deposit_create_op(const Config& config, const secp256k1::SecretKey& signer, const json& input) {
  const OpInput in(input, "depositCreate");
  const PartnerRecord& partner = deposit_partner(config, in, "depositCreate");
  const std::uint64_t now = in.unix_seconds("now");
  FieldErrors errors;
  const auto quote_body = quote_body_of(in.member("body"), partner, errors);
  if (!quote_body) return invalid_request(errors);
  if (auto refused = below_relay_minimum(config, in.member("body"))) return *refused;

  json quote_input = {{"body", *quote_body},
                      // The gateway's own key: its partner's fees; quoting is what it is for.
                      {"key", {{"id", "deposit:" + partner.slug}, {"partner", partner.slug}, {"features", {"quotes"}}}},
                      {"now", now},
                      {"random", in.member("random")}};
  if (const json* answers = in.optional("solverAnswers")) quote_input["solverAnswers"] = *answers;
  OpResult quoted = renamed_fields(quote_op(config, signer, quote_input));
  if (quoted.status != 200) return quoted;
  const json& quote = quoted.body;

  const ChainRecord& source = *config.chain(quote["source"]["chainId"].get<std::uint64_t>());
  if (source.vm != Vm::evm || !source.vault_init_code_hash) {
    return invalid_request([&] {
      FieldErrors e;
      e.add("source.chainId", "source.chainId must be an EVM chain: deposit addresses are EVM vaults");
      return e;
    }());
  }
  if (const auto refused = require_confirmed_vaults(source, ConfirmedChains::from_input(in), "a deposit address")) {
    return *refused;
  }
  const json& steps = quote["steps"];
  if (steps.size() != 1 || steps[0]["intents"].size() != 1 || steps[0]["intents"][0]["role"] != "direct") {
    return problem(ProblemCode::solver_error,
                   "no solver offers a direct route for this pair; deposit addresses need a direct route");
  }

  // The quote's deadlines, moved from its expiresAt to the address's deadline.
  const std::uint64_t deadline = now + partner.deposit_addresses.deadline_sec;
  const std::uint64_t expires_at = quote["expiresAt"].get<std::uint64_t>();
  const ChainRecord& destination = *config.chain(quote["destination"]["chainId"].get<std::uint64_t>());
  auto intent = protocol::intent_from_json(quote["execution"]["intent"], source.vm, destination.vm);
  intent.route.deadline = intent.route.deadline - expires_at + deadline;
  intent.reward.deadline = intent.reward.deadline - expires_at + deadline;
  const protocol::IntentHashes hashes = protocol::hash_intent(intent, source.vm, destination.vm);
  const Hash32 intent_hash = hashes.intent_hash;
  const Address vault = protocol::evm_vault_address(source.portal.evm(), intent_hash, *source.vault_init_code_hash);

  // The record carries what a browser needs to check the address without trusting us (the
  // verifier's verify_deposit_address): the intent the vault pays out, and the v1 quote signature
  // over the one intent hash with the address's deadline as its expiry.
  const std::string quote_id = quote["id"].get<std::string>();
  const json intent_json = protocol::intent_to_json(intent, source.vm, destination.vm);
  const std::string signature = protocol::sign_quote(quote_id, {intent_hash}, deadline, source.chain_id, signer);
  const json record = {
      {"vaultAddress", vault.checksummed()},
      {"intentHash", hex::encode(intent_hash)},
      {"quoteId", quote_id.substr(std::string_view("quote:").size())},
      {"deadline", deadline},
      {"source", {{"chainId", source.chain_id}, {"token", quote["source"]["token"]}, {"amount", quote["source"]["amount"]}}},
      {"destination",
       {{"chainId", destination.chain_id},
        {"token", quote["destination"]["token"]},
        {"recipient", quote["destination"]["recipient"]}}},
      {"fees", quote["fees"]},
      {"minAmountOut", quote["destination"]["minAmountOut"]},
      {"fundingMethods", {"erc-3009", "erc-2612", "transfer"}},
      {"intent", intent_json},
      {"signature", signature}};
  OpResult answer = ok({{"record", record}, {"intent", intent_json}}, 201);
  // What the status index stores for the address, as the quote op answers it for a quote: the
  // address's intent as the one direct intent of its quote id (not the engine's quote, whose
  // deadlines the address replaced), with the address's intent as the delivery intent.
  answer.registrations = json::array({fresh_registration(
      {intent_registration(intent, hashes, "direct", source.chain_id, source.vm)},
      quote_id.substr(std::string_view("quote:").size()), hex::encode(intent_hash), now)});
  return answer;
}

OpResult deposit_submit_verify_op(const Config& config, const json& input) {
  const OpInput in(input, "depositSubmitVerify");
  const json& standard_json = in.member("standard");
  const std::string standard = standard_json.is_string() ? standard_json.get<std::string>() : "";
  if (standard != "erc-3009" && standard != "erc-2612" && standard != "transfer") {
    throw OpInputError("op \"depositSubmitVerify\": standard must be erc-3009, erc-2612 or transfer");
  }
  const std::uint64_t now = in.unix_seconds("now");
  const StoredDeposit d = stored_deposit(config, in, "depositSubmitVerify");
  if (now > d.deadline) {
    return problem(ProblemCode::conflict, "deposit address " + d.vault.checksummed() + " expired at " +
                                              std::to_string(d.deadline) + " and accepts no more funding; create a new one");
  }
  const auto result = [&](std::string_view name, const Hash32& digest, ByteView signature, const Address& funder,
                          const json& authorization) {
    json plan = funding_plan(name, *d.chain, *d.token, funder, d.vault, d.intent, authorization, signature);
    return ok({{"jobKey", funding_job_key(d.quote_id, name, digest, signature)},
               {"standard", name},
               {"quoteId", d.quote_id},
               {"intentHash", d.intent_hash},
               {"chainId", d.chain->chain_id},
               {"funder", funder.checksummed()},
               {"vault", d.vault.checksummed()},
               {"plan", std::move(plan)},
               {"job", gasless_job(name, d.quote_id, d.intent_hash, d.chain->chain_id, now)}});
  };
  if (standard == "transfer") return result("transfer", Hash32{}, {}, d.refund_recipient, nullptr);

  const bool erc3009 = standard == "erc-3009";
  const char* member = erc3009 ? "authorization" : "permit";
  const json& body = in.member("body");
  FieldErrors errors;
  if (!body.is_object()) {
    errors.add("", std::string("the request body must be an object {vaultAddress, ") + member + ", signature}");
    return invalid_request(errors);
  }
  for (const auto& [name, value] : body.items()) {
    if (name != "vaultAddress" && name != member && name != "signature") {
      errors.add(name, name + " is not a known field of a " + standard + " submit");
    }
  }
  for (const char* name : {member, "signature"}) {
    if (!body.contains(name) || body[name].is_null()) errors.add(name, std::string(name) + " is required");
  }
  if (erc3009 && !d.token->supports(GaslessStandard::erc3009)) {
    errors.add("vaultAddress", "vaultAddress funds token " + d.token->address.text() + ", which does not support ERC-3009");
  }
  if (!erc3009 && !d.token->eip712) {
    errors.add("vaultAddress", "vaultAddress funds token " + d.token->address.text() +
                                   ", which has no EIP-2612 permit domain configured");
  }
  if (!errors.empty()) return invalid_request(errors);

  FundingTarget target;
  target.chain = d.chain;
  target.token = d.token;
  target.vault = d.vault;
  target.amount = d.amount;
  target.now = now;
  target.valid_until = std::min(d.deadline, now + kDepositRelayMarginSec);
  const FundingStandard funding = erc3009 ? FundingStandard::erc3009 : FundingStandard::erc2612;
  const auto checked = check_authorization(funding, body[member], member, body["signature"], target, errors);
  if (!checked) return invalid_request(errors);
  if (erc3009) {
    // The authorization pays the vault directly (an EIP-2612 permit only lets it pull).
    if (const auto refused = require_confirmed_vaults(*d.chain, ConfirmedChains::from_input(in), "an ERC-3009 authorization paying a vault")) {
      return *refused;
    }
  }
  return result(funding_standard_name(funding), checked->digest, checked->signature, checked->signer,
                checked->authorization);
}

OpResult deposit_status_op(const Config& config, const json& input) {
  const OpInput in(input, "depositStatus");
  const std::uint64_t now = in.unix_seconds("now");
  const StoredDeposit d = stored_deposit(config, in, "depositStatus");
  const json* job = in.optional("job");
  const json* intent_status = in.optional("intentStatus");
  // Whether funding by transfer decided anything is the job's business (depositObserve creates
  // it the moment confirmed transfers cover the amount); here transfers only say something arrived.
  const json* transfers = in.optional("transfers");
  if (transfers && !transfers->is_array()) throw OpInputError("op \"depositStatus\": transfers must be an array");
  const bool received = transfers && !transfers->empty();

  std::string status;
  json transactions = null_transactions();
  // The intent's own status once the chain has shown anything of it; a registered intent with
  // nothing on chain is "pending" there, which says less than the deposit's funding state.
  const auto on_chain = [](const json& s) {
    const std::string name = s.value("status", "unknown");
    if (name == "unknown") return false;
    if (name != "pending") return true;
    if (!s.contains("transactions") || !s["transactions"].is_object()) return false;
    for (const auto& [step, tx] : s["transactions"].items()) {
      if (!tx.is_null()) return true;
    }
    return false;
  };
  if (intent_status && on_chain(*intent_status)) {
    status = (*intent_status)["status"].get<std::string>();
    if (intent_status->contains("transactions")) transactions = (*intent_status)["transactions"];
  } else if (job && (*job)["status"] == "failed") {
    status = "funding-failed";
  } else if (job) {
    status = "funding-submitted";
  } else if (now > d.deadline) {
    status = "expired";
  } else if (received) {
    status = "partially-funded";
  } else {
    status = "awaiting-funding";
  }
  // The relayer's funding transaction, until chain events report the intent's own.
  // Its block is not known yet (null); its link is null on a chain without an explorer (local
  // chains), as in intent statuses; how final it is, as the job watching it last judged.
  if (job && (*job)["status"] == "published" && transactions["funded"].is_null()) {
    const std::string& explorer = d.chain->block_explorer_url;
    const std::string hash = (*job)["transactionHash"].get<std::string>();
    const auto member = [&](const char* name, json fallback) { return job->contains(name) ? (*job)[name] : fallback; };
    transactions["funded"] = {{"chainId", d.chain->chain_id}, {"transactionHash", hash}, {"blockNumber", nullptr},
                              {"blockExplorerUrl", explorer.empty() ? json(nullptr) : json(explorer + "/tx/" + hash)},
                              {"confirmations", member("confirmations", 0)}, {"final", member("final", false)}};
  }
  json record = d.record;
  record["status"] = status;
  record["job"] = job ? *job : json(nullptr);
  record["intentStatus"] = intent_status ? *intent_status : json(nullptr);
  // Jobs that failed with nothing mined and left the address open (the address's object keeps them).
  const json* attempts = in.optional("attempts");
  if (attempts && !attempts->is_array()) throw OpInputError("op \"depositStatus\": attempts must be an array");
  record["attempts"] = attempts ? *attempts : json::array();
  return ok({{"status",
              {{"vaultAddress", d.vault.checksummed()},
               {"status", status},
               {"deadline", d.deadline},
               {"intentHash", d.intent_hash},
               {"transactions", transactions}}},
             {"record", record}});
}

OpResult deposit_vault_op(const json& input) {
  const OpInput in(input, "depositVault");
  const json* vault = in.optional("vaultAddress");
  if (vault && vault->is_string()) {
    std::string lower;
    try {
      lower = Address::parse(vault->get<std::string>()).lower_hex();
    } catch (const ParseError&) {
    }
    if (!lower.empty()) {
      // Whose it is, once the worker has looked the vault up: only the partner whose gateway
      // created it sees it; for anyone else it is as absent as a vault never created (404, not
      // 403, so another partner's addresses cannot be told from unknown ones).
      if (const auto owner = input.find("owner"); owner != input.end()) {
        if (!owner->is_null() && !owner->is_string()) throw OpInputError("op \"depositVault\": owner must be a string or null");
        const json& partner = in.member("partner");
        if (!partner.is_string()) throw OpInputError("op \"depositVault\": partner must be a slug");
        if (owner->is_null() || owner->get<std::string>() != "partner:" + partner.get<std::string>()) {
          return problem(ProblemCode::not_found, "no deposit address " + vault->get<std::string>());
        }
      }
      return ok(json{{"vault", lower}});
    }
  }
  FieldErrors errors;
  errors.add("vaultAddress",
             "vaultAddress must be an EVM address (0x followed by 40 hex digits, EIP-55 checksummed when mixed case)");
  return invalid_request(errors);
}

}  // namespace sr::service
