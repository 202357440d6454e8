#include "service/config/config.h"

#include <algorithm>
#include <set>

#include "crypto/hex.h"
#include "protocol/svm_route_call.h"
#include "service/common/field_reader.h"
#include "service/common/field_values.h"

namespace sr::service {

namespace {

std::string join_messages(const std::vector<FieldError>& errors) {
  std::string out = "invalid configuration: ";
  for (std::size_t i = 0; i < errors.size(); ++i) {
    if (i) out += "; ";
    out += errors[i].message;
  }
  return out;
}

}  // namespace

ConfigError::ConfigError(std::vector<FieldError> errors)
    : Error(join_messages(errors)), errors_(std::move(errors)) {}

std::string_view gasless_name(GaslessStandard standard) {
  switch (standard) {
    case GaslessStandard::permit3: return "permit3";
    case GaslessStandard::permit2: return "permit2";
    case GaslessStandard::erc3009: return "erc3009";
  }
  return "";
}

bool TokenRecord::supports(GaslessStandard standard) const {
  return std::find(gasless.begin(), gasless.end(), standard) != gasless.end();
}

std::string_view feature_name(KeyFeature feature) {
  switch (feature) {
    case KeyFeature::quotes: return "quotes";
    case KeyFeature::all_quotes: return "all-quotes";
    case KeyFeature::gasless: return "gasless";
  }
  return "";
}

std::optional<KeyFeature> parse_feature(std::string_view name) {
  for (auto f : {KeyFeature::quotes, KeyFeature::all_quotes, KeyFeature::gasless}) {
    if (name == feature_name(f)) return f;
  }
  return std::nullopt;
}

bool ApiKeyRecord::has(KeyFeature feature) const {
  return std::find(features.begin(), features.end(), feature) != features.end();
}

bool SolverRecord::serves(const TokenKey& source, const TokenKey& destination) const {
  return std::binary_search(pairs.begin(), pairs.end(), SolverPair{source, destination});
}

std::optional<U256> SolverRecord::inventory_of(const TokenKey& destination) const {
  const auto it = inventory.find(destination);
  if (it == inventory.end()) return std::nullopt;
  return it->second;
}

namespace {

constexpr std::uint32_t kMaxBps = 10'000;

// Lowercase letters, digits and inner hyphens: ids that appear in URLs and logs.
bool is_slug(std::string_view s, std::size_t max_length) {
  if (s.empty() || s.size() > max_length || s.front() == '-' || s.back() == '-') return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::optional<std::string> read_slug(ObjectReader& r, std::string_view name, std::size_t max_length) {
  auto text = r.string(name, true);
  if (text && !is_slug(*text, max_length)) {
    r.errors().add(r.path_of(name), r.path_of(name) + " must be 1 to " + std::to_string(max_length) +
                                        " lowercase letters, digits or inner hyphens");
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> read_label_member(ObjectReader& r, std::string_view name, std::size_t max_chars) {
  const Json* value = r.required(name);
  if (!value) return std::nullopt;
  return read_label(*value, r.path_of(name), r.errors(), 1, max_chars);
}

// http(s)://host[...] without whitespace; without a trailing slash when links are appended to it.
std::optional<std::string> read_url(ObjectReader& r, std::string_view name, bool is_required,
                                    bool trailing_slash_allowed) {
  auto text = r.string(name, is_required);
  if (!text) return std::nullopt;
  const std::string path = r.path_of(name);
  const std::size_t scheme = text->starts_with("https://") ? 8 : text->starts_with("http://") ? 7 : 0;
  const bool has_space = std::any_of(text->begin(), text->end(),
                                     [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; });
  if (scheme == 0 || text->size() == scheme || (*text)[scheme] == '/' || has_space) {
    r.errors().add(path, path + " must be an http:// or https:// URL with a host and no spaces");
    return std::nullopt;
  }
  if (!trailing_slash_allowed && text->back() == '/') {
    r.errors().add(path, path + " must not end with '/' (paths are appended to it)");
    return std::nullopt;
  }
  return text;
}

// What service.baseUrl may not be, beyond read_url's rules: clients are sent to it, so it is https
// unless it names this machine (a local configuration), and it carries no query or fragment, since
// endpoint paths are appended to it.
std::optional<std::string> base_url_problem(const std::string& url) {
  if (url.find_first_of("?#") != std::string::npos) return "must not carry a query or fragment (paths are appended to it)";
  if (url.starts_with("https://")) return std::nullopt;
  const std::string rest = url.substr(7);
  const std::string authority = rest.substr(0, rest.find('/'));
  std::string host = authority;
  if (host.starts_with("[")) {
    host = host.substr(0, host.find(']') + 1);
  } else {
    host = host.substr(0, host.find(':'));
  }
  if (host == "127.0.0.1" || host == "localhost" || host == "[::1]") return std::nullopt;
  return "must be an https:// URL (http:// only for 127.0.0.1, localhost or [::1])";
}

struct LoadedConfig {
  ServiceSettings service;
  std::vector<ChainRecord> chains;
  std::vector<TokenRecord> tokens;
  std::vector<SolverRecord> solvers;
  std::vector<PartnerRecord> partners;
  std::vector<ApiKeyRecord> keys;
};

// A member name of a {"<chainId>": ...} object: a decimal integer >= 1, or nullopt (error recorded).
std::optional<std::uint64_t> chain_id_key(const std::string& key, const std::string& entry_path, FieldErrors& errors) {
  const bool decimal = !key.empty() && key.size() <= 19 && key[0] != '0' &&
                       std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!decimal) {
    errors.add(entry_path, entry_path + ": " + key + " is not a chain id (a decimal integer >= 1)");
    return std::nullopt;
  }
  return std::stoull(key);
}

// {"<chainId>": value}: chain ids are decimal integers >= 1, each value read by `read_value`
// (which records its own errors). `what` completes "must be an object {\"<chainId>\": ...} with ...".
template <class ReadValue>
std::map<std::uint64_t, U256> read_by_chain(const Json& value, const std::string& path, std::string_view what,
                                            FieldErrors& errors, ReadValue read_value) {
  std::map<std::uint64_t, U256> out;
  if (!value.is_object()) {
    errors.add(path, path + " must be an object {\"<chainId>\": value} with " + std::string(what));
    return out;
  }
  for (const auto& [key, entry] : value.items()) {
    const std::string entry_path = path + "." + key;
    const auto chain_id = chain_id_key(key, entry_path, errors);
    if (!chain_id) continue;
    if (auto v = read_value(entry, entry_path)) out[*chain_id] = *v;
  }
  return out;
}

// A positive amount of whole tokens as a decimal string with at most 6 fraction digits ("5",
// "0.25"), in millionths of a token. Stablecoins: whole tokens are dollars (or euros), so one
// figure reads the same for a 6-decimal and an 18-decimal token.
std::optional<U256> read_whole_tokens(const Json& value, const std::string& path, FieldErrors& errors) {
  const auto refuse = [&] {
    errors.add(path, path + " must be a positive decimal string of whole tokens with at most 6 fraction digits, "
                            "e.g. \"5\" or \"0.25\"");
    return std::optional<U256>{};
  };
  if (!value.is_string()) return refuse();
  const std::string text = value.get<std::string>();
  const auto dot = text.find('.');
  const std::string whole = text.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  const auto digits = [](const std::string& t) {
    return std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || whole.size() > 30 || !digits(whole) || (whole.size() > 1 && whole[0] == '0')) return refuse();
  if (dot != std::string::npos && (fraction.empty() || fraction.size() > 6 || !digits(fraction))) return refuse();
  std::string digits_text = whole + fraction + std::string(6 - fraction.size(), '0');
  digits_text.erase(0, digits_text.find_first_not_of('0'));  // from_decimal takes no leading zeros
  if (digits_text.empty()) return refuse();                   // zero: no minimum is written by leaving the chain out
  return U256::from_decimal(digits_text);
}

// {"dailyGasBudgetWei"?: {"<chainId>": wei}, "fundingsPerFunderPerDay"?: count}, service.json's
// relay.sponsorship and a partner's sponsorship alike.
SponsorshipSettings read_sponsorship(const Json& value, const std::string& path, FieldErrors& errors) {
  ObjectReader r(value, path, errors);
  SponsorshipSettings s;
  if (const Json* budgets = r.optional("dailyGasBudgetWei")) {
    s.daily_gas_budget_wei = read_by_chain(*budgets, r.path_of("dailyGasBudgetWei"), "a budget in wei per chain", errors,
                                           [&](const Json& v, const std::string& at) { return read_amount(v, at, Vm::evm, errors); });
  }
  if (auto limit = r.integer("fundingsPerFunderPerDay", false, 1, 1'000'000)) {
    s.fundings_per_funder_per_day = static_cast<std::uint32_t>(*limit);
  }
  r.reject_unknown();
  return s;
}

// Reads the configuration; every read records its errors and keeps going, so one ConfigError
// lists everything wrong.
class Loader {
 public:
  LoadedConfig load(const Json& root);

 private:
  template <class Record>
  using ReadFn = std::optional<Record> (Loader::*)(const Json&, const std::string&);
  template <class Record>
  std::vector<Record> read_list(ObjectReader& root, std::string_view name, ReadFn<Record> read);
  template <class Record>
  void require_unique(const std::vector<Record>& records, std::string_view list, std::string_view field,
                      std::string (*key)(const Record&));

  std::optional<ServiceSettings> read_service(const Json& value, const std::string& path);
  std::optional<RelaySettings> read_relay(const Json& value, const std::string& path);
  void check_fee_ceilings();
  FeeRecipients read_fee_recipients(const Json& value, const std::string& path);
  void check_fee_recipients();
  std::optional<ChainRecord> read_chain(const Json& value, const std::string& path);
  std::optional<TokenRecord> read_token(const Json& value, const std::string& path);
  std::optional<SolverRecord> read_solver(const Json& value, const std::string& path);
  std::optional<PartnerRecord> read_partner(const Json& value, const std::string& path);
  std::optional<ApiKeyRecord> read_key(const Json& value, const std::string& path);
  std::optional<FeeSchedule> read_fee_schedule(const Json& value, const std::string& path);
  std::optional<std::vector<GaslessStandard>> read_gasless(const Json& value, const std::string& path,
                                                           const ChainRecord* chain);
  // {"chainId", "symbol"}: the configured token it names, or nullptr (error recorded).
  const TokenRecord* read_token_ref(ObjectReader& ref);
  std::optional<std::uint32_t> read_slippage_bound(ObjectReader& r, std::string_view name);

  const ChainRecord* find_chain(std::uint64_t id) const;
  const TokenRecord* find_token_by_symbol(std::uint64_t chain_id, std::string_view symbol) const;
  const PartnerRecord* find_partner(std::string_view slug) const;

  FieldErrors errors_;
  LoadedConfig out_;
  ServiceSettings service_;  // defaults until read: solvers need the fill window
  Json service_fee_recipients_;  // service.feeRecipients as written, read after the chains
};

template <class Record>
std::vector<Record> Loader::read_list(ObjectReader& root, std::string_view name, ReadFn<Record> read) {
  std::vector<Record> records;
  const Json* value = root.required(name);
  if (!value) return records;
  const std::string path = root.path_of(name);
  if (!read_array(*value, path, errors_)) return records;
  for (std::size_t i = 0; i < value->size(); ++i) {
    if (auto record = (this->*read)((*value)[i], element_path(path, i))) records.push_back(std::move(*record));
  }
  return records;
}

// Reports each record whose key repeats an earlier one's. Indexes are those of the records
// read, which equal the configured ones unless an earlier entry was invalid (then the error
// about that entry comes first anyway).
template <class Record>
void Loader::require_unique(const std::vector<Record>& records, std::string_view list, std::string_view field,
                            std::string (*key)(const Record&)) {
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::string k = key(records[i]);
    if (auto [it, fresh] = first.emplace(k, i); !fresh) {
      const std::string path = member_path(element_path(list, i), field);
      errors_.add(path, path + " " + k + " is already used by " + element_path(list, it->second));
    }
  }
}

LoadedConfig Loader::load(const Json& root_value) {
  ObjectReader root(root_value, "", errors_);
  bool service_read = false;
  if (const Json* service = root.required("service")) {
    if (auto settings = read_service(*service, "service")) {
      service_ = *settings;
      service_read = true;
    }
  }
  out_.service = service_;
  // Tokens refer to chains, and solvers to tokens: each list is read after what it refers to.
  out_.chains = read_list<ChainRecord>(root, "chains", &Loader::read_chain);
  require_unique<ChainRecord>(out_.chains, "chains", "chainId",
                              [](const ChainRecord& c) { return std::to_string(c.chain_id); });
  if (!service_fee_recipients_.is_null()) {
    out_.service.fee_recipients = read_fee_recipients(service_fee_recipients_, "service.feeRecipients");
  }
  out_.tokens = read_list<TokenRecord>(root, "tokens", &Loader::read_token);
  require_unique<TokenRecord>(out_.tokens, "tokens", "address", [](const TokenRecord& t) {
    return "(chain " + std::to_string(t.chain_id) + ", " + t.address.text() + ")";
  });
  require_unique<TokenRecord>(out_.tokens, "tokens", "symbol", [](const TokenRecord& t) {
    return "(chain " + std::to_string(t.chain_id) + ", " + t.symbol + ")";
  });
  if (service_read) check_fee_ceilings();  // a service that did not read has its own errors
  out_.solvers = read_list<SolverRecord>(root, "solvers", &Loader::read_solver);
  require_unique<SolverRecord>(out_.solvers, "solvers", "id", [](const SolverRecord& s) { return s.id; });
  out_.partners = read_list<PartnerRecord>(root, "partners", &Loader::read_partner);
  require_unique<PartnerRecord>(out_.partners, "partners", "slug", [](const PartnerRecord& p) { return p.slug; });
  // Keys name partners. keys.json is optional: without it no key exists.
  if (root.has("keys")) {
    out_.keys = read_list<ApiKeyRecord>(root, "keys", &Loader::read_key);
    require_unique<ApiKeyRecord>(out_.keys, "keys", "id", [](const ApiKeyRecord& k) { return k.id; });
    require_unique<ApiKeyRecord>(out_.keys, "keys", "sha256",
                                 [](const ApiKeyRecord& k) { return hex::encode(k.sha256, false); });
  } else {
    root.optional("keys");
  }
  check_fee_recipients();
  root.reject_unknown();
  if (!errors_.empty()) throw ConfigError(errors_.list());
  return std::move(out_);
}

// Every EVM chain has a fee ceiling, in every environment: a chain without one would let the
// relayer pay any price a fee spike asks. A ceiling for a chain that is not configured is unused
// (the local configuration carries its anvil chains' ceilings beside production's copies, since
// the local chain stack replaces the chain list).
void Loader::check_fee_ceilings() {
  const auto& caps = service_.relay.max_fee_per_gas_wei;
  const std::string path = "service.relay.maxFeePerGasWei";
  // The same for sponsorship: every EVM chain has a default daily gas budget, so a partner that
  // sets none of its own is still bounded.
  const auto& budgets = service_.relay.sponsorship.daily_gas_budget_wei;
  const std::string budget_path = "service.relay.sponsorship.dailyGasBudgetWei";
  for (const auto& chain : out_.chains) {
    if (chain.vm == Vm::evm && !caps.contains(chain.chain_id)) {
      errors_.add(path, path + " has no ceiling for EVM chain " + std::to_string(chain.chain_id) + " (" + chain.name +
                            "); every EVM chain needs one");
    }
    if (chain.vm == Vm::evm && !budgets.contains(chain.chain_id)) {
      errors_.add(budget_path, budget_path + " has no budget for EVM chain " + std::to_string(chain.chain_id) + " (" +
                                   chain.name + "); every EVM chain needs one");
    }
  }
}

// {"<chainId>": address}: each address of its chain's VM; an entry for a chain that is not
// configured is unused (the local configuration keeps its anvil chains' recipients beside the
// production copies, since the local chain stack replaces the chain list) but must still be an
// address of some VM.
FeeRecipients Loader::read_fee_recipients(const Json& value, const std::string& path) {
  FeeRecipients out;
  if (!value.is_object()) {
    errors_.add(path, path + " must be an object {\"<chainId>\": address} naming who receives the fee on each chain");
    return out;
  }
  for (const auto& [key, entry] : value.items()) {
    const std::string entry_path = path + "." + key;
    const auto chain_id = chain_id_key(key, entry_path, errors_);
    if (!chain_id) continue;
    const ChainRecord* chain = find_chain(*chain_id);
    auto address = read_address(entry, entry_path, chain ? std::optional<Vm>(chain->vm) : std::nullopt, errors_);
    if (address && chain) out.emplace(*chain_id, *address);
  }
  return out;
}

// A fee that can be non-zero needs a recipient on every chain a solver delivers to: the protocol
// fee when any key or partner schedules one, a partner's gateway fee when its schedule or one of
// its keys' does. Without it the quote could not pay the fee it lists.
void Loader::check_fee_recipients() {
  std::map<std::uint64_t, std::string> destinations;  // chain id -> a solver delivering there
  for (const auto& solver : out_.solvers) {
    for (const auto& pair : solver.pairs) destinations.emplace(pair.destination.chain_id, solver.id);
  }
  std::optional<std::string> protocol_charged;
  for (std::size_t i = 0; i < out_.keys.size() && !protocol_charged; ++i) {
    if (out_.keys[i].fee_schedule.protocol_bps > 0) protocol_charged = element_path("keys", i) + ".feeSchedule.protocolBps";
  }
  for (std::size_t i = 0; i < out_.partners.size() && !protocol_charged; ++i) {
    if (out_.partners[i].fee_schedule.protocol_bps > 0) {
      protocol_charged = element_path("partners", i) + ".feeSchedule.protocolBps";
    }
  }
  const auto require = [&](const FeeRecipients& recipients, const std::string& path, const std::string& why) {
    for (const auto& [chain_id, solver] : destinations) {
      if (recipients.contains(chain_id)) continue;
      errors_.add(path, path + " has no recipient for chain " + std::to_string(chain_id) + " (solver " + solver +
                            " delivers there), but " + why + " is charged there");
    }
  };
  if (protocol_charged) require(out_.service.fee_recipients, "service.feeRecipients", "a protocol fee (" + *protocol_charged + ")");
  for (std::size_t i = 0; i < out_.partners.size(); ++i) {
    const PartnerRecord& partner = out_.partners[i];
    std::optional<std::string> charged;
    if (partner.fee_schedule.gateway_bps > 0) charged = element_path("partners", i) + ".feeSchedule.gatewayBps";
    for (std::size_t k = 0; k < out_.keys.size() && !charged; ++k) {
      if (out_.keys[k].partner == partner.slug && out_.keys[k].fee_schedule.gateway_bps > 0) {
        charged = element_path("keys", k) + ".feeSchedule.gatewayBps";
      }
    }
    if (charged) require(partner.fee_recipients, element_path("partners", i) + ".feeRecipients", "a gateway fee (" + *charged + ")");
  }
}

const ChainRecord* Loader::find_chain(std::uint64_t id) const {
  for (const auto& c : out_.chains) {
    if (c.chain_id == id) return &c;
  }
  return nullptr;
}

const TokenRecord* Loader::find_token_by_symbol(std::uint64_t chain_id, std::string_view symbol) const {
  for (const auto& t : out_.tokens) {
    if (t.chain_id == chain_id && t.symbol == symbol) return &t;
  }
  return nullptr;
}

const PartnerRecord* Loader::find_partner(std::string_view slug) const {
  for (const auto& p : out_.partners) {
    if (p.slug == slug) return &p;
  }
  return nullptr;
}

std::optional<std::uint32_t> Loader::read_slippage_bound(ObjectReader& r, std::string_view name) {
  const Json* value = r.required(name);
  if (!value) return std::nullopt;
  const std::string path = r.path_of(name);
  auto millionths = read_millionths(*value, path, errors_);
  // The specification fixes the range every request may use; configuration can only narrow it.
  if (millionths && (*millionths < 100 || *millionths > kMillionths)) {
    errors_.add(path, path + " must be between 0.0001 and 1");
    return std::nullopt;
  }
  return millionths;
}

std::optional<ServiceSettings> Loader::read_service(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  ServiceSettings s;
  if (auto url = read_url(r, "baseUrl", true, false)) {
    if (auto problem = base_url_problem(*url)) {
      errors_.add(r.path_of("baseUrl"), r.path_of("baseUrl") + " " + *problem);
    } else {
      s.base_url = *url;
    }
  }
  s.quote_lifetime_sec = r.integer("quoteLifetimeSec", true, 1, 3600).value_or(0);
  s.route_fill_window_sec = r.integer("routeFillWindowSec", true, 1, 30 * 86400).value_or(0);
  s.reward_window_sec = r.integer("rewardWindowSec", true, 1, 30 * 86400).value_or(0);
  if (const Json* slippage = r.required("slippage")) {
    ObjectReader sr(*slippage, r.path_of("slippage"), errors_);
    auto def = read_slippage_bound(sr, "default");
    auto min = read_slippage_bound(sr, "min");
    auto max = read_slippage_bound(sr, "max");
    sr.reject_unknown();
    if (def && min && max) {
      if (*min > *max) {
        errors_.add(sr.path_of("min"), sr.path_of("min") + " must not be greater than " + sr.path_of("max"));
      } else if (*def < *min || *def > *max) {
        errors_.add(sr.path_of("default"), sr.path_of("default") + " must lie between " + sr.path_of("min") +
                                               " and " + sr.path_of("max"));
      }
      s.slippage = {*def, *min, *max};
    }
  }
  s.max_calls = static_cast<std::uint32_t>(r.integer("maxCalls", true, 1, 256).value_or(0));
  s.max_hops = static_cast<std::uint32_t>(r.integer("maxHops", true, 1, 2).value_or(0));
  s.max_competing_quotes = static_cast<std::uint32_t>(r.integer("maxCompetingQuotes", true, 1, 64).value_or(0));
  s.webhooks_allow_loopback_http = r.boolean("webhooksAllowLoopbackHttp", false).value_or(false);
  if (const Json* limits = r.optional("walletGasLimits")) {
    // A transaction needs 21000 gas at least; 30M is a whole mainnet block.
    ObjectReader g(*limits, r.path_of("walletGasLimits"), errors_);
    s.approve_gas_limit = g.integer("approve", false, 21'000, 30'000'000).value_or(s.approve_gas_limit);
    s.publish_and_fund_gas_limit =
        g.integer("publishAndFund", false, 21'000, 30'000'000).value_or(s.publish_and_fund_gas_limit);
    g.reject_unknown();
  }
  if (const Json* relay = r.optional("relay")) {
    if (auto settings = read_relay(*relay, r.path_of("relay"))) s.relay = *settings;
  }
  // Read once the chains are known (their VMs say what an address is): load().
  if (const Json* recipients = r.optional("feeRecipients")) service_fee_recipients_ = *recipients;
  r.reject_unknown();
  if (errors_.size() != errors_before) return std::nullopt;
  return s;
}

// Every member is optional: an absent one keeps its default (RelaySettings).
std::optional<RelaySettings> Loader::read_relay(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  RelaySettings s;
  // A transaction needs 21000 gas at least; 30M is a whole mainnet block.
  constexpr std::uint64_t kMinGas = 21'000;
  constexpr std::uint64_t kMaxGas = 30'000'000;
  if (const Json* limits = r.optional("gasLimits")) {
    ObjectReader g(*limits, r.path_of("gasLimits"), errors_);
    s.authorization_gas_limit = g.integer("authorization", false, kMinGas, kMaxGas).value_or(s.authorization_gas_limit);
    s.funding_gas_limit = g.integer("funding", false, kMinGas, kMaxGas).value_or(s.funding_gas_limit);
    g.reject_unknown();
  }
  s.base_fee_multiplier =
      static_cast<std::uint32_t>(r.integer("baseFeeMultiplier", false, 1, 100).value_or(s.base_fee_multiplier));
  if (const Json* fee = r.optional("fallbackPriorityFeeWei")) {
    s.fallback_priority_fee_wei =
        read_amount(*fee, r.path_of("fallbackPriorityFeeWei"), Vm::evm, errors_, ZeroAmount::allowed)
            .value_or(s.fallback_priority_fee_wei);
  }
  if (const Json* caps = r.optional("maxFeePerGasWei")) {
    s.max_fee_per_gas_wei = read_by_chain(*caps, r.path_of("maxFeePerGasWei"), "a ceiling for every EVM chain", errors_,
                                          [&](const Json& v, const std::string& at) { return read_amount(v, at, Vm::evm, errors_); });
  }
  if (const Json* allowances = r.optional("l1DataFeeAllowanceWei")) {
    s.l1_data_fee_allowance_wei =
        read_by_chain(*allowances, r.path_of("l1DataFeeAllowanceWei"), "an allowance in wei per chain", errors_,
                      [&](const Json& v, const std::string& at) { return read_amount(v, at, Vm::evm, errors_, ZeroAmount::allowed); });
  }
  if (const Json* floors = r.optional("minRelayerBalanceWei")) {
    s.min_relayer_balance_wei =
        read_by_chain(*floors, r.path_of("minRelayerBalanceWei"), "a relayer balance floor in wei per chain", errors_,
                      [&](const Json& v, const std::string& at) { return read_amount(v, at, Vm::evm, errors_, ZeroAmount::allowed); });
  }
  s.max_attempts = static_cast<std::uint32_t>(r.integer("maxAttempts", false, 1, 20).value_or(s.max_attempts));
  s.first_retry_delay_sec = r.integer("firstRetryDelaySec", false, 1, 3600).value_or(s.first_retry_delay_sec);
  s.window_margin_sec = r.integer("windowMarginSec", false, 0, 3600).value_or(s.window_margin_sec);
  s.replace_after_blocks = r.integer("replaceAfterBlocks", false, 1, 10'000).value_or(s.replace_after_blocks);
  if (const Json* sponsorship = r.optional("sponsorship")) {
    s.sponsorship = read_sponsorship(*sponsorship, r.path_of("sponsorship"), errors_);
  }
  if (const Json* minimum = r.optional("minAmount")) {
    s.min_amount_millionths = read_by_chain(*minimum, r.path_of("minAmount"), "whole tokens per source chain", errors_,
                                            [&](const Json& v, const std::string& at) { return read_whole_tokens(v, at, errors_); });
  }
  r.reject_unknown();
  for (const auto& [chain_id, cap] : s.max_fee_per_gas_wei) {
    if (s.fallback_priority_fee_wei > cap) {
      errors_.add(r.path_of("fallbackPriorityFeeWei"), r.path_of("fallbackPriorityFeeWei") + " must not be greater than " +
                                                           r.path_of("maxFeePerGasWei") + "." + std::to_string(chain_id));
    }
  }
  if (errors_.size() != errors_before) return std::nullopt;
  return s;
}

std::optional<ChainRecord> Loader::read_chain(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  auto chain_id = r.integer("chainId", true, 1);
  auto name = read_label_member(r, "name", 64);
  std::optional<Vm> vm;
  if (auto vm_text = r.string("vm", true)) {
    vm = parse_vm(*vm_text);
    if (!vm) errors_.add(r.path_of("vm"), r.path_of("vm") + " must be \"evm\" or \"svm\"");
  }
  auto portal = read_address_member(r, "portal", true, vm);

  std::optional<ChainAddress> prover;
  if (const Json* p = r.optional("prover")) {
    prover = read_address(*p, r.path_of("prover"), vm, errors_);
  } else if (vm == Vm::evm) {
    // An EVM chain without a prover could not be a source; every EVM deployment has one.
    errors_.add(r.path_of("prover"), r.path_of("prover") + " is required on an EVM chain");
  }

  // Permit2, Permit3 and CREATE2 vaults are EVM contracts; on an SVM chain they must be null.
  const auto evm_only = [&](std::string_view field) -> const Json* {
    const Json* v = r.optional(field);
    if (v && vm == Vm::svm) {
      errors_.add(r.path_of(field), r.path_of(field) + " must be null on an SVM chain");
      return nullptr;
    }
    return v;
  };
  std::optional<Address> permit2, permit3;
  if (const Json* v = evm_only("permit2")) {
    if (auto a = read_address(*v, r.path_of("permit2"), Vm::evm, errors_)) permit2 = a->evm();
  }
  if (const Json* v = evm_only("permit3")) {
    if (auto a = read_address(*v, r.path_of("permit3"), Vm::evm, errors_)) permit3 = a->evm();
  }
  std::optional<Hash32> init_code_hash;
  if (const Json* v = evm_only("vaultInitCodeHash")) {
    init_code_hash = read_hash32(*v, r.path_of("vaultInitCodeHash"), errors_);
  } else if (vm == Vm::evm) {
    errors_.add(r.path_of("vaultInitCodeHash"),
                r.path_of("vaultInitCodeHash") + " is required on an EVM chain (vaults are CREATE2 addresses)");
  }
  std::optional<Address> quote_signer;
  if (const Json* v = r.required("quoteSigner")) {
    // Quotes are EIP-712 signatures whatever the source VM, so the signer is an EVM address.
    if (auto a = read_address(*v, r.path_of("quoteSigner"), Vm::evm, errors_)) quote_signer = a->evm();
  }
  NativeCurrency native;
  if (const Json* v = r.required("nativeCurrency")) {
    ObjectReader n(*v, r.path_of("nativeCurrency"), errors_);
    native.symbol = read_label_member(n, "symbol", 16).value_or("");
    native.decimals = static_cast<std::uint32_t>(n.integer("decimals", true, 0, 36).value_or(0));
    n.reject_unknown();
  }
  // Local chains (those with an rpcUrl) have no block explorer: null there, required elsewhere.
  auto explorer = read_url(r, "blockExplorerUrl", !r.has("rpcUrl"), false);
  auto rpc_url = read_url(r, "rpcUrl", false, true);
  r.reject_unknown();

  if (errors_.size() != errors_before) return std::nullopt;
  return ChainRecord{*chain_id, *name, *vm, *portal, prover, permit2, permit3, init_code_hash,
                     *quote_signer, native, explorer.value_or(""), rpc_url};
}

std::optional<std::vector<GaslessStandard>> Loader::read_gasless(const Json& value, const std::string& path,
                                                                 const ChainRecord* chain) {
  if (!read_array(value, path, errors_)) return std::nullopt;
  std::vector<GaslessStandard> standards;
  bool ok = true;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string item = element_path(path, i);
    auto name = read_string(value[i], item, errors_);
    if (!name) {
      ok = false;
      continue;
    }
    std::optional<GaslessStandard> standard;
    for (auto s : {GaslessStandard::permit3, GaslessStandard::permit2, GaslessStandard::erc3009}) {
      if (*name == gasless_name(s)) standard = s;
    }
    if (!standard) {
      errors_.add(item, item + " must be one of \"permit3\", \"permit2\", \"erc3009\"");
      ok = false;
    } else if (std::find(standards.begin(), standards.end(), *standard) != standards.end()) {
      errors_.add(item, item + " lists \"" + *name + "\" twice");
      ok = false;
    } else {
      standards.push_back(*standard);
    }
  }
  if (chain && chain->vm == Vm::svm && !standards.empty()) {
    errors_.add(path, path + " must be empty on an SVM chain (the gasless standards are EVM contracts)");
    ok = false;
  }
  if (chain && chain->vm == Vm::evm) {
    if (std::find(standards.begin(), standards.end(), GaslessStandard::permit2) != standards.end() &&
        !chain->permit2) {
      errors_.add(path, path + " lists permit2 but chain " + std::to_string(chain->chain_id) + " has no permit2");
      ok = false;
    }
    if (std::find(standards.begin(), standards.end(), GaslessStandard::permit3) != standards.end() &&
        !chain->permit3) {
      errors_.add(path, path + " lists permit3 but chain " + std::to_string(chain->chain_id) + " has no permit3");
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  std::sort(standards.begin(), standards.end());  // canonical order: permit3, permit2, erc3009
  return standards;
}

std::optional<TokenRecord> Loader::read_token(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  auto chain_id = r.integer("chainId", true, 1);
  const ChainRecord* chain = chain_id ? find_chain(*chain_id) : nullptr;
  if (chain_id && !chain) {
    errors_.add(r.path_of("chainId"),
                r.path_of("chainId") + " " + std::to_string(*chain_id) + " is not a configured chain");
  }
  const std::optional<Vm> vm = chain ? std::optional<Vm>(chain->vm) : std::nullopt;
  auto address = read_address_member(r, "address", true, vm);
  auto symbol = read_label_member(r, "symbol", 16);
  auto name = read_label_member(r, "name", 64);
  auto decimals = r.integer("decimals", true, 0, 36);

  std::optional<Eip712Domain> eip712;
  if (const Json* v = r.optional("eip712")) {
    if (vm == Vm::svm) {
      errors_.add(r.path_of("eip712"), r.path_of("eip712") + " must be null on an SVM chain");
    } else {
      ObjectReader d(*v, r.path_of("eip712"), errors_);
      auto domain_name = read_label_member(d, "name", 64);
      auto domain_version = read_label_member(d, "version", 16);
      d.reject_unknown();
      if (domain_name && domain_version) eip712 = Eip712Domain{*domain_name, *domain_version};
    }
  }
  // The mint's owner program decides what a Solana payment invokes and where the token accounts
  // are, so it is configured, never guessed: required on an SVM chain, absent on an EVM one.
  std::optional<svm::Pubkey> token_program;
  if (vm == Vm::svm) {
    if (const Json* v = r.required("tokenProgram")) {
      if (auto program = read_address(*v, r.path_of("tokenProgram"), Vm::svm, errors_)) {
        if (protocol::svm_route_call::is_token_program(program->svm())) {
          token_program = program->svm();
        } else {
          errors_.add(r.path_of("tokenProgram"),
                      r.path_of("tokenProgram") + " must be the SPL Token program " +
                          svm::token_program_id().to_base58() + " or Token-2022 " +
                          svm::token_2022_program_id().to_base58());
        }
      }
    }
  } else if (vm == Vm::evm) {
    r.forbid("tokenProgram", "must be absent on an EVM chain (it names the program of a Solana mint)");
  } else {
    r.optional("tokenProgram");  // the chain is unknown: that error is reported already
  }
  std::optional<std::vector<GaslessStandard>> gasless;
  if (const Json* v = r.required("gasless")) gasless = read_gasless(*v, r.path_of("gasless"), chain);
  const bool approval_reset = r.boolean("approvalReset", false).value_or(false);
  if (approval_reset && vm == Vm::svm) {
    errors_.add(r.path_of("approvalReset"), r.path_of("approvalReset") + " must be absent on an SVM chain (it is about ERC-20 approve)");
  }
  // ERC-3009 authorizations are signed under the token's own domain, so it must be known.
  if (gasless && std::find(gasless->begin(), gasless->end(), GaslessStandard::erc3009) != gasless->end() &&
      !eip712) {
    errors_.add(r.path_of("gasless"), r.path_of("gasless") + " lists erc3009 but the token has no eip712 domain");
  }
  r.reject_unknown();

  if (errors_.size() != errors_before) return std::nullopt;
  TokenRecord token{*chain_id, *address, *symbol, *name, static_cast<std::uint32_t>(*decimals), *gasless, eip712,
                    token_program};
  token.approval_reset = approval_reset;
  return token;
}

const TokenRecord* Loader::read_token_ref(ObjectReader& ref) {
  auto chain_id = ref.integer("chainId", true, 1);
  auto symbol = ref.string("symbol", true);
  if (!chain_id || !symbol) return nullptr;
  const TokenRecord* token = find_token_by_symbol(*chain_id, *symbol);
  if (!token) {
    errors_.add(ref.path(), ref.path() + " names no configured token (" + *symbol + " on chain " +
                                std::to_string(*chain_id) + ")");
  }
  return token;
}

std::optional<SolverRecord> Loader::read_solver(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  SolverRecord solver;
  solver.id = read_slug(r, "id", 64).value_or("");
  solver.name = read_label_member(r, "name", 64).value_or("");

  std::set<SolverPair> pairs;
  std::set<std::uint32_t> decimals;
  bool svm_source = false;
  if (const Json* routes = r.required("routes")) {
    const std::string routes_path = r.path_of("routes");
    if (read_array(*routes, routes_path, errors_)) {
      if (routes->empty()) errors_.add(routes_path, routes_path + " must list at least one route");
      for (std::size_t i = 0; i < routes->size(); ++i) {
        ObjectReader route((*routes)[i], element_path(routes_path, i), errors_);
        const auto read_side = [&](std::string_view side, bool is_source) {
          std::vector<const TokenRecord*> tokens;
          const Json* list = route.required(side);
          if (!list || !read_array(*list, route.path_of(side), errors_)) return tokens;
          if (list->empty()) errors_.add(route.path_of(side), route.path_of(side) + " must list at least one token");
          for (std::size_t k = 0; k < list->size(); ++k) {
            ObjectReader ref((*list)[k], element_path(route.path_of(side), k), errors_);
            const TokenRecord* token = read_token_ref(ref);
            ref.reject_unknown();
            if (!token) continue;
            const ChainRecord* chain = find_chain(token->chain_id);
            if (is_source && !chain->prover) {
              errors_.add(ref.path(), ref.path() + ": chain " + std::to_string(token->chain_id) +
                                          " has no prover, so it cannot be a source");
              continue;
            }
            svm_source = svm_source || (is_source && chain->vm == Vm::svm);
            decimals.insert(token->decimals);
            tokens.push_back(token);
          }
          return tokens;
        };
        const auto sources = read_side("sources", true);
        const auto destinations = read_side("destinations", false);
        route.reject_unknown();
        std::size_t served = 0;
        for (const TokenRecord* s : sources) {
          for (const TokenRecord* d : destinations) {
            // The Portal moves value between chains; a same-chain pair is not a route.
            if (s->chain_id == d->chain_id) continue;
            pairs.insert({{s->chain_id, s->address}, {d->chain_id, d->address}});
            ++served;
          }
        }
        if (!sources.empty() && !destinations.empty() && served == 0) {
          errors_.add(route.path(), route.path() + " serves no pair: every source is on the same chain as every destination");
        }
      }
    }
  }
  solver.pairs.assign(pairs.begin(), pairs.end());
  if (decimals.size() > 1) {
    errors_.add(r.path_of("routes"), r.path_of("routes") +
                                         " mixes tokens with different decimals; the solver's amounts would mean "
                                         "different values on different pairs");
  }

  std::set<TokenKey> delivered;
  for (const auto& p : solver.pairs) delivered.insert(p.destination);
  if (const Json* inventory = r.required("inventory")) {
    const std::string inventory_path = r.path_of("inventory");
    if (read_array(*inventory, inventory_path, errors_)) {
      for (std::size_t i = 0; i < inventory->size(); ++i) {
        ObjectReader entry((*inventory)[i], element_path(inventory_path, i), errors_);
        const TokenRecord* token = read_token_ref(entry);
        std::optional<U256> amount;
        if (const Json* a = entry.required("amount")) {
          amount = read_amount(*a, entry.path_of("amount"), token ? std::optional<Vm>(find_chain(token->chain_id)->vm)
                                                                  : std::nullopt,
                               errors_, ZeroAmount::allowed);
        }
        entry.reject_unknown();
        if (!token || !amount) continue;
        const TokenKey key{token->chain_id, token->address};
        if (!delivered.contains(key)) {
          errors_.add(entry.path(), entry.path() + " is for " + token->symbol + " on chain " +
                                        std::to_string(token->chain_id) + ", which the solver never delivers");
        } else if (!solver.inventory.emplace(key, *amount).second) {
          errors_.add(entry.path(), entry.path() + " repeats " + token->symbol + " on chain " +
                                        std::to_string(token->chain_id));
        }
      }
      if (errors_.size() == errors_before) {
        for (const auto& key : delivered) {
          if (!solver.inventory.contains(key)) {
            errors_.add(inventory_path, inventory_path + " has no entry for " + key.address.text() + " on chain " +
                                            std::to_string(key.chain_id) + ", which the solver delivers");
          }
        }
      }
    }
  }

  solver.fee_bps = static_cast<std::uint32_t>(r.integer("feeBps", true, 0, kMaxBps - 1).value_or(0));
  // Fees and limits are source-token base units; an SVM source bounds them to u64.
  const std::optional<Vm> amount_vm = svm_source ? Vm::svm : Vm::evm;
  const auto amount = [&](std::string_view field, ZeroAmount zero) -> std::optional<U256> {
    const Json* v = r.required(field);
    if (!v) return std::nullopt;
    return read_amount(*v, r.path_of(field), amount_vm, errors_, zero);
  };
  auto fixed_fee = amount("fixedFee", ZeroAmount::allowed);
  auto min_amount = amount("minAmount", ZeroAmount::refused);
  auto max_amount = amount("maxAmount", ZeroAmount::refused);
  if (min_amount && max_amount && *min_amount > *max_amount) {
    errors_.add(r.path_of("minAmount"), r.path_of("minAmount") + " (" + min_amount->to_decimal() +
                                            ") must not be greater than " + r.path_of("maxAmount") + " (" +
                                            max_amount->to_decimal() + ")");
  }
  if (fixed_fee && min_amount && *fixed_fee >= *min_amount) {
    errors_.add(r.path_of("fixedFee"), r.path_of("fixedFee") + " (" + fixed_fee->to_decimal() +
                                           ") must be less than " + r.path_of("minAmount") + " (" +
                                           min_amount->to_decimal() + "), or a minimum transfer would deliver nothing");
  }
  solver.estimated_fulfill_time_sec =
      static_cast<std::uint32_t>(r.integer("estimatedFulfillTimeSec", true, 1, 86400).value_or(0));
  solver.fill_window_sec = r.integer("fillWindowSec", false, 1, 30 * 86400).value_or(service_.route_fill_window_sec);
  solver.url = read_url(r, "url", false, true);
  if (const Json* t = r.optional("timeoutMs")) {
    solver.timeout_ms = static_cast<std::uint32_t>(read_integer(*t, r.path_of("timeoutMs"), errors_, 1, 60000).value_or(0));
  }
  if (r.has("url") && !r.has("timeoutMs")) {
    errors_.add(r.path_of("timeoutMs"), r.path_of("timeoutMs") + " is required for a remote solver (one with a url)");
  }
  if (!r.has("url") && r.has("timeoutMs")) {
    errors_.add(r.path_of("timeoutMs"), r.path_of("timeoutMs") + " applies only to a remote solver; set url or remove it");
  }
  // An in-process solver is a price model of this service, not a party that fills: its name says
  // so wherever quotes show it (solver.name), and a configuration cannot pass one off as real.
  if (!r.has("url") && solver.name.size() > 0 && !solver.name.ends_with(std::string(kSimulationSuffix))) {
    errors_.add(r.path_of("name"), r.path_of("name") + " must end with \"" + std::string(kSimulationSuffix) +
                                       "\": a solver without a url is an in-process price model (a simulation); "
                                       "a real solver is remote (url and timeoutMs)");
  }
  r.reject_unknown();

  if (errors_.size() != errors_before) return std::nullopt;
  solver.fixed_fee = *fixed_fee;
  solver.min_amount = *min_amount;
  solver.max_amount = *max_amount;
  return solver;
}

std::optional<FeeSchedule> Loader::read_fee_schedule(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  auto protocol = r.integer("protocolBps", true, 0, kMaxBps);
  auto gateway = r.integer("gatewayBps", true, 0, kMaxBps);
  r.reject_unknown();
  if (!protocol || !gateway) return std::nullopt;
  if (*protocol + *gateway >= kMaxBps) {
    errors_.add(path, path + " takes the whole amount: protocolBps + gatewayBps must be below 10000");
    return std::nullopt;
  }
  return FeeSchedule{static_cast<std::uint32_t>(*protocol), static_cast<std::uint32_t>(*gateway)};
}

std::optional<PartnerRecord> Loader::read_partner(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  PartnerRecord partner;
  partner.slug = read_slug(r, "slug", 32).value_or("");
  partner.name = read_label_member(r, "name", 64).value_or("");
  if (const Json* v = r.required("feeSchedule")) {
    partner.fee_schedule = read_fee_schedule(*v, r.path_of("feeSchedule")).value_or(FeeSchedule{});
  }
  if (const Json* v = r.required("depositAddresses")) {
    ObjectReader d(*v, r.path_of("depositAddresses"), errors_);
    partner.deposit_addresses.enabled = d.boolean("enabled", true).value_or(false);
    partner.deposit_addresses.deadline_sec = d.integer("deadlineSec", true, 60, 30 * 86400).value_or(0);
    if (const Json* id = d.required("dappId")) {
      partner.deposit_addresses.dapp_id = read_label(*id, d.path_of("dappId"), errors_, 1, 128).value_or("");
    }
    d.reject_unknown();
  }
  if (const Json* v = r.optional("sponsorship")) partner.sponsorship = read_sponsorship(*v, r.path_of("sponsorship"), errors_);
  if (const Json* v = r.optional("feeRecipients")) partner.fee_recipients = read_fee_recipients(*v, r.path_of("feeRecipients"));
  r.reject_unknown();
  if (errors_.size() != errors_before) return std::nullopt;
  return partner;
}

// One spelling for a digest: the 64 lowercase hex digits `sha256sum` prints, without 0x, so a
// digest in the file can be compared with one computed by hand.
std::optional<Hash32> read_digest(ObjectReader& r, std::string_view name) {
  auto text = r.string(name, true);
  if (!text) return std::nullopt;
  const bool lower_hex = text->size() == 64 && std::all_of(text->begin(), text->end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  });
  if (!lower_hex) {
    r.errors().add(r.path_of(name), r.path_of(name) +
                                        " must be the key's SHA-256 digest: 64 lowercase hex digits without 0x");
    return std::nullopt;
  }
  return hex::decode32(*text, hex::Prefix::forbidden);
}

std::optional<ApiKeyRecord> Loader::read_key(const Json& value, const std::string& path) {
  ObjectReader r(value, path, errors_);
  const std::size_t errors_before = errors_.size();
  ApiKeyRecord key;
  // The id names the key in logs and rate-limit buckets, so it is a slug like other ids.
  key.id = read_slug(r, "id", 64).value_or("");
  key.sha256 = read_digest(r, "sha256").value_or(Hash32{});
  if (const Json* v = r.optional("partner")) {
    if (auto slug = read_string(*v, r.path_of("partner"), errors_)) {
      if (!find_partner(*slug)) {
        errors_.add(r.path_of("partner"), r.path_of("partner") + " " + *slug + " is not a configured partner");
      }
      key.partner = *slug;
    }
  }
  key.v1_enabled = r.boolean("v1Enabled", true).value_or(false);
  key.revoked = r.boolean("revoked", true).value_or(false);
  if (const Json* v = r.required("rateLimit")) {
    ObjectReader l(*v, r.path_of("rateLimit"), errors_);
    key.rate_limit.rate_per_sec = static_cast<std::uint32_t>(l.integer("ratePerSec", true, 1, 1'000'000).value_or(0));
    key.rate_limit.burst = static_cast<std::uint32_t>(l.integer("burst", true, 1, 1'000'000).value_or(0));
    l.reject_unknown();
  }
  if (const Json* v = r.required("feeSchedule")) {
    key.fee_schedule = read_fee_schedule(*v, r.path_of("feeSchedule")).value_or(FeeSchedule{});
  }
  if (const Json* v = r.required("features")) {
    const std::string features_path = r.path_of("features");
    if (read_array(*v, features_path, errors_)) {
      for (std::size_t i = 0; i < v->size(); ++i) {
        const std::string item = element_path(features_path, i);
        auto name = read_string((*v)[i], item, errors_);
        if (!name) continue;
        const auto feature = parse_feature(*name);
        if (!feature) {
          errors_.add(item, item + " must be one of \"quotes\", \"all-quotes\", \"gasless\"");
        } else if (key.has(*feature)) {
          errors_.add(item, item + " lists \"" + *name + "\" twice");
        } else {
          key.features.push_back(*feature);
        }
      }
      std::sort(key.features.begin(), key.features.end());
    }
  }
  r.reject_unknown();
  if (errors_.size() != errors_before) return std::nullopt;
  return key;
}

}  // namespace

Config Config::from_json(const nlohmann::ordered_json& json) {
  LoadedConfig loaded = Loader().load(json);
  Config config;
  config.service_ = loaded.service;
  config.chains_ = std::move(loaded.chains);
  config.tokens_ = std::move(loaded.tokens);
  config.solvers_ = std::move(loaded.solvers);
  config.partners_ = std::move(loaded.partners);
  config.keys_ = std::move(loaded.keys);
  return config;
}

const ChainRecord* Config::chain(std::uint64_t chain_id) const {
  for (const auto& c : chains_) {
    if (c.chain_id == chain_id) return &c;
  }
  return nullptr;
}

const TokenRecord* Config::token(std::uint64_t chain_id, const ChainAddress& address) const {
  for (const auto& t : tokens_) {
    if (t.chain_id == chain_id && t.address == address) return &t;
  }
  return nullptr;
}

const TokenRecord* Config::token_by_symbol(std::uint64_t chain_id, std::string_view symbol) const {
  for (const auto& t : tokens_) {
    if (t.chain_id == chain_id && t.symbol == symbol) return &t;
  }
  return nullptr;
}

std::vector<const TokenRecord*> Config::tokens_of(std::uint64_t chain_id) const {
  std::vector<const TokenRecord*> out;
  for (const auto& t : tokens_) {
    if (t.chain_id == chain_id) out.push_back(&t);
  }
  return out;
}

const SolverRecord* Config::solver(std::string_view id) const {
  for (const auto& s : solvers_) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

const PartnerRecord* Config::partner(std::string_view slug) const {
  for (const auto& p : partners_) {
    if (p.slug == slug) return &p;
  }
  return nullptr;
}

std::optional<U256> Config::daily_gas_budget_wei(const PartnerRecord& partner, std::uint64_t chain_id) const {
  if (auto it = partner.sponsorship.daily_gas_budget_wei.find(chain_id); it != partner.sponsorship.daily_gas_budget_wei.end()) {
    return it->second;
  }
  const auto& defaults = service_.relay.sponsorship.daily_gas_budget_wei;
  if (auto it = defaults.find(chain_id); it != defaults.end()) return it->second;
  return std::nullopt;
}

std::uint32_t Config::fundings_per_funder_per_day(const PartnerRecord& partner) const {
  return partner.sponsorship.fundings_per_funder_per_day.value_or(
      service_.relay.sponsorship.fundings_per_funder_per_day.value_or(kDefaultFundingsPerFunderPerDay));
}

std::optional<U256> Config::min_relay_amount(const TokenRecord& token) const {
  const auto& minimums = service_.relay.min_amount_millionths;
  const auto it = minimums.find(token.chain_id);
  if (it == minimums.end()) return std::nullopt;
  // millionths x 10^decimals / 10^6, rounded up: a minimum never rounds down to less than set.
  U256 scale(1);
  for (std::uint32_t i = 0; i < token.decimals; ++i) scale = *scale.checked_mul(U256(10));
  return U256::mul_div(it->second, scale, U256(1'000'000), Rounding::ceil);
}

const ApiKeyRecord* Config::key(std::string_view id) const {
  for (const auto& k : keys_) {
    if (k.id == id) return &k;
  }
  return nullptr;
}

void require_quote_signer(const Config& config, const Address& signer) {
  std::vector<FieldError> errors;
  for (std::size_t i = 0; i < config.chains().size(); ++i) {
    const auto& chain = config.chains()[i];
    if (chain.quote_signer != signer) {
      const std::string path = "chains[" + std::to_string(i) + "].quoteSigner";
      errors.push_back({path, path + " is " + chain.quote_signer.checksummed() + " but the configured signer key is " +
                                  signer.checksummed() + "'s"});
    }
  }
  if (!errors.empty()) throw ConfigError(std::move(errors));
}

std::optional<ChainAddress> fee_recipient_on(const FeeRecipients& recipients, std::uint64_t chain_id) {
  const auto it = recipients.find(chain_id);
  if (it == recipients.end()) return std::nullopt;
  return it->second;
}

}  // namespace sr::service
