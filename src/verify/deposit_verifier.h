// The client's checks of a deposit address (edge-worker/openapi.json, DepositAddress: the answer of
// POST .../deposit-addresses and GET .../{vaultAddress}) before anyone sends money to it. Nothing
// checks a transfer into a vault on its way, so the answer alone, the chain records the dapp trusts
// and the request it sent must prove that money sent there reaches the recipient or comes back to
// the refund recipient. Named checks, as for quotes (quote_verifier.h):
//   signature             EIP-712 Quote of v1 quotes by the source chain's quoteSigner, low s, with
//                         id "quote:" + quoteId, intentHashes [intentHash], expiresAt deadline
//   deadline              now is before the deadline; the route deadline is after it and the reward
//                         deadline after that (a solver can still fill what is funded in time)
//   intent-hash           intent hashes to intentHash; its reward lists no token twice
//   vault                 vaultAddress is the source Portal's vault of that hash (CREATE2 with the
//                         chain's vaultInitCodeHash; the Portal program's PDA on Solana)
//   route-pays-recipient  the intent delivers on destination.chainId through its Portal, provides at
//                         least minAmountOut of destination.token and (EVM) transfers at least that
//                         to destination.recipient
//   reward-locks-deposit  the reward locks exactly source.amount of source.token and nothing else,
//                         refunds to the request's refundRecipient, proven by the chain's prover
//   fees                  every fee is in source.token on the source chain, and together they
//                         leave part of the deposit to deliver
//   matches-request       source and destination of the answer are what the request asked for
// Pure: the caller passes `now`. A malformed field fails the checks that read it, with its path.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "verify/chain_directory.h"
#include "verify/json_members.h"
#include "verify/report.h"

namespace sr::verify {

struct DepositContext {
  const ChainDirectory* chains = nullptr;
  // The DepositAddressRequest the dapp sent ({source, destination, refundRecipient}): required,
  // since only the request names the refund recipient the reward must name.
  const Json* request = nullptr;
  std::uint64_t now = 0;  // Unix seconds
  // The ceiling on the total fee, in basis points of the source amount counted at par (the
  // dapp's `maxFeeBps`; 3% unless it sets its own).
  std::uint32_t max_fee_bps = 300;
};

// Every check above, in that order.
Report verify_deposit_address(const Json& answer, const DepositContext& context);

// The JSON boundary: {"answer", "request", "chains", "now", "maxFeeBps"?} -> to_json(report). ParseError when the
// context (chains, request, now) is malformed or the request is missing; a malformed answer only
// fails checks.
Json verify_deposit_address_json(const Json& args);
nlohmann::json verify_deposit_address_json(const nlohmann::json& args);

}  // namespace sr::verify
