#include "verify/fee_statement.h"

#include <algorithm>

#include "protocol/json_fields.h"
#include "verify/intent_terms.h"
#include "verify/quote_document.h"
#include "verify/report.h"

namespace sr::verify {

namespace jf = protocol::json_fields;
using protocol::Account;

namespace {

bool same_token(const TokenAt& a, const TokenAt& b) { return a.chain == b.chain && a.token == b.token; }

// `amount` in `from` decimals expressed in `to` decimals, rounded as asked (the engine's rule:
// docs/quote-engine.md, "decimals"). Stablecoins count at par, so only the decimals differ.
U256 convert(const U256& amount, unsigned from, unsigned to, Rounding rounding) {
  U256 scale = 1;
  for (unsigned i = std::min(from, to); i < std::max(from, to); ++i) {
    const auto next = scale.checked_mul(10);
    if (!next) fail("token decimals ", std::to_string(from), " and ", std::to_string(to), " are too far apart");
    scale = *next;
  }
  const auto out = to >= from ? amount.checked_mul(scale) : U256::mul_div(amount, 1, scale, rounding);
  if (!out) fail("an amount converted to ", std::to_string(to), " decimals exceeds 2^256");
  return *out;
}

U256 add(const U256& a, const U256& b) {
  const auto sum = a.checked_add(b);
  if (!sum) fail("the fees add up to more than 2^256");
  return *sum;
}

}  // namespace

std::uint32_t read_max_fee_bps(const Json& args) {
  const Json* value = optional_member(args, "maxFeeBps", "");
  if (value == nullptr) return kDefaultMaxFeeBps;
  const std::uint64_t bps = jf::read_u64_number(*value, "maxFeeBps");
  if (bps > 10'000) throw_parse_error("maxFeeBps: must be at most 10000 (all of the source amount)");
  return static_cast<std::uint32_t>(bps);
}

std::string FeeEntry::path() const { return Path(list)[index].str(); }

std::vector<FeeEntry> read_fees(const Json& fees, const char* path, const ChainDirectory& chains) {
  static constexpr std::string_view kTypes[] = {"gas", "proving", "protocol", "gateway"};
  std::vector<FeeEntry> out;
  const Path list_path = path;
  const Json& list = jf::read_array(fees, list_path);
  for (std::size_t i = 0; i < list.size(); ++i) {
    FeeEntry fee;
    fee.list = path;
    fee.index = i;
    const Path fee_path = list_path[i];
    const std::string& type = jf::read_string(member(list[i], "type", fee_path), fee_path.member("type"));
    if (std::find(std::begin(kTypes), std::end(kTypes), type) == std::end(kTypes)) {
      fail(fee_path.str(), ".type \"", type, "\" is not gas, proving, protocol or gateway");
    }
    fee.amount = read_amount(list[i], "amount", fee_path);
    const Path token_path = fee_path.member("token");
    const Json& token = member(list[i], "token", fee_path);
    const std::uint64_t chain_id = read_chain_id(token, "chainId", token_path);
    fee.token.chain = &chains.at(chain_id, token_path.member("chainId"));
    const Vm vm = fee.token.chain->vm;
    fee.token.token = jf::read_account(member(token, "address", token_path), token_path.member("address"), vm);
    const std::uint64_t decimals =
        jf::read_u64_number(member(token, "decimals", token_path), token_path.member("decimals"));
    if (decimals > 77) {
      fail(token_path.str(), ".decimals: ", std::to_string(decimals), " is more than a 256-bit amount holds");
    }
    fee.decimals = static_cast<unsigned>(decimals);
    if (const Json* recipient = optional_member(list[i], "recipient", fee_path)) {
      fee.recipient = jf::read_account(*recipient, fee_path.member("recipient"), vm);
    }
    for (const FeeEntry& earlier : out) {
      if (same_token(earlier.token, fee.token) && earlier.decimals != fee.decimals) {
        fail(token_path.str(), ".decimals is ", std::to_string(fee.decimals), " but ", earlier.path(),
             " states ", std::to_string(earlier.decimals), " for the same token");
      }
    }
    out.push_back(std::move(fee));
  }
  return out;
}

std::vector<const FeeEntry*> named_fees(const std::vector<FeeEntry>& fees, const TokenAt& delivered) {
  std::vector<const FeeEntry*> named;
  for (const FeeEntry& fee : fees) {
    if (!fee.recipient || fee.amount.is_zero()) continue;
    if (!same_token(fee.token, delivered)) {
      fail(fee.path(), " names a recipient but is not in the destination token: the delivery route pays named fees");
    }
    named.push_back(&fee);
  }
  return named;
}

void expect_fee_transfers(const std::string& where, const std::vector<protocol::Call>& calls, std::size_t first,
                          const std::vector<const FeeEntry*>& named, const TokenAt& delivered) {
  for (std::size_t i = 0; i < named.size(); ++i) {
    expect_call(where, first + i,
                pays(calls[first + i], *delivered.chain, delivered.token, *named[i]->recipient, named[i]->amount));
  }
}

U256 named_total(const std::vector<const FeeEntry*>& named) {
  U256 total;
  for (const FeeEntry* fee : named) total = add(total, fee->amount);
  return total;
}

std::string expect_fees_add_up(const std::vector<FeeEntry>& fees, const std::vector<TokenAt>& tokens,
                               const std::vector<U256>& amounts, bool fixed_output, bool shortfall_allowed,
                               std::uint32_t max_fee_bps) {
  const std::size_t n = tokens.size();  // 2, or 3 through an intermediate token
  // Per token of the transfer: the fees in it and its decimals as the entries state them.
  U256 in_token[3];
  unsigned decimals[3] = {};
  bool stated[3] = {};
  const auto index_of = [&](const FeeEntry& fee) {
    for (std::size_t i = 0; i < n; ++i) {
      if (same_token(tokens[i], fee.token)) return i;
    }
    fail(fee.path(), ".token is ", text(fee.token.token, *fee.token.chain), " on ", chain_text(*fee.token.chain),
         ", a token this transfer never holds");
  };
  for (const FeeEntry& fee : fees) {
    const std::size_t i = index_of(fee);
    in_token[i] = add(in_token[i], fee.amount);
    decimals[i] = fee.decimals;
    stated[i] = true;
  }
  // A token no entry names has the decimals of one that is named.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n && !stated[i]; ++j) decimals[i] = stated[j] ? decimals[j] : decimals[i];
  }
  const auto decimals_of = [&](std::size_t i) { return decimals[i]; };

  U256 shortfall;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const bool last = i + 2 == n;
    const auto net = amounts[i].checked_sub(in_token[i]);
    if (!net) fail("the fees in ", text(tokens[i].token, *tokens[i].chain), " (", in_token[i].to_decimal(),
                   ") exceed the ", amounts[i].to_decimal(), " they are taken from");
    const U256 out = last ? add(amounts[i + 1], in_token[i + 1]) : amounts[i + 1];
    const U256 converted = convert(*net, decimals_of(i), decimals_of(i + 1), Rounding::floor);
    const std::string leg = cat(amounts[i].to_decimal(), " less fees ", in_token[i].to_decimal(), " converts to ",
                                converted.to_decimal(), ", but ");
    if (fixed_output) {
      const bool smaller_delivers =
          !net->is_zero() && !(convert(net->sub_or_throw(U256(1)), decimals_of(i), decimals_of(i + 1), Rounding::floor) < out);
      if (converted < out || smaller_delivers) {
        fail(leg, "the smallest input that delivers ", out.to_decimal(), " (the output plus the fees paid in it) is another");
      }
    } else if (shortfall_allowed && last && converted >= out) {
      shortfall = convert(converted.sub_or_throw(out), decimals_of(i + 1), decimals_of(0), Rounding::ceil);
    } else if (converted != out) {
      fail(leg, "the statement says ", out.to_decimal(), " (what is delivered plus the fees paid in it)");
    }
  }

  U256 total = shortfall;
  for (std::size_t f = 0; f < fees.size(); ++f) {
    total = add(total, convert(fees[f].amount, decimals_of(index_of(fees[f])), decimals_of(0), Rounding::ceil));
  }
  const auto scaled_total = total.checked_mul(10'000);
  const auto ceiling = amounts[0].checked_mul(max_fee_bps);
  if (!scaled_total || !ceiling || *scaled_total > *ceiling) {
    fail("the fees", shortfall.is_zero() ? "" : " and what the minimum leaves undelivered", " total ",
         total.to_decimal(), " of ", amounts[0].to_decimal(), ", above the ceiling maxFeeBps ",
         std::to_string(max_fee_bps));
  }
  return cat(std::to_string(fees.size()), " fee(s) totalling ", total.to_decimal(), " of ", amounts[0].to_decimal(),
             " (within maxFeeBps ", std::to_string(max_fee_bps), "); the amounts add up");
}

}  // namespace sr::verify
