// The terms of one Eco intent that every verifier checks the same way, whatever carries the
// intent (an entry of a quote, the intent of a deposit address): where its vault is, and that its
// route delivers the destination token to the recipient. One implementation, so a quote and a
// deposit address can never be held to different rules (and the browser's download carries it once).
#pragma once

#include <cstdint>
#include <string>

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
void expect_deadlines_after(const std::string& where, const protocol::Intent& intent, std::uint64_t deadline,
                            const std::string& deadline_name);

// The intent (named `where` in messages, its fields at `where`.intent) delivers on `chain`, to
// `chain`'s Portal, with at least `minimum` of `token` among its route tokens.
void expect_route_provides(const std::string& where, const protocol::Intent& intent, const ChainInfo& delivers_on,
                           const ChainInfo& chain, const protocol::Account& token, const U256& minimum);

// On an EVM destination, one of the route's calls is `token`.transfer(recipient, >= minimum) with
// no value; on Solana, one is the TransferChecked payment of >= minimum of the mint `token` to the
// recipient's associated token account that Eco's Portal fills (protocol/svm_route_call.h).
void expect_transfer_call(const std::string& where, const protocol::Intent& intent, const ChainInfo& chain,
                          const protocol::Account& token, const protocol::Account& recipient, const U256& minimum);

}  // namespace sr::verify
