// The gasless and deposit-address operations of the core boundary, behind one entry point so the
// Service's dispatcher names them in one line.
//   "gaslessVerify" (gasless.h), "gaslessJobLookup" and "gaslessJobAdvance" (gasless_job.h),
//   "relayerAccount" and "relayTransactions" (relay.h),
//   "fundingPreflight" and "fundingPreflightVerdict" (funding_preflight.h),
//   "depositSolverRequests", "depositCreate", "depositSubmitVerify", "depositStatus" (deposit.h),
//   "routeDepositTransfers", "depositObserve" (deposit_transfers.h).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "crypto/secp256k1.h"
#include "service/config.h"
#include "service/problem.h"

namespace sr::service {

// The op's answer, or nullopt when `op` is not one of these.
std::optional<OpResult> funding_op(const Config& config, const secp256k1::SecretKey& quote_signer, std::string_view op,
                                   const nlohmann::ordered_json& input);

}  // namespace sr::service
