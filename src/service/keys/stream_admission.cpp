#include "service/keys/stream_admission.h"

#include <cstdint>
#include <string>

#include "service/common/op_input.h"
#include "service/keys/client_network.h"

namespace sr::service {

OpResult stream_admission_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "streamAdmission");
  const auto& caller = in.member("caller");
  if (!caller.is_string() || (caller != "key" && caller != "network")) {
    throw OpInputError("op \"streamAdmission\": caller must be \"key\" or \"network\"");
  }
  const auto& open = in.member("open");
  if (!count_at_least(open, 1)) {
    throw OpInputError("op \"streamAdmission\": open must be a count of at least 1 (this stream included)");
  }
  std::uint64_t cap = caller == "key" ? kDefaultStreamsPerKey : kDefaultStreamsPerNetwork;
  if (const auto* set = in.optional("cap")) {
    // A cap of 0 would refuse every stream: a deployment mistake, not a policy.
    if (!count_at_least(*set, 1)) {
      throw OpInputError("op \"streamAdmission\": cap must be a count of at least 1, or null");
    }
    cap = set->get<std::uint64_t>();
  }
  const std::uint64_t n = open.get<std::uint64_t>();
  // An IPv6 client's /48 counts too, at the factor times a network's cap (keys/client_network.h).
  std::uint64_t wide_cap = 0;
  std::uint64_t wide_open = 0;
  const nlohmann::ordered_json* aggregate = in.optional("aggregate");
  if (aggregate) {
    if (caller != "network") throw OpInputError("op \"streamAdmission\": aggregate counts only a client network's /48");
    if (!aggregate->is_object() || aggregate->size() != 1 || !aggregate->contains("open") || !count_at_least(aggregate->at("open"), 1)) {
      throw OpInputError("op \"streamAdmission\": aggregate must be {\"open\": a count of at least 1 (this stream included)}");
    }
    std::uint64_t factor = kDefaultAggregateFactor;
    if (const auto* set = in.optional("aggregateFactor")) {
      if (!count_at_least(*set, 1)) throw OpInputError("op \"streamAdmission\": aggregateFactor must be a count of at least 1, or null");
      factor = set->get<std::uint64_t>();
    }
    wide_cap = cap > UINT64_MAX / factor ? UINT64_MAX : cap * factor;
    wide_open = aggregate->at("open").get<std::uint64_t>();
  }
  if (n <= cap && wide_open <= wide_cap) {
    nlohmann::ordered_json admitted = {{"cap", cap}, {"remaining", cap - n}};
    if (aggregate) admitted["aggregate"] = {{"cap", wide_cap}, {"remaining", wide_cap - wide_open}};
    return ok(std::move(admitted));
  }
  const bool own = n > cap;
  const std::string whose = caller == "key" ? "this API key" : own ? "this client network" : "this client's IPv6 /48";
  const std::uint64_t limit = own ? cap : wide_cap;
  return retry_later(ProblemCode::rate_limited,
                     "at most " + std::to_string(limit) + " status streams may be open at once for " + whose + "; close one or retry later",
                     std::to_string(limit), kStreamRetryAfterSec);
}

}  // namespace sr::service
