// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Call, TokenAmount, Route, Reward, Intent} from "./IntentTypes.sol";
import {SafeTransfer} from "./SafeTransfer.sol";
import {IERC20View} from "./IERC20View.sol";
import {IProver} from "./IProver.sol";
import {Vault} from "./Vault.sol";
import {VaultProxy} from "./VaultProxy.sol";
import {Executor} from "./Executor.sol";

// A minimal Portal for local chains: the source side (publish, fund, withdraw, refund, per-intent
// CREATE2 vaults) and the destination side (fulfill) in one contract, with the protocol page's
// signatures so selectors and topic0s are the production ones.
//
// Funding counts what the vault already holds, then covers the shortfall:
// - publishAndFund / fund: the Portal pulls from msg.sender (ERC-20 approve to the Portal).
// - publishAndFundFor / fundFor with permitContract = 0: the vault pulls from `funder` with an
//   ERC-20 allowance given to the vault itself (EIP-2612 permit with spender = vault). An ERC-3009
//   transferWithAuthorization with to = vault, relayed beforehand, needs no pull at all.
// - with permitContract != 0: the vault pulls through that contract's Permit2-style
//   transferFrom(from, to, uint160 amount, token), spending an allowance given to the vault.
// Allowances are given to the vault, whose address commits to the whole intent, so nobody can
// spend a funder's allowance for a different intent.
contract Portal {
    enum RewardStatus {
        Initial,
        Funded,
        Withdrawn,
        Refunded
    }

    event IntentPublished(
        bytes32 indexed intentHash,
        uint64 destination,
        bytes route,
        address indexed creator,
        address indexed prover,
        uint64 rewardDeadline,
        uint256 rewardNativeAmount,
        TokenAmount[] rewardTokens
    );
    event IntentFunded(bytes32 intentHash, address funder, bool complete);
    event IntentFulfilled(bytes32 indexed intentHash, bytes32 indexed claimant);
    event IntentWithdrawn(bytes32 intentHash, address indexed claimant);
    event IntentRefunded(bytes32 intentHash, address indexed refundee);

    error IntentClosed(bytes32 intentHash, RewardStatus status);
    error InsufficientFunding(bytes32 intentHash);
    error DuplicateRewardToken(address token);
    error NativeTransferFailed(address to, uint256 amount);
    error NotFunded(bytes32 intentHash, RewardStatus status);
    error NotProven(bytes32 intentHash);
    error ProvenForOtherDestination(bytes32 intentHash, uint64 provenDestination);
    error RewardNotExpired(bytes32 intentHash, uint64 deadline);
    error AlreadyProven(bytes32 intentHash, address claimant);
    error WrongPortal(address portal);
    error RouteExpired(bytes32 intentHash, uint64 deadline);
    error IntentHashMismatch(bytes32 expected, bytes32 computed);
    error ZeroClaimant();
    error AlreadyFulfilled(bytes32 intentHash, bytes32 claimant);
    error InsufficientNativeAmount(uint256 required, uint256 sent);

    address public immutable vaultImplementation;
    address public immutable executor;
    bytes32 public immutable vaultInitCodeHash;

    // Source side: reward state per intent hash.
    mapping(bytes32 => RewardStatus) public rewardStatus;
    // Destination side: who fulfilled an intent (zero = not fulfilled).
    mapping(bytes32 => bytes32) public claimants;

    constructor() {
        address implementation = address(new Vault());
        vaultImplementation = implementation;
        executor = address(new Executor());
        vaultInitCodeHash = keccak256(abi.encodePacked(type(VaultProxy).creationCode, abi.encode(implementation)));
    }

    // ---------------------------------------------------------------- hashing and vault address

    function getIntentHash(Intent calldata intent)
        external
        pure
        returns (bytes32 intentHash, bytes32 routeHash, bytes32 rewardHash)
    {
        routeHash = keccak256(abi.encode(intent.route));
        rewardHash = keccak256(abi.encode(intent.reward));
        intentHash = _intentHash(intent.destination, routeHash, rewardHash);
    }

    function intentVaultAddress(uint64 destination, bytes calldata route, Reward calldata reward)
        external
        view
        returns (address)
    {
        return _vaultAddress(_intentHash(destination, keccak256(route), keccak256(abi.encode(reward))));
    }

    function _intentHash(uint64 destination, bytes32 routeHash, bytes32 rewardHash) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(destination, routeHash, rewardHash));
    }

    function _vaultAddress(bytes32 intentHash) private view returns (address) {
        return address(
            uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), intentHash, vaultInitCodeHash))))
        );
    }

    function _deployedVault(bytes32 intentHash) private returns (Vault) {
        address vault = _vaultAddress(intentHash);
        if (vault.code.length == 0) {
            new VaultProxy{salt: intentHash}(vaultImplementation);
        }
        return Vault(payable(vault));
    }

    // ---------------------------------------------------------------- source side: publish and fund

    function publish(uint64 destination, bytes calldata route, Reward calldata reward)
        external
        returns (bytes32 intentHash, address vault)
    {
        return _publish(destination, route, reward);
    }

    function _publish(uint64 destination, bytes memory route, Reward calldata reward)
        private
        returns (bytes32 intentHash, address vault)
    {
        intentHash = _intentHash(destination, keccak256(route), keccak256(abi.encode(reward)));
        emit IntentPublished(
            intentHash,
            destination,
            route,
            reward.creator,
            reward.prover,
            reward.deadline,
            reward.nativeAmount,
            reward.tokens
        );
        vault = _vaultAddress(intentHash);
    }

    function publishAndFund(uint64 destination, bytes calldata route, Reward calldata reward, bool allowPartial)
        external
        payable
        returns (bytes32 intentHash, address vault)
    {
        (intentHash, vault) = _publish(destination, route, reward);
        _fund(intentHash, reward, allowPartial, msg.sender, address(0), false);
    }

    function publishAndFund(Intent calldata intent, bool allowPartial)
        external
        payable
        returns (bytes32 intentHash, address vault)
    {
        (intentHash, vault) = _publish(intent.destination, abi.encode(intent.route), intent.reward);
        _fund(intentHash, intent.reward, allowPartial, msg.sender, address(0), false);
    }

    function fund(uint64 destination, bytes32 routeHash, Reward calldata reward, bool allowPartial)
        external
        payable
        returns (bytes32 intentHash)
    {
        intentHash = _intentHash(destination, routeHash, keccak256(abi.encode(reward)));
        _fund(intentHash, reward, allowPartial, msg.sender, address(0), false);
    }

    function fundFor(
        uint64 destination,
        bytes32 routeHash,
        Reward calldata reward,
        bool allowPartial,
        address funder,
        address permitContract
    ) external payable returns (bytes32 intentHash) {
        intentHash = _intentHash(destination, routeHash, keccak256(abi.encode(reward)));
        _fund(intentHash, reward, allowPartial, funder, permitContract, true);
    }

    function publishAndFundFor(
        uint64 destination,
        bytes calldata route,
        Reward calldata reward,
        bool allowPartial,
        address funder,
        address permitContract
    ) external payable returns (bytes32 intentHash, address vault) {
        (intentHash, vault) = _publish(destination, route, reward);
        _fund(intentHash, reward, allowPartial, funder, permitContract, true);
    }

    // Where a funding's shortfall comes from. `throughVault`: the vault pulls from allowances given
    // to it (the *For functions); otherwise the Portal pulls from msg.sender, who is the funder.
    struct FundingSource {
        address funder;
        address permitContract;
        bool throughVault;
        bool allowPartial;
    }

    function _fund(
        bytes32 intentHash,
        Reward calldata reward,
        bool allowPartial,
        address funder,
        address permitContract,
        bool throughVault
    ) private {
        RewardStatus status = rewardStatus[intentHash];
        if (status == RewardStatus.Funded) {
            // Funding an already funded intent moves nothing; native value sent along goes back.
            _sendNative(msg.sender, msg.value);
            return;
        }
        if (status != RewardStatus.Initial) revert IntentClosed(intentHash, status);
        _rejectDuplicateTokens(reward.tokens);

        FundingSource memory source = FundingSource(funder, permitContract, throughVault, allowPartial);
        bool complete = _fundNative(_vaultAddress(intentHash), reward.nativeAmount);
        for (uint256 i = 0; i < reward.tokens.length; ++i) {
            if (!_fundToken(intentHash, reward.tokens[i], source)) complete = false;
        }
        if (!complete && !allowPartial) revert InsufficientFunding(intentHash);
        if (complete) rewardStatus[intentHash] = RewardStatus.Funded;
        emit IntentFunded(intentHash, funder, complete);
    }

    /// @return covered whether the vault now holds the whole amount
    function _fundToken(bytes32 intentHash, TokenAmount calldata reserved, FundingSource memory source)
        private
        returns (bool covered)
    {
        address vault = _vaultAddress(intentHash);
        uint256 held = IERC20View(reserved.token).balanceOf(vault);
        if (held >= reserved.amount) return true;
        uint256 shortfall = reserved.amount - held;
        uint256 pulled = source.throughVault
            ? _pullThroughVault(intentHash, reserved.token, source, shortfall)
            : _pullFromSender(reserved.token, vault, shortfall, source.allowPartial);
        return pulled == shortfall;
    }

    function _fundNative(address vault, uint256 required) private returns (bool complete) {
        uint256 held = vault.balance;
        uint256 missing = held >= required ? 0 : required - held;
        uint256 forwarded = msg.value < missing ? msg.value : missing;
        if (forwarded != 0) _sendNative(vault, forwarded);
        _sendNative(msg.sender, msg.value - forwarded);
        return forwarded == missing;
    }

    function _pullFromSender(address token, address vault, uint256 shortfall, bool allowPartial)
        private
        returns (uint256 amount)
    {
        amount = allowPartial ? _min(shortfall, _available(token, msg.sender, address(this))) : shortfall;
        if (amount != 0) SafeTransfer.transferFrom(token, msg.sender, vault, amount);
    }

    function _pullThroughVault(bytes32 intentHash, address token, FundingSource memory source, uint256 shortfall)
        private
        returns (uint256 amount)
    {
        if (source.permitContract == address(0)) {
            amount = source.allowPartial
                ? _min(shortfall, _available(token, source.funder, _vaultAddress(intentHash)))
                : shortfall;
            if (amount != 0) _deployedVault(intentHash).pullToken(token, source.funder, amount);
        } else {
            // A Permit2-style allowance is not readable generically: pull the whole shortfall.
            amount = shortfall;
            _deployedVault(intentHash).pullWithPermit(source.permitContract, token, source.funder, amount);
        }
    }

    function _available(address token, address owner, address spender) private view returns (uint256) {
        return _min(IERC20View(token).balanceOf(owner), IERC20View(token).allowance(owner, spender));
    }

    function _rejectDuplicateTokens(TokenAmount[] calldata tokens) private pure {
        // A repeated token would let one balance count twice towards "funded".
        for (uint256 i = 1; i < tokens.length; ++i) {
            for (uint256 j = 0; j < i; ++j) {
                if (tokens[i].token == tokens[j].token) revert DuplicateRewardToken(tokens[i].token);
            }
        }
    }

    // ---------------------------------------------------------------- source side: settle

    function withdraw(uint64 destination, bytes32 routeHash, Reward calldata reward) external {
        bytes32 intentHash = _intentHash(destination, routeHash, keccak256(abi.encode(reward)));
        RewardStatus status = rewardStatus[intentHash];
        if (status != RewardStatus.Funded) revert NotFunded(intentHash, status);
        IProver.ProofData memory proof = IProver(reward.prover).provenIntents(intentHash);
        if (proof.claimant == address(0)) revert NotProven(intentHash);
        if (proof.destination != destination) revert ProvenForOtherDestination(intentHash, proof.destination);

        rewardStatus[intentHash] = RewardStatus.Withdrawn;
        Vault vault = _deployedVault(intentHash);
        for (uint256 i = 0; i < reward.tokens.length; ++i) {
            TokenAmount calldata reserved = reward.tokens[i];
            vault.sendToken(reserved.token, proof.claimant, reserved.amount);
            // Anything sent beyond the reward belongs to the creator.
            uint256 surplus = IERC20View(reserved.token).balanceOf(address(vault));
            if (surplus != 0) vault.sendToken(reserved.token, reward.creator, surplus);
        }
        if (reward.nativeAmount != 0) vault.sendNative(proof.claimant, reward.nativeAmount);
        if (address(vault).balance != 0) vault.sendNative(reward.creator, address(vault).balance);
        emit IntentWithdrawn(intentHash, proof.claimant);
    }

    // Returns everything the vault holds of the reward to reward.creator once the reward deadline
    // has passed without a proof for this destination (also a partially funded intent).
    function refund(uint64 destination, bytes32 routeHash, Reward calldata reward) external {
        bytes32 intentHash = _intentHash(destination, routeHash, keccak256(abi.encode(reward)));
        RewardStatus status = rewardStatus[intentHash];
        if (status != RewardStatus.Initial && status != RewardStatus.Funded) revert IntentClosed(intentHash, status);
        if (block.timestamp <= reward.deadline) revert RewardNotExpired(intentHash, reward.deadline);
        address claimant = _validClaimant(reward.prover, intentHash, destination);
        if (claimant != address(0)) revert AlreadyProven(intentHash, claimant);

        rewardStatus[intentHash] = RewardStatus.Refunded;
        Vault vault = _deployedVault(intentHash);
        for (uint256 i = 0; i < reward.tokens.length; ++i) {
            address token = reward.tokens[i].token;
            uint256 held = IERC20View(token).balanceOf(address(vault));
            if (held != 0) vault.sendToken(token, reward.creator, held);
        }
        if (address(vault).balance != 0) vault.sendNative(reward.creator, address(vault).balance);
        emit IntentRefunded(intentHash, reward.creator);
    }

    // A prover that cannot answer must not lock the creator's refund, so failures read as "unproven".
    function _validClaimant(address prover, bytes32 intentHash, uint64 destination) private view returns (address) {
        if (prover.code.length == 0) return address(0);
        try IProver(prover).provenIntents(intentHash) returns (IProver.ProofData memory proof) {
            return proof.destination == destination ? proof.claimant : address(0);
        } catch {
            return address(0);
        }
    }

    // ---------------------------------------------------------------- destination side

    // The solver (msg.sender) provides route.tokens, which the Portal moves to the executor before
    // the executor runs route.calls; msg.value must cover route.nativeAmount.
    function fulfill(bytes32 intentHash, Route calldata route, bytes32 rewardHash, bytes32 claimant) external payable {
        if (route.portal != address(this)) revert WrongPortal(route.portal);
        if (block.timestamp > route.deadline) revert RouteExpired(intentHash, route.deadline);
        bytes32 computed = _intentHash(uint64(block.chainid), keccak256(abi.encode(route)), rewardHash);
        if (computed != intentHash) revert IntentHashMismatch(intentHash, computed);
        if (claimant == bytes32(0)) revert ZeroClaimant();
        if (claimants[intentHash] != bytes32(0)) revert AlreadyFulfilled(intentHash, claimants[intentHash]);
        if (msg.value < route.nativeAmount) revert InsufficientNativeAmount(route.nativeAmount, msg.value);

        claimants[intentHash] = claimant;
        for (uint256 i = 0; i < route.tokens.length; ++i) {
            SafeTransfer.transferFrom(route.tokens[i].token, msg.sender, executor, route.tokens[i].amount);
        }
        Executor(executor).execute{value: msg.value}(route.calls);
        emit IntentFulfilled(intentHash, claimant);
    }

    // ---------------------------------------------------------------- helpers

    function _sendNative(address to, uint256 amount) private {
        if (amount == 0) return;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to, amount);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
