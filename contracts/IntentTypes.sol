// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// Field order is part of the protocol: abi.encode of these structs is hashed into the intent hash,
// and the tuple forms determine the Portal's selectors and topic0s (see protocol.md).

struct Call {
    address target;
    bytes data;
    uint256 value;
}

struct TokenAmount {
    address token;
    uint256 amount;
}

struct Route {
    bytes32 salt;
    uint64 deadline;
    address portal;
    uint256 nativeAmount;
    TokenAmount[] tokens;
    Call[] calls;
}

struct Reward {
    uint64 deadline;
    address creator;
    address prover;
    uint256 nativeAmount;
    TokenAmount[] tokens;
}

struct Intent {
    uint64 destination;
    Route route;
    Reward reward;
}
