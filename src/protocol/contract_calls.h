// The token and permit contracts' functions the relayer calls or simulates (eth_call) before it
// pays for a funding: what each contract takes, by its canonical signature. In a file of their
// own so that only the service links them, not the browser's verifier.
#pragma once

#include "protocol/calldata.h"

namespace sr::protocol::contract_calls {

// ERC-20
const Function& erc20_balance_of();  // balanceOf(address)
const Function& erc20_allowance();  // allowance(address,address)

// ERC-3009 (FiatToken v2.2)
const Function& erc3009_transfer_with_authorization();  // transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)
const Function& erc3009_authorization_state();  // authorizationState(address,bytes32)

// EIP-2612
const Function& eip2612_permit();  // permit(address,address,uint256,uint256,uint8,bytes32,bytes32)
const Function& eip2612_nonces();  // nonces(address)

// Uniswap Permit2
const Function& permit2_permit_single();  // permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)
const Function& permit2_permit_batch();  // permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)
const Function& permit2_allowance();  // allowance(address owner,address token,address spender) -> (uint160 amount,uint48 expiration,uint48 nonce)

// Permit3 (one chain: merkleRoot = that chain's hash; several: with a Merkle proof of the chain's hash)
const Function& permit3_permit();  // permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes)
const Function& permit3_permit_with_proof();  // permit(address,bytes32,uint48,uint48,(uint64,(uint48,bytes32,address,uint160)[]),bytes32[],bytes)
const Function& permit3_is_nonce_used();  // isNonceUsed(address owner,bytes32 salt) -> bool

// The Portal (source side): getRewardStatus(bytes32 intentHash) -> uint8, the enum
// Initial = 0, Funded = 1, Withdrawn = 2, Refunded = 3.
const Function& portal_get_reward_status();

}  // namespace sr::protocol::contract_calls
