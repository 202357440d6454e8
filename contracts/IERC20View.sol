// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

interface IERC20View {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
}
