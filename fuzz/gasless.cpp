// The gasless submit check (op gaslessVerify: Permit3, Permit2, ERC-3009 bodies with the signed
// quote) on any JSON body. First byte: the standard; the rest is the body. A client body may be
// refused (400, 409, 422) but never makes the op throw (which the worker would answer 500); an
// accepted one names a job key and the standard asked for.
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
  // The protocol vectors are signed at 1763700000 (quote expiry 1763700120): inside that window
  // a seed built from them reaches the signature checks.
  const nlohmann::ordered_json input = {{"standard", standard}, {"body", std::move(body)}, {"now", 1763700060}};
  const auto result = service::gasless_verify_op(fuzz::local_config(), input);
  fuzz::check_client_status(result.status, result.body);
  if (result.status == 200) {
    SR_FUZZ_CHECK(result.body["standard"] == standard && result.body["jobKey"].is_string(), result.body.dump());
  }
  return 0;
}
