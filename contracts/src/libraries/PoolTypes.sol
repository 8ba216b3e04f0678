// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {ILaunchpad} from "../interfaces/ILaunchpad.sol";
import {CurveMath} from "./CurveMath.sol";

/// @title PoolTypes
/// @notice The pool types registered at deploy. docs/contracts.md tabulates their prices and raises.
library PoolTypes {
    uint8 internal constant MEME = 7;
    uint8 internal constant STARTUP_PRESEED = 8;

    /// @notice meme (7): starts at $0.00001, graduates after 800M tokens at $0.00009 having raised $40,000;
    /// $38,000 of it seeds a 1% Uniswap V3 pool. Its launch fee falls from 80% to the 1% trade fee over 30 s.
    function meme() internal pure returns (ILaunchpad.PoolTypeParams memory p) {
        p.weightPpm = 500_000;
        p.virtualSupply = 100_000_000e18;
        p.virtualReserve = 500e6;
        p.migrationSupply = 800_000_000e18;
        p.dexReserve = 38_000e6;
        p.tradeFeeBps = 100;
        p.creatorShareBps = 3_000;
        p.dexFeeTier = 10_000;
        p.launchFeeBps = 8_000;
        p.launchFeeSeconds = 30;
        p.dexSupply = uint128(dexSupplyAtFinalPrice(p));
    }

    /// @notice startup-preseed (8): starts at $0.0002, graduates after 600M tokens at $0.0008 having raised
    /// $300,000; $285,000 of it seeds a 0.3% Uniswap V3 pool. Its launch fee falls from 80% to the 1.5% trade fee
    /// over 30 s.
    function startupPreseed() internal pure returns (ILaunchpad.PoolTypeParams memory p) {
        p.weightPpm = 500_000;
        p.virtualSupply = 200_000_000e18;
        p.virtualReserve = 20_000e6;
        p.migrationSupply = 600_000_000e18;
        p.dexReserve = 285_000e6;
        p.tradeFeeBps = 150;
        p.creatorShareBps = 4_000;
        p.dexFeeTier = 3_000;
        p.launchFeeBps = 8_000;
        p.launchFeeSeconds = 30;
        p.dexSupply = uint128(dexSupplyAtFinalPrice(p));
    }

    /// @notice Tokens worth `p.dexReserve` at the curve's final price, in token wei, rounded down.
    function dexSupplyAtFinalPrice(ILaunchpad.PoolTypeParams memory p) internal pure returns (uint256) {
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        return M.fullMulDiv(p.dexReserve, den, num);
    }
}
