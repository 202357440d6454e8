#include "service/common/chain_address.h"

#include <stdexcept>

namespace sr::service {

std::string_view address_format(Vm vm) {
  return vm == Vm::evm ? "an EVM address (0x + 40 hex digits, EIP-55 checksummed when mixed case)"
                       : "a Solana address (base58 of 32 bytes)";
}

ChainAddress::ChainAddress(const Address& evm) : value_(evm), text_(evm.checksummed()) {}
ChainAddress::ChainAddress(const svm::Pubkey& svm) : value_(svm), text_(svm.to_base58()) {}

ChainAddress ChainAddress::parse(Vm vm, std::string_view text) {
  if (vm == Vm::evm) return ChainAddress(Address::parse(text));
  return ChainAddress(svm::Pubkey::parse(text));
}

bool ChainAddress::parses_on_some_vm(std::string_view text) {
  for (Vm vm : {Vm::evm, Vm::svm}) {
    try {
      parse(vm, text);
      return true;
    } catch (const ParseError&) {
    }
  }
  return false;
}

const Address& ChainAddress::evm() const {
  if (const auto* a = std::get_if<Address>(&value_)) return *a;
  throw std::logic_error("ChainAddress " + text_ + " is an SVM address, not an EVM one");
}

const svm::Pubkey& ChainAddress::svm() const {
  if (const auto* p = std::get_if<svm::Pubkey>(&value_)) return *p;
  throw std::logic_error("ChainAddress " + text_ + " is an EVM address, not an SVM one");
}

protocol::Account ChainAddress::account() const {
  return vm() == Vm::evm ? protocol::Account::from_evm(evm()) : protocol::Account::from_svm(svm());
}

bool ChainAddress::is_zero() const {
  if (vm() == Vm::evm) return evm().is_zero();
  return text_ == "11111111111111111111111111111111";
}

}  // namespace sr::service
