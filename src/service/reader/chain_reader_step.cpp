#include "service/reader/chain_reader_step.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include "service/common/op_input.h"
#include "service/common/step_answer.h"
#include "service/common/step_fields.h"
#include "service/reader/poll_plan.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const StepFields fields("chainReaderStep");

// The ranges one round reads at most (op pollPlan's maxRanges): a reader far behind catches up
// over several rounds, each bounded in time.
constexpr std::uint64_t kRangesPerRound = 4;
// The soonest the polling alarm is set from now.
constexpr std::uint64_t kAlarmFloorMs = 10;

// A JSON-RPC quantity ("0x1b4") as the node answered it; nullopt when it is none.
std::optional<std::uint64_t> quantity(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  const std::string& text = value.get_ref<const std::string&>();
  if (text.size() < 3 || text.size() > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data() + 2, text.data() + text.size(), n, 16);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

struct Step : StepAnswer {
  Json chain_id() const { return fields.member(state, "chainId", "state"); }
  std::uint64_t now_ms() const { return fields.count(state, "nowMs", "state"); }
  const Json& cursor() const { return fields.member(state, "cursor", "state"); }
  // The blocks a round reads first: the head, block 1 while this instance has not compared it,
  // and the finalized block.
  Json first_reads() const {
    Json blocks = Json::array({"latest"});
    if (!fields.flag(state, "anchorChecked", "state")) blocks.push_back("0x1");
    blocks.push_back("finalized");
    return blocks;
  }
  // The round is over (its reply is due): the next round of a chain that is read starts with the
  // reads named here, without asking first (one core call per round).
  void round_over(Json round_reply) {
    state.erase("reads");
    state["nextRead"] = first_reads();
    reply = std::move(round_reply);
  }
  // What a round that failed answers: the cursor stays, the next round reads the same blocks.
  OpResult failed(const char* stage, const std::string& message) {
    log("error", {{"event", "chain-poll-failed"}, {"chainId", chain_id()}, {"stage", stage}, {"message", message}});
    round_over(Json{{"chainId", chain_id()}, {"error", message}});
    return answer();
  }
};

// pollPlan's input from the state: the deployment's endpoints and, where set, the depth and range.
Json plan_input(const Json& state) {
  Json input{{"rpcUrls", state.contains("rpcUrls") ? state["rpcUrls"] : Json::object()}};
  for (const char* name : {"confirmations", "maxRange"}) {
    if (state.contains(name)) input[name] = fields.count(state, name, "state");
  }
  return input;
}

// The chain's entry of a plan (none: the chain has no JSON-RPC endpoint, it is not read).
const Json* chain_of(const OpResult& plan, const Json& chain_id) {
  for (const Json& chain : plan.body["chains"]) {
    if (chain["chainId"] == chain_id) return &chain;
  }
  return nullptr;
}

// The vaults still watched: one past its deadline accepts no funding any more (op depositObserve
// answers "expired"), so its row goes (a write) and no transfer filter names it; the rest, as
// op pollPlan reads them.
Json watched_now(Step& step) {
  const std::uint64_t now_sec = step.now_ms() / 1000;
  Json watched = Json::array();
  for (const Json& vault : fields.member(step.state, "watched", "state")) {
    if (vault.contains("deadline") && fields.count(vault, "deadline", "state.watched[]") < now_sec) {
      step.writes.push_back(Json{{"table", "deposit_watch"}, {"where", {{"vault", vault["vault"]}}}, {"delete", true}});
    } else {
      watched.push_back(Json{{"vault", vault["vault"]}, {"token", vault["token"]}});
    }
  }
  step.state["watched"] = watched;
  return watched;
}

void arm(Step& step, std::uint64_t from_ms) {
  const std::uint64_t interval = step.state.contains("intervalMs") ? fields.count(step.state, "intervalMs", "state") : 0;
  if (interval > 0) step.alarm_at = std::max(step.now_ms() + kAlarmFloorMs, from_ms + interval);
}

OpResult on_poll(const Config& config, Step step) {
  arm(step, step.now_ms());
  Json input = plan_input(step.state);
  input["cursors"] = Json{{fields.member(step.state, "chainId", "state").dump(), step.cursor()["block"]}};
  const OpResult plan = poll_plan_op(config, input);
  if (plan.status != 200) return plan;
  if (chain_of(plan, step.chain_id()) == nullptr) {
    // Its vaults are kept unread until their deadline (an endpoint added later reads them), and
    // no longer: the table stays bounded on a chain that is never read.
    watched_now(step);
    step.reply = Json{{"chainId", step.chain_id()}, {"skipped", "no JSON-RPC endpoint"}};
    return step.answer();
  }
  step.state["reads"] = Json::object();
  step.effects.push_back(Json{{"kind", "read"}, {"blocks", step.first_reads()}});
  return step.answer();
}

OpResult on_read(const Config& config, Step step, const Json& event) {
  // No reads yet: the round started with the reads the last round named (its first step).
  if (!step.state.contains("reads")) {
    arm(step, step.now_ms());
    step.state["reads"] = Json::object();
  }
  Json& reads = step.state["reads"];
  if (!reads.is_object()) fields.fail("state.reads must be an object");
  const Json& results = fields.member(event, "results", "event");
  if (!results.is_array()) fields.fail("event.results must be an array");
  for (const Json& r : results) {
    const std::string tag = fields.text(r, "tag", "event.results[]");
    reads[tag] = r.contains("thrown") ? Json{{"thrown", fields.text(r, "thrown", "event.results[]")}}
                                      : Json{{"block", fields.member(r, "block", "event.results[]")}};
  }
  if (!reads.contains("latest")) fields.fail("event.results has no latest block");
  if (reads["latest"].contains("thrown")) return step.failed("head", reads["latest"]["thrown"].get<std::string>());
  const Json& latest = reads["latest"]["block"];
  const std::optional<std::uint64_t> head = latest.is_object() && latest.contains("number") ? quantity(latest["number"]) : std::nullopt;
  if (!head) return step.failed("head", "eth_getBlockByNumber(latest) answered no block");
  const Json& stored_block = step.cursor()["block"];
  // A head below the cursor is a node behind its balancer, or another chain at this URL (a
  // restarted anvil): the anchor block tells them apart, so it is compared again.
  const bool behind = !stored_block.is_null() && *head < fields.count(step.cursor(), "block", "state.cursor");
  if (behind) step.state["anchorChecked"] = false;
  bool reset = false;
  if (!fields.flag(step.state, "anchorChecked", "state") && *head >= 1) {
    if (!reads.contains("0x1")) {
      step.effects.push_back(Json{{"kind", "read"}, {"blocks", {"0x1"}}});
      return step.answer();
    }
    if (reads["0x1"].contains("thrown")) return step.failed("head", reads["0x1"]["thrown"].get<std::string>());
    const Json& block = reads["0x1"]["block"];
    const Json anchor = block.is_object() && block.contains("hash") ? block["hash"] : Json();
    const Json& stored = step.cursor()["anchorHash"];
    reset = stored.is_string() && !stored.get_ref<const std::string&>().empty() && stored != anchor;
    Json set{{"anchor_hash", anchor}};
    if (reset) {
      set["block"] = nullptr;
      step.log("log", {{"event", "chain-replaced"}, {"chainId", step.chain_id()}, {"anchor", anchor}});
    }
    step.writes.push_back(Json{{"table", "cursor"}, {"where", {{"id", 1}}}, {"set", std::move(set)}});
    step.state["anchorChecked"] = true;
  }
  if (behind && !reset) {
    // The node answering is behind what this reader already proved: nothing moves until the
    // head passes the cursor again (the window is re-read then).
    step.log("log", {{"event", "chain-head-behind"}, {"chainId", step.chain_id()}, {"head", *head}, {"cursor", stored_block}});
    step.round_over(Json{{"chainId", step.chain_id()}, {"lagging", true}, {"head", *head}});
    return step.answer();
  }
  // The finalized block, where the node serves the tag (an error or no block: it does not), never
  // above the head read just before: a node behind its balancer can answer both from different states.
  Json finalized = nullptr;
  if (reads.contains("finalized") && reads["finalized"].contains("block")) {
    const Json& block = reads["finalized"]["block"];
    if (block.is_object() && block.contains("number")) {
      if (const auto n = quantity(block["number"])) finalized = std::min(*head, *n);
    }
  }
  const std::optional<std::uint64_t> time = latest.contains("timestamp") ? quantity(latest["timestamp"]) : std::nullopt;
  if (!time) return step.failed("head", "eth_getBlockByNumber(latest) answered a block without a timestamp");
  const std::string key = fields.member(step.state, "chainId", "state").dump();
  Json input = plan_input(step.state);
  input["cursors"] = Json{{key, reset ? Json() : stored_block}};
  input["heads"] = Json{{key, *head}};
  // The finalized block of the last read: what lies above it is not final yet, and is re-read.
  input["finalized"] = Json{{key, reset ? Json() : step.cursor()["finalized"]}};
  input["maxRanges"] = kRangesPerRound;
  input["deposits"] = Json{{key, watched_now(step)}};
  const OpResult plan = poll_plan_op(config, input);
  if (plan.status != 200) return plan;
  const Json* chain = chain_of(plan, step.chain_id());
  const Json ranges = chain != nullptr ? (*chain)["ranges"] : Json::array();
  const std::uint64_t window = plan.body["window"].get<std::uint64_t>();
  const auto cursor_at = [&](const Json& block) {
    return Json{{"table", "cursor"},
                {"where", {{"id", 1}}},
                {"set",
                 {{"block", block},
                  {"head", *head},
                  {"head_time", *time},
                  {"finalized", finalized},
                  {"depth", plan.body["confirmations"]},
                  {"polled_at", step.now_ms() / 1000}}}};
  };
  if (ranges.empty()) {
    step.writes.push_back(cursor_at(reset ? Json() : stored_block));
    step.round_over(Json{{"chainId", step.chain_id()}, {"head", *head}, {"ranges", 0}, {"logs", 0}});
    return step.answer();
  }
  for (const Json& range : ranges) {
    const std::uint64_t to = range["toBlock"].get<std::uint64_t>();
    step.effects.push_back(Json{{"kind", "range"},
                                {"fromBlock", range["fromBlock"]},
                                {"toBlock", to},
                                {"filter", range["filter"]},
                                {"transferFilters", range["transferFilters"]},
                                {"confirmations", plan.body["confirmations"]},
                                // Blocks below the widest window a later round reads again are never read again.
                                {"keepFrom", to + 1 > window ? to + 1 - window : 0},
                                {"writes", Json::array({cursor_at(to)})}});
  }
  step.round_over(Json{{"chainId", step.chain_id()}, {"head", *head}, {"ranges", ranges.size()}});
  return step.answer();
}

}  // namespace

OpResult chain_reader_step_op(const Config& config, const Json& input) {
  const OpInput in(input, "chainReaderStep");
  const Json& event = in.member("event");
  const std::string kind = fields.text(event, "kind", "event");
  Step step{{in.member("state")}};
  step.now_ms();
  if (kind == "start") {
    arm(step, step.now_ms());
    return step.answer();
  }
  step.chain_id();
  if (!step.cursor().is_object()) fields.fail("state.cursor must be an object");
  for (const char* name : {"block", "finalized", "anchorHash"}) fields.member(step.cursor(), name, "state.cursor");
  fields.flag(step.state, "anchorChecked", "state");
  if (kind == "poll") return on_poll(config, std::move(step));
  if (kind == "read") return on_read(config, std::move(step), event);
  if (kind == "rangeFailed") return step.failed("logs", fields.text(event, "message", "event"));
  fields.fail("event.kind \"" + kind + "\" is not an event of a chain reader");
}

}  // namespace sr::service
