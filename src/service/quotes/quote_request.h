// The v1 quote request (POST /v1/quotes), validated into a typed QuoteRequest. Validation reads
// the whole body before answering, so one 400 lists every field to correct with its dotted path.
//
// Decisions the specification leaves open (they are also in the OpenAPI document):
// - Precedence: field errors answer 400 invalid-request first; only a request whose fields are
//   all valid and that names an unconfigured chain answers 422 chain-not-supported. While the
//   chain is unknown its addresses only have to be addresses on some VM.
// - Per type: exact-in needs source.amount and refuses destination.amount; exact-out needs
//   destination.amount and refuses source.amount; custom needs source.amount and a non-empty
//   destination.calls and refuses destination.amount. destination.calls is refused for
//   exact-in and exact-out. A refused amount is 400 rather than ignored: it would conflict with
//   the amount the quote computes.
// - slippage: a JSON number (not a string) in [service.slippage.min, max] (by default the
//   specified 0.0001..1), at most 6 decimal places; default service.slippage.default (0.005).
// - dappId: 1 to 128 Unicode characters, no control characters.
// - Addresses: valid for the chain's VM (EVM: 0x + 40 hex, EIP-55 when mixed case; SVM: base58
//   of 32 bytes) and never the all-zero address.
// - Amounts: JSON strings of decimal digits, no leading zeros, > 0, at most 2^256-1 on EVM and
//   2^64-1 on SVM. A call's value may be 0 and defaults to "0"; on an SVM destination it must be
//   0 (Solana calls carry no native value).
// - destination.calls: at most service.maxCalls entries of {target, data (0x-hex), value?}.
// - A token not listed for its chain is not a 400: the engine answers 502 solver-error, as the
//   specification lists unlisted tokens among the reasons no solver fills a route.
// - Retired names: swapType ("use `type`"), root funder ("use `source.funder`") and
//   encodedRoute in any object of the request. Unknown members are refused at every level.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "service/common/chain_address.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

enum class QuoteType { exact_in, exact_out, custom };
std::string_view quote_type_name(QuoteType type);  // "exact-in" | "exact-out" | "custom"

struct DestinationCall {
  ChainAddress target;
  Bytes data;
  U256 value;  // native value in the destination's base units; always 0 on SVM
};

struct QuoteSource {
  std::uint64_t chain_id = 0;
  ChainAddress token;
  std::optional<U256> amount;  // present for exact-in and custom, absent for exact-out
  ChainAddress funder;
  ChainAddress refund_recipient;  // source.refundRecipient, or the funder when not given
};

struct QuoteDestination {
  std::uint64_t chain_id = 0;
  ChainAddress token;
  ChainAddress recipient;
  std::optional<U256> amount;          // present for exact-out only
  std::vector<DestinationCall> calls;  // non-empty for custom only
};

struct QuoteRequest {
  QuoteType type = QuoteType::exact_in;
  QuoteSource source;
  QuoteDestination destination;
  std::uint32_t slippage_millionths = 5000;  // 5000 = 0.005 = 0.5%
  std::string dapp_id;
  bool all_quotes = false;
};

// The typed request, or the 400 invalid-request / 422 chain-not-supported answer.
Validated<QuoteRequest> validate_quote_request(const nlohmann::ordered_json& body, const Config& config);

// Messages for retired names, shared with every reader that meets them.
inline constexpr std::string_view kEncodedRouteRemoved =
    "was removed; the decoded intent is in steps[].intents[].intent";

}  // namespace sr::service
