// An account (party, token, program) on either VM as the 32-byte word the cross-VM intent model
// carries: an EVM address left-padded with 12 zero bytes, a Solana public key as it is.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "protocol/svm_address.h"
#include "protocol/vm.h"

namespace sr::protocol {

struct Account {
  std::array<std::uint8_t, 32> bytes{};

  static Account from_evm(const Address& address);
  static Account from_svm(const svm::Pubkey& pubkey);
  // EVM: "0x" + 40 hex digits (EIP-55 checked when mixed case); SVM: base58 of 32 bytes.
  // Throws ParseError with the reason.
  static Account parse(Vm vm, std::string_view text);

  // True when the top 12 bytes are zero, i.e. the word is an EVM address.
  bool is_evm_address() const;
  // The address in the low 20 bytes. ParseError when the top 12 bytes are not zero: truncating
  // would silently name another account.
  Address to_evm() const;
  svm::Pubkey to_svm() const { return svm::Pubkey{bytes}; }
  // EIP-55 on EVM (ParseError as to_evm), base58 on SVM.
  std::string to_string(Vm vm) const;

  bool operator==(const Account&) const = default;
};

}  // namespace sr::protocol
