// json::parse and Value::dump against nlohmann::json on the same text: the same values (kinds
// included), the same dumps and, for malformed text, the same exception messages, since the
// package's replies carry them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "json/nlohmann_bridge.h"
#include "json/value.h"

namespace sr::json {
namespace {

// What nlohmann makes of `text`: its dump, or its exception's message with whether it was a
// parse_error.
struct Outcome {
  std::string text;
  bool failed = false;
  bool syntax = false;
  bool operator==(const Outcome&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Outcome& o) {
  return out << (o.failed ? (o.syntax ? "parse_error " : "error ") : "value ") << o.text;
}

Outcome nlohmann_outcome(const std::string& text) {
  try {
    return {nlohmann::json::parse(text).dump()};
  } catch (const nlohmann::json::parse_error& e) {
    return {e.what(), true, true};
  } catch (const nlohmann::json::exception& e) {
    return {e.what(), true, false};
  }
}

Outcome own_outcome(const std::string& text) {
  try {
    const Value value = parse(text);
    EXPECT_EQ(to_nlohmann(value), nlohmann::json::parse(text)) << text;
    EXPECT_EQ(from_nlohmann(nlohmann::json::parse(text)), value) << text;
    return {value.dump()};
  } catch (const Error& e) {
    return {e.what(), true, e.syntax()};
  }
}

TEST(JsonValue, ParsesAndDumpsAsNlohmann) {
  const std::vector<std::string> texts = {
      "{}", "[]", " {\"b\":1,\"a\":[true,false,null],\"c\":{\"d\":\"e\"}} ", "0", "-0", "-1", "1.5", "0.005",
      "1e-7", "1E+2", "2.50", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
      "-9223372036854775809", "1e400", "-1e400", "0.30000000000000004", "123456789012345678901234567890",
      "\"\\u00e9\\ud83d\\ude00 \\\"\\\\\\/\\b\\f\\n\\r\\t \\u0001\\u001f\\u007f\"", "\"é 😀\"",
      "{\"a\":1,\"a\":2}", "[1,[2,[3,[4]]]]", "\xEF\xBB\xBF{}", "{}\0trailing", std::string("{}\0x", 4),
      // malformed
      "", " ", "\0", "{", "[", "[1,", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{1:2}", "{\"a\":1 \"b\"}", "[1,]",
      "tru", "[tru]", "[1, tru]", "nul", "falsy", "-", "-a", "1.", "1.e5", "1e", "1e+", "01", "[01]", "+1",
      "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\ud800\\u0041\"", "\"\\udc00\"", "\"a\tb\"",
      "\"a\nb\"", std::string("\"a\0b\"", 5), "\"\x01\"", "\"\x1f\"", "\"\xff\"", "\"\xc3\x28\"", "\"\xe0\x80\x80\"",
      "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xf0\x9f\x98\"", "\xEF\xBB", "\xEF\xBB\xBE{}", "{}\n}",
      "[\n1,\n2\n,]", "{\"a\":\n\n  x}", "]", "}", ":", ",", "@", "[1]]", "{} {}", "1 2", "\"a\" \"b\""};
  for (const std::string& text : texts) {
    EXPECT_EQ(own_outcome(text), nlohmann_outcome(text)) << "input: " << text;
  }
}

TEST(JsonValue, DumpRejectsStringsThatAreNotUtf8AsNlohmann) {
  for (const std::string s : {"a\xff", "\xc3\x28", "ab\xe2\x82", "\xed\xa0\x80", "\x80"}) {
    std::string own;
    std::string theirs;
    try {
      Value(s).dump();
    } catch (const Error& e) {
      own = e.what();
    }
    try {
      nlohmann::json(s).dump();
    } catch (const nlohmann::json::exception& e) {
      theirs = e.what();
    }
    EXPECT_FALSE(theirs.empty());
    EXPECT_EQ(own, theirs);
  }
}

TEST(JsonValue, KindsFollowNlohmann) {
  EXPECT_TRUE(parse("5").is_number_unsigned());
  EXPECT_TRUE(parse("-5").is_number_integer());
  EXPECT_FALSE(parse("-5").is_number_unsigned());
  EXPECT_TRUE(parse("5.0").is_number_float());
  EXPECT_FALSE(parse("5.0").is_number_integer());
  EXPECT_EQ(parse("{\"b\":1,\"a\":2}").items().front().key(), "a");  // members in key order
  EXPECT_EQ(Value(5), Value(5u));
  EXPECT_EQ(Value(5), Value(5.0));
  EXPECT_NE(Value(-1), Value(std::numeric_limits<std::uint64_t>::max()));
}

}  // namespace
}  // namespace sr::json
