#include "service/keys/client_network.h"

#include <cstdio>
#include <optional>

#include "service/common/ip_address.h"
#include "service/common/op_input.h"

namespace sr::service {

namespace {

std::string ipv4_name(const Ipv4Address& a) {
  char out[32];
  std::snprintf(out, sizeof out, "ipv4:%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
  return out;
}

// CF-Connecting-IP carries one address; tolerate the whitespace a proxy may leave around it.
std::string_view trimmed(std::string_view address) {
  while (!address.empty() && (address.front() == ' ' || address.front() == '\t')) address.remove_prefix(1);
  while (!address.empty() && (address.back() == ' ' || address.back() == '\t')) address.remove_suffix(1);
  return address;
}

// The IPv6 address a client network is named by: nullopt for IPv4 (in either spelling) and
// for anything unparseable.
std::optional<Ipv6Address> ipv6_client(std::string_view address) {
  if (parse_ipv4(address)) return std::nullopt;
  const auto v6 = parse_ipv6(address);
  if (!v6 || ipv4_mapped(*v6)) return std::nullopt;
  return v6;
}

unsigned group(const Ipv6Address& a, std::size_t i) { return (a[2 * i] << 8) | a[2 * i + 1]; }

}  // namespace

std::string client_network(std::string_view address) {
  address = trimmed(address);
  if (const auto v4 = parse_ipv4(address)) return ipv4_name(*v4);
  const auto v6 = parse_ipv6(address);
  if (!v6) return "unknown";
  if (const auto mapped = ipv4_mapped(*v6)) return ipv4_name(*mapped);
  char out[48];
  const auto& a = *v6;
  std::snprintf(out, sizeof out, "ipv6:%x:%x:%x:%x::/64", group(a, 0), group(a, 1), group(a, 2), group(a, 3));
  return out;
}

std::string client_aggregate(std::string_view address) {
  const auto v6 = ipv6_client(trimmed(address));
  if (!v6) return "";
  char out[48];
  std::snprintf(out, sizeof out, "ipv6:%x:%x:%x::/48", group(*v6, 0), group(*v6, 1), group(*v6, 2));
  return out;
}

OpResult client_network_op(const nlohmann::ordered_json& input) {
  OpInput in(input, "clientNetwork");
  const nlohmann::ordered_json* address = in.optional("address");
  if (address && !address->is_string()) throw OpInputError("op \"clientNetwork\": address must be a string or null");
  if (!address) return ok({{"network", "unknown"}, {"aggregate", nullptr}});
  const std::string text = address->get<std::string>();
  const std::string aggregate = client_aggregate(text);
  return ok({{"network", client_network(text)}, {"aggregate", aggregate.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(aggregate)}});
}

}  // namespace sr::service
