// decode_event on logs built directly from bytes, so the fuzzer spends its time in the ABI data
// and topics of the eight known events rather than in JSON syntax. Input: [event index]
// [topic count] [extra topics, 32 bytes each] [data...]. topic0 is the chosen event's.
#include <iterator>

#include "fuzz_support.h"
#include "protocol/events.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr::protocol;
  if (size < 2) return 0;
  // Appended events keep the committed seeds' indices (their first byte) and Transfer at 6.
  static const events::EventSignature* const kEvents[] = {
      &events::intent_published(), &events::intent_funded(),    &events::intent_fulfilled(),
      &events::intent_proven(),    &events::intent_withdrawn(), &events::intent_refunded(),
      &events::erc20_transfer(),   &events::intent_proof_sent()};
  events::Log log;
  log.address.bytes.fill(0x42);
  log.topics.push_back(kEvents[data[0] % std::size(kEvents)]->topic0);
  std::size_t offset = 2;
  for (unsigned extra = data[1] % 4; extra > 0 && offset + 32 <= size; --extra, offset += 32) {
    sr::Hash32 topic;
    std::copy(data + offset, data + offset + 32, topic.begin());
    log.topics.push_back(topic);
  }
  log.data.assign(data + offset, data + size);
  try {
    const auto event = events::decode_event(log);
    // A topic0 of ours decodes or is refused; nullopt only for a 4-topic Transfer (ERC-721).
    SR_FUZZ_CHECK(event.has_value() || (data[0] % std::size(kEvents) == 6 && log.topics.size() == 4), "nullopt");
    // Re-serialising through JSON does not change the verdict.
    SR_FUZZ_CHECK(events::decode_event(events::log_from_json(events::to_json(log))) == event, "json round trip");
    if (event) sr::fuzz::accepted();
  } catch (const sr::ParseError&) {
  }
  return 0;
}
