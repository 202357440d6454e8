#include "service/deposits/deposit_admission.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "service/common/op_input.h"
#include "service/keys/client_network.h"

namespace sr::service {

namespace {

struct Count {
  std::uint64_t open;
  std::uint64_t cap;
  std::optional<std::uint64_t> frees_at;
};

Count read_count(const nlohmann::ordered_json& v, const char* name, std::uint64_t default_cap) {
  const std::string where = std::string("op \"depositAdmission\": ") + name;
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

// The factor a /48's cap is of its /64s' (aggregateFactor, else the default).
std::uint64_t aggregate_factor(const OpInput& in) {
  const nlohmann::ordered_json* set = in.optional("aggregateFactor");
  if (!set) return kDefaultAggregateFactor;
  const auto factor = count_at_least(*set, 1);
  if (!factor) throw OpInputError("op \"depositAdmission\": aggregateFactor must be a count of at least 1, or null");
  return *factor;
}

nlohmann::ordered_json headroom(const Count& c) { return {{"cap", c.cap}, {"remaining", c.cap - c.open}}; }

}  // namespace

OpResult deposit_admission_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "depositAdmission");
  const Count partner = read_count(in.member("partner"), "partner", kDefaultUnfundedPerPartner);
  const Count network = read_count(in.member("network"), "network", kDefaultUnfundedPerNetwork);
  // An IPv6 client's /48 counts too, at the factor times its /64's cap: otherwise the 256 /64s
  // of one /56 would hold 256 times a client's cap (and fill a partner's quota from one line).
  std::optional<Count> aggregate;
  if (const nlohmann::ordered_json* given = in.optional("aggregate")) {
    const std::uint64_t factor = aggregate_factor(in);
    // Saturating: a deployment's huge cap times the factor must not wrap to a small one.
    const std::uint64_t wide = network.cap > UINT64_MAX / factor ? UINT64_MAX : network.cap * factor;
    aggregate = read_count(*given, "aggregate", wide);
  }
  const std::optional<std::uint64_t> now = in.unix_seconds("now");
  const bool partner_full = partner.open > partner.cap;
  const bool network_full = network.open > network.cap;
  const bool aggregate_full = aggregate && aggregate->open > aggregate->cap;
  if (!partner_full && !network_full && !aggregate_full) {
    nlohmann::ordered_json admitted = {{"partner", headroom(partner)}, {"network", headroom(network)}};
    if (aggregate) admitted["aggregate"] = headroom(*aggregate);
    return ok(std::move(admitted));
  }
  // When more than one is full the client must wait for all, so it hears the latest of them; the
  // RateLimit-Limit it hears is the cap of the count it waits for.
  std::uint64_t wait = 0;
  std::uint64_t limit = 0;
  std::string detail;
  const auto full = [&](const Count& c, const std::string& what) {
    const std::uint64_t w = retry_after(c, *now);
    if (detail.empty() || w >= wait) {
      wait = w;
      limit = c.cap;
    }
    if (!detail.empty()) detail += ", and ";
    detail += what;
  };
  if (network_full) full(network, "this client network already has " + std::to_string(network.cap) + " unfunded deposit addresses open");
  if (aggregate_full) {
    full(*aggregate, "this client's IPv6 /48 already has " + std::to_string(aggregate->cap) + " unfunded deposit addresses open");
  }
  if (partner_full) full(partner, "this partner's quota of " + std::to_string(partner.cap) + " unfunded deposit addresses is full");
  detail += "; fund an open address or retry once one passes its deadline";
  return retry_later(ProblemCode::deposit_quota_exceeded, detail, std::to_string(limit), wait);
}

}  // namespace sr::service
