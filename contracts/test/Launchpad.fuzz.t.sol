// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {Fixture} from "./utils/Fixture.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";

/// @notice Fuzz tests of the four trade modes on the curve, from a random supply, with random attribution: the trade
/// does exactly what the quote view said, rounds for the pool, and leaves the reserve covering the curve. Then round
/// trips (a buy followed by a sell of the same tokens, on the curve and on V3) never profit, and crossing buys
/// always account for every unit.
contract LaunchpadFuzzTest is Fixture {
    address internal meme;
    address internal startup;
    address internal memeV3;
    address internal startupV3;

    function setUp() public override {
        super.setUp();
        meme = _createToken(MEME);
        startup = _createToken(STARTUP);
        memeV3 = _createTokenOrdered(MEME, true);
        startupV3 = _createTokenOrdered(STARTUP, false);
        _graduate(bob, memeV3);
        _graduate(bob, startupV3);
    }

    // ================================================================ each mode matches its quote

    function testFuzz_buyExactIn_matchesQuote(uint256 seed, uint256 pre, uint256 usdcIn, uint256 attr) public {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, pre);
        uint256 s = _pool(token).supply;
        // stay on the curve: one unit short of what reaches the migration supply
        usdcIn = bound(usdcIn, 1, launchpad.quoteBuyExactOut(token, p.migrationSupply - s).usdcAmount - 1);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactIn(token, usdcIn);
        Before memory b = _before(token);
        _fund(alice, usdcIn);

        vm.prank(alice);
        if (q.tokenAmount == 0) {
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.buyExactIn(token, usdcIn, 0, _deadline(), _randomAttr(attr));
            return;
        }
        uint256 out = launchpad.buyExactIn(token, usdcIn, q.tokenAmount, _deadline(), _randomAttr(attr));

        assertEq(out, q.tokenAmount, "tokens = quote");
        assertEq(_bal(token, alice), out, "tokens received");
        assertEq(usdc.balanceOf(alice), 0, "paid usdcIn exactly");
        assertEq(q.fee, _fee(usdcIn, p.tradeFeeBps), "fee rounded up");
        assertLe(CurveMath.cost(p, s + out) - CurveMath.cost(p, s), usdcIn - q.fee, "tokens paid for in full");
        _assertAfter(token, b, int256(out), int256(usdcIn - q.fee), q.fee);
    }

    function testFuzz_buyExactOut_matchesQuote(uint256 seed, uint256 pre, uint256 tokensOut, uint256 attr) public {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, pre);
        uint256 s = _pool(token).supply;
        tokensOut = bound(tokensOut, 1, p.migrationSupply - s - 1);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactOut(token, tokensOut);
        Before memory b = _before(token);
        _fund(alice, q.usdcAmount);

        vm.prank(alice);
        uint256 paid = launchpad.buyExactOut(token, tokensOut, q.usdcAmount, _deadline(), _randomAttr(attr));

        assertEq(paid, q.usdcAmount, "paid = quote");
        assertEq(usdc.balanceOf(alice), 0, "paid exactly that");
        assertEq(_bal(token, alice), tokensOut, "tokens received");
        uint256 net = CurveMath.cost(p, s + tokensOut) - CurveMath.cost(p, s);
        assertEq(paid - q.fee, net, "net = rounded-up cost");
        assertEq(q.fee, _fee(paid, p.tradeFeeBps), "fee rounded up");
        _assertAfter(token, b, int256(tokensOut), int256(net), q.fee);
    }

    function testFuzz_sellExactIn_matchesQuote(uint256 seed, uint256 pre, uint256 tokensIn, uint256 attr) public {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, bound(pre, 1, type(uint256).max));
        uint256 s = _pool(token).supply;
        tokensIn = bound(tokensIn, 1, _bal(token, bob));
        ILaunchpad.CurveQuote memory q = launchpad.quoteSellExactIn(token, tokensIn);
        Before memory b = _before(token);
        uint256 usdcBefore = usdc.balanceOf(bob);

        vm.prank(bob);
        if (q.usdcAmount == 0) {
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.sellExactIn(token, tokensIn, 0, _deadline(), _randomAttr(attr));
            return;
        }
        uint256 out = launchpad.sellExactIn(token, tokensIn, q.usdcAmount, _deadline(), _randomAttr(attr));

        uint256 gross = CurveMath.cost(p, s) - CurveMath.cost(p, s - tokensIn);
        assertEq(out, q.usdcAmount, "USDC = quote");
        assertEq(usdc.balanceOf(bob) - usdcBefore, out, "USDC received");
        assertEq(out + q.fee, gross, "gross = cost difference");
        assertEq(q.fee, _fee(gross, p.tradeFeeBps), "fee rounded up");
        _assertAfter(token, b, -int256(tokensIn), -int256(gross), q.fee);
    }

    function testFuzz_sellExactOut_matchesQuote(uint256 seed, uint256 pre, uint256 usdcOut, uint256 attr) public {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, bound(pre, 1e18, type(uint256).max));
        uint256 s = _pool(token).supply;
        {
            uint256 c = CurveMath.cost(p, s);
            usdcOut = bound(usdcOut, 1, c - _fee(c, p.tradeFeeBps));
        }
        ILaunchpad.CurveQuote memory q = launchpad.quoteSellExactOut(token, usdcOut);
        Before memory b = _before(token);
        uint256 held = _bal(token, bob);
        uint256 usdcBefore = usdc.balanceOf(bob);

        vm.prank(bob);
        uint256 tokensIn = launchpad.sellExactOut(token, usdcOut, q.tokenAmount, _deadline(), _randomAttr(attr));

        uint256 gross = CurveMath.grossUp(usdcOut, p.tradeFeeBps);
        assertEq(tokensIn, q.tokenAmount, "tokens = quote");
        assertEq(usdc.balanceOf(bob) - usdcBefore, usdcOut, "USDC received");
        assertEq(held - _bal(token, bob), tokensIn, "tokens burnt");
        assertEq(q.fee, gross - usdcOut, "fee");
        assertGe(CurveMath.cost(p, s) - CurveMath.cost(p, s - tokensIn), gross, "the burn pays the gross");
        _assertAfter(token, b, -int256(tokensIn), -int256(gross), q.fee);
    }

    // ================================================================ any amount at all

    /// @notice Amounts drawn from the whole uint256 range, in every mode, on the curve and on V3: a trade either fills,
    /// leaving the launchpad solvent and the pool covered, or reverts with one of the launchpad's (or the token's, or
    /// the transfer library's) custom errors, never with a panic, a string or empty data.
    function testFuzz_trade_anyAmountFillsOrRevertsWithCustomError(uint256 seed, uint256 pre, uint8 mode, uint256 amount)
        public
    {
        address token;
        if (seed % 4 < 2) (token,) = _curveAt(seed, pre);
        else token = seed % 4 == 2 ? memeV3 : startupV3;
        _fund(alice, 1_000_000e6);
        _buyIn(alice, token, 10_000e6);
        mode = mode % 4;
        // half the runs spread the amount over every magnitude, so that fills and each kind of revert all occur
        if (seed & 0x100 != 0) amount >>= (seed >> 16) % 256;
        vm.startPrank(alice);
        bytes memory call = mode == 0
            ? abi.encodeCall(launchpad.buyExactIn, (token, amount, 0, _deadline(), _none()))
            : mode == 1
                ? abi.encodeCall(launchpad.buyExactOut, (token, amount, type(uint256).max, _deadline(), _none()))
                : mode == 2
                    ? abi.encodeCall(launchpad.sellExactIn, (token, amount, 0, _deadline(), _none()))
                    : abi.encodeCall(launchpad.sellExactOut, (token, amount, type(uint256).max, _deadline(), _none()));
        (bool ok, bytes memory err) = address(launchpad).call(call);
        vm.stopPrank();
        if (ok) {
            assertLe(amount, launchpad.MAX_AMOUNT(), "filled an amount above MAX_AMOUNT");
            assertTrue(amount > 0, "filled a zero amount");
            if (!_pool(token).graduated) _assertCovered(token);
            _assertSolvent();
            return;
        }
        assertGe(err.length, 4, "reverted without data");
        bytes4 sel = bytes4(err);
        if (amount > launchpad.MAX_AMOUNT()) assertEq(sel, ILaunchpad.AmountTooLarge.selector, "above MAX_AMOUNT");
        if (amount == 0) assertEq(sel, ILaunchpad.ZeroAmount.selector, "zero");
        assertTrue(
            sel == ILaunchpad.AmountTooLarge.selector || sel == ILaunchpad.ZeroAmount.selector
                || sel == ILaunchpad.InsufficientReserve.selector || sel == ILaunchpad.InsufficientLiquidity.selector
                || sel == ILaunchpad.SlippageExceeded.selector || sel == SafeTransferLib.TransferFromFailed.selector
                || sel == SafeTransferLib.TransferFailed.selector || sel == IERC20Errors.ERC20InsufficientBalance.selector,
            string.concat("not a clean custom error: ", vm.toString(uint256(uint32(sel))))
        );
    }

    // ================================================================ round trips never profit

    function testFuzz_buyExactInThenSell_neverProfits(uint256 seed, uint256 pre, uint256 usdcIn, bool exactOut)
        public
    {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, pre);
        uint256 s = _pool(token).supply;
        usdcIn = bound(usdcIn, 2, launchpad.quoteBuyExactOut(token, p.migrationSupply - s).usdcAmount - 1);
        if (launchpad.quoteBuyExactIn(token, usdcIn).tokenAmount == 0) return;
        uint256 got = _buyIn(alice, token, usdcIn);
        uint256 back;
        if (!exactOut) {
            if (launchpad.quoteSellExactIn(token, got).usdcAmount == 0) return; // worth nothing: ZeroAmount
            back = _sellIn(alice, token, got);
        } else {
            // ask for everything the tokens are worth, exact-out
            back = launchpad.quoteSellExactIn(token, got).usdcAmount;
            if (back == 0) return;
            assertLe(_sellOut(alice, token, back), got, "needs no more tokens than were bought");
        }
        assertLt(back, usdcIn, "round trip profit");
        _assertCovered(token);
    }

    function testFuzz_buyExactOutThenSell_neverProfits(uint256 seed, uint256 pre, uint256 tokens) public {
        (address token, ILaunchpad.PoolTypeParams memory p) = _curveAt(seed, pre);
        uint256 s = _pool(token).supply;
        tokens = bound(tokens, 1, p.migrationSupply - s - 1);
        uint256 paid = _buyOut(alice, token, tokens);
        if (launchpad.quoteSellExactIn(token, tokens).usdcAmount == 0) return;
        uint256 back = _sellIn(alice, token, tokens);
        assertLe(back, paid, "round trip profit");
        if (paid > 0) assertLt(back, paid, "fees not paid");
        _assertCovered(token);
    }

    function testFuzz_buyThenSellOnV3_neverProfits(uint256 seed, uint256 usdcIn, uint256 tokens) public {
        address token = seed % 2 == 0 ? memeV3 : startupV3;
        usdcIn = bound(usdcIn, 3, 200_000e6);
        _fund(alice, usdcIn);
        vm.prank(alice);
        uint256 got = launchpad.buyExactIn(token, usdcIn, 0, _deadline(), _none());
        vm.prank(alice);
        try launchpad.sellExactIn(token, got, 0, _deadline(), _none()) returns (uint256 back) {
            assertLt(back, usdcIn, "exact-in round trip profit");
        } catch (bytes memory err) {
            assertEq(bytes4(err), ILaunchpad.ZeroAmount.selector, "sell back reverted otherwise");
        }

        tokens = bound(tokens, 1, 50_000_000e18);
        _fund(alice, _buyOutCost(token, tokens));
        uint256 before = usdc.balanceOf(alice);
        vm.prank(alice);
        uint256 paid = launchpad.buyExactOut(token, tokens, type(uint256).max, _deadline(), _none());
        assertEq(before - usdc.balanceOf(alice), paid, "paid");
        vm.prank(alice);
        try launchpad.sellExactIn(token, tokens, 0, _deadline(), _none()) returns (uint256 back) {
            assertLt(back, paid, "exact-out round trip profit");
        } catch (bytes memory err) {
            assertEq(bytes4(err), ILaunchpad.ZeroAmount.selector, "sell back reverted otherwise");
        }
        _assertSolvent();
    }

    // ================================================================ crossing graduation

    function testFuzz_buyExactIn_crossingGraduationAccountsForEveryUnit(uint256 seed, uint256 pre, uint256 extra)
        public
    {
        address token = _createTokenOrdered(seed % 2 == 0 ? MEME : STARTUP, (seed >> 1) % 2 == 0);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        pre = bound(pre, 0, p.migrationSupply - 1);
        if (pre > 0) _buyOut(bob, token, pre);
        uint256 toGraduation = launchpad.quoteBuyExactOut(token, p.migrationSupply - pre).usdcAmount;
        extra = bound(extra, 0, 100_000e6);
        uint256 usdcIn = toGraduation + extra;
        _fund(alice, usdcIn);

        vm.recordLogs();
        vm.prank(alice);
        uint256 out = launchpad.buyExactIn(token, usdcIn, p.migrationSupply - pre, _deadline(), _none());

        assertTrue(_pool(token).graduated, "graduated");
        assertEq(_bal(token, alice), out, "tokens received");
        uint256 v3Tokens = out - (p.migrationSupply - pre);
        // the remainder is swapped unless it is dust (its fee leaves at most 1 unit), which the trader keeps
        bool dust = extra - _fee(extra, p.tradeFeeBps) <= 1;
        assertEq(usdc.balanceOf(alice), dust ? extra : 0, "USDC left with the trader");
        assertEq(v3Tokens == 0, dust, "V3 leg iff not dust");
        _assertSolvent();
        assertEq(launchpad.totalReserve(), _pool(meme).reserve + _pool(startup).reserve, "totalReserve");
    }

    function testFuzz_buyExactOut_crossingGraduationGivesExactTokens(uint256 seed, uint256 pre, uint256 beyond)
        public
    {
        address token = _createTokenOrdered(seed % 2 == 0 ? MEME : STARTUP, (seed >> 1) % 2 == 0);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        pre = bound(pre, 0, p.migrationSupply - 1);
        if (pre > 0) _buyOut(bob, token, pre);
        beyond = bound(beyond, 0, 100_000_000e18);
        uint256 tokensOut = p.migrationSupply - pre + beyond;
        _fund(alice, _buyOutCost(token, tokensOut));
        uint256 usdcBefore = usdc.balanceOf(alice);

        vm.prank(alice);
        uint256 paid = launchpad.buyExactOut(token, tokensOut, type(uint256).max, _deadline(), _none());

        assertTrue(_pool(token).graduated, "graduated");
        assertEq(_bal(token, alice), tokensOut, "exact tokens");
        assertEq(usdcBefore - usdc.balanceOf(alice), paid, "paid what was returned");
        _assertSolvent();
    }

    // ================================================================ helpers

    struct Before {
        uint256 supply;
        uint256 reserve;
        uint256 totalReserve;
        uint256 totalClaimable;
        uint256 launchpadUsdc;
    }

    /// @dev One of the two curve tokens, moved to a random supply held by bob (leaving at least 1 token of room).
    function _curveAt(uint256 seed, uint256 pre) private returns (address token, ILaunchpad.PoolTypeParams memory p) {
        token = seed % 2 == 0 ? meme : startup;
        p = _pool(token).params;
        pre = bound(pre, 0, p.migrationSupply - 1e18);
        if (pre > 0) _buyOut(bob, token, pre);
    }

    function _randomAttr(uint256 r) private view returns (ILaunchpad.Attribution memory a) {
        if (r & 1 != 0) a.builder = builder;
        if (r & 2 != 0) a.referral = referral;
        a.builderFeeBps = uint16((r >> 2) % 51);
    }

    function _before(address token) private view returns (Before memory b) {
        ILaunchpad.PoolView memory v = _pool(token);
        b.supply = v.supply;
        b.reserve = v.reserve;
        b.totalReserve = launchpad.totalReserve();
        b.totalClaimable = launchpad.totalClaimable();
        b.launchpadUsdc = usdc.balanceOf(address(launchpad));
    }

    function _assertAfter(address token, Before memory b, int256 dSupply, int256 dReserve, uint256 fee) private view {
        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(v.supply, uint256(int256(b.supply) + dSupply), "supply");
        assertEq(v.reserve, uint256(int256(b.reserve) + dReserve), "reserve");
        assertEq(launchpad.totalReserve(), uint256(int256(b.totalReserve) + dReserve), "totalReserve");
        assertEq(launchpad.totalClaimable() - b.totalClaimable, fee, "fee accrued");
        // a buy brings net + fee, a sell pays out gross - fee: either way the reserve's change plus the fee
        assertEq(
            usdc.balanceOf(address(launchpad)), uint256(int256(b.launchpadUsdc) + dReserve + int256(fee)), "launchpad USDC"
        );
        _assertCovered(token);
    }

    function _assertCovered(address token) private view {
        ILaunchpad.PoolView memory v = _pool(token);
        assertGe(v.reserve, CurveMath.cost(v.params, v.supply), "reserve >= cost(supply)");
        _assertSolvent();
    }
}
