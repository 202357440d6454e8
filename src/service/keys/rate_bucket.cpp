#include "service/keys/rate_bucket.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "service/common/op_input.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& what) { throw OpInputError("op \"rateBucket\": " + what); }

double number(const Json& object, const char* name, const std::string& where) {
  if (!object.is_object() || !object.contains(name) || !object[name].is_number()) fail(where + "." + name + " must be a number");
  const double n = object[name].get<double>();
  if (!std::isfinite(n) || n < 0) fail(where + "." + name + " must be a finite, non-negative number");
  return n;
}

struct Lease {
  double tokens;
  double expires_ms;
};

struct Bucket {
  double tokens;
  double updated_ms;
  std::vector<Lease> leases;
};

Bucket read_bucket(const Json& value, const std::string& where) {
  Bucket b{number(value, "tokens", where), number(value, "updatedMs", where), {}};
  if (!value.contains("leases") || !value["leases"].is_array()) fail(where + ".leases must be an array");
  for (const Json& lease : value["leases"]) b.leases.push_back({number(lease, "tokens", where + ".leases[]"), number(lease, "expiresMs", where + ".leases[]")});
  return b;
}

Json bucket_json(const Bucket& b) {
  Json leases = Json::array();
  for (const Lease& l : b.leases) leases.push_back(Json{{"tokens", l.tokens}, {"expiresMs", l.expires_ms}});
  return Json{{"tokens", b.tokens}, {"updatedMs", b.updated_ms}, {"leases", std::move(leases)}};
}

// What the bucket holds at `now` before any withdrawal, its unexpired leases only.
double refilled(Bucket& b, double now, double rate) {
  std::erase_if(b.leases, [&](const Lease& l) { return l.expires_ms <= now; });
  return b.tokens + std::max(0.0, now - b.updated_ms) / 1000 * rate;
}

double leased(const Bucket& b) {
  double sum = 0;
  for (const Lease& l : b.leases) sum += l.tokens;
  return sum;
}

OpResult take(const Json& input) {
  const Json& limit = input.contains("limit") ? input["limit"] : Json();
  const double rate = number(limit, "ratePerSec", "limit");
  const double burst = number(limit, "burst", "limit");
  if (rate <= 0 || burst < 1) fail("limit needs ratePerSec > 0 and burst >= 1");
  const double now = number(input, "nowMs", "input");
  const double want = number(input, "want", "input");
  if (!input.contains("spendOne") || !input["spendOne"].is_boolean()) fail("spendOne must be a boolean");
  const bool spend_one = input["spendOne"].get<bool>();
  if (!input.contains("bucket")) fail("bucket must be the bucket or null");
  Bucket b = input["bucket"].is_null() ? Bucket{burst, now, {}} : read_bucket(input["bucket"], "bucket");

  const double full = refilled(b, now, rate);
  double tokens = std::max(0.0, std::min(burst - leased(b), full));
  const double granted = std::max(0.0, std::min(std::floor(want), std::floor(tokens)));
  tokens -= granted;
  const double lease = granted - (spend_one && granted > 0 ? 1 : 0);
  if (lease > 0) b.leases.push_back({lease, now + static_cast<double>(kRateLeaseTtlMs)});
  b.tokens = tokens;
  b.updated_ms = now;
  return ok(Json{{"bucket", bucket_json(b)},
                 {"granted", granted},
                 {"leased", lease},
                 {"allowed", granted > 0},
                 {"limit", burst},
                 {"remaining", std::floor(tokens)},
                 {"resetSec", std::ceil((burst - tokens) / rate)},
                 {"retryAfterSec", granted > 0 ? 0.0 : std::max(1.0, std::ceil((1 - tokens) / rate))}});
}

OpResult idle(const Json& input) {
  const double now = number(input, "nowMs", "input");
  if (!input.contains("buckets") || !input["buckets"].is_object()) fail("buckets must be an object of buckets by name");
  Json names = Json::array();
  for (const auto& [name, value] : input["buckets"].items()) {
    const std::string where = "buckets." + name;
    Bucket b = read_bucket(value, where);
    const double held = refilled(b, now, number(value, "ratePerSec", where));  // drops expired leases
    if (b.leases.empty() && held >= number(value, "burst", where)) names.push_back(name);
  }
  return ok(Json{{"idle", std::move(names)}});
}

}  // namespace

OpResult rate_bucket_op(const Json& input) {
  const OpInput in(input, "rateBucket");
  const Json& kind = in.member("kind");
  if (kind == "take") return take(input);
  if (kind == "idle") return idle(input);
  fail("kind must be take or idle");
}

}  // namespace sr::service
