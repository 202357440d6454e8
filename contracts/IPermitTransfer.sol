// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// Permit2's (and Permit3's) allowance transfer: the caller is the approved spender, which for
// funding is the intent's vault.
interface IPermitTransfer {
    function transferFrom(address from, address to, uint160 amount, address token) external;
}
