#include "service/webhooks/webhooks.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <set>
#include <variant>
#include <vector>

#include "crypto/base64.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "service/common/ip_address.h"
#include "service/common/op_input.h"
#include "service/common/quote_randomness.h"
#include "service/keys/key_record.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

constexpr std::size_t kMaxUrlLength = 2048;
constexpr std::size_t kMaxDescription = 256;
constexpr std::string_view kStatusEvent = "intent.status";

std::optional<std::string> non_public_ipv4(const Ipv4Address& a) {
  if (a[0] == 0) return "a 'this network' address (0.0.0.0/8)";
  if (a[0] == 10 || (a[0] == 172 && (a[1] & 0xf0) == 16) || (a[0] == 192 && a[1] == 168)) return "a private address";
  if (a[0] == 100 && (a[1] & 0xc0) == 64) return "a shared address space address (100.64.0.0/10)";
  if (a[0] == 127) return "a loopback address";
  if (a[0] == 169 && a[1] == 254) return "a link-local address (169.254.0.0/16, where cloud metadata services live)";
  if (a[0] == 192 && a[1] == 0 && (a[2] == 0 || a[2] == 2)) return "a reserved address";
  if (a[0] == 198 && (a[1] & 0xfe) == 18) return "a benchmarking address (198.18.0.0/15)";
  if ((a[0] == 198 && a[1] == 51 && a[2] == 100) || (a[0] == 203 && a[1] == 0 && a[2] == 113)) return "a documentation address";
  if (a[0] >= 224) return "a multicast or reserved address";
  return std::nullopt;
}

// Only global unicast (2000::/3) is public, less the special ranges inside it. Everything that
// embeds an IPv4 address is refused whatever the embedded address: an IPv4-mapped or -translated
// address reaches the IPv4 one through the sender's own stack, a NAT64 or 6to4 one through a
// translator or relay the sender's network runs, so the IPv6 spelling must never be a way around
// the IPv4 rules (a public IPv4 receiver is given as its IPv4 address).
std::optional<std::string> non_public_ipv6(const Ipv6Address& a) {
  const auto zeros = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) {
      if (a[i] != 0) return false;
    }
    return true;
  };
  if (zeros(0, 16)) return "the unspecified address";
  if (zeros(0, 15) && a[15] == 1) return "a loopback address";
  if (zeros(0, 12)) return "an IPv4-compatible address (::/96, deprecated; give the IPv4 address)";
  if (ipv4_mapped(a)) return "an IPv4-mapped address (::ffff:0:0/96; give the IPv4 address)";
  if (zeros(0, 8) && a[8] == 0xff && a[9] == 0xff && a[10] == 0 && a[11] == 0) {
    return "an IPv4-translated address (::ffff:0:0:0/96; give the IPv4 address)";
  }
  if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b) {
    if (zeros(4, 12)) return "a NAT64 address (64:ff9b::/96, translated by the sender's network)";
    if (a[4] == 0x00 && a[5] == 0x01) return "a local-use NAT64 address (64:ff9b:1::/48, translated by the sender's network)";
  }
  if (a[0] == 0x01 && zeros(1, 8)) return "a discard-only address (100::/64)";
  if ((a[0] & 0xfe) == 0xfc) return "a unique local address (fc00::/7, where cloud metadata services live)";
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return "a link-local address";
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return "a site-local address (fec0::/10)";
  if (a[0] == 0xff) return "a multicast address";
  if ((a[0] & 0xe0) != 0x20) return "a reserved address (outside global unicast 2000::/3)";
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8) return "a documentation address";
  if (a[0] == 0x3f && a[1] == 0xff && (a[2] & 0xf0) == 0) return "a documentation address (3fff::/20)";
  if (a[0] == 0x20 && a[1] == 0x02) return "a 6to4 address (2002::/16, relayed to an embedded IPv4 address)";
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] < 0x02) {
    return "an IETF protocol assignment (2001::/23: Teredo, benchmarking, ORCHID and others)";
  }
  return std::nullopt;
}

struct ParsedUrl {
  std::string scheme;
  std::string host;  // lowercase; IPv6 without brackets
  bool host_is_address = false;
  // An http URL naming a host in the local configuration: its name must resolve to 127.0.0.1
  // only (a loopback receiver reached through a name, as DNS rebinding tests need).
  bool loopback_name = false;
  // An https URL naming a host in the local configuration: its addresses may be public, as
  // anywhere, or 127.0.0.1 only (a local receiver holding a certificate for that name, as the TLS
  // delivery tests need).
  bool loopback_https_name = false;
};

bool ends_with_label(std::string_view host, std::string_view suffix) {
  return host == suffix || (host.size() > suffix.size() && host.ends_with(suffix) && host[host.size() - suffix.size() - 1] == '.');
}

// The URL's scheme and host, or the reason it is refused (a sentence naming `url`).
std::variant<ParsedUrl, std::string> parse_url(std::string_view url, bool allow_loopback) {
  if (url.size() > kMaxUrlLength) return "url must be at most 2048 characters";
  for (char c : url) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return "url must not contain spaces or control characters";
  }
  ParsedUrl out;
  const auto colon = url.find("://");
  if (colon == std::string_view::npos) return "url must be an absolute https URL";
  for (char c : url.substr(0, colon)) out.scheme += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (out.scheme != "https" && out.scheme != "http") return "url must use https";
  if (url.find('#') != std::string_view::npos) return "url must not have a fragment";
  const std::string_view rest = url.substr(colon + 3);
  const std::string_view authority = rest.substr(0, rest.find_first_of("/?"));
  if (authority.find('@') != std::string_view::npos) return "url must not carry credentials";
  std::string_view host = authority;
  std::string_view port;
  if (authority.starts_with("[")) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return "url has an unterminated IPv6 address";
    host = authority.substr(1, close - 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (!after.starts_with(":")) return "url has a malformed host";
      port = after.substr(1);
    }
  } else if (const auto p = authority.rfind(':'); p != std::string_view::npos) {
    host = authority.substr(0, p);
    port = authority.substr(p + 1);
  }
  if (host.empty()) return "url must name a host";
  if (!port.empty() || authority.ends_with(":")) {
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
      return "url has an invalid port";
    }
  }
  for (char c : host) out.host += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));

  const bool loopback_receiver = allow_loopback && out.host == "127.0.0.1";
  const bool names_host = !parse_ipv4(out.host) && out.host.find(':') == std::string::npos;
  out.loopback_name = out.scheme == "http" && allow_loopback && names_host;
  out.loopback_https_name = out.scheme == "https" && allow_loopback && names_host;
  if (out.scheme == "http" && !loopback_receiver && !out.loopback_name) {
    return allow_loopback ? "url must use https (or be http://127.0.0.1:<port> in the local configuration)" : "url must use https";
  }
  if (loopback_receiver) {
    out.host_is_address = true;
    return out;
  }
  if (const auto v4 = parse_ipv4(out.host)) {
    out.host_is_address = true;
    if (auto why = non_public_ipv4(*v4)) return "url must not point to " + *why;
    return out;
  }
  if (out.host.find(':') != std::string::npos) {
    const auto v6 = parse_ipv6(out.host);
    if (!v6) return "url has a malformed IPv6 address";
    out.host_is_address = true;
    if (auto why = non_public_ipv6(*v6)) return "url must not point to " + *why;
    return out;
  }
  // A name: letters, digits and inner hyphens per label, at least two labels, not a number.
  if (out.host.size() > 253) return "url has a host name longer than 253 characters";
  std::size_t start = 0;
  std::string last_label;
  std::size_t labels = 0;
  while (start <= out.host.size()) {
    const auto dot = out.host.find('.', start);
    const std::string label = out.host.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return "url has a malformed host name";
    for (char c : label) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return "url has a malformed host name";
    }
    last_label = label;
    ++labels;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (labels < 2) return "url must name a public host (a single-label name resolves inside a network)";
  if (std::all_of(last_label.begin(), last_label.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return "url has a host that is a number, not a name";
  }
  for (std::string_view internal : {"localhost", "local", "internal", "intranet", "lan", "home.arpa", "corp"}) {
    if (ends_with_label(out.host, internal)) return "url must name a public host, not a '." + std::string(internal) + "' name";
  }
  return out;
}

std::optional<std::string> refused_addresses(const json* addresses, const ParsedUrl& url) {
  if (!addresses) return std::nullopt;
  if (!addresses->is_array() || addresses->empty()) return "url's host does not resolve to any address";
  for (const json& a : *addresses) {
    if (!a.is_string()) throw OpInputError("addresses must be strings");
  }
  const bool loopback_only = url.loopback_name;
  if (url.loopback_https_name && std::all_of(addresses->begin(), addresses->end(), [](const json& a) { return a == "127.0.0.1"; })) {
    return std::nullopt;
  }
  for (const json& a : *addresses) {
    if (loopback_only) {
      if (a.get<std::string>() != "127.0.0.1") {
        return "url's host must resolve to 127.0.0.1 only for an http URL (local configuration), not " + a.get<std::string>();
      }
      continue;
    }
    if (auto why = non_public_address(a.get<std::string>())) return "url's host resolves to " + *why + " (" + a.get<std::string>() + ")";
  }
  return std::nullopt;
}

// Why the endpoints of key `key_id` may receive nothing now, or nullopt when they may: the key
// still configured, not revoked, enabled for v1 and mapped to a configured partner (what
// authenticating it and authorizeKey "webhooks" require of a key managing endpoints).
std::optional<std::string> receiver_refusal(const Config& config, const std::string& key_id) {
  const ApiKeyRecord* key = config.key(key_id);
  if (!key) return "the endpoint's API key " + key_id + " is no longer configured";
  if (key->revoked) return "the endpoint's API key " + key_id + " was revoked";
  if (!key->v1_enabled) return "the endpoint's API key " + key_id + " is not enabled for v1";
  if (!key->partner || !config.partner(*key->partner)) return "the endpoint's API key " + key_id + " is not mapped to a partner";
  return std::nullopt;
}

std::string webhook_uuid(const QuoteRandomness& random) {
  Hash32 bytes = random.derive("webhook-id", 0);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const std::string hex = hex::encode(ByteView(bytes).first(16), false);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" + hex.substr(20, 12);
}

}  // namespace

std::optional<std::string> non_public_address(std::string_view address) {
  if (const auto v4 = parse_ipv4(address)) return non_public_ipv4(*v4);
  if (const auto v6 = parse_ipv6(address)) return non_public_ipv6(*v6);
  return "not an IP address";
}

std::string rfc3339(std::uint64_t unix_seconds) {
  // Days to civil date (Howard Hinnant's algorithm).
  const std::int64_t days = static_cast<std::int64_t>(unix_seconds / 86400) + 719468;
  const std::int64_t era = days / 146097;
  const std::int64_t doe = days - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t day = doy - (153 * mp + 2) / 5 + 1;
  const std::int64_t month = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const std::uint64_t secs = unix_seconds % 86400;
  char out[32];
  std::snprintf(out, sizeof out, "%04lld-%02lld-%02lldT%02llu:%02llu:%02lluZ", static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day), static_cast<unsigned long long>(secs / 3600),
                static_cast<unsigned long long>(secs / 60 % 60), static_cast<unsigned long long>(secs % 60));
  return out;
}

OpResult webhook_create_op(const Config& config, const json& input) {
  const OpInput in(input, "webhookCreate");
  const json& body = in.member("body");
  const std::uint64_t now = in.unix_seconds("now");
  const QuoteRandomness random(in.hex_bytes("random", QuoteRandomness::kMinBytes));
  // The endpoints the key has already: each costs a delivery queue per status change of every
  // intent the key's partner owns, so a key gets a bounded number.
  const json* existing = in.optional("existing");
  // (A JSON integer of either signedness: the wasm's parser reads 3 as unsigned, a C++ caller's
  // json(3) is signed.)
  if (existing && !(existing->is_number_unsigned() || (existing->is_number_integer() && existing->get<std::int64_t>() >= 0))) {
    throw OpInputError("op \"webhookCreate\": existing must be a count");
  }
  if (existing && existing->get<std::uint64_t>() >= kMaxEndpointsPerKey) {
    return problem(ProblemCode::conflict, "this API key has " + std::to_string(kMaxEndpointsPerKey) +
                                              " webhook endpoints, the most a key may have; delete one first");
  }
  FieldErrors errors;
  if (!body.is_object()) {
    errors.add("", "the request body must be an object {url, events, description?}");
    return invalid_request(errors);
  }
  for (const auto& [name, value] : body.items()) {
    if (name != "url" && name != "events" && name != "description") errors.add(name, name + " is not a known field of a webhook");
  }
  std::optional<ParsedUrl> url;
  const json* url_json = body.contains("url") ? &body["url"] : nullptr;
  if (!url_json || !url_json->is_string()) {
    errors.add("url", "url is required: the https URL deliveries are POSTed to");
  } else {
    auto parsed = parse_url(url_json->get<std::string>(), config.service().webhooks_allow_loopback_http);
    if (auto* why = std::get_if<std::string>(&parsed)) {
      errors.add("url", *why);
    } else {
      url = std::get<ParsedUrl>(parsed);
    }
  }
  const json* events = body.contains("events") ? &body["events"] : nullptr;
  if (!events || !events->is_array() || events->empty()) {
    errors.add("events", "events is required: [\"intent.status\"]");
  } else {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < events->size(); ++i) {
      const json& e = (*events)[i];
      const std::string path = "events[" + std::to_string(i) + "]";
      if (!e.is_string() || e.get<std::string>() != kStatusEvent) {
        errors.add(path, path + " must be \"intent.status\", the one event type");
      } else if (!seen.insert(e.get<std::string>()).second) {
        errors.add(path, path + " repeats an event type");
      }
    }
  }
  if (body.contains("description") && !body["description"].is_null()) {
    const json& d = body["description"];
    bool ok = d.is_string() && !d.get<std::string>().empty() && d.get<std::string>().size() <= kMaxDescription;
    if (ok) {
      for (char c : d.get<std::string>()) ok = ok && static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
    }
    if (!ok) errors.add("description", "description must be 1 to 256 characters without control characters");
  }
  if (!errors.empty()) return invalid_request(errors);

  if (!url->host_is_address) {
    const json* addresses = in.optional("addresses");
    if (!addresses) return ok({{"resolve", url->host}});
    if (auto why = refused_addresses(addresses, *url)) {
      errors.add("url", *why);
      return invalid_request(errors);
    }
  }
  Hash32 secret = random.derive("webhook-secret", 0);
  // The contract's order (WebhookEndpointCreated): the endpoint as listed, then its secret.
  json out = {{"id", "wh:" + webhook_uuid(random)}, {"url", url_json->get<std::string>()}, {"events", *events}};
  if (body.contains("description") && !body["description"].is_null()) out["description"] = body["description"];
  out["createdAt"] = now;
  out["secret"] = "whsec_" + base64::encode(ByteView(secret));
  return ok(std::move(out), 201);
}

OpResult webhook_target_op(const Config& config, const json& input) {
  const OpInput in(input, "webhookTarget");
  const json& url = in.member("url");
  if (!url.is_string()) throw OpInputError("op \"webhookTarget\": url must be a string");
  // The key first: a message queued before its key was revoked is not sent, and nothing about
  // its URL (not even a DNS lookup) is needed to know that. null: a queue that never learnt its
  // key (configured before queues recorded one), which fails closed like a revoked key.
  const json& key_id = in.member("keyId");
  if (!key_id.is_null() && !key_id.is_string()) throw OpInputError("op \"webhookTarget\": keyId must be a string or null");
  const std::optional<std::string> stopped =
      key_id.is_null() ? std::optional<std::string>("the endpoint's queue names no API key") : receiver_refusal(config, key_id.get<std::string>());
  if (stopped) return ok({{"ok", false}, {"cancel", true}, {"reason", *stopped}});
  auto parsed = parse_url(url.get<std::string>(), config.service().webhooks_allow_loopback_http);
  if (auto* why = std::get_if<std::string>(&parsed)) return ok({{"ok", false}, {"reason", *why}});
  const ParsedUrl& target = std::get<ParsedUrl>(parsed);
  if (target.host_is_address) return ok({{"ok", true}, {"connect", target.host}});
  const json* addresses = in.optional("addresses");
  if (!addresses) return ok({{"ok", false}, {"resolve", target.host}});
  if (auto why = refused_addresses(addresses, target)) return ok({{"ok", false}, {"reason", *why}});
  // The address to connect to is one of those just checked: the worker connects to it instead of
  // letting its HTTP client resolve the name again, so a name that changes its answer between the
  // check and the connection (DNS rebinding) cannot lead the delivery inside a network.
  return ok({{"ok", true}, {"connect", addresses->front()}});
}

OpResult webhook_events_op(const Config& config, const json& input) {
  const OpInput in(input, "webhookEvents");
  const json& endpoints = in.member("endpoints");
  const json& after = in.member("after");
  const json* before = in.optional("before");
  const std::uint64_t now = in.unix_seconds("now");
  if (!endpoints.is_array() || !after.is_object() || !after.contains("status") || !after.contains("intentHash")) {
    throw OpInputError("op \"webhookEvents\": endpoints must be an array and after an IntentStatus");
  }
  json deliveries = json::array();
  const bool changed = !before || !before->is_object() || before->value("status", json()) != after["status"];
  if (!changed || after["status"] == "unknown") return ok({{"deliveries", deliveries}});
  const std::string payload =
      json{{"type", kStatusEvent}, {"timestamp", rfc3339(now)}, {"data", after}}.dump();
  for (const json& endpoint : endpoints) {
    // An endpoint of a key that is revoked (or no longer configured) hears nothing more.
    if (const auto key_id = endpoint.find("keyId"); key_id != endpoint.end()) {
      if (!key_id->is_string()) throw OpInputError("op \"webhookEvents\": endpoints[].keyId must be a string");
      if (receiver_refusal(config, key_id->get<std::string>())) continue;
    }
    const json& events = endpoint.at("events");
    if (std::find(events.begin(), events.end(), json(kStatusEvent)) == events.end()) continue;
    const std::string endpoint_id = endpoint.at("id").get<std::string>();
    Keccak256 h;
    for (const std::string& part : {endpoint_id, after["intentHash"].get<std::string>(), after["status"].get<std::string>(),
                                     std::to_string(after.value("updatedAt", 0))}) {
      h.update(std::string_view(part)).update(std::string_view("\x1f"));
    }
    deliveries.push_back({{"endpointId", endpoint_id},
                          {"messageId", "msg:" + hex::encode(ByteView(h.finalize()).first(12), false)},
                          {"eventType", kStatusEvent},
                          {"intentHash", after["intentHash"]},
                          {"status", after["status"]},
                          {"payload", payload}});
  }
  return ok({{"deliveries", std::move(deliveries)}});
}

OpResult webhook_keys_op(const Config& config, const json& input) {
  const OpInput in(input, "webhookKeys");
  const json& record = in.member("key");
  const KeyRecord key = key_record_from_json(record, config, "webhookKeys");
  const auto id = record.find("id");
  if (id == record.end() || !id->is_string()) throw OpInputError("op \"webhookKeys\": key.id must be a string");
  if (!key.partner || !config.partner(*key.partner)) {
    return problem(ProblemCode::partner_not_mapped,
                   "the request cannot be attributed to an authorized key: this API key is not mapped to a partner, "
                   "which webhook endpoints require");
  }
  // Endpoints are the partner's: any of its keys manages them, those of a revoked key included
  // (revoking a key must not leave endpoints nobody can list or delete).
  json ids = json::array({id->get<std::string>()});
  for (const ApiKeyRecord& k : config.keys()) {
    if (k.partner == key.partner && k.id != id->get<std::string>()) ids.push_back(k.id);
  }
  return ok({{"keyIds", std::move(ids)}});
}

OpResult webhook_retry_op(const json& input) {
  const OpInput in(input, "webhookRetry");
  const std::uint64_t attempts = in.unix_seconds("attempts");
  const std::uint64_t first = in.unix_seconds("firstAttemptAt");
  const std::uint64_t now = in.unix_seconds("now");
  static constexpr std::array<std::uint64_t, 5> kBackoff{5, 30, 120, 600, 3600};
  constexpr std::uint64_t kEvery = 6 * 3600;
  constexpr std::uint64_t kGiveUpAfter = 3 * 86400;
  if (attempts == 0) return ok({{"retryAt", now}});
  const std::uint64_t delay = attempts <= kBackoff.size() ? kBackoff[attempts - 1] : kEvery;
  if (now + delay > first + kGiveUpAfter) return ok({{"retryAt", nullptr}});
  return ok({{"retryAt", now + delay}});
}

}  // namespace sr::service
