// The stored intent status record (Durable Object JSON) read back strictly: record_from_json
// inverts record_to_json, and derive_status answers for any record and clock.
#include "fuzz_support.h"
#include "service/status/intent_status.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  using namespace sr::service;
  const nlohmann::ordered_json doc = fuzz::parse_json(data, size);
  if (doc.is_discarded()) return 0;
  IntentRecord record;
  try {
    record = record_from_json(doc);
  } catch (const ParseError&) {
    return 0;
  }
  SR_FUZZ_CHECK(record_from_json(record_to_json(record)) == record, doc.dump());
  for (std::uint64_t t : {std::uint64_t{0}, std::uint64_t{1763700000}, ~std::uint64_t{0}}) {
    const IntentStatus status = derive_status(record, {t, t});
    SR_FUZZ_CHECK(status != IntentStatus::unknown, doc.dump());
    (void)status_since(record, status);
  }
  fuzz::accepted();
  return 0;
}
