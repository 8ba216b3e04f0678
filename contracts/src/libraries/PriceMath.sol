// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";

/// @title PriceMath
/// @notice Conversions between a USDC-per-token price and Uniswap V3's sqrtPriceX96. core/curve.ts mirrors them.
/// @dev The sqrt price bounds are Uniswap's own (TickMath from @uniswap/v4-core, whose MIN/MAX_SQRT_PRICE equal
/// v3-core's MIN/MAX_SQRT_RATIO); contracts/test/UniswapConstants.t.sol checks them against the deployed V3 pool.
library PriceMath {
    uint256 internal constant Q96 = 1 << 96;
    uint256 internal constant Q192 = 1 << 192;
    /// @dev USDC base units per token wei -> USD per whole token with 18 decimals.
    uint256 internal constant PRICE_SCALE = 1e30;

    /// @notice sqrtPriceX96 for a price of `num / den` USDC base units per token wei, rounded down.
    /// @param usdcIsToken0 Whether USDC sorts before the token (then the pool price is tokens per USDC).
    function sqrtPriceX96(uint256 num, uint256 den, bool usdcIsToken0) internal pure returns (uint160) {
        uint256 ratioX192 = usdcIsToken0 ? M.fullMulDiv(den, Q192, num) : M.fullMulDiv(num, Q192, den);
        return uint160(M.sqrt(ratioX192));
    }

    /// @notice Price in USD per whole token with 18 decimals (1e18 = $1) at `sqrtPriceX96`, rounded down.
    function priceFromSqrt(uint160 sqrtP, bool usdcIsToken0) internal pure returns (uint256) {
        if (sqrtP == 0) return 0;
        if (usdcIsToken0) {
            // token1 is the launch token: price = 1 / (sqrtP / 2^96)^2 tokens per USDC, inverted.
            return M.fullMulDiv(M.fullMulDiv(Q96, PRICE_SCALE, sqrtP), Q96, sqrtP);
        }
        return M.fullMulDiv(M.fullMulDiv(sqrtP, sqrtP, Q96), PRICE_SCALE, Q96);
    }
}
