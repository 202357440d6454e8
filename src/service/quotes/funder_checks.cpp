#include "service/quotes/funder_checks.h"

#include <algorithm>
#include <string>

#include "crypto/hex.h"
#include "protocol/contract_calls.h"
#include "protocol/erc20.h"
#include "service/chain/chain_logs.h"
#include "service/common/op_input.h"
#include "service/status/status_records.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

namespace calls = protocol::contract_calls;

bool evm_source(const Config& config, const QuoteRequest& request) {
  const ChainRecord* chain = config.chain(request.source.chain_id);
  return chain && chain->vm == Vm::evm && request.source.token.vm() == Vm::evm && request.source.funder.vm() == Vm::evm;
}

[[noreturn]] void malformed(const std::string& what) { throw OpInputError("op \"quote\": funderReads " + what); }

// One call's answer: the 32-byte word it returned, nullopt when the node refused or the call
// reverted (a token without the function), malformed otherwise.
std::optional<U256> word_of(const json& results, const char* id) {
  const auto it = results.find(id);
  if (it == results.end() || !it->is_object()) malformed(std::string("results.") + id + " is missing");
  const auto result = it->find("result");
  if (result == it->end()) {
    if (!it->contains("error")) malformed(std::string("results.") + id + " has neither result nor error");
    return std::nullopt;
  }
  if (!result->is_string()) malformed(std::string("results.") + id + ".result must be 0x-hex");
  Bytes bytes;
  try {
    bytes = hex::decode(result->get<std::string>());
  } catch (const Error&) {
    malformed(std::string("results.") + id + ".result must be 0x-hex");
  }
  // A token that answers something other than one word (no such function: empty data) is read
  // as unread, like a revert: the quote then lists the approval, as on a chain nobody reads.
  if (bytes.size() != 32) return std::nullopt;
  return U256::from_be_bytes(ByteView(bytes));
}

// A JSON-RPC quantity: "0x" and 1..16 hex digits, no leading zero.
std::optional<std::uint64_t> hex_quantity(const std::string& text) {
  if (text.size() < 3 || text.size() > 18 || text.compare(0, 2, "0x") != 0) return std::nullopt;
  if (text.size() > 3 && text[2] == '0') return std::nullopt;
  std::uint64_t value = 0;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return std::nullopt;
    value = value * 16 + static_cast<std::uint64_t>(digit);
  }
  return value;
}

}  // namespace

std::optional<std::uint64_t> head_to_reuse(const HeadReuse& reuse, std::uint64_t chain_id) {
  if (!reuse.heads) return std::nullopt;
  const auto bad = [](const std::string& what) -> OpInputError {
    return OpInputError("op \"solverRequests\": heads" + what);
  };
  if (!reuse.heads->is_object()) throw bad(" must be an object");
  const std::string key = std::to_string(chain_id);
  const auto head = reuse.heads->find(key);
  if (head == reuse.heads->end()) return std::nullopt;
  if (!head->is_object()) throw bad("." + key + " must be an object");
  const auto block = head->find("blockNumber");
  const std::optional<std::uint64_t> block_number =
      block != head->end() && block->is_string() ? hex_quantity(block->get<std::string>()) : std::nullopt;
  if (!block_number) throw bad("." + key + ".blockNumber must be the node's hex quantity (eth_blockNumber)");
  const auto read_at = head->find("readAtMs");
  const std::optional<std::uint64_t> read_at_ms = read_at != head->end() ? count_at_least(*read_at, 0) : std::nullopt;
  if (!read_at_ms) throw bad("." + key + ".readAtMs must be Unix milliseconds");
  const std::uint64_t bound = std::min(reuse.reuse_ms, kMaxHeadReuseMs);
  if (*read_at_ms > reuse.now_ms || reuse.now_ms - *read_at_ms >= bound) return std::nullopt;
  return block_number;
}

json funder_read_calls(const Config& config, const QuoteRequest& request, const HeadReuse& reuse) {
  if (!evm_source(config, request)) return nullptr;
  const Address token = request.source.token.evm();
  const Address funder = request.source.funder.evm();
  const Address portal = config.chain(request.source.chain_id)->portal.evm();
  const auto call = [&](const char* id, const Bytes& data) {
    return json{{"id", id}, {"to", token.checksummed()}, {"data", hex::encode(data)}};
  };
  json reads{{"chainId", request.source.chain_id},
             {"calls", json::array({call("allowance", calls::erc20_allowance().encode({funder, portal})),
                                    call("balance", calls::erc20_balance_of().encode({funder}))})}};
  if (const auto head = head_to_reuse(reuse, request.source.chain_id)) reads["blockNumber"] = rpc_quantity(*head);
  return reads;
}

std::optional<FunderReads> read_funder_reads(const json* input, const QuoteRequest& request) {
  if (!input) return std::nullopt;
  if (!input->is_object()) malformed("must be an object");
  const auto chain = input->find("chainId");
  if (chain == input->end() || json_u64(*chain) != request.source.chain_id) {
    malformed("must name the source chain " + std::to_string(request.source.chain_id));
  }
  const auto block = input->find("blockNumber");
  const std::optional<std::uint64_t> block_number =
      block != input->end() && block->is_string() ? hex_quantity(block->get<std::string>()) : std::nullopt;
  if (!block_number) malformed("blockNumber must be the node's hex quantity (eth_blockNumber)");
  const auto results = input->find("results");
  if (results == input->end() || !results->is_object()) malformed("results must be an object");
  const auto allowance = word_of(*results, "allowance");
  const auto balance = word_of(*results, "balance");
  if (!allowance || !balance) return std::nullopt;
  return FunderReads{*allowance, *balance, *block_number};
}

FundingSteps funding_steps(const ChainRecord& chain, const TokenRecord* token, const Address& funder,
                           const Address& token_address, const U256& amount, const std::optional<FunderReads>& reads) {
  const Address portal = chain.portal.evm();
  const auto approve = [&](const U256& value) {
    return protocol::EvmTransaction{chain.chain_id, funder, token_address, protocol::erc20::approve(portal, value), U256{}};
  };
  const bool reset_token = token && token->approval_reset;
  FundingSteps out;
  if (!reads) {
    if (reset_token) out.approvals.push_back(approve(U256{}));
    out.approvals.push_back(approve(amount));
    out.checks = nullptr;
    return out;
  }
  if (reads->allowance < amount) {
    if (reset_token && !reads->allowance.is_zero()) out.approvals.push_back(approve(U256{}));
    out.approvals.push_back(approve(amount));
  }
  out.checks = json{{"allowance",
                     {{"spender", portal.checksummed()},
                      {"actual", reads->allowance.to_decimal()},
                      {"required", amount.to_decimal()}}},
                    {"balance", {{"actual", reads->balance.to_decimal()}, {"required", amount.to_decimal()}}},
                    {"blockNumber", reads->block_number}};
  return out;
}

}  // namespace sr::service
