// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.24;

import {Call} from "./IntentTypes.sol";

// Runs a route's calls for the destination Portal. The calls are arbitrary, so they run from this
// separate address rather than the Portal, which is the only account vaults obey.
contract Executor {
    error OnlyPortal(address caller);
    error CallToNonContract(uint256 index, address target);
    error CallFailed(uint256 index, address target, bytes returnData);

    address private immutable portal;

    constructor() {
        portal = msg.sender;
    }

    function execute(Call[] calldata calls) external payable {
        if (msg.sender != portal) revert OnlyPortal(msg.sender);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call calldata call_ = calls[i];
            // A call with data to an account without code would "succeed" without doing anything.
            if (call_.data.length != 0 && call_.target.code.length == 0) revert CallToNonContract(i, call_.target);
            (bool ok, bytes memory ret) = call_.target.call{value: call_.value}(call_.data);
            if (!ok) revert CallFailed(i, call_.target, ret);
        }
    }
}
