// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// Checks that `expected` signed an EIP-712 digest: ecrecover for accounts without code (65-byte
// r‖s‖v or 64-byte EIP-2098 r‖vs signatures), EIP-1271 isValidSignature for contracts.
library SignatureRecovery {
    error InvalidSignature();
    error InvalidSignatureLength(uint256 length);

    // secp256k1n / 2: a higher s is the malleable twin of a valid signature.
    uint256 private constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;
    bytes4 private constant EIP1271_MAGIC_VALUE = 0x1626ba7e;

    function requireSigner(address expected, bytes32 digest, uint8 v, bytes32 r, bytes32 s) internal pure {
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) revert InvalidSignature();
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0) || signer != expected) revert InvalidSignature();
    }

    function requireSigner(address expected, bytes32 digest, bytes calldata signature) internal view {
        if (expected.code.length != 0) {
            (bool ok, bytes memory ret) =
                expected.staticcall(abi.encodeWithSelector(EIP1271_MAGIC_VALUE, digest, signature));
            if (!ok || ret.length != 32 || bytes4(ret) != EIP1271_MAGIC_VALUE) revert InvalidSignature();
            return;
        }
        if (signature.length != 65 && signature.length != 64) revert InvalidSignatureLength(signature.length);
        bytes32 r = bytes32(signature[0:32]);
        if (signature.length == 65) {
            requireSigner(expected, digest, uint8(signature[64]), r, bytes32(signature[32:64]));
        } else {
            bytes32 vs = bytes32(signature[32:64]);
            bytes32 s = vs & bytes32(type(uint256).max >> 1);
            requireSigner(expected, digest, uint8(uint256(vs) >> 255) + 27, r, s);
        }
    }
}
