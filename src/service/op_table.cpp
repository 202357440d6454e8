#include "service/op_table.h"

#include <algorithm>
#include <array>

#include "service/chain/registry.h"
#include "service/chain/vault_derivation.h"
#include "service/deposits/deposit.h"
#include "service/deposits/deposit_address_step.h"
#include "service/deposits/deposit_admission.h"
#include "service/deposits/deposit_transfers.h"
#include "service/funding/funding_preflight.h"
#include "service/funding/gasless.h"
#include "service/funding/gasless_job.h"
#include "service/funding/gasless_job_retention.h"
#include "service/funding/gasless_job_step.h"
#include "service/funding/gasless_submit_step.h"
#include "service/funding/refund_step.h"
#include "service/funding/relay.h"
#include "service/funding/refund_relay.h"
#include "service/funding/relay_simulation.h"
#include "service/funding/relayer_floor.h"
#include "service/funding/relayer_step.h"
#include "service/funding/sponsorship.h"
#include "service/keys/client_network.h"
#include "service/keys/key_access.h"
#include "service/keys/rate_bucket.h"
#include "service/keys/stream_admission.h"
#include "service/keys/submit_admission.h"
#include "service/legacy/legacy_quote.h"
#include "service/legacy/legacy_status.h"
#include "service/operator/operator_status.h"
#include "service/quotes/attribution_retention.h"
#include "service/quotes/engine.h"
#include "service/quotes/quote_gas.h"
#include "service/quotes/solver_protocol.h"
#include "service/reader/chain_reader_step.h"
#include "service/reader/poll_plan.h"
#include "service/status/intent_logs.h"
#include "service/status/intent_shard_step.h"
#include "service/status/quote_registration.h"
#include "service/status/record_retention.h"
#include "service/status/status_queries.h"
#include "service/webhooks/webhook_delivery_step.h"
#include "service/webhooks/webhooks.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

// Ops that need only the configuration, and those that need only their input.
template <OpResult (*F)(const Config&, const Json&)>
OpResult with_config(const OpContext& c, const Json& input) {
  return F(c.config, input);
}
template <OpResult (*F)(const Json&)>
OpResult input_only(const OpContext&, const Json& input) {
  return F(input);
}

// The intent shard watches owned intents with the status check that adds the refund the relayer
// sends itself (a floor above the shard's step).
OpResult intent_shard_step(const Config& config, const Json& input) {
  return intent_shard_step_op(config, input, intent_status_check_with_refund_op);
}

constexpr std::array kOps{
    // the chain and token catalogue, and which Portals confirmed the vault derivation
    Op{"chains", "chain", with_config<chains_op>},
    Op{"tokens", "chain", with_config<tokens_op>},
    Op{"vaultDerivationProbes", "chain", [](const OpContext& c, const Json&) { return vault_derivation_probes_op(c.config); }},
    Op{"vaultDerivationVerdict", "chain", with_config<vault_derivation_verdict_op>},
    // what an API key may reach
    Op{"authorizeKey", "keys", with_config<authorize_key_op>},
    // which client network a keyless request counts against
    Op{"clientNetwork", "keys", input_only<client_network_op>},
    // whether a caller may open one more status stream
    Op{"streamAdmission", "keys", input_only<stream_admission_op>},
    Op{"rateBucket", "keys", input_only<rate_bucket_op>},
    // whether one more keyless submit to a partner's deposit addresses may be checked now
    Op{"submitAdmission", "keys", input_only<submit_admission_op>},
    // quotes
    Op{"solverRequests", "quotes", with_config<solver_requests>},
    Op{"quote", "quotes", [](const OpContext& c, const Json& input) { return quote_op(c.config, c.quote_signer, input); }},
    Op{"quoteGas", "quotes", input_only<quote_gas_op>},
    // which usage rows of a dappId label are kept
    Op{"attributionRetention", "quotes", input_only<attribution_retention_op>},
    // intent records and their status
    Op{"registerQuote", "status", with_config<register_quote_op>},
    Op{"mergeRegistration", "status", with_config<merge_registration_op>},
    Op{"routeLogs", "status", with_config<route_logs_op>},
    Op{"applyLogs", "status", with_config<apply_logs_op>},
    Op{"intentStatus", "status", with_config<intent_status_op>},
    Op{"intentStatusCheck", "status", with_config<intent_status_check_with_refund_op>},
    Op{"recordRetention", "status", input_only<record_retention_op>},
    Op{"quoteIdRetention", "status", input_only<quote_id_retention_op>},
    Op{"intentShardStep", "status", with_config<intent_shard_step>},
    // what the chain reader fetches next
    Op{"pollPlan", "reader", with_config<poll_plan_op>},
    // a chain reader's decisions in a polling round, one event at a time
    Op{"chainReaderStep", "reader", with_config<chain_reader_step_op>},
    // gasless funding and its relaying
    Op{"gaslessVerify", "funding", with_config<gasless_verify_op>},
    Op{"gaslessJobLookup", "funding", input_only<gasless_job_lookup_op>},
    Op{"gaslessJobAdvance", "funding", with_config<gasless_job_advance_op>},
    Op{"gaslessJobRetention", "funding", input_only<gasless_job_retention_op>},
    // the gasless job object's decisions when its alarm fires, one event at a time
    Op{"gaslessJobStep", "funding", with_config<gasless_job_step_op>},
    Op{"gaslessSubmitStep", "funding", with_config<gasless_submit_step_op>},
    // a refund the relayer sends itself: started, or its failed job replaced, one event at a time
    Op{"refundStep", "funding", with_config<refund_step_op>},
    Op{"relayerAccount", "funding", input_only<relayer_account_op>},
    // whether a relayer account may take a new job (its balance against the chain's floor)
    Op{"relayerFloor", "funding", with_config<relayer_floor_op>},
    Op{"relayTransactions", "funding", with_config<relay_transactions_op>},
    Op{"fundingPreflight", "funding", with_config<funding_preflight_op>},
    Op{"fundingPreflightVerdict", "funding", with_config<funding_preflight_verdict_op>},
    Op{"relaySimulation", "funding", with_config<relay_simulation_op>},
    Op{"relaySimulationVerdict", "funding", with_config<relay_simulation_verdict_op>},
    Op{"relayReplace", "funding", with_config<relay_replace_op>},
    Op{"sponsorshipAdmission", "funding", with_config<sponsorship_admission_op>},
    // the relayer object's decisions, one event at a time
    Op{"relayerStep", "funding", input_only<relayer_step_op>},
    // deposit addresses
    Op{"depositSolverRequests", "deposits", with_config<deposit_solver_requests_op>},
    Op{"depositCreate", "deposits", [](const OpContext& c, const Json& input) { return deposit_create_op(c.config, c.quote_signer, input); }},
    Op{"depositSubmitVerify", "deposits", with_config<deposit_submit_verify_op>},
    Op{"depositStatus", "deposits", with_config<deposit_status_op>},
    Op{"depositVault", "deposits", input_only<deposit_vault_op>},
    Op{"routeDepositTransfers", "deposits", with_config<route_deposit_transfers_op>},
    Op{"depositObserve", "deposits", with_config<deposit_observe_op>},
    Op{"depositAddressStep", "deposits", with_config<deposit_address_step_op>},
    Op{"depositAdmission", "deposits", input_only<deposit_admission_op>},
    // webhooks
    Op{"webhookCreate", "webhooks", with_config<webhook_create_op>},
    Op{"webhookTarget", "webhooks", with_config<webhook_target_op>},
    Op{"webhookEvents", "webhooks", with_config<webhook_events_op>},
    Op{"webhookRetry", "webhooks", input_only<webhook_retry_op>},
    Op{"webhookKeys", "webhooks", with_config<webhook_keys_op>},
    // an endpoint's delivery queue's decisions, one event at a time
    Op{"webhookDeliveryStep", "webhooks", with_config<webhook_delivery_step_op>},
    // the legacy v3 interface, on top of what it maps
    Op{"legacyExactIn", "legacy",
       [](const OpContext& c, const Json& input) { return legacy_quote_op(c.config, c.quote_signer, input, LegacyQuoteKind::exact_in); }},
    Op{"legacyExactOut", "legacy",
       [](const OpContext& c, const Json& input) { return legacy_quote_op(c.config, c.quote_signer, input, LegacyQuoteKind::exact_out); }},
    Op{"legacySolverRequests", "legacy", with_config<legacy_solver_requests_op>},
    Op{"legacyIntentStatus", "legacy", with_config<legacy_intent_status_op>},
    // what an operator reads at GET /internal/status
    Op{"operatorStatus", "operator", with_config<operator_status_op>},
};

}  // namespace

std::span<const Op> op_table() { return kOps; }

const Op* find_op(std::string_view name) {
  const auto it = std::find_if(kOps.begin(), kOps.end(), [&](const Op& op) { return op.name == name; });
  return it == kOps.end() ? nullptr : &*it;
}

}  // namespace sr::service
