#include "protocol/account.h"

#include <algorithm>

namespace sr::protocol {

Account Account::from_evm(const Address& address) {
  Account out;
  std::copy(address.bytes.begin(), address.bytes.end(), out.bytes.begin() + 12);
  return out;
}

Account Account::from_svm(const svm::Pubkey& pubkey) { return Account{pubkey.bytes}; }

Account Account::parse(Vm vm, std::string_view text) {
  if (vm == Vm::evm) return from_evm(Address::parse(text));
  expect_svm_checked();
  return from_svm(svm::Pubkey::parse(text));
}

bool Account::is_evm_address() const {
  return std::all_of(bytes.begin(), bytes.begin() + 12, [](std::uint8_t b) { return b == 0; });
}

Address Account::to_evm() const {
  if (!is_evm_address()) {
    throw_parse_error("account " + to_svm().to_base58() + " is not an EVM address (its top 12 bytes are not zero)");
  }
  return Address::from_bytes(ByteView(bytes).subspan(12));
}

std::string Account::to_string(Vm vm) const {
  if (vm == Vm::evm) return to_evm().checksummed();
  expect_svm_checked();
  return to_svm().to_base58();
}

}  // namespace sr::protocol
