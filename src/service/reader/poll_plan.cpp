#include "service/reader/poll_plan.h"

#include <algorithm>
#include <string>
#include <vector>

#include "crypto/hex.h"
#include "protocol/events.h"
#include "service/chain/chain_logs.h"
#include "service/deposits/deposit_transfers.h"
#include "service/common/op_input.h"
#include "service/status/status_records.h"

namespace sr::service {

namespace ev = protocol::events;
using Json = nlohmann::ordered_json;

OpResult poll_plan_op(const Config& config, const Json& input) {
  OpInput in(input, "pollPlan");
  const auto number_or = [&](std::string_view name, std::uint64_t fallback, std::uint64_t min) {
    const Json* value = in.optional(name);
    if (!value) return fallback;
    const auto number = json_u64(*value);
    if (!number || *number < min) {
      throw OpInputError("op \"pollPlan\": " + std::string(name) + " must be an integer >= " + std::to_string(min));
    }
    return *number;
  };
  const std::uint64_t confirmations = number_or("confirmations", 12, 0);
  const std::uint64_t max_range = std::max(number_or("maxRange", 1000, 1), confirmations + 1);
  const std::uint64_t max_ranges = number_or("maxRanges", 4, 1);
  const std::uint64_t lookback = number_or("lookback", 10'000, 1);
  const Json* cursors = in.optional("cursors");
  const Json* heads = in.optional("heads");
  const Json* finalized = in.optional("finalized");
  const Json* rpc_urls = in.optional("rpcUrls");
  const Json* deposits = in.optional("deposits");
  if ((rpc_urls && !rpc_urls->is_object()) || (deposits && !deposits->is_object())) {
    throw OpInputError("op \"pollPlan\": rpcUrls and deposits must be objects keyed by chain id");
  }
  // A chain's endpoint: its configuration's (local chains), else the deployment's (CHAIN_RPC_URLS:
  // one URL, or several in order of preference, of which the reader fails over; the first is named).
  const auto rpc_url_of = [&](const ChainRecord& chain) -> std::optional<std::string> {
    if (chain.rpc_url) return chain.rpc_url;
    if (!rpc_urls) return std::nullopt;
    const auto it = rpc_urls->find(std::to_string(chain.chain_id));
    if (it == rpc_urls->end() || it->is_null()) return std::nullopt;
    if (it->is_string()) return it->get<std::string>();
    const bool urls = it->is_array() && !it->empty() &&
                      std::all_of(it->begin(), it->end(), [](const Json& url) { return url.is_string(); });
    if (!urls) throw OpInputError("op \"pollPlan\": rpcUrls values must be a URL or a non-empty list of URLs");
    return it->front().get<std::string>();
  };
  const auto block_of = [](const Json* map, std::uint64_t chain_id) -> std::optional<std::uint64_t> {
    if (!map) return std::nullopt;
    const auto it = map->find(std::to_string(chain_id));
    if (it == map->end() || it->is_null()) return std::nullopt;
    const auto block = json_u64(*it);
    if (!block) throw OpInputError("op \"pollPlan\": cursors and heads hold block numbers");
    return block;
  };

  Json topics = Json::array();
  for (const auto* signature : {&ev::intent_published(), &ev::intent_funded(), &ev::intent_fulfilled(),
                                &ev::intent_proven(), &ev::intent_proof_sent(), &ev::intent_withdrawn(),
                                &ev::intent_refunded()}) {
    topics.push_back(hex::encode(signature->topic0));
  }
  Json chains = Json::array();
  for (const ChainRecord& chain : config.chains()) {
    const std::optional<std::string> rpc_url = rpc_url_of(chain);
    if (!rpc_url || chain.vm != Vm::evm) continue;
    const std::string key = std::to_string(chain.chain_id);
    const std::vector<WatchedDeposit> watched =
        deposits && deposits->contains(key) ? read_watched_deposits((*deposits)[key], "deposits." + key)
                                            : std::vector<WatchedDeposit>{};
    Json addresses = Json::array({chain.portal.text()});
    if (chain.prover) addresses.push_back(chain.prover->text());
    Json ranges = Json::array();
    const std::optional<std::uint64_t> head = block_of(heads, chain.chain_id);
    if (head) {
      const std::optional<std::uint64_t> cursor = block_of(cursors, chain.chain_id);
      // A cursor above the head means another chain answers at this URL (a restarted node) or a
      // reorganisation far deeper than any window: read it as if new.
      std::uint64_t from = 0;
      if (!cursor || *cursor > *head) {
        from = *head >= lookback ? *head - lookback + 1 : 0;
      } else if (*cursor < *head) {
        from = *cursor + 1 > confirmations ? *cursor + 1 - confirmations : 0;
        // Where the node reports a finalized block, a transaction above it is not final
        // (finality.h) however deep below the head, so a reorganisation may still remove it:
        // everything above the finalized block of the last read is read again, up to one range
        // below the cursor (a chain whose finalized block lags further is re-read that deep).
        if (const auto last_final = block_of(finalized, chain.chain_id); last_final && *last_final + 1 < from) {
          const std::uint64_t deepest = *cursor + 1 > max_range ? *cursor + 1 - max_range : 0;
          from = std::max(*last_final + 1, deepest);
        }
      } else {
        from = *head + 1;  // nothing new: the window was read when these blocks arrived
      }
      for (std::uint64_t n = 0; n < max_ranges && from <= *head; ++n) {
        const std::uint64_t to = std::min(*head, from + max_range - 1);
        ranges.push_back(Json{{"fromBlock", from},
                              {"toBlock", to},
                              {"filter",
                               {{"address", addresses},
                                {"topics", Json::array({topics})},
                                {"fromBlock", rpc_quantity(from)},
                                {"toBlock", rpc_quantity(to)}}},
                              {"transferFilters", transfer_filters(watched, from, to)}});
        from = to + 1;
      }
    }
    chains.push_back(Json{{"chainId", chain.chain_id}, {"rpcUrl", *rpc_url}, {"ranges", std::move(ranges)}});
  }
  // "window": the most blocks below its cursor a round reads again (what a reader keeps notes of).
  return ok(Json{{"chains", std::move(chains)}, {"confirmations", confirmations}, {"window", max_range}});
}

}  // namespace sr::service
