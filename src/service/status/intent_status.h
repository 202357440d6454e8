// Delivery status of one intent, derived only from chain events. A record collects the six
// transactions of an intent's life (published, funded on the source chain; fulfilled on the
// destination; proven by the source prover; withdrawn or refunded on the source) and the
// deadlines that decide time-dependent statuses. `apply_event` folds one observed event into a
// record; `derive_status` reads the status off a record at a given time. Both are pure: the
// caller passes the clocks, and the worker stores the record's JSON form between calls.
//
// The destination Portal's own IntentProven (protocol/events.h IntentProofSent) is kept beside
// the six as `proof_sent`, out of the public `transactions`. It never makes an intent settled: a
// proof handed to a prover on the destination may never reach the source, and until the source
// prover records it the reward is neither withdrawable nor safe from a refund. The Portal only
// proves intents it has fulfilled, though, so it counts as a fill when the fill's own log was
// not seen.
//
// Transitions (docs/status.md and the OpenAPI IntentStatus schema carry the same table), first
// matching row wins; "source time" / "destination time" are the respective chain's clock:
//   refunded recorded                                   -> refunded
//   proven or withdrawn recorded                        -> settled
//   fulfilled or proof_sent recorded                    -> filled
//   completely funded, source time >= reward deadline   -> refundable
//   completely funded, destination time > route deadline-> expired
//   partly funded, source time >= reward deadline       -> refundable
//   published or partly funded, dest. time > route dl.  -> failed
//   nothing on chain, destination time > route deadline -> expired
//   otherwise                                           -> pending
// An identifier without a record is `unknown`.
// The two deadlines are not judged alike because the Portal does not judge them alike: a fill is
// accepted while block.timestamp <= route deadline, a refund once block.timestamp >= reward
// deadline. A source chain whose latest block is at the reward deadline therefore takes a refund
// in its next block, so the intent is refundable from that second (the refund's availableAt).
//
// A record also keeps what the Portal's refund(destination, routeHash, reward) needs, so a status
// can carry that call: the route hash and the reward, from the quote's registration or from
// IntentPublished, whichever comes first (both are fixed by the intent hash).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.h"
#include "protocol/intent.h"

namespace sr::service {

enum class IntentStatus { pending, filled, settled, refundable, expired, refunded, failed, unknown };
std::string_view status_name(IntentStatus status);  // "pending", ...

// The recorded transactions: the public ones in the order of an intent's life, then proof_sent,
// which only the stored record carries.
enum class IntentStep { published, funded, fulfilled, proven, withdrawn, refunded, proof_sent };
inline constexpr std::size_t kIntentStepCount = 6;  // the public steps, published .. refunded
std::string_view step_name(IntentStep step);  // "published", ..., "proofSent"

// Where one event was observed. (chain, block, log index) orders observations of one step.
// The block hash names the block the log was read in (absent in records stored before it was
// kept, and for logs pushed without one).
struct ChainTx {
  std::uint64_t chain_id = 0;
  Hash32 transaction_hash{};
  std::uint64_t block_number = 0;
  std::uint64_t log_index = 0;
  std::optional<Hash32> block_hash;

  friend bool operator==(const ChainTx&, const ChainTx&) = default;
};

struct IntentRecord {
  Hash32 intent_hash{};
  std::optional<std::uint64_t> source_chain_id;
  std::optional<std::uint64_t> destination_chain_id;
  std::optional<std::uint64_t> route_deadline;   // last destination second a fill is accepted
  std::optional<std::uint64_t> reward_deadline;  // first source second a refund is accepted
  std::optional<std::string> role;               // quote step role, when registered from a quote
  std::optional<std::string> quote_id;           // bare UUID of the quote that issued the intent
  std::optional<Hash32> route_hash;              // keccak256(encodedRoute)
  // The reward as the source Portal hashes it. Only EVM-source intents keep one: its JSON form is
  // the EVM one (the stored record names no VM), and only the EVM Portal's refund is built from it.
  std::optional<protocol::Reward> reward;
  std::array<std::optional<ChainTx>, kIntentStepCount> transactions;
  std::optional<ChainTx> proof_sent;  // the destination Portal's IntentProven
  bool funded_complete = false;  // the `funded` transaction funded the whole reward
  std::uint64_t updated_at = 0;  // Unix seconds of the last change caused by an event

  const std::optional<ChainTx>& tx(IntentStep step) const {
    return step == IntentStep::proof_sent ? proof_sent : transactions[static_cast<std::size_t>(step)];
  }
  std::optional<ChainTx>& tx(IntentStep step) {
    return step == IntentStep::proof_sent ? proof_sent : transactions[static_cast<std::size_t>(step)];
  }

  friend bool operator==(const IntentRecord&, const IntentRecord&) = default;
};

// Every transaction a record holds: the six public steps and proof_sent, in that order (one
// transaction may hold several steps: publishAndFund publishes and funds). What a lookup by
// transaction hash may find the intent by, and all it may: the chain no longer has a transaction
// a reorganisation took out of the record.
std::vector<ChainTx> recorded_transactions(const IntentRecord& record);

// What one Portal or prover log says about an intent, already decoded.
struct IntentEvent {
  IntentStep step = IntentStep::published;
  Hash32 intent_hash{};
  ChainTx tx;
  // A log a node withdrew after a reorganisation (eth_getLogs `removed: true`).
  bool removed = false;
  // IntentPublished: the destination chain and both deadlines; the route hash and the reward when
  // they hash to the event's intent hash.
  std::optional<std::uint64_t> destination_chain_id;
  std::optional<std::uint64_t> route_deadline;
  std::optional<std::uint64_t> reward_deadline;
  std::optional<Hash32> route_hash;
  std::optional<protocol::Reward> reward;
  // IntentFunded: whether the funding completed the reward.
  bool complete = true;
  // IntentProven: the destination chain the proof is about.
  std::optional<std::uint64_t> proven_destination;
};

// Why an event left a record as it was.
enum class EventOutcome { changed, unchanged, wrong_chain };

// Folds one event into `record` (stamping updated_at = now when it changed anything).
// Idempotent: the same log applied twice changes nothing. Order-independent within a step:
// the earliest observation (chain, block, log index) wins, a complete funding beats a partial
// one, and a transaction seen again at another position (re-included after a reorg) moves
// there. A removed log clears its step when it is the recorded transaction. Events on a chain
// the record places elsewhere (a fill on a chain that is not the destination, a proof for
// another destination) are `wrong_chain` and ignored.
EventOutcome apply_event(IntentRecord& record, const IntentEvent& event, std::uint64_t now);

// A reader's re-read of blocks from..to of one chain: `events` are everything the chain now has in
// those blocks for this record's intent. They replace what the record held there: each step
// whose transaction sits on `chain_id` within from..to is cleared, then the events are folded in
// again, so a transaction a reorganisation took out of the chain leaves the record (and the
// status derived from it may go back: filled -> pending, funded -> none), one re-included in
// another block moves there, and one still in place changes nothing. Steps recorded on another
// chain or outside the range are untouched. The record keeps one transaction per step, so an
// earlier observation the removed one had superseded (a partial funding before the complete one)
// is not recalled until it is read again. `changed` when anything but the time stamp differs
// (then updated_at = now).
EventOutcome replace_range(IntentRecord& record, std::uint64_t chain_id, std::uint64_t from_block,
                           std::uint64_t to_block, const std::vector<IntentEvent>& events, std::uint64_t now);

// The clocks the time-dependent transitions read. Each chain judges its own deadline: refunds
// open by the source chain's block time, fills close by the destination's.
struct StatusClocks {
  std::uint64_t source_time = 0;
  std::uint64_t destination_time = 0;
};

IntentStatus derive_status(const IntentRecord& record, const StatusClocks& clocks);
// Why an intent ended up `failed`, `expired`, `refundable` or `refunded`, for a wallet to show:
// a stable `code` and a sentence naming the deadline or transaction that decided it. Codes:
//   not-funded      nothing (or only the publication) reached the chain by the route deadline
//   partly-funded   the vault holds less than the reward, so no solver could fill it
//   not-filled      funded, but no solver filled it by the route deadline
//   not-proven      filled, but the fill was not proven on the source chain by the reward deadline
// nullopt for every other status. Read off the same record derive_status reads, so the two agree.
struct StatusReason {
  std::string code;
  std::string message;

  friend bool operator==(const StatusReason&, const StatusReason&) = default;
};
std::optional<StatusReason> status_reason(const IntentRecord& record, IntentStatus status);

// The first second after `now` at which `status` could change by time alone, with no chain event:
// the second after the route deadline (fills are no longer accepted: pending -> expired or failed)
// or, for a funded intent, the reward deadline (refunds open: -> refundable). nullopt when no deadline
// is ahead or the status no longer moves with time (filled, settled, refundable, refunded).
std::optional<std::uint64_t> next_time_change(const IntentRecord& record, IntentStatus status, std::uint64_t now);
// The same on the caller's clock `now` with each deadline judged by its own chain's clock
// (clocks, each at least `now`): a chain whose latest block runs ahead of `now` reaches its
// deadline that much sooner (the route deadline by the destination's, the reward deadline by the
// source's), as the status derived with those clocks will.
std::optional<std::uint64_t> next_time_change(const IntentRecord& record, IntentStatus status, const StatusClocks& clocks,
                                              std::uint64_t now);
// When the derived status last changed: updated_at, or the deadline whose passing moved it.
std::uint64_t status_since(const IntentRecord& record, IntentStatus status);

// The stored JSON form:
//   {"intentHash", "sourceChainId", "destinationChainId", "routeDeadline", "rewardDeadline",
//    "role", "quoteId", "fundedComplete", "updatedAt",
//    "transactions": {"published": {"chainId","transactionHash","blockNumber","logIndex"[,"blockHash"]} | null, ...},
//    "proofSent": {"chainId", ...} | null,
//    "routeHash": "0x..32 bytes" | null,
//    "reward": {"deadline", "creator", "prover", "nativeAmount", "tokens"} (EVM form) | null}
// Unknown values are null. record_from_json is strict and throws ParseError naming the path;
// "proofSent", "routeHash", "reward" and a transaction's "blockHash" may be absent, as in records
// stored before they existed.
nlohmann::ordered_json record_to_json(const IntentRecord& record);
IntentRecord record_from_json(const nlohmann::ordered_json& json, const std::string& path = "record");

}  // namespace sr::service
