#include "service/keys/submit_admission.h"

#include <string>

#include "service/common/op_input.h"

namespace sr::service {

OpResult submit_admission_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "submitAdmission");
  const auto& partner = in.member("partner");
  if (!partner.is_string() || partner.get_ref<const std::string&>().empty()) {
    throw OpInputError("op \"submitAdmission\": input member \"partner\" must be a partner's slug");
  }
  const std::uint64_t now_ms = in.count("nowMs", 0);
  // A cap of 0 would refuse every submit: a deployment mistake, not a policy.
  const std::uint64_t cap = in.optional_count("cap", 1, kDefaultSubmitsAtOnce);
  const auto& started = in.member("started");
  if (!started.is_array() || started.empty()) {
    throw OpInputError("op \"submitAdmission\": input member \"started\" must list at least this submit's start");
  }
  std::uint64_t counted = 0;
  nlohmann::ordered_json expired = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < started.size(); ++i) {
    const auto at = count_at_least(started[i], 0);
    if (!at) throw OpInputError("op \"submitAdmission\": input member \"started\" must hold Unix milliseconds");
    const std::uint64_t ms = *at;
    // A start in the future (another clock's reading) counts as now.
    if (ms < now_ms && now_ms - ms >= kSubmitCheckMaxMs) {
      expired.push_back(i);
    } else {
      ++counted;
    }
  }
  if (counted <= cap) return ok({{"cap", cap}, {"remaining", cap - counted}, {"expired", std::move(expired)}});
  return retry_later(ProblemCode::rate_limited,
                     "at most " + std::to_string(cap) + " submits to " + partner.get<std::string>() +
                         "'s deposit addresses are checked at once here; retry in " + std::to_string(kSubmitRetryAfterSec) + " s",
                     std::to_string(cap), kSubmitRetryAfterSec);
}

}  // namespace sr::service
