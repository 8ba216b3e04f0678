// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice The V3 pool calls an attacker makes directly, without the periphery.
interface IUniswapV3PoolDirect {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
    function burn(int24 tickLower, int24 tickUpper, uint128 amount) external returns (uint256 amount0, uint256 amount1);
    function collect(address recipient, int24 tickLower, int24 tickUpper, uint128 amount0Requested, uint128 amount1Requested)
        external
        returns (uint128 amount0, uint128 amount1);
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// @notice An attacker's contract on a Uniswap V3 pool: adds and removes liquidity in any range and swaps, paying
/// from its own balances in the pool's callbacks. It keeps a list of its open positions.
contract PoolAttacker {
    struct Position {
        int24 lower;
        int24 upper;
        uint128 liquidity;
    }

    IUniswapV3PoolDirect public pool;
    Position[] public positions;

    function setPool(address pool_) external {
        pool = IUniswapV3PoolDirect(pool_);
    }

    function positionsLength() external view returns (uint256) {
        return positions.length;
    }

    /// @notice Adds `liquidity` in [lower, upper]; reverts as the pool does (for instance when a token refuses the
    /// transfer).
    function mint(int24 lower, int24 upper, uint128 liquidity) external returns (uint256 amount0, uint256 amount1) {
        (amount0, amount1) = pool.mint(address(this), lower, upper, liquidity, "");
        positions.push(Position(lower, upper, liquidity));
    }

    /// @notice Removes every open position and collects everything owed to this contract.
    function withdrawAll() external {
        for (uint256 i = positions.length; i > 0; --i) {
            Position memory p = positions[i - 1];
            pool.burn(p.lower, p.upper, p.liquidity);
            pool.collect(address(this), p.lower, p.upper, type(uint128).max, type(uint128).max);
            positions.pop();
        }
    }

    /// @notice Removes the last position only.
    function withdrawLast() external {
        Position memory p = positions[positions.length - 1];
        pool.burn(p.lower, p.upper, p.liquidity);
        pool.collect(address(this), p.lower, p.upper, type(uint128).max, type(uint128).max);
        positions.pop();
    }

    function swap(bool zeroForOne, int256 amountSpecified, uint160 limit) external returns (int256, int256) {
        return pool.swap(address(this), zeroForOne, amountSpecified, limit, "");
    }

    function transfer(address token, address to, uint256 amount) external {
        IERC20(token).transfer(to, amount);
    }

    function uniswapV3MintCallback(uint256 amount0, uint256 amount1, bytes calldata) external {
        require(msg.sender == address(pool), "not the pool");
        if (amount0 > 0) IERC20(pool.token0()).transfer(msg.sender, amount0);
        if (amount1 > 0) IERC20(pool.token1()).transfer(msg.sender, amount1);
    }

    function uniswapV3SwapCallback(int256 amount0, int256 amount1, bytes calldata) external {
        require(msg.sender == address(pool), "not the pool");
        if (amount0 > 0) IERC20(pool.token0()).transfer(msg.sender, uint256(amount0));
        if (amount1 > 0) IERC20(pool.token1()).transfer(msg.sender, uint256(amount1));
    }
}
