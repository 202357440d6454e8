// An account address on a configured chain, whatever the chain's virtual machine: a 20-byte EVM
// address or a 32-byte Solana public key. Requests and configuration name chains by id, so the
// VM (and with it the address format) is known only after the chain is looked up.
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "eth/address.h"
#include "protocol/account.h"
#include "protocol/svm_address.h"
#include "protocol/vm.h"

namespace sr::service {

// What a valid address looks like on `vm`, for error messages.
std::string_view address_format(Vm vm);

class ChainAddress {
 public:
  ChainAddress(const Address& evm);      // NOLINT: implicit, an EVM address is a chain address
  ChainAddress(const svm::Pubkey& svm);  // NOLINT: likewise

  // EVM: "0x" + 40 hex digits, EIP-55 checksum when the case is mixed. SVM: base58 of exactly
  // 32 bytes. Throws ParseError with the reason otherwise.
  static ChainAddress parse(Vm vm, std::string_view text);
  // True when `text` is an address on at least one VM (used before a chain is known).
  static bool parses_on_some_vm(std::string_view text);

  Vm vm() const { return std::holds_alternative<Address>(value_) ? Vm::evm : Vm::svm; }
  // The typed value; std::logic_error when asked for the other VM.
  const Address& evm() const;
  const svm::Pubkey& svm() const;
  // EIP-55 for EVM, base58 for SVM: the form every response uses.
  const std::string& text() const { return text_; }
  // The 32-byte word the intent model carries (an EVM address left-padded with zeros).
  protocol::Account account() const;
  // The all-zero address (EVM 0x0…0, SVM 111…1 = the System Program): never a valid party.
  bool is_zero() const;

  friend bool operator==(const ChainAddress& a, const ChainAddress& b) {
    return a.vm() == b.vm() && a.text_ == b.text_;
  }
  friend std::strong_ordering operator<=>(const ChainAddress& a, const ChainAddress& b) {
    if (auto c = a.vm() <=> b.vm(); c != 0) return c;
    // Spelled out: emscripten's libc++ (clang 14) has no operator<=> for std::string.
    return a.text_.compare(b.text_) <=> 0;
  }

 private:
  std::variant<Address, svm::Pubkey> value_;
  std::string text_;
};

}  // namespace sr::service
