#include "service/funding/sponsorship.h"

#include <string>

#include "eth/address.h"
#include "eth/u256.h"
#include "service/common/op_input.h"
#include "service/funding/relay_calls.h"

namespace sr::service {

namespace {

using json = nlohmann::ordered_json;

constexpr std::string_view kOp = "op \"sponsorshipAdmission\": ";

// A wei figure the worker read from a receipt (hex quantity) or stored from an answer (decimal).
U256 quantity(const json& v, const std::string& what) {
  if (!v.is_string()) throw OpInputError(std::string(kOp) + what + " must be a hex quantity or a decimal string");
  const std::string text = v.get<std::string>();
  try {
    if (text.starts_with("0x")) return U256::from_hex(text);
    return U256::from_decimal(text);
  } catch (const std::exception&) {
    throw OpInputError(std::string(kOp) + what + " is not a quantity: " + text);
  }
}

std::uint64_t count(const json& v, const std::string& what) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  throw OpInputError(std::string(kOp) + what + " must be a non-negative integer");
}

U256 add(const U256& a, const U256& b) {
  // Wei sums of a day's transactions are far below 2^256; saturate rather than throw if not.
  return a.checked_add(b).value_or(U256::max());
}

// What a stored row costs the day's budget: its receipts once settled, its hold until then.
U256 row_cost(const json& row, std::size_t i) {
  const std::string at = "rows[" + std::to_string(i) + "]";
  if (!row.contains("settled") || !row.at("settled").is_boolean()) throw OpInputError(std::string(kOp) + at + ".settled must be a boolean");
  if (!row.at("settled").get<bool>()) return quantity(row.value("holdWei", json()), at + ".holdWei");
  const json receipts = row.value("receipts", json::array());
  if (!receipts.is_array()) throw OpInputError(std::string(kOp) + at + ".receipts must be an array");
  U256 total;
  for (std::size_t j = 0; j < receipts.size(); ++j) {
    const std::string r = at + ".receipts[" + std::to_string(j) + "]";
    // A node that reports no effective gas price (before London): the job counts at its most.
    if (receipts[j].is_object() && receipts[j].contains("effectiveGasPrice") && receipts[j].at("effectiveGasPrice").is_null()) {
      return quantity(row.value("holdWei", json()), at + ".holdWei");
    }
    const U256 gas = quantity(receipts[j].value("gasUsed", json()), r + ".gasUsed");
    const U256 price = quantity(receipts[j].value("effectiveGasPrice", json()), r + ".effectiveGasPrice");
    total = add(total, gas.checked_mul(price).value_or(U256::max()));
    // An OP-stack chain (Base, Optimism) also charges the sender for posting the transaction's
    // data to L1; its receipt reports that fee apart from gas used x effective gas price.
    const json l1_fee = receipts[j].value("l1Fee", json());
    if (!l1_fee.is_null()) total = add(total, quantity(l1_fee, r + ".l1Fee"));
  }
  return total;
}

}  // namespace

OpResult sponsorship_admission_op(const Config& config, const json& input) {
  const OpInput in(input, "sponsorshipAdmission");
  const std::uint64_t now = in.unix_seconds("now");
  const json& partner_json = in.member("partner");
  const PartnerRecord* partner = partner_json.is_string() ? config.partner(partner_json.get<std::string>()) : nullptr;
  if (!partner) throw OpInputError(std::string(kOp) + "partner must be a configured partner's slug");
  const json& plan = in.member("plan");
  const ChainRecord* chain = nullptr;
  Address funder;
  bool has_authorization = true;
  try {
    chain = &plan_chain(config, plan);
    funder = Address::parse(plan.at("funder").get<std::string>());
    const std::string standard = plan.at("standard").get<std::string>();
    has_authorization = standard != "transfer" && standard != "refund";
  } catch (const std::exception& e) {
    throw OpInputError(std::string(kOp) + "the plan is malformed: " + e.what());
  }
  const json& rows = in.member("rows");
  if (!rows.is_array()) throw OpInputError(std::string(kOp) + "rows must be an array");

  const std::uint64_t day = now / kSecondsPerDay;
  const std::uint64_t reset = kSecondsPerDay - now % kSecondsPerDay;  // seconds to the next UTC day
  const std::string funder_text = funder.checksummed();
  U256 spent;
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    if (!row.is_object()) throw OpInputError(std::string(kOp) + "rows[" + std::to_string(i) + "] must be an object");
    if (count(row.value("day", json()), "rows[" + std::to_string(i) + "].day") != day) continue;
    spent = add(spent, row_cost(row, i));
    const json& f = row.value("funder", json());
    Address row_funder;
    try {
      row_funder = Address::parse(f.get<std::string>());
    } catch (const std::exception&) {
      throw OpInputError(std::string(kOp) + "rows[" + std::to_string(i) + "].funder must be an address");
    }
    if (row_funder == funder) ++used;
  }

  const U256 budget = config.daily_gas_budget_wei(*partner, chain->chain_id).value_or(U256());
  const std::uint32_t limit = config.fundings_per_funder_per_day(*partner);
  const auto ceiling = config.service().relay.max_fee_per_gas_wei.find(chain->chain_id);
  const RelaySettings& relay = config.service().relay;
  const U256 gas(relay.funding_gas_limit + (has_authorization ? relay.authorization_gas_limit : 0));
  // The highest price the job may pay: the chain's ceiling (the relay ops price from the chain
  // under it, from nothing the request carries).
  const U256 price = ceiling == relay.max_fee_per_gas_wei.end() ? U256() : ceiling->second;
  U256 hold = gas.checked_mul(price).value_or(U256::max());
  // The ceiling bounds the execution price only: an L2's L1 data fee comes on top of it, up to
  // the chain's allowance (relay.l1DataFeeAllowanceWei; none where there is no such fee).
  if (const auto allowance = relay.l1_data_fee_allowance_wei.find(chain->chain_id); allowance != relay.l1_data_fee_allowance_wei.end()) {
    hold = add(hold, allowance->second);
  }

  const bool over_budget = spent >= budget;
  // A plain-transfer plan funds a deposit address its user has already paid: its "funder" is the
  // address's refund recipient, not a wallet that signed anything, so only the partner's budget
  // holds it (the address's object asks again later: nothing is lost, the money waits in the vault).
  // A refund the relayer sends itself is alike: its "funder" is the refund recipient, who signed nothing.
  const bool funder_done = has_authorization && used >= limit;
  if (!over_budget && !funder_done) {
    return ok({{"day", day},
               {"funder", funder_text},
               {"holdWei", hold.to_decimal()},
               {"budget", {{"limitWei", budget.to_decimal()}, {"spentWei", spent.to_decimal()}}},
               {"fundings", {{"limit", limit}, {"used", used}}}});
  }
  const std::string chain_name = "chain " + std::to_string(chain->chain_id);
  const std::string retry = "; nothing was sent and no job was created; retry after the next UTC day begins (in " +
                            std::to_string(reset) + " s)";
  if (over_budget) {
    std::string detail = "partner " + partner->slug + "'s daily gas budget on " + chain_name + " (" + budget.to_decimal() +
                         " wei) is spent: " + spent.to_decimal() + " wei today, counting unsettled jobs at their most";
    if (funder_done) detail += ", and funder " + funder_text + " has had its " + std::to_string(limit) + " relayed fundings today";
    return retry_later(ProblemCode::sponsorship_exhausted, detail + retry, budget.to_decimal(), reset);
  }
  return retry_later(ProblemCode::sponsorship_exhausted,
                     "funder " + funder_text + " has had its " + std::to_string(limit) + " relayed fundings on " + chain_name +
                         " today under partner " + partner->slug + "'s sponsorship" + retry,
                     std::to_string(limit), reset);
}

}  // namespace sr::service
