// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {Test} from "./utils/Test.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";

/// @notice PriceMath: sqrtPriceX96 and back, in both pair orders.
contract PriceMathTest is Test {
    function test_sqrtPriceX96_ofFinalPrices() public pure {
        for (uint256 i; i < 2; ++i) {
            ILaunchpad.PoolTypeParams memory p = i == 0 ? PoolTypes.meme() : PoolTypes.startupPreseed();
            (uint256 num, uint256 den) = CurveMath.finalPrice(p);
            uint256 expected = CurveMath.price(p, p.migrationSupply);
            for (uint256 o; o < 2; ++o) {
                uint160 sqrtP = PriceMath.sqrtPriceX96(num, den, o == 0);
                assertGt(sqrtP, TickMath.MIN_SQRT_PRICE, "above MIN_SQRT_PRICE");
                assertLt(sqrtP, TickMath.MAX_SQRT_PRICE, "below MAX_SQRT_PRICE");
                assertApproxEqRel(PriceMath.priceFromSqrt(sqrtP, o == 0), expected, 1e9, "round trip within 1e-9");
            }
        }
    }

    function test_priceFromSqrt_zeroIsZero() public pure {
        assertEq(PriceMath.priceFromSqrt(0, true), 0, "token0");
        assertEq(PriceMath.priceFromSqrt(0, false), 0, "token1");
    }

    /// @dev Any price from 1e-18 to 1e6 USDC base units per token wei survives the round trip to within 1e-9.
    function testFuzz_priceFromSqrt_invertsSqrtPriceX96(uint256 num, uint256 den, bool usdcIsToken0) public pure {
        den = bound(den, 1e18, 1e40);
        num = bound(num, den / 1e18 + 1, den * 1e6);
        uint160 sqrtP = PriceMath.sqrtPriceX96(num, den, usdcIsToken0);
        uint256 expected = M.fullMulDiv(num, PriceMath.PRICE_SCALE, den);
        assertApproxEqRel(PriceMath.priceFromSqrt(sqrtP, usdcIsToken0), expected, 1e9, "round trip");
    }
}
