// Deposit addresses funded by a plain ERC-20 transfer into the vault (funding method "transfer"),
// decided here from Transfer logs read at a confirmation depth. The worker reads them with the
// chain's other logs: the chain's reader (edge-worker/src/chain/reader.js) keeps the watched
// vaults of its chain, fetches the transfer filters pollPlan adds to each range (ops.json),
// routes the logs to their vaults (routeDepositTransfers) and hands each vault's part, range by
// range, to the vault's object, which keeps what depositObserve returns and creates the funding
// job when it answers "funded". Nothing polls per address.
//
// Transfer (the stored form): {"transactionHash", "blockNumber", "logIndex", "token", "from",
//   "value"}: block and log index as JSON integers, addresses checksummed, value a decimal string.
//
// "routeDepositTransfers" {"chainId", "logs": [eth_getLogs log], "deposits": [{"vault", "token",
//   "recheckFrom"?}], "toBlock"?}
//   -> 200 {"byVault": {"<vault, lowercase>": [Transfer]}, "ignored": [{"index", "reason"}],
//   "due": [vault, lowercase]}
//   | 400 naming chainId, logs or logs[i] (a log that is not an eth_getLogs log) | 422 for an
//   unconfigured chain: the same reading as routeLogs. Counted: ERC-20 Transfer logs of a watched
//   vault's own token into it. Ignored with a reason: other events, transfers to other addresses
//   or of another token (a filter lists several vaults and tokens at once), Transfer logs not in
//   the event's exact ABI shape, logs marked removed (the re-read range replaces them anyway).
//   `deposits` are the reader's stored watch list (a worker bug when malformed: 500). `due`: the
//   vaults whose objects the range is handed to, in the list's order: those with transfers in it,
//   and those whose unconfirmed transfers (recheckFrom) the range's last block, toBlock, reaches,
//   so they can count them confirmed; none with no toBlock.
//   Each object answers with its state (depositObserve, through op depositAddressStep): while it
//   is "waiting" the reader keeps the vault with that answer's recheckFrom, else stops watching it.
//
// "depositObserve" {"deposit": {record, intent}, "transfers": [Transfer] (held),
//   "delivery": {"fromBlock", "toBlock", "transfers": [Transfer]}, "confirmations", "now"}
//   -> 200 {"transfers": [Transfer], "state": "funded"|"waiting"|"expired", "received",
//   "confirmed", "recheckFrom": block|null}
//   - `transfers`: what to keep. The delivery is everything the reader found for this vault in
//     blocks fromBlock..toBlock, so it replaces whatever was held in those blocks (a transfer
//     reorganised away in the re-read confirmation window disappears; one re-included elsewhere
//     moves) and a log read twice is kept once (key: transactionHash, logIndex). Ordered by
//     block, then log index.
//   - A transfer in block n is confirmed when n + confirmations <= toBlock + 1 (it has that many
//     blocks, itself included, in what the reader has read). toBlock stands for the head, not the
//     chain's latest block: only blocks read in this round are known to be current, and the
//     reader re-reads a window of `confirmations` blocks (pollPlan), so every unconfirmed
//     transfer is re-read before it can count. `confirmations` is the reader's, the same
//     POLL_CONFIRMATIONS that sizes that window.
//   - received: the sum of all kept transfers; confirmed: of the confirmed ones (decimal strings).
//   - state: "expired" once now > the address's deadline (it accepts no more funding, as
//     depositSubmitVerify refuses it); else "funded" when confirmed >= source.amount (the worker
//     then creates the one funding job: depositSubmitVerify "transfer"); else "waiting".
//   - recheckFrom: while waiting, the lowest block of an unconfirmed transfer (the reader hands
//     the vault every later range that reaches it, even without new transfers, so the transfer
//     is confirmed or replaced); null when nothing waits on depth.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <optional>

#include "eth/address.h"
#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

// One vault the reader watches and the token that funds it.
struct WatchedDeposit {
  Address vault;
  Address token;
  // The lowest block of an unconfirmed transfer the vault's object holds (its last "waiting"
  // answer), or nullopt: a range reaching it is handed over even with no transfer in it.
  std::optional<std::uint64_t> recheck_from;
};

// The reader's watch list ([{"vault", "token", "recheckFrom"?}]); OpInputError naming `path` when malformed.
std::vector<WatchedDeposit> read_watched_deposits(const nlohmann::ordered_json& list, const std::string& path);

// How many vaults one Transfer filter lists (topic 2 is an OR over them). Providers bound the
// size of a filter; a chain with more watched vaults gets several filters per range.
inline constexpr std::size_t kVaultsPerTransferFilter = 100;

// The eth_getLogs filters of blocks from..to that find every Transfer into a watched vault:
// {"address": [the chunk's tokens], "topics": [Transfer topic0, null, [vault topics]],
//  "fromBlock", "toBlock"}, one per kVaultsPerTransferFilter vaults; empty without vaults.
nlohmann::ordered_json transfer_filters(const std::vector<WatchedDeposit>& watched, std::uint64_t from, std::uint64_t to);

OpResult route_deposit_transfers_op(const Config& config, const nlohmann::ordered_json& input);
OpResult deposit_observe_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
