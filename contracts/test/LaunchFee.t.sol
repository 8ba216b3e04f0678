// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Fixture} from "./utils/Fixture.sol";
import {Vm} from "./utils/Test.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {FeeMath} from "../src/libraries/FeeMath.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";

/// @notice The launch fee, played as the sniper it is for: a bot that buys a token in its first block, or its first
/// seconds, pays the schedule (80% falling to the trade fee over 30 s), and nobody (the creator and approved
/// attributors included) gets any of what it pays above the trade fee back. Before the launch fee, the first block's
/// buyer paid the ordinary 1%: the tests marked "attack" fail against those contracts.
contract LaunchFeeTest is Fixture {
    uint256 internal constant START_BPS = 8_000;
    uint256 internal constant WINDOW = 30;

    address internal sniper;

    function setUp() public override {
        launchFeeKept = true;
        super.setUp();
        sniper = makeAddr("sniper");
    }

    /// @dev The curve buy of `usdcIn` at `feeBps` on a fresh `poolType` curve: what the launchpad must give.
    function _curveBuyAt(uint8 poolType, uint256 supply, uint256 usdcIn, uint256 feeBps)
        internal
        view
        returns (ILaunchpad.CurveQuote memory)
    {
        ILaunchpad.PoolTypeParams memory p = launchpad.poolType(poolType);
        p.tradeFeeBps = uint16(feeBps);
        return CurveMath.buyExactIn(p, supply, usdcIn);
    }

    // ================================================================ the sniper pays the schedule

    /// @dev attack: a bot buys in the token's creation block and pays 80%, not 1%.
    function test_attack_sniperInTheCreationBlock_paysTheStartFee() public {
        address token = _createToken(MEME);
        uint256 got = _buyIn(sniper, token, 10_000e6);
        ILaunchpad.CurveQuote memory q = _curveBuyAt(MEME, 0, 10_000e6, START_BPS);
        assertEq(got, q.tokenAmount, "tokens at the start fee");
        assertEq(q.fee, _fee(10_000e6, START_BPS), "80% of the buy is fee");
        assertLt(got, _curveBuyAt(MEME, 0, 10_000e6, 100).tokenAmount / 2, "not half the tokens 1% would give");
    }

    /// @dev attack: a few blocks in, still far above the trade fee; the schedule is a straight line, rounded up.
    function test_attack_sniperAfterTenSeconds_paysTheScheduleOfItsBlock() public {
        address token = _createToken(MEME);
        vm.warp(block.timestamp + 10);
        uint256 expectedBps = 100 + ((START_BPS - 100) * 20 + WINDOW - 1) / WINDOW; // 5,367
        assertEq(_pool(token).feeBps, expectedBps, "fee of this block");
        uint256 got = _buyIn(sniper, token, 1_000e6);
        assertEq(got, _curveBuyAt(MEME, 0, 1_000e6, expectedBps).tokenAmount, "tokens at the fee of its block");
    }

    function test_schedule_fallsInAStraightLineToTheTradeFee_andStaysThere() public {
        address token = _createToken(STARTUP);
        // not block.timestamp: under via-IR a read of it may not see a later vm.warp
        uint256 created = _pool(token).createdAt;
        uint256 base = 150;
        uint256 before = START_BPS;
        for (uint256 t; t <= WINDOW + 5; ++t) {
            vm.warp(created + t);
            uint256 want = t >= WINDOW ? base : base + ((START_BPS - base) * (WINDOW - t) + WINDOW - 1) / WINDOW;
            uint256 bps = _pool(token).feeBps;
            assertEq(bps, want, "fee at t");
            assertLe(bps, before, "never rises");
            before = bps;
        }
        vm.warp(created + 365 days);
        assertEq(_pool(token).feeBps, base, "the trade fee for good");
    }

    function test_sellInTheWindow_paysTheFeeOfItsBlock() public {
        address token = _createToken(MEME);
        vm.warp(block.timestamp + WINDOW); // buy at the trade fee
        uint256 tokens = _buyIn(alice, token, 1_000e6);
        // a second token, whose window is open, sold into at once
        address fresh;
        uint256 freshTokens;
        {
            ILaunchpad.CreateTokenParams memory c = _createParams(MEME, keccak256("with a first buy"));
            c.initialBuyUsdc = 1_000e6;
            _fund(creator, 1_000e6);
            vm.prank(creator);
            (fresh,) = launchpad.createToken(c);
            freshTokens = _bal(fresh, creator);
        }
        assertEq(freshTokens, tokens, "the creator's first buy pays the trade fee, as a buy after the window");
        uint256 supply = _pool(fresh).supply;
        vm.prank(creator);
        uint256 out = launchpad.sellExactIn(fresh, freshTokens, 0, _deadline(), _none());
        ILaunchpad.PoolTypeParams memory p = launchpad.poolType(MEME);
        p.tradeFeeBps = uint16(START_BPS);
        assertEq(out, CurveMath.sellExactIn(p, supply, freshTokens).usdcAmount, "sold at the start fee");
        assertLt(out, 300e6, "a round trip in the window loses most of it");
    }

    /// @dev The quote views charge this block's fee, as a trade in this block does.
    function test_quotes_inTheWindow_equalTheTrade() public {
        address token = _createToken(MEME);
        vm.warp(block.timestamp + 7);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactIn(token, 500e6);
        assertEq(_buyIn(sniper, token, 500e6), q.tokenAmount, "buy exact in");
        q = launchpad.quoteBuyExactOut(token, 1_000_000e18);
        _fund(sniper, q.usdcAmount);
        uint256 before = usdc.balanceOf(sniper);
        vm.prank(sniper);
        launchpad.buyExactOut(token, 1_000_000e18, q.usdcAmount, _deadline(), _none());
        assertEq(before - usdc.balanceOf(sniper), q.usdcAmount, "buy exact out");
        q = launchpad.quoteSellExactIn(token, 1_000_000e18);
        assertEq(_sellIn(sniper, token, 1_000_000e18), q.usdcAmount, "sell exact in");
        assertEq(launchpad.getPool(token).feeBps, FeeMath.feeBpsAt(launchpad.poolType(MEME), 7), "getPool's fee");
    }

    // ================================================================ nobody gets the launch part back

    /// @dev attack: the creator snipes its own token through a second wallet, with the token's referral and an
    /// approved builder of its own named. All three together get back no more than their shares of the trade fee:
    /// the part above it is the protocol's alone.
    function test_attack_creatorAndAttributorsSnipingTheirOwnToken_getNoneOfTheLaunchPartBack() public {
        creationReferral = referral;
        address token = _createToken(MEME);
        uint256 usdcIn = 20_000e6;
        _fund(sniper, usdcIn);
        uint256 creatorBefore = launchpad.claimable(creator);
        uint256 protocolBefore = launchpad.claimable(protocol);
        vm.prank(sniper);
        vm.recordLogs();
        launchpad.buyExactIn(token, usdcIn, 0, _deadline(), _attr(builder, 50, address(0)));
        uint256 fee = _fee(usdcIn, START_BPS);
        uint256 launch = fee * (START_BPS - 100) / START_BPS;
        uint256 rest = fee - launch;
        assertLe(rest, _fee(usdcIn, 100) + 1, "what is split is the trade fee's worth");
        uint256 rebates = launchpad.claimable(creator) - creatorBefore + launchpad.claimable(builder)
            + launchpad.claimable(referral);
        assertLe(rebates, rest, "the creator, referral and builder share no more than the trade fee");
        assertEq(launchpad.claimable(protocol) - protocolBefore + rebates, fee, "the protocol has all the rest");
        assertGe(launchpad.claimable(protocol) - protocolBefore, launch, "the launch part is the protocol's");
        // what the creator's side paid, net of everything it gets back, is at least the schedule's fee above the
        // trade fee
        assertGe(fee - rebates, fee - _fee(usdcIn, 100) - 1, "paid the schedule");
    }

    function test_tradeEvent_carriesTheLaunchPart() public {
        address token = _createToken(MEME);
        _fund(sniper, 1_000e6);
        vm.recordLogs();
        vm.prank(sniper);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _none());
        uint256 fee = _fee(1_000e6, START_BPS);
        ILaunchpad.FeeSplit memory f = _lastTradeSplit();
        assertEq(f.launch, fee * (START_BPS - 100) / START_BPS, "launch part");
        assertEq(f.protocol + f.creator + f.referral + f.builder + f.launch, fee, "the parts add up to the fee");
        assertEq(f.creator, (fee - f.launch) * 3_000 / BPS, "the creator's share of the rest only");
    }

    function _lastTradeSplit() internal returns (ILaunchpad.FeeSplit memory f) {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i = logs.length; i > 0; --i) {
            if (logs[i - 1].topics[0] == ILaunchpad.Trade.selector) return _tradeOf(logs[i - 1]).fees;
        }
        revert("no Trade event");
    }

    struct TradeLeg {
        ILaunchpad.Venue venue;
        ILaunchpad.FeeSplit fees;
    }

    /// @dev The venue and fee split of a Trade log.
    function _tradeOf(Vm.Log memory log) internal pure returns (TradeLeg memory leg) {
        (, leg.venue,,, leg.fees,,) = abi.decode(
            log.data,
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

    /// @dev A buy big enough to graduate in the window: its curve leg pays the launch fee, its V3 leg the trade fee.
    function test_graduatingBuyInTheWindow_paysTheLaunchFeeOnTheCurveLegOnly() public {
        address token = _createToken(MEME);
        vm.warp(block.timestamp + 25);
        uint256 bps = _pool(token).feeBps;
        assertGt(bps, 100, "still in the window");
        vm.recordLogs();
        _buyIn(sniper, token, 400_000e6);
        assertTrue(_pool(token).graduated, "graduated");
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 legs;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].topics[0] != ILaunchpad.Trade.selector) continue;
            TradeLeg memory leg = _tradeOf(logs[i]);
            if (leg.venue == ILaunchpad.Venue.BondingCurve) assertGt(leg.fees.launch, 0, "curve leg: launch part");
            else assertEq(leg.fees.launch, 0, "V3 leg: none");
            ++legs;
        }
        assertEq(legs, 2, "a curve leg and a V3 leg");
        _assertSolvent();
    }

    // ================================================================ hard caps

    function test_setPoolType_refusesASchedulePastItsCaps() public {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        vm.startPrank(owner);
        p.launchFeeBps = uint16(launchpad.MAX_LAUNCH_FEE_BPS() + 1);
        vm.expectRevert(ILaunchpad.InvalidPoolType.selector);
        launchpad.setPoolType(9, p);
        p = PoolTypes.meme();
        p.launchFeeSeconds = uint16(launchpad.MAX_LAUNCH_FEE_SECONDS() + 1);
        vm.expectRevert(ILaunchpad.InvalidPoolType.selector);
        launchpad.setPoolType(9, p);
        p = PoolTypes.meme();
        p.launchFeeBps = p.tradeFeeBps; // a window with no fee above the trade fee
        vm.expectRevert(ILaunchpad.InvalidPoolType.selector);
        launchpad.setPoolType(9, p);
        p = PoolTypes.meme();
        p.launchFeeSeconds = 0; // a fee with no window
        vm.expectRevert(ILaunchpad.InvalidPoolType.selector);
        launchpad.setPoolType(9, p);
        p.launchFeeBps = 0; // none at all
        launchpad.setPoolType(9, p);
        p = PoolTypes.meme();
        p.launchFeeBps = uint16(launchpad.MAX_LAUNCH_FEE_BPS());
        p.launchFeeSeconds = uint16(launchpad.MAX_LAUNCH_FEE_SECONDS());
        launchpad.setPoolType(10, p);
        vm.stopPrank();
    }

    /// @dev A pool keeps the schedule it was created with, whatever its type becomes.
    function test_aPoolKeepsItsSchedule_whenItsTypeChanges() public {
        address token = _createToken(MEME);
        ILaunchpad.PoolTypeParams memory p = launchpad.poolType(MEME);
        p.launchFeeBps = 0;
        p.launchFeeSeconds = 0;
        vm.prank(owner);
        launchpad.setPoolType(MEME, p);
        assertEq(_pool(token).feeBps, START_BPS, "still the start fee");
    }
}
