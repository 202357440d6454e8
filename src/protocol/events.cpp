#include "protocol/events.h"

#include <algorithm>

#include "crypto/catching.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/abi.h"
#include "protocol/intent_abi.h"
#include "protocol/json_fields.h"

namespace sr::protocol::events {
namespace {

using namespace json_fields;

constexpr std::size_t kMaxTopics = 4;

// "0x0", "0x1b4": JSON-RPC quantities have no leading zeros.
std::uint64_t read_quantity(const Json& value, const Path& path) {
  if (const auto n = non_negative_integer(value)) return *n;
  if (!value.is_string()) throw_parse_error(path + " must be a hex quantity string or a non-negative integer");
  const std::string& text = value.get_ref<const std::string&>();
  const bool canonical = text.size() > 2 && text.size() <= 18 && text.starts_with("0x") &&
                         (text.size() == 3 || text[2] != '0') &&
                         std::all_of(text.begin() + 2, text.end(), [](char c) {
                           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
                         });
  if (!canonical) throw_parse_error(path + " must be a hex quantity (0x followed by 1 to 16 digits, no leading zeros)");
  return U256::from_hex(text).as_u64();
}

std::string quantity_hex(std::uint64_t value) { return U256(value).to_hex(); }

std::string event_error(const EventSignature& event, const std::string& what) {
  return std::string(event.name) + " log " + what;
}

void expect_topics(const Log& log, const EventSignature& event, std::size_t count) {
  if (log.topics.size() != count) {
    throw_parse_error(event_error(event, "has " + std::to_string(log.topics.size()) + " topics, expected " +
                                             std::to_string(count)));
  }
}

Address topic_address(const Log& log, const EventSignature& event, std::size_t index) {
  const Hash32& topic = log.topics[index];
  if (!std::all_of(topic.begin(), topic.begin() + 12, [](std::uint8_t b) { return b == 0; })) {
    throw_parse_error(event_error(event, "topic " + std::to_string(index) + " is not an address (non-zero padding)"));
  }
  return Address::from_bytes(ByteView(topic).subspan(12));
}

// The non-indexed fields, strictly decoded from the data.
std::vector<abi::Value> data_fields(const Log& log, const EventSignature& event, std::string_view types) {
  const abi::Type tuple = abi::Type::parse(types);
  return rethrowing<ParseError>([&] { return abi::decode_params(tuple.components, log.data); },
                                [&](const ParseError& e) { throw_parse_error(event_error(event, std::string("data: ") + e.what())); });
}

Hash32 hash_of(const abi::Value& value) {
  const Bytes& bytes = std::get<Bytes>(value);
  Hash32 out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

std::uint64_t u64_of(const abi::Value& value) { return std::get<U256>(value).as_u64(); }

Event decode_known(const Log& log, const Hash32& topic0) {
  if (topic0 == intent_published().topic0) {
    const EventSignature& e = intent_published();
    expect_topics(log, e, 4);
    const auto f = data_fields(log, e, "(uint64,bytes,uint64,uint256,(address,uint256)[])");
    return IntentPublished{log.topics[1], u64_of(f[0]), std::get<Bytes>(f[1]), topic_address(log, e, 2),
                           topic_address(log, e, 3), u64_of(f[2]), std::get<U256>(f[3]),
                           intent_abi::token_amounts_from_value(f[4])};
  }
  if (topic0 == intent_funded().topic0) {
    const EventSignature& e = intent_funded();
    expect_topics(log, e, 1);
    const auto f = data_fields(log, e, "(bytes32,address,bool)");
    return IntentFunded{hash_of(f[0]), std::get<Address>(f[1]), std::get<bool>(f[2])};
  }
  if (topic0 == intent_fulfilled().topic0) {
    const EventSignature& e = intent_fulfilled();
    expect_topics(log, e, 3);
    if (!log.data.empty()) throw_parse_error(event_error(e, "data must be empty (every field is indexed)"));
    return IntentFulfilled{log.topics[1], log.topics[2]};
  }
  if (topic0 == intent_proven().topic0) {
    const EventSignature& e = intent_proven();
    expect_topics(log, e, 3);
    const auto f = data_fields(log, e, "(uint64)");
    return IntentProven{log.topics[1], topic_address(log, e, 2), u64_of(f[0])};
  }
  if (topic0 == intent_proof_sent().topic0) {
    const EventSignature& e = intent_proof_sent();
    expect_topics(log, e, 3);
    if (!log.data.empty()) throw_parse_error(event_error(e, "data must be empty (every field is indexed)"));
    return IntentProofSent{log.topics[1], log.topics[2]};
  }
  if (topic0 == intent_withdrawn().topic0) {
    const EventSignature& e = intent_withdrawn();
    expect_topics(log, e, 2);
    const auto f = data_fields(log, e, "(bytes32)");
    return IntentWithdrawn{hash_of(f[0]), topic_address(log, e, 1)};
  }
  if (topic0 == intent_refunded().topic0) {
    const EventSignature& e = intent_refunded();
    expect_topics(log, e, 2);
    const auto f = data_fields(log, e, "(bytes32)");
    return IntentRefunded{hash_of(f[0]), topic_address(log, e, 1)};
  }
  const EventSignature& e = erc20_transfer();
  expect_topics(log, e, 3);
  const auto f = data_fields(log, e, "(uint256)");
  return Erc20Transfer{log.address, topic_address(log, e, 1), topic_address(log, e, 2), std::get<U256>(f[0])};
}

}  // namespace

Log log_from_json(const Json& json, const Path& path) {
  const Object o(json, path, {"address", "topics", "data", "blockNumber", "transactionHash", "logIndex"},
                 {"blockHash", "transactionIndex", "removed", "blockTimestamp"});
  Log log;
  log.address = o.read("address", read_address);
  log.topics = read_each(o["topics"], o.path("topics"), read_hash32);
  if (log.topics.size() > kMaxTopics) {
    throw_parse_error(o.path("topics") + " has " + std::to_string(log.topics.size()) + " entries, at most 4 are possible");
  }
  log.data = o.read("data", read_hex);
  log.block_number = o.read("blockNumber", read_quantity);
  log.transaction_hash = o.read("transactionHash", read_hash32);
  log.log_index = o.read("logIndex", read_quantity);
  if (const Json* block_hash = o.find("blockHash")) log.block_hash = read_hash32(*block_hash, o.path("blockHash"));
  if (const Json* index = o.find("transactionIndex")) read_quantity(*index, o.path("transactionIndex"));
  if (const Json* timestamp = o.find("blockTimestamp")) read_quantity(*timestamp, o.path("blockTimestamp"));
  if (const Json* removed = o.find("removed")) log.removed = read_bool(*removed, o.path("removed"));
  return log;
}

Json to_json(const Log& log) {
  Json topics = Json::array();
  for (const Hash32& topic : log.topics) topics.push_back(hex::encode(topic));
  Json out = {{"address", log.address.checksummed()},
              {"topics", std::move(topics)},
              {"data", hex::encode(log.data)},
              {"blockNumber", quantity_hex(log.block_number)},
              {"transactionHash", hex::encode(log.transaction_hash)},
              {"logIndex", quantity_hex(log.log_index)}};
  if (log.block_hash) out["blockHash"] = hex::encode(*log.block_hash);
  if (log.removed) out["removed"] = true;
  return out;
}

#define SR_EVENT(function, event_name, signature_text)             \
  const EventSignature& function() {                               \
    static const EventSignature event{event_name, signature_text, keccak256(signature_text)}; \
    return event;                                                  \
  }
SR_EVENT(intent_published, "IntentPublished",
         "IntentPublished(bytes32,uint64,bytes,address,address,uint64,uint256,(address,uint256)[])")
SR_EVENT(intent_funded, "IntentFunded", "IntentFunded(bytes32,address,bool)")
SR_EVENT(intent_fulfilled, "IntentFulfilled", "IntentFulfilled(bytes32,bytes32)")
SR_EVENT(intent_proven, "IntentProven", "IntentProven(bytes32,address,uint64)")
// Named for error messages so that they tell the two IntentProven events apart.
SR_EVENT(intent_proof_sent, "IntentProven (destination Portal)", "IntentProven(bytes32,bytes32)")
SR_EVENT(intent_withdrawn, "IntentWithdrawn", "IntentWithdrawn(bytes32,address)")
SR_EVENT(intent_refunded, "IntentRefunded", "IntentRefunded(bytes32,address)")
SR_EVENT(erc20_transfer, "Transfer", "Transfer(address,address,uint256)")
#undef SR_EVENT

Reward IntentPublished::reward() const {
  return Reward{reward_deadline, Account::from_evm(creator), Account::from_evm(prover), reward_native_amount,
                reward_tokens};
}

std::optional<Event> decode_event(const Log& log) {
  if (log.topics.empty()) return std::nullopt;
  const Hash32& topic0 = log.topics[0];
  const EventSignature* known[] = {&intent_published(), &intent_funded(),    &intent_fulfilled(),
                                   &intent_proven(),    &intent_proof_sent(), &intent_withdrawn(),
                                   &intent_refunded(),  &erc20_transfer()};
  if (std::none_of(std::begin(known), std::end(known), [&](const EventSignature* e) { return e->topic0 == topic0; })) {
    return std::nullopt;
  }
  constexpr std::size_t kErc721TransferTopics = 4;
  if (topic0 == erc20_transfer().topic0 && log.topics.size() == kErc721TransferTopics) return std::nullopt;
  return decode_known(log, topic0);
}

}  // namespace sr::protocol::events
