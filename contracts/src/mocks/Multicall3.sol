// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Multicall3
/// @notice The Multicall3 entry points viem and the worker use (aggregate3 and the block getters), for local chains
/// where the canonical deployment does not exist.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Thrown when a call that may not fail does.
    error CallFailed(uint256 index, bytes returnData);

    /// @notice Run each call in order; a failing call reverts the batch unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!ok && !calls[i].allowFailure) revert CallFailed(i, data);
            results[i] = Result(ok, data);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getEthBalance(address addr) external view returns (uint256) {
        return addr.balance;
    }

    function getChainId() external view returns (uint256) {
        return block.chainid;
    }
}
