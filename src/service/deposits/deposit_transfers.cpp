#include "service/deposits/deposit_transfers.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <variant>

#include "crypto/hex.h"
#include "protocol/events.h"
#include "protocol/json_fields.h"
#include "service/chain/chain_logs.h"
#include "service/deposits/deposit.h"
#include "service/common/op_input.h"

namespace sr::service {

namespace jf = protocol::json_fields;
namespace ev = protocol::events;
using Json = nlohmann::ordered_json;

namespace {

struct Transfer {
  Hash32 transaction_hash{};
  std::uint64_t block_number = 0;
  std::uint64_t log_index = 0;
  Address token;
  Address from;
  U256 value;

  // Deduplication key: a log is one (transaction, position in its block).
  std::pair<Hash32, std::uint64_t> key() const { return {transaction_hash, log_index}; }
  auto order() const { return std::tie(block_number, log_index, transaction_hash); }
};

Json transfer_to_json(const Transfer& t) {
  return Json{{"transactionHash", hex::encode(t.transaction_hash)},
              {"blockNumber", t.block_number},
              {"logIndex", t.log_index},
              {"token", t.token.checksummed()},
              {"from", t.from.checksummed()},
              {"value", t.value.to_decimal()}};
}

Transfer transfer_from_json(const Json& value, const jf::Path& path) {
  const jf::Object o(value, path, {"transactionHash", "blockNumber", "logIndex", "token", "from", "value"});
  return Transfer{o.read("transactionHash", jf::read_hash32), o.read("blockNumber", jf::read_u64_number),
                  o.read("logIndex", jf::read_u64_number),    o.read("token", jf::read_address),
                  o.read("from", jf::read_address),           o.read("value", jf::read_decimal, 256u)};
}

// Stored or routed transfers: the worker's own data, so a malformed one is a 500.
std::vector<Transfer> read_transfers(const Json& value, const std::string& path, std::string_view op) {
  try {
    return jf::read_each(value, path, transfer_from_json);
  } catch (const ParseError& e) {
    throw OpInputError("op \"" + std::string(op) + "\": " + e.what());
  }
}

// An address as a 32-byte topic (indexed address parameters are left-padded with zeros).
std::string address_topic(const Address& address) { return "0x" + std::string(24, '0') + address.lower_hex().substr(2); }

}  // namespace

std::vector<WatchedDeposit> read_watched_deposits(const Json& list, const std::string& path) {
  try {
    return jf::read_each(list, path, [](const Json& value, const jf::Path& item_path) {
      const jf::Object o(value, item_path, {"vault", "token"}, {"recheckFrom"});
      std::optional<std::uint64_t> recheck_from;
      if (const Json* from = o.find("recheckFrom"); from != nullptr && !from->is_null()) {
        recheck_from = jf::non_negative_integer(*from);
        if (!recheck_from) throw ParseError(o.path("recheckFrom") + " must be a block number or null");
      }
      return WatchedDeposit{o.read("vault", jf::read_address), o.read("token", jf::read_address), recheck_from};
    });
  } catch (const ParseError& e) {
    throw OpInputError(e.what());
  }
}

Json transfer_filters(const std::vector<WatchedDeposit>& watched, std::uint64_t from, std::uint64_t to) {
  Json filters = Json::array();
  for (std::size_t first = 0; first < watched.size(); first += kVaultsPerTransferFilter) {
    const std::size_t last = std::min(watched.size(), first + kVaultsPerTransferFilter);
    std::set<std::string> tokens;
    std::set<std::string> vaults;  // sorted and distinct: the same filter for the same watch list
    for (std::size_t i = first; i < last; ++i) {
      tokens.insert(watched[i].token.checksummed());
      vaults.insert(address_topic(watched[i].vault));
    }
    filters.push_back(Json{{"address", Json(std::vector<std::string>(tokens.begin(), tokens.end()))},
                           {"topics", Json::array({hex::encode(ev::erc20_transfer().topic0), nullptr,
                                                   Json(std::vector<std::string>(vaults.begin(), vaults.end()))})},
                           {"fromBlock", rpc_quantity(from)},
                           {"toBlock", rpc_quantity(to)}});
  }
  return filters;
}

OpResult route_deposit_transfers_op(const Config& config, const Json& input) {
  const OpInput in(input, "routeDepositTransfers");
  ChainLogs read = read_chain_logs(config, in);
  if (read.refused) return *read.refused;
  std::map<Address, Address> token_of;  // vault -> the token that funds it
  const std::vector<WatchedDeposit> watched = read_watched_deposits(in.member("deposits"), "deposits");
  for (const WatchedDeposit& w : watched) token_of[w.vault] = w.token;
  const Json* to_block = in.optional("toBlock");
  const std::optional<std::uint64_t> to = to_block ? jf::non_negative_integer(*to_block) : std::nullopt;
  if (to_block && !to) throw OpInputError("op \"routeDepositTransfers\": toBlock must be a block number");

  Json by_vault = Json::object();
  Json ignored = Json::array();
  const auto ignore = [&](std::size_t index, std::string reason) {
    ignored.push_back(Json{{"index", index}, {"reason", std::move(reason)}});
  };
  for (std::size_t i = 0; i < read.logs.size(); ++i) {
    const ev::Log& log = read.logs[i];
    if (log.removed) {
      ignore(i, "removed by a reorganisation (the re-read range replaces its block)");
      continue;
    }
    std::optional<ev::Event> event;
    try {
      event = ev::decode_event(log);
    } catch (const ParseError& e) {
      ignore(i, std::string("malformed event: ") + e.what());
      continue;
    }
    const auto* transfer = event ? std::get_if<ev::Erc20Transfer>(&*event) : nullptr;
    if (!transfer) {
      ignore(i, "not an ERC-20 Transfer");
      continue;
    }
    const auto watched = token_of.find(transfer->to);
    if (watched == token_of.end()) {
      ignore(i, "not a transfer into a watched deposit vault");
      continue;
    }
    if (watched->second != transfer->token) {
      ignore(i, "a transfer of another token than the one that funds the vault");
      continue;
    }
    by_vault[transfer->to.lower_hex()].push_back(transfer_to_json(
        Transfer{log.transaction_hash, log.block_number, log.log_index, transfer->token, transfer->from, transfer->value}));
  }
  Json due = Json::array();
  if (to) {
    for (const WatchedDeposit& w : watched) {
      const std::string vault = w.vault.lower_hex();
      if (by_vault.contains(vault) || (w.recheck_from && *w.recheck_from <= *to)) due.push_back(vault);
    }
  }
  return ok(Json{{"byVault", std::move(by_vault)}, {"ignored", std::move(ignored)}, {"due", std::move(due)}});
}

OpResult deposit_observe_op(const Config& config, const Json& input) {
  constexpr std::string_view op = "depositObserve";
  const OpInput in(input, std::string(op));
  const StoredDeposit d = stored_deposit(config, in, op);
  const std::uint64_t now = in.unix_seconds("now");
  const std::uint64_t confirmations = in.unix_seconds("confirmations");
  const Json& delivery = in.member("delivery");
  if (!delivery.is_object()) throw OpInputError("op \"depositObserve\": delivery must be an object");
  const auto from_block = jf::non_negative_integer(delivery.value("fromBlock", Json()));
  const auto to_block = jf::non_negative_integer(delivery.value("toBlock", Json()));
  if (!from_block || !to_block || *from_block > *to_block) {
    throw OpInputError("op \"depositObserve\": delivery needs block numbers fromBlock <= toBlock");
  }
  const std::vector<Transfer> held = read_transfers(in.member("transfers"), "transfers", op);
  const std::vector<Transfer> delivered =
      read_transfers(delivery.contains("transfers") ? delivery["transfers"] : Json(), "delivery.transfers", op);
  for (const Transfer& t : delivered) {
    if (t.block_number < *from_block || t.block_number > *to_block) {
      throw OpInputError("op \"depositObserve\": a delivered transfer lies outside fromBlock..toBlock");
    }
  }
  for (const auto* list : {&held, &delivered}) {
    for (const Transfer& t : *list) {
      if (t.token != d.token->address.evm()) {
        throw OpInputError("op \"depositObserve\": a transfer of another token than the deposit's");
      }
    }
  }

  // The delivery replaces its blocks; a log seen again (in the delivery, or moved by a
  // reorganisation from a held block) is kept once, as last read.
  std::map<std::pair<Hash32, std::uint64_t>, Transfer> kept;
  for (const Transfer& t : held) {
    if (t.block_number < *from_block || t.block_number > *to_block) kept.insert_or_assign(t.key(), t);
  }
  for (const Transfer& t : delivered) kept.insert_or_assign(t.key(), t);
  std::vector<Transfer> transfers;
  transfers.reserve(kept.size());
  for (auto& [key, t] : kept) transfers.push_back(std::move(t));
  std::sort(transfers.begin(), transfers.end(), [](const Transfer& a, const Transfer& b) { return a.order() < b.order(); });

  // Confirmed: block + confirmations <= toBlock + 1, written without overflow. Sums saturate: no
  // token's supply comes near 2^256, and a saturated sum still covers any amount.
  const auto confirmed_at = [&](const Transfer& t) {
    return t.block_number <= *to_block && *to_block - t.block_number + 1 >= confirmations;
  };
  U256 received;
  U256 confirmed;
  std::optional<std::uint64_t> recheck_from;
  for (const Transfer& t : transfers) {
    received = received.checked_add(t.value).value_or(U256::max());
    if (confirmed_at(t)) {
      confirmed = confirmed.checked_add(t.value).value_or(U256::max());
    } else if (!recheck_from || t.block_number < *recheck_from) {
      recheck_from = t.block_number;
    }
  }

  std::string state = "waiting";
  if (now > d.deadline) {
    state = "expired";
  } else if (confirmed >= d.amount) {
    state = "funded";
  }
  if (state != "waiting") recheck_from.reset();

  Json kept_json = Json::array();
  for (const Transfer& t : transfers) kept_json.push_back(transfer_to_json(t));
  return ok(Json{{"transfers", std::move(kept_json)},
                 {"state", state},
                 {"received", received.to_decimal()},
                 {"confirmed", confirmed.to_decimal()},
                 {"recheckFrom", recheck_from ? Json(*recheck_from) : Json(nullptr)}});
}

}  // namespace sr::service
