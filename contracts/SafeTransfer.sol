// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

// ERC-20 calls that accept both bool-returning tokens and tokens that return nothing (USDT-style),
// and fail loudly on a false return or a revert.
library SafeTransfer {
    error TokenCallFailed(address token, bytes4 selector, bytes returnData);

    function transfer(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(0xa9059cbb, to, amount));
    }

    function transferFrom(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSelector(0x23b872dd, from, to, amount));
    }

    function _call(address token, bytes memory data) private {
        if (token.code.length == 0) revert TokenCallFailed(token, bytes4(data), "");
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok && ret.length != 0) {
            // The token's own error (e.g. an allowance too small) says most; pass it on unchanged.
            assembly {
                revert(add(ret, 0x20), mload(ret))
            }
        }
        if (!ok || (ret.length != 0 && (ret.length != 32 || abi.decode(ret, (uint256)) != 1))) {
            revert TokenCallFailed(token, bytes4(data), ret);
        }
    }
}
