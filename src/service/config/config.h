// The service configuration: chains, tokens, solvers, partners, API key records and service
// settings, read from the JSON the worker assembles from config/<env>/*.json and validated
// completely at load. A Config that exists is consistent: every token is on a configured chain,
// every solver pair names configured tokens, every address is valid for its chain's VM, every key
// names a configured partner or none. config/README.md documents each field.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "service/common/chain_address.h"
#include "service/common/problem.h"

namespace sr::service {

// Thrown by Config::from_json. what() lists every error ("invalid configuration: a; b; ...");
// errors() has them one by one with their paths ("chains[2].portal").
class ConfigError : public Error {
 public:
  explicit ConfigError(std::vector<FieldError> errors);
  const std::vector<FieldError>& errors() const { return errors_; }

 private:
  std::vector<FieldError> errors_;
};

struct NativeCurrency {
  std::string symbol;
  std::uint32_t decimals = 0;
};

struct ChainRecord {
  std::uint64_t chain_id = 0;
  std::string name;
  Vm vm = Vm::evm;
  ChainAddress portal;                     // EVM Portal contract, or the Solana Portal program
  std::optional<ChainAddress> prover;      // nullopt: the chain cannot be a source (no reward prover)
  std::optional<Address> permit2;          // EVM only; nullopt where not deployed
  std::optional<Address> permit3;          // EVM only; nullopt where not deployed
  std::optional<Hash32> vault_init_code_hash;  // EVM: required (CREATE2 vaults); SVM: vaults are PDAs
  Address quote_signer;                    // always an EVM address: quotes are EIP-712 signed
  NativeCurrency native_currency;
  std::string block_explorer_url;          // no trailing slash, so "<url>/tx/<hash>" works; empty: none (local chains)
  std::optional<std::string> rpc_url;      // local chains only
};

enum class GaslessStandard { permit3, permit2, erc3009 };
std::string_view gasless_name(GaslessStandard standard);  // "permit3" | "permit2" | "erc3009"

struct Eip712Domain {
  std::string name;
  std::string version;
};

struct TokenRecord {
  std::uint64_t chain_id = 0;
  ChainAddress address;
  std::string symbol;
  std::string name;
  std::uint32_t decimals = 0;
  std::vector<GaslessStandard> gasless;  // canonical order: permit3, permit2, erc3009
  std::optional<Eip712Domain> eip712;    // the token's own EIP-712 domain (ERC-3009, EIP-2612)
  // SVM tokens only: the program that owns the mint (SPL Token or Token-2022). A payment on
  // Solana invokes it, and the token accounts it credits are derived under it.
  std::optional<svm::Pubkey> token_program;
  // EVM: the token's approve of a non-zero amount over a non-zero allowance reverts (USDT on
  // Ethereum), so an allowance is reset to 0 before it changes (tokens.json approvalReset).
  bool approval_reset = false;

  bool supports(GaslessStandard standard) const;
};

// A token named by chain and address: how solvers and lookups refer to tokens.
struct TokenKey {
  std::uint64_t chain_id = 0;
  ChainAddress address;

  friend bool operator==(const TokenKey&, const TokenKey&) = default;
  friend auto operator<=>(const TokenKey&, const TokenKey&) = default;
};

struct SolverPair {
  TokenKey source;
  TokenKey destination;

  friend bool operator==(const SolverPair&, const SolverPair&) = default;
  friend auto operator<=>(const SolverPair&, const SolverPair&) = default;
};

// The end of every in-process solver's name: such a solver is a price model of this service (a
// simulation that nobody fills), so the configuration refuses one whose name does not say so.
inline constexpr std::string_view kSimulationSuffix = "(simulation)";

// A solver's offer. Amounts (fixed fee, minimum, maximum) are base units of the pair's source
// token; load-time validation makes every token a solver touches share one number of decimals,
// so one figure means the same value on every pair.
struct SolverRecord {
  std::string id;
  std::string name;
  // Every (source, destination) pair served, expanded from the configured routes (each route
  // is sources x destinations, minus same-chain pairs), de-duplicated, sorted.
  std::vector<SolverPair> pairs;
  std::map<TokenKey, U256> inventory;  // per destination token, base units
  std::uint32_t fee_bps = 0;
  U256 fixed_fee;
  U256 min_amount;
  U256 max_amount;
  std::uint32_t estimated_fulfill_time_sec = 0;
  std::uint64_t fill_window_sec = 0;  // the service default when not configured for the solver
  std::optional<std::string> url;     // remote solvers: the worker POSTs price requests here
  std::optional<std::uint32_t> timeout_ms;

  bool serves(const TokenKey& source, const TokenKey& destination) const;
  // Inventory of a destination token; nullopt when the solver never delivers it.
  std::optional<U256> inventory_of(const TokenKey& destination) const;
};

// Basis points: fee rates and shares are parts of 10,000.
inline constexpr std::uint32_t kBpsDenominator = 10'000;

struct FeeSchedule {
  std::uint32_t protocol_bps = 0;
  std::uint32_t gateway_bps = 0;
};

struct DepositAddressSettings {
  bool enabled = false;
  std::uint64_t deadline_sec = 0;  // a deposit address accepts funding for this long
  std::string dapp_id;             // the attribution label of quotes made for deposit addresses
};

// How much of the relayer's gas a partner's relayed fundings may spend (partners.json
// `sponsorship`; what is not set there comes from service.json relay.sponsorship). Keyed gasless
// submits and the keyless submits of the partner's deposit addresses both count.
struct SponsorshipSettings {
  // Per chain, per UTC day, in wei of the chain's native currency: what the relayer's
  // transactions cost (gas used x effective gas price from their receipts; a job not yet settled
  // counts at its most, its gas limits x the chain's fee ceiling).
  std::map<std::uint64_t, U256> daily_gas_budget_wei;
  // Relayed fundings of one funder per chain per UTC day.
  std::optional<std::uint32_t> fundings_per_funder_per_day;

  friend bool operator==(const SponsorshipSettings&, const SponsorshipSettings&) = default;
};

// Relayed fundings per funder per chain per day when neither the partner nor service.json sets it.
inline constexpr std::uint32_t kDefaultFundingsPerFunderPerDay = 50;

// Who receives a fee on each chain (service.json and partners.json `feeRecipients`): an address
// of the chain's VM, keyed by chain id.
using FeeRecipients = std::map<std::uint64_t, ChainAddress>;

// The recipient of `chain_id` in `recipients`; nullopt when none is configured.
std::optional<ChainAddress> fee_recipient_on(const FeeRecipients& recipients, std::uint64_t chain_id);

struct PartnerRecord {
  std::string slug;  // path part: /v1/<slug>-gateway/...
  std::string name;
  FeeSchedule fee_schedule;
  DepositAddressSettings deposit_addresses;
  SponsorshipSettings sponsorship;  // overrides of service.json relay.sponsorship, per member and chain
  // Where the partner's gateway fee is paid on each destination chain: required on every chain a
  // solver delivers to when a gateway fee can be non-zero (its own schedule or a key's).
  FeeRecipients fee_recipients;

  std::optional<ChainAddress> fee_recipient(std::uint64_t chain_id) const {
    return fee_recipient_on(fee_recipients, chain_id);
  }
};

// What an API key may use (keys.json `features`): POST /v1/quotes, options.allQuotes on it, and
// the gasless endpoints.
enum class KeyFeature { quotes, all_quotes, gasless };
std::string_view feature_name(KeyFeature feature);  // "quotes" | "all-quotes" | "gasless"
std::optional<KeyFeature> parse_feature(std::string_view name);

struct RateLimit {
  std::uint32_t rate_per_sec = 0;
  std::uint32_t burst = 0;
};

// One keys.json record. The key itself is never configured, only its SHA-256 digest: the worker
// hashes the presented key and finds the record (edge-worker/src/keys/api-keys.js); the core validates the
// records at start and decides what a record's features allow.
struct ApiKeyRecord {
  std::string id;                      // log-safe name, unique
  Hash32 sha256;                       // unique
  std::optional<std::string> partner;  // a configured partner's slug; nullopt: not mapped
  bool v1_enabled = false;
  bool revoked = false;
  RateLimit rate_limit;
  FeeSchedule fee_schedule;
  std::vector<KeyFeature> features;  // canonical order: quotes, all-quotes, gasless

  bool has(KeyFeature feature) const;
};

// Slippage bounds in millionths (5000 = 0.005 = 0.5%).
struct SlippageSettings {
  std::uint32_t default_millionths = 5000;
  std::uint32_t min_millionths = 100;
  std::uint32_t max_millionths = 1'000'000;
};

// How the relayer prices its transactions and how long a gasless job's relaying is retried
// (service.json `relay`; the defaults are the local configuration's values).
struct RelaySettings {
  // The two transactions' gas limits are fixed rather than estimated: the funding call cannot be
  // estimated before the authorization is mined (it spends what the authorization moves).
  std::uint64_t authorization_gas_limit = 200'000;
  std::uint64_t funding_gas_limit = 800'000;
  // maxFeePerGas = baseFeeMultiplier * the latest base fee + the priority fee, so a transaction
  // stays includable while the base fee rises for a few blocks (it grows 12.5% per full block).
  std::uint32_t base_fee_multiplier = 2;
  U256 fallback_priority_fee_wei = U256(1'000'000'000);  // when eth_maxPriorityFeePerGas fails
  // The fee ceiling of each EVM chain (relay.maxFeePerGasWei, keyed by chain id; every EVM chain
  // has one, so no configuration leaves the relayer's price unbounded): the relayer sends a job
  // only while the chain's base fee plus the priority fee is at most it, and both fee fields of
  // its transactions are lowered to it.
  std::map<std::uint64_t, U256> max_fee_per_gas_wei;
  // What one job may pay an L2 for posting its data to L1 (relay.l1DataFeeAllowanceWei, keyed by
  // chain id; OP-stack chains report it as a receipt's l1Fee, outside gas used x price, so the fee
  // ceiling does not bound it). Added to an unsettled job's sponsorship hold; a chain without an
  // entry has no such fee (an L1, or Arbitrum, whose L1 cost is inside gas used).
  std::map<std::uint64_t, U256> l1_data_fee_allowance_wei;
  // The native balance below which a relayer account takes no new job on a chain
  // (relay.minRelayerBalanceWei, keyed by chain id; relayer_floor.h): what it holds is kept for
  // the jobs it has already signed. A chain without an entry has no floor.
  std::map<std::uint64_t, U256> min_relayer_balance_wei;
  // Transient failures (RPC unreachable, no receipt in time) are retried this many attempts in
  // all, the n-th retry after first_retry_delay_sec * 2^(n-1).
  std::uint32_t max_attempts = 5;
  std::uint64_t first_retry_delay_sec = 2;
  // Right before signing, an authorization whose window closes within this many seconds of the
  // chain's latest block time is not sent (its transactions could land after it closes).
  std::uint64_t window_margin_sec = 60;
  // A relayer transaction with no receipt after this many blocks since it was sent is re-priced
  // by replacement (op "relayReplace": same nonce, both fee fields raised at least 10%, never
  // above the chain's ceiling). Blocks rather than seconds: a transaction is stuck when blocks
  // pass without it, however fast the chain makes them.
  std::uint64_t replace_after_blocks = 3;
  // The sponsorship defaults (relay.sponsorship): every EVM chain has a daily gas budget, so no
  // partner's relayed fundings are unbounded; partners.json may set their own.
  SponsorshipSettings sponsorship;
  // The smallest amount the relayer funds per source chain (relay.minAmount), in millionths of a
  // whole token, applied with each token's decimals (stablecoins: "1" is one dollar), so that gas
  // stays a small share of what it moves. A chain without one has no minimum.
  std::map<std::uint64_t, U256> min_amount_millionths;

  friend bool operator==(const RelaySettings&, const RelaySettings&) = default;
};

struct ServiceSettings {
  // The absolute URL at which this deployment serves /v1 (scheme and host, optional port and path
  // prefix, no trailing slash): answers that name one of the service's own endpoints to a client
  // (the legacy entries' receiveSignedIntentUrl) are built from it. https, or http on a loopback
  // host (local configuration only).
  std::string base_url;
  std::uint64_t quote_lifetime_sec = 120;
  std::uint64_t route_fill_window_sec = 3600;  // route deadline = expiresAt + solver fill window
  std::uint64_t reward_window_sec = 3600;      // reward deadline = route deadline + this
  SlippageSettings slippage;
  std::uint32_t max_calls = 32;                // destination.calls entries per request
  std::uint32_t max_hops = 2;                  // 1: direct only; 2: one intermediate chain
  std::uint32_t max_competing_quotes = 16;     // entries of competingQuotes at most
  // The gas limit each EVM transaction of a quote carries (service.json walletGasLimits), per
  // kind: a bound a wallet may send with, where the service did not estimate the transaction.
  std::uint64_t approve_gas_limit = 100'000;
  std::uint64_t publish_and_fund_gas_limit = 600'000;
  // Webhook URLs may be http://127.0.0.1:<port> (local configuration only: a loopback receiver).
  bool webhooks_allow_loopback_http = false;
  RelaySettings relay;
  // The operator's protocol fee recipient on each destination chain (feeRecipients): required on
  // every chain a solver delivers to when a protocol fee can be non-zero (a key's or a partner's
  // schedule). Entries for chains not configured are unused.
  FeeRecipients fee_recipients;

  std::optional<ChainAddress> fee_recipient(std::uint64_t chain_id) const {
    return fee_recipient_on(fee_recipients, chain_id);
  }
};

class Config {
 public:
  // Reads {"service", "chains", "tokens", "solvers", "partners", "keys"?}; throws ConfigError
  // listing every problem found. A missing (or null) "keys" is no keys: a deployment without
  // keys.json serves no keyed endpoint.
  static Config from_json(const nlohmann::ordered_json& config);

  const ServiceSettings& service() const { return service_; }
  const std::vector<ChainRecord>& chains() const { return chains_; }
  const std::vector<TokenRecord>& tokens() const { return tokens_; }
  const std::vector<SolverRecord>& solvers() const { return solvers_; }
  const std::vector<PartnerRecord>& partners() const { return partners_; }
  const std::vector<ApiKeyRecord>& keys() const { return keys_; }

  // Lookups answer nullptr when nothing matches. Pointers stay valid as long as the Config.
  const ChainRecord* chain(std::uint64_t chain_id) const;
  const TokenRecord* token(std::uint64_t chain_id, const ChainAddress& address) const;
  const TokenRecord* token(const TokenKey& key) const { return token(key.chain_id, key.address); }
  const TokenRecord* token_by_symbol(std::uint64_t chain_id, std::string_view symbol) const;
  std::vector<const TokenRecord*> tokens_of(std::uint64_t chain_id) const;  // configured order
  const SolverRecord* solver(std::string_view id) const;
  const PartnerRecord* partner(std::string_view slug) const;
  const ApiKeyRecord* key(std::string_view id) const;

  // A partner's sponsorship limits on a chain: its own where partners.json sets them, else
  // service.json's. nullopt budget: the chain has none (not an EVM chain).
  std::optional<U256> daily_gas_budget_wei(const PartnerRecord& partner, std::uint64_t chain_id) const;
  std::uint32_t fundings_per_funder_per_day(const PartnerRecord& partner) const;
  // The smallest relayed amount of `token` in its base units; nullopt when its chain has no minimum.
  std::optional<U256> min_relay_amount(const TokenRecord& token) const;

 private:
  ServiceSettings service_;
  std::vector<ChainRecord> chains_;
  std::vector<TokenRecord> tokens_;
  std::vector<SolverRecord> solvers_;
  std::vector<PartnerRecord> partners_;
  std::vector<ApiKeyRecord> keys_;
};

// The production configuration names its signer's address instead of deriving it from the key,
// so a wrong secret cannot silently sign for the wrong address: the service must refuse to start
// unless every chain's quoteSigner is the address of the configured key. Throws ConfigError
// naming each chain whose signer differs.
void require_quote_signer(const Config& config, const Address& signer);

}  // namespace sr::service
