// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

interface IProver {
    struct ProofData {
        address claimant;
        uint64 destination;
    }

    // A zero claimant means the intent is not proven.
    function provenIntents(bytes32 intentHash) external view returns (ProofData memory);
}
