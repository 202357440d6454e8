// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

// The local chains' USDT: an OpenZeppelin 5.7 ERC-20 with 6 decimals, mintable by its deployer.
// Unlike the real Tether USD it has EIP-2612 `permit` (OpenZeppelin's ERC20Permit, EIP-712 domain
// {name, version "1"}); its name says so. Like Tether USD on Ethereum, `approve` of a non-zero
// amount over a non-zero allowance reverts (a spender is first approved for 0), so the service's
// approval reset (tokens.json approvalReset) meets the real behaviour on the local chains.
contract TestTether is ERC20, ERC20Permit {
    error OnlyMinter(address caller);
    error AllowanceNotZero(address spender, uint256 allowance);

    address public immutable minter;

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC20Permit(name_) {
        minter = msg.sender;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    // Tether's rule: require(!(value != 0 && allowed[msg.sender][spender] != 0)). `permit` sets an
    // allowance without this check, as it does not go through approve.
    function approve(address spender, uint256 value) public override returns (bool) {
        uint256 current = allowance(msg.sender, spender);
        if (value != 0 && current != 0) revert AllowanceNotZero(spender, current);
        return super.approve(spender, value);
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert OnlyMinter(msg.sender);
        _mint(to, amount);
    }
}
