// The virtual machine family of a chain. It decides how addresses are written (EIP-55 hex or
// base58) and how the Portal encodes routes and rewards (ABI or Borsh).
#pragma once

#include <optional>
#include <string_view>

namespace sr {

enum class Vm { evm, svm };

// Whether this build checks SVM (Solana) chains: true (svm_checked.cpp) in every build but the npm
// package's EVM-only quote module, whose link defines it false (bindings/evm_only.cpp). Link-time
// optimisation folds the constant there, so the Solana code behind each expect_svm_checked()
// below drops out of that module: a dapp that moves money between EVM chains only downloads about
// 10 KiB less (bench/README.md). Its chain directory keeps SVM chain records by id alone and
// refuses every lookup of one (verify/chain_directory.h).
extern const bool svm_checked;

// Throws the logic_error below (out of line: one copy of the throw for every caller).
[[noreturn]] void svm_not_checked();

// Called first on every path that handles an SVM chain's data. Unreachable where svm_checked is
// false (no SVM chain gets past the chain directory there), and a logic_error if it ever is.
inline void expect_svm_checked() {
  if (!svm_checked) svm_not_checked();
}

// "evm" | "svm", the spelling of chain records and API responses.
constexpr std::string_view vm_name(Vm vm) { return vm == Vm::evm ? "evm" : "svm"; }

// The inverse of vm_name; nullopt for anything else (no other case or spelling).
constexpr std::optional<Vm> parse_vm(std::string_view text) {
  if (text == "evm") return Vm::evm;
  if (text == "svm") return Vm::svm;
  return std::nullopt;
}

}  // namespace sr
