// Solana instruction JSON ({programId, accounts, data}): strict reading, and the exact inverse:
// an accepted document is what to_json writes (same members, canonical base58 and base64).
#include "fuzz_support.h"
#include "protocol/svm_instruction.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sr;
  const nlohmann::ordered_json doc = fuzz::parse_json(data, size);
  if (doc.is_discarded()) return 0;
  svm::Instruction instruction;
  try {
    instruction = doc.get<svm::Instruction>();
  } catch (const ParseError&) {
    return 0;
  }
  const nlohmann::ordered_json again = instruction;
  SR_FUZZ_CHECK(again == doc, doc.dump() + "\n" + again.dump());
  SR_FUZZ_CHECK(again.get<svm::Instruction>() == instruction, doc.dump());
  fuzz::accepted();
  return 0;
}
