// json::Path renders the dotted paths the readers put in front of their errors, the same text the
// string forms (protocol::json_fields::member_path / element_path) make, and nothing before str().
#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "json/path.h"
#include "protocol/json_fields.h"

namespace sr::json {
namespace {

namespace jf = protocol::json_fields;

TEST(JsonPath, RendersMembersAndElementsLikeTheStringForms) {
  const Path root = "permit3";
  const Path chain = root.member("chainPermits");
  const Path permits = chain.member("permits");
  const Path first = permits[0];
  EXPECT_EQ(first.member("account").str(), "permit3.chainPermits.permits[0].account");
  EXPECT_EQ(first.member("account").str(),
            jf::member_path(jf::element_path(jf::member_path(jf::member_path("permit3", "chainPermits"), "permits"), 0),
                            "account"));
  // A root may be dotted text already; an index follows it directly, nested indexes too.
  const Path steps = "quote.steps";
  EXPECT_EQ(steps[12].member("intents")[3].str(), "quote.steps[12].intents[3]");
  EXPECT_EQ(steps[1][2].str(), "quote.steps[1][2]");
}

TEST(JsonPath, AnEmptyRootAddsNoDot) {
  const Path none = "";
  EXPECT_EQ(none.str(), "");
  EXPECT_EQ(none.member("salt").str(), "salt");
  EXPECT_EQ(none.member("salt").str(), jf::member_path("", "salt"));
  EXPECT_EQ(none[4].str(), "[4]");
  EXPECT_EQ(none[4].str(), jf::element_path("", 4));
  EXPECT_EQ(none.member("route").member("salt").str(), "route.salt");
}

TEST(JsonPath, AppendsAMessage) {
  const Path root = "intent";
  EXPECT_EQ(root.member("route") + " must be an object", "intent.route must be an object");
  const std::string owned = "quote.fees";
  EXPECT_EQ(Path(owned)[2].member("token") + ": missing", "quote.fees[2].token: missing");
}

// Making one is three stores: no allocation, and no destructor to run when a read throws through
// the frames that hold one.
static_assert(std::is_trivially_copyable_v<Path>);
static_assert(std::is_trivially_destructible_v<Path>);

}  // namespace
}  // namespace sr::json
