// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {SafeTransfer} from "./SafeTransfer.sol";
import {IPermitTransfer} from "./IPermitTransfer.sol";

// Logic shared by every intent vault. It runs by delegatecall from a VaultProxy, so `portal` (an
// immutable, i.e. part of this code) is the Portal that deployed the implementation, and the
// balances moved are the proxy's.
contract Vault {
    error OnlyPortal(address caller);
    error NativeTransferFailed(address to, uint256 amount);

    address private immutable portal;

    constructor() {
        portal = msg.sender;
    }

    modifier onlyPortal() {
        if (msg.sender != portal) revert OnlyPortal(msg.sender);
        _;
    }

    function sendToken(address token, address to, uint256 amount) external onlyPortal {
        SafeTransfer.transfer(token, to, amount);
    }

    function sendNative(address to, uint256 amount) external onlyPortal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to, amount);
    }

    // Spends an ERC-20 allowance the funder gave this vault (approve, or EIP-2612 permit with
    // spender = vault).
    function pullToken(address token, address from, uint256 amount) external onlyPortal {
        SafeTransfer.transferFrom(token, from, address(this), amount);
    }

    // Spends a Permit2/Permit3 allowance the funder gave this vault.
    function pullWithPermit(address permitContract, address token, address from, uint256 amount) external onlyPortal {
        IPermitTransfer(permitContract).transferFrom(from, address(this), uint160(amount), token);
    }
}
