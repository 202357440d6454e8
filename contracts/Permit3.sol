// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SignatureRecovery} from "./SignatureRecovery.sol";

// Permit3 for the local chains, written from the signature scheme on the protocol page (no registry
// ships Permit3). The deploy script installs its runtime code at the canonical address
// 0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34 with anvil_setCode, so it has no constructor state
// and no immutables: its EIP-712 domain is fixed (name "Permit3", version "1", chainId 1 on every
// chain, verifyingContract = the canonical address).
//
// A signature covers a Merkle root over per-chain permit lists (a single chain's root is its
// chain hash). Each entry either transfers `amountDelta` of an ERC-20 from the owner to `account`
// right away (mode 0, spending the owner's ERC-20 approval to this contract), or changes the
// allowance of spender `account` here (1 decrease, 2 lock, 3 unlock, > 3 increase with that
// expiration), which the spender then uses through `transferFrom` (the Permit2-style call an
// intent vault makes).
contract Permit3 {
    using SafeERC20 for IERC20;

    struct AllowanceOrTransfer {
        uint48 modeOrExpiration;
        bytes32 tokenKey;
        address account;
        uint160 amountDelta;
    }

    struct ChainPermits {
        uint64 chainId;
        AllowanceOrTransfer[] permits;
    }

    struct Allowance {
        uint160 amount;
        uint48 expiration;
        uint48 timestamp;
    }

    uint48 private constant MODE_TRANSFER = 0;
    uint48 private constant MODE_DECREASE = 1;
    uint48 private constant MODE_LOCK = 2;
    uint48 private constant MODE_UNLOCK = 3;
    // A locked allowance carries this expiration until an unlock signed later than the lock.
    uint48 private constant LOCKED = 2;
    uint160 private constant UNLIMITED = type(uint160).max;

    bytes32 public constant PERMIT3_TYPEHASH =
        keccak256("Permit3(address owner,bytes32 salt,uint48 deadline,uint48 timestamp,bytes32 merkleRoot)");
    bytes32 public constant CHAIN_PERMITS_TYPEHASH = keccak256(
        "ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,bytes32 tokenKey,address account,uint160 amountDelta)"
    );
    // keccak256(abi.encode(keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
    //   keccak256("Permit3"), keccak256("1"), 1, 0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34)); checked by the chains test.
    bytes32 public constant DOMAIN_SEPARATOR = 0x7c26d5aeaa49e0df9d99c70b3e1f760ccecbea8ff74ae7365d7cb5ca51250f48;

    mapping(address owner => mapping(bytes32 salt => bool)) public isNonceUsed;
    mapping(address owner => mapping(bytes32 tokenKey => mapping(address spender => Allowance))) private allowances;

    event NonceUsed(address indexed owner, bytes32 salt);
    event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 timestamp);

    error SignatureExpired(uint48 deadline, uint256 now_);
    error WrongChainId(uint256 expected, uint64 given);
    error EmptyPermits();
    error NonceAlreadyUsed(address owner, bytes32 salt);
    error InvalidTokenKey(bytes32 tokenKey);
    error ZeroAccount();
    error InvalidTimestamp(uint48 timestamp, uint256 now_);
    error AllowanceLocked(address owner, bytes32 tokenKey, address spender);
    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);

    /// Single chain: the signed Merkle root is this chain's hash.
    function permit(
        address owner,
        bytes32 salt,
        uint48 deadline,
        uint48 timestamp,
        ChainPermits calldata chainPermits,
        bytes calldata signature
    ) external {
        _permit(owner, salt, deadline, timestamp, chainPermits, hashChainPermits(chainPermits), signature);
    }

    /// Several chains: `proof` is the sorted-pair Merkle proof of this chain's hash in the signed root.
    function permit(
        address owner,
        bytes32 salt,
        uint48 deadline,
        uint48 timestamp,
        ChainPermits calldata chainPermits,
        bytes32[] calldata proof,
        bytes calldata signature
    ) external {
        bytes32 root = merkleRoot(hashChainPermits(chainPermits), proof);
        _permit(owner, salt, deadline, timestamp, chainPermits, root, signature);
    }

    /// The owner sets an allowance directly (Permit2's `approve`).
    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        bytes32 tokenKey = bytes32(uint256(uint160(token)));
        Allowance storage current = allowances[msg.sender][tokenKey][spender];
        if (current.expiration == LOCKED) revert AllowanceLocked(msg.sender, tokenKey, spender);
        current.amount = amount;
        current.expiration = expiration;
        current.timestamp = uint48(block.timestamp);
        emit Permit(msg.sender, token, spender, amount, expiration, uint48(block.timestamp));
    }

    /// The IPermit read an intent vault makes before pulling; the third value is the timestamp of
    /// the permit that last set the expiration (Permit2's slot holds a nonce).
    function allowance(address user, address token, address spender)
        external
        view
        returns (uint160 amount, uint48 expiration, uint48 timestamp)
    {
        Allowance memory a = allowances[user][bytes32(uint256(uint160(token)))][spender];
        return (a.amount, a.expiration, a.timestamp);
    }

    /// The spender (msg.sender) moves `amount` of `token` from `from` to `to` within its allowance.
    function transferFrom(address from, address to, uint160 amount, address token) external {
        bytes32 tokenKey = bytes32(uint256(uint160(token)));
        Allowance storage a = allowances[from][tokenKey][msg.sender];
        if (a.expiration == LOCKED) revert AllowanceLocked(from, tokenKey, msg.sender);
        if (block.timestamp > a.expiration) revert AllowanceExpired(a.expiration);
        if (a.amount != UNLIMITED) {
            if (amount > a.amount) revert InsufficientAllowance(a.amount);
            a.amount -= amount;
        }
        IERC20(token).safeTransferFrom(from, to, amount);
    }

    /// The owner gives up salts it signed but does not want used.
    function invalidateNonces(bytes32[] calldata salts) external {
        for (uint256 i = 0; i < salts.length; ++i) _useNonce(msg.sender, salts[i]);
    }

    function hashChainPermits(ChainPermits calldata chainPermits) public pure returns (bytes32) {
        uint256 n = chainPermits.permits.length;
        bytes32[] memory leaves = new bytes32[](n);
        for (uint256 i = 0; i < n; ++i) {
            AllowanceOrTransfer calldata p = chainPermits.permits[i];
            // No type hash in the leaves: the scheme's own choice, kept for signature compatibility.
            leaves[i] = keccak256(abi.encode(p.modeOrExpiration, p.tokenKey, p.account, p.amountDelta));
        }
        return keccak256(abi.encode(CHAIN_PERMITS_TYPEHASH, chainPermits.chainId, keccak256(abi.encodePacked(leaves))));
    }

    /// Sorted-pair keccak Merkle root of `leaf` with `proof`.
    function merkleRoot(bytes32 leaf, bytes32[] calldata proof) public pure returns (bytes32 node) {
        node = leaf;
        for (uint256 i = 0; i < proof.length; ++i) {
            bytes32 sibling = proof[i];
            node = node < sibling
                ? keccak256(abi.encodePacked(node, sibling))
                : keccak256(abi.encodePacked(sibling, node));
        }
    }

    /// The digest the owner signs.
    function permitDigest(address owner, bytes32 salt, uint48 deadline, uint48 timestamp, bytes32 root)
        public
        pure
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT3_TYPEHASH, owner, salt, deadline, timestamp, root));
        return keccak256(abi.encodePacked(hex"1901", DOMAIN_SEPARATOR, structHash));
    }

    function _permit(
        address owner,
        bytes32 salt,
        uint48 deadline,
        uint48 timestamp,
        ChainPermits calldata chainPermits,
        bytes32 root,
        bytes calldata signature
    ) private {
        if (block.timestamp > deadline) revert SignatureExpired(deadline, block.timestamp);
        if (chainPermits.chainId != block.chainid) revert WrongChainId(block.chainid, chainPermits.chainId);
        if (chainPermits.permits.length == 0) revert EmptyPermits();
        SignatureRecovery.requireSigner(owner, permitDigest(owner, salt, deadline, timestamp, root), signature);
        _useNonce(owner, salt);
        for (uint256 i = 0; i < chainPermits.permits.length; ++i) {
            _apply(owner, timestamp, chainPermits.permits[i]);
        }
    }

    function _useNonce(address owner, bytes32 salt) private {
        if (isNonceUsed[owner][salt]) revert NonceAlreadyUsed(owner, salt);
        isNonceUsed[owner][salt] = true;
        emit NonceUsed(owner, salt);
    }

    function _apply(address owner, uint48 timestamp, AllowanceOrTransfer calldata p) private {
        if (uint256(p.tokenKey) >> 160 != 0 || p.tokenKey == bytes32(0)) revert InvalidTokenKey(p.tokenKey);
        if (p.account == address(0)) revert ZeroAccount();
        address token = address(uint160(uint256(p.tokenKey)));
        if (p.modeOrExpiration == MODE_TRANSFER) {
            IERC20(token).safeTransferFrom(owner, p.account, p.amountDelta);
            return;
        }
        Allowance memory a = allowances[owner][p.tokenKey][p.account];
        if (a.expiration == LOCKED) {
            // Only an unlock signed after the lock opens a locked allowance.
            if (p.modeOrExpiration != MODE_UNLOCK || timestamp <= a.timestamp) {
                revert AllowanceLocked(owner, p.tokenKey, p.account);
            }
        }
        if (p.modeOrExpiration == MODE_DECREASE) {
            if (a.amount != UNLIMITED || p.amountDelta == UNLIMITED) {
                a.amount = p.amountDelta > a.amount ? 0 : a.amount - p.amountDelta;
            }
        } else if (p.modeOrExpiration == MODE_LOCK) {
            a = Allowance(0, LOCKED, timestamp);
        } else if (p.modeOrExpiration == MODE_UNLOCK) {
            if (a.expiration == LOCKED) a.expiration = 0;
        } else {
            if (timestamp > block.timestamp) revert InvalidTimestamp(timestamp, block.timestamp);
            if (a.amount != UNLIMITED && p.amountDelta != 0) {
                a.amount = p.amountDelta == UNLIMITED || UNLIMITED - a.amount <= p.amountDelta
                    ? UNLIMITED
                    : a.amount + p.amountDelta;
            }
            // The newest signature decides the expiration; equal timestamps keep the later one.
            if (timestamp > a.timestamp || (timestamp == a.timestamp && p.modeOrExpiration > a.expiration)) {
                a.expiration = p.modeOrExpiration;
                a.timestamp = timestamp;
            }
        }
        allowances[owner][p.tokenKey][p.account] = a;
        emit Permit(owner, token, p.account, a.amount, a.expiration, a.timestamp);
    }
}
