// A chain reader's transitions in a polling round (op "chainReaderStep"), as a table:
// state x event -> writes, effects, alarm, reply and logs. Which blocks a round reads is op
// "pollPlan"'s (deposit_transfers_test.cpp and the node suites); this table holds the reader's own
// rules: the anchor that resets a replaced chain, the lagging head that moves nothing, what the
// cursor records, and when the polling alarm wakes.
#include "service/reader/chain_reader_step.h"

#include <gtest/gtest.h>

#include <utility>

#include "../config_fixture.h"
#include "service/common/op_input.h"
#include "service/reader/poll_plan.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

constexpr std::uint64_t kChain = 8453;
constexpr std::uint64_t kNowMs = 1795600800'500;
constexpr std::uint64_t kNow = kNowMs / 1000;
const char* const kAnchor = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const char* const kOtherAnchor = "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const Json kRpcUrls = {{"8453", "http://127.0.0.1:8545"}};

Json state_of(Json block, Json finalized, Json anchor, bool checked, Json reads = nullptr) {
  Json state{{"chainId", kChain},
             {"nowMs", kNowMs},
             {"cursor", {{"block", std::move(block)}, {"finalized", std::move(finalized)}, {"anchorHash", std::move(anchor)}}},
             {"anchorChecked", checked},
             {"watched", Json::array()},
             {"rpcUrls", kRpcUrls}};
  if (!reads.is_null()) state["reads"] = std::move(reads);
  return state;
}

Json block(std::uint64_t number, const char* hash = kAnchor) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(number));
  return Json{{"number", text}, {"hash", hash}, {"timestamp", "0x6a00"}};
}
Json got(const char* tag, Json b) { return Json{{"tag", tag}, {"block", std::move(b)}}; }
Json threw(const char* tag, const char* message) { return Json{{"tag", tag}, {"thrown", message}}; }
// The reads' results as an array, however many (a one-element braced list is the element itself
// to clang, an array to gcc).
template <class... Results>
Json read(Results&&... results) {
  return Json{{"kind", "read"}, {"results", Json::array({Json(std::forward<Results>(results))...})}};
}
Json reading(Json blocks) { return Json::array({Json{{"kind", "read"}, {"blocks", std::move(blocks)}}}); }

Json anchor_write(const char* anchor, bool reset = false) {
  Json set{{"anchor_hash", anchor}};
  if (reset) set["block"] = nullptr;
  return Json{{"table", "cursor"}, {"where", {{"id", 1}}}, {"set", set}};
}
Json cursor_write(Json at, std::uint64_t head, Json finalized) {
  return Json{{"table", "cursor"},
              {"where", {{"id", 1}}},
              {"set", {{"block", std::move(at)}, {"head", head}, {"head_time", 0x6a00}, {"finalized", std::move(finalized)}, {"depth", 12}, {"polled_at", kNow}}}};
}
// A range effect: its filter is op pollPlan's for the same blocks.
Json range(std::uint64_t from, std::uint64_t to, std::uint64_t head, Json finalized) {
  const OpResult plan = poll_plan_op(local_config(), {{"cursors", {{"8453", from == 0 ? Json() : Json(from - 1)}}},
                                                      {"heads", {{"8453", to}}}, {"confirmations", 0}, {"rpcUrls", kRpcUrls}});
  Json filter;
  for (const Json& chain : plan.body["chains"]) if (chain["chainId"] == kChain) filter = chain["ranges"][0]["filter"];
  return Json{{"kind", "range"}, {"fromBlock", from}, {"toBlock", to}, {"filter", filter}, {"transferFilters", Json::array()},
              {"confirmations", 12}, {"keepFrom", to + 1 > 1000 ? to + 1 - 1000 : 0}, {"writes", Json::array({cursor_write(to, head, std::move(finalized))})}};
}
Json log_line(const char* level, Json line) { return Json{{"level", level}, {"line", std::move(line)}}; }
Json failed(const char* stage, const char* message) {
  return Json::array({log_line("error", {{"event", "chain-poll-failed"}, {"chainId", kChain}, {"stage", stage}, {"message", message}})});
}

struct Row {
  const char* name;
  Json state;
  Json event;
  Json writes;
  Json effects;
  Json reply;
  Json logs;
  bool anchor_checked_after;
};

std::vector<Row> rows() {
  const Json none = Json::array();
  const Json poll{{"kind", "poll"}};
  const Json latest_reads = Json::object();
  Json no_endpoint = state_of(nullptr, nullptr, nullptr, false);
  no_endpoint.erase("rpcUrls");
  return {
      // a round starts
      {"poll, no JSON-RPC endpoint: skipped", no_endpoint, poll, none, none, {{"chainId", kChain}, {"skipped", "no JSON-RPC endpoint"}}, none,
       false},
      {"poll, anchor not compared by this instance: latest, block 1, finalized", state_of(100, 80, kAnchor, false), poll, none,
       reading({"latest", "0x1", "finalized"}), nullptr, none, false},
      {"poll, anchor compared: latest and finalized", state_of(100, 80, kAnchor, true), poll, none, reading({"latest", "finalized"}), nullptr, none,
       true},
      // the head
      {"read, the node down: failed at the head, nothing moves", state_of(100, 80, kAnchor, true, latest_reads),
       read(threw("latest", "connect ECONNREFUSED")), none, none, {{"chainId", kChain}, {"error", "connect ECONNREFUSED"}},
       failed("head", "connect ECONNREFUSED"), true},
      {"read, no latest block: failed at the head", state_of(100, 80, kAnchor, true, latest_reads), read(got("latest", nullptr)), none, none,
       {{"chainId", kChain}, {"error", "eth_getBlockByNumber(latest) answered no block"}},
       failed("head", "eth_getBlockByNumber(latest) answered no block"), true},
      // the anchor
      {"read, a new reader: the anchor stored, read from the start", state_of(nullptr, nullptr, nullptr, false, latest_reads),
       read(got("latest", block(100)), got("0x1", block(1)), got("finalized", block(80))), Json::array({anchor_write(kAnchor)}),
       Json::array({range(0, 100, 100, 80)}), {{"chainId", kChain}, {"head", 100}, {"ranges", 1}}, none, true},
      {"read, block 1 changed (a restarted anvil): reset, read as new", state_of(500, 480, kOtherAnchor, false, latest_reads),
       read(got("latest", block(100)), got("0x1", block(1)), got("finalized", block(80))), Json::array({anchor_write(kAnchor, true)}),
       Json::array({range(0, 100, 100, 80)}), {{"chainId", kChain}, {"head", 100}, {"ranges", 1}},
       Json::array({log_line("log", {{"event", "chain-replaced"}, {"chainId", kChain}, {"anchor", kAnchor}})}), true},
      {"read, block 1 unreadable: failed at the head", state_of(100, 80, kAnchor, false, latest_reads),
       read(got("latest", block(120)), threw("0x1", "timeout")), none, none, {{"chainId", kChain}, {"error", "timeout"}}, failed("head", "timeout"),
       false},
      {"read, only genesis: no anchor to compare yet", state_of(nullptr, nullptr, nullptr, false, latest_reads),
       read(got("latest", block(0)), got("0x1", nullptr), got("finalized", nullptr)), none, Json::array({range(0, 0, 0, nullptr)}),
       {{"chainId", kChain}, {"head", 0}, {"ranges", 1}}, none, false},
      // the lagging head
      {"read, head below the cursor, anchor compared before: block 1 read again", state_of(100, 80, kAnchor, true, latest_reads),
       read(got("latest", block(90)), got("finalized", block(70))), none, reading({"0x1"}), nullptr, none, false},
      {"read, head below the cursor, same anchor: lagging, nothing moves",
       state_of(100, 80, kAnchor, false, {{"latest", {{"block", block(90)}}}, {"finalized", {{"block", block(70)}}}}), read(got("0x1", block(1))),
       Json::array({anchor_write(kAnchor)}), none, {{"chainId", kChain}, {"lagging", true}, {"head", 90}},
       Json::array({log_line("log", {{"event", "chain-head-behind"}, {"chainId", kChain}, {"head", 90}, {"cursor", 100}})}), true},
      {"read, head below the cursor, another anchor: reset",
       state_of(100, 80, kOtherAnchor, false, {{"latest", {{"block", block(90)}}}, {"finalized", {{"block", block(70)}}}}), read(got("0x1", block(1))),
       Json::array({anchor_write(kAnchor, true)}), Json::array({range(0, 90, 90, 70)}), {{"chainId", kChain}, {"head", 90}, {"ranges", 1}},
       Json::array({log_line("log", {{"event", "chain-replaced"}, {"chainId", kChain}, {"anchor", kAnchor}})}), true},
      // ranges
      {"read, caught up: the cursor's head saved, nothing read", state_of(100, 80, kAnchor, true, latest_reads),
       read(got("latest", block(100)), got("finalized", block(90))), Json::array({cursor_write(100, 100, 90)}), none,
       {{"chainId", kChain}, {"head", 100}, {"ranges", 0}, {"logs", 0}}, none, true},
      {"read, new blocks: read again from above the last finalized block", state_of(100, 80, kAnchor, true, latest_reads),
       read(got("latest", block(200)), got("finalized", block(150))), none, Json::array({range(81, 200, 200, 150)}),
       {{"chainId", kChain}, {"head", 200}, {"ranges", 1}}, none, true},
      {"read, no finalized tag: null, from one confirmation window below", state_of(100, nullptr, kAnchor, true, latest_reads),
       read(got("latest", block(200)), threw("finalized", "unknown block tag")), none, Json::array({range(89, 200, 200, nullptr)}),
       {{"chainId", kChain}, {"head", 200}, {"ranges", 1}}, none, true},
      {"read, finalized above the head (another node): the head", state_of(100, 80, kAnchor, true, latest_reads),
       read(got("latest", block(200)), got("finalized", block(250))), none, Json::array({range(81, 200, 200, 200)}),
       {{"chainId", kChain}, {"head", 200}, {"ranges", 1}}, none, true},
      {"read, far behind: four ranges, each moving the cursor past it", state_of(1000, 1000, kAnchor, true, latest_reads),
       read(got("latest", block(9000)), got("finalized", nullptr)), none,
       Json::array({range(989, 1988, 9000, nullptr), range(1989, 2988, 9000, nullptr), range(2989, 3988, 9000, nullptr), range(3989, 4988, 9000, nullptr)}),
       {{"chainId", kChain}, {"head", 9000}, {"ranges", 4}}, none, true},
      {"rangeFailed: failed at the logs, the cursor stays", state_of(100, 80, kAnchor, true), {{"kind", "rangeFailed"}, {"message", "applyLogs answered 500"}},
       none, none, {{"chainId", kChain}, {"error", "applyLogs answered 500"}}, failed("logs", "applyLogs answered 500"), true},
  };
}

TEST(ChainReaderStep, EachStateAndEventAnswersItsWritesEffectsReplyAndLogs) {
  for (const Row& row : rows()) {
    SCOPED_TRACE(row.name);
    const OpResult r = chain_reader_step_op(local_config(), {{"state", row.state}, {"event", row.event}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["writes"], row.writes);
    EXPECT_EQ(r.body["effects"], row.effects);
    EXPECT_EQ(r.body["reply"], row.reply);
    EXPECT_EQ(r.body["logs"], row.logs);
    EXPECT_EQ(r.body["state"]["anchorChecked"], row.anchor_checked_after);
    EXPECT_EQ(r.body["alarmAt"], nullptr) << "no interval: polled by the cron trigger only";
  }
}

// With an interval, every round arms the alarm one interval after it starts, whatever it finds;
// an object with no alarm gets one an interval from now.
TEST(ChainReaderStep, RoundsStartOneIntervalApart) {
  for (Json state : {state_of(100, 80, kAnchor, true), [] {
                       Json s = state_of(100, 80, kAnchor, true);
                       s.erase("rpcUrls");
                       return s;
                     }()}) {
    state["intervalMs"] = 1000;
    const OpResult r = chain_reader_step_op(local_config(), {{"state", state}, {"event", {{"kind", "poll"}}}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["alarmAt"], kNowMs + 1000);
  }
  const OpResult start = chain_reader_step_op(local_config(), {{"state", {{"nowMs", kNowMs}, {"intervalMs", 2000}}}, {"event", {{"kind", "start"}}}});
  EXPECT_EQ(start.body["alarmAt"], kNowMs + 2000);
  const OpResult tiny = chain_reader_step_op(local_config(), {{"state", {{"nowMs", kNowMs}, {"intervalMs", 1}}}, {"event", {{"kind", "start"}}}});
  EXPECT_EQ(tiny.body["alarmAt"], kNowMs + 10) << "never sooner than 10 ms";
  const OpResult off = chain_reader_step_op(local_config(), {{"state", {{"nowMs", kNowMs}}}, {"event", {{"kind", "start"}}}});
  EXPECT_EQ(off.body["alarmAt"], nullptr);
}

// The deployment's depth and range are the plan's: the cursor records the depth read with.
TEST(ChainReaderStep, TheDeploymentsDepthIsTheOneRecorded) {
  Json state = state_of(100, nullptr, kAnchor, true, Json::object());
  state["confirmations"] = 3;
  const OpResult r = chain_reader_step_op(local_config(), {{"state", state}, {"event", read(got("latest", block(110)), got("finalized", nullptr))}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["effects"][0]["fromBlock"], 98);
  EXPECT_EQ(r.body["effects"][0]["writes"][0]["set"]["depth"], 3);
}

TEST(ChainReaderStep, AMalformedStateOrEventIsAWorkerBug) {
  EXPECT_THROW(chain_reader_step_op(local_config(), {{"state", state_of(1, 1, kAnchor, true)}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(chain_reader_step_op(local_config(), {{"state", {{"nowMs", kNowMs}, {"chainId", kChain}}}, {"event", {{"kind", "poll"}}}}), OpInputError);
  EXPECT_THROW(chain_reader_step_op(local_config(), {{"state", state_of(1, 1, kAnchor, true, Json::array())}, {"event", read(got("latest", block(2)))}}),
               OpInputError);
}

// A round that is over names the reads the next one starts with, so that round asks the core
// once (its reads' results) instead of twice; a chain that is not read names none.
TEST(ChainReaderStep, ARoundOverNamesTheNextRoundsFirstReads) {
  const auto step = [](const Json& state, const Json& event) {
    const OpResult r = chain_reader_step_op(local_config(), {{"state", state}, {"event", event}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  };
  const Json caught_up = step(state_of(100, 80, kAnchor, true, Json::object()), read(got("latest", block(100)), got("finalized", block(90))));
  EXPECT_EQ(caught_up["state"]["nextRead"], Json({"latest", "finalized"}));
  EXPECT_FALSE(caught_up["state"].contains("reads"));
  const Json genesis = step(state_of(nullptr, nullptr, nullptr, false, Json::object()), read(got("latest", block(0)), got("0x1", nullptr), got("finalized", nullptr)));
  EXPECT_EQ(genesis["state"]["nextRead"], Json({"latest", "0x1", "finalized"})) << "block 1 still to compare";
  const Json failed = step(state_of(100, 80, kAnchor, true), {{"kind", "rangeFailed"}, {"message", "x"}});
  EXPECT_EQ(failed["state"]["nextRead"], Json({"latest", "finalized"}));
  Json unread = state_of(100, 80, kAnchor, true);
  unread.erase("rpcUrls");
  EXPECT_FALSE(step(unread, {{"kind", "poll"}})["state"].contains("nextRead"));
  // The next round: its reads' results first, the alarm armed by that first step.
  Json next = caught_up["state"];
  next["nowMs"] = kNowMs + 1000;
  next["intervalMs"] = 1000;
  next["cursor"] = {{"block", 100}, {"finalized", 90}, {"anchorHash", kAnchor}};
  const Json round = step(next, read(got("latest", block(150)), got("finalized", block(120))));
  EXPECT_EQ(round["alarmAt"], kNowMs + 2000);
  EXPECT_EQ(round["effects"][0]["fromBlock"], 89);  // the confirmation window below the cursor
  EXPECT_EQ(round["reply"], Json({{"chainId", kChain}, {"head", 150}, {"ranges", 1}}));
}

// The watched vaults, once the ranges are planned: one past its deadline (by the state's clock)
// goes (a delete write) and no transfer filter names it; one at its deadline, or stored without
// one, is still read.
TEST(ChainReaderStep, AVaultPastItsDeadlineIsWatchedNoMore) {
  const char* const usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  const char* const expired = "0x00000000000000000000000000000000000000e1";
  const char* const due = "0x00000000000000000000000000000000000000d1";
  const char* const old = "0x00000000000000000000000000000000000000c1";
  Json state = state_of(100, 80, kAnchor, true, Json::object());
  state["watched"] = Json::array({Json{{"vault", expired}, {"token", usdc}, {"deadline", kNow - 1}},
                                  Json{{"vault", due}, {"token", usdc}, {"deadline", kNow}},
                                  Json{{"vault", old}, {"token", usdc}}});
  const OpResult r = chain_reader_step_op(local_config(), {{"state", state}, {"event", read(got("latest", block(150)), got("finalized", block(120)))}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["writes"], Json::array({Json{{"table", "deposit_watch"}, {"where", {{"vault", expired}}}, {"delete", true}}}));
  EXPECT_EQ(r.body["state"]["watched"], Json::array({Json{{"vault", due}, {"token", usdc}}, Json{{"vault", old}, {"token", usdc}}}));
  const std::string filters = r.body["effects"][0]["transferFilters"].dump();
  const auto topic = [](const char* vault) { return "0x000000000000000000000000" + std::string(vault + 2); };
  EXPECT_EQ(filters.find(topic(expired)), std::string::npos) << filters;
  EXPECT_NE(filters.find(topic(due)), std::string::npos) << filters;
  EXPECT_NE(filters.find(topic(old)), std::string::npos) << filters;

  // A chain that is never read (no endpoint) drops them all the same: the table stays bounded.
  Json unread = state;
  unread.erase("rpcUrls");
  unread.erase("reads");
  const OpResult skipped = chain_reader_step_op(local_config(), {{"state", unread}, {"event", {{"kind", "poll"}}}});
  ASSERT_EQ(skipped.status, 200) << skipped.body.dump();
  EXPECT_EQ(skipped.body["writes"], Json::array({Json{{"table", "deposit_watch"}, {"where", {{"vault", expired}}}, {"delete", true}}}));
  EXPECT_TRUE(skipped.body["reply"].contains("skipped"));
}

}  // namespace
}  // namespace sr::service
