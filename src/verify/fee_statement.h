// The statement a user is shown (an amount in, a list of fees, what arrives) checked as a whole:
// every fee's token is one the transfer passes through, the numbers add up exactly, the fees
// together stay under a ceiling, and every fee paid to a named party is a transfer the delivery
// route makes. The same terms for quotes and deposit addresses (the "fees" check of both).
//
// Adding up, per leg (docs/quote-engine.md): what the leg's reward locks, less the fees kept in
// that token, converted to the token the leg delivers (stablecoins at par; a converted output
// rounds down), is what the leg delivers plus the fees paid in the delivered token. With a fixed
// output (exact-out) the input is the smallest that delivers: one unit less of it would not.
// Decimals are those the fee entries state for their tokens; a token no entry names has the
// decimals of the others (the service pairs only tokens of one number of decimals).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/intent.h"
#include "verify/chain_directory.h"
#include "verify/json_members.h"

namespace sr::verify {

// The ceiling on the total fee when the dapp sets none: 3% of the source amount, counted at par.
inline constexpr std::uint32_t kDefaultMaxFeeBps = 300;

// The verify call's optional `maxFeeBps` (0..10000), kDefaultMaxFeeBps when absent or null.
std::uint32_t read_max_fee_bps(const Json& args);

// A token on a chain, as a leg of the transfer holds it.
struct TokenAt {
  const ChainInfo* chain = nullptr;
  protocol::Account token;
};

// One entry of a `fees` list.
struct FeeEntry {
  const char* list = "";  // where the list is: "quote.fees"
  std::size_t index = 0;
  std::string path() const;  // "quote.fees[2]", made for a message
  U256 amount;
  TokenAt token;
  unsigned decimals = 0;
  std::optional<protocol::Account> recipient;  // null: the filling solver takes it
};

// Reads the list: known types, tokens of known chains (addresses read for that chain's VM), and
// each token's decimals stated the same way wherever it appears.
// `path` names the list ("quote.fees"); the entries keep it, so it must outlive them (a literal).
std::vector<FeeEntry> read_fees(const Json& fees, const char* path, const ChainDirectory& chains);

// The fees the delivery route pays besides the recipient: one transfer per entry with a recipient
// and a non-zero amount, in list order, each in the delivered token (`delivered`, else a failure).
std::vector<const FeeEntry*> named_fees(const std::vector<FeeEntry>& fees, const TokenAt& delivered);
// Checks calls[first..] of the route of `where` (delivering `delivered`) against `named`.
void expect_fee_transfers(const std::string& where, const std::vector<protocol::Call>& calls, std::size_t first,
                          const std::vector<const FeeEntry*>& named, const TokenAt& delivered);
// What they add up to.
U256 named_total(const std::vector<const FeeEntry*>& named);

// The statement checked against what the intents lock and pay. `tokens` are the legs' tokens in
// order (source, [intermediate,] destination) and `amounts` what each holds: the reward locked,
// [the intermediate amount the first leg delivers,] and what the recipient is promised (amountOut).
// `shortfall_allowed`: what the recipient is promised may be less than the statement's exact
// output (a deposit address states only its minimum), the difference counting as a fee under the
// ceiling. Returns the detail of a pass; fails naming the first difference.
std::string expect_fees_add_up(const std::vector<FeeEntry>& fees, const std::vector<TokenAt>& tokens,
                               const std::vector<U256>& amounts, bool fixed_output, bool shortfall_allowed,
                               std::uint32_t max_fee_bps);

}  // namespace sr::verify
