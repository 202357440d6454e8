// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IProver} from "./IProver.sol";

// Source-side prover for local chains. There is no bridge between two anvil nodes, so relayers
// the owner trusts (the reference solver) report fulfillments they observed on the destination.
// The Portal reads provenIntents in withdraw and refund.
contract Prover is IProver {
    event IntentProven(bytes32 indexed intentHash, address indexed claimant, uint64 destination);
    event RelayerSet(address indexed relayer, bool trusted);

    error OnlyOwner(address caller);
    error UntrustedRelayer(address caller);
    error ZeroClaimant();
    error AlreadyProven(bytes32 intentHash, address claimant, uint64 destination);

    address public immutable owner;
    mapping(address => bool) public trustedRelayers;
    mapping(bytes32 => ProofData) private proofs;

    constructor() {
        owner = msg.sender;
    }

    function setRelayer(address relayer, bool trusted) external {
        if (msg.sender != owner) revert OnlyOwner(msg.sender);
        trustedRelayers[relayer] = trusted;
        emit RelayerSet(relayer, trusted);
    }

    // Proving the same fact again is a no-op, so relayers may retry freely.
    function prove(bytes32 intentHash, address claimant, uint64 destination) external {
        if (!trustedRelayers[msg.sender]) revert UntrustedRelayer(msg.sender);
        if (claimant == address(0)) revert ZeroClaimant();
        ProofData memory existing = proofs[intentHash];
        if (existing.claimant != address(0)) {
            if (existing.claimant == claimant && existing.destination == destination) return;
            revert AlreadyProven(intentHash, existing.claimant, existing.destination);
        }
        proofs[intentHash] = ProofData(claimant, destination);
        emit IntentProven(intentHash, claimant, destination);
    }

    function provenIntents(bytes32 intentHash) external view returns (ProofData memory) {
        return proofs[intentHash];
    }
}
