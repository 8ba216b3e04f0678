// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Fixture} from "./utils/Fixture.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";

/// @notice Edge cases: 1-wei trades in every mode (on the curve at several supplies, and on V3), selling a whole
/// balance, and selling all but one wei. Each 1-wei trade is told beforehand whether it must fill (from the curve's
/// quote, or what V3 does with one unit): one that must fill and reverts fails the test, and one that must not fill
/// must revert with ZeroAmount. A round trip must never give the trader more than it put in.
contract LaunchpadEdgeTest is Fixture {
    // ================================================================ 1-wei trades on the curve

    function test_buyExactIn_oneUnitOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            for (uint256 k; k < 4; ++k) {
                _advance(token, k);
                _oneUnitBuyExactIn(token);
            }
        }
    }

    function test_buyExactOut_oneWeiOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            for (uint256 k; k < 4; ++k) {
                _advance(token, k);
                _oneWeiBuyExactOut(token);
            }
        }
    }

    function test_sellExactIn_oneWeiOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            for (uint256 k = 1; k < 4; ++k) {
                _advance(token, k);
                _oneWeiSellExactIn(token);
            }
        }
    }

    function test_sellExactOut_oneUnitOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            // from a supply whose cost covers the 2-unit gross (below it: InsufficientReserve, tested elsewhere)
            for (uint256 k = 2; k < 4; ++k) {
                _advance(token, k);
                _oneUnitSellExactOut(token);
            }
        }
    }

    function test_buyExactIn_oneUnitCostsNothingAndGivesNothing() public {
        // net of a 1-unit buy is 1 - ceil(1 * 1%) = 0: no tokens, so the trade reverts rather than take the unit
        address token = _createToken(MEME);
        _fund(alice, 1);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.buyExactIn(token, 1, 0, _deadline(), _none());
        assertEq(usdc.balanceOf(alice), 1, "unit kept");
    }

    function test_sellExactIn_oneWeiRevertsZeroAmount() public {
        // selling 1 wei is worth at most 1 unit gross, all of it fee: nothing to pay out
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.sellExactIn(token, 1, 0, _deadline(), _none());
    }

    // ================================================================ 1-wei trades on V3

    function test_buyExactIn_oneAndTwoUnitsOnV3() public {
        for (uint256 i; i < 4; ++i) {
            address token = _graduated(i);
            _oneUnitBuyExactIn(token); // 1 unit: all fee
            _fund(alice, 2);
            vm.prank(alice);
            // 2 units: 1 unit fee, 1 unit left for V3, which its own fee (rounded up) swallows whole
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.buyExactIn(token, 2, 0, _deadline(), _none());
        }
    }

    function test_buyExactOut_oneWeiOnV3() public {
        for (uint256 i; i < 4; ++i) {
            _oneWeiBuyExactOut(_graduated(i));
        }
    }

    function test_sellExactIn_oneWeiOnV3() public {
        for (uint256 i; i < 4; ++i) {
            address token = _graduated(i);
            vm.prank(bob);
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.sellExactIn(token, 1, 0, _deadline(), _none());
            _oneWeiSellExactIn(token);
        }
    }

    function test_sellExactOut_oneUnitOnV3() public {
        for (uint256 i; i < 4; ++i) {
            _oneUnitSellExactOut(_graduated(i));
        }
    }

    // ================================================================ whole balance, balance - 1

    function test_sellExactIn_wholeBalanceOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            uint256 held = _buyIn(alice, token, 7_777e6);
            uint256 out = _sellIn(alice, token, held);
            assertEq(_bal(token, alice), 0, "nothing left");
            assertLt(out, 7_777e6, "round trip lost the fees");
            ILaunchpad.PoolView memory v = _pool(token);
            assertEq(v.supply, 0, "curve empty");
            assertEq(v.price, CurveMath.price(v.params, 0), "back to the start price");
            // the reserve keeps only rounding dust, which the curve owes nobody
            assertLe(v.reserve, 2, "rounding dust");
            _assertSolvent();
            // and the curve works again from zero
            assertGt(_buyIn(bob, token, 100e6), 0, "buy after emptying");
        }
    }

    function test_sellExactIn_balanceMinusOneOnCurve() public {
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            uint256 held = _buyIn(alice, token, 7_777e6);
            _buyIn(bob, token, 1_000e6);
            _sellIn(alice, token, held - 1);
            assertEq(_bal(token, alice), 1, "one wei left");
            vm.prank(alice);
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.sellExactIn(token, 1, 0, _deadline(), _none());
            _assertSolvent();
        }
    }

    function test_sellExactOut_wholeReserveOnCurve() public {
        // the largest exact-out sell takes gross = the whole curve cost
        address token = _createToken(STARTUP);
        uint256 held = _buyIn(alice, token, 10_000e6);
        ILaunchpad.PoolView memory v = _pool(token);
        uint256 c = CurveMath.cost(v.params, v.supply);
        uint256 maxOut = c - _fee(c, v.params.tradeFeeBps);
        vm.prank(alice);
        uint256 tokensIn = launchpad.sellExactOut(token, maxOut, held, _deadline(), _none());
        assertLe(tokensIn, held, "within the balance");
        assertGe(_pool(token).reserve, CurveMath.cost(v.params, _pool(token).supply), "reserve covers the curve");
        _assertSolvent();
    }

    function test_sellExactIn_wholeBalanceOnV3() public {
        for (uint256 i; i < 4; ++i) {
            address token = _graduated(i);
            uint256 held = _bal(token, bob);
            uint256 out = _sellIn(bob, token, held);
            assertEq(_bal(token, bob), 0, "nothing left");
            assertGt(out, 0, "got USDC");
            _assertSolvent();
        }
    }

    function test_sellExactIn_balanceMinusOneOnV3() public {
        for (uint256 i; i < 4; ++i) {
            address token = _graduated(i);
            uint256 held = _bal(token, bob);
            _sellIn(bob, token, held - 1);
            assertEq(_bal(token, bob), 1, "one wei left");
            vm.prank(bob);
            vm.expectRevert(ILaunchpad.ZeroAmount.selector);
            launchpad.sellExactIn(token, 1, 0, _deadline(), _none());
            _assertSolvent();
        }
    }

    // ================================================================ helpers

    /// @dev Moves the curve to a few characteristic supplies: 0, 1 wei, an odd amount, about half way.
    function _advance(address token, uint256 k) private {
        ILaunchpad.PoolView memory v = _pool(token);
        uint256[4] memory targets = [uint256(0), 1, 123_456_789_012_345_678_901, v.params.migrationSupply / 2];
        if (targets[k] > v.supply) _buyOut(bob, token, targets[k] - v.supply);
    }

    /// @dev A 1-unit buyExactIn: tokens that sell back for at most the unit when the curve quotes any, else
    /// ZeroAmount (always on V3, where the unit is all fee).
    function _oneUnitBuyExactIn(address token) private {
        bool fills = !_onV3(token) && launchpad.quoteBuyExactIn(token, 1).tokenAmount > 0;
        _fund(alice, 1);
        uint256 before = _bal(token, alice);
        vm.prank(alice);
        try launchpad.buyExactIn(token, 1, 0, _deadline(), _none()) returns (uint256 got) {
            assertTrue(fills, "1-unit buyExactIn filled where nothing was quoted");
            assertEq(_bal(token, alice) - before, got, "tokens");
            _assertNoProfitSellingBack(token, got, 1);
        } catch (bytes memory err) {
            assertFalse(fills, "1-unit buyExactIn reverted where the curve quotes tokens");
            assertEq(bytes4(err), ILaunchpad.ZeroAmount.selector, "1-unit buyExactIn reverted otherwise");
        }
        _assertSolvent();
    }

    /// @dev A 1-wei buyExactOut: exactly 1 wei for what the quote says (possibly nothing on the curve, where the
    /// rounded-up cost need not change), and never more back than was paid.
    function _oneWeiBuyExactOut(address token) private {
        _fund(alice, 100);
        uint256 usdcBefore = usdc.balanceOf(alice);
        uint256 before = _bal(token, alice);
        vm.prank(alice);
        // always fills: a buyExactOut names the tokens it takes, and the curve and V3 both have them
        uint256 paid = launchpad.buyExactOut(token, 1, type(uint256).max, _deadline(), _none());
        assertEq(_bal(token, alice) - before, 1, "exactly 1 wei");
        assertEq(usdcBefore - usdc.balanceOf(alice), paid, "paid");
        _assertNoProfitSellingBack(token, 1, paid);
        _assertSolvent();
    }

    /// @dev A 1-wei sellExactIn: some USDC that does not buy the wei back when the curve quotes any, else ZeroAmount
    /// (always on V3, which pays nothing for 1 wei).
    function _oneWeiSellExactIn(address token) private {
        bool fills = !_onV3(token) && launchpad.quoteSellExactIn(token, 1).usdcAmount > 0;
        address seller = _holder(token);
        uint256 usdcBefore = usdc.balanceOf(seller);
        vm.prank(seller);
        try launchpad.sellExactIn(token, 1, 0, _deadline(), _none()) returns (uint256 got) {
            assertTrue(fills, "1-wei sellExactIn filled where nothing was quoted");
            assertEq(usdc.balanceOf(seller) - usdcBefore, got, "USDC");
            _assertNoProfitBuyingBack(token, 1, got);
        } catch (bytes memory err) {
            assertFalse(fills, "1-wei sellExactIn reverted where the curve quotes USDC");
            assertEq(bytes4(err), ILaunchpad.ZeroAmount.selector, "1-wei sellExactIn reverted otherwise");
        }
        _assertSolvent();
    }

    /// @dev A 1-unit sellExactOut: exactly 1 unit for some tokens that cost at least the unit to buy back.
    function _oneUnitSellExactOut(address token) private {
        address seller = _holder(token);
        uint256 usdcBefore = usdc.balanceOf(seller);
        uint256 held = _bal(token, seller);
        vm.prank(seller);
        // always fills: the seller holds plenty and the curve (from supply step 2) or V3 can pay 1 unit
        uint256 tokensIn = launchpad.sellExactOut(token, 1, type(uint256).max, _deadline(), _none());
        assertEq(usdc.balanceOf(seller) - usdcBefore, 1, "exactly 1 unit");
        assertEq(held - _bal(token, seller), tokensIn, "tokens taken");
        assertGt(tokensIn, 0, "paid with tokens");
        _assertNoProfitBuyingBack(token, tokensIn, 1);
        _assertSolvent();
    }

    /// @dev Selling `tokens` right back gives at most `paid`. On the curve it fills exactly when the quote pays
    /// something; on V3 a few wei may be worth nothing, and then it must revert ZeroAmount.
    function _assertNoProfitSellingBack(address token, uint256 tokens, uint256 paid) private {
        if (tokens == 0) return;
        bool onV3 = _onV3(token);
        bool fills = onV3 || launchpad.quoteSellExactIn(token, tokens).usdcAmount > 0;
        uint256 usdcBefore = usdc.balanceOf(alice);
        vm.prank(alice);
        try launchpad.sellExactIn(token, tokens, 0, _deadline(), _none()) returns (uint256 got) {
            assertTrue(fills, "sell back filled where nothing was quoted");
            assertEq(usdc.balanceOf(alice) - usdcBefore, got, "USDC back");
            assertLe(got, paid, "round trip profit");
        } catch (bytes memory err) {
            assertTrue(onV3 || !fills, "sell back reverted where the curve quotes USDC");
            assertEq(bytes4(err), ILaunchpad.ZeroAmount.selector, "sell back reverted otherwise");
        }
    }

    /// @dev Buying `tokens` right back costs at least `got`.
    function _assertNoProfitBuyingBack(address token, uint256 tokens, uint256 got) private {
        _fund(_carol(), 1_000e6);
        vm.prank(_carol());
        // a buyExactOut of tokens that exist always fills
        uint256 paid = launchpad.buyExactOut(token, tokens, type(uint256).max, _deadline(), _none());
        assertGe(paid, got, "round trip profit");
    }

    function _onV3(address token) private view returns (bool) {
        return _pool(token).graduated;
    }

    function _carol() private pure returns (address) {
        return address(0xCA201);
    }

    /// @dev Someone holding tokens: bob moves every curve and graduates every V3 token.
    function _holder(address token) private view returns (address) {
        return _bal(token, bob) > 0 ? bob : alice;
    }

    /// @dev i = 0..3: (meme, startup) x (USDC token0, token1), graduated by bob, who holds the curve's tokens.
    function _graduated(uint256 i) private returns (address token) {
        token = _createTokenOrdered(i < 2 ? MEME : STARTUP, i % 2 == 0);
        _graduate(bob, token);
    }
}
