// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {MockUSDC} from "../../src/mocks/MockUSDC.sol";

/// @notice What a HookedUSDC recipient implements (an ERC-777-style receive hook).
interface ITransferHook {
    function onTokenTransfer(address from, uint256 amount) external;
}

/// @notice MockUSDC whose transfers call the recipient back, for recipients that opted in. Lets a fee recipient
/// re-enter the launchpad in the middle of a payout, as a token with hooks would allow. A reverting hook reverts the
/// transfer.
contract HookedUSDC is MockUSDC {
    mapping(address account => bool) public hooked;

    function registerHook() external {
        hooked[msg.sender] = true;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (hooked[to]) ITransferHook(to).onTokenTransfer(from, value);
    }
}
