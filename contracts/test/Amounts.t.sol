// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Fixture} from "./utils/Fixture.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";

/// @notice Amounts no trade can have. `-int256(x)` and `int256(x)` wrap for x >= 2^255: a buyExactOut of such an
/// amount executed as an exact-in, and Trade events reported amounts near 1e77. Every mode, on the curve and on V3,
/// now refuses any amount above MAX_AMOUNT (2^128 - 1) with AmountTooLarge.
contract AmountsTest is Fixture {
    address internal onCurve;
    address internal onV3;

    function setUp() public override {
        super.setUp();
        onCurve = _createToken(MEME);
        _buyIn(alice, onCurve, 1_000e6);
        onV3 = _createToken(MEME);
        _graduate(alice, onV3);
        _fund(alice, 1_000_000e6);
    }

    function test_trade_revertsAt2Pow255InEveryMode() public {
        uint256[3] memory amounts = [uint256(1) << 255, (uint256(1) << 255) + 1, type(uint256).max];
        for (uint256 i; i < amounts.length; ++i) {
            _expectTooLarge(onCurve, amounts[i]);
            _expectTooLarge(onV3, amounts[i]);
        }
    }

    function test_createToken_revertsIfInitialBuyTooLarge() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("huge"));
        p.initialBuyUsdc = uint256(1) << 255;
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.AmountTooLarge.selector);
        launchpad.createToken(p);
    }

    /// @notice Across the whole uint256 range above MAX_AMOUNT, every mode on both venues reverts with AmountTooLarge.
    function testFuzz_trade_revertsAboveMaxAmount(uint256 amount) public {
        amount = bound(amount, launchpad.MAX_AMOUNT() + 1, type(uint256).max);
        _expectTooLarge(onCurve, amount);
        _expectTooLarge(onV3, amount);
    }

    function _expectTooLarge(address token, uint256 amount) private {
        vm.startPrank(alice);
        vm.expectRevert(ILaunchpad.AmountTooLarge.selector);
        launchpad.buyExactIn(token, amount, 0, _deadline(), _none());
        vm.expectRevert(ILaunchpad.AmountTooLarge.selector);
        launchpad.buyExactOut(token, amount, type(uint256).max, _deadline(), _none());
        vm.expectRevert(ILaunchpad.AmountTooLarge.selector);
        launchpad.sellExactIn(token, amount, 0, _deadline(), _none());
        vm.expectRevert(ILaunchpad.AmountTooLarge.selector);
        launchpad.sellExactOut(token, amount, type(uint256).max, _deadline(), _none());
        vm.stopPrank();
    }
}
