// The gasless payload parsers: Permit3, Permit2, ERC-3009 and EIP-2612 authorizations checked
// against the funding target of the protocol vectors' permits (Base USDC, 25 USDC to the vault
// 0xdbA1... of the vectors' first intent, signed by anvil account #1), so seeds made from the vectors pass every check. Input: first byte = standard, then JSON
// {"authorization": ..., "signature": ...}.
// Invariants: no exception escapes (every problem is a field error); a result exists exactly
// when there are no errors; an accepted authorization was signed by the required funder, and
// its canonical form is accepted again with the same digest.
#include <iterator>

#include "crypto/hex.h"
#include "fuzz_support.h"
#include "service/funding/funding_authorization.h"

namespace {

using namespace sr;
using service::FundingStandard;

const char* member_for(FundingStandard standard) {
  switch (standard) {
    case FundingStandard::permit3: return "permit3";
    case FundingStandard::permit2: return "permit2";
    case FundingStandard::erc3009: return "authorization";
    case FundingStandard::erc2612: return "permit";
  }
  return "authorization";
}

service::FundingTarget target(bool with_funder) {
  const auto& config = fuzz::local_config();
  service::FundingTarget t;
  t.chain = config.chain(8453);
  t.token = config.token_by_symbol(8453, "USDC");
  if (!t.chain || !t.token) fuzz::fail("the local configuration has no Base USDC");
  t.vault = Address::parse("0xdbA132CeBb317454E84382d8f7e012a68ba349A8");
  t.amount = 25'000'000;
  if (with_funder) t.funder = Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  t.now = 1763700060;
  t.valid_until = 1763700120;
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const FundingStandard kStandards[] = {FundingStandard::permit3, FundingStandard::permit2,
                                               FundingStandard::erc3009, FundingStandard::erc2612};
  const FundingStandard standard = kStandards[data[0] % std::size(kStandards)];
  const bool with_funder = (data[0] / std::size(kStandards)) % 2 == 0;
  const nlohmann::ordered_json doc = fuzz::parse_json(data + 1, size - 1);
  if (doc.is_discarded() || !doc.is_object()) return 0;
  const nlohmann::ordered_json authorization = doc.value("authorization", nlohmann::ordered_json());
  const nlohmann::ordered_json signature = doc.value("signature", nlohmann::ordered_json());
  const auto t = target(with_funder);

  service::FieldErrors errors;
  const auto checked =
      service::check_authorization(standard, authorization, member_for(standard), signature, t, errors);
  SR_FUZZ_CHECK(checked.has_value() == errors.empty(), errors.joined());
  if (!checked) return 0;
  if (t.funder) SR_FUZZ_CHECK(checked->signer == *t.funder, doc.dump());
  SR_FUZZ_CHECK(checked->signature.size() == 65, doc.dump());
  service::FieldErrors again_errors;
  const auto again = service::check_authorization(standard, checked->authorization, member_for(standard),
                                                  hex::encode(checked->signature), t, again_errors);
  SR_FUZZ_CHECK(again && again->digest == checked->digest && again->authorization == checked->authorization,
                again_errors.joined());
  fuzz::accepted();
  return 0;
}
