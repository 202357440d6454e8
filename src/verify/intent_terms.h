// The terms of one Eco intent that every verifier checks the same way, whatever carries the
// intent (an entry of a quote, the intent of a deposit address): where its vault is, and that its
// route delivers the destination token to the recipient. One implementation, so a quote and a
// deposit address can never be held to different rules (and the browser's download carries it once).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/intent.h"
#include "verify/chain_directory.h"

namespace sr::verify {

// An account as written on `chain` (checksummed hex on EVM chains, base58 on Solana).
std::string text(const protocol::Account& account, const ChainInfo& chain);
// "chain 8453".
std::string chain_text(const ChainInfo& chain);

// The vault the Portal of `chain` derives for `intent_hash` (CREATE2 on EVM chains, the program's
// PDA on Solana); fails when the chain records carry no vault init code hash.
protocol::Account vault_of(const ChainInfo& chain, const Hash32& intent_hash);

// Funding at `deadline` (a quote's expiresAt, a deposit address's deadline, named `deadline_name`)
// still leaves a solver time: the intent's route deadline is after it and its reward deadline after
// that. Funding after the route deadline would lock a reward no solver may earn any more.
void expect_deadlines_after(std::string_view where, const protocol::Intent& intent, std::uint64_t deadline,
                            std::string_view deadline_name);

// The intent (named `where` in messages, its fields at `where`.intent) delivers on `chain`, to
// `chain`'s Portal, with at least `minimum` of `token` among its route tokens.
void expect_route_provides(std::string_view where, const protocol::Intent& intent, const ChainInfo& delivers_on,
                           const ChainInfo& chain, const protocol::Account& token, const U256& minimum);

// How far behind the service's clock a dapp's may run and still verify a fresh answer: a quote
// (a deposit address) may expire at most this much later than the source chain's
// maxQuoteLifetimeSec (maxDepositLifetimeSec) after the dapp's now.
inline constexpr std::uint64_t kClockAllowanceSec = 300;

// Funding at `start` leaves no more time than `chain records` allow: the route deadline is at
// most `start` + the fill window of the chain the route runs on, the reward deadline at most that
// route deadline + the reward window of the chain the reward is locked on; and both are later
// than `start` (expect_deadlines_after).
void expect_deadlines_within(std::string_view where, const protocol::Intent& intent, std::uint64_t start,
                             std::string_view start_name, const ChainInfo& route_chain,
                             const ChainInfo& reward_chain);

// Whether `call` is the one call that pays `amount` of `token` to `recipient` on `chain`: on an
// EVM chain `token`.transfer(recipient, amount) with no value; on Solana the TransferChecked call
// Eco's Portal fills (protocol/svm_route_call.h), from the executor of `chain`'s Portal to the
// recipient's associated token account of the mint `token`. Every
// rule that asks "does this route pay X to Y" asks this function, so a change of encoding is made
// here. (It decodes rather than encodes: the package's module then needs no ABI encoder.)
bool pays(const protocol::Call& call, const ChainInfo& chain, const protocol::Account& token,
          const protocol::Account& recipient, const U256& amount);

// The delivery rule's frame: the intent (named `where`) runs on `chain` (it is `delivers_on`)
// through its Portal with no native amount, its route tokens are exactly [`token`: `spent`] and
// it makes exactly `calls` calls; the caller then checks each call (expect_call).
void expect_exact_route(std::string_view where, const protocol::Intent& intent, const ChainInfo& delivers_on,
                        const ChainInfo& chain, const protocol::Account& token, const U256& spent, std::size_t calls);

// Fails unless call `index` of the route of `where` is the one the asked route makes there.
void expect_call(std::string_view where, std::size_t index, bool is_expected);

}  // namespace sr::verify
