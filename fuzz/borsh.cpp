// Borsh Route and Reward (the SVM form of the intent): whatever read_route / read_reward accept
// is written back to exactly the bytes they consumed (one encoding per value), and the Reader
// never reads past the end. First byte: 0 route, 1 reward, else a raw Vec<u8>/u128 walk.
#include "fuzz_support.h"
#include "protocol/intent_borsh.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  using namespace sr::protocol;
  if (size == 0) return 0;
  const ByteView input(data + 1, size - 1);
  borsh::Reader in(input);
  try {
    borsh::Writer out;
    switch (data[0] % 3) {
      case 0: intent_borsh::write_route(out, intent_borsh::read_route(in)); break;
      case 1: intent_borsh::write_reward(out, intent_borsh::read_reward(in)); break;
      default:
        while (in.remaining() > 0) {
          switch (in.u8() % 5) {
            case 0: out.u8(0).bytes(in.bytes()); break;
            case 1: out.u8(1).u128(in.u128()); break;
            case 2: out.u8(2).boolean(in.boolean()); break;
            case 3: out.u8(3).u64(in.u64()); break;
            default: out.u8(4).u32(in.u32()); break;
          }
        }
        break;
    }
    SR_FUZZ_CHECK(in.offset() <= input.size(), "read past the end");
    if (data[0] % 3 != 2) {
      SR_FUZZ_CHECK(out.data() == Bytes(input.begin(), input.begin() + in.offset()), "not the consumed bytes");
    } else {
      SR_FUZZ_CHECK(out.data().size() == in.offset(), "walk did not rewrite its input length");
    }
    fuzz::accepted();
  } catch (const ParseError&) {
    SR_FUZZ_CHECK(in.offset() <= input.size(), "read past the end");
  }
  return 0;
}
