// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {LaunchToken} from "./LaunchToken.sol";

/// @title TokenDeployer
/// @notice Deploys the launchpad's tokens with CREATE2 and predicts their addresses. The launchpad creates it in its
/// constructor: LaunchToken's creation code lives here, which keeps the launchpad's runtime code under the 24 KiB
/// limit.
contract TokenDeployer {
    /// @notice Thrown when anyone but the launchpad deploys.
    error OnlyLaunchpad();

    /// @notice The launchpad that created this deployer, and the only caller of deploy.
    address public immutable launchpad;

    constructor() {
        launchpad = msg.sender;
    }

    /// @notice Deploys a LaunchToken at predict(salt, name, symbol, tokenURI). Launchpad only.
    function deploy(bytes32 salt, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        returns (address)
    {
        if (msg.sender != launchpad) revert OnlyLaunchpad();
        return address(new LaunchToken{salt: salt}(name, symbol, tokenURI));
    }

    /// @notice The address deploy gives for these arguments.
    function predict(bytes32 salt, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        view
        returns (address)
    {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(LaunchToken).creationCode, abi.encode(name, symbol, tokenURI)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
