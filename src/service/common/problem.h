// The result every service operation returns, and the problem+json bodies (RFC 9457) of its
// errors. The core decides the HTTP status and the body; the worker only adds `requestId`, the
// content type and transport headers.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sr::service {

// One field a client must correct. `field` is a dotted path into the request
// ("destination.calls[0].data"); `message` is a sentence that names the field itself, so it
// reads correctly on its own (in logs, in `detail`).
struct FieldError {
  std::string field;
  std::string message;

  friend bool operator==(const FieldError&, const FieldError&) = default;
};

// Field errors collected while reading one request or one configuration. Readers keep going
// after the first error so that a single response names everything to fix.
class FieldErrors {
 public:
  void add(std::string field, std::string message);
  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  const std::vector<FieldError>& list() const { return list_; }
  // The messages joined with "; ", for `detail` and for exception texts.
  std::string joined() const;

 private:
  std::vector<FieldError> list_;
};

// The `code` values of the API contract, each with its fixed HTTP status.
enum class ProblemCode {
  invalid_request,         // 400
  invalid_api_key,         // 401
  partner_not_mapped,      // 403
  feature_not_enabled,     // 403: the API key's features do not include the endpoint's
  not_found,               // 404
  conflict,                // 409
  payload_too_large,       // 413
  unsupported_media_type,  // 415
  chain_not_supported,     // 422
  funding_would_fail,      // 422: the relayer's simulation says the funding would revert
  rate_limited,            // 429
  deposit_quota_exceeded,  // 429: too many open, unfunded deposit addresses (per partner, per client)
  sponsorship_exhausted,  // 429: the partner's daily gas budget on the chain is spent, or the funder's relayed fundings of the day
  internal,                // 500
  solver_error,            // 502
  chain_unverified,        // 503: the chain's Portal has not confirmed the vault derivation
};

// Every code the core answers, in declaration order (the contract test walks them).
inline constexpr ProblemCode kProblemCodes[] = {
    ProblemCode::invalid_request,     ProblemCode::invalid_api_key,        ProblemCode::partner_not_mapped,
    ProblemCode::feature_not_enabled, ProblemCode::not_found,              ProblemCode::conflict,
    ProblemCode::payload_too_large,   ProblemCode::unsupported_media_type, ProblemCode::chain_not_supported,
    ProblemCode::funding_would_fail,  ProblemCode::rate_limited,           ProblemCode::deposit_quota_exceeded,
    ProblemCode::sponsorship_exhausted,
    ProblemCode::internal,
    ProblemCode::solver_error,        ProblemCode::chain_unverified,
};

std::string_view code_name(ProblemCode code);  // "invalid-request", ...
int http_status(ProblemCode code);
std::string_view problem_title(ProblemCode code);  // short, human, stable per code
// "urn:stableroutes:problem:<code>": a URI that names the problem type without pretending to be
// a documentation page on a host the service does not own.
std::string problem_type(ProblemCode code);

// {type, title, status, code, detail, errors}. `errors` is always present (empty when the problem
// is not about fields) so clients can iterate it without a presence check.
nlohmann::ordered_json problem_body(ProblemCode code, std::string detail,
                            const std::vector<FieldError>& errors = {});

// What every operation returns: the HTTP status to send, the JSON body and, rarely, response
// headers the answer needs (Retry-After of a 503), as an object of strings or null; and, for the
// "quote" op, what the worker stores for the quote's intents (never sent to the client), or null.
struct OpResult {
  int status = 200;
  nlohmann::ordered_json body;
  nlohmann::ordered_json headers = nullptr;
  nlohmann::ordered_json registrations = nullptr;
  // For the "quote" op, the gas simulations of its transactions (service/quotes/quote_gas.h), or null.
  nlohmann::ordered_json simulations = nullptr;
};

OpResult ok(nlohmann::ordered_json body, int status = 200);
OpResult problem(ProblemCode code, std::string detail, const std::vector<FieldError>& errors = {});
// A refusal the client may retry later: the problem with Retry-After and RateLimit-Reset set to
// `retry_after_sec`, RateLimit-Limit to `limit` and RateLimit-Remaining to 0.
OpResult retry_later(ProblemCode code, std::string detail, std::string limit, std::uint64_t retry_after_sec);
// 400 invalid-request listing every field of `errors` (which must not be empty).
OpResult invalid_request(const FieldErrors& errors);

// A request read into its typed form, or the answer to send instead (400, 422, ...).
template <class T>
struct Validated {
  std::optional<T> value;
  OpResult error;  // meaningful only without a value

  explicit operator bool() const { return value.has_value(); }
  static Validated failed(OpResult error) { return {std::nullopt, std::move(error)}; }
};

}  // namespace sr::service
