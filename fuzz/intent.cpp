// The intent model from its API JSON, for each VM pairing (first byte), and through its binary
// forms: JSON -> Intent -> JSON -> Intent is the identity; an EVM route/reward survives ABI
// encode/decode and an SVM one Borsh; the hashes are deterministic across the round trip.
#include "eth/abi.h"
#include "fuzz_support.h"
#include "protocol/intent.h"
#include "protocol/intent_abi.h"
#include "protocol/intent_borsh.h"
#include "protocol/intent_hash.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  using namespace sr::protocol;
  if (size == 0) return 0;
  const Vm source = data[0] & 1 ? Vm::svm : Vm::evm;
  const Vm destination = data[0] & 2 ? Vm::svm : Vm::evm;
  const nlohmann::ordered_json doc = fuzz::parse_json(data + 1, size - 1);
  if (doc.is_discarded()) return 0;
  Intent intent;
  try {
    intent = intent_from_json(doc, source, destination);
  } catch (const ParseError&) {
    return 0;
  }
  nlohmann::ordered_json again;
  try {
    again = intent_to_json(intent, source, destination);
  } catch (const ParseError&) {
    fuzz::fail("an intent read for its VMs cannot be written for them", doc.dump());
  }
  SR_FUZZ_CHECK(intent_from_json(again, source, destination) == intent, again.dump());

  try {
    if (destination == Vm::evm) {
      const Bytes encoded = abi::encode(intent_abi::route_type(), intent_abi::route_value(intent.route));
      SR_FUZZ_CHECK(intent_abi::route_from_value(abi::decode(intent_abi::route_type(), encoded)) == intent.route,
                    doc.dump());
    } else {
      borsh::Writer out;
      intent_borsh::write_route(out, intent.route);
      borsh::Reader in(out.data());
      Route back = intent_borsh::read_route(in);
      in.expect_end();
      SR_FUZZ_CHECK(back == intent.route, doc.dump());
    }
    if (source == Vm::evm) {
      const Bytes encoded = abi::encode(intent_abi::reward_type(), intent_abi::reward_value(intent.reward));
      SR_FUZZ_CHECK(intent_abi::reward_from_value(abi::decode(intent_abi::reward_type(), encoded)) == intent.reward,
                    doc.dump());
    } else {
      borsh::Writer out;
      intent_borsh::write_reward(out, intent.reward);
      borsh::Reader in(out.data());
      Reward back = intent_borsh::read_reward(in);
      in.expect_end();
      SR_FUZZ_CHECK(back == intent.reward, doc.dump());
    }
    SR_FUZZ_CHECK(route_hash(intent.route, destination) ==
                      route_hash(intent_from_json(again, source, destination).route, destination),
                  doc.dump());
    (void)reward_hash(intent.reward, source);
    fuzz::accepted();
  } catch (const ParseError&) {
    // An SVM amount above 2^64-1 or a call value on an SVM route has no Borsh form: refused, not written wrong.
  }
  return 0;
}
