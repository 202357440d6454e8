// What a wallet needs before it sends a quote's funding on an EVM source chain: which approvals,
// in which order, and what the chain showed of the funder's allowance and balance when the quote
// was made (docs/quote-engine.md, "Approvals and checks").
//
// - Op "solverRequests" answers "funderReads" beside the solver requests: the read-only calls
//   {"chainId", "calls": [{"id": "allowance", "to": token, "data": allowance(funder, Portal)},
//   {"id": "balance", "to": token, "data": balanceOf(funder)}]}, or null for an SVM source. The
//   worker makes them with eth_call at one block of a chain it reads, in one JSON-RPC batch. The
//   block is the node's head, asked first (eth_blockNumber), unless the answer names
//   "blockNumber": a head the worker asked for less than a bounded time ago (head_to_reuse below),
//   which it then reads at without asking again.
// - Op "quote" takes them back as "funderReads" {"chainId", "blockNumber", "results": {"<id>":
//   {"result": "0x…"} | {"error": "…"}}}; absent (or null) when the worker does not read the chain.
// - funding_steps decides, per quote (each has its own amount):
//     approvals: [] when the allowance read covers the amount; [approve(Portal, amount)] when it
//       does not; [approve(Portal, 0), approve(Portal, amount)] when the token is configured
//       approvalReset (its approve of a non-zero amount over a non-zero allowance reverts, as
//       USDT's on Ethereum) and the allowance read is not zero. Without a read (a chain the
//       service does not read, or a read the node refused) the approval is always listed, after a
//       reset for an approvalReset token (a leftover allowance cannot be ruled out).
//     checks: {"allowance": {"spender", "actual", "required"}, "balance": {"actual", "required"},
//       "blockNumber"}, or null without a read. A balance below the amount is stated here, never
//       refused: the funder may receive tokens before sending.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/evm_transaction.h"
#include "service/config/config.h"
#include "service/quotes/quote_request.h"

namespace sr::service {

struct FunderReads {
  U256 allowance;
  U256 balance;
  std::uint64_t block_number = 0;
};

// The heads the worker keeps, one per chain, from its last eth_blockNumber there: op
// "solverRequests"'s inputs "heads" {"<chainId>": {"blockNumber": "0x…", "readAtMs"}}, "nowMs"
// (the worker's clock, Unix ms) and "headReuseMs" (the deployment's QUOTE_HEAD_REUSE_MS).
struct HeadReuse {
  const nlohmann::ordered_json* heads = nullptr;  // nullptr: none kept
  std::uint64_t now_ms = 0;
  std::uint64_t reuse_ms = 0;  // 0: never reuse
};

// However the deployment sets it, a head is reused for at most this long: about one block of the
// fastest EVM chains served (Base, Optimism, Polygon: 2 s), so a read pinned to a reused head is
// never more behind the chain than a node one block behind its balancer already is.
inline constexpr std::uint64_t kMaxHeadReuseMs = 2000;

// The block a quote's funder reads on `chain_id` pin to without asking the node: the kept head
// when it was asked for at most min(reuse_ms, kMaxHeadReuseMs) - 1 ms before now_ms (and not
// after it: a clock that went back proves nothing), else nullopt (the worker asks the head).
// Why a head that old is safe to read at: docs/quote-engine.md, "Approvals and checks". A kept
// head that is malformed is the worker's mistake (OpInputError naming the field).
std::optional<std::uint64_t> head_to_reuse(const HeadReuse& reuse, std::uint64_t chain_id);

// The "funderReads" member of op "solverRequests": the calls (and the head to read them at, when
// one is reused), or null for an SVM source.
nlohmann::ordered_json funder_read_calls(const Config& config, const QuoteRequest& request, const HeadReuse& reuse = {});

// Op "quote"'s "funderReads" input (nullptr: none). Malformed, or about another chain: the
// worker's mistake (OpInputError). nullopt when a call failed: the quote is then made as on a
// chain the service does not read.
std::optional<FunderReads> read_funder_reads(const nlohmann::ordered_json* input, const QuoteRequest& request);

struct FundingSteps {
  std::vector<protocol::EvmTransaction> approvals;  // in sending order
  nlohmann::ordered_json checks;                     // null without a read
};

FundingSteps funding_steps(const ChainRecord& chain, const TokenRecord* token, const Address& funder,
                           const Address& token_address, const U256& amount, const std::optional<FunderReads>& reads);

}  // namespace sr::service
