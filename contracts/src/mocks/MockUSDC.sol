// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title MockUSDC
/// @notice A 6-decimal stand-in for USDC on local chains, with a faucet anyone may call.
contract MockUSDC is ERC20, ERC20Permit {
    /// @notice Most the faucet gives per call: 1,000,000 USDC.
    uint256 public constant FAUCET_LIMIT = 1_000_000e6;

    /// @notice Thrown when a faucet call asks for more than FAUCET_LIMIT.
    error FaucetLimit();

    constructor() ERC20("USD Coin (local)", "USDC") ERC20Permit("USD Coin (local)") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mint `amount` base units to `to`, at most FAUCET_LIMIT per call.
    function faucet(address to, uint256 amount) external {
        if (amount > FAUCET_LIMIT) revert FaucetLimit();
        _mint(to, amount);
    }
}
