#include "service/funding_ops.h"

#include "service/deposit.h"
#include "service/deposit_transfers.h"
#include "service/funding_preflight.h"
#include "service/gasless.h"
#include "service/gasless_job.h"
#include "service/relay.h"

namespace sr::service {

std::optional<OpResult> funding_op(const Config& config, const secp256k1::SecretKey& quote_signer, std::string_view op,
                                   const nlohmann::ordered_json& input) {
  if (op == "gaslessVerify") return gasless_verify_op(config, input);
  if (op == "gaslessJobLookup") return gasless_job_lookup_op(input);
  if (op == "gaslessJobAdvance") return gasless_job_advance_op(config, input);
  if (op == "relayerAccount") return relayer_account_op(input);
  if (op == "relayTransactions") return relay_transactions_op(config, input);
  if (op == "fundingPreflight") return funding_preflight_op(config, input);
  if (op == "fundingPreflightVerdict") return funding_preflight_verdict_op(config, input);
  if (op == "depositSolverRequests") return deposit_solver_requests_op(config, input);
  if (op == "depositCreate") return deposit_create_op(config, quote_signer, input);
  if (op == "depositSubmitVerify") return deposit_submit_verify_op(config, input);
  if (op == "depositStatus") return deposit_status_op(config, input);
  if (op == "depositVault") return deposit_vault_op(input);
  if (op == "routeDepositTransfers") return route_deposit_transfers_op(config, input);
  if (op == "depositObserve") return deposit_observe_op(config, input);
  return std::nullopt;
}

}  // namespace sr::service
