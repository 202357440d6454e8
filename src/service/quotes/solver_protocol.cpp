#include "service/quotes/solver_protocol.h"

#include <set>

#include "crypto/hex.h"
#include "service/keys/key_access.h"
#include "service/quotes/funder_checks.h"
#include "service/common/op_input.h"

namespace sr::service {

using json = nlohmann::ordered_json;

FixedSide fixed_side(QuoteType type) {
  return type == QuoteType::exact_out ? FixedSide::output : FixedSide::input;
}

std::uint64_t route_deadline(const ServiceSettings& service, const SolverRecord& solver, std::uint64_t now) {
  return now + service.quote_lifetime_sec + solver.fill_window_sec;
}

json solver_request_body(const QuoteRequest& request, std::uint64_t deadline, const U256& fees_out) {
  json source = {{"chainId", request.source.chain_id}, {"token", request.source.token.text()}};
  json destination = {{"chainId", request.destination.chain_id}, {"token", request.destination.token.text()}};
  if (request.source.amount) source["amount"] = request.source.amount->to_decimal();
  if (request.destination.amount) destination["amount"] = request.destination.amount->add_or_throw(fees_out).to_decimal();
  json body = {{"type", quote_type_name(request.type)}, {"source", std::move(source)},
               {"destination", std::move(destination)}};
  if (request.type == QuoteType::custom) {
    json calls = json::array();
    for (const auto& call : request.destination.calls) {
      calls.push_back({{"target", call.target.text()},
                       {"data", "0x" + hex::encode(call.data)},
                       {"value", call.value.to_decimal()}});
    }
    body["calls"] = std::move(calls);
  }
  body["deadline"] = deadline;
  return body;
}

OpResult solver_requests(const Config& config, const json& input) {
  OpInput in(input, "solverRequests");
  const json& body = in.member("body");
  const std::uint64_t now = in.unix_seconds("now");
  auto validated = validate_quote_request(body, config);
  if (!validated) return validated.error;
  const QuoteRequest& request = *validated.value;
  FeeSchedule fees;
  if (const json* key = in.optional("key")) {
    const KeyRecord record = key_record_from_json(*key, config, "solverRequests");
    if (auto refusal = quote_refusal(record, request.all_quotes)) return *refusal;
    fees = FeeSchedule{record.fee_schedule.protocol_bps, record.partner ? record.fee_schedule.gateway_bps : 0};
  }
  const TokenKey source{request.source.chain_id, request.source.token};
  const TokenKey destination{request.destination.chain_id, request.destination.token};
  // An exact-out route delivers destination.amount plus the service's fees (as the engine prices it).
  U256 fees_out;
  const TokenRecord* from = config.token(source);
  const TokenRecord* to = config.token(destination);
  if (request.type == QuoteType::exact_out && from && to) {
    for (std::uint32_t bps : {fees.protocol_bps, fees.gateway_bps}) {
      auto fee = service_fee_out(FixedSide::output, *request.destination.amount, bps, from->decimals, to->decimals);
      if (!fee) return ok(json{{"requests", json::array()}, {"funderReads", nullptr}});  // out of range: the quote refuses it
      fees_out = fees_out.add_or_throw(*fee);
    }
  }

  json requests = json::array();
  for (const auto& solver : config.solvers()) {
    if (!solver.url || !solver.serves(source, destination)) continue;
    requests.push_back({{"solverId", solver.id},
                        {"url", *solver.url},
                        {"timeoutMs", solver.timeout_ms.value_or(kDefaultSolverTimeoutMs)},
                        {"body", solver_request_body(request, route_deadline(config.service(), solver, now), fees_out)}});
  }
  // The worker's kept heads, for the funder reads' block (funder_checks.h): reused only with its
  // clock and a reuse bound beside them.
  HeadReuse reuse;
  if (in.optional("nowMs")) {
    reuse.heads = in.optional("heads");
    reuse.now_ms = in.count("nowMs", 0);
    reuse.reuse_ms = in.optional_count("headReuseMs", 0, 0);
  }
  return ok(json{{"requests", std::move(requests)}, {"funderReads", funder_read_calls(config, request, reuse)}});
}

namespace {

std::optional<U256> strict_positive_amount(const json& value) {
  if (!value.is_string()) return std::nullopt;
  try {
    U256 amount = U256::from_decimal(value.get_ref<const std::string&>());
    if (amount.is_zero()) return std::nullopt;
    return amount;
  } catch (const ParseError&) {
    return std::nullopt;
  }
}

std::optional<std::uint64_t> strict_integer(const json& value, std::uint64_t min, std::uint64_t max) {
  if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0)) {
    return std::nullopt;
  }
  const auto n = value.get<std::uint64_t>();
  if (n < min || n > max) return std::nullopt;
  return n;
}

}  // namespace

std::optional<RemoteAnswer> read_solver_answer(const json& entry, FixedSide side, std::uint64_t expires_at,
                                               std::string* solver_id) {
  if (!entry.is_object()) return std::nullopt;
  auto id = entry.find("solverId");
  if (id == entry.end() || !id->is_string()) return std::nullopt;
  if (solver_id) *solver_id = id->get<std::string>();

  json answer = entry.contains("answer") ? entry.at("answer") : entry;
  if (!answer.is_object()) return std::nullopt;
  if (entry.contains("answer") && entry.size() != 2) return std::nullopt;
  if (!entry.contains("answer")) answer.erase("solverId");

  const char* amount_name = side == FixedSide::input ? "amountOut" : "amountIn";
  const std::set<std::string> expected = {amount_name, "estimatedFulfillTimeSec", "validUntil"};
  if (answer.size() != expected.size()) return std::nullopt;
  for (const auto& [name, value] : answer.items()) {
    if (!expected.contains(name)) return std::nullopt;
  }
  auto amount = strict_positive_amount(answer.at(amount_name));
  auto fulfill = strict_integer(answer.at("estimatedFulfillTimeSec"), 1, 86'400);
  auto valid_until = strict_integer(answer.at("validUntil"), expires_at, ~std::uint64_t{0});
  if (!amount || !fulfill || !valid_until) return std::nullopt;
  return RemoteAnswer{*amount, static_cast<std::uint32_t>(*fulfill), *valid_until};
}

std::map<std::string, RemoteAnswer> read_solver_answers(const json* answers, const Config& config,
                                                        FixedSide side, std::uint64_t expires_at) {
  std::map<std::string, RemoteAnswer> valid;
  if (!answers || !answers->is_array()) return valid;
  std::set<std::string> seen, refused;
  for (const auto& entry : *answers) {
    std::string id;
    auto answer = read_solver_answer(entry, side, expires_at, &id);
    if (id.empty()) continue;
    const SolverRecord* solver = config.solver(id);
    if (!seen.insert(id).second || !answer || !solver || !solver->url) {
      refused.insert(id);
      continue;
    }
    valid.emplace(id, *answer);
  }
  for (const auto& id : refused) valid.erase(id);
  return valid;
}

}  // namespace sr::service
