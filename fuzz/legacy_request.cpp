// The legacy v3 validators (keyless): the exactOut/exactIn envelope and intentStatus, on any
// JSON body. First byte: which validator ('s' = intentStatus, anything else = quote); the rest
// is the body. Both answer (400/422 or a typed request), never throw.
#include "fuzz_support.h"
#include "service/legacy/legacy_request.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  if (size == 0) return 0;
  const bool status_request = data[0] == 's';
  const nlohmann::ordered_json body = fuzz::parse_json(data + 1, size - 1);
  if (body.is_discarded()) return 0;
  const auto& config = fuzz::local_config();
  if (status_request) {
    const auto result = service::validate_legacy_intent_status(body);
    if (!result) {
      SR_FUZZ_CHECK(result.error.status == 400, result.error.body.dump());
      fuzz::check_client_status(result.error.status, result.error.body);
      return 0;
    }
    const auto& r = *result.value;
    SR_FUZZ_CHECK(r.intent_hash || r.intent_created_hash || r.fulfillment_hash, body.dump());
    fuzz::accepted();
    return 0;
  }
  const auto result = service::validate_legacy_quote_request(body, config);
  if (!result) {
    const int status = result.error.status;
    SR_FUZZ_CHECK(status == 400 || status == 422, result.error.body.dump());
    fuzz::check_client_status(status, result.error.body);
    return 0;
  }
  const auto& r = *result.value;
  SR_FUZZ_CHECK(!r.execution_types.empty() && !r.dapp_id.empty() && !r.source_amount.is_zero(), body.dump());
  SR_FUZZ_CHECK(config.chain(r.source_chain_id) && config.chain(r.destination_chain_id), body.dump());
  fuzz::accepted();
  return 0;
}
