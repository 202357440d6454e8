// Op "gaslessJobRetention": when a gasless job's object may be deleted. A job is the record that
// a quote's funding was relayed (or refused); it is final once published or failed, and kept
// `keepSec` (30 days by default) after it finished, for the partner to read, then deleted with
// its object's storage. An accepted job (relaying, retrying or waiting for the gas price) is kept.
//
// Deleting a finished job cannot make its funding pay twice: the same signed payload submitted
// again goes through verification like a first submit, and by then the quote expired long ago
// (quotes live minutes, the job is kept for days), so the core refuses it (400 naming
// quote.expiresAt); even before that, the authorization's on-chain nonce was spent by the
// published funding, so the preflight simulation refuses it (422 funding-would-fail) and nothing
// is sent. A failed job moved no money, so a payload accepted again moves it at most once.
//
// {"job", "keepSec"?} -> 200 {"deleteAt": unix seconds | null} (null: accepted, or published and
// not final yet, so still watched for a reorganisation: kept).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

inline constexpr std::uint64_t kGaslessJobKeepSec = 30 * 86'400;

OpResult gasless_job_retention_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
