// Webhook endpoints, events and retries (service/webhooks/webhooks.h): which URLs are refused and why,
// which status changes become deliveries with what payload, and the retry schedule.
#include "service/webhooks/webhooks.h"

#include <gtest/gtest.h>

#include <optional>

#include "../config_fixture.h"
#include "crypto/base64.h"
#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

const Config& production() { return testing::production_config(); }
const Config& local() {
  static const Config config = Config::from_json(testing::config_json("local"));
  return config;
}

const std::string kRandom = std::string(64, 'a');

OpResult create(const Config& config, json body, const json* addresses = nullptr) {
  json input = {{"body", std::move(body)}, {"keyId", "acme-dev"}, {"random", kRandom}, {"now", 1795600800}};
  if (addresses) input["addresses"] = *addresses;
  return webhook_create_op(config, input);
}

// Op webhookTarget for an endpoint of the local configuration's active key dev-acme (the
// production configuration has no keys); its URL rules are production's but for loopback http.
OpResult target(const std::string& url, std::optional<json> addresses = std::nullopt, json key_id = "dev-acme") {
  json input = {{"url", url}, {"keyId", std::move(key_id)}};
  if (addresses) input["addresses"] = *addresses;
  return webhook_target_op(local(), input);
}

std::string url_error(const Config& config, const std::string& url) {
  const OpResult r = create(config, {{"url", url}, {"events", {"intent.status"}}});
  if (r.status != 400) return "accepted";
  EXPECT_EQ(r.body["errors"][0]["field"], "url") << r.body.dump();
  return r.body["errors"][0]["message"];
}

TEST(Webhooks, CreateAnswersTheSecretOnceWithAStableShape) {
  const json addresses = {"93.184.216.34"};
  const OpResult r = create(production(), {{"url", "https://hooks.example.com/sr"}, {"events", {"intent.status"}}, {"description", "ops"}}, &addresses);
  ASSERT_EQ(r.status, 201) << r.body.dump();
  EXPECT_TRUE(r.body["id"].get<std::string>().starts_with("wh:"));
  EXPECT_EQ(r.body["id"].get<std::string>().size(), 3u + 36u);
  const std::string secret = r.body["secret"];
  ASSERT_TRUE(secret.starts_with("whsec_"));
  EXPECT_EQ(base64::decode(secret.substr(6)).size(), 32u);
  EXPECT_EQ(r.body["createdAt"], 1795600800);
  EXPECT_EQ(r.body["description"], "ops");
  // A name is resolved by the worker first; without addresses the core asks for them.
  const OpResult ask = create(production(), {{"url", "https://hooks.example.com/sr"}, {"events", {"intent.status"}}});
  EXPECT_EQ(ask.status, 200);
  EXPECT_EQ(ask.body, (json{{"resolve", "hooks.example.com"}}));
}

TEST(Webhooks, UrlsThatCouldReachInsideAreRefusedNamingUrl) {
  for (const char* url : {"http://hooks.example.com/x", "ftp://hooks.example.com", "hooks.example.com/x", "https://user:pw@hooks.example.com/",
                          "https://hooks.example.com/#frag", "https://10.1.2.3/", "https://172.16.0.1/", "https://192.168.1.1/",
                          "https://127.0.0.1/", "https://169.254.169.254/latest/meta-data", "https://100.100.100.200/",
                          "https://0.0.0.0/", "https://[::1]/", "https://[fd00:ec2::254]/", "https://[fe80::1]/",
                          "https://[::ffff:10.0.0.1]/", "https://[64:ff9b::a9fe:a9fe]/", "https://localhost/", "https://api.localhost/",
                          "https://metadata.google.internal/", "https://printer.local/", "https://router.lan/", "https://intranet/",
                          "https://2130706433/", "https://0x7f.1/", "https://1.2.3.4.5/", "https://hooks.example.com:0/",
                          "https://hooks.example.com:65536/", "https:// hooks.example.com/", "https://-bad.example.com/",
                          "https://224.0.0.1/", "https://[2001:db8::1]/"}) {
    SCOPED_TRACE(url);
    EXPECT_NE(url_error(production(), url), "accepted");
  }
  EXPECT_NE(url_error(production(), "http://127.0.0.1:9000/hook").find("https"), std::string::npos);
  EXPECT_NE(url_error(production(), "https://169.254.169.254/").find("link-local"), std::string::npos);
  // Public literals and names pass.
  EXPECT_EQ(url_error(production(), "https://93.184.216.34:8443/hook?x=1"), "accepted");
  EXPECT_EQ(url_error(production(), "https://[2606:4700:4700::1111]/hook"), "accepted");
}

TEST(Webhooks, EveryIpv6SpellingOfANonPublicAddressIsRefused) {
  // Each names the loopback, a private or the metadata address another way; none may pass.
  for (const char* url : {"https://[::127.0.0.1]/", "https://[::7f00:1]/", "https://[::ffff:127.0.0.1]/", "https://[::ffff:7f00:1]/",
                          "https://[0:0:0:0:0:ffff:7f00:1]/", "https://[::ffff:0:127.0.0.1]/", "https://[::ffff:0:7f00:1]/",
                          "https://[64:ff9b::127.0.0.1]/", "https://[64:ff9b::7f00:1]/", "https://[64:ff9b:1::127.0.0.1]/",
                          "https://[64:ff9b:1:ffff::a9fe:a9fe]/", "https://[2002:7f00:1::]/", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
                          "https://[fec0::1]/", "https://[3fff::1]/", "https://[100::1]/", "https://[::]/", "https://[5f00::1]/",
                          "https://[4000::1]/"}) {
    SCOPED_TRACE(url);
    EXPECT_NE(url_error(production(), url), "accepted");
  }
  // Embedded IPv4 forms are refused whatever the IPv4 address: a public one is given as IPv4.
  for (const char* url : {"https://[::93.184.216.34]/", "https://[::ffff:93.184.216.34]/", "https://[::ffff:0:93.184.216.34]/",
                          "https://[64:ff9b::93.184.216.34]/", "https://[64:ff9b:1::5db8:d822]/"}) {
    SCOPED_TRACE(url);
    EXPECT_NE(url_error(production(), url), "accepted");
  }
  EXPECT_NE(url_error(production(), "https://[::127.0.0.1]/").find("IPv4-compatible"), std::string::npos);
  EXPECT_NE(url_error(production(), "https://[::ffff:0:127.0.0.1]/").find("IPv4-translated"), std::string::npos);
  EXPECT_NE(url_error(production(), "https://[64:ff9b:1::127.0.0.1]/").find("NAT64"), std::string::npos);
  // Resolved addresses get the same rules (a name resolving to the NAT64 form of the metadata address).
  EXPECT_EQ(target("https://rebind.example.com/", json::array({"64:ff9b::a9fe:a9fe"})).body["ok"], false);
  EXPECT_EQ(target("https://rebind.example.com/", json::array({"::ffff:0:a00:1"})).body["ok"], false);
  // Public global unicast still passes.
  EXPECT_EQ(url_error(production(), "https://[2a00:1450:4001:82a::200e]/hook"), "accepted");
  EXPECT_EQ(target("https://ok.example.com/", json::array({"2606:4700::6810:84e5"})).body["ok"], true);
}

TEST(Webhooks, TheLocalConfigurationAlsoAllowsALoopbackReceiver) {
  EXPECT_EQ(url_error(local(), "http://127.0.0.1:9000/hook"), "accepted");
  EXPECT_EQ(url_error(local(), "https://127.0.0.1:9000/hook"), "accepted");
  EXPECT_NE(url_error(local(), "http://127.0.0.2:9000/hook"), "accepted");
  EXPECT_NE(url_error(local(), "http://localhost:9000/hook"), "accepted");
  EXPECT_NE(url_error(local(), "http://10.0.0.1/"), "accepted");
  // There, a URL may name a host that resolves to 127.0.0.1 and nothing else (how the local
  // suites give a receiver a name whose answer changes); production still wants https.
  const json loopback = json::array({"127.0.0.1"});
  EXPECT_EQ(create(local(), {{"url", "http://rebind.example.com:9000/hook"}, {"events", {"intent.status"}}}, &loopback).status, 201);
  for (const json& other : {json::array({"127.0.0.1", "93.184.216.34"}), json::array({"127.0.0.2"}), json::array({"::1"})}) {
    SCOPED_TRACE(other.dump());
    const OpResult r = create(local(), {{"url", "http://rebind.example.com:9000/hook"}, {"events", {"intent.status"}}}, &other);
    ASSERT_EQ(r.status, 400);
    EXPECT_NE(r.body["errors"][0]["message"].get<std::string>().find("127.0.0.1 only"), std::string::npos) << r.body.dump();
    EXPECT_EQ(target("http://rebind.example.com:9000/hook", other).body["ok"], false);
  }
  EXPECT_EQ(target("http://rebind.example.com:9000/hook", loopback).body, json({{"ok", true}, {"connect", "127.0.0.1"}}));
  EXPECT_NE(url_error(production(), "http://rebind.example.com:9000/hook").find("https"), std::string::npos);
  // The same for an https name (a local receiver holding a certificate for that name); nothing
  // but 127.0.0.1, and production refuses the loopback answer.
  EXPECT_EQ(create(local(), {{"url", "https://hooks.example.test:9443/hook"}, {"events", {"intent.status"}}}, &loopback).status, 201);
  EXPECT_EQ(target("https://hooks.example.test:9443/hook", loopback).body, json({{"ok", true}, {"connect", "127.0.0.1"}}));
  EXPECT_EQ(target("https://hooks.example.test:9443/hook", json::array({"127.0.0.1", "93.184.216.34"})).body["ok"], false);
  EXPECT_EQ(create(production(), {{"url", "https://hooks.example.test/hook"}, {"events", {"intent.status"}}}, &loopback).status, 400);
}

TEST(Webhooks, ResolvedAddressesMustAllBePublic) {
  const json mixed = {"93.184.216.34", "10.0.0.5"};
  const OpResult r = create(production(), {{"url", "https://rebind.example.com/"}, {"events", {"intent.status"}}}, &mixed);
  ASSERT_EQ(r.status, 400);
  EXPECT_NE(r.body["errors"][0]["message"].get<std::string>().find("10.0.0.5"), std::string::npos);
  const json none = json::array();
  EXPECT_EQ(create(production(), {{"url", "https://nx.example.com/"}, {"events", {"intent.status"}}}, &none).status, 400);
  // At delivery time the same rules apply to what the name resolves to then.
  EXPECT_EQ(target("https://rebind.example.com/", json::array({"169.254.169.254"})).body["ok"], false);
  EXPECT_EQ(target("https://rebind.example.com/", json::array({"93.184.216.34"})).body["ok"], true);
}

TEST(Webhooks, BodyErrorsNameEveryField) {
  const OpResult r = create(production(), {{"url", 5}, {"events", {"intent.created", "intent.status", "intent.status"}}, {"description", ""}, {"secret", "x"}});
  ASSERT_EQ(r.status, 400);
  std::vector<std::string> fields;
  for (const auto& e : r.body["errors"]) fields.push_back(e["field"]);
  EXPECT_EQ(fields, (std::vector<std::string>{"secret", "url", "events[0]", "events[2]", "description"}));
}

json status(const std::string& value, std::uint64_t updated = 100) {
  return {{"intentHash", "0x" + std::string(64, 'a')}, {"status", value}, {"updatedAt", updated}, {"transactions", json::object()}};
}

TEST(Webhooks, OneDeliveryPerSubscribedEndpointWhenTheStatusChanges) {
  const json endpoints = {{{"id", "wh:1"}, {"events", {"intent.status"}}}, {{"id", "wh:2"}, {"events", {"intent.status"}}}};
  const OpResult r = webhook_events_op(production(), {{"endpoints", endpoints}, {"before", status("pending")}, {"after", status("filled", 200)}, {"now", 1795600800}});
  ASSERT_EQ(r.status, 200);
  const json& d = r.body["deliveries"];
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0]["endpointId"], "wh:1");
  EXPECT_EQ(d[0]["status"], "filled");
  EXPECT_NE(d[0]["messageId"], d[1]["messageId"]);
  EXPECT_TRUE(d[0]["messageId"].get<std::string>().starts_with("msg:"));
  EXPECT_EQ(json::parse(d[0]["payload"].get<std::string>()),
            (json{{"type", "intent.status"}, {"timestamp", "2026-11-25T10:00:00Z"}, {"data", status("filled", 200)}}));
  // The same event computed again names the same message (a retry keeps its webhook-id).
  EXPECT_EQ(webhook_events_op(production(), {{"endpoints", endpoints}, {"before", status("pending")}, {"after", status("filled", 200)}, {"now", 1764064999}})
                .body["deliveries"][0]["messageId"],
            d[0]["messageId"]);
  // No change of status, an unknown status: nothing.
  EXPECT_TRUE(webhook_events_op(production(), {{"endpoints", endpoints}, {"before", status("filled", 150)}, {"after", status("filled", 200)}, {"now", 1}})
                  .body["deliveries"].empty());
  EXPECT_TRUE(webhook_events_op(production(), {{"endpoints", endpoints}, {"before", nullptr}, {"after", status("unknown")}, {"now", 1}})
                  .body["deliveries"].empty());
  // A first status is a change.
  EXPECT_EQ(webhook_events_op(production(), {{"endpoints", endpoints}, {"before", nullptr}, {"after", status("pending")}, {"now", 1}})
                .body["deliveries"].size(), 2u);
}

// A reorganisation takes a fill away: the status going back is a change like any other, and the
// fill seen again later is a new message (its updatedAt differs), not a repeat of the first.
TEST(Webhooks, AStatusThatGoesBackAfterAReorganisationIsDelivered) {
  const json endpoints = {{{"id", "wh:1"}, {"events", {"intent.status"}}}};
  const auto deliveries = [&](const json& before, const json& after) {
    return webhook_events_op(production(), {{"endpoints", endpoints}, {"before", before}, {"after", after}, {"now", 1}}).body["deliveries"];
  };
  const json filled = deliveries(status("pending"), status("filled", 200));
  const json back = deliveries(status("filled", 200), status("pending", 300));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0]["status"], "pending");
  const json again = deliveries(status("pending", 300), status("filled", 400));
  ASSERT_EQ(again.size(), 1u);
  EXPECT_NE(again[0]["messageId"], filled[0]["messageId"]);
}

TEST(Webhooks, EndpointsOfARevokedOrUnconfiguredKeyHearNothing) {
  const json endpoints = {{{"id", "wh:live"}, {"events", {"intent.status"}}, {"keyId", "dev-acme"}},
                          {{"id", "wh:revoked"}, {"events", {"intent.status"}}, {"keyId", "dev-revoked"}},
                          {{"id", "wh:gone"}, {"events", {"intent.status"}}, {"keyId", "dev-deleted"}}};
  const OpResult r = webhook_events_op(local(), {{"endpoints", endpoints}, {"before", nullptr}, {"after", status("pending")}, {"now", 1}});
  ASSERT_EQ(r.status, 200);
  ASSERT_EQ(r.body["deliveries"].size(), 1u);
  EXPECT_EQ(r.body["deliveries"][0]["endpointId"], "wh:live");
  EXPECT_THROW(webhook_events_op(local(), {{"endpoints", {{{"id", "wh:x"}, {"events", {"intent.status"}}, {"keyId", 7}}}},
                                           {"before", nullptr}, {"after", status("pending")}, {"now", 1}}),
               OpInputError);
}

TEST(Webhooks, AKeyHasAtMostSixteenEndpoints) {
  const json body = {{"url", "https://93.184.216.34/hook"}, {"events", {"intent.status"}}};
  const auto with_existing = [&](json existing) {
    return webhook_create_op(production(), {{"body", body}, {"keyId", "acme-dev"}, {"random", kRandom}, {"now", 1}, {"existing", existing}});
  };
  EXPECT_EQ(with_existing(0).status, 201);
  EXPECT_EQ(with_existing(kMaxEndpointsPerKey - 1).status, 201);
  const OpResult full = with_existing(kMaxEndpointsPerKey);
  EXPECT_EQ(full.status, 409);
  EXPECT_EQ(full.body["code"], "conflict");
  EXPECT_NE(full.body["detail"].get<std::string>().find("16"), std::string::npos);
  EXPECT_EQ(with_existing(100).status, 409);
  EXPECT_THROW(with_existing("3"), OpInputError);
}

TEST(Webhooks, AnyKeyOfThePartnerManagesItsEndpointsThoseOfARevokedKeyIncluded) {
  const json acme = {{"id", "dev-basic"}, {"partner", "acme"}, {"features", {"quotes"}}};
  const OpResult r = webhook_keys_op(local(), {{"key", acme}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json ids = r.body["keyIds"];
  ASSERT_FALSE(ids.empty());
  EXPECT_EQ(ids[0], "dev-basic");
  EXPECT_NE(std::find(ids.begin(), ids.end(), json("dev-acme")), ids.end());
  EXPECT_NE(std::find(ids.begin(), ids.end(), json("dev-revoked")), ids.end());
  EXPECT_EQ(std::find(ids.begin(), ids.end(), json("dev-unmapped")), ids.end()) << "no partner's key";
  EXPECT_EQ(std::find(ids.begin(), ids.end(), json("dev-frugal")), ids.end()) << "another partner's key";
  const OpResult frugal = webhook_keys_op(local(), {{"key", {{"id", "dev-frugal"}, {"partner", "frugal"}}}});
  ASSERT_EQ(frugal.status, 200) << frugal.body.dump();
  EXPECT_EQ(frugal.body["keyIds"], json::array({"dev-frugal"})) << "frugal manages only its own key's endpoints";
  EXPECT_EQ(std::count(ids.begin(), ids.end(), json("dev-basic")), 1);
  const OpResult unmapped = webhook_keys_op(local(), {{"key", {{"id", "dev-unmapped"}, {"partner", nullptr}}}});
  EXPECT_EQ(unmapped.status, 403);
  EXPECT_EQ(unmapped.body["code"], "partner-not-mapped");
  EXPECT_THROW(webhook_keys_op(local(), {{"key", {{"partner", "acme"}}}}), OpInputError);
}

TEST(Webhooks, RetriesBackOffThenEverySixHoursForThreeDays) {
  const auto retry = [](std::uint64_t attempts, std::uint64_t now) {
    return webhook_retry_op({{"attempts", attempts}, {"firstAttemptAt", 1000}, {"now", now}}).body["retryAt"];
  };
  EXPECT_EQ(retry(1, 1000), 1005);
  EXPECT_EQ(retry(2, 1005), 1035);
  EXPECT_EQ(retry(3, 1035), 1155);
  EXPECT_EQ(retry(4, 1155), 1755);
  EXPECT_EQ(retry(5, 1755), 5355);
  EXPECT_EQ(retry(6, 5355), 5355 + 21600);
  EXPECT_TRUE(retry(20, 1000 + 3 * 86400 - 100).is_null());
}

TEST(Webhooks, Rfc3339) {
  EXPECT_EQ(rfc3339(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(rfc3339(951782400), "2000-02-29T00:00:00Z");
  EXPECT_EQ(rfc3339(1795600800), "2026-11-25T10:00:00Z");
}

TEST(Webhooks, TargetAnswersTheCheckedAddressToConnectTo) {
  // A literal address is the one to connect to; a name's is the first of the addresses checked
  // (every one of them public), so the sender never resolves the name a second time.
  EXPECT_EQ(target("https://93.184.216.34:8443/hook").body, json({{"ok", true}, {"connect", "93.184.216.34"}}));
  EXPECT_EQ(target("https://[2606:4700::6810:84e5]/hook").body, json({{"ok", true}, {"connect", "2606:4700::6810:84e5"}}));
  EXPECT_EQ(target("http://127.0.0.1:9000/hook").body, json({{"ok", true}, {"connect", "127.0.0.1"}}));
  EXPECT_EQ(target("https://hooks.example.com/").body, json({{"ok", false}, {"resolve", "hooks.example.com"}}));
  EXPECT_EQ(target("https://hooks.example.com/", json::array({"93.184.216.34", "2606:4700::6810:84e5"})).body,
            json({{"ok", true}, {"connect", "93.184.216.34"}}));
  EXPECT_EQ(target("https://hooks.example.com/", json::array({"93.184.216.34", "10.0.0.5"})).body["ok"], false);
}

TEST(Webhooks, AKeyThatMayNoLongerReceiveCancelsItsQueuedMessages) {
  // Revoked, v1-disabled, unmapped or no longer configured: cancelled before any URL check or
  // DNS lookup (the URL is fine and would be sent to), with the reason naming the key.
  for (const auto& [key, why] : std::vector<std::pair<json, std::string>>{{"dev-revoked", "was revoked"},
                                                                          {"dev-v0", "not enabled for v1"},
                                                                          {"dev-unmapped", "not mapped to a partner"},
                                                                          {"dev-deleted", "no longer configured"},
                                                                          {nullptr, "names no API key"}}) {
    SCOPED_TRACE(key.dump());
    const OpResult r = target("https://hooks.example.com/", std::nullopt, key);
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.body["ok"], false);
    EXPECT_EQ(r.body["cancel"], true);
    EXPECT_NE(r.body["reason"].get<std::string>().find(why), std::string::npos) << r.body.dump();
  }
  // An active partner key's message goes on (here: resolve first).
  EXPECT_FALSE(target("https://hooks.example.com/").body.contains("cancel"));
  EXPECT_THROW(target("https://hooks.example.com/", std::nullopt, 7), OpInputError);
  EXPECT_THROW(webhook_target_op(local(), {{"url", "https://hooks.example.com/"}}), OpInputError);
  // The same rule decides at enqueue time: a v1-disabled key's endpoint gets no delivery either.
  const json endpoints = {{{"id", "wh:live"}, {"events", {"intent.status"}}, {"keyId", "dev-acme"}},
                          {{"id", "wh:v0"}, {"events", {"intent.status"}}, {"keyId", "dev-v0"}}};
  const json status = {{"intentHash", "0x" + std::string(64, 'a')}, {"status", "pending"}, {"updatedAt", 1}};
  const OpResult events = webhook_events_op(local(), {{"endpoints", endpoints}, {"before", nullptr}, {"after", status}, {"now", 1}});
  ASSERT_EQ(events.body["deliveries"].size(), 1u);
  EXPECT_EQ(events.body["deliveries"][0]["endpointId"], "wh:live");
}

}  // namespace
}  // namespace sr::service
