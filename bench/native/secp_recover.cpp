// Native baseline for bench/crypto.mjs: signer-address recoveries per second through the same
// core function the WebAssembly modules export (libsecp256k1 recovery + keccak256).
// Prints one JSON line: {"recoveriesPerSecond": ..., "iterations": ..., "seconds": ...}.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "crypto/keccak.h"
#include "crypto/secp256k1.h"
#include "eth/signer.h"

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
  // under Node, whose JIT starts every function in its baseline tier; the timing should see the
  // optimised code, as a long-lived module's callers do.
  for (const auto warm = Clock::now(); std::chrono::duration<double>(Clock::now() - warm).count() < 0.25;) {
    for (const Case& c : cases) checksum += sr::eth::recover_address(c.digest, c.signature).bytes[0];
  }
  long iterations = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    for (const Case& c : cases) checksum += sr::eth::recover_address(c.digest, c.signature).bytes[0];
    iterations += static_cast<long>(cases.size());
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < min_seconds);

  std::printf("{\"recoveriesPerSecond\": %.1f, \"iterations\": %ld, \"seconds\": %.3f, \"checksum\": %u}\n",
              iterations / elapsed, iterations, elapsed, checksum);
  return 0;
}
