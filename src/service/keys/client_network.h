// Which client network a keyless request counts against (docs/security.md, "Keyless limits").
// A single IPv6 host is normally given a whole /64 (SLAAC, privacy addresses), so counting IPv6
// clients by exact address would give one client 2^64 buckets: IPv4 clients are counted per
// address, IPv6 clients per /64, as Cloudflare's own rate limiting does.
//
// A client that holds more than one /64 (a /56 or /48 is a common customer assignment) would
// still multiply its allowance by 256 or 65,536, so an IPv6 client also counts against its /48,
// whose buckets are wider (the worker's KEYLESS_AGGREGATE_FACTOR times a /64's).
//
// Op "clientNetwork" {"address": the CF-Connecting-IP header's text, or null}
//   -> 200 {"network": "ipv4:<a.b.c.d>" | "ipv6:<first four groups>::/64" | "unknown",
//           "aggregate": "ipv6:<first three groups>::/48" for an IPv6 network, else null}
// The name is canonical whatever the spelling: IPv6 letters are lowercased and groups printed
// without leading zeros, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address.
// An absent or unparseable header is "unknown": one shared bucket (locally there is no header).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "service/common/problem.h"

namespace sr::service {

// The network name of an address literal, as the op answers it.
std::string client_network(std::string_view address);
// The /48 an IPv6 address literal counts against too, or "" for anything else.
std::string client_aggregate(std::string_view address);

// How much wider a /48's limits are than each of its /64s' by default (the worker's
// KEYLESS_AGGREGATE_FACTOR may set another): a /48 is many clients' networks, so it is wider,
// but not 65,536 times wider. The request buckets and the caps on what a client holds open
// (unfunded deposit addresses, status streams) all aggregate this way.
inline constexpr std::uint64_t kDefaultAggregateFactor = 16;

OpResult client_network_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
