#include "service/chain/chain_logs.h"

#include <charconv>

#include "protocol/json_fields.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

ChainLogs read_chain_logs(const Config& config, const OpInput& in) {
  const Json& chain_id_json = in.member("chainId");
  const Json& logs = in.member("logs");
  FieldErrors errors;
  ChainLogs out;
  const std::optional<std::uint64_t> chain_id = protocol::json_fields::non_negative_integer(chain_id_json);
  if (!chain_id) errors.add("chainId", "chainId must be a positive integer");
  if (!logs.is_array()) errors.add("logs", "logs must be an array of eth_getLogs logs");
  if (!errors.empty()) {
    out.refused = invalid_request(errors);
    return out;
  }
  out.chain = config.chain(*chain_id);
  if (!out.chain) {
    const std::string id = std::to_string(*chain_id);
    out.refused = problem(ProblemCode::chain_not_supported, "chain " + id + " is not a configured chain",
                          {{"chainId", "chainId " + id + " is not a configured chain"}});
    return out;
  }
  out.logs.reserve(logs.size());
  for (std::size_t i = 0; i < logs.size(); ++i) {
    const std::string path = "logs[" + std::to_string(i) + "]";
    try {
      out.logs.push_back(protocol::events::log_from_json(logs[i], path));
    } catch (const ParseError& e) {
      errors.add(path, e.what());
    }
  }
  if (!errors.empty()) out.refused = invalid_request(errors);
  return out;
}

std::string rpc_quantity(std::uint64_t value) {
  char digits[17];
  const auto end = std::to_chars(digits, digits + sizeof digits, value, 16).ptr;
  return "0x" + std::string(digits, end);
}

}  // namespace sr::service
