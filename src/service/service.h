// The core's single entry point across the wasm boundary: one Service
// per isolate, built from the configuration and the secrets, answering operations by name with
// JSON {"status", "body", "headers"?, "registrations"?}. The worker sends `status` as the HTTP
// status and `body` as the JSON body (adding requestId and transport headers); `registrations`
// (op "quote") are the records it stores for the quote's intents.
#pragma once

#include <string>
#include <string_view>

#include "crypto/secp256k1.h"
#include "service/config.h"

namespace sr::service {

class Service {
 public:
  // config_json: {"service", "chains", "tokens", "solvers", "partners", "keys"?}; secrets_json:
  // {"quoteSignerKey": "0x…"}. Throws (ConfigError, ParseError, std::invalid_argument) with a
  // precise message when either is invalid or the key is not every chain's quoteSigner: the
  // worker must not start with a configuration it cannot serve.
  Service(std::string_view config_json, std::string_view secrets_json);

  // Answers the op `op` with `input_json`. Never throws: an unknown op or a malformed input (a
  // worker bug) answers 500 internal with the reason in `detail`. Every op, where its shapes are:
  //   catalogue       "chains" {"confirmedChains"?}, "tokens" {"chainId"} (registry.h)
  //   quotes          "solverRequests" {"body", "key"?, "now"} (solver_protocol.h),
  //                   "quote" {"body", "key", "now", "random", "solverAnswers"?} (engine.h),
  //                   "legacyExactIn", "legacyExactOut" (legacy_quote.h)
  //   keys            "authorizeKey" {"key", "feature"} (key_access.h)
  //   vault checks    "vaultDerivationProbes", "vaultDerivationVerdict" (vault_derivation.h)
  //   status          "registerQuote", "mergeRegistration" (quote_registration.h),
  //                   "routeLogs", "applyLogs" (intent_logs.h), "intentStatus",
  //                   "legacyIntentStatus" (status_queries.h), "pollPlan" (poll_plan.h);
  //                   shapes in status_ops.h
  //   gasless         "gaslessVerify" (gasless.h), "gaslessJobLookup", "gaslessJobAdvance"
  //                   (gasless_job.h), "relayerAccount", "relayTransactions" (relay.h),
  //                   "fundingPreflight", "fundingPreflightVerdict" (funding_preflight.h)
  //   deposits        "depositSolverRequests", "depositCreate", "depositSubmitVerify",
  //                   "depositStatus", "depositVault" (deposit.h), "routeDepositTransfers", "depositObserve"
  //                   (deposit_transfers.h)
  //   webhooks        "webhookCreate", "webhookTarget", "webhookEvents", "webhookRetry" (webhooks.h)
  // A test (ServiceOps.EveryListedOpIsDispatched) holds this list and the dispatcher together.
  std::string handle(std::string_view op, std::string_view input_json) const;

  const Config& config() const { return config_; }

 private:
  Config config_;
  secp256k1::SecretKey signer_;
};

}  // namespace sr::service
