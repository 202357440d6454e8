#include "service/status/intent_status.h"

#include <tuple>

#include "crypto/hex.h"
#include "protocol/json_fields.h"

namespace sr::service {

namespace jf = protocol::json_fields;
using Json = nlohmann::ordered_json;

std::string_view status_name(IntentStatus status) {
  switch (status) {
    case IntentStatus::pending: return "pending";
    case IntentStatus::filled: return "filled";
    case IntentStatus::settled: return "settled";
    case IntentStatus::refundable: return "refundable";
    case IntentStatus::expired: return "expired";
    case IntentStatus::refunded: return "refunded";
    case IntentStatus::failed: return "failed";
    case IntentStatus::unknown: return "unknown";
  }
  return "unknown";
}

namespace {

constexpr std::array<std::string_view, kIntentStepCount> kStepNames = {
    "published", "funded", "fulfilled", "proven", "withdrawn", "refunded"};
constexpr std::string_view kProofSentName = "proofSent";
constexpr std::string_view kRouteHashName = "routeHash";
constexpr std::string_view kRewardName = "reward";

bool on_destination(IntentStep step) { return step == IntentStep::fulfilled || step == IntentStep::proof_sent; }

// Sets `field` from `value` when it is unknown. False when both are known and disagree.
bool agree(std::optional<std::uint64_t>& field, std::optional<std::uint64_t> value, bool& changed) {
  if (!value) return true;
  if (!field) {
    field = value;
    changed = true;
    return true;
  }
  return *field == *value;
}

auto position(const ChainTx& tx) { return std::tie(tx.chain_id, tx.block_number, tx.log_index); }

// Whether `candidate` should replace `held` as the step's transaction.
bool supersedes(const ChainTx& candidate, bool candidate_complete, const ChainTx& held, bool held_complete,
                IntentStep step) {
  if (candidate.transaction_hash == held.transaction_hash) {
    // The same transaction again: in another block it was re-included after a reorganisation
    // and the newer observation is the truth; in the same block, its first log counts. A block
    // at the same height with another hash is another block.
    if (candidate.block_number != held.block_number || candidate.chain_id != held.chain_id) return true;
    if (candidate.block_hash && held.block_hash && *candidate.block_hash != *held.block_hash) return true;
    return candidate.log_index < held.log_index;
  }
  if (step == IntentStep::funded && candidate_complete != held_complete) return candidate_complete;
  return position(candidate) < position(held);
}

}  // namespace

std::string_view step_name(IntentStep step) {
  return step == IntentStep::proof_sent ? kProofSentName : kStepNames[static_cast<std::size_t>(step)];
}

std::vector<ChainTx> recorded_transactions(const IntentRecord& record) {
  std::vector<ChainTx> out;
  for (const auto& tx : record.transactions) {
    if (tx) out.push_back(*tx);
  }
  if (record.proof_sent) out.push_back(*record.proof_sent);
  return out;
}

EventOutcome apply_event(IntentRecord& record, const IntentEvent& event, std::uint64_t now) {
  IntentRecord next = record;
  bool changed = false;
  const std::uint64_t chain = event.tx.chain_id;
  const bool chains_agree =
      on_destination(event.step)
          ? agree(next.destination_chain_id, chain, changed)
          : agree(next.source_chain_id, chain, changed) &&
                agree(next.destination_chain_id,
                      event.step == IntentStep::proven ? event.proven_destination : event.destination_chain_id,
                      changed);
  if (!chains_agree) return EventOutcome::wrong_chain;

  std::optional<ChainTx>& slot = next.tx(event.step);
  if (event.removed) {
    if (!slot || slot->transaction_hash != event.tx.transaction_hash) return EventOutcome::unchanged;
    slot.reset();
    if (event.step == IntentStep::funded) next.funded_complete = false;
    next.updated_at = now;
    record = std::move(next);
    return EventOutcome::changed;
  }

  if (event.step == IntentStep::published) {
    // The intent hash commits to both deadlines, so a registered value and a published one
    // cannot differ; the first known value stays.
    if (!next.route_deadline && event.route_deadline) next.route_deadline = event.route_deadline, changed = true;
    if (!next.reward_deadline && event.reward_deadline) next.reward_deadline = event.reward_deadline, changed = true;
    if (!next.route_hash && event.route_hash) next.route_hash = event.route_hash, changed = true;
    if (!next.reward && event.reward) next.reward = event.reward, changed = true;
  }
  const bool complete = event.step != IntentStep::funded || event.complete;
  const bool held_complete = event.step != IntentStep::funded || next.funded_complete;
  if (!slot || (*slot != event.tx && supersedes(event.tx, complete, *slot, held_complete, event.step)) ||
      (*slot == event.tx && complete != held_complete)) {
    slot = event.tx;
    if (event.step == IntentStep::funded) next.funded_complete = complete;
    changed = true;
  }
  if (!changed) return EventOutcome::unchanged;
  next.updated_at = now;
  record = std::move(next);
  return EventOutcome::changed;
}

EventOutcome replace_range(IntentRecord& record, std::uint64_t chain_id, std::uint64_t from_block,
                           std::uint64_t to_block, const std::vector<IntentEvent>& events, std::uint64_t now) {
  IntentRecord next = record;
  const auto in_range = [&](const std::optional<ChainTx>& tx) {
    return tx && tx->chain_id == chain_id && tx->block_number >= from_block && tx->block_number <= to_block;
  };
  for (const IntentStep step : {IntentStep::published, IntentStep::funded, IntentStep::fulfilled, IntentStep::proven,
                                IntentStep::withdrawn, IntentStep::refunded, IntentStep::proof_sent}) {
    if (!in_range(next.tx(step))) continue;
    next.tx(step).reset();
    if (step == IntentStep::funded) next.funded_complete = false;
  }
  for (const IntentEvent& event : events) {
    if (event.intent_hash == record.intent_hash) apply_event(next, event, now);
  }
  next.updated_at = record.updated_at;
  if (next == record) return EventOutcome::unchanged;
  next.updated_at = now;
  record = std::move(next);
  return EventOutcome::changed;
}

IntentStatus derive_status(const IntentRecord& r, const StatusClocks& clocks) {
  const auto has = [&](IntentStep step) { return r.tx(step).has_value(); };
  const bool past_route = r.route_deadline && clocks.destination_time > *r.route_deadline;
  // The Portal refunds once block.timestamp >= reward deadline: at that source time the next
  // block takes a refund. A fill is accepted up to and including the route deadline.
  const bool past_reward = r.reward_deadline && clocks.source_time >= *r.reward_deadline;
  if (has(IntentStep::refunded)) return IntentStatus::refunded;
  if (has(IntentStep::proven) || has(IntentStep::withdrawn)) return IntentStatus::settled;
  // The destination Portal proves only intents it holds a fulfillment of; its proof settles
  // nothing until the source prover records it.
  if (has(IntentStep::fulfilled) || has(IntentStep::proof_sent)) return IntentStatus::filled;
  if (has(IntentStep::funded) && r.funded_complete) {
    if (past_reward) return IntentStatus::refundable;
    if (past_route) return IntentStatus::expired;
    return IntentStatus::pending;
  }
  // Partly funded tokens sit in the vault until a refund returns them.
  if (has(IntentStep::funded) && past_reward) return IntentStatus::refundable;
  if (has(IntentStep::funded) || has(IntentStep::published)) {
    return past_route ? IntentStatus::failed : IntentStatus::pending;
  }
  return past_route ? IntentStatus::expired : IntentStatus::pending;
}

std::optional<StatusReason> status_reason(const IntentRecord& r, IntentStatus status) {
  if (status != IntentStatus::failed && status != IntentStatus::expired && status != IntentStatus::refundable &&
      status != IntentStatus::refunded) {
    return std::nullopt;
  }
  const auto deadline = [](const char* which, const std::optional<std::uint64_t>& at) {
    return std::string(which) + " deadline" + (at ? " (Unix second " + std::to_string(*at) + ")" : "");
  };
  const std::string route = deadline("route", r.route_deadline);
  const std::string reward = deadline("reward", r.reward_deadline);
  const bool funded = r.tx(IntentStep::funded).has_value();
  const bool filled = r.tx(IntentStep::fulfilled) || r.proof_sent;
  const std::string then = status == IntentStatus::refunded
                               ? "; the refund returned the reward to its creator"
                               : status == IntentStatus::refundable
                                     ? "; the source Portal's refund (in this body) returns the reward to its creator"
                                     : "";
  if (filled) {
    // Only a refund outranks a fill (derive_status): the solver filled, and lost the reward.
    return StatusReason{"not-proven", "the intent was filled, but the fill was not proven on the source chain by its " +
                                          reward + then};
  }
  if (funded && r.funded_complete) {
    return StatusReason{"not-filled", "no solver filled the intent by its " + route + then};
  }
  if (funded) {
    return StatusReason{"partly-funded",
                        "the intent's vault was funded with less than its reward, so no solver could fill it" + then};
  }
  if (r.tx(IntentStep::published)) {
    return StatusReason{"not-funded", "the intent was published but not funded by its " + route};
  }
  return StatusReason{"not-funded", "the quote was not used: nothing was published or funded by its " + route};
}

std::optional<std::uint64_t> next_time_change(const IntentRecord& r, IntentStatus status, std::uint64_t now) {
  return next_time_change(r, status, StatusClocks{now, now}, now);
}

std::optional<std::uint64_t> next_time_change(const IntentRecord& r, IntentStatus status, const StatusClocks& clocks,
                                              std::uint64_t now) {
  switch (status) {
    case IntentStatus::pending:
    case IntentStatus::expired:
    case IntentStatus::failed:
      break;
    default:
      return std::nullopt;
  }
  std::optional<std::uint64_t> next;
  // `at` on a chain whose clock reads `clock` (at least `now`): that many seconds from now.
  const auto consider = [&](std::optional<std::uint64_t> at, std::uint64_t clock) {
    if (!at || *at <= clock) return;
    const std::uint64_t when = now + (*at - clock);
    if (!next || when < *next) next = when;
  };
  if (status == IntentStatus::pending && r.route_deadline) consider(*r.route_deadline + 1, clocks.destination_time);
  // Only funded tokens become refundable (derive_status): an intent with nothing in its vault
  // stays expired or failed.
  if (r.tx(IntentStep::funded)) consider(r.reward_deadline, clocks.source_time);
  return next;
}

std::uint64_t status_since(const IntentRecord& r, IntentStatus status) {
  // The second the status began by time alone: refunds open at the reward deadline itself, fills
  // close one second after the route deadline.
  std::optional<std::uint64_t> began;
  if (status == IntentStatus::refundable && r.reward_deadline) began = *r.reward_deadline;
  if ((status == IntentStatus::expired || status == IntentStatus::failed) && r.route_deadline) began = *r.route_deadline + 1;
  if (began && *began > r.updated_at) return *began;
  return r.updated_at;
}

namespace {

Json optional_number(const std::optional<std::uint64_t>& value) {
  return value ? jf::u64_to_json(*value) : Json(nullptr);
}

Json optional_text(const std::optional<std::string>& value) { return value ? Json(*value) : Json(nullptr); }

Json tx_to_json(const std::optional<ChainTx>& tx) {
  if (!tx) return nullptr;
  Json out{{"chainId", jf::u64_to_json(tx->chain_id)},
           {"transactionHash", hex::encode(tx->transaction_hash)},
           {"blockNumber", jf::u64_to_json(tx->block_number)},
           {"logIndex", jf::u64_to_json(tx->log_index)}};
  if (tx->block_hash) out["blockHash"] = hex::encode(*tx->block_hash);
  return out;
}

std::optional<std::uint64_t> read_optional_u64(const jf::Object<jf::Json>& object, std::string_view name) {
  const Json& value = object[name];
  if (value.is_null()) return std::nullopt;
  return jf::read_u64(value, object.path(name));
}

std::optional<std::string> read_optional_string(const jf::Object<jf::Json>& object, std::string_view name) {
  const Json& value = object[name];
  if (value.is_null()) return std::nullopt;
  return jf::read_string(value, object.path(name));
}

ChainTx tx_from_json(const Json& json, const jf::Path& path) {
  const jf::Object o(json, path, {"chainId", "transactionHash", "blockNumber", "logIndex"}, {"blockHash"});
  ChainTx tx{o.read("chainId", jf::read_u64), o.read("transactionHash", jf::read_hash32),
             o.read("blockNumber", jf::read_u64), o.read("logIndex", jf::read_u64), std::nullopt};
  if (const Json* block_hash = o.find("blockHash")) tx.block_hash = jf::read_hash32(*block_hash, o.path("blockHash"));
  return tx;
}

}  // namespace

Json record_to_json(const IntentRecord& r) {
  Json transactions = Json::object();
  for (std::size_t i = 0; i < kIntentStepCount; ++i) transactions[std::string(kStepNames[i])] = tx_to_json(r.transactions[i]);
  return Json{{"intentHash", hex::encode(r.intent_hash)},
              {"sourceChainId", optional_number(r.source_chain_id)},
              {"destinationChainId", optional_number(r.destination_chain_id)},
              {"routeDeadline", optional_number(r.route_deadline)},
              {"rewardDeadline", optional_number(r.reward_deadline)},
              {"role", optional_text(r.role)},
              {"quoteId", optional_text(r.quote_id)},
              {"fundedComplete", r.funded_complete},
              {"updatedAt", jf::u64_to_json(r.updated_at)},
              {"transactions", std::move(transactions)},
              {std::string(kProofSentName), tx_to_json(r.proof_sent)},
              {std::string(kRouteHashName), r.route_hash ? Json(hex::encode(*r.route_hash)) : Json(nullptr)},
              {std::string(kRewardName), r.reward ? protocol::reward_to_json(*r.reward, Vm::evm) : Json(nullptr)}};
}

IntentRecord record_from_json(const Json& json, const std::string& path) {
  const jf::Object o(json, path,
                     {"intentHash", "sourceChainId", "destinationChainId", "routeDeadline", "rewardDeadline",
                      "role", "quoteId", "fundedComplete", "updatedAt", "transactions"},
                     {kProofSentName, kRouteHashName, kRewardName});
  IntentRecord r;
  r.intent_hash = o.read("intentHash", jf::read_hash32);
  r.source_chain_id = read_optional_u64(o, "sourceChainId");
  r.destination_chain_id = read_optional_u64(o, "destinationChainId");
  r.route_deadline = read_optional_u64(o, "routeDeadline");
  r.reward_deadline = read_optional_u64(o, "rewardDeadline");
  r.role = read_optional_string(o, "role");
  r.quote_id = read_optional_string(o, "quoteId");
  r.funded_complete = o.read("fundedComplete", jf::read_bool);
  r.updated_at = o.read("updatedAt", jf::read_u64);
  const jf::Object txs(o["transactions"], o.path("transactions"),
                       {kStepNames[0], kStepNames[1], kStepNames[2], kStepNames[3], kStepNames[4], kStepNames[5]});
  for (std::size_t i = 0; i < kIntentStepCount; ++i) {
    const Json& tx = txs[kStepNames[i]];
    if (!tx.is_null()) r.transactions[i] = tx_from_json(tx, txs.path(kStepNames[i]));
  }
  if (const Json* proof = o.find(kProofSentName); proof && !proof->is_null()) {
    r.proof_sent = tx_from_json(*proof, o.path(kProofSentName));
  }
  if (const Json* hash = o.find(kRouteHashName); hash && !hash->is_null()) {
    r.route_hash = jf::read_hash32(*hash, o.path(kRouteHashName));
  }
  if (const Json* reward = o.find(kRewardName); reward && !reward->is_null()) {
    r.reward = protocol::reward_from_json(*reward, Vm::evm, o.path(kRewardName));
  }
  return r;
}

}  // namespace sr::service
