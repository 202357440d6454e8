// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// The per-intent contract the Portal deploys with CREATE2 (salt = intent hash). Its init code is
// this creation code followed by abi.encode(implementation), so every vault of one Portal shares
// one initCodeHash and its address is computable off chain before it exists.
contract VaultProxy {
    address private immutable implementation;

    constructor(address implementation_) {
        implementation = implementation_;
    }

    receive() external payable {}

    fallback() external payable {
        address target = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
