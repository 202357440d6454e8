#include "service/operator/operator_status.h"

#include <cstdint>
#include <optional>

#include "service/common/op_input.h"
#include "service/funding/relayer_floor.h"

namespace sr::service {

namespace {

using json = nlohmann::ordered_json;

constexpr std::string_view kOp = "operatorStatus";

[[noreturn]] void refuse(const std::string& what) { throw OpInputError("op \"operatorStatus\": " + what); }

std::optional<std::uint64_t> count_or_null(const json& parent, const char* name, const std::string& at) {
  const json v = parent.is_object() ? parent.value(name, json()) : json();
  if (v.is_null()) return std::nullopt;
  // Any JSON integer at or above zero (a parser may hold a positive number as signed).
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0) refuse(at + "." + name + " must be a non-negative integer or null");
  return v.get<std::uint64_t>();
}

std::optional<std::string> text_or_null(const json& parent, const char* name, const std::string& at) {
  const json v = parent.is_object() ? parent.value(name, json()) : json();
  if (v.is_null()) return std::nullopt;
  if (!v.is_string()) refuse(at + "." + name + " must be a string or null");
  return v.get<std::string>();
}

json array_member(const json& parent, const char* name, const std::string& at) {
  const json v = parent.value(name, json::array());
  if (!v.is_array()) refuse(at + "." + name + " must be an array");
  return v;
}

json nullable(const std::optional<std::uint64_t>& v) { return v ? json(*v) : json(nullptr); }

}  // namespace

std::string url_origin(const std::string& url) {
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return "";
  const auto authority_start = scheme_end + 3;
  auto authority_end = url.find_first_of("/?#", authority_start);
  if (authority_end == std::string::npos) authority_end = url.size();
  std::string authority = url.substr(authority_start, authority_end - authority_start);
  if (const auto at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
  return url.substr(0, authority_start) + authority;
}

OpResult operator_status_op(const Config& config, const json& input) {
  const OpInput in(input, std::string(kOp));
  const std::uint64_t now = in.unix_seconds("now");
  const json& chains_in = in.member("chains");
  if (!chains_in.is_array()) refuse("chains must be an array");
  json chains = json::array();
  json alerts = json::array();
  for (std::size_t i = 0; i < chains_in.size(); ++i) {
    const std::string at = "chains[" + std::to_string(i) + "]";
    const json& c = chains_in[i];
    if (!c.is_object()) refuse(at + " must be an object");
    const ChainRecord& chain = evm_chain(config, c.value("chainId", json()), std::string(kOp));
    const std::string name = "chain " + std::to_string(chain.chain_id) + " (" + chain.name + ")";

    const json reader_in = c.value("reader", json());
    if (!reader_in.is_null() && !reader_in.is_object()) refuse(at + ".reader must be an object or null");
    const auto head = count_or_null(reader_in, "head", at + ".reader");
    const auto cursor = count_or_null(reader_in, "cursor", at + ".reader");
    const auto last_error = text_or_null(reader_in, "lastError", at + ".reader");
    // The reader is behind the head by what it has not stored yet; a cursor past a head (a node
    // behind its balancer answered last) counts as no lag.
    std::optional<std::uint64_t> lag;
    if (head && cursor) lag = *head > *cursor ? *head - *cursor : 0;
    const json reader = {{"head", nullable(head)},
                         {"cursor", nullable(cursor)},
                         {"lagBlocks", nullable(lag)},
                         {"finalized", nullable(count_or_null(reader_in, "finalized", at + ".reader"))},
                         {"polledAt", nullable(count_or_null(reader_in, "polledAt", at + ".reader"))},
                         {"lastError", last_error ? json(*last_error) : json(nullptr)}};
    if (!head) alerts.push_back(name + ": the reader has not read the chain's head yet");
    if (last_error) alerts.push_back(name + ": the reader's last round failed: " + *last_error);

    json providers = json::array();
    const json providers_in = array_member(c, "providers", at);
    std::size_t cooling = 0;
    for (std::size_t j = 0; j < providers_in.size(); ++j) {
      const std::string pat = at + ".providers[" + std::to_string(j) + "]";
      const json& p = providers_in[j];
      if (!p.is_object()) refuse(pat + " must be an object");
      const auto url = text_or_null(p, "url", pat);
      if (!url) refuse(pat + ".url must be a string");
      const std::uint64_t cooldown = count_or_null(p, "coolingDownForMs", pat).value_or(0);
      if (cooldown > 0) ++cooling;
      providers.push_back({{"origin", url_origin(*url)},
                           {"healthy", cooldown == 0},
                           {"coolingDownForMs", cooldown},
                           {"failures", count_or_null(p, "failures", pat).value_or(0)}});
    }
    if (providers_in.empty()) alerts.push_back(name + ": no JSON-RPC endpoint (CHAIN_RPC_URLS): the chain is neither read nor relayed on");
    else if (cooling == providers_in.size()) alerts.push_back(name + ": every JSON-RPC endpoint is cooling down after failures");

    json relayers = json::array();
    const json relayers_in = array_member(c, "relayers", at);
    for (std::size_t j = 0; j < relayers_in.size(); ++j) {
      const std::string rat = at + ".relayers[" + std::to_string(j) + "]";
      const json& r = relayers_in[j];
      if (!r.is_object()) refuse(rat + " must be an object");
      const std::string address = relayer_address(r.value("address", json()), std::string(kOp), rat + ".address");
      const auto open_jobs = count_or_null(r, "openJobs", rat);
      const auto balance_error = text_or_null(r, "balanceError", rat);
      const json balance_in = r.value("balanceWei", json());
      json row = {{"address", address}};
      const auto& floors = config.service().relay.min_relayer_balance_wei;
      const auto floor = floors.find(chain.chain_id);
      if (balance_in.is_null()) {
        row["balanceWei"] = nullptr;
        row["floorWei"] = floor == floors.end() ? json(nullptr) : json(floor->second.to_decimal());
        row["belowFloor"] = nullptr;
        alerts.push_back(name + ": the balance of relayer account " + address + " could not be read" +
                         (balance_error ? ": " + *balance_error : std::string()));
      } else {
        const U256 balance = balance_quantity(balance_in, std::string(kOp), rat + ".balanceWei");
        const RelayerFloorVerdict verdict = relayer_floor(config, chain, address, balance);
        row["balanceWei"] = balance.to_decimal();
        row["floorWei"] = verdict.floor ? json(verdict.floor->to_decimal()) : json(nullptr);
        row["belowFloor"] = !verdict.may_take_job;
        if (!verdict.may_take_job) alerts.push_back(name + ": " + verdict.detail);
      }
      row["openJobs"] = nullable(open_jobs);
      row["balanceError"] = balance_error ? json(*balance_error) : json(nullptr);
      relayers.push_back(std::move(row));
    }
    chains.push_back({{"chainId", chain.chain_id},
                      {"name", chain.name},
                      {"reader", reader},
                      {"providers", providers},
                      {"relayers", relayers}});
  }
  return ok({{"generatedAt", now}, {"healthy", alerts.empty()}, {"chains", chains}, {"alerts", alerts}});
}

}  // namespace sr::service
