#include "service/keys/client_network.h"

#include <cstdio>

#include "service/common/ip_address.h"
#include "service/common/op_input.h"

namespace sr::service {

namespace {

std::string ipv4_name(const Ipv4Address& a) {
  char out[32];
  std::snprintf(out, sizeof out, "ipv4:%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
  return out;
}

}  // namespace

std::string client_network(std::string_view address) {
  // CF-Connecting-IP carries one address; tolerate the whitespace a proxy may leave around it.
  while (!address.empty() && (address.front() == ' ' || address.front() == '\t')) address.remove_prefix(1);
  while (!address.empty() && (address.back() == ' ' || address.back() == '\t')) address.remove_suffix(1);
  if (const auto v4 = parse_ipv4(address)) return ipv4_name(*v4);
  const auto v6 = parse_ipv6(address);
  if (!v6) return "unknown";
  if (const auto mapped = ipv4_mapped(*v6)) return ipv4_name(*mapped);
  char out[48];
  const auto& a = *v6;
  std::snprintf(out, sizeof out, "ipv6:%x:%x:%x:%x::/64", (a[0] << 8) | a[1], (a[2] << 8) | a[3], (a[4] << 8) | a[5], (a[6] << 8) | a[7]);
  return out;
}

OpResult client_network_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "clientNetwork");
  const nlohmann::ordered_json* address = in.optional("address");
  if (address && !address->is_string()) throw OpInputError("op \"clientNetwork\": address must be a string or null");
  return ok({{"network", address ? client_network(address->get<std::string>()) : std::string("unknown")}});
}

}  // namespace sr::service
