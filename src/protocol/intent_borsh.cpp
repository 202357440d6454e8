#include "protocol/intent_borsh.h"

namespace sr::protocol::intent_borsh {
namespace {

constexpr std::size_t kTokenAmountSize = 32 + 8;
constexpr std::size_t kMinCallSize = 32 + 4;  // target and an empty data length

std::uint64_t u64_amount(const U256& amount, const std::string& field) {
  if (!amount.fits_u64()) throw_parse_error(field + " " + amount.to_decimal() + " does not fit the SVM u64");
  return amount.as_u64();
}

void write_tokens(borsh::Writer& out, const std::vector<TokenAmount>& tokens, const std::string& field) {
  out.vec_length(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    out.fixed(tokens[i].token.bytes).u64(u64_amount(tokens[i].amount, field + "[" + std::to_string(i) + "].amount"));
  }
}

std::vector<TokenAmount> read_tokens(borsh::Reader& in) {
  return in.vec(kTokenAmountSize, [](borsh::Reader& r) {
    TokenAmount t;
    t.token = Account{r.fixed<32>()};
    t.amount = r.u64();
    return t;
  });
}

}  // namespace

void write_route(borsh::Writer& out, const Route& route) {
  out.fixed(route.salt).u64(route.deadline).fixed(route.portal.bytes);
  out.u64(u64_amount(route.native_amount, "route.nativeAmount"));
  write_tokens(out, route.tokens, "route.tokens");
  out.vec_length(route.calls.size());
  for (std::size_t i = 0; i < route.calls.size(); ++i) {
    const Call& call = route.calls[i];
    if (!call.value.is_zero()) {
      throw_parse_error("route.calls[" + std::to_string(i) + "].value must be 0: SVM calls carry no native value");
    }
    out.fixed(call.target.bytes).bytes(call.data);
  }
}

void write_reward(borsh::Writer& out, const Reward& reward) {
  out.u64(reward.deadline).fixed(reward.creator.bytes).fixed(reward.prover.bytes);
  out.u64(u64_amount(reward.native_amount, "reward.nativeAmount"));
  write_tokens(out, reward.tokens, "reward.tokens");
}

Route read_route(borsh::Reader& in) {
  Route route;
  route.salt = in.fixed<32>();
  route.deadline = in.u64();
  route.portal = Account{in.fixed<32>()};
  route.native_amount = in.u64();
  route.tokens = read_tokens(in);
  route.calls = in.vec(kMinCallSize, [](borsh::Reader& r) {
    Call call;
    call.target = Account{r.fixed<32>()};
    call.data = r.bytes();
    return call;
  });
  return route;
}

Reward read_reward(borsh::Reader& in) {
  Reward reward;
  reward.deadline = in.u64();
  reward.creator = Account{in.fixed<32>()};
  reward.prover = Account{in.fixed<32>()};
  reward.native_amount = in.u64();
  reward.tokens = read_tokens(in);
  return reward;
}

}  // namespace sr::protocol::intent_borsh
