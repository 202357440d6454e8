// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// The prover of the local chains, with everything the real Eco Portal calls on a prover:
// `provenIntents` (withdraw and refund), `challengeIntentProof` (withdraw with a proof naming
// another destination) and `prove` (the destination Portal's prove / fulfillAndProve). No registry
// ships an Eco prover, and two anvil nodes have no bridge between them, so the source side takes
// proofs from relayers the owner trusts (the local solvers), who report fulfillments they saw on
// the destination chain.
contract Prover {
    struct ProofData {
        address claimant;
        uint64 destination;
    }

    event IntentProven(bytes32 indexed intentHash, address indexed claimant, uint64 destination);
    event IntentProofInvalidated(bytes32 indexed intentHash);
    event IntentAlreadyProven(bytes32 intentHash);
    // Destination side: a Portal asked for proofs to be sent to `sourceChainDomainID`.
    event ProofsRequested(address indexed sender, uint64 sourceChainDomainID, uint64 destination, uint256 count);
    event RelayerSet(address indexed relayer, bool trusted);

    error OnlyOwner(address caller);
    error UntrustedRelayer(address caller);
    error ZeroClaimant();
    error ConflictingProof(bytes32 intentHash, address claimant, uint64 destination);
    error InvalidEncodedProofs(uint256 length);
    error NativeRefundFailed(address to, uint256 amount);

    address public immutable owner;
    mapping(address => bool) public trustedRelayers;
    mapping(bytes32 => ProofData) private proofs;

    constructor() {
        owner = msg.sender;
    }

    function version() external pure returns (string memory) {
        return "local-1";
    }

    function getProofType() external pure returns (string memory) {
        return "LocalRelayer";
    }

    function setRelayer(address relayer, bool trusted) external {
        if (msg.sender != owner) revert OnlyOwner(msg.sender);
        trustedRelayers[relayer] = trusted;
        emit RelayerSet(relayer, trusted);
    }

    /// Source side, by a trusted relayer: `claimant` fulfilled `intentHash` on `destination`.
    /// Proving the same fact again is a no-op, so relayers may retry freely.
    function recordProof(bytes32 intentHash, address claimant, uint64 destination) external {
        if (!trustedRelayers[msg.sender]) revert UntrustedRelayer(msg.sender);
        if (claimant == address(0)) revert ZeroClaimant();
        ProofData memory existing = proofs[intentHash];
        if (existing.claimant != address(0)) {
            if (existing.claimant == claimant && existing.destination == destination) {
                emit IntentAlreadyProven(intentHash);
                return;
            }
            revert ConflictingProof(intentHash, existing.claimant, existing.destination);
        }
        proofs[intentHash] = ProofData(claimant, destination);
        emit IntentProven(intentHash, claimant, destination);
    }

    function provenIntents(bytes32 intentHash) external view returns (ProofData memory) {
        return proofs[intentHash];
    }

    /// The Portal calls this from withdraw when the proof names another destination than the
    /// intent: such a proof is wrong for this intent and is removed.
    function challengeIntentProof(uint64 destination, bytes32 routeHash, bytes32 rewardHash) external {
        bytes32 intentHash = keccak256(abi.encodePacked(destination, routeHash, rewardHash));
        ProofData memory proof = proofs[intentHash];
        if (proof.claimant != address(0) && proof.destination != destination) {
            delete proofs[intentHash];
            emit IntentProofInvalidated(intentHash);
        }
    }

    /// Destination side (from the Portal's prove / fulfillAndProve): encodedProofs is
    /// uint64 chainId ‖ (intentHash ‖ claimant)*. There is no bridge to send it over; the format is
    /// checked, the request logged, and any native value returned to `sender`.
    function prove(address sender, uint64 sourceChainDomainID, bytes calldata encodedProofs, bytes calldata)
        external
        payable
    {
        if (encodedProofs.length < 8 || (encodedProofs.length - 8) % 64 != 0) {
            revert InvalidEncodedProofs(encodedProofs.length);
        }
        uint64 destination = uint64(bytes8(encodedProofs[0:8]));
        emit ProofsRequested(sender, sourceChainDomainID, destination, (encodedProofs.length - 8) / 64);
        if (msg.value != 0) {
            (bool ok,) = sender.call{value: msg.value}("");
            if (!ok) revert NativeRefundFailed(sender, msg.value);
        }
    }
}
