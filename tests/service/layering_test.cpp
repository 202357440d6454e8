// The layering of src/service (its README): each concept folder includes only itself and the
// folders below it, and nothing but the boundary includes the boundary. An include that runs back
// up is a loop waiting to happen; this test names it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

// From the bottom up, as src/service/README.md lists them from the top down.
const std::vector<std::string> kFloors = {"common", "config", "keys", "chain", "status", "quotes",
                                          "funding", "deposits", "reader", "webhooks", "legacy", "operator"};

int floor_of(const std::string& folder) {
  for (std::size_t i = 0; i < kFloors.size(); ++i) {
    if (kFloors[i] == folder) return static_cast<int>(i);
  }
  return -1;
}

TEST(ServiceLayering, NoIncludeRunsBackUp) {
  const std::filesystem::path root = std::filesystem::path(SR_SOURCE_DIR) / "src" / "service";
  static const std::regex include("#include \"service/([^\"]+)\"");
  std::vector<std::string> folders;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    if (entry.is_directory()) folders.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(folders.size(), kFloors.size()) << "a folder of src/service is missing from the floors";
  for (const std::string& folder : folders) {
    const int own = floor_of(folder);
    ASSERT_GE(own, 0) << "src/service/" << folder << " has no floor in this test and the README";
    for (const auto& file : std::filesystem::directory_iterator(root / folder)) {
      std::ifstream in(file.path());
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      for (auto it = std::sregex_iterator(text.begin(), text.end(), include); it != std::sregex_iterator(); ++it) {
        const std::string target = (*it)[1];
        const std::string where = folder + "/" + file.path().filename().string() + " includes service/" + target;
        const auto slash = target.find('/');
        ASSERT_NE(slash, std::string::npos) << where << ": only the boundary may include the boundary";
        EXPECT_LE(floor_of(target.substr(0, slash)), own) << where << ", which is above it";
        EXPECT_GE(floor_of(target.substr(0, slash)), 0) << where << ", which is no folder";
      }
    }
  }
}

}  // namespace
