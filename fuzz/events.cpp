// The event log decoder, from the JSON logs of eth_getLogs / POST /internal/chain-events.
// Invariants: log_from_json(to_json(log)) == log; decode_event answers an event, nullopt (not
// ours) or ParseError, and a decoded IntentPublished reproduces its reward.
#include "fuzz_support.h"
#include "protocol/events.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  using namespace sr::protocol;
  const nlohmann::ordered_json doc = fuzz::parse_json(data, size);
  if (doc.is_discarded()) return 0;
  events::Log log;
  try {
    log = events::log_from_json(doc);
  } catch (const ParseError&) {
    return 0;
  }
  SR_FUZZ_CHECK(log.topics.size() <= 4, doc.dump());
  const nlohmann::ordered_json again = events::to_json(log);
  SR_FUZZ_CHECK(events::log_from_json(again) == log, again.dump());
  try {
    const auto event = events::decode_event(log);
    if (event) {
      SR_FUZZ_CHECK(!log.topics.empty(), doc.dump());
      if (const auto* published = std::get_if<events::IntentPublished>(&*event)) {
        const Reward reward = published->reward();
        SR_FUZZ_CHECK(reward.deadline == published->reward_deadline && reward.tokens == published->reward_tokens,
                      doc.dump());
      }
      fuzz::accepted();
    }
  } catch (const ParseError&) {
  }
  return 0;
}
