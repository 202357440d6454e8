#include "protocol/erc20.h"

namespace sr::protocol::erc20 {
namespace {

AmountTo decode_amount_to(const Function& function, ByteView calldata) {
  const std::vector<abi::Value> args = function.decode(calldata);
  return AmountTo{std::get<Address>(args.at(0)), std::get<U256>(args.at(1))};
}

}  // namespace

const Function& approve_function() {
  static const Function f("approve(address,uint256)");
  return f;
}

const Function& transfer_function() {
  static const Function f("transfer(address,uint256)");
  return f;
}

Bytes approve(const Address& spender, const U256& amount) { return approve_function().encode({spender, amount}); }

Bytes transfer(const Address& recipient, const U256& amount) { return transfer_function().encode({recipient, amount}); }

AmountTo decode_approve(ByteView calldata) { return decode_amount_to(approve_function(), calldata); }

AmountTo decode_transfer(ByteView calldata) { return decode_amount_to(transfer_function(), calldata); }

Call transfer_call(const Address& token, const Address& recipient, const U256& amount) {
  return Call{Account::from_evm(token), transfer(recipient, amount), U256(0)};
}

}  // namespace sr::protocol::erc20
