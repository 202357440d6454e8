// The gasless submit check (op gaslessVerify: Permit3, Permit2, ERC-3009 bodies with the signed
// quote) on any JSON body. First byte: the standard; the rest is the body. A client body may be
// refused (400, 409, 422, 503) but never makes the op throw (which the worker would answer 500);
// an accepted one names a job key and the standard asked for.
#include <iterator>

#include "fuzz_support.h"
#include "service/funding/gasless.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  if (size == 0) return 0;
  static const char* const kStandards[] = {"permit3", "permit2", "erc3009"};
  const char* standard = kStandards[data[0] % std::size(kStandards)];
  nlohmann::ordered_json body = fuzz::parse_json(data + 1, size - 1);
  if (body.is_discarded()) return 0;
  // The seeds' quote is the engine's, issued with the local configuration at 1763697600
  // (fuzz/make-seeds.mjs), so a minute later each seed passes every check. Every chain counts as
  // having confirmed its vault derivation, as the worker reports it once the Portal answered:
  // the op requires the member, and without it no body gets past the quote to the
  // authorization, confirmation and acceptance paths.
  static const nlohmann::ordered_json confirmed = [] {
    nlohmann::ordered_json ids = nlohmann::ordered_json::array();
    for (const auto& chain : fuzz::local_config().chains()) ids.push_back(chain.chain_id);
    return ids;
  }();
  const nlohmann::ordered_json input = {
      {"standard", standard}, {"body", std::move(body)}, {"now", 1763697660}, {"confirmedChains", confirmed}};
  const auto result = service::gasless_verify_op(fuzz::local_config(), input);
  fuzz::check_client_status(result.status, result.body);
  if (result.status == 200) {
    SR_FUZZ_CHECK(result.body["standard"] == standard && result.body["jobKey"].is_string(), result.body.dump());
    fuzz::accepted();
  }
  return 0;
}
