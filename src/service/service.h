// The core's single entry point across the wasm boundary: one Service
// per isolate, built from the configuration and the secrets, answering operations by name with
// JSON {"status", "body", "headers"?, "registrations"?, "simulations"?}. The worker sends `status`
// as the HTTP status and `body` as the JSON body (adding requestId and transport headers);
// `registrations` (ops "quote", "depositCreate") are the records it stores for the quote's
// intents, `simulations` (op "quote") the calls it simulates for the quote's gas.
#pragma once

#include <string>
#include <string_view>

#include "crypto/secp256k1.h"
#include "service/config/config.h"

namespace sr::service {

class Service {
 public:
  // config_json: {"service", "chains", "tokens", "solvers", "partners", "keys"?}; secrets_json:
  // {"quoteSignerKey": "0x…"}. Throws (ConfigError, ParseError, std::invalid_argument) with a
  // precise message when either is invalid or the key is not every chain's quoteSigner: the
  // worker must not start with a configuration it cannot serve.
  Service(std::string_view config_json, std::string_view secrets_json);

  // Answers the op `op` with `input_json`. Never throws: an unknown op or a malformed input (a
  // worker bug) answers 500 internal with the reason in `detail`. Every op is in op_table.h, its
  // input and answer in ops.json.
  std::string handle(std::string_view op, std::string_view input_json) const;

  const Config& config() const { return config_; }

 private:
  Config config_;
  secp256k1::SecretKey signer_;
};

}  // namespace sr::service
