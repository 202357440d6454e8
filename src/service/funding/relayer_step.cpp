#include "service/funding/relayer_step.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include "eth/u256.h"
#include "service/common/op_input.h"
#include "service/funding/funding_store.h"
#include "service/common/step_fields.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("relayerStep");


// A JSON-RPC quantity as the node spelled it ("0x1b4"), or a JSON integer.
std::uint64_t quantity(const Json& value, const char* where) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_string()) {
    try {
      const U256 n = U256::from_hex(value.get<std::string>());
      if (n.fits_u64()) return n.as_u64();
    } catch (const ParseError&) {
    }
  }
  fields.fail(std::string(where) + " must be a hex quantity");
}

Json answer(Json state, Json writes, Json effects, Json reply) {
  return Json{{"state", std::move(state)},
              {"writes", std::move(writes)},
              {"effects", std::move(effects)},
              {"alarmAt", nullptr},
              {"reply", std::move(reply)}};
}

// The job's row of signed transactions, opened (its nonces held) or closed.
Json sent_open(const Json& state, bool open) {
  return Json{{"table", "sent"}, {"where", {{"job_id", state["jobId"]}}}, {"set", {{"open", open ? 1 : 0}}}};
}

// The relay's answer to the job. An error or a mined funding settles the job here, so its row
// is closed: no later job of the account waits behind its nonces any more.
OpResult replied(const Json& state, Json writes, Json reply) {
  if (reply.contains("error") || reply.contains("transactionHash")) writes.push_back(sent_open(state, false));
  return ok(answer(state, std::move(writes), Json::array(), std::move(reply)));
}

OpResult next(Json state, Json effect, Json writes = Json::array()) {
  return ok(answer(std::move(state), std::move(writes), Json::array({std::move(effect)}), nullptr));
}

std::string chain_of(const Json& state) { return "chain " + state["chainId"].dump(); }

// The account as a message names it: its address, or its position in the key list.
std::string account_text(const Json& account) { return account.is_string() ? account.get<std::string>() : account.dump(); }

Json land(Json state, std::uint64_t index) {
  state["index"] = index;
  state["landed"] = nullptr;
  const bool fresh = !state["stored"].get<bool>();
  return next(std::move(state), Json{{"kind", "land"}, {"index", index}, {"fresh", fresh}, {"waitMs", kReceiptWaitMs}}).body;
}

// A failure thrown while preparing or landing: refused (the relayer's key is unusable, or the core
// refused to build) is final; anything else is the node's or the network's trouble.
struct Thrown {
  std::string message;
  bool refused;
};

std::optional<Thrown> thrown(const Json& result, const char* where) {
  if (!result.contains("thrown")) return std::nullopt;
  return Thrown{fields.text(result, "thrown", where), fields.flag(result, "refused", where)};
}

void require_relay_state(const Json& state) {
  fields.text(state, "jobId", "state");
  fields.count(state, "chainId", "state");
  const Json& account = fields.member(state, "account", "state");
  const bool position = account.is_number_integer() && account.get<std::int64_t>() >= 0;
  if (!account.is_string() && !position) fields.fail("state.account must be an address or a key position");
  fields.flag(state, "pinned", "state");
  fields.flag(state, "stored", "state");
}

OpResult on_relay(const Json& state, const Json& event) {
  const Json writes = Json::array({sent_open(state, true)});
  // A job whose transactions are stored is never signed again: its bytes may be in a node's pool
  // or mined, and the chain's pending count does not know them, so a new signature could take the
  // same nonces for other bytes. A new job only is checked against the account's floor too (one
  // already signed finishes whatever the balance: the floor keeps its gas).
  const bool stored = state["stored"].get<bool>();
  if (fields.flag(event, "keyFound", "event")) {
    return ok(answer(state, writes, Json::array({Json{{"kind", "prepare"}, {"checkFloor", !stored}, {"sign", !stored}}}), nullptr));
  }
  const std::string missing = "the relayer has no key for account " + account_text(state["account"]) + " on " + chain_of(state) +
                              " (RELAYER_KEY, RELAYER_KEYS)";
  // A pinned job's transactions signed before may still be mined: it waits for the key, never fails.
  if (state["pinned"].get<bool>()) return replied(state, writes, Json{{state["stored"].get<bool>() ? "inFlight" : "retry", missing}});
  return replied(state, writes, Json{{"error", missing}});
}

OpResult on_prepared(Json state, const Json& event) {
  const Json& result = fields.member(event, "result", "event");
  if (const auto t = thrown(result, "event.result")) {
    if (t->refused) return replied(state, Json::array(), Json{{"error", t->message}});
    // Signed and stored before: in flight, whatever the node answers now.
    const char* kind = state["stored"].get<bool>() ? "inFlight" : "retry";
    return replied(state, Json::array(), Json{{kind, chain_of(state) + ": " + t->message}});
  }
  if (result.contains("waitingFor")) {
    return replied(state, Json::array(), Json{{"waitingFor", fields.text(result, "waitingFor", "event.result")}, {"detail", fields.text(result, "detail", "event.result")}});
  }
  if (result.contains("error")) return replied(state, Json::array(), Json{{"error", fields.text(result, "error", "event.result")}});
  const std::uint64_t n = fields.count(result, "transactions", "event.result");
  if (n == 0) fields.fail("event.result.transactions must count at least one signed transaction");
  state["transactions"] = n;
  return ok(land(std::move(state), 0));
}

OpResult on_landed(Json state, const Json& event) {
  fields.count(state, "transactions", "state");
  const Json& result = fields.member(event, "result", "event");
  if (const auto t = thrown(result, "event.result")) {
    if (t->refused) return replied(state, Json::array(), Json{{"error", t->message}});
    return replied(state, Json::array(), Json{{"inFlight", chain_of(state) + ": " + t->message}});
  }
  if (result.contains("error")) return replied(state, Json::array(), Json{{"error", fields.text(result, "error", "event.result")}});
  if (result.contains("inFlight")) return replied(state, Json::array(), Json{{"inFlight", fields.text(result, "inFlight", "event.result")}});
  const Json& attempt = fields.member(result, "attempt", "event.result");
  const Json& receipt = fields.member(result, "receipt", "event.result");
  const std::string hash = fields.text(attempt, "hash", "event.result.attempt");
  fields.text(attempt, "kind", "event.result.attempt");
  fields.member(receipt, "status", "event.result.receipt");
  quantity(fields.member(receipt, "blockNumber", "event.result.receipt"), "event.result.receipt.blockNumber");
  state["landed"] = Json{{"attempt", attempt}, {"receipt", {{"status", receipt["status"]}, {"blockNumber", receipt["blockNumber"]}}}};
  return next(std::move(state), Json{{"kind", "recordReceipt"}, {"hash", hash}});
}

OpResult on_recorded(Json state, const Json& event) {
  const Json& landed = fields.member(state, "landed", "state");
  const Json& attempt = fields.member(landed, "attempt", "state.landed");
  const Json& receipt = fields.member(landed, "receipt", "state.landed");
  const std::string hash = fields.text(attempt, "hash", "state.landed.attempt");
  const Json& failed = fields.member(event, "failed", "event");
  if (!failed.is_null()) {
    if (!failed.is_string()) fields.fail("event.failed must be null or the reason the receipt was not recorded");
    return replied(state, Json::array(),
                   Json{{"inFlight", chain_of(state) + ": the receipt of " + hash + " could not be recorded yet (" + failed.get<std::string>() + ")"}});
  }
  const std::string purpose = fields.text(attempt, "purpose", "state.landed.attempt");
  if (fields.text(attempt, "kind", "state.landed.attempt") == "cancel") {
    return replied(state, Json::array(),
                   Json{{"error", fields.text(attempt, "reason", "state.landed.attempt") + "; the relayer filled its nonce " +
                                      fields.member(attempt, "nonce", "state.landed.attempt").dump() + " on " + chain_of(state) +
                                      " with a 0-value transfer to itself (" + hash + ") instead of its " + purpose +
                                      " transaction, so the intent was not funded"}});
  }
  // The node's own spelling of success: anything but "0x1" is a revert.
  if (receipt["status"] != "0x1") {
    return replied(state, Json::array(), Json{{"error", "the " + purpose + " transaction " + hash + " reverted on " + chain_of(state)}});
  }
  const std::uint64_t block = quantity(receipt["blockNumber"], "state.landed.receipt.blockNumber");
  const std::uint64_t index = fields.count(state, "index", "state");
  // The job names the funding transaction that was mined: whichever attempt of its nonce counts.
  if (index + 1 < fields.count(state, "transactions", "state")) return ok(land(std::move(state), index + 1));
  return replied(state, Json::array(), Json{{"transactionHash", hash}, {"blockNumber", block}});
}

OpResult on_polled(const Json& state, const Json& event) {
  const std::uint64_t nonce = fields.count(state, "nonce", "state");
  const std::uint64_t used = fields.count(event, "used", "event");
  if (!fields.flag(event, "found", "event") && used > nonce) {
    return ok(answer(state, Json::array(), Json::array({Json{{"kind", "readReceipts"}, {"afterMs", kReceiptRecheckMs}}}), nullptr));
  }
  return ok(answer(state, Json::array(), Json::array(), nullptr));
}

bool contains_folded(std::string_view haystack, std::string_view needle) {
  const auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                              [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  return it != haystack.end();
}

OpResult on_send_refused(const Json& state, const Json& event) {
  const std::string message = fields.text(event, "message", "event");
  // What nodes answer for bytes they hold already (sent before a restart) or whose nonce is mined.
  static constexpr std::array<std::string_view, 5> kAlreadySent{"already known", "already imported", "known transaction",
                                                                "nonce too low", "underpriced"};
  const bool sent = std::any_of(kAlreadySent.begin(), kAlreadySent.end(), [&](std::string_view s) { return contains_folded(message, s); });
  return ok(answer(state, Json::array(), Json::array(), Json{{"sent", sent}}));
}

// Which object relays a job (relayer.js): state {"jobId", "chainId"}.
OpResult on_route(const Json& state, const Json& event) {
  const std::string chain = state.at("chainId").dump();
  if (!fields.flag(event, "endpoint", "event")) {
    return ok(answer(state, Json::array(), Json::array(),
                     Json{{"error", "no JSON-RPC endpoint is configured for chain " + chain + ", so the relayer cannot submit there"}}));
  }
  if (!fields.flag(event, "keyed", "event")) {
    return ok(answer(state, Json::array(), Json::array(), Json{{"error", "the relayer has no key (worker secret RELAYER_KEY)"}}));
  }
  const Json& pinned = fields.member(event, "pinned", "event");
  // Stored before accounts were pinned: the older rule, the account at the job's position.
  if (pinned.is_null()) return next(state, Json{{"kind", "relayByPosition"}});
  const std::string address = fields.text(event, "pinned", "event");
  if (fields.flag(event, "pinnedKeyFound", "event")) return next(state, Json{{"kind", "relayAt"}, {"address", address}});
  // The pinned account's key has left the list. Transactions it signed for the job may still be
  // mined, so the job waits for the key to come back if it signed any; else it goes to the
  // account its id chooses now.
  return next(state, Json{{"kind", "holds"}, {"address", address}});
}

OpResult on_held(const Json& state, const Json& event) {
  const std::string address = fields.text(event, "address", "event");
  if (fields.flag(event, "holds", "event")) {
    return ok(answer(state, Json::array(), Json::array(),
                     Json{{"inFlight", "the key of relayer account " + address + ", which signed this job's transactions on chain " +
                                           state.at("chainId").dump() +
                                           ", is no longer among RELAYER_KEY and RELAYER_KEYS; the job waits for it"}}));
  }
  return next(state, Json{{"kind", "repin"}});
}

}  // namespace

OpResult relayer_step_op(const Json& input) {
  const OpInput in(input, "relayerStep");
  const Json& state = in.member("state");
  const Json& event = in.member("event");
  if (!state.is_object()) fields.fail("state must be an object");
  const std::string kind = fields.text(event, "kind", "event");
  if (kind == "polled") return on_polled(state, event);
  if (kind == "sendRefused") return on_send_refused(state, event);
  if (auto stored = funding_store_step(kind, state, event)) return *std::move(stored);
  if (kind == "route" || kind == "held") {
    fields.text(state, "jobId", "state");
    fields.count(state, "chainId", "state");
    return kind == "route" ? on_route(state, event) : on_held(state, event);
  }
  require_relay_state(state);
  if (kind == "relay") return on_relay(state, event);
  if (kind == "prepared") return on_prepared(state, event);
  if (kind == "landed") return on_landed(state, event);
  if (kind == "recorded") return on_recorded(state, event);
  fields.fail("event.kind \"" + kind + "\" is not an event of a relayer");
}

}  // namespace sr::service
