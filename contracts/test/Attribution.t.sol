// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Fixture} from "./utils/Fixture.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";

/// @notice Attribution that nobody can pay to itself. The review's attack: a trader names itself as builder (50 bps)
/// and referral, getting back 60% of a 1% fee and halving the creator's reward; on a 0.5% pool type, trading free.
/// Every test here plays that trader.
contract AttributionTest is Fixture {
    address internal attacker;

    function setUp() public override {
        super.setUp();
        attacker = makeAddr("attacker");
    }

    // ================================================================ the trader names itself

    function test_buyExactIn_revertsIfTraderNamesItselfAsBuilder() public {
        address token = _createToken(MEME);
        _fund(attacker, 1_000e6);
        vm.prank(attacker);
        vm.expectRevert(ILaunchpad.BuilderNotApproved.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(attacker, 50, address(0)));
    }

    /// @dev A trade's referral is ignored (only createToken names a token's referral): naming itself pays it nothing.
    function test_buyExactIn_paysNothingToATraderNamingItselfAsReferral() public {
        address token = _createToken(MEME);
        _fund(attacker, 1_000e6);
        vm.prank(attacker);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(address(0), 0, attacker));
        assertEq(launchpad.claimable(attacker), 0, "no referral share");
        assertEq(_pool(token).referral, address(0), "not the token's referral");
    }

    function test_buyExactIn_revertsIfTraderNamesItselfAsBuilderAndReferral() public {
        address token = _createToken(MEME);
        _fund(attacker, 1_000e6);
        vm.prank(attacker);
        vm.expectRevert(ILaunchpad.BuilderNotApproved.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(attacker, 50, attacker));
    }

    /// @dev Even an approved builder cannot name itself on its own trades, in any mode.
    function test_trade_revertsIfApprovedAttributorNamesItself() public {
        address token = _createToken(MEME);
        _buyIn(builder, token, 1_000e6);
        _buyIn(referral, token, 1_000e6);
        _fund(builder, 1_000e6);
        vm.startPrank(builder);
        vm.expectRevert(ILaunchpad.SelfAttribution.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(builder, 50, address(0)));
        vm.expectRevert(ILaunchpad.SelfAttribution.selector);
        launchpad.buyExactOut(token, 1e18, type(uint256).max, _deadline(), _attr(builder, 50, address(0)));
        vm.expectRevert(ILaunchpad.SelfAttribution.selector);
        launchpad.sellExactIn(token, 1e18, 0, _deadline(), _attr(builder, 50, address(0)));
        vm.expectRevert(ILaunchpad.SelfAttribution.selector);
        launchpad.sellExactOut(token, 1e6, type(uint256).max, _deadline(), _attr(builder, 50, address(0)));
        vm.stopPrank();
        // An approved referrer naming itself on a trade is ignored, as any trade's referral: it is paid nothing.
        uint256 before = launchpad.claimable(referral);
        vm.prank(referral);
        launchpad.sellExactIn(token, 1e18, 0, _deadline(), _attr(address(0), 0, referral));
        assertEq(launchpad.claimable(referral), before, "nothing for naming itself");
    }

    function test_createToken_revertsIfCreatorNamesItself() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("self"));
        p.attribution = _attr(attacker, 50, attacker);
        vm.prank(attacker);
        vm.expectRevert(ILaunchpad.BuilderNotApproved.selector);
        launchpad.createToken(p);
        p.attribution = _attr(address(0), 0, attacker);
        vm.prank(attacker);
        vm.expectRevert(ILaunchpad.ReferrerNotApproved.selector);
        launchpad.createToken(p);
    }

    /// @notice The 0.5% pool type the caps allow: with self-attribution refused, the trade costs the full fee.
    function test_trade_onHalfPercentTypeIsNeverFree() public {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        p.tradeFeeBps = 50;
        (p.launchFeeBps, p.launchFeeSeconds) = (0, 0); // traded in its creation block
        vm.prank(owner);
        launchpad.setPoolType(9, p);
        address token = _createToken(9);
        _fund(attacker, 10_000e6);
        vm.startPrank(attacker);
        vm.expectRevert(ILaunchpad.BuilderNotApproved.selector);
        launchpad.buyExactIn(token, 10_000e6, 0, _deadline(), _attr(attacker, 50, attacker));
        launchpad.buyExactIn(token, 10_000e6, 0, _deadline(), _none());
        vm.stopPrank();
        assertEq(launchpad.claimable(attacker), 0, "the trader got nothing back");
        assertEq(launchpad.totalClaimable(), 50e6, "the whole 0.5% fee was paid");
    }

    // ================================================================ builders

    function test_setBuilder_approvesWithMaximumAndRevokes() public {
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.BuilderSet(alice, 20);
        vm.prank(owner);
        launchpad.setBuilder(alice, 20);
        assertEq(launchpad.builderMaxFeeBps(alice), 20, "approved at 20 bps");
        address token = _createToken(MEME);
        _fund(bob, 2_000e6);
        vm.startPrank(bob);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(alice, 21, address(0)));
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(alice, 20, address(0)));
        vm.stopPrank();
        assertEq(launchpad.claimable(alice), 2e6, "0.2% of 1000");
        vm.prank(owner);
        launchpad.setBuilder(alice, 0);
        vm.prank(bob);
        vm.expectRevert(ILaunchpad.BuilderNotApproved.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(alice, 20, address(0)));
    }

    function test_setBuilder_revertsIfAboveCapOrNotOwner() public {
        vm.prank(owner);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.setBuilder(alice, 51);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        launchpad.setBuilder(alice, 50);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        launchpad.setReferrer(alice, true);
    }

    /// @notice Attribution never shrinks the creator's reward and never changes what the trader pays.
    function testFuzz_trade_attributionLeavesCreatorAndTraderAlone(uint256 amount, uint16 bps, bool withReferral) public {
        amount = bound(amount, 1e6, 30_000e6);
        bps = uint16(bound(bps, 0, 50));
        address plain = _createToken(MEME);
        address attributed = _createToken(MEME);
        uint256 got = _buyIn(alice, plain, amount);
        uint256 creatorPlain = launchpad.claimable(creator);
        _fund(bob, amount);
        vm.prank(bob);
        uint256 gotAttributed = launchpad.buyExactIn(
            attributed, amount, 0, _deadline(), _attr(builder, bps, withReferral ? referral : address(0))
        );
        assertEq(gotAttributed, got, "same tokens for the same USDC");
        assertEq(launchpad.claimable(creator) - creatorPlain, creatorPlain, "same creator reward");
    }

    // ================================================================ the token referral: named at creation, permanent

    function test_referral_namedAtCreationIsPermanent() public {
        address other = makeAddr("other referrer");
        vm.prank(owner);
        launchpad.setReferrer(other, true);
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("referred"));
        p.attribution = _attr(address(0), 0, referral);
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.TokenReferralSet(keccak256(abi.encode(creator, p.salt)), launchpad.predictTokenAddress(creator, p.salt, NAME, SYMBOL, URI), referral);
        vm.prank(creator);
        (address token,) = launchpad.createToken(p);
        assertEq(_pool(token).referral, referral, "fixed at creation");

        // a later trade naming another referrer pays the first one
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(address(0), 0, other));
        assertEq(launchpad.claimable(referral), 2e6, "the token's referral: 20% of the 10 USDC fee");
        assertEq(launchpad.claimable(other), 0, "the later referral got nothing");
        assertEq(_pool(token).referral, referral, "unchanged");

        // revoking the referrer does not take the token's referral away
        vm.prank(owner);
        launchpad.setReferrer(referral, false);
        _buyIn(bob, token, 1_000e6);
        assertEq(launchpad.claimable(referral), 4e6, "still paid on trades that name no one");
    }

    /// @notice The audit's attack: an approved referrer fixed an unreferred token's referral to itself with a 2-unit
    /// trade from one wallet, then earned the referral's share of the fees of its own trades from a second wallet
    /// (with its builder cut, 70% of its fee back). A trade now names no token referral: before, the first assertion
    /// failed (the dust trade made it the token's referral).
    function test_referral_cannotBeCapturedByADustTrade() public {
        address token = _createToken(MEME);
        assertEq(_pool(token).referral, address(0), "none at creation");
        address firstWallet = makeAddr("attacker's first wallet");
        address secondWallet = makeAddr("attacker's second wallet");
        _fund(firstWallet, 2);
        vm.prank(firstWallet);
        launchpad.buyExactIn(token, 2, 0, _deadline(), _attr(address(0), 0, referral));
        assertEq(_pool(token).referral, address(0), "a trade does not fix the token's referral");
        _fund(secondWallet, 1_000e6);
        vm.prank(secondWallet);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(address(0), 0, referral));
        _buyIn(bob, token, 1_000e6);
        assertEq(launchpad.claimable(referral), 0, "no referral share on anyone's trades");
        // Named by a trade, even an unapproved referrer is ignored rather than refused: nothing of it is used.
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(address(0), 0, makeAddr("not approved")));
        assertEq(_pool(token).referral, address(0), "still none");
    }

    /// @notice The token's referral trading the token pays the full fee: its share goes to the protocol.
    function test_referral_isNotPaidOnItsOwnTrades() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("referred, own trades"));
        p.attribution = _attr(address(0), 0, referral);
        vm.prank(creator);
        (address token,) = launchpad.createToken(p);
        _buyIn(alice, token, 1_000e6);
        uint256 before = launchpad.claimable(referral);
        uint256 protocolBefore = launchpad.claimable(protocol);
        _buyIn(referral, token, 1_000e6);
        assertEq(launchpad.claimable(referral), before, "nothing on its own trade");
        assertEq(launchpad.claimable(protocol) - protocolBefore, 7e6, "the protocol kept the referral's share");
    }
}
