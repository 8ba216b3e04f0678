// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {Test} from "./utils/Test.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";

/// @notice CurveMath and the registered pool types: known answers (computed off-chain with Python's exact integers
/// from the same closed forms), and the rounding properties every step must keep: reserves up, supplies down, fees
/// up, and no trade ever leaving the reserve short of the curve's cost.
contract CurveMathTest is Test {
    uint256 internal constant BPS = 10_000;

    // ================================================================ pool types

    function test_meme_matchesDocumentedFigures() public pure {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        assertEq(CurveMath.price(p, 0), 0.00001e18, "starts at $0.00001");
        assertEq(CurveMath.price(p, p.migrationSupply), 0.00009e18, "graduates at $0.00009");
        assertEq(CurveMath.cost(p, p.migrationSupply), 40_000e6, "raises $40,000");
        assertEq(p.dexReserve, 38_000e6, "seeds $38,000");
        assertEq(p.dexSupply, 422222222222222222222222222, "dexSupply at the final price");
        assertEq(p.dexFeeTier, 10_000, "1% pool");
        assertEq(p.tradeFeeBps, 100, "1% trade fee");
    }

    function test_startupPreseed_matchesDocumentedFigures() public pure {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.startupPreseed();
        assertEq(CurveMath.price(p, 0), 0.0002e18, "starts at $0.0002");
        assertEq(CurveMath.price(p, p.migrationSupply), 0.0008e18, "graduates at $0.0008");
        assertEq(CurveMath.cost(p, p.migrationSupply), 300_000e6, "raises $300,000");
        assertEq(p.dexReserve, 285_000e6, "seeds $285,000");
        assertEq(p.dexSupply, 356250000000000000000000000, "dexSupply at the final price");
        assertEq(p.dexFeeTier, 3_000, "0.3% pool");
        assertEq(p.tradeFeeBps, 150, "1.5% trade fee");
    }

    function test_finalPrice_isThePriceAtMigrationSupply() public pure {
        for (uint256 i; i < 2; ++i) {
            ILaunchpad.PoolTypeParams memory p = i == 0 ? PoolTypes.meme() : PoolTypes.startupPreseed();
            (uint256 num, uint256 den) = CurveMath.finalPrice(p);
            assertEq(M.fullMulDiv(num, CurveMath.PRICE_SCALE, den), CurveMath.price(p, p.migrationSupply), "final");
        }
    }

    // ================================================================ known answers (Python, exact integers)

    function test_buyExactIn_knownAnswers() public pure {
        uint256 s = 123_456_789e18 + 7;
        _eq(CurveMath.buyExactIn(PoolTypes.meme(), s, 777_777_777), 32146294979829946025989978, 777_777_777, 7_777_778, 0, false);
        _eq(
            CurveMath.buyExactIn(PoolTypes.startupPreseed(), s, 777_777_777),
            2359902671866314160982703,
            777_777_777,
            11_666_667,
            0,
            false
        );
        _eq(CurveMath.buyExactIn(PoolTypes.meme(), s, 1e12), 676543210999999999999999993, 38387225427, 383872255, 961612774573, true);
        _eq(
            CurveMath.buyExactIn(PoolTypes.startupPreseed(), s, 1e12),
            476543210999999999999999993,
            271764317588,
            4076464764,
            728235682412,
            true
        );
    }

    function test_buyExactOut_knownAnswers() public pure {
        uint256 s = 123_456_789e18 + 7;
        uint256 t = 31_415_926e18 + 5;
        _eq(CurveMath.buyExactOut(PoolTypes.meme(), s, t), t, 758947692, 7589477, 0, false);
        _eq(CurveMath.buyExactOut(PoolTypes.startupPreseed(), s, t), t, 10817436295, 162261545, 0, false);
    }

    function test_sellExactIn_knownAnswers() public pure {
        uint256 s = 123_456_789e18 + 7;
        uint256 t = 100_000_000e18 + 3;
        _eq(CurveMath.sellExactIn(PoolTypes.meme(), s, t), t, 1717222211, 17345679, 0, false);
        _eq(CurveMath.sellExactIn(PoolTypes.startupPreseed(), s, t), t, 26935493716, 410185184, 0, false);
    }

    function test_sellExactOut_knownAnswers() public pure {
        uint256 s = 123_456_789e18 + 7;
        _eq(CurveMath.sellExactOut(PoolTypes.meme(), s, 1234567891), 65367665148926677657405318, 1234567891, 12470383, 0, false);
        _eq(
            CurveMath.sellExactOut(PoolTypes.startupPreseed(), s, 1234567891),
            3898410114388552792547408,
            1234567891,
            18800527,
            0,
            false
        );
    }

    // ================================================================ rounding properties

    function testFuzz_supplyAt_invertsReserveAt(uint256 seed, uint256 rv) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        rv = bound(rv, p.virtualReserve, CurveMath.reserveAt(p.virtualSupply + p.migrationSupply, p.virtualSupply, p.virtualReserve));
        uint256 S = CurveMath.supplyAt(rv, p.virtualSupply, p.virtualReserve);
        assertLe(CurveMath.reserveAt(S, p.virtualSupply, p.virtualReserve), rv, "reserveAt(supplyAt(R)) <= R");
        assertGt(CurveMath.reserveAt(S + 1, p.virtualSupply, p.virtualReserve), rv, "largest such supply");
    }

    function testFuzz_cost_isMonotoneAndStartsAtZero(uint256 seed, uint256 a, uint256 b) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        a = bound(a, 0, p.migrationSupply);
        b = bound(b, a, p.migrationSupply);
        assertEq(CurveMath.cost(p, 0), 0, "cost(0)");
        assertLe(CurveMath.cost(p, a), CurveMath.cost(p, b), "monotone");
        // never below the exact integral R0 * ((S0+s)^2 - S0^2) / S0^2
        uint256 S0 = p.virtualSupply;
        assertGe(CurveMath.cost(p, b), M.fullMulDiv(p.virtualReserve, (2 * S0 + b) * b, S0 * S0), "rounded up");
    }

    function testFuzz_feeOf_roundsUp(uint256 gross, uint256 feeBps) public pure {
        gross = bound(gross, 0, 1e30);
        feeBps = bound(feeBps, 0, BPS - 1);
        uint256 fee = CurveMath.feeOf(gross, feeBps);
        assertGe(fee * BPS, gross * feeBps, "at least the exact fee");
        assertLt(fee * BPS, gross * feeBps + BPS, "less than one unit over");
    }

    function testFuzz_grossUp_isSmallestGrossCoveringNet(uint256 net, uint256 feeBps) public pure {
        net = bound(net, 0, 1e30);
        feeBps = bound(feeBps, 50, 500);
        uint256 g = CurveMath.grossUp(net, feeBps);
        assertGe(g - CurveMath.feeOf(g, feeBps), net, "covers net");
        if (g > 0) assertLt(g - 1 - CurveMath.feeOf(g - 1, feeBps), net, "smallest");
        assertEq(g - net, CurveMath.feeOf(g, feeBps), "the fee of the gross is exactly the gross-up");
    }

    function testFuzz_buyExactIn_givesMostTokensTheNetPays(uint256 seed, uint256 s, uint256 usdcIn) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        s = bound(s, 0, p.migrationSupply - 1);
        usdcIn = bound(usdcIn, 1, CurveMath.cost(p, p.migrationSupply) * 2);
        ILaunchpad.CurveQuote memory q = CurveMath.buyExactIn(p, s, usdcIn);
        uint256 net = q.usdcAmount - q.fee;
        assertEq(q.fee, CurveMath.feeOf(q.usdcAmount, p.tradeFeeBps), "fee rounded up");
        assertEq(q.usdcAmount + q.remainder, usdcIn, "nothing lost");
        assertLe(CurveMath.cost(p, s + q.tokenAmount) - CurveMath.cost(p, s), net, "net pays for the tokens");
        if (q.graduates) {
            assertEq(s + q.tokenAmount, p.migrationSupply, "fills to the migration supply");
            assertEq(q.usdcAmount, CurveMath.grossUp(CurveMath.cost(p, p.migrationSupply) - CurveMath.cost(p, s), p.tradeFeeBps), "gross");
        } else {
            assertEq(q.remainder, 0, "no remainder");
            assertLt(s + q.tokenAmount, p.migrationSupply, "below the migration supply");
            assertGt(CurveMath.cost(p, s + q.tokenAmount + 1) - CurveMath.cost(p, s), net, "one more wei costs more");
        }
    }

    function testFuzz_buyExactOut_chargesTheRoundedUpCost(uint256 seed, uint256 s, uint256 tokensOut) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        s = bound(s, 0, p.migrationSupply - 1);
        tokensOut = bound(tokensOut, 1, p.migrationSupply * 2);
        ILaunchpad.CurveQuote memory q = CurveMath.buyExactOut(p, s, tokensOut);
        assertEq(q.tokenAmount + q.remainder, tokensOut, "split");
        assertEq(q.graduates, s + tokensOut >= p.migrationSupply, "graduates");
        assertEq(q.usdcAmount - q.fee, CurveMath.cost(p, s + q.tokenAmount) - CurveMath.cost(p, s), "net = cost");
        assertEq(q.fee, CurveMath.feeOf(q.usdcAmount, p.tradeFeeBps), "fee rounded up");
    }

    function testFuzz_sellExactIn_paysTheCostDifferenceLessFee(uint256 seed, uint256 s, uint256 tokensIn) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        s = bound(s, 1, p.migrationSupply - 1);
        tokensIn = bound(tokensIn, 1, s);
        ILaunchpad.CurveQuote memory q = CurveMath.sellExactIn(p, s, tokensIn);
        uint256 gross = q.usdcAmount + q.fee;
        assertEq(gross, CurveMath.cost(p, s) - CurveMath.cost(p, s - tokensIn), "gross");
        assertEq(q.fee, CurveMath.feeOf(gross, p.tradeFeeBps), "fee rounded up");
        // what stays covers the curve: the reserve drops by exactly the cost difference
        assertGe(CurveMath.cost(p, s) - gross, CurveMath.cost(p, s - tokensIn), "reserve covers the rest");
    }

    function testFuzz_sellExactOut_burnsTheFewestTokensThatPay(uint256 seed, uint256 s, uint256 usdcOut) public pure {
        ILaunchpad.PoolTypeParams memory p = _type(seed);
        s = bound(s, 1e18, p.migrationSupply - 1);
        uint256 c = CurveMath.cost(p, s);
        vm.assume(c > CurveMath.grossUp(1, p.tradeFeeBps));
        usdcOut = bound(usdcOut, 1, c - CurveMath.feeOf(c, p.tradeFeeBps));
        ILaunchpad.CurveQuote memory q = CurveMath.sellExactOut(p, s, usdcOut);
        uint256 gross = CurveMath.grossUp(usdcOut, p.tradeFeeBps);
        assertEq(q.usdcAmount, usdcOut, "usdcAmount");
        assertEq(q.fee, gross - usdcOut, "fee");
        assertLe(q.tokenAmount, s, "within the supply");
        assertGe(c - CurveMath.cost(p, s - q.tokenAmount), gross, "the burn pays the gross");
        assertLt(c - CurveMath.cost(p, s - q.tokenAmount + 1), gross, "one wei fewer would not");
    }

    function test_sellExactIn_revertsIfInsufficientReserve() public {
        vm.expectRevert(ILaunchpad.InsufficientReserve.selector);
        this.sellExactIn(PoolTypes.meme(), 100, 101);
    }

    function test_sellExactOut_revertsIfInsufficientReserve() public {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        uint256 s = 1_000_000e18;
        uint256 c = CurveMath.cost(p, s);
        this.sellExactOut(p, s, c - CurveMath.feeOf(c, p.tradeFeeBps)); // the most it can pay
        vm.expectRevert(ILaunchpad.InsufficientReserve.selector);
        this.sellExactOut(p, s, c);
    }

    function testFuzz_progressBps_roundsDownAndCaps(uint256 s) public pure {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        s = bound(s, 0, p.migrationSupply * 2);
        uint256 progress = CurveMath.progressBps(p, s);
        assertLe(progress, BPS, "capped");
        if (s < p.migrationSupply) assertEq(progress, s * BPS / p.migrationSupply, "rounded down");
    }

    // ================================================================ external wrappers, so reverts happen a call deep

    function sellExactIn(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 tokensIn)
        external
        pure
        returns (ILaunchpad.CurveQuote memory)
    {
        return CurveMath.sellExactIn(p, s, tokensIn);
    }

    function sellExactOut(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 usdcOut)
        external
        pure
        returns (ILaunchpad.CurveQuote memory)
    {
        return CurveMath.sellExactOut(p, s, usdcOut);
    }

    // ================================================================ helpers

    function _type(uint256 seed) private pure returns (ILaunchpad.PoolTypeParams memory) {
        return seed % 2 == 0 ? PoolTypes.meme() : PoolTypes.startupPreseed();
    }

    function _eq(
        ILaunchpad.CurveQuote memory q,
        uint256 tokenAmount,
        uint256 usdcAmount,
        uint256 fee,
        uint256 remainder,
        bool graduates
    ) private pure {
        assertEq(q.tokenAmount, tokenAmount, "tokenAmount");
        assertEq(q.usdcAmount, usdcAmount, "usdcAmount");
        assertEq(q.fee, fee, "fee");
        assertEq(q.remainder, remainder, "remainder");
        assertEq(q.graduates, graduates, "graduates");
    }
}
