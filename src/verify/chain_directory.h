// The chain and token records a verifier trusts, as the dapp read them from GET /v1/chains and
// GET /v1/tokens (edge-worker/openapi.json). A quote is checked against these, never against addresses
// the quote itself carries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/json_members.h"

#include "crypto/bytes.h"
#include "eth/address.h"
#include "protocol/account.h"
#include "protocol/vm.h"

namespace sr::verify {

// How long an intent may wait on a chain (the chain record's `limits`): a route deadline at most
// maxFillWindowSec after the moment its intent can be filled on this (destination) chain, a reward
// deadline at most maxRewardWindowSec after its route deadline on this (source) chain, and a quote
// funded from this chain expiring at most maxQuoteLifetimeSec after it is issued (a deposit address
// at its deadline, at most maxDepositLifetimeSec after it is issued). Without a bound
// a signer could lock a funder's money for years behind an unfillable intent.
struct ChainLimits {
  std::uint64_t max_fill_window_sec = 0;
  std::uint64_t max_reward_window_sec = 0;
  std::uint64_t max_quote_lifetime_sec = 0;
  std::uint64_t max_deposit_lifetime_sec = 0;  // a deposit address's answer, likewise (0: none)
};

struct ChainInfo {
  std::uint64_t chain_id = 0;
  Vm vm = Vm::evm;
  protocol::Account portal;                 // EVM Portal contract or Solana Portal program
  std::optional<protocol::Account> prover;  // null in the record: no prover configured
  std::optional<Hash32> vault_init_code_hash;
  std::optional<Address> permit2;
  std::optional<Address> permit3;
  std::optional<ChainLimits> limits;  // absent in older records: the deadline rules then fail
  Address quote_signer;  // EIP-712 signer of quotes whose source is this chain (an EVM key on every VM)
  // False for an SVM chain in a directory that checks EVM chains only: nothing but its id and VM
  // was read, and ChainDirectory::at refuses it.
  bool checked = true;
};

struct TokenInfo {
  std::uint64_t chain_id = 0;
  protocol::Account address;
  unsigned decimals = 0;
  std::vector<std::string> gasless;  // "permit3", "permit2", "erc3009"
  std::optional<std::string> eip712_name;
  std::optional<std::string> eip712_version;
};

class ChainDirectory {
 public:
  // A ChainRecord array or the {"chains": [...]} body of GET /v1/chains. Members the verifier does
  // not use are ignored; the ones it uses are read strictly (ParseError naming "chains[i].portal").
  // With check_svm false (the default in the EVM-only module, protocol/vm.h) an SVM chain's record
  // is kept by its id and VM alone, unchecked: GET /v1/chains lists Solana beside the EVM chains.
  static ChainDirectory from_json(const Json& chains, bool check_svm = svm_checked);
  static ChainDirectory from_json(const nlohmann::json& chains, bool check_svm = svm_checked);

  // Any record, checked or not.
  const ChainInfo* find(std::uint64_t chain_id) const;
  // ParseError "chain <id> is not in the chain records" when absent, and a ParseError naming the
  // chain an SVM chain this verifier does not check when its record is unchecked.
  const ChainInfo& at(std::uint64_t chain_id) const;
  // The same with "<path>: " in front, for a chain id read at `path`.
  const ChainInfo& at(std::uint64_t chain_id, const Path& path) const;

 private:
  std::vector<ChainInfo> chains_;
};

class TokenDirectory {
 public:
  // A TokenRecord array or the {"tokens": [...]} body of GET /v1/tokens. Addresses are read for
  // the VM of their chain in `chains` (tokens of unknown chains are a ParseError; those of an
  // unchecked chain are left out).
  static TokenDirectory from_json(const Json& tokens, const ChainDirectory& chains);
  static TokenDirectory from_json(const nlohmann::json& tokens, const ChainDirectory& chains);

  const TokenInfo* find(std::uint64_t chain_id, const protocol::Account& address) const;

 private:
  std::vector<TokenInfo> tokens_;
};

}  // namespace sr::verify
