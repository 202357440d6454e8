// Every committed seed of every fuzz target (fuzz/corpus/<target>/) reaches its target's
// accepting path: the parse succeeded and its invariants held, the op answered 200. A seed that a
// configuration change turned into a refusal (an old vault, a missing member) would leave the
// fuzzer mutating refusals, and the code after the checks unfuzzed while the campaign looks
// green. The targets' sources are compiled into this suite with their entry points renamed
// (cmake/native.cmake); each marks the accepting path with fuzz::accepted() (fuzz_support.h).
// Seeds named refused-* start mutation from a refusal on purpose and must stay refused.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../../fuzz/fuzz_support.h"

#define SR_FUZZ_TARGET(n) extern "C" int sr_fuzz_entry_##n(const std::uint8_t* data, std::size_t size);
#include "fuzz_targets.inc"
#undef SR_FUZZ_TARGET

namespace sr::fuzz {
namespace {

struct Target {
  std::string name;
  int (*entry)(const std::uint8_t*, std::size_t);
};

std::vector<Target> targets() {
  return {
#define SR_FUZZ_TARGET(n) {#n, &sr_fuzz_entry_##n},
#include "fuzz_targets.inc"
#undef SR_FUZZ_TARGET
  };
}

class FuzzSeeds : public ::testing::TestWithParam<Target> {};

TEST_P(FuzzSeeds, EverySeedReachesTheAcceptingPath) {
  const Target& target = GetParam();
  const std::filesystem::path dir = std::filesystem::path(SR_SOURCE_DIR) / "fuzz" / "corpus" / target.name;
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << "no seeds for fuzz target " << target.name;
  std::size_t accepting = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(file.path(), std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string name = file.path().filename().string();
    const bool refusal = name.rfind("refused-", 0) == 0;
    accepted_flag() = false;
    target.entry(bytes.data(), bytes.size());
    EXPECT_EQ(accepted_flag(), !refusal) << target.name << "/" << name
                                         << (refusal ? ": a refused-* seed was accepted" : ": the seed does not reach the accepting path");
    if (!refusal) ++accepting;
  }
  EXPECT_GT(accepting, 0u) << target.name << " has no seed on its accepting path";
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzSeeds, ::testing::ValuesIn(targets()),
                         [](const ::testing::TestParamInfo<Target>& info) { return info.param.name; });

}  // namespace
}  // namespace sr::fuzz
