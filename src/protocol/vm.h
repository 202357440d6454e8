// The virtual machine family of a chain. It decides how addresses are written (EIP-55 hex or
// base58) and how the Portal encodes routes and rewards (ABI or Borsh).
#pragma once

#include <optional>
#include <string_view>

namespace sr {

enum class Vm { evm, svm };

// "evm" | "svm", the spelling of chain records and API responses.
constexpr std::string_view vm_name(Vm vm) { return vm == Vm::evm ? "evm" : "svm"; }

// The inverse of vm_name; nullopt for anything else (no other case or spelling).
constexpr std::optional<Vm> parse_vm(std::string_view text) {
  if (text == "evm") return Vm::evm;
  if (text == "svm") return Vm::svm;
  return std::nullopt;
}

}  // namespace sr
