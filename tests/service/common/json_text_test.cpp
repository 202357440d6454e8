#include "service/common/json_text.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;

// Same value, same member order, same text: what nlohmann's own parser makes of `text`.
void expect_as_nlohmann(const std::string& text) {
  const Json expected = Json::parse(text);
  const Json got = parse_json(text);
  EXPECT_EQ(got, expected) << text;
  EXPECT_EQ(got.dump(), expected.dump()) << text;
  EXPECT_EQ(dump_json(got), expected.dump()) << text;
}

TEST(ServiceJsonText, ParsesWhatNlohmannParsesInTheSameOrder) {
  for (const char* text : {
           R"({})", R"([])", R"(null)", R"(true)", R"(0)", R"(-7)", R"(18446744073709551615)", R"(1.5e300)",
           R"("text")", R"("\u00e9\ud83d\ude00\n\"")", R"({"b":1,"a":2,"c":{"z":[1,{"y":null,"x":[]}],"w":{}}})",
           R"([[[[{"deep":[{"er":[[]]}]}]]]])", R"({"list":[{"a":1},{"a":2,"b":[3,4,{"c":"d"}]}],"after":true})",
           R"(  {"spaced" :  [ 1 , 2 ] }  )",
       }) {
    expect_as_nlohmann(text);
  }
}

// ordered_map::operator[] then assignment, as json::parse does: the member stays where its key
// first appears and holds the last value; in small objects (searched) and large ones (indexed).
TEST(ServiceJsonText, ARepeatedKeyKeepsItsFirstPlaceAndItsLastValue) {
  const Json small = parse_json(R"({"a":1,"b":2,"a":{"x":3},"c":4,"b":[5]})");
  EXPECT_EQ(small.dump(), R"({"a":{"x":3},"b":[5],"c":4})");
  expect_as_nlohmann(R"({"a":1,"b":2,"a":{"x":3},"c":4,"b":[5]})");

  std::string large = "{";
  for (int i = 0; i < 40; ++i) large += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  large += R"("k3":"again","k20":"again","k39":{"last":true},"k3":"third","new":1})";
  const Json parsed = parse_json(large);
  EXPECT_EQ(parsed.size(), 41u);
  EXPECT_EQ(parsed["k3"], "third");
  EXPECT_EQ(parsed["k20"], "again");
  EXPECT_EQ(parsed.items().begin().key(), "k0");
  EXPECT_EQ(std::next(parsed.begin(), 3).key(), "k3");
  EXPECT_EQ(std::next(parsed.begin(), 40).key(), "new");
  expect_as_nlohmann(large);
}

// Random documents over a small key alphabet (so keys repeat, at every size) against nlohmann's
// own parser, the independent implementation.
void random_value(std::mt19937& rng, std::string& out, int depth) {
  const int kind = depth > 4 ? static_cast<int>(rng() % 4) : static_cast<int>(rng() % 6);
  switch (kind) {
    case 0: out += std::to_string(static_cast<int>(rng() % 2001) - 1000); return;
    case 1: out += "\"s" + std::to_string(rng() % 50) + "\""; return;
    case 2: out += rng() % 2 ? "true" : "null"; return;
    case 3: out += "0.25"; return;
    case 4: {
      out += '[';
      const int n = static_cast<int>(rng() % 6);
      for (int i = 0; i < n; ++i) {
        if (i) out += ',';
        random_value(rng, out, depth + 1);
      }
      out += ']';
      return;
    }
    default: {
      out += '{';
      const int n = static_cast<int>(rng() % (rng() % 4 == 0 ? 60 : 8));
      for (int i = 0; i < n; ++i) {
        if (i) out += ',';
        out += "\"k" + std::to_string(rng() % 30) + "\":";
        random_value(rng, out, depth + 1);
      }
      out += '}';
      return;
    }
  }
}

TEST(ServiceJsonText, RandomDocumentsWithRepeatedKeysParseAsNlohmannParsesThem) {
  std::mt19937 rng(44);
  for (int i = 0; i < 400; ++i) {
    std::string text;
    random_value(rng, text, 0);
    expect_as_nlohmann(text);
  }
}

TEST(ServiceJsonText, RefusesWhatNlohmannRefusesWithTheSameMessage) {
  for (const char* text : {"", "{", R"({"a":1,})", R"({"a" 1})", R"([1 2])", R"({"a":1} x)", R"("open)",
                           R"({"a":tru})", R"([1,])", R"({1:2})", "\"\x01\"", R"(01)"}) {
    std::string expected;
    try {
      [[maybe_unused]] const Json accepted = Json::parse(text);
      FAIL() << "nlohmann accepted " << text;
    } catch (const Json::parse_error& e) {
      expected = e.what();
    }
    try {
      (void)parse_json(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const Json::parse_error& e) {
      EXPECT_EQ(std::string(e.what()), expected) << text;
    }
  }
}

TEST(ServiceJsonText, MembersAddedToAReservedObjectKeepTheirOrder) {
  Json built = reserve_members(3);
  add_member(built, "second", 2);
  add_member(built, "first", Json{{"nested", true}});
  add_member(built, "third", nullptr);
  EXPECT_EQ(dump_json(built), R"({"second":2,"first":{"nested":true},"third":null})");
  EXPECT_EQ(built["first"]["nested"], true);
}

}  // namespace
}  // namespace sr::service
