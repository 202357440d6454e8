#include "service/funding/gasless_job_retention.h"

#include <string>

#include "service/common/op_input.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

OpResult gasless_job_retention_op(const Json& input) {
  const OpInput in(input, "gaslessJobRetention");
  const auto fail = [](const std::string& why) { throw OpInputError("op \"gaslessJobRetention\": " + why); };
  const Json& job = in.member("job");
  if (!job.is_object() || !job.contains("status") || !job["status"].is_string()) fail("job is not a gasless job");
  std::uint64_t keep = kGaslessJobKeepSec;
  if (const Json* value = in.optional("keepSec")) {
    if (value->is_number_unsigned()) keep = value->get<std::uint64_t>();
    else if (value->is_number_integer() && value->get<std::int64_t>() >= 0) keep = static_cast<std::uint64_t>(value->get<std::int64_t>());
    else fail("keepSec must be a non-negative integer");
  }
  const std::string status = job["status"].get<std::string>();
  if (status == "accepted") return ok(Json{{"deleteAt", nullptr}});
  if (status != "published" && status != "failed") fail("job has status \"" + status + "\", which is not one");
  // A published job whose transaction is not final yet is still watched: a reorganisation may
  // send it back to accepted (gasless_job.h), so it has not finished.
  if (status == "published" && job.contains("final") && job["final"] == false) return ok(Json{{"deleteAt", nullptr}});
  // A finished job's updatedAt is the moment it finished (gasless_job_advance_op sets it).
  const Json& updated = job.contains("updatedAt") ? job["updatedAt"] : Json();
  std::uint64_t finished_at = 0;
  if (updated.is_number_unsigned()) finished_at = updated.get<std::uint64_t>();
  else if (updated.is_number_integer() && updated.get<std::int64_t>() >= 0) finished_at = static_cast<std::uint64_t>(updated.get<std::int64_t>());
  else fail("job.updatedAt must be Unix seconds");
  return ok(Json{{"deleteAt", finished_at + keep}});
}

}  // namespace sr::service
