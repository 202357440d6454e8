#include "service/deposits/deposit_admission.h"

#include <algorithm>
#include <optional>
#include <string>

#include "service/common/op_input.h"

namespace sr::service {

namespace {

// A JSON integer of either signedness at least `min` (the wasm's parser reads 3 as unsigned, a
// C++ caller's json(3) is signed); its value, or nullopt.
std::optional<std::uint64_t> count_at_least(const nlohmann::ordered_json& v, std::uint64_t min) {
  std::uint64_t n = 0;
  if (v.is_number_unsigned()) {
    n = v.get<std::uint64_t>();
  } else if (v.is_number_integer() && v.get<std::int64_t>() >= 0) {
    n = static_cast<std::uint64_t>(v.get<std::int64_t>());
  } else {
    return std::nullopt;
  }
  if (n < min) return std::nullopt;
  return n;
}

struct Count {
  std::uint64_t open;
  std::uint64_t cap;
  std::optional<std::uint64_t> frees_at;
};

Count read_count(OpInput& in, const char* name, std::uint64_t default_cap) {
  const std::string where = std::string("op \"depositAdmission\": ") + name;
  const auto& v = in.member(name);
  if (!v.is_object()) throw OpInputError(where + " must be an object {open, cap?, freesAt?}");
  for (const auto& [k, _] : v.items()) {
    if (k != "open" && k != "cap" && k != "freesAt") throw OpInputError(where + " has an unknown member \"" + k + "\"");
  }
  Count c{0, default_cap, std::nullopt};
  const auto open = v.contains("open") ? count_at_least(v.at("open"), 1) : std::nullopt;
  if (!open) throw OpInputError(where + ".open must be a count of at least 1 (this address included)");
  c.open = *open;
  if (v.contains("cap") && !v.at("cap").is_null()) {
    // A cap of 0 would refuse every address: a deployment mistake, not a policy.
    const auto cap = count_at_least(v.at("cap"), 1);
    if (!cap) throw OpInputError(where + ".cap must be a count of at least 1, or null");
    c.cap = *cap;
  }
  if (v.contains("freesAt") && !v.at("freesAt").is_null()) {
    const auto at = count_at_least(v.at("freesAt"), 0);
    if (!at) throw OpInputError(where + ".freesAt must be Unix seconds, or null");
    c.frees_at = *at;
  }
  return c;
}

std::uint64_t retry_after(const Count& c, std::uint64_t now) {
  if (!c.frees_at) return kDepositRetryAfterSec;
  return std::max<std::uint64_t>(1, *c.frees_at > now ? *c.frees_at - now : 1);
}

}  // namespace

OpResult deposit_admission_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "depositAdmission");
  const Count partner = read_count(in, "partner", kDefaultUnfundedPerPartner);
  const Count network = read_count(in, "network", kDefaultUnfundedPerNetwork);
  const std::optional<std::uint64_t> now = in.unix_seconds("now");
  const bool partner_full = partner.open > partner.cap;
  const bool network_full = network.open > network.cap;
  if (!partner_full && !network_full) {
    return ok({{"partner", {{"cap", partner.cap}, {"remaining", partner.cap - partner.open}}},
               {"network", {{"cap", network.cap}, {"remaining", network.cap - network.open}}}});
  }
  // When both are full the client must wait for both, so it hears the later of the two; the
  // RateLimit-Limit it hears is the cap of the count it waits for.
  std::uint64_t wait = 0;
  std::uint64_t limit = 0;
  std::string detail;
  if (network_full) {
    wait = retry_after(network, *now);
    limit = network.cap;
    detail = "this client network already has " + std::to_string(network.cap) + " unfunded deposit addresses open";
  }
  if (partner_full) {
    const std::uint64_t w = retry_after(partner, *now);
    if (w >= wait) {
      wait = w;
      limit = partner.cap;
    }
    if (!detail.empty()) detail += ", and ";
    detail += "this partner's quota of " + std::to_string(partner.cap) + " unfunded deposit addresses is full";
  }
  detail += "; fund an open address or retry once one passes its deadline";
  OpResult refused = problem(ProblemCode::deposit_quota_exceeded, detail);
  refused.headers = {{"Retry-After", std::to_string(wait)},
                     {"RateLimit-Limit", std::to_string(limit)},
                     {"RateLimit-Remaining", "0"},
                     {"RateLimit-Reset", std::to_string(wait)}};
  return refused;
}

}  // namespace sr::service
