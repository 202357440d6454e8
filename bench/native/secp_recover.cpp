// Native baseline for bench/crypto.mjs: signer-address recoveries per second through the same
// core function the WebAssembly modules export (libsecp256k1 recovery + keccak256).
// Prints one JSON line: {"recoveriesPerSecond": ..., "iterations": ..., "seconds": ...,
// "cpuSeconds": ...}. cpuSeconds is the process's CPU time over the timed loop: on a machine other
// work shares, wall time counts the time the loop waited for a core, CPU time does not
// (bench/crypto.mjs --cpu compares by it).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "crypto/keccak.h"
#include "crypto/secp256k1.h"
#include "eth/signer.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// Under Node, the process's CPU time (emscripten's clock() answers wall time). A browser page (the
// web build that bench/crypto.mjs --browser runs) has no CPU clock: there, wall time.
EM_JS(double, process_cpu_seconds, (), {
  if (typeof process === 'object' && process.cpuUsage) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
  return performance.now() / 1000;
});
#else
static double process_cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
#endif

int main(int argc, char** argv) {
  using Clock = std::chrono::steady_clock;
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;

  // Distinct keys and digests so no cache or branch predictor sees the same input twice in a row.
  struct Case {
    sr::Hash32 digest;
    sr::secp256k1::Signature signature;
  };
  std::vector<Case> cases;
  for (int i = 0; i < 64; ++i) {
    const auto key = sr::secp256k1::SecretKey::from_bytes(sr::keccak256("bench key " + std::to_string(i)));
    const sr::Hash32 digest = sr::keccak256("bench message " + std::to_string(i));
    cases.push_back({digest, sr::secp256k1::sign_digest(digest, key)});
  }

  unsigned checksum = 0;  // keeps the results live
  // Untimed warm-up, a quarter of a second: the same loop compiled to wasm (cmake/wasm.cmake) runs
  // under Node or Chromium, whose JIT starts every function in its baseline tier; the timing should
  // see the optimised code, as a long-lived module's callers do.
  for (const auto warm = Clock::now(); std::chrono::duration<double>(Clock::now() - warm).count() < 0.25;) {
    for (const Case& c : cases) checksum += sr::eth::recover_address(c.digest, c.signature).bytes[0];
  }
  long iterations = 0;
  const auto start = Clock::now();
  const double cpu_start = process_cpu_seconds();
  double elapsed = 0;
  do {
    for (const Case& c : cases) checksum += sr::eth::recover_address(c.digest, c.signature).bytes[0];
    iterations += static_cast<long>(cases.size());
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < min_seconds);

  const double cpu_seconds = process_cpu_seconds() - cpu_start;
  std::printf("{\"recoveriesPerSecond\": %.1f, \"iterations\": %ld, \"seconds\": %.3f, \"cpuSeconds\": %.3f, \"checksum\": %u}\n",
              iterations / elapsed, iterations, elapsed, cpu_seconds, checksum);
  return 0;
}
