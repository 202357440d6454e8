#include "service/funding/refund_relay.h"

#include "crypto/hex.h"
#include "protocol/intent.h"
#include "service/common/op_input.h"
#include "service/funding/gasless_job.h"
#include "service/status/status_queries.h"
#include "service/status/status_records.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

const PartnerRecord* owner_partner(const Config& config, const std::string& owner) {
  constexpr std::string_view key_prefix = "key:";
  constexpr std::string_view partner_prefix = "partner:";
  if (owner.starts_with(partner_prefix)) return config.partner(std::string_view(owner).substr(partner_prefix.size()));
  if (owner.starts_with(key_prefix)) {
    const ApiKeyRecord* key = config.key(std::string_view(owner).substr(key_prefix.size()));
    if (!key || !key->partner) return nullptr;
    return config.partner(*key->partner);
  }
  return nullptr;
}

std::string refund_job_id(const std::string& job_key, std::uint64_t generation) {
  return generation <= 1 ? job_key : job_key + ":" + std::to_string(generation);
}

std::uint64_t refund_generation(const std::string& job_key, const std::string& job_id) {
  if (job_id == job_key) return 1;
  if (!job_id.starts_with(job_key + ":")) return 0;
  const std::string n = job_id.substr(job_key.size() + 1);
  if (n.empty() || n.size() > 3 || n[0] == '0' || n.find_first_not_of("0123456789") != std::string::npos) return 0;
  const std::uint64_t generation = std::stoull(n);
  return generation >= 2 ? generation : 0;
}

Json refund_job(const Config& config, const IntentRecord& record, IntentStatus status,
                const std::optional<std::string>& owner, std::uint64_t now) {
  if (status != IntentStatus::refundable) return nullptr;
  // Only what the service registered (a quote's intents, a deposit address's) is its to refund.
  if (!record.quote_id || !record.tx(IntentStep::funded)) return nullptr;
  if (!record.reward || !record.route_hash || !record.source_chain_id || !record.destination_chain_id) return nullptr;
  const ChainRecord* source = config.chain(*record.source_chain_id);
  if (!source || source->vm != Vm::evm || source->portal.vm() != Vm::evm) return nullptr;
  const PartnerRecord* partner = owner ? owner_partner(config, *owner) : nullptr;
  if (!partner) return nullptr;
  const std::string intent_hash = hex::encode(record.intent_hash);
  const Json plan{{"standard", "refund"},
                  {"chainId", source->chain_id},
                  {"funder", record.reward->creator.to_string(Vm::evm)},
                  {"intentHash", intent_hash},
                  {"refund",
                   {{"destination", *record.destination_chain_id},
                    {"routeHash", hex::encode(*record.route_hash)},
                    {"reward", protocol::reward_to_json(*record.reward, Vm::evm)}}}};
  Json job = gasless_job("refund", *record.quote_id, intent_hash, source->chain_id, now);
  const std::string id = std::string(kRefundJobPrefix) + intent_hash;
  job["id"] = id;
  return Json{{"jobKey", id},
              {"partner", partner->slug},
              {"job", std::move(job)},
              {"plan", plan},
              {"retryAfterSec", kRefundRetryAfterSec}};
}

OpResult intent_status_check_with_refund_op(const Config& config, const Json& input) {
  OpResult answer = intent_status_check_op(config, input);
  if (answer.status != 200) return answer;
  const OpInput in(input, "intentStatusCheck");
  const Json* owner_json = in.optional("owner");
  if (owner_json && !owner_json->is_string()) throw OpInputError("op \"intentStatusCheck\": owner must be a string");
  const std::optional<std::string> owner = owner_json ? std::optional(owner_json->get<std::string>()) : std::nullopt;
  // The record was read and checked by the status op above.
  const IntentRecord record = *read_optional_record(in, "intentStatusCheck");
  const IntentStatus status = derive_status(record, status_clocks(in, record));
  answer.body["refundJob"] = refund_job(config, record, status, owner, in.unix_seconds("now"));
  return answer;
}

}  // namespace sr::service
