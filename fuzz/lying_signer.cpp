// The browser verifier against a signer that lies (tests/verify/lying_signer_property.h): the
// input picks a genuine engine answer of some shape and the changes an attacker holding the quote
// signer's key makes to it; the answer is derived again and re-signed. Invariant: whenever the
// verifier says ok, the funding transaction's effect is the request's (who receives what, on which
// chain, by when, and what the funder pays). An input whose changes the verifier accepts reaches
// the accepting path (the genuine answers, unchanged or changed harmlessly).
#include <span>

#include "../tests/verify/lying_signer_property.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace ls = sr::verify::testing::lying_signer;
  const ls::Outcome outcome = ls::run(std::span<const std::uint8_t>(data, size));
  SR_FUZZ_CHECK(outcome.violation.empty(), outcome.violation);
  if (outcome.accepted) sr::fuzz::accepted();
  return 0;
}
