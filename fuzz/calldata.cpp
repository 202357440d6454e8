// Strict call data decoders: Portal publishAndFund and the other Portal functions, ERC-20
// approve and transfer. First byte picks the decoder; the rest is the call data. Whatever is
// accepted re-encodes to exactly the input.
#include <iterator>

#include "fuzz_support.h"
#include "protocol/erc20.h"
#include "protocol/portal_calldata.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  using namespace sr::protocol;
  if (size == 0) return 0;
  const ByteView calldata(data + 1, size - 1);
  const Bytes input(calldata.begin(), calldata.end());
  static const Function* const kFunctions[] = {
      &portal::publish_and_fund_intent_function(), &portal::publish_function(),    &portal::fund_function(),
      &portal::fund_for_function(),                &portal::refund_function(),     &portal::withdraw_function(),
      &portal::fulfill_function(),                 &portal::publish_and_fund_for_function(),
      &portal::intent_vault_address_function()};
  try {
    switch (data[0] % 4) {
      case 0: {
        const auto call = portal::decode_publish_and_fund(calldata);
        SR_FUZZ_CHECK(portal::publish_and_fund(call.destination, call.encoded_route, call.reward, call.allow_partial) == input,
                      "publishAndFund");
        break;
      }
      case 1: {
        const auto call = erc20::decode_approve(calldata);
        SR_FUZZ_CHECK(erc20::approve(call.account, call.amount) == input, "approve");
        break;
      }
      case 2: {
        const auto call = erc20::decode_transfer(calldata);
        SR_FUZZ_CHECK(erc20::transfer(call.account, call.amount) == input, "transfer");
        break;
      }
      default: {
        const Function& function = *kFunctions[(data[0] / 4) % std::size(kFunctions)];
        const auto args = function.decode(calldata);
        SR_FUZZ_CHECK(function.encode(args) == input, function.signature());
        break;
      }
    }
    fuzz::accepted();
  } catch (const ParseError&) {
  }
  return 0;
}
