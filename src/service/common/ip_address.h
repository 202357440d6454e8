// IP address literals as the core reads them: dotted-quad IPv4 (four decimal parts, no leading
// zeros, so "010.0.0.1" is not silently octal) and RFC 4291 IPv6 text (hex groups, one "::", an
// optional trailing dotted IPv4). Used where an address decides something: which client network a
// request's limits count against (keys/client_network) and where a webhook may be sent (webhooks).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sr::service {

using Ipv4Address = std::array<std::uint8_t, 4>;
using Ipv6Address = std::array<std::uint8_t, 16>;

std::optional<Ipv4Address> parse_ipv4(std::string_view text);
std::optional<Ipv6Address> parse_ipv6(std::string_view text);

// The IPv4 address an IPv6 address stands for when it is one spelled in IPv6 (IPv4-mapped
// ::ffff:a.b.c.d, the form a dual-stack socket reports an IPv4 client in), else nullopt.
std::optional<Ipv4Address> ipv4_mapped(const Ipv6Address& address);

}  // namespace sr::service
