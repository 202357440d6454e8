// Which client network a keyless request counts against (service/keys/client_network.h): IPv4 per
// address, IPv6 per /64 whatever the spelling, an IPv4 client seen through an IPv6 socket as its
// IPv4 address, anything else one shared "unknown" bucket.
#include "service/keys/client_network.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

TEST(ClientNetwork, Ipv4IsCountedPerAddress) {
  EXPECT_EQ(client_network("203.0.113.7"), "ipv4:203.0.113.7");
  EXPECT_EQ(client_network("203.0.113.8"), "ipv4:203.0.113.8");
  EXPECT_EQ(client_network(" 198.51.100.1 "), "ipv4:198.51.100.1");
}

TEST(ClientNetwork, EverySpellingOfOneIpv6SlashSixtyFourIsOneNetwork) {
  const std::string net = "ipv6:2001:db8:1:2::/64";
  for (const char* address : {"2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0000:0000:0000:0001",
                              "2001:db8:1:2:a:b:c:d", "2001:DB8:1:2::", "2001:db8:1:2:0:0:1.2.3.4"}) {
    SCOPED_TRACE(address);
    EXPECT_EQ(client_network(address), net);
  }
  // The next /64 is another network; so is a /64 differing only in its first group.
  EXPECT_EQ(client_network("2001:db8:1:3::1"), "ipv6:2001:db8:1:3::/64");
  EXPECT_EQ(client_network("2002:db8:1:2::1"), "ipv6:2002:db8:1:2::/64");
  // Zero groups in the prefix are printed as 0, never compressed (one name per network).
  EXPECT_EQ(client_network("2001::1"), "ipv6:2001:0:0:0::/64");
  EXPECT_EQ(client_network("::1"), "ipv6:0:0:0:0::/64");
}

TEST(ClientNetwork, AnIpv4MappedAddressIsItsIpv4Address) {
  EXPECT_EQ(client_network("::ffff:203.0.113.7"), "ipv4:203.0.113.7");
  EXPECT_EQ(client_network("::FFFF:cb00:7107"), "ipv4:203.0.113.7");
  EXPECT_EQ(client_network("0:0:0:0:0:ffff:203.0.113.7"), "ipv4:203.0.113.7");
  // Not mapped: IPv4-translated (::ffff:0:a.b.c.d) and IPv4-compatible (::a.b.c.d) spellings are
  // IPv6 addresses of the ::/64 network, never someone else's IPv4 bucket.
  EXPECT_EQ(client_network("::ffff:0:203.0.113.7"), "ipv6:0:0:0:0::/64");
  EXPECT_EQ(client_network("::203.0.113.7"), "ipv6:0:0:0:0::/64");
}

TEST(ClientNetwork, AbsentOrUnparseableAddressesShareTheUnknownBucket) {
  for (const char* address : {"", "local", "203.0.113", "203.0.113.7.1", "010.0.0.1", "256.0.0.1", "2001:db8::1::2", "2001:db8:1:2:3:4:5:6:7",
                              "fe80::1%eth0", "203.0.113.7, 198.51.100.1", "[2001:db8::1]"}) {
    SCOPED_TRACE(address);
    EXPECT_EQ(client_network(address), "unknown");
  }
}

TEST(ClientNetwork, AnIpv6NetworkAlsoCountsAgainstItsSlashFortyEight) {
  // Every /64 of one /48, whatever the spelling, shares the aggregate; the next /48 does not.
  for (const char* address : {"2001:db8:1:2::1", "2001:db8:1:ffff::1", "2001:0DB8:0001:0000::5", "2001:db8:1::"}) {
    SCOPED_TRACE(address);
    EXPECT_EQ(client_aggregate(address), "ipv6:2001:db8:1::/48");
  }
  EXPECT_EQ(client_aggregate("2001:db8:2:1::1"), "ipv6:2001:db8:2::/48");
  EXPECT_EQ(client_aggregate("::1"), "ipv6:0:0:0::/48");
  // IPv4 clients (in either spelling) and unparseable text have no aggregate.
  for (const char* address : {"203.0.113.7", "::ffff:203.0.113.7", "local", "", "2001:db8::1::2"}) {
    SCOPED_TRACE(address);
    EXPECT_EQ(client_aggregate(address), "");
  }
}

TEST(ClientNetwork, TheOpAnswersTheNetworkAndRefusesAWorkerBug) {
  EXPECT_EQ(client_network_op({{"address", "2001:db8:1:2::99"}}).body,
            (json{{"network", "ipv6:2001:db8:1:2::/64"}, {"aggregate", "ipv6:2001:db8:1::/48"}}));
  EXPECT_EQ(client_network_op({{"address", "203.0.113.7"}}).body, (json{{"network", "ipv4:203.0.113.7"}, {"aggregate", nullptr}}));
  EXPECT_EQ(client_network_op({{"address", nullptr}}).body, (json{{"network", "unknown"}, {"aggregate", nullptr}}));
  EXPECT_EQ(client_network_op(json::object()).body, (json{{"network", "unknown"}, {"aggregate", nullptr}}));
  EXPECT_THROW(client_network_op({{"address", 7}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
