#include "service/status/finality.h"

#include <charconv>
#include <string>

#include "service/status/status_records.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

ChainHeads read_chain_heads(const OpInput& in) {
  ChainHeads heads;
  const Json* given = in.optional("chainHeads");
  if (!given || given->is_null()) return heads;
  const auto fail = [](const std::string& what) { throw OpInputError("chainHeads" + what); };
  if (!given->is_object()) fail(" must be an object keyed by chain id");
  for (auto item = given->begin(); item != given->end(); ++item) {
    const std::string& key = item.key();
    const Json& value = item.value();
    // Decimal digits only: stoull would take " 1", "+1" and wrap "-1".
    std::uint64_t chain = 0;
    const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), chain);
    if (key.empty() || error != std::errc{} || end != key.data() + key.size()) fail(" keys must be chain ids");
    if (value.is_null()) continue;
    if (!value.is_object()) fail("." + key + " must be {head, finalized, depth}");
    const auto number = [&](const char* name, bool nullable) -> std::optional<std::uint64_t> {
      const auto it = value.find(name);
      if (nullable && (it == value.end() || it->is_null())) return std::nullopt;
      const auto n = it == value.end() ? std::nullopt : json_u64(*it);
      if (!n) fail("." + key + "." + name + " must be a block number");
      return n;
    };
    heads[chain] = ChainHead{*number("head", false), number("finalized", true), *number("depth", false), number("read", true)};
  }
  return heads;
}

TxFinality tx_finality(const ChainTx& tx, const ChainHeads& heads) {
  const auto it = heads.find(tx.chain_id);
  if (it == heads.end()) return {};
  const ChainHead& chain = it->second;
  const std::uint64_t confirmations = chain.head > tx.block_number ? chain.head - tx.block_number : 0;
  const bool reached = chain.head >= tx.block_number;
  const bool past_window = confirmations >= chain.depth && (!chain.read || tx.block_number + chain.depth <= *chain.read);
  const bool final = reached && (chain.finalized ? tx.block_number <= *chain.finalized : past_window);
  return {confirmations, final};
}

bool status_final(const IntentRecord& record, IntentStatus status, const ChainHeads& heads) {
  const auto final_tx = [&](IntentStep step) { return record.tx(step) && tx_finality(*record.tx(step), heads).final; };
  switch (status) {
    case IntentStatus::settled: return final_tx(IntentStep::proven) || final_tx(IntentStep::withdrawn);
    case IntentStatus::refunded: return final_tx(IntentStep::refunded);
    default: return false;
  }
}

bool status_ends_watch(IntentStatus status) {
  return status == IntentStatus::settled || status == IntentStatus::refunded || status == IntentStatus::failed;
}

}  // namespace sr::service
