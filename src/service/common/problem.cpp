#include "service/common/problem.h"

#include <stdexcept>

namespace sr::service {

void FieldErrors::add(std::string field, std::string message) {
  list_.push_back({std::move(field), std::move(message)});
}

std::string FieldErrors::joined() const {
  std::string out;
  for (const auto& e : list_) {
    if (!out.empty()) out += "; ";
    out += e.message;
  }
  return out;
}

namespace {

struct CodeInfo {
  std::string_view name;
  int status;
  std::string_view title;
};

CodeInfo info(ProblemCode code) {
  switch (code) {
    case ProblemCode::invalid_request: return {"invalid-request", 400, "Invalid request"};
    case ProblemCode::invalid_api_key: return {"invalid-api-key", 401, "Invalid API key"};
    case ProblemCode::partner_not_mapped: return {"partner-not-mapped", 403, "Partner not mapped"};
    case ProblemCode::feature_not_enabled: return {"feature-not-enabled", 403, "Feature not enabled"};
    case ProblemCode::not_found: return {"not-found", 404, "Not found"};
    case ProblemCode::conflict: return {"conflict", 409, "Conflict"};
    case ProblemCode::payload_too_large: return {"payload-too-large", 413, "Payload too large"};
    case ProblemCode::unsupported_media_type:
      return {"unsupported-media-type", 415, "Unsupported media type"};
    case ProblemCode::chain_not_supported: return {"chain-not-supported", 422, "Chain not supported"};
    case ProblemCode::funding_would_fail: return {"funding-would-fail", 422, "Funding would fail"};
    case ProblemCode::rate_limited: return {"rate-limited", 429, "Rate limited"};
    case ProblemCode::deposit_quota_exceeded: return {"deposit-quota-exceeded", 429, "Deposit quota exceeded"};
    case ProblemCode::sponsorship_exhausted: return {"sponsorship-exhausted", 429, "Sponsorship exhausted"};
    case ProblemCode::internal: return {"internal", 500, "Internal error"};
    case ProblemCode::solver_error: return {"solver-error", 502, "Solver error"};
    case ProblemCode::chain_unverified: return {"chain-unverified", 503, "Chain unverified"};
  }
  throw std::logic_error("unknown ProblemCode");
}

}  // namespace

std::string_view code_name(ProblemCode code) { return info(code).name; }
int http_status(ProblemCode code) { return info(code).status; }
std::string_view problem_title(ProblemCode code) { return info(code).title; }
std::string problem_type(ProblemCode code) {
  return "urn:stableroutes:problem:" + std::string(code_name(code));
}

nlohmann::ordered_json problem_body(ProblemCode code, std::string detail,
                            const std::vector<FieldError>& errors) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& e : errors) list.push_back({{"field", e.field}, {"message", e.message}});
  return {{"type", problem_type(code)},
          {"title", std::string(problem_title(code))},
          {"status", http_status(code)},
          {"code", std::string(code_name(code))},
          {"detail", std::move(detail)},
          {"errors", std::move(list)}};
}

OpResult ok(nlohmann::ordered_json body, int status) { return {status, std::move(body), nullptr}; }

OpResult problem(ProblemCode code, std::string detail, const std::vector<FieldError>& errors) {
  return {http_status(code), problem_body(code, std::move(detail), errors), nullptr};
}

OpResult retry_later(ProblemCode code, std::string detail, std::string limit, std::uint64_t retry_after_sec) {
  OpResult refused = problem(code, std::move(detail));
  refused.headers = {{"Retry-After", std::to_string(retry_after_sec)},
                     {"RateLimit-Limit", std::move(limit)},
                     {"RateLimit-Remaining", "0"},
                     {"RateLimit-Reset", std::to_string(retry_after_sec)}};
  return refused;
}

OpResult invalid_request(const FieldErrors& errors) {
  const std::size_t n = errors.size();
  std::string detail = std::to_string(n) + (n == 1 ? " field to correct: " : " fields to correct: ");
  return problem(ProblemCode::invalid_request, detail + errors.joined(), errors.list());
}

}  // namespace sr::service
