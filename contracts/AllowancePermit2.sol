// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {SafeTransfer} from "./SafeTransfer.sol";
import {SignatureRecovery} from "./SignatureRecovery.sol";
import {IPermitTransfer} from "./IPermitTransfer.sol";

// The allowance-transfer part of Uniswap's Permit2, written from its public interface: the same
// function signatures, EIP-712 domain (name "Permit2", no version) and PermitSingle/PermitBatch
// types, so signatures made for Permit2 work here. The deploy script installs its runtime code at
// Permit2's canonical address; it keeps no immutables, so that copy behaves like a deployment.
// Not included: signature transfers, lockdown, nonce invalidation.
contract AllowancePermit2 is IPermitTransfer {
    struct PermitDetails {
        address token;
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct PermitSingle {
        PermitDetails details;
        address spender;
        uint256 sigDeadline;
    }

    struct PermitBatch {
        PermitDetails[] details;
        address spender;
        uint256 sigDeadline;
    }

    struct PackedAllowance {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    event Permit(
        address indexed owner,
        address indexed token,
        address indexed spender,
        uint160 amount,
        uint48 expiration,
        uint48 nonce
    );
    event Approval(
        address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration
    );

    error SignatureExpired(uint256 signatureDeadline);
    error InvalidNonce();
    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);

    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("Permit2");
    bytes32 public constant PERMIT_DETAILS_TYPEHASH =
        keccak256("PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)");
    bytes32 public constant PERMIT_SINGLE_TYPEHASH = keccak256(
        "PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)"
    );
    bytes32 public constant PERMIT_BATCH_TYPEHASH = keccak256(
        "PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)"
    );

    // owner => token => spender
    mapping(address => mapping(address => mapping(address => PackedAllowance))) public allowance;

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, block.chainid, address(this)));
    }

    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        PackedAllowance storage allowed = allowance[msg.sender][token][spender];
        allowed.amount = amount;
        allowed.expiration = _effectiveExpiration(expiration);
        emit Approval(msg.sender, token, spender, amount, expiration);
    }

    function permit(address owner, PermitSingle calldata permitSingle, bytes calldata signature) external {
        if (block.timestamp > permitSingle.sigDeadline) revert SignatureExpired(permitSingle.sigDeadline);
        bytes32 structHash = keccak256(
            abi.encode(
                PERMIT_SINGLE_TYPEHASH, _hashDetails(permitSingle.details), permitSingle.spender, permitSingle.sigDeadline
            )
        );
        SignatureRecovery.requireSigner(owner, _digest(structHash), signature);
        _applyPermit(owner, permitSingle.details, permitSingle.spender);
    }

    function permit(address owner, PermitBatch calldata permitBatch, bytes calldata signature) external {
        if (block.timestamp > permitBatch.sigDeadline) revert SignatureExpired(permitBatch.sigDeadline);
        bytes32[] memory detailHashes = new bytes32[](permitBatch.details.length);
        for (uint256 i = 0; i < detailHashes.length; ++i) {
            detailHashes[i] = _hashDetails(permitBatch.details[i]);
        }
        bytes32 structHash = keccak256(
            abi.encode(
                PERMIT_BATCH_TYPEHASH,
                keccak256(abi.encodePacked(detailHashes)),
                permitBatch.spender,
                permitBatch.sigDeadline
            )
        );
        SignatureRecovery.requireSigner(owner, _digest(structHash), signature);
        for (uint256 i = 0; i < permitBatch.details.length; ++i) {
            _applyPermit(owner, permitBatch.details[i], permitBatch.spender);
        }
    }

    // The caller is the spender. An amount of type(uint160).max is an allowance that never runs out.
    function transferFrom(address from, address to, uint160 amount, address token) external {
        PackedAllowance storage allowed = allowance[from][token][msg.sender];
        if (block.timestamp > allowed.expiration) revert AllowanceExpired(allowed.expiration);
        if (allowed.amount != type(uint160).max) {
            if (amount > allowed.amount) revert InsufficientAllowance(allowed.amount);
            allowed.amount -= amount;
        }
        SafeTransfer.transferFrom(token, from, to, amount);
    }

    function _applyPermit(address owner, PermitDetails calldata details, address spender) private {
        PackedAllowance storage allowed = allowance[owner][details.token][spender];
        if (details.nonce != allowed.nonce) revert InvalidNonce();
        allowed.amount = details.amount;
        allowed.expiration = _effectiveExpiration(details.expiration);
        unchecked {
            allowed.nonce = details.nonce + 1;
        }
        emit Permit(owner, details.token, spender, details.amount, details.expiration, details.nonce);
    }

    // Expiration 0 means "this block only", as in Permit2.
    function _effectiveExpiration(uint48 expiration) private view returns (uint48) {
        return expiration == 0 ? uint48(block.timestamp) : expiration;
    }

    function _hashDetails(PermitDetails calldata details) private pure returns (bytes32) {
        return keccak256(abi.encode(PERMIT_DETAILS_TYPEHASH, details));
    }

    function _digest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1901", DOMAIN_SEPARATOR(), structHash));
    }
}
