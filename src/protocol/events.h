// Portal events (protocol page, "Events") and ERC-20 Transfer, decoded from eth_getLogs logs.
// Status is derived from these, so decoding is strict: a log whose topic0 names one of these
// events but whose topics or data do not have that event's exact shape is a ParseError.
//
// Two events are named IntentProven on chain, with different signatures and meanings: the source
// prover's (IntentProven, below) records that a proof arrived and the reward may be withdrawn; the
// destination Portal's (IntentProofSent, below) only says a proof was handed to a prover there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "json/path.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/intent.h"

namespace sr::protocol::events {

// One log in eth_getLogs form:
//   {"address", "topics": ["0x..32 bytes", ...], "data": "0x...", "blockNumber": "0x1b4",
//    "transactionHash", "logIndex": "0x0"}
// plus, as nodes send them, the optional "blockHash", "transactionIndex", "removed" and
// "blockTimestamp". Quantities are canonical hex ("0x0", "0x1b4") or JSON integers.
struct Log {
  Address address;
  std::vector<Hash32> topics;  // at most 4
  Bytes data;
  std::uint64_t block_number = 0;
  Hash32 transaction_hash{};
  std::uint64_t log_index = 0;
  bool removed = false;  // dropped by a reorganisation (eth_getLogs "removed": true)
  // The block the log was read in: the same transaction at the same height in another block is
  // another observation (a reorganisation re-included it). Absent when the source omitted it.
  std::optional<Hash32> block_hash;
  bool operator==(const Log&) const = default;
};

// Strict: unknown members, missing required ones, more than 4 topics, bad hex or quantities
// throw ParseError naming the path ("log.topics[1]: ...").
Log log_from_json(const nlohmann::ordered_json& json, const sr::json::Path& path = "log");
nlohmann::ordered_json to_json(const Log& log);

// Event signatures (tuples written out) and their topic0 = keccak256(signature).
struct EventSignature {
  const char* name;
  const char* signature;
  Hash32 topic0;
};
const EventSignature& intent_published();  // 0x43974895...
const EventSignature& intent_funded();     // 0xc1ed0572...
const EventSignature& intent_fulfilled();  // 0xc471de16...
const EventSignature& intent_proven();     // 0xa79bcebf...
const EventSignature& intent_proof_sent(); // 0xe6d8040a...
const EventSignature& intent_withdrawn();  // 0xbb062c23...
const EventSignature& intent_refunded();   // 0x8d53c2b0...
const EventSignature& erc20_transfer();    // 0xddf252ad...

// IntentPublished(bytes32 indexed intentHash, uint64 destination, bytes route, address indexed
// creator, address indexed prover, uint64 rewardDeadline, uint256 rewardNativeAmount, TokenAmount[] rewardTokens)
struct IntentPublished {
  Hash32 intent_hash{};
  std::uint64_t destination = 0;
  Bytes route;  // encodedRoute, in the destination VM's format
  Address creator;
  Address prover;
  std::uint64_t reward_deadline = 0;
  U256 reward_native_amount;
  std::vector<TokenAmount> reward_tokens;
  Reward reward() const;  // the reward this event publishes
  bool operator==(const IntentPublished&) const = default;
};
// IntentFunded(bytes32 intentHash, address funder, bool complete)
struct IntentFunded {
  Hash32 intent_hash{};
  Address funder;
  bool complete = false;
  bool operator==(const IntentFunded&) const = default;
};
// IntentFulfilled(bytes32 indexed intentHash, bytes32 indexed claimant), on the destination.
struct IntentFulfilled {
  Hash32 intent_hash{};
  Hash32 claimant{};
  bool operator==(const IntentFulfilled&) const = default;
};
// IntentProven(bytes32 indexed intentHash, address indexed claimant, uint64 destination), by the source prover.
struct IntentProven {
  Hash32 intent_hash{};
  Address claimant;
  std::uint64_t destination = 0;
  bool operator==(const IntentProven&) const = default;
};
// IntentProven(bytes32 indexed intentHash, bytes32 indexed claimant), by the destination Portal from
// prove / fulfillAndProve: the Portal holds a fulfillment of the intent for `claimant` and has handed
// a proof of it to a prover for the source chain. That is evidence of the fill, not of a proof: the
// message may never be relayed, anyone may call prove with any prover and source, and only the
// source prover's IntentProven lets the claimant withdraw the reward.
struct IntentProofSent {
  Hash32 intent_hash{};
  Hash32 claimant{};
  bool operator==(const IntentProofSent&) const = default;
};
// IntentWithdrawn(bytes32 intentHash, address indexed claimant)
struct IntentWithdrawn {
  Hash32 intent_hash{};
  Address claimant;
  bool operator==(const IntentWithdrawn&) const = default;
};
// IntentRefunded(bytes32 intentHash, address indexed refundee)
struct IntentRefunded {
  Hash32 intent_hash{};
  Address refundee;
  bool operator==(const IntentRefunded&) const = default;
};
// ERC-20 Transfer(address indexed from, address indexed to, uint256 value); token = log address.
struct Erc20Transfer {
  Address token;
  Address from;
  Address to;
  U256 value;
  bool operator==(const Erc20Transfer&) const = default;
};

using Event = std::variant<IntentPublished, IntentFunded, IntentFulfilled, IntentProven, IntentProofSent,
                           IntentWithdrawn, IntentRefunded, Erc20Transfer>;

// The event of a log. nullopt when topic0 is none of the events above (or there are no topics),
// and for a Transfer with a fourth topic (ERC-721, whose tokenId is indexed): such logs are
// someone else's, not malformed. ParseError when topic0 matches but the log does not have the
// event's shape: topic count, non-zero padding in an indexed address, data that is not exactly
// the canonical ABI encoding of the non-indexed fields.
std::optional<Event> decode_event(const Log& log);

}  // namespace sr::protocol::events
