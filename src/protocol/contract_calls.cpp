#include "protocol/contract_calls.h"

namespace sr::protocol::contract_calls {

const Function& erc20_balance_of() {
  static const Function f("balanceOf(address)");
  return f;
}

const Function& erc20_allowance() {
  static const Function f("allowance(address,address)");
  return f;
}

const Function& erc3009_transfer_with_authorization() {
  static const Function f("transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)");
  return f;
}

const Function& erc3009_authorization_state() {
  static const Function f("authorizationState(address,bytes32)");
  return f;
}

const Function& eip2612_permit() {
  static const Function f("permit(address,address,uint256,uint256,uint8,bytes32,bytes32)");
  return f;
}

const Function& eip2612_nonces() {
  static const Function f("nonces(address)");
  return f;
}

const Function& permit2_permit_single() {
  static const Function f("permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)");
  return f;
}

const Function& permit2_permit_batch() {
  static const Function f("permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)");
  return f;
}

const Function& permit2_allowance() {
  static const Function f("allowance(address,address,address)");
  return f;
}

const Function& permit3_permit() {
  static const Function f("permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes)");
  return f;
}

const Function& permit3_permit_with_proof() {
  static const Function f("permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes32[],bytes)");
  return f;
}

const Function& permit3_is_nonce_used() {
  static const Function f("isNonceUsed(address,bytes32)");
  return f;
}

const Function& portal_get_reward_status() {
  static const Function f("getRewardStatus(bytes32)");
  return f;
}

}  // namespace sr::protocol::contract_calls
