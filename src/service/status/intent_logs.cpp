#include "service/status/intent_logs.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/abi.h"
#include "protocol/events.h"
#include "protocol/intent_abi.h"
#include "protocol/intent_hash.h"
#include "service/chain/chain_logs.h"
#include "service/common/op_input.h"
#include "service/status/intent_status.h"
#include "service/status/status_records.h"

namespace sr::service {

namespace ev = protocol::events;
using Json = nlohmann::ordered_json;

namespace {

std::optional<std::uint64_t> evm_route_deadline(const Config& config, std::uint64_t destination, ByteView route) {
  const ChainRecord* chain = config.chain(destination);
  if (!chain || chain->vm != Vm::evm) return std::nullopt;
  try {
    // abi.encode(route): the parameter encoding, which starts with the tuple's offset word.
    return protocol::intent_abi::route_from_value(abi::decode_params({protocol::intent_abi::route_type()}, route).at(0)).deadline;
  } catch (const ParseError&) {
    return std::nullopt;  // the registration or a later publication supplies it
  }
}

struct Decoded {
  std::optional<IntentEvent> event;
  std::string ignored_because;  // when there is no event
};

Decoded to_intent_event(const Config& config, const ChainRecord& chain, const ev::Log& log) {
  const bool from_portal = chain.portal.vm() == Vm::evm && chain.portal.evm() == log.address;
  const bool from_prover = chain.prover && chain.prover->vm() == Vm::evm && chain.prover->evm() == log.address;
  if (!from_portal && !from_prover) return {std::nullopt, "not emitted by the chain's Portal or prover"};
  std::optional<ev::Event> decoded;
  try {
    decoded = ev::decode_event(log);
  } catch (const ParseError& e) {
    return {std::nullopt, std::string("malformed event: ") + e.what()};
  }
  if (!decoded) return {std::nullopt, "not an intent event"};

  IntentEvent e;
  e.tx = ChainTx{chain.chain_id, log.transaction_hash, log.block_number, log.log_index, log.block_hash};
  e.removed = log.removed;
  const bool expected_emitter = std::visit(
      [&](const auto& event) {
        using T = std::decay_t<decltype(event)>;
        if constexpr (std::is_same_v<T, ev::Erc20Transfer>) {
          return false;
        } else {
          e.intent_hash = event.intent_hash;
          if constexpr (std::is_same_v<T, ev::IntentPublished>) {
            e.step = IntentStep::published;
            e.destination_chain_id = event.destination;
            e.reward_deadline = event.reward_deadline;
            e.route_deadline = evm_route_deadline(config, event.destination, event.route);
            // What refund() takes, kept only when it hashes to the intent the log names (the
            // Portal computed that hash from these very values; a pushed log is checked anyway).
            const Hash32 route_hash = keccak256(event.route);
            const protocol::Reward reward = event.reward();
            if (protocol::intent_hash(event.destination, route_hash, protocol::reward_hash(reward, Vm::evm)) ==
                event.intent_hash) {
              e.route_hash = route_hash;
              e.reward = reward;
            }
          } else if constexpr (std::is_same_v<T, ev::IntentFunded>) {
            e.step = IntentStep::funded;
            e.complete = event.complete;
          } else if constexpr (std::is_same_v<T, ev::IntentFulfilled>) {
            e.step = IntentStep::fulfilled;
          } else if constexpr (std::is_same_v<T, ev::IntentProven>) {
            e.step = IntentStep::proven;
            e.proven_destination = event.destination;
            return from_prover;
          } else if constexpr (std::is_same_v<T, ev::IntentProofSent>) {
            e.step = IntentStep::proof_sent;
          } else if constexpr (std::is_same_v<T, ev::IntentWithdrawn>) {
            e.step = IntentStep::withdrawn;
          } else {
            e.step = IntentStep::refunded;
          }
          return from_portal;
        }
      },
      *decoded);
  if (!expected_emitter) return {std::nullopt, "not an intent event of this emitter"};
  return {e, {}};
}

}  // namespace

OpResult route_logs_op(const Config& config, const Json& input) {
  OpInput in(input, "routeLogs");
  ChainLogs read = read_chain_logs(config, in);
  if (read.refused) return *read.refused;
  const Json& logs = in.member("logs");
  Json by_intent = Json::object();
  Json transactions = Json::array();
  std::set<std::pair<std::string, std::string>> seen_transactions;
  Json ignored = Json::array();
  for (std::size_t i = 0; i < read.logs.size(); ++i) {
    const Decoded d = to_intent_event(config, *read.chain, read.logs[i]);
    if (!d.event) {
      ignored.push_back(Json{{"index", i}, {"reason", d.ignored_because}});
      continue;
    }
    const std::string hash = hex::encode(d.event->intent_hash);
    by_intent[hash].push_back(logs[i]);
    const std::string tx = hex::encode(read.logs[i].transaction_hash);
    if (seen_transactions.insert({tx, hash}).second) {
      transactions.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
  }
  return ok(Json{{"byIntent", std::move(by_intent)}, {"transactions", std::move(transactions)}, {"ignored", std::move(ignored)}});
}

// The optional re-read range {"fromBlock", "toBlock"}: both or neither.
static std::optional<std::pair<std::uint64_t, std::uint64_t>> read_range(const OpInput& in) {
  const Json* from = in.optional("fromBlock");
  const Json* to = in.optional("toBlock");
  if (!from && !to) return std::nullopt;
  const auto from_block = from ? json_u64(*from) : std::nullopt;
  const auto to_block = to ? json_u64(*to) : std::nullopt;
  if (!from_block || !to_block || *from_block > *to_block) {
    throw OpInputError("op \"applyLogs\": fromBlock and toBlock must both be block numbers, fromBlock <= toBlock");
  }
  return std::pair{*from_block, *to_block};
}

OpResult apply_logs_op(const Config& config, const Json& input) {
  OpInput in(input, "applyLogs");
  ChainLogs read = read_chain_logs(config, in);
  if (read.refused) return *read.refused;
  const ChainRecord* chain = read.chain;
  const std::uint64_t now = in.unix_seconds("now");
  const auto range = read_range(in);
  RecordMap records = read_records(in, "applyLogs");
  const RecordMap originals = records;
  const std::vector<ev::Log>& parsed = read.logs;

  std::map<std::string, std::vector<IntentEvent>> events;  // by intent hash
  Json ignored = Json::array();
  std::set<std::string> missing;
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    Decoded d = to_intent_event(config, *chain, parsed[i]);
    if (!d.event) {
      ignored.push_back(Json{{"index", i}, {"reason", d.ignored_because}});
      continue;
    }
    if (range && (parsed[i].block_number < range->first || parsed[i].block_number > range->second)) {
      throw OpInputError("op \"applyLogs\": logs[" + std::to_string(i) + "] lies outside fromBlock..toBlock");
    }
    const std::string hash = hex::encode(d.event->intent_hash);
    if (!records.contains(hash)) missing.insert(hash);
    events[hash].push_back(*d.event);
  }
  if (!missing.empty()) return missing_answer(missing);
  // Only intents this service registered (a quote or a deposit address) have records: the Portal
  // is shared with every other integrator, and a record per foreign intent would grow the index
  // with their traffic. A registration that lands after its intent's first logs still catches
  // them, since every reader round re-reads its confirmation window.
  std::set<std::string> unregistered;
  for (auto it = events.begin(); it != events.end();) {
    if (records.at(it->first)) {
      ++it;
      continue;
    }
    unregistered.insert(it->first);
    it = events.erase(it);
  }

  std::set<std::string> changed;
  std::size_t applied = 0;
  if (range) {
    // A re-read: the range's logs replace what every passed record held in it, including the
    // records of intents the range no longer has any log of.
    for (auto& [hash, held] : records) {
      if (!held) continue;
      const auto it = events.find(hash);
      IntentRecord record = *held;
      static const std::vector<IntentEvent> kNone;
      const std::vector<IntentEvent>& found = it == events.end() ? kNone : it->second;
      if (replace_range(record, chain->chain_id, range->first, range->second, found, now) == EventOutcome::changed) {
        held = std::move(record);
        changed.insert(hash);
        applied += found.size();
      }
    }
  } else {
    for (const auto& [hash, intent_events] : events) {
      std::optional<IntentRecord>& held = records[hash];
      for (const IntentEvent& e : intent_events) {
        IntentRecord record = *held;
        if (apply_event(record, e, now) == EventOutcome::changed) {
          held = std::move(record);
          changed.insert(hash);
          ++applied;
        }
      }
    }
  }
  Json updates = Json::object();
  for (const auto& hash : changed) updates[hash] = record_to_json(*records[hash]);
  // The transaction index follows the records: a transaction is indexed while a record holds it
  // and no longer (so a lookup by transaction hash finds only what the chain still has, and the
  // index holds at most seven rows per record however many logs anyone emits about it).
  Json added = Json::array(), removed = Json::array();
  for (const auto& hash : changed) {
    const auto hashes_of = [](const std::optional<IntentRecord>& record) {
      std::set<std::string> out;
      if (record) {
        for (const ChainTx& tx : recorded_transactions(*record)) out.insert(hex::encode(tx.transaction_hash));
      }
      return out;
    };
    const std::set<std::string> before = hashes_of(originals.at(hash));
    const std::set<std::string> after = hashes_of(records.at(hash));
    for (const auto& tx : after) {
      if (!before.contains(tx)) added.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
    for (const auto& tx : before) {
      if (!after.contains(tx)) removed.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
  }
  Json not_ours = Json::array();
  for (const auto& hash : unregistered) not_ours.push_back(hash);
  return ok(Json{{"updates", std::move(updates)},
                 {"applied", applied},
                 {"ignored", std::move(ignored)},
                 {"unregistered", std::move(not_ours)},
                 {"transactions", {{"added", std::move(added)}, {"removed", std::move(removed)}}}});
}

}  // namespace sr::service
