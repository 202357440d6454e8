// The v1 quote request validator (POST /v1/quotes) on any JSON body, with the local
// configuration. It must answer, never throw: 400 invalid-request naming at least one field, or
// 422 chain-not-supported, or a typed request whose values obey the documented rules.
#include "fuzz_support.h"
#include "service/quotes/quote_request.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const nlohmann::ordered_json body = fuzz::parse_json(data, size);
  if (body.is_discarded()) return 0;
  const auto& config = fuzz::local_config();
  const auto result = service::validate_quote_request(body, config);
  if (!result) {
    const int status = result.error.status;
    SR_FUZZ_CHECK(status == 400 || status == 422, result.error.body.dump());
    fuzz::check_client_status(status, result.error.body);
    if (status == 400) SR_FUZZ_CHECK(!result.error.body["errors"].empty(), result.error.body.dump());
    return 0;
  }
  const auto& request = *result.value;
  SR_FUZZ_CHECK(config.chain(request.source.chain_id) && config.chain(request.destination.chain_id), body.dump());
  const auto& settings = config.service().slippage;
  SR_FUZZ_CHECK(request.slippage_millionths >= settings.min_millionths &&
                    request.slippage_millionths <= settings.max_millionths,
                body.dump());
  switch (request.type) {
    case service::QuoteType::exact_in:
      SR_FUZZ_CHECK(request.source.amount && !request.destination.amount && request.destination.calls.empty(), body.dump());
      break;
    case service::QuoteType::exact_out:
      SR_FUZZ_CHECK(!request.source.amount && request.destination.amount && request.destination.calls.empty(), body.dump());
      break;
    case service::QuoteType::custom:
      SR_FUZZ_CHECK(request.source.amount && !request.destination.amount && !request.destination.calls.empty(), body.dump());
      break;
  }
  if (request.source.amount) SR_FUZZ_CHECK(!request.source.amount->is_zero(), body.dump());
  if (request.destination.amount) SR_FUZZ_CHECK(!request.destination.amount->is_zero(), body.dump());
  SR_FUZZ_CHECK(request.destination.calls.size() <= config.service().max_calls, body.dump());
  SR_FUZZ_CHECK(!request.dapp_id.empty(), body.dump());
  fuzz::accepted();
  return 0;
}
