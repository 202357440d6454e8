// catching() and rethrowing() as every native build compiles them: try/catch. (The npm package's
// EVM-only module compiles them without unwinding; js/test/quote-verifier.test.mjs holds that build
// to the full verifier's answers.)
#include "crypto/catching.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace sr {
namespace {

TEST(Catching, AnswersTheBodyWhenNothingIsThrown) {
  bool handled = false;
  EXPECT_EQ(catching<ParseError>([] { return 7; }, [&] { handled = true; return 0; }), 7);
  EXPECT_FALSE(handled);
}

TEST(Catching, HandsTheHandlerTheMessageOfWhatItCatches) {
  const std::string answer = catching<ParseError>([]() -> std::string { throw_parse_error("bad field"); },
                                                  [](const char* what) { return std::string("caught: ") + what; });
  EXPECT_EQ(answer, "caught: bad field");
}

TEST(Catching, CatchesWhatDerivesFromItsType) {
  EXPECT_FALSE(catching<std::invalid_argument>([]() -> bool { throw_parse_error("x"); }, [] { return false; }));
  EXPECT_FALSE(catching<std::exception>([]() -> bool { throw std::out_of_range("x"); }, [] { return false; }));
}

TEST(Catching, LetsOtherErrorsThrough) {
  EXPECT_THROW(catching<ParseError>([]() -> int { throw std::logic_error("a broken precondition"); }, [] { return 0; }),
               std::logic_error);
  // sr::Error is ParseError's base, not one of them.
  EXPECT_THROW(catching<ParseError>([]() -> int { throw Error("not a parse error"); }, [] { return 0; }), Error);
}

TEST(Rethrowing, AnswersTheBodyWhenNothingIsThrown) {
  EXPECT_EQ(rethrowing<ParseError>([] { return 3; }, [](const ParseError&) { throw_parse_error("never"); }), 3);
}

TEST(Rethrowing, ThrowsWhatItsRethrowMakesOfTheError) {
  try {
    rethrowing<ParseError>([]() -> int { throw_parse_error("must be a string"); },
                           [](const ParseError& e) { throw_parse_error(std::string("route.salt: ") + e.what()); });
    FAIL() << "nothing was thrown";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "route.salt: must be a string");
  }
}

TEST(Rethrowing, LetsOtherErrorsThroughUnchanged) {
  try {
    rethrowing<ParseError>([]() -> int { throw std::overflow_error("uint256 addition overflows"); },
                           [](const ParseError&) { throw_parse_error("never"); });
    FAIL() << "nothing was thrown";
  } catch (const std::overflow_error& e) {
    EXPECT_STREQ(e.what(), "uint256 addition overflows");
  }
}

TEST(Rethrowing, NestsAsTryCatchDoes) {
  const auto read = [] {
    return rethrowing<ParseError>(
        [] {
          return rethrowing<ParseError>([]() -> int { throw_parse_error("odd length"); },
                                        [](const ParseError& e) { throw_parse_error(std::string("salt: ") + e.what()); });
        },
        [](const ParseError& e) { throw_parse_error(std::string("route.") + e.what()); });
  };
  EXPECT_EQ(catching<ParseError>(read, [](const char* what) { return what == std::string("route.salt: odd length") ? 1 : 0; }), 1);
}

}  // namespace
}  // namespace sr
