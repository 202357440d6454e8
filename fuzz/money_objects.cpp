// Random event sequences through the money objects' state machines: a gasless job's alarms (op
// gaslessJobStep) and each relay of it through the relayer's steps (op relayerStep), driven the
// way their objects drive them (edge-worker/src/funding/gasless-jobs.js, gasless-relayer.js).
// Each input byte picks the next result of an effect: a key missing, a node down, a refusal, a
// price wait, a receipt, a revert, a cancellation, a receipt gone after a reorganisation, a
// store that did not answer, how far the chain's head and finalized block are, how long until the
// next alarm. A small model of the chain and the objects' rows checks the invariants:
//   - never two signed transactions for one nonce: the model signs only when a step's prepare
//     effect says so, at the nonces the chain would give (its pending count, which only a
//     broadcast moves), so a job signed again before its bytes were sent would reuse them;
//   - never a job both funded and failed: failed is final, and so is published once final;
//   - a reservation always released: the chain's store deletes a settled job's reservations
//     whatever its sponsorship row, and when an alarm's steps end, a job that is no longer
//     accepted has released its reservation;
//   - the relayer's row of a job is open exactly while its relay has not settled (an error or a
//     mined funding closes it), so no settled job holds the account's nonces;
//   - a job a reorganisation sends back to accepted holds its reservation again (effect reserve);
//   - a deposit address's job is archived (it leaves the address open) only when it failed with
//     none of its transactions mined, as the chain's store counted its receipts;
//   - every step answers 200 (an OpInputError escaping is a crash: the driver fed what the core
//     asked for, so the core must take it).
// The accepting path: the job ended published and final, or failed, with its reservation released.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "service/funding/gasless_job.h"
#include "service/funding/gasless_job_step.h"
#include "service/funding/relayer_step.h"

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kAccount = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
constexpr int kMaxSteps = 32;

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool empty() const { return at_ >= size_; }
  std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

std::string hash_of(std::uint64_t nonce, const char* kind) {
  std::string h = std::to_string(nonce) + kind;
  h.resize(64, '0');
  return "0x" + h;
}

struct Model {
  Json job;
  std::uint64_t attempts = 0;
  std::uint64_t now_ms = 1763697660'000;
  bool reserved = true;
  bool deleted = false;
  // The relayer's row of the job: its signed nonces (empty: none stored) and whether it is open.
  std::vector<std::uint64_t> stored;
  bool open = false;
  // The chain: the account's pending nonce (moved only by a broadcast) and every nonce signed.
  std::uint64_t pending = 7;
  std::set<std::uint64_t> signed_nonces;
  // The job's sponsorship row's receipts, by hash.
  Json receipts = Json::object();
  bool was_failed = false;
  bool was_final = false;
  // A deposit address's job (the first input byte says), and whether it was archived there.
  bool deposit = false;
  bool archived = false;
};

// The job's plan: the protocol vectors' ERC-3009 funding of their Base intent (what the job's
// object stores with it; a reorganised job's reservation is named from it).
const Json& plan() {
  static const Json p = [] {
    const Json vectors = sr::fuzz::read_json_file(std::string(SR_SOURCE_DIR) + "/tests/vectors/protocol-vectors.json");
    const Json& permits = vectors["permits"];
    return Json{{"standard", "erc3009"},
                {"chainId", 8453},
                {"token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
                {"funder", permits["erc3009"]["signer"]},
                {"vault", vectors["intents"][0]["vault"]},
                {"intent", vectors["intents"][0]["intent"]},
                {"authorization", permits["erc3009"]["message"]},
                {"signature", permits["erc3009"]["signature"]}};
  }();
  return p;
}

Json chain_heads(Input& in) {
  const std::uint64_t head = 100 + in.next() % 24;
  return {{"8453", {{"head", head}, {"finalized", in.next() % 2 ? Json(head - 10) : Json(nullptr)}, {"depth", 12}, {"read", head}}}};
}

Json thrown(Input& in) { return {{"thrown", "node down"}, {"refused", in.next() % 8 == 0}}; }

// One relay of the job through the relayer's steps; its reply as relayer.js hands it to the job.
Json relay(Model& m, Input& in) {
  Json state{{"jobId", m.job["id"]}, {"chainId", 8453}, {"account", kAccount}, {"pinned", true}, {"stored", !m.stored.empty()}};
  Json event{{"kind", "relay"}, {"keyFound", in.next() % 8 != 0}};
  std::uint64_t landing = 0;
  for (int i = 0; i < kMaxSteps; ++i) {
    const auto r = sr::service::relayer_step_op({{"state", state}, {"event", event}});
    SR_FUZZ_CHECK(r.status == 200, r.body.dump());
    for (const Json& w : r.body["writes"]) {
      SR_FUZZ_CHECK(w["table"] == "sent" && w["where"]["job_id"] == m.job["id"], w.dump());
      if (!m.stored.empty()) m.open = w["set"]["open"] == 1;  // an UPDATE of the job's row, if it has one
    }
    const Json& effects = r.body["effects"];
    if (effects.empty()) {
      const Json& reply = r.body["reply"];
      const bool settled = reply.contains("error") || reply.contains("transactionHash");
      if (!m.stored.empty()) SR_FUZZ_CHECK(m.open == !settled, reply.dump());
      return reply;
    }
    state = r.body["state"];
    const Json& effect = effects[0];
    if (effect["kind"] == "prepare") {
      const std::uint8_t b = in.next() % 8;
      if (b == 0) event = {{"kind", "prepared"}, {"result", thrown(in)}};
      else if (b == 1) event = {{"kind", "prepared"}, {"result", {{"waitingFor", "gas-price"}, {"detail", "above the ceiling"}}}};
      else if (b == 2) event = {{"kind", "prepared"}, {"result", {{"error", "the simulation reverts"}}}};
      else {
        if (effect["sign"] == true) {
          // Signed at the chain's pending count, stored open before anything is sent.
          SR_FUZZ_CHECK(m.stored.empty(), "a job with stored transactions was signed again");
          const std::uint64_t n = 1 + in.next() % 2;
          for (std::uint64_t k = 0; k < n; ++k) {
            SR_FUZZ_CHECK(m.signed_nonces.insert(m.pending + k).second, "two signed transactions for one nonce: " + std::to_string(m.pending + k));
            m.stored.push_back(m.pending + k);
          }
          m.open = true;
        }
        SR_FUZZ_CHECK(!m.stored.empty(), "a relay lands transactions it neither signed nor stored");
        event = {{"kind", "prepared"}, {"result", {{"transactions", m.stored.size()}}}};
      }
    } else if (effect["kind"] == "land") {
      landing = m.stored.at(effect["index"].get<std::size_t>());
      // Sent: the chain's pending count moves past it.
      if (m.pending <= landing) m.pending = landing + 1;
      const std::uint8_t b = in.next() % 8;
      const bool cancel = b == 5;
      const Json attempt{{"kind", cancel ? "cancel" : "original"}, {"purpose", effect["index"] == 0 ? "authorization" : "funding"},
                         {"hash", hash_of(landing, cancel ? "c" : "f")}, {"nonce", landing}, {"reason", "the intent was funded meanwhile"}};
      if (b == 0) event = {{"kind", "landed"}, {"result", thrown(in)}};
      else if (b == 1) event = {{"kind", "landed"}, {"result", {{"inFlight", "no receipt yet"}}}};
      else if (b == 2) event = {{"kind", "landed"}, {"result", {{"error", "the nonce was taken"}}}};
      else {
        const char* status = b == 3 ? "0x0" : "0x1";
        event = {{"kind", "landed"}, {"result", {{"receipt", {{"status", status}, {"blockNumber", "0x64"}}}, {"attempt", attempt}}}};
      }
    } else if (effect["kind"] == "recordReceipt") {
      const bool failed = in.next() % 8 == 0;
      if (!failed) {
        // The chain's store keeps its cost (op relayerStep), once per transaction.
        const Json mined{{"kind", "receiptMined"}, {"jobId", m.job["id"]}, {"hash", effect["hash"]}, {"receipt", {{"gasUsed", "0x5208"}}}};
        const auto recorded = sr::service::relayer_step_op({{"state", {{"sponsorship", {{"receipts", m.receipts}}}}}, {"event", mined}});
        SR_FUZZ_CHECK(recorded.status == 200 && recorded.body["writes"].size() == 1, recorded.body.dump());
        m.receipts = Json::parse(recorded.body["writes"][0]["set"]["receipts"].get<std::string>());
      }
      event = {{"kind", "recorded"}, {"failed", failed ? Json("the store did not answer") : Json(nullptr)}};
    } else {
      sr::fuzz::fail("relayerStep named an unknown effect", effect.dump());
    }
  }
  sr::fuzz::fail("a relay did not end", state.dump());
}

// One alarm of the job's object, its steps followed to the end.
void alarm(Model& m, Input& in) {
  Json state{{"job", m.deleted ? Json(nullptr) : m.job}, {"attempts", m.attempts}, {"nowMs", m.now_ms}, {"pollMs", 1000}, {"keepSec", 60}, {"plan", plan()}};
  if (m.deposit) state["deposit"] = "0x3333333333333333333333333333333333333333";
  Json event{{"kind", "alarm"}};
  Json alarm_at = nullptr;
  for (int i = 0; i < kMaxSteps; ++i) {
    const auto r = sr::service::gasless_job_step_op(sr::fuzz::local_config(), {{"state", state}, {"event", event}});
    SR_FUZZ_CHECK(r.status == 200, r.body.dump());
    for (const Json& w : r.body["writes"]) {
      SR_FUZZ_CHECK(w["table"] == "job", w.dump());
      const Json next = Json::parse(w["set"]["job"].get<std::string>());
      SR_FUZZ_CHECK(!m.was_failed, "a failed job changed: " + next.dump());
      SR_FUZZ_CHECK(!m.was_final, "a published and final job changed: " + next.dump());
      m.job = next;
      m.attempts = w["set"]["attempts"].get<std::uint64_t>();
      m.was_failed = next["status"] == "failed";
      m.was_final = next["status"] == "published" && next["final"] == true;
    }
    if (!r.body["alarmAt"].is_null()) alarm_at = r.body["alarmAt"];
    const Json& effects = r.body["effects"];
    if (effects.empty()) {
      if (!m.deleted) SR_FUZZ_CHECK(m.job["status"] == "accepted" || !m.reserved, "a settled job kept its reservation: " + m.job.dump());
      if (!m.deleted) SR_FUZZ_CHECK(m.job["status"] != "accepted" || m.reserved, "an accepted job holds no reservation: " + m.job.dump());
      // The next alarm: when this one asked, or a while later (the runtime's own retry).
      m.now_ms = alarm_at.is_null() ? m.now_ms + 1000 * (1 + in.next()) : std::max(m.now_ms, alarm_at.get<std::uint64_t>());
      return;
    }
    state = r.body["state"];
    const Json& effect = effects[0];
    const std::string kind = effect["kind"];
    if (kind == "relay") {
      // The relayer's reply as relayer.js hands it over ({retry} included).
      const Json reply = relay(m, in);
      event = {{"kind", "relayed"}, {"result", reply}, {"chainHeads", chain_heads(in)}};
    } else if (kind == "receipt") {
      const std::uint8_t b = in.next() % 8;
      if (b == 0) event = {{"kind", "receipt"}, {"thrown", "timeout"}};
      else if (b == 1) event = {{"kind", "receipt"}, {"receipt", nullptr}, {"chainHeads", chain_heads(in)}};
      else event = {{"kind", "receipt"}, {"receipt", {{"status", b == 2 ? "0x0" : "0x1"}, {"blockNumber", "0x64"}}}, {"chainHeads", chain_heads(in)}};
    } else if (kind == "release") {
      // The chain's store releases it (op relayerStep): its reservations go, whatever its row.
      const Json row = in.next() % 2 ? Json(nullptr) : Json{{"receipts", m.receipts}};
      const auto released = sr::service::relayer_step_op({{"state", {{"sponsorship", row}}}, {"event", {{"kind", "release"}, {"jobId", m.job["id"]}}}});
      SR_FUZZ_CHECK(released.status == 200, released.body.dump());
      for (const Json& w : released.body["writes"]) {
        if (w["table"] == "reservation" && w.value("delete", false) && w["where"]["job_id"] == m.job["id"]) m.reserved = false;
      }
      SR_FUZZ_CHECK(!m.reserved, "the store kept a settled job's reservation: " + released.body.dump());
      const Json& mined = released.body["reply"]["mined"];
      SR_FUZZ_CHECK(mined.is_null() ? row.is_null() : mined == m.receipts.size(), released.body.dump());
      event = {{"kind", "released"}, {"mined", mined}};
    } else if (kind == "reserve") {
      // Accepted again after a reorganisation: the store holds its reservation again.
      SR_FUZZ_CHECK(m.job["status"] == "accepted" && effect["reservation"]["amount"].is_string(), effect.dump());
      m.reserved = true;
      event = {{"kind", "reserved"}};
    } else if (kind == "archive") {
      SR_FUZZ_CHECK(m.deposit && m.job["status"] == "failed", "a job archived that is not a deposit's failed job: " + m.job.dump());
      SR_FUZZ_CHECK(m.receipts.empty(), "a job with a mined transaction left its deposit address: " + m.receipts.dump());
      m.archived = true;
      event = {{"kind", "archived"}};
    } else if (kind == "forget") {
      event = {{"kind", "forgotten"}};
    } else if (kind == "deleteAll") {
      SR_FUZZ_CHECK(!m.reserved, "a job was deleted before its reservation was released");
      m.deleted = true;
      event = {{"kind", "deleted"}};
    } else {
      sr::fuzz::fail("gaslessJobStep named an unknown effect", effect.dump());
    }
  }
  sr::fuzz::fail("an alarm did not end", state.dump());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  Model m;
  m.deposit = in.next() % 2 == 1;
  m.job = sr::service::gasless_job("erc3009", "quote:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d",
                                   "0x1111111111111111111111111111111111111111111111111111111111111111", 8453, 1763697600);
  for (int alarms = 0; alarms < 64 && !in.empty() && !m.deleted; ++alarms) alarm(m, in);
  if ((m.was_failed || m.was_final) && !m.reserved) sr::fuzz::accepted();
  return 0;
}
