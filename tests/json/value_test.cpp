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

// The parser reads plain runs of a string at once, takes numbers and the "last read" text of its
// messages from the input, and builds containers from scratch stacks: long strings with errors,
// escapes and UTF-8 between runs, line and column after newlines (an un-read one too), deep and
// unsorted nesting with duplicate keys, and every truncation and many one-byte corruptions of a
// document that has all of these.
TEST(JsonValue, ParsesLongNestedAndCorruptedTextsAsNlohmann) {
  const std::string a40(40, 'a');
  const std::string b40(40, 'b');
  std::vector<std::string> texts = {
      "\"" + a40 + "\x01" + b40 + "\"", "\"" + a40 + "\n" + b40 + "\"", "\"" + a40,
      "[\"" + a40 + "\\x" + b40 + "\"]",
      "\"" + a40 + "\\u12g4" + b40 + "\"", "\"" + a40 + "\xff" + b40 + "\"", "\"" + a40 + "\xe2\x82" + b40 + "\"",
      "\"" + a40 + "\\ud83d" + b40 + "\"", "\"" + a40 + "\\udc00" + b40 + "\"",
      std::string("[\"" + a40 + '\0' + "\"]"),
      "\"" + a40 + "\\n\\\"\\\\\\/\\b\\f\\r\\t\\u0041\\u00e9\\u20ac\\ud83d\\ude00" + b40 + "\"",
      "\"" + a40 + "é€😀\x7f" + b40 + "\\u0001\\u001f" + a40 + "\"", "[\n\n  \"" + a40 + "\x02\"]",
      "{\"" + a40 + "\": \"" + b40 + "\" x}", "{\"" + a40 + "\\t\": \"" + b40 + "\\u0000\"}", "[\"abc\" , tru ]",
      "[12,  true,\n fals]", "\xEF\xBB\xBF[tru]", "{1\n:2}", "{1 :2}", "[1 2\n]", "{\"a\":1\n\"b\"}", "[1\n", "1\n\n x",
      "[-0.0e-0, 1e5, 2E-3, -12.5e+2, 0.1e1, 1.5\n]",
      "[123456789012345678901234567890, -123456789012345678901234567890]",
      "[1e999]", "{\"a\": -1e999}", std::string("[12\0]", 5), "[-]", "[1.]", "[1e]", "[1e+]", "[-01]", "[1.5e3x]",
      "{\"b\":{\"z\":1,\"a\":2,\"m\":[{\"y\":1,\"x\":2,\"y\":3}]},\"a\":1,\"b2\":2,\"a\":[3],\"\":0,\"b\":{}}",
      "{\"z\":1,\"y\":2,\"x\":3,\"w\":4,\"v\":5,\"u\":6,\"t\":7,\"s\":8,\"r\":9,\"q\":10,\"z\":11,"
      "\"a\":{\"c\":[],\"b\":{}}}",
      "[[],{},[{}],[[]],{\"a\":[]},[1,[2,[]],{}]]"};
  // 600 levels: nlohmann's dump, the reference here, recurses twice per level, and at 2000 levels
  // it overflowed the 8 MiB stack in the sanitized build, whose test files are compiled at -O0.
  constexpr int kDepth = 600;
  std::string deep;
  for (int i = 0; i < kDepth; ++i) deep += i % 2 ? "{\"k\":" : "[";
  std::string closed = deep + "null";
  for (int i = kDepth; i-- > 0;) closed += i % 2 ? "}" : "]";
  texts.push_back(closed);
  texts.push_back(deep + "1 2");
  texts.push_back(deep + "\"" + a40 + "\x03\"");
  texts.push_back(deep);

  const std::string document =
      "\xEF\xBB\xBF{\"quote\": {\"id\": \"quote:7f3c2a10-9d4e\", \"amounts\": [\"100000000\", 0, -12, 1.25e-3, "
      "18446744073709551616],\n \"memo\": "
      "\"caf\xc3\xa9 \\u20ac\\ud83d\\ude00 \\\"q\\\" \\\\ \\/ \\b\\f\\n\\r\\t end\", "
      "\"ok\": true, \"no\": false, \"nil\": null, \"z\": {\"b\": 1, \"a\": 2, \"b\": [3, {}]}},\r\n"
      "\t\"chains\": [{\"chainId\": 137, \"name\": \"polygon\"}, {\"chainId\": 8453, \"name\": \"base\"}], "
      "\"a\": []}";
  for (std::size_t n = 0; n <= document.size(); ++n) texts.push_back(document.substr(0, n));
  for (std::size_t i = 0; i < document.size(); ++i) {
    for (const char c : {'\x01', '"', '\\', '\n', 'x', '\xff', '}', ']', ',', ':', '0', '-', 'e', '\0'}) {
      std::string corrupted = document;
      corrupted[i] = c;
      texts.push_back(corrupted);
    }
  }
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
