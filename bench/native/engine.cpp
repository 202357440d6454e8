// Quote engine throughput, native: an exact-in request from Arbitrum USDC to Base USDC with
// options.allQuotes, which all five configured solvers serve, through Service::handle exactly as
// the worker calls it (JSON string in and out). Prints one JSON line:
//   {"quotes": N, "seconds": wall, "quotesPerSec": ..., "cpuMsPerQuote": ...}
//   bench_engine [seconds]
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "crypto/hex.h"
#include "service/service.h"

namespace {

nlohmann::ordered_json read_json(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::ordered_json::parse(text.str());
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::stod(argv[1]) : 3.0;
  const std::string dir = std::string(SR_SOURCE_DIR) + "/config/local/";
  nlohmann::ordered_json config;
  for (const char* name : {"service", "chains", "tokens", "solvers", "partners"}) {
    config[name] = read_json(dir + name + ".json");
  }
  const sr::service::Service service(config.dump(), read_json(dir + "secrets.json").dump());

  nlohmann::ordered_json input = {
      {"body",
       {{"type", "exact-in"},
        {"source", {{"chainId", 42161}, {"token", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"},
                    {"amount", "100000000"}, {"funder", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"}}},
        {"destination", {{"chainId", 8453}, {"token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
                         {"recipient", "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}}},
        {"dappId", "bench"},
        {"options", {{"allQuotes", true}}}}},
      // allQuotes needs the key's all-quotes feature (config/local/keys.json lists it for dev-acme).
      {"key", {{"id", "dev-acme"}, {"partner", "acme"}, {"feeSchedule", {{"protocolBps", 0}, {"gatewayBps", 10}}},
               {"features", {"quotes", "all-quotes"}}}},
      {"now", 1763697600}};

  // Each quote gets fresh random bytes, as from the worker.
  auto input_for = [&](std::uint64_t i) {
    std::uint8_t random[32] = {};
    for (int b = 0; b < 8; ++b) random[b] = static_cast<std::uint8_t>(i >> (8 * b));
    input["random"] = sr::hex::encode(sr::ByteView(random, 32));
    return input.dump();
  };

  const nlohmann::ordered_json first = nlohmann::ordered_json::parse(service.handle("quote", input_for(0)));
  if (first["status"] != 200 || first["body"]["competingQuotes"].size() != 4) {
    std::fprintf(stderr, "unexpected answer: %s\n", first.dump().c_str());
    return 1;
  }

  std::uint64_t n = 0;
  const std::clock_t cpu_start = std::clock();
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    const std::string out = service.handle("quote", input_for(++n));
    if (out.size() < 100) return 1;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < seconds);
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("{\"quotes\": %llu, \"seconds\": %.3f, \"quotesPerSec\": %.1f, \"cpuMsPerQuote\": %.4f}\n",
              static_cast<unsigned long long>(n), elapsed, n / elapsed, 1000.0 * cpu / n);
  return 0;
}
