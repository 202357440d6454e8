// Webhooks (docs/security.md, threats 33-34): what an endpoint may be, which status
// changes become deliveries and with what payload, and when a failed delivery is tried again.
// The worker stores endpoints and queues, resolves host names, signs (Web Crypto HMAC) and sends.
//
// Ops:
//   "webhookCreate" {"body": {"url", "events", "description"?}, "keyId", "random" (hex, >= 16
//     bytes), "now", "addresses"?: [ip] (the URL host's resolved addresses), "existing"?: the
//     number of endpoints the key has}
//     -> 201 {"id": "wh:<uuid>", "url", "events", "description"?, "secret": "whsec_<base64 of 32
//        bytes>", "createdAt"} (the only time the secret is shown)
//      | 200 {"resolve": host} when the host is a name and no addresses were given (resolve, ask again)
//      | 400 naming url, events or description
//      | 409 conflict when the key has kMaxEndpointsPerKey endpoints already.
//   "webhookTarget" {"url", "keyId": the endpoint's key id | null, "addresses"?} -> 200
//     {"ok": true, "connect": ip} (the checked address to open the connection to: the URL's
//     literal address, else the first of `addresses`) | {"ok": false, "reason"} (this attempt
//     fails) | {"ok": false, "resolve": host} | {"ok": false, "cancel": true, "reason"} (the key
//     is revoked, unconfigured, not v1-enabled or not partner-mapped, or null: the message is
//     cancelled, nothing is sent). Asked before every attempt: the creation rules at delivery
//     time (a name may resolve elsewhere since creation, a key may have been revoked since).
//   "webhookEvents" {"endpoints": [{"id", "events", "keyId"?}], "before": IntentStatus | null,
//     "after": IntentStatus, "now"} -> 200 {"deliveries": [{"endpointId", "messageId",
//     "eventType", "intentHash", "status", "payload"}]}: one per subscribed endpoint when the
//     status changed (a first status counts as a change); payload is the exact JSON text to sign
//     and send: {"type": "intent.status", "timestamp": RFC 3339, "data": <IntentStatus>}. An
//     endpoint whose keyId names a key that may not receive (as for webhookTarget's cancel) gets none.
//   "webhookRetry" {"attempts", "firstAttemptAt", "now"} -> 200 {"retryAt": seconds | null}:
//     about 5 s, 30 s, 2 min, 10 min, 1 h after the attempts so far, then every 6 h until three
//     days after the first; null gives up.
//
// URL rules: `https`, or `http://127.0.0.1:<port>` when the configuration allows a loopback
// receiver (service.webhooksAllowLoopbackHttp, local only), or there `http://<name>:<port>` of a
// name resolving to 127.0.0.1 only; no credentials or fragment; a host
// that is neither a private, loopback, link-local, shared, multicast, reserved or cloud-metadata
// address, nor a name for one ("localhost", *.localhost, *.local, *.internal, metadata names),
// nor a number spelled as a name; every resolved address public.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

// The most endpoints one API key may have.
inline constexpr std::uint64_t kMaxEndpointsPerKey = 16;

// Why `address` (an IPv4 or IPv6 literal) may not receive webhooks, or nullopt when it may.
// Unparseable text is refused too.
std::optional<std::string> non_public_address(std::string_view address);

// RFC 3339 UTC ("2026-11-25T10:00:00Z") of Unix seconds.
std::string rfc3339(std::uint64_t unix_seconds);

OpResult webhook_create_op(const Config& config, const nlohmann::ordered_json& input);
OpResult webhook_target_op(const Config& config, const nlohmann::ordered_json& input);
OpResult webhook_events_op(const Config& config, const nlohmann::ordered_json& input);
// Op "webhookKeys" {"key": the worker's key record} -> 200 {"keyIds": [the key's own id, then
// every other configured key of its partner, revoked ones included]}: whose endpoint stores the
// key lists, deletes and reads deliveries of | 403 partner-not-mapped.
OpResult webhook_keys_op(const Config& config, const nlohmann::ordered_json& input);
OpResult webhook_retry_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
