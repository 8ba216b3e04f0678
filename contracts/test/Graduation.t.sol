// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {Fixture} from "./utils/Fixture.sol";
import {PoolAttacker} from "./utils/PoolAttacker.sol";
import {Vm} from "./utils/Test.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";
import {ILaunchTokenFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";

/// @notice Graduation: buys that cross the migration supply, the locked Uniswap V3 position, trading on V3 through the
/// launchpad afterwards, and the pool: pinned from the token's creation, or created early by someone else.
contract GraduationTest is Fixture {
    struct TradeLog {
        ILaunchpad.TradeMode mode;
        ILaunchpad.Venue venue;
        uint256 tokenAmount;
        uint256 usdcAmount;
        ILaunchpad.FeeSplit fees;
    }

    // ================================================================ crossing buys

    function test_buyExactIn_crossingGraduationMeme() public {
        _checkCrossingBuyExactIn(MEME, true, 5_000e6);
        _checkCrossingBuyExactIn(MEME, false, 5_000e6);
    }

    function test_buyExactIn_crossingGraduationStartupPreseed() public {
        _checkCrossingBuyExactIn(STARTUP, true, 25_000e6);
        _checkCrossingBuyExactIn(STARTUP, false, 25_000e6);
    }

    function test_buyExactOut_crossingGraduationMeme() public {
        creationReferral = referral; // the token's referral, named at creation
        _checkCrossingBuyExactOut(MEME, true, 20_000_000e18);
        _checkCrossingBuyExactOut(MEME, false, 20_000_000e18);
    }

    function test_buyExactOut_crossingGraduationStartupPreseed() public {
        creationReferral = referral; // the token's referral, named at creation
        _checkCrossingBuyExactOut(STARTUP, true, 20_000_000e18);
        _checkCrossingBuyExactOut(STARTUP, false, 20_000_000e18);
    }

    function test_buyExactIn_graduatesExactlyWithoutV3Leg() public {
        address token = _createToken(MEME);
        uint256 cost = launchpad.quoteBuyExactOut(token, 800_000_000e18).usdcAmount;
        vm.recordLogs();
        assertEq(_buyIn(alice, token, cost), 800_000_000e18, "all of the curve");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated");
        assertEq(_trades(logs).length, 1, "only the curve leg");
        assertEq(usdc.balanceOf(alice), 0, "spent all");
        _assertGraduatedState(token);
    }

    function test_buyExactIn_crossingGraduationKeepsOneUnitDust() public {
        // 1 unit over the graduation cost: its fee (rounded up) is the whole of it, so it stays with the trader
        address token = _createToken(MEME);
        uint256 cost = launchpad.quoteBuyExactOut(token, 800_000_000e18).usdcAmount;
        assertEq(_buyIn(alice, token, cost + 1), 800_000_000e18, "curve tokens only");
        assertEq(usdc.balanceOf(alice), 1, "dust stays with the trader");
        _assertGraduatedState(token);
    }

    function test_buyExactIn_crossingGraduationWithTwoUnitRemainder() public {
        // 2 units over: 1 unit of fee leaves 1 unit for V3, which its own fee (rounded up) would swallow whole
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            address token = _createToken(t);
            uint256 mig = _pool(token).params.migrationSupply;
            uint256 cost = launchpad.quoteBuyExactOut(token, mig).usdcAmount;
            assertEq(_buyIn(alice, token, cost + 2), mig, "curve tokens only");
            _assertGraduatedState(token);
        }
    }

    function test_buyExactOut_graduatesExactlyWithoutV3Leg() public {
        address token = _createTokenOrdered(STARTUP, false);
        _buyIn(bob, token, 50_000e6);
        uint256 left = _pool(token).params.migrationSupply - _pool(token).supply;
        uint256 cost = launchpad.quoteBuyExactOut(token, left).usdcAmount;
        _fund(alice, cost);
        vm.recordLogs();
        vm.prank(alice);
        assertEq(launchpad.buyExactOut(token, left, cost, _deadline(), _none()), cost, "paid");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated");
        assertEq(_trades(logs).length, 1, "only the curve leg");
        assertEq(_bal(token, alice), left, "tokens");
        _assertGraduatedState(token);
    }

    function test_createToken_initialBuyCanGraduate() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("big first buy"));
        p.initialBuyUsdc = 45_000e6;
        p.minTokensOut = 800_000_000e18;
        p.attribution = _attr(builder, 10, referral);
        _fund(creator, p.initialBuyUsdc);
        vm.recordLogs();
        vm.prank(creator);
        (address token,) = launchpad.createToken(p);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated");
        TradeLog[] memory t = _trades(logs);
        assertEq(t.length, 2, "curve leg + V3 leg");
        assertEq(_bal(token, creator), t[0].tokenAmount + t[1].tokenAmount, "creator holds both legs");
        assertEq(usdc.balanceOf(creator), 0, "spent the whole first buy");
        _assertGraduatedState(token);
    }

    function test_graduate_locksFullRangePositionAtCurvePrice() public {
        address token = _createTokenOrdered(MEME, false);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        _buyIn(bob, token, 10_000e6);
        uint256 reserve = _pool(token).reserve;
        uint256 protocolBefore = launchpad.claimable(protocol);
        uint256 net = CurveMath.cost(p, p.migrationSupply) - CurveMath.cost(p, _pool(token).supply);
        uint256 buyFee = CurveMath.grossUp(net, p.tradeFeeBps) - net;

        vm.recordLogs();
        _buyOut(alice, token, p.migrationSupply - _pool(token).supply);
        Vm.Log[] memory logs = vm.getRecordedLogs();

        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(v.v3Pool, factory.getPool(token, address(usdc), 10_000), "v3Pool is the factory's 1% pool");
        assertEq(npm.ownerOf(v.positionId), address(launchpad), "position locked in the launchpad");
        _assertFullRangePosition(token, v);

        // Graduated(tokenLayerId, token, v3Pool, feeTier, positionId, tokenAmount, usdcAmount, protocolFee, state)
        uint256 usedTokens;
        uint256 usedUsdc;
        uint256 protocolFee;
        {
            uint256 gi = _find(logs, ILaunchpad.Graduated.selector);
            assertEq(logs[gi].topics[3], bytes32(uint256(uint160(v.v3Pool))), "Graduated.v3Pool");
            _checkGraduatedTail(logs[gi].data, v.v3Pool);
            (usedTokens, usedUsdc, protocolFee) = _graduatedAmounts(logs[gi].data, v.positionId);
        }
        assertApproxEqRel(usedUsdc, p.dexReserve, 0.01e18, "USDC in the position");
        assertApproxEqRel(usedTokens, p.dexSupply, 0.01e18, "tokens in the position");
        // the pool holds the position's USDC and the unit or two that bought the seed back on the way up
        uint256 seedUsdc = usdc.balanceOf(v.v3Pool) - usedUsdc;
        assertLe(seedUsdc, 4, "the seed cost a few units of USDC");
        assertEq(protocolFee, reserve + net - seedUsdc - usedUsdc, "leftover reserve goes to the protocol");
        assertEq(
            launchpad.claimable(protocol) - protocolBefore,
            protocolFee + buyFee - buyFee * p.creatorShareBps / BPS,
            "protocol credited"
        );
        // the seed was bought back and burned, but for the wei the pool's rounding kept
        assertLe(
            ILaunchTokenFull(token).totalSupply() - p.migrationSupply - usedTokens,
            4,
            "supply: curve + position + the seed's rounding"
        );
        assertEq(ILaunchTokenFull(token).balanceOf(address(launchpad)), 0, "no tokens left in the launchpad");
        assertApproxEqRel(_v3PriceE36(token), _finalPriceE36(token), 0.0001e18, "price at the curve's final price");
        _assertGraduatedState(token);
    }

    /// @dev The position is the V3 pool's only liquidity: full range at the 1% tier, token and USDC in address order.
    function _assertFullRangePosition(address token, ILaunchpad.PoolView memory v) private view {
        (,, address t0, address t1, uint24 fee, int24 lo, int24 hi, uint128 liq,,,,) = npm.positions(v.positionId);
        assertEq(t0, token < address(usdc) ? token : address(usdc), "token0");
        assertEq(t1, token < address(usdc) ? address(usdc) : token, "token1");
        assertEq(fee, 10_000, "fee tier");
        assertTrue(lo == -887200 && hi == 887200, "full range for tick spacing 200");
        assertGt(liq, 0, "liquidity");
        assertEq(IUniswapV3PoolFull(v.v3Pool).liquidity(), liq, "the only liquidity");
    }

    /// @dev Graduated's fee tier and position id checked; its token, USDC and protocol fee amounts returned.
    function _graduatedAmounts(bytes memory data, uint256 positionId)
        private
        pure
        returns (uint256 usedTokens, uint256 usedUsdc, uint256 protocolFee)
    {
        uint24 tier;
        uint256 id;
        (tier, id, usedTokens, usedUsdc, protocolFee) = abi.decode(data, (uint24, uint256, uint256, uint256, uint256));
        assertEq(tier, 10_000, "Graduated.feeTier");
        assertEq(id, positionId, "Graduated.positionId");
    }

    /// @dev Graduated's state snapshot, tick and liquidity describe the pool right after seeding.
    function _checkGraduatedTail(bytes memory data, address v3Pool) private view {
        (,,,,, ILaunchpad.PoolSnapshot memory state, int24 tick, uint128 liquidity) = abi.decode(
            data, (uint24, uint256, uint256, uint256, uint256, ILaunchpad.PoolSnapshot, int24, uint128)
        );
        (uint160 sqrtP, int24 poolTick,,,,,) = IUniswapV3PoolFull(v3Pool).slot0();
        assertEq(state.sqrtPriceX96, sqrtP, "Graduated.state.sqrtPriceX96");
        assertTrue(tick == poolTick, "Graduated.tick");
        assertEq(liquidity, IUniswapV3PoolFull(v3Pool).liquidity(), "Graduated.liquidity");
        assertEq(state.reserve, 0, "Graduated.state.reserve");
    }

    function test_quoteBuyExactIn_revertsIfAlreadyGraduated() public {
        address token = _createToken(MEME);
        _graduate(alice, token);
        vm.expectRevert(ILaunchpad.AlreadyGraduated.selector);
        launchpad.quoteBuyExactIn(token, 1e6);
        vm.expectRevert(ILaunchpad.AlreadyGraduated.selector);
        launchpad.quoteBuyExactOut(token, 1e18);
        vm.expectRevert(ILaunchpad.AlreadyGraduated.selector);
        launchpad.quoteSellExactIn(token, 1e18);
        vm.expectRevert(ILaunchpad.AlreadyGraduated.selector);
        launchpad.quoteSellExactOut(token, 1e6);
    }

    // ================================================================ trading on V3 through the launchpad

    function test_buyExactIn_onV3AttributesFees() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint256 i; i < 4; ++i) {
            (address token, uint256 tier, uint256 feeBps) = _graduatedToken(i);
            uint256 usdcIn = 1_000e6;
            _fund(alice, usdcIn);
            Snap memory b = _snap(token);
            vm.recordLogs();
            vm.prank(alice);
            uint256 out = launchpad.buyExactIn(token, usdcIn, 1, _deadline(), _attr(builder, 50, referral));
            TradeLog[] memory t = _trades(vm.getRecordedLogs());
            assertEq(t.length, 1, "one V3 leg");
            assertTrue(t[0].venue == ILaunchpad.Venue.UniswapV3, "venue");
            assertEq(t[0].tokenAmount, out, "Trade.tokenAmount");
            assertEq(t[0].usdcAmount, usdcIn, "Trade.usdcAmount");
            uint256 fee = _fee(usdcIn, feeBps);
            _checkV3Fees(b, t[0].fees, fee, usdcIn, feeBps);
            assertEq(usdc.balanceOf(alice), 0, "trader paid exactly usdcIn");
            assertEq(_bal(token, alice), out, "tokens received");
            assertEq(usdc.balanceOf(_pool(token).v3Pool) - b.poolUsdc, usdcIn - fee, "the pool got the rest");
            // what the full-range position gives for usdcIn less our fee, less the pool's fee
            uint256 expected = _fullRangeOut(b.liquidity, b.sqrtP, address(usdc) < token, usdcIn - fee, tier);
            assertApproxEqRel(out, expected, 0.0001e18, "V3 output for the USDC at the pool's price");
            _assertSolvent();
        }
    }

    function test_buyExactOut_onV3AttributesFees() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint256 i; i < 4; ++i) {
            (address token,, uint256 feeBps) = _graduatedToken(i);
            uint256 tokensOut = 3_000_000e18;
            _fund(alice, 10_000e6);
            uint256 usdcBefore = usdc.balanceOf(alice);
            Snap memory b = _snap(token);
            vm.recordLogs();
            vm.prank(alice);
            uint256 paid = launchpad.buyExactOut(token, tokensOut, 10_000e6, _deadline(), _attr(builder, 50, referral));
            TradeLog[] memory t = _trades(vm.getRecordedLogs());
            assertEq(t.length, 1, "one V3 leg");
            assertEq(t[0].tokenAmount, tokensOut, "Trade.tokenAmount");
            assertEq(t[0].usdcAmount, paid, "Trade.usdcAmount");
            assertEq(_bal(token, alice), tokensOut, "exact tokens");
            assertEq(usdcBefore - usdc.balanceOf(alice), paid, "paid");
            uint256 net = usdc.balanceOf(_pool(token).v3Pool) - b.poolUsdc;
            assertEq(paid, CurveMath.grossUp(net, feeBps), "gross = net grossed up by the trade fee");
            _checkV3Fees(b, t[0].fees, paid - net, paid, feeBps);
            _assertSolvent();
        }
    }

    function test_sellExactIn_onV3AttributesFees() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint256 i; i < 4; ++i) {
            (address token,, uint256 feeBps) = _graduatedToken(i);
            uint256 tokensIn = _bal(token, bob) / 4;
            uint256 usdcBefore = usdc.balanceOf(bob);
            Snap memory b = _snap(token);
            vm.recordLogs();
            vm.prank(bob);
            uint256 out = launchpad.sellExactIn(token, tokensIn, 1, _deadline(), _attr(builder, 50, referral));
            TradeLog[] memory t = _trades(vm.getRecordedLogs());
            assertEq(t.length, 1, "one V3 leg");
            assertEq(t[0].tokenAmount, tokensIn, "Trade.tokenAmount");
            assertEq(t[0].usdcAmount, out, "Trade.usdcAmount");
            assertEq(usdc.balanceOf(bob) - usdcBefore, out, "USDC received");
            uint256 gross = b.poolUsdc - usdc.balanceOf(_pool(token).v3Pool);
            assertEq(gross - out, _fee(gross, feeBps), "fee on the gross, rounded up");
            _checkV3Fees(b, t[0].fees, gross - out, gross, feeBps);
            _assertSolvent();
        }
    }

    function test_sellExactOut_onV3AttributesFees() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint256 i; i < 4; ++i) {
            (address token,, uint256 feeBps) = _graduatedToken(i);
            uint256 usdcOut = 700e6;
            uint256 held = _bal(token, bob);
            uint256 usdcBefore = usdc.balanceOf(bob);
            Snap memory b = _snap(token);
            vm.recordLogs();
            vm.prank(bob);
            uint256 tokensIn = launchpad.sellExactOut(token, usdcOut, held, _deadline(), _attr(builder, 50, referral));
            TradeLog[] memory t = _trades(vm.getRecordedLogs());
            assertEq(t.length, 1, "one V3 leg");
            assertEq(t[0].tokenAmount, tokensIn, "Trade.tokenAmount");
            assertEq(usdc.balanceOf(bob) - usdcBefore, usdcOut, "exact USDC");
            assertEq(held - _bal(token, bob), tokensIn, "tokens taken");
            uint256 gross = b.poolUsdc - usdc.balanceOf(_pool(token).v3Pool);
            assertEq(gross, CurveMath.grossUp(usdcOut, feeBps), "gross");
            _checkV3Fees(b, t[0].fees, gross - usdcOut, gross, feeBps);
            _assertSolvent();
        }
    }

    /// @notice On V3 too, builder and referral come out of the fee: the same four trades on two identically
    /// graduated tokens, with and without attribution, cost and give exactly the same.
    function test_trade_onV3TraderPaysSameTotalWithOrWithoutAttribution() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint256 o; o < 2; ++o) {
            address plain = _createTokenOrdered(MEME, o == 0);
            address attributed = _createTokenOrdered(MEME, o == 0);
            _graduate(bob, plain);
            _graduate(bob, attributed);
            for (uint8 m; m < 4; ++m) {
                (uint256 paidA, uint256 gotA) = _v3Trade(plain, ILaunchpad.TradeMode(m), _none());
                (uint256 paidB, uint256 gotB) =
                    _v3Trade(attributed, ILaunchpad.TradeMode(m), _attr(builder, 50, referral));
                assertEq(paidA, paidB, "trader paid a different amount");
                assertEq(gotA, gotB, "trader got a different amount");
                assertEq(_slot0(_pool(plain).v3Pool), _slot0(_pool(attributed).v3Pool), "pools diverged");
            }
        }
        assertGt(launchpad.claimable(builder), 0, "builder earned nothing");
        assertGt(launchpad.claimable(referral), 0, "referral earned nothing");
    }

    /// @dev Bob (who holds the curve's tokens) trades once in `mode`; returns what he gave and what he got.
    function _v3Trade(address token, ILaunchpad.TradeMode mode, ILaunchpad.Attribution memory a)
        private
        returns (uint256 paid, uint256 got)
    {
        _fund(bob, 5_000e6);
        uint256 usdcBefore = usdc.balanceOf(bob);
        uint256 tokensBefore = _bal(token, bob);
        vm.startPrank(bob);
        if (mode == ILaunchpad.TradeMode.BuyExactIn) {
            launchpad.buyExactIn(token, 1_234_567_891, 0, _deadline(), a);
        } else if (mode == ILaunchpad.TradeMode.BuyExactOut) {
            launchpad.buyExactOut(token, 12_345_678e18 + 9, type(uint256).max, _deadline(), a);
        } else if (mode == ILaunchpad.TradeMode.SellExactIn) {
            launchpad.sellExactIn(token, 33_333_333e18 + 1, 0, _deadline(), a);
        } else {
            launchpad.sellExactOut(token, 987_654_321, type(uint256).max, _deadline(), a);
        }
        vm.stopPrank();
        uint256 usdcAfter = usdc.balanceOf(bob);
        uint256 tokensAfter = _bal(token, bob);
        if (uint8(mode) < 2) (paid, got) = (usdcBefore - usdcAfter, tokensAfter - tokensBefore);
        else (paid, got) = (tokensBefore - tokensAfter, usdcAfter - usdcBefore);
    }

    function test_trade_onV3RevertsIfSlippageExceeded() public {
        (address token,,) = _graduatedToken(0);
        _fund(alice, 2_000e6);
        vm.startPrank(alice);
        vm.expectPartialRevert(ILaunchpad.SlippageExceeded.selector);
        launchpad.buyExactIn(token, 1_000e6, 1e30, _deadline(), _none());
        vm.expectPartialRevert(ILaunchpad.SlippageExceeded.selector);
        launchpad.buyExactOut(token, 1e24, 1, _deadline(), _none());
        vm.stopPrank();
        vm.startPrank(bob);
        vm.expectPartialRevert(ILaunchpad.SlippageExceeded.selector);
        launchpad.sellExactIn(token, 1e24, 1e30, _deadline(), _none());
        vm.expectPartialRevert(ILaunchpad.SlippageExceeded.selector);
        launchpad.sellExactOut(token, 100e6, 1, _deadline(), _none());
        vm.stopPrank();
    }

    function test_trade_onV3RevertsIfDeadlineExpired() public {
        (address token,,) = _graduatedToken(1);
        vm.warp(1_000_000);
        vm.startPrank(bob);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, block.timestamp - 1, _none());
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.buyExactOut(token, 1e24, type(uint256).max, block.timestamp - 1, _none());
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.sellExactIn(token, 1e24, 0, block.timestamp - 1, _none());
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.sellExactOut(token, 100e6, type(uint256).max, block.timestamp - 1, _none());
        vm.stopPrank();
    }

    function test_sellExactIn_onV3RevertsIfSellerLacksTokens() public {
        (address token,,) = _graduatedToken(2);
        vm.prank(alice);
        // the swap callback's transferFrom of alice's (missing) tokens fails, and the pool bubbles that up
        vm.expectRevert(SafeTransferLib.TransferFromFailed.selector);
        launchpad.sellExactIn(token, 1e24, 0, _deadline(), _none());
    }

    // ================================================================ a pool created before its token

    /// @notice Someone creates the token's pool before the token exists (its address is predictable) and prices it
    /// anywhere, with no liquidity: createToken moves it to the lowest price for free, and the graduating buy
    /// graduates into it at the curve's final price.
    function test_createToken_takesAnEmptyPoolCreatedEarlyAtAnyPrice() public {
        for (uint256 o; o < 2; ++o) {
            bool usdcIsToken0 = o == 0;
            _checkPrecreatedPool(MEME, usdcIsToken0, _finalSqrtTimes(MEME, usdcIsToken0, 1_000, 1));
            _checkPrecreatedPool(STARTUP, usdcIsToken0, _finalSqrtTimes(STARTUP, usdcIsToken0, 1, 1_000));
            _checkPrecreatedPool(MEME, usdcIsToken0, _finalSqrtTimes(MEME, usdcIsToken0, 1, 1));
            _checkPrecreatedPool(MEME, usdcIsToken0, TickMath.MIN_SQRT_PRICE);
            _checkPrecreatedPool(STARTUP, usdcIsToken0, TickMath.MAX_SQRT_PRICE - 1);
        }
    }

    /// @notice ... and with liquidity in it, USDC only (a position that needs the token cannot exist before it):
    /// moving the price through it would cost launch tokens, so createToken reverts GraduationPoolTaken, nothing is
    /// created, and the creator's next salt gives another token and pool.
    function test_createToken_refusesAPoolCreatedEarlyWithLiquidity() public {
        for (uint256 o; o < 2; ++o) {
            bool usdcIsToken0 = o == 0;
            bytes32 salt = _orderedSalt(usdcIsToken0);
            address token = launchpad.predictTokenAddress(creator, salt, NAME, SYMBOL, URI);
            address pool = factory.createPool(token, address(usdc), launchpad.poolType(MEME).dexFeeTier);
            IUniswapV3PoolFull(pool).initialize(_finalSqrtTimes(MEME, usdcIsToken0, 1, 1));
            // USDC only: above the price when USDC is token0, below it otherwise
            (, int24 tick,,,,,) = IUniswapV3PoolFull(pool).slot0();
            int24 s = IUniswapV3PoolFull(pool).tickSpacing();
            int24 at = (tick / s) * s;
            PoolAttacker att = new PoolAttacker();
            att.setPool(pool);
            usdc.faucet(address(att), 1_000e6);
            if (usdcIsToken0) att.mint(at + 2 * s, at + 4 * s, 1e12);
            else att.mint(at - 4 * s, at - 2 * s, 1e12);

            vm.prank(creator);
            vm.expectRevert(ILaunchpad.GraduationPoolTaken.selector);
            launchpad.createToken(_createParams(MEME, salt));
            assertEq(token.code.length, 0, "no token created");
            address other = _createToken(creator, MEME, keccak256(abi.encode("another salt", o)));
            assertTrue(other != token, "another token");
            assertTrue(_pool(other).v3Pool != pool, "another pool");
            _graduate(bob, other);
            _assertGraduatedState(other);
        }
    }

    /// @notice A token's pool exists from its creation, pinned at the lowest price by the seed: the one position in it,
    /// SEED_LIQUIDITY of launch tokens in the spacing next to that price, owned by the launchpad.
    function test_createToken_pinsThePoolWithTheSeed() public {
        for (uint256 o; o < 2; ++o) {
            bool usdcIsToken0 = o == 0;
            address token = _createTokenOrdered(MEME, usdcIsToken0);
            address pool = _pool(token).v3Pool;
            assertEq(pool, launchpad.graduationPoolOf(token), "the graduation pool");
            assertEq(_slot0(pool), usdcIsToken0 ? TickMath.MAX_SQRT_PRICE - 1 : TickMath.MIN_SQRT_PRICE + 1, "lowest");
            assertEq(IUniswapV3PoolFull(pool).liquidity(), 0, "no liquidity in range at the lowest price");
            uint256 seed = ILaunchTokenFull(token).balanceOf(pool);
            assertGt(seed, 0, "the seed's tokens");
            assertLt(seed, 1e18, "under one token");
            assertEq(ILaunchTokenFull(token).totalSupply(), _pool(token).supply + seed, "supply: the curve's and the seed");
        }
    }

    // ================================================================ helpers: crossing buys

    function _checkCrossingBuyExactIn(uint8 poolType, bool usdcIsToken0, uint256 extra) private {
        address token = _createTokenOrdered(poolType, usdcIsToken0);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        _fillTo(token, p.migrationSupply / 2);
        uint256 curveLeft = p.migrationSupply - _pool(token).supply;
        uint256 toGraduation = launchpad.quoteBuyExactOut(token, curveLeft).usdcAmount;
        uint256 usdcIn = toGraduation + extra;
        {
            ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactIn(token, usdcIn);
            assertTrue(q.graduates, "quote.graduates");
            assertEq(q.tokenAmount, curveLeft, "quote.tokenAmount");
            assertEq(q.usdcAmount, toGraduation, "quote.usdcAmount");
            assertEq(q.remainder, extra, "quote.remainder");
        }
        uint256 builderBefore = launchpad.claimable(builder);

        _fund(alice, usdcIn);
        vm.recordLogs();
        vm.prank(alice);
        uint256 out = launchpad.buyExactIn(token, usdcIn, curveLeft, _deadline(), _attr(builder, 25, referral));
        Vm.Log[] memory logs = vm.getRecordedLogs();

        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated once");
        TradeLog[] memory t = _trades(logs);
        assertEq(t.length, 2, "curve leg + V3 leg");
        assertTrue(t[0].venue == ILaunchpad.Venue.BondingCurve, "first leg on the curve");
        assertTrue(t[1].venue == ILaunchpad.Venue.UniswapV3, "second leg on V3");
        assertTrue(_find(logs, ILaunchpad.Graduated.selector) > _nth(logs, ILaunchpad.Trade.selector, 0), "order");
        assertTrue(_find(logs, ILaunchpad.Graduated.selector) < _nth(logs, ILaunchpad.Trade.selector, 1), "order");
        assertEq(t[0].tokenAmount, curveLeft, "curve leg fills to the migration supply");
        assertEq(t[0].usdcAmount, toGraduation, "curve leg USDC");
        assertEq(t[1].usdcAmount, extra, "V3 leg USDC");
        assertGt(t[1].tokenAmount, 0, "V3 leg tokens");
        assertEq(out, t[0].tokenAmount + t[1].tokenAmount, "curve + V3 tokens");
        assertEq(_bal(token, alice), out, "trader holds both legs");
        assertEq(usdc.balanceOf(alice), 0, "trader spent exactly usdcIn");
        assertEq(
            launchpad.claimable(builder) - builderBefore,
            toGraduation * 25 / BPS + extra * 25 / BPS,
            "builder paid on both legs"
        );
        assertApproxEqRel(
            t[1].tokenAmount,
            _v3BuyAtFinalPrice(token, p, usdcIsToken0, extra),
            0.0001e18,
            "V3 leg at the curve's final price"
        );
        assertGt(_v3PriceE36(token), _finalPriceE36(token), "the V3 buy lifted the price");
        _assertGraduatedState(token);
    }

    /// @dev The tokens a V3 buy of `usdcIn` (its fee included) gets from the fresh full-range position, at the curve's
    /// final price.
    function _v3BuyAtFinalPrice(address token, ILaunchpad.PoolTypeParams memory p, bool usdcIsToken0, uint256 usdcIn)
        private
        view
        returns (uint256)
    {
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        return _fullRangeOut(
            IUniswapV3PoolFull(_pool(token).v3Pool).liquidity(),
            PriceMath.sqrtPriceX96(num, den, usdcIsToken0),
            usdcIsToken0,
            usdcIn - _fee(usdcIn, p.tradeFeeBps),
            p.dexFeeTier
        );
    }

    function _checkCrossingBuyExactOut(uint8 poolType, bool usdcIsToken0, uint256 beyond) private {
        address token = _createTokenOrdered(poolType, usdcIsToken0);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        _fillTo(token, p.migrationSupply / 3);
        uint256 s = _pool(token).supply;
        uint256 tokensOut = p.migrationSupply - s + beyond;
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactOut(token, tokensOut);
        assertTrue(q.graduates, "quote.graduates");
        assertEq(q.remainder, beyond, "quote.remainder");
        uint256 budget = q.usdcAmount + M.fullMulDiv(beyond, _finalPriceE36(token), E36) * 12 / 10;
        _fund(alice, budget);
        uint256 usdcBefore = usdc.balanceOf(alice);
        uint256 referralBefore = launchpad.claimable(referral);

        vm.recordLogs();
        vm.prank(alice);
        uint256 paid = launchpad.buyExactOut(token, tokensOut, budget, _deadline(), _attr(address(0), 0, referral));
        Vm.Log[] memory logs = vm.getRecordedLogs();

        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated once");
        TradeLog[] memory t = _trades(logs);
        assertEq(t.length, 2, "curve leg + V3 leg");
        assertEq(t[0].tokenAmount, p.migrationSupply - s, "curve leg");
        assertEq(t[0].usdcAmount, q.usdcAmount, "curve leg USDC = quote");
        assertEq(t[1].tokenAmount, beyond, "V3 leg");
        assertEq(paid, t[0].usdcAmount + t[1].usdcAmount, "paid = both legs");
        assertEq(usdcBefore - usdc.balanceOf(alice), paid, "trader paid what was returned");
        assertEq(_bal(token, alice), tokensOut, "trader got exactly tokensOut");
        uint256 fees = _sum(t[0].fees) + _sum(t[1].fees);
        assertEq(
            launchpad.claimable(referral) - referralBefore,
            t[0].fees.referral + t[1].fees.referral,
            "referral paid on both legs"
        );
        assertEq(t[1].fees.referral, _sum(t[1].fees) * 2_000 / BPS, "referral share of the V3 leg");
        assertGt(fees, 0, "fees");
        _assertGraduatedState(token);
    }

    // ================================================================ helpers: pre-created pools

    /// @dev Creates the pool of the next ordered token before the token, at `sqrtP`, then the token; then graduates
    /// it and checks the pool was pinned and is at the curve's final price after.
    function _checkPrecreatedPool(uint8 poolType, bool usdcIsToken0, uint160 sqrtP) private {
        bytes32 salt = _orderedSalt(usdcIsToken0);
        address predicted = launchpad.predictTokenAddress(creator, salt, NAME, SYMBOL, URI);
        address pool = factory.createPool(predicted, address(usdc), launchpad.poolType(poolType).dexFeeTier);
        IUniswapV3PoolFull(pool).initialize(sqrtP);
        address token = _createToken(creator, poolType, salt);
        assertEq(token, predicted, "the predicted token");
        assertEq(_pool(token).v3Pool, pool, "the pool created early");
        assertEq(_slot0(pool), usdcIsToken0 ? TickMath.MAX_SQRT_PRICE - 1 : TickMath.MIN_SQRT_PRICE + 1, "pinned");

        uint256 left = _pool(token).params.migrationSupply - _pool(token).supply;
        vm.recordLogs();
        uint256 bought = _graduate(bob, token);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(bought, left, "graduating buyer's curve tokens");
        assertEq(_count(logs, ILaunchpad.Graduated.selector), 1, "Graduated once");
        assertApproxEqRel(_v3PriceE36(token), _finalPriceE36(token), 0.01e18, "pool price at the curve's");
        assertEq(
            _pool(token).price, PriceMath.priceFromSqrt(_slot0(pool), usdcIsToken0), "getPool.price reads slot0"
        );
        // getPool's price is USD per whole token with 18 decimals, i.e. base units per token wei scaled by 1e30
        assertApproxEqRel(_pool(token).price * 1e6, _finalPriceE36(token), 0.01e18, "getPool.price");
        _assertGraduatedState(token);
    }

    /// @dev sqrtPriceX96 of `num/den` times a pool type's final price.
    function _finalSqrtTimes(uint8 poolType, bool usdcIsToken0, uint256 num, uint256 den) private view returns (uint160) {
        (uint256 fNum, uint256 fDen) = CurveMath.finalPrice(launchpad.poolType(poolType));
        return PriceMath.sqrtPriceX96(fNum * num, fDen * den, usdcIsToken0);
    }

    // ================================================================ helpers: state, logs

    struct Snap {
        uint256 builder;
        uint256 referral;
        uint256 creator;
        uint256 protocol;
        uint256 launchpadUsdc;
        uint256 poolUsdc;
        uint160 sqrtP;
        uint128 liquidity;
    }

    function _snap(address token) private view returns (Snap memory b) {
        b.builder = launchpad.claimable(builder);
        b.referral = launchpad.claimable(referral);
        b.creator = launchpad.claimable(creator);
        b.protocol = launchpad.claimable(protocol);
        b.launchpadUsdc = usdc.balanceOf(address(launchpad));
        b.poolUsdc = usdc.balanceOf(_pool(token).v3Pool);
        b.sqrtP = _slot0(_pool(token).v3Pool);
        b.liquidity = IUniswapV3PoolFull(_pool(token).v3Pool).liquidity();
    }

    /// @dev Tokens out of a full-range position of liquidity `L` at `sqrtP` for `usdcIn` (before the pool's fee of
    /// `tierPpm`): the constant-product formula on the position's virtual reserves.
    function _fullRangeOut(uint256 L, uint160 sqrtP, bool usdcIsToken0, uint256 usdcIn, uint256 tierPpm)
        private
        pure
        returns (uint256)
    {
        uint256 q96 = 1 << 96;
        uint256 x = usdcIsToken0 ? M.fullMulDiv(L, q96, sqrtP) : M.fullMulDiv(L, sqrtP, q96);
        uint256 y = usdcIsToken0 ? M.fullMulDiv(L, sqrtP, q96) : M.fullMulDiv(L, q96, sqrtP);
        uint256 d = usdcIn * (1e6 - tierPpm) / 1e6;
        return M.fullMulDiv(y, d, x + d);
    }

    /// @dev A graduated token: i = 0..3 is (meme, startup) x (USDC token0, token1). Bob holds curve tokens.
    function _graduatedToken(uint256 i) private returns (address token, uint256 tierPpm, uint256 feeBps) {
        token = _createTokenOrdered(i < 2 ? MEME : STARTUP, i % 2 == 0);
        _graduate(bob, token);
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        return (token, p.dexFeeTier, p.tradeFeeBps);
    }

    function _checkV3Fees(Snap memory b, ILaunchpad.FeeSplit memory f, uint256 fee, uint256 base, uint256 feeBps)
        private
        view
    {
        assertEq(_sum(f), fee, "FeeSplit sums to the fee");
        assertEq(fee, _fee(base, feeBps), "fee = tradeFeeBps of the base, rounded up");
        uint256 room = fee - f.creator - f.referral;
        uint256 builderCut = base * 50 / BPS < room ? base * 50 / BPS : room;
        assertEq(f.builder, builderCut, "builder cut");
        assertEq(f.referral, fee * 2_000 / BPS, "referral share");
        assertEq(launchpad.claimable(builder) - b.builder, f.builder, "builder claimable");
        assertEq(launchpad.claimable(referral) - b.referral, f.referral, "referral claimable");
        assertEq(launchpad.claimable(creator) - b.creator, f.creator, "creator claimable");
        assertEq(launchpad.claimable(protocol) - b.protocol, f.protocol, "protocol claimable");
        assertEq(usdc.balanceOf(address(launchpad)) - b.launchpadUsdc, fee, "the launchpad kept exactly the fee");
    }

    function _assertGraduatedState(address token) internal view {
        ILaunchpad.PoolView memory v = _pool(token);
        assertTrue(v.graduated, "graduated");
        assertEq(v.reserve, 0, "no curve reserve left");
        assertEq(v.progressBps, BPS, "progress 100%");
        assertTrue(v.v3Pool != address(0), "v3Pool");
        assertEq(v.supply, ILaunchTokenFull(token).totalSupply(), "supply is the total supply");
        assertEq(ILaunchTokenFull(token).balanceOf(address(launchpad)), 0, "launchpad holds no tokens");
        _assertSolvent();
    }

    function _slot0(address pool) private view returns (uint160 sqrtP) {
        (sqrtP,,,,,,) = IUniswapV3PoolFull(pool).slot0();
    }

    function _sum(ILaunchpad.FeeSplit memory f) private pure returns (uint256) {
        return f.protocol + f.creator + f.referral + f.builder;
    }

    function _count(Vm.Log[] memory logs, bytes32 topic) private view returns (uint256 n) {
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(launchpad) && logs[i].topics[0] == topic) ++n;
        }
    }

    function _nth(Vm.Log[] memory logs, bytes32 topic, uint256 k) private view returns (uint256) {
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(launchpad) && logs[i].topics[0] == topic) {
                if (k == 0) return i;
                --k;
            }
        }
        revert("log not found");
    }

    function _find(Vm.Log[] memory logs, bytes32 topic) private view returns (uint256) {
        return _nth(logs, topic, 0);
    }

    function _trades(Vm.Log[] memory logs) private view returns (TradeLog[] memory t) {
        t = new TradeLog[](_count(logs, ILaunchpad.Trade.selector));
        for (uint256 k; k < t.length; ++k) {
            Vm.Log memory l = logs[_nth(logs, ILaunchpad.Trade.selector, k)];
            (t[k].mode, t[k].venue, t[k].tokenAmount, t[k].usdcAmount, t[k].fees,,) = abi.decode(
                l.data,
                (
                    ILaunchpad.TradeMode,
                    ILaunchpad.Venue,
                    uint256,
                    uint256,
                    ILaunchpad.FeeSplit,
                    ILaunchpad.Attribution,
                    ILaunchpad.PoolSnapshot
                )
            );
        }
    }
}
