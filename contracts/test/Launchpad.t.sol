// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {Fixture} from "./utils/Fixture.sol";
import {ILaunchTokenFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";

/// @notice Unit tests of Launchpad: createToken, the four trade modes on the curve (both pool types), the fee split,
/// claims, the owner's pool types and their hard caps, and every revert of the trade entry points.
contract LaunchpadTest is Fixture {
    // ================================================================ createToken

    function test_createToken_derivesTokenLayerIdFromCreatorAndSalt() public {
        bytes32 salt = keccak256("salt");
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, salt);
        vm.prank(creator);
        (address token, bytes32 id) = launchpad.createToken(p);
        assertEq(id, keccak256(abi.encode(creator, salt)), "tokenLayerId");
        assertEq(launchpad.tokenLayerIdOf(creator, salt), id, "tokenLayerIdOf");
        assertEq(launchpad.tokenOf(id), token, "tokenOf");
        assertEq(_pool(token).tokenLayerId, id, "pool.tokenLayerId");
        assertEq(launchpad.allTokens(0), token, "allTokens[0]");
        assertEq(launchpad.allTokensLength(), 1, "allTokensLength");
    }

    function test_createToken_deploysAtPredictedCreate2Address() public {
        bytes32 salt = keccak256("salt");
        bytes32 id = keccak256(abi.encode(creator, salt));
        bytes32 initCodeHash =
            keccak256(bytes.concat(vm.getCode("LaunchToken.sol:LaunchToken"), abi.encode(NAME, SYMBOL, URI)));
        address expected =
            address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(launchpad.tokenDeployer()), id, initCodeHash)))));
        assertEq(launchpad.predictTokenAddress(creator, salt, NAME, SYMBOL, URI), expected, "predictTokenAddress");
        assertEq(_createToken(creator, MEME, salt), expected, "deployed address");
    }

    function test_createToken_emitsTokenCreated() public {
        bytes32 salt = keccak256("salt");
        ILaunchpad.CreateTokenParams memory p = _createParams(STARTUP, salt);
        p.attribution = _attr(builder, 10, referral);
        address predicted = launchpad.predictTokenAddress(creator, salt, NAME, SYMBOL, URI);
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.TokenCreated(
            keccak256(abi.encode(creator, salt)),
            predicted,
            creator,
            STARTUP,
            NAME,
            SYMBOL,
            URI,
            p.attribution,
            _typeParams(STARTUP)
        );
        vm.prank(creator);
        launchpad.createToken(p);
    }

    function test_createToken_registersPoolAndToken() public {
        address token = _createToken(MEME);
        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(v.token, token, "token");
        assertEq(v.creator, creator, "creator");
        assertEq(v.poolType, MEME, "poolType");
        assertEq(keccak256(abi.encode(v.params)), keccak256(abi.encode(_typeParams(MEME))), "params");
        assertEq(v.supply, 0, "supply");
        assertEq(v.reserve, 0, "reserve");
        // meme starts at $0.00001 a token: 1e13 in USD per whole token with 18 decimals
        assertEq(v.price, 1e13, "start price");
        assertEq(v.marketCap, 0, "marketCap");
        assertEq(v.progressBps, 0, "progress");
        assertFalse(v.graduated, "graduated");
        assertEq(v.v3Pool, launchpad.graduationPoolOf(token), "v3Pool: created with the token");
        ILaunchTokenFull t = ILaunchTokenFull(token);
        assertEq(t.name(), NAME, "name");
        assertEq(t.symbol(), SYMBOL, "symbol");
        assertEq(t.tokenURI(), URI, "tokenURI");
        assertEq(t.decimals(), 18, "decimals");
        assertEq(t.totalSupply(), t.balanceOf(v.v3Pool), "totalSupply: the seed in the pool only");
        assertEq(t.launchpad(), address(launchpad), "launchpad");
    }

    function test_createToken_sameSaltOtherCreatorIsAnotherToken() public {
        bytes32 salt = keccak256("salt");
        address a = _createToken(creator, MEME, salt);
        address b = _createToken(alice, MEME, salt);
        assertTrue(a != b, "same address for two creators");
        assertEq(_pool(b).creator, alice, "creator of b");
    }

    function test_createToken_initialBuyMintsToCreator() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("salt"));
        p.initialBuyUsdc = 1_000e6;
        p.minTokensOut = 72626765016320687582060739;
        p.attribution = _attr(builder, 50, referral);
        _fund(creator, p.initialBuyUsdc);
        vm.prank(creator);
        (address token,) = launchpad.createToken(p);
        // isqrt(floor((500e6 + 990e6) * 1e52 / 500e6)) - 1e26, computed off-chain
        assertEq(_bal(token, creator), 72626765016320687582060739, "creator tokens");
        assertEq(usdc.balanceOf(creator), 0, "creator USDC");
        assertEq(launchpad.claimable(builder), 5e6, "builder fee: 50 bps of 1000 USDC");
    }

    function test_createToken_revertsIfTokenExists() public {
        bytes32 salt = keccak256("salt");
        _createToken(creator, MEME, salt);
        ILaunchpad.CreateTokenParams memory p = _createParams(STARTUP, salt);
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.TokenExists.selector);
        launchpad.createToken(p);
    }

    function test_createToken_revertsIfUnknownPoolType() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(9, keccak256("salt"));
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.UnknownPoolType.selector);
        launchpad.createToken(p);
    }

    function test_createToken_revertsIfDeadlineExpired() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("salt"));
        p.deadline = block.timestamp - 1;
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.createToken(p);
    }

    function test_createToken_revertsIfBuilderFeeTooHigh() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("salt"));
        p.attribution = _attr(builder, 51, address(0));
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.createToken(p);
    }

    function test_createToken_revertsIfInitialBuySlippageExceeded() public {
        ILaunchpad.CreateTokenParams memory p = _createParams(MEME, keccak256("salt"));
        p.initialBuyUsdc = 1_000e6;
        p.minTokensOut = 72626765016320687582060740;
        _fund(creator, p.initialBuyUsdc);
        vm.prank(creator);
        vm.expectRevert(
            abi.encodeWithSelector(ILaunchpad.SlippageExceeded.selector, 72626765016320687582060739, p.minTokensOut)
        );
        launchpad.createToken(p);
    }

    // ================================================================ the four trade modes, both pool types

    function test_buyExactIn_meme() public {
        _checkBuyExactIn(MEME, 1_000e6);
    }

    function test_buyExactIn_startupPreseed() public {
        _checkBuyExactIn(STARTUP, 10_000e6);
    }

    function test_buyExactOut_meme() public {
        _checkBuyExactOut(MEME, 5_000_000e18);
    }

    function test_buyExactOut_startupPreseed() public {
        _checkBuyExactOut(STARTUP, 5_000_000e18);
    }

    function test_sellExactIn_meme() public {
        _checkSellExactIn(MEME);
    }

    function test_sellExactIn_startupPreseed() public {
        _checkSellExactIn(STARTUP);
    }

    function test_sellExactOut_meme() public {
        _checkSellExactOut(MEME, 100e6);
    }

    function test_sellExactOut_startupPreseed() public {
        _checkSellExactOut(STARTUP, 1_000e6);
    }

    function test_buyExactIn_firstBuyMatchesClosedForm() public {
        // isqrt(floor((R0 + net) * S0^2 / R0)) - S0, computed off-chain with Python integers
        assertEq(_buyIn(alice, _createToken(MEME), 1_000e6), 72626765016320687582060739, "meme");
        assertEq(_buyIn(alice, _createToken(STARTUP), 10_000e6), 44335834457412324937106779, "startup");
    }

    function test_buyExactIn_emitsTrade() public {
        creationReferral = referral; // the token's referral, named at creation
        address token = _createToken(MEME);
        ILaunchpad.Attribution memory a = _attr(builder, 20, referral);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactIn(token, 1_000e6);
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        // fee 10 USDC: creator 30% = 3, referral 20% = 2, builder 0.2% of 1000 = 2, protocol the other 3
        ILaunchpad.FeeSplit memory f = ILaunchpad.FeeSplit({protocol: 3e6, creator: 3e6, referral: 2e6, builder: 2e6, launch: 0});
        ILaunchpad.PoolSnapshot memory s =
            ILaunchpad.PoolSnapshot(q.tokenAmount, 990e6, CurveMath.price(p, q.tokenAmount), 0);
        _fund(alice, 1_000e6);
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.Trade(
            _pool(token).tokenLayerId,
            token,
            alice,
            ILaunchpad.TradeMode.BuyExactIn,
            ILaunchpad.Venue.BondingCurve,
            q.tokenAmount,
            1_000e6,
            f,
            a,
            s
        );
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), a);
    }

    function test_sellExactIn_emitsTrade() public {
        creationReferral = referral; // the token's referral, named at creation
        address token = _createToken(STARTUP);
        uint256 bought = _buyIn(alice, token, 10_000e6);
        ILaunchpad.CurveQuote memory q = launchpad.quoteSellExactIn(token, bought / 2);
        uint256 gross = q.usdcAmount + q.fee;
        ILaunchpad.PoolSnapshot memory s = ILaunchpad.PoolSnapshot(
            bought - bought / 2, 9_850e6 - gross, CurveMath.price(PoolTypes.startupPreseed(), bought - bought / 2), 0
        );
        ILaunchpad.Attribution memory a = _attr(address(0), 0, referral);
        uint256 referralCut = q.fee * 2_000 / BPS;
        uint256 creatorCut = q.fee * 4_000 / BPS;
        ILaunchpad.FeeSplit memory f = ILaunchpad.FeeSplit(q.fee - referralCut - creatorCut, creatorCut, referralCut, 0, 0);
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.Trade(
            _pool(token).tokenLayerId,
            token,
            alice,
            ILaunchpad.TradeMode.SellExactIn,
            ILaunchpad.Venue.BondingCurve,
            bought / 2,
            q.usdcAmount,
            f,
            a,
            s
        );
        vm.prank(alice);
        launchpad.sellExactIn(token, bought / 2, 0, _deadline(), a);
    }

    // ================================================================ fee split

    function test_buyExactIn_splitsFeeAcrossBuilderReferralCreatorProtocol() public {
        creationReferral = referral; // the token's referral, named at creation
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(builder, 50, referral));
        // fee = 1% of 1000 = 10; creator 30% = 3 as without attribution; referral 20% = 2; builder 0.5% of 1000 = 5
        // out of the protocol's 7, which keeps 0
        assertEq(launchpad.claimable(builder), 5e6, "builder");
        assertEq(launchpad.claimable(referral), 2e6, "referral");
        assertEq(launchpad.claimable(creator), 3e6, "creator");
        assertEq(launchpad.claimable(protocol), 0, "protocol");
        assertEq(launchpad.totalClaimable(), 10e6, "totalClaimable = fee");
    }

    function test_sellExactOut_splitsFeeAcrossBuilderReferralCreatorProtocol() public {
        creationReferral = referral; // the token's referral, named at creation
        address token = _createToken(STARTUP);
        _buyIn(alice, token, 10_000e6);
        uint256 before = launchpad.totalClaimable();
        vm.prank(alice);
        launchpad.sellExactOut(token, 985e6, type(uint256).max, _deadline(), _attr(builder, 30, referral));
        // gross = ceil(985 / 0.985) = 1000; fee 15: creator 40% = 6, referral 20% = 3, builder 0.3% of 1000 = 3
        assertEq(launchpad.claimable(builder), 3e6, "builder");
        // the referral also holds 20% of the setup buy's 150 USDC fee, as the token's referral since creation
        assertEq(launchpad.claimable(referral), 30e6 + 3e6, "referral");
        // the creator also holds 40% of the setup buy's 150 USDC fee
        assertEq(launchpad.claimable(creator), 60e6 + 6e6, "creator");
        assertEq(launchpad.totalClaimable() - before, 15e6, "fee");
    }

    function test_trade_splitsFeeBetweenCreatorAndProtocolWithoutAttribution() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        assertEq(launchpad.claimable(creator), 3e6, "creator 30% of 10");
        assertEq(launchpad.claimable(protocol), 7e6, "protocol 70% of 10");
        assertEq(launchpad.claimable(address(0)), 0, "nothing credited to address(0)");
    }

    function test_trade_ignoresBuilderFeeWithoutBuilder() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(address(0), 50, address(0)));
        assertEq(launchpad.claimable(address(0)), 0, "address(0)");
        assertEq(launchpad.claimable(creator), 3e6, "creator");
        assertEq(launchpad.claimable(protocol), 7e6, "protocol");
    }

    /// @notice Builder and referral are carved out of the fee: two identical trades on two fresh tokens, one with
    /// attribution and one without, cost the trader exactly the same and give exactly the same, in every mode.
    function test_trade_traderPaysSameTotalWithOrWithoutAttribution() public {
        creationReferral = referral; // the token's referral, named at creation
        for (uint8 t = MEME; t <= STARTUP; ++t) {
            for (uint8 m; m < 4; ++m) {
                address plain = _createToken(t);
                address attributed = _createToken(t);
                (uint256 paidA, uint256 gotA) = _tradeOnFresh(alice, plain, ILaunchpad.TradeMode(m), _none());
                (uint256 paidB, uint256 gotB) =
                    _tradeOnFresh(bob, attributed, ILaunchpad.TradeMode(m), _attr(builder, 50, referral));
                assertEq(paidA, paidB, "trader paid a different amount");
                assertEq(gotA, gotB, "trader got a different amount");
                assertEq(_pool(plain).reserve, _pool(attributed).reserve, "reserves differ");
            }
        }
        assertGt(launchpad.claimable(builder), 0, "builder earned nothing");
        assertGt(launchpad.claimable(referral), 0, "referral earned nothing");
    }

    /// @dev Seeds the trader with a 5,000 USDC buy, then runs one trade of `mode`. Returns what the trade took from
    /// the trader (USDC for buys, tokens for sells) and what it gave.
    function _tradeOnFresh(address who, address token, ILaunchpad.TradeMode mode, ILaunchpad.Attribution memory a)
        private
        returns (uint256 paid, uint256 got)
    {
        uint256 held = _buyIn(who, token, 5_000e6);
        _fund(who, 2_000e6);
        uint256 usdcBefore = usdc.balanceOf(who);
        vm.startPrank(who);
        if (mode == ILaunchpad.TradeMode.BuyExactIn) {
            got = launchpad.buyExactIn(token, 1_234_567_891, 0, _deadline(), a);
            paid = usdcBefore - usdc.balanceOf(who);
        } else if (mode == ILaunchpad.TradeMode.BuyExactOut) {
            paid = launchpad.buyExactOut(token, 12_345_678e18 + 9, type(uint256).max, _deadline(), a);
            assertEq(usdcBefore - usdc.balanceOf(who), paid, "buyExactOut return");
            got = _bal(token, who) - held;
        } else if (mode == ILaunchpad.TradeMode.SellExactIn) {
            got = launchpad.sellExactIn(token, held / 3, 0, _deadline(), a);
            paid = held - _bal(token, who);
        } else {
            paid = launchpad.sellExactOut(token, 987_654_321, type(uint256).max, _deadline(), a);
            got = usdc.balanceOf(who) - usdcBefore;
        }
        vm.stopPrank();
    }

    function test_trade_acceptsMaxBuilderFee() public {
        address token = _createToken(STARTUP);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(builder, 50, address(0)));
        assertEq(launchpad.claimable(builder), 5e6, "builder 0.5%");
    }

    function test_buyExactIn_revertsIfBuilderFeeTooHigh() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(builder, 51, referral));
    }

    function test_buyExactOut_revertsIfBuilderFeeTooHigh() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.buyExactOut(token, 1e18, type(uint256).max, _deadline(), _attr(builder, 51, referral));
    }

    function test_sellExactIn_revertsIfBuilderFeeTooHigh() public {
        address token = _createToken(MEME);
        uint256 held = _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.sellExactIn(token, held, 0, _deadline(), _attr(builder, 51, referral));
    }

    function test_sellExactOut_revertsIfBuilderFeeTooHigh() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.BuilderFeeTooHigh.selector);
        launchpad.sellExactOut(token, 1e6, type(uint256).max, _deadline(), _attr(builder, type(uint16).max, referral));
    }

    // ================================================================ claimFees

    function test_claimFees_paysAccruedFeesAndZeroesBalance() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _attr(builder, 50, referral));
        uint256 total = launchpad.totalClaimable();

        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.FeesClaimed(builder, 5e6);
        vm.prank(builder);
        assertEq(launchpad.claimFees(), 5e6, "builder claim");
        assertEq(usdc.balanceOf(builder), 5e6, "builder USDC");
        assertEq(launchpad.claimable(builder), 0, "builder claimable");
        assertEq(launchpad.totalClaimable(), total - 5e6, "totalClaimable");

        address[3] memory others = [referral, creator, protocol];
        for (uint256 i; i < 3; ++i) {
            uint256 c = launchpad.claimable(others[i]);
            if (c == 0) continue; // the builder's cut took the whole of the protocol's part
            vm.prank(others[i]);
            assertEq(launchpad.claimFees(), c, "claim");
            assertEq(usdc.balanceOf(others[i]), c, "claimed USDC");
        }
        assertEq(launchpad.totalClaimable(), 0, "all claimed");
        assertEq(usdc.balanceOf(address(launchpad)), launchpad.totalReserve(), "only the reserve is left");
        _assertSolvent();
    }

    function test_claimFees_revertsIfNothingToClaim() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.NothingToClaim.selector);
        launchpad.claimFees();
    }

    function test_claimFees_revertsIfClaimedTwice() public {
        _buyIn(alice, _createToken(MEME), 1_000e6);
        vm.prank(creator);
        launchpad.claimFees();
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.NothingToClaim.selector);
        launchpad.claimFees();
    }

    // ================================================================ owner: pool types, fee recipient

    function test_setPoolType_registersNewType() public {
        ILaunchpad.PoolTypeParams memory p = _consistent(500_000, 1e26, 1_000e6, 5e26, 200, 1_000, 3000);
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.PoolTypeSet(42, p);
        vm.prank(owner);
        launchpad.setPoolType(42, p);
        assertEq(keccak256(abi.encode(launchpad.poolType(42))), keccak256(abi.encode(p)), "stored");
        address token = _createToken(42);
        assertEq(_pool(token).params.tradeFeeBps, 200, "pool uses the new type");
        _graduate(alice, token);
        assertTrue(_pool(token).graduated, "graduates on a 0.3% pool");
        _assertSolvent();
    }

    function test_setPoolType_leavesLivePoolsUnchanged() public {
        address token = _createToken(MEME);
        ILaunchpad.PoolTypeParams memory p = _consistent(500_000, 1e26, 1_000e6, 5e26, 300, 1_000, 3000);
        vm.prank(owner);
        launchpad.setPoolType(MEME, p);
        assertEq(keccak256(abi.encode(_pool(token).params)), keccak256(abi.encode(_typeParams(MEME))), "live pool");
        assertEq(_pool(_createToken(MEME)).params.tradeFeeBps, 300, "new pool");
    }

    function test_setPoolType_revertsIfNotOwner() public {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        launchpad.setPoolType(9, p);
    }

    function test_setPoolType_acceptsEveryCapAtItsBound() public {
        ILaunchpad.PoolTypeParams[13] memory ok = [
            _consistent(500_000, 1e18, 1e6, 1e18, 50, 0, 10_000),
            _consistent(500_000, 1e28, 1e13, 1e28, 50, 0, 10_000),
            _consistent(500_000, 1e26, 1e6, 8e26, 100, 3_000, 10_000),
            _consistent(500_000, 1e26, 1e13, 8e26, 100, 3_000, 10_000),
            _consistent(500_000, 1e26, 1e13, 1e18, 100, 3_000, 10_000),
            _consistent(500_000, 1e26, 500e6, 1e28, 100, 3_000, 10_000),
            _consistent(500_000, 1e26, 500e6, 8e26, 50, 3_000, 10_000),
            _consistent(500_000, 1e26, 500e6, 8e26, 500, 3_000, 10_000),
            _consistent(500_000, 1e26, 500e6, 8e26, 100, 5_000, 3000),
            _withDexReserve(PoolTypes.meme(), 40_000e6), // all of the raise
            _withDexReserve(PoolTypes.meme(), 32_000e6), // exactly MIN_DEX_RESERVE_BPS of it
            _withDexSupply(PoolTypes.meme(), PoolTypes.meme().dexSupply * 10_099 / 10_000), // 0.99% off price
            _withDexSupply(PoolTypes.meme(), PoolTypes.meme().dexSupply * 9_901 / 10_000)
        ];
        vm.startPrank(owner);
        for (uint256 i; i < ok.length; ++i) launchpad.setPoolType(uint8(100 + i), ok[i]);
        vm.stopPrank();
    }

    /// @dev Fee tiers 100 and 500 have tick spacings 1 and 10: a graduation swap across empty space could scan up to
    /// 6,932 bitmap words, so their gas would have no useful bound.
    function test_setPoolType_revertsIfTickSpacingBelowMinimum() public {
        _expectInvalid(_consistent(500_000, 1e26, 1_000e6, 5e26, 200, 1_000, 500));
        _expectInvalid(_consistent(500_000, 1e26, 1_000e6, 5e26, 200, 1_000, 100));
    }

    function test_setPoolType_revertsIfWeightIsNotHalf() public {
        ILaunchpad.PoolTypeParams memory p = PoolTypes.meme();
        p.weightPpm = 500_001;
        _expectInvalid(p);
        p.weightPpm = 0;
        _expectInvalid(p);
    }

    function test_setPoolType_revertsIfVirtualSupplyOutOfBounds() public {
        _expectInvalid(_consistent(500_000, 1e18 - 1, 1e6, 1e18, 50, 0, 10_000));
        _expectInvalid(_consistent(500_000, 1e28 + 1, 1e13, 1e28, 50, 0, 10_000));
    }

    function test_setPoolType_revertsIfVirtualReserveOutOfBounds() public {
        _expectInvalid(_consistent(500_000, 1e26, 1e6 - 1, 8e26, 100, 3_000, 10_000));
        _expectInvalid(_consistent(500_000, 1e26, 1e13 + 1, 8e26, 100, 3_000, 10_000));
    }

    function test_setPoolType_revertsIfMigrationSupplyOutOfBounds() public {
        _expectInvalid(_consistent(500_000, 1e26, 1e13, 1e18 - 1, 100, 3_000, 10_000));
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 1e28 + 1, 100, 3_000, 10_000));
    }

    function test_setPoolType_revertsIfTradeFeeOutOfBounds() public {
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 8e26, 49, 3_000, 10_000));
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 8e26, 501, 3_000, 10_000));
    }

    function test_setPoolType_revertsIfCreatorShareTooHigh() public {
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 8e26, 100, 5_001, 10_000));
    }

    function test_setPoolType_revertsIfDexSupplyZero() public {
        _expectInvalid(_withDexSupply(PoolTypes.meme(), 0));
    }

    function test_setPoolType_revertsIfFeeTierNotEnabled() public {
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 8e26, 100, 3_000, 2_500));
        _expectInvalid(_consistent(500_000, 1e26, 500e6, 8e26, 100, 3_000, 0));
    }

    function test_setPoolType_revertsIfDexReserveAboveRaise() public {
        _expectInvalid(_withDexReserve(PoolTypes.meme(), 40_000e6 + 1));
    }

    function test_setPoolType_revertsIfDexReserveBelowMinimumShare() public {
        _expectInvalid(_withDexReserve(PoolTypes.meme(), 32_000e6 - 1));
    }

    function test_setPoolType_revertsIfDexSupplyMispricesDexReserve() public {
        _expectInvalid(_withDexSupply(PoolTypes.meme(), PoolTypes.meme().dexSupply * 10_102 / 10_000));
        _expectInvalid(_withDexSupply(PoolTypes.meme(), PoolTypes.meme().dexSupply * 9_898 / 10_000));
    }

    function test_setProtocolFeeRecipient_redirectsNewFeesOnly() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        address next = makeAddr("next protocol");
        vm.expectEmit(true, true, true, true, address(launchpad));
        emit ILaunchpad.ProtocolFeeRecipientSet(next);
        vm.prank(owner);
        launchpad.setProtocolFeeRecipient(next);
        _buyIn(alice, token, 1_000e6);
        assertEq(launchpad.claimable(protocol), 7e6, "old recipient keeps its fees");
        assertEq(launchpad.claimable(next), 7e6, "new fees go to the new recipient");
        assertEq(launchpad.protocolFeeRecipient(), next, "recipient");
    }

    function test_setProtocolFeeRecipient_revertsIfNotOwner() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        launchpad.setProtocolFeeRecipient(alice);
    }

    // ================================================================ slippage and deadline, all four modes

    function test_buyExactIn_revertsIfSlippageExceeded() public {
        address token = _createToken(MEME);
        uint256 out = launchpad.quoteBuyExactIn(token, 1_000e6).tokenAmount;
        _fund(alice, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(ILaunchpad.SlippageExceeded.selector, out, out + 1));
        launchpad.buyExactIn(token, 1_000e6, out + 1, _deadline(), _none());
        vm.prank(alice);
        assertEq(launchpad.buyExactIn(token, 1_000e6, out, _deadline(), _none()), out, "bound met exactly");
    }

    function test_buyExactOut_revertsIfSlippageExceeded() public {
        address token = _createToken(MEME);
        uint256 cost = launchpad.quoteBuyExactOut(token, 1e24).usdcAmount;
        _fund(alice, cost);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(ILaunchpad.SlippageExceeded.selector, cost, cost - 1));
        launchpad.buyExactOut(token, 1e24, cost - 1, _deadline(), _none());
        vm.prank(alice);
        assertEq(launchpad.buyExactOut(token, 1e24, cost, _deadline(), _none()), cost, "bound met exactly");
    }

    function test_sellExactIn_revertsIfSlippageExceeded() public {
        address token = _createToken(MEME);
        uint256 held = _buyIn(alice, token, 1_000e6);
        uint256 out = launchpad.quoteSellExactIn(token, held).usdcAmount;
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(ILaunchpad.SlippageExceeded.selector, out, out + 1));
        launchpad.sellExactIn(token, held, out + 1, _deadline(), _none());
        vm.prank(alice);
        assertEq(launchpad.sellExactIn(token, held, out, _deadline(), _none()), out, "bound met exactly");
    }

    function test_sellExactOut_revertsIfSlippageExceeded() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        uint256 tokensIn = launchpad.quoteSellExactOut(token, 500e6).tokenAmount;
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(ILaunchpad.SlippageExceeded.selector, tokensIn, tokensIn - 1));
        launchpad.sellExactOut(token, 500e6, tokensIn - 1, _deadline(), _none());
        vm.prank(alice);
        assertEq(launchpad.sellExactOut(token, 500e6, tokensIn, _deadline(), _none()), tokensIn, "bound met exactly");
    }

    function test_buyExactIn_revertsIfDeadlineExpired() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.warp(1_000_000);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, block.timestamp - 1, _none());
        vm.prank(alice);
        launchpad.buyExactIn(token, 1_000e6, 0, block.timestamp, _none()); // the deadline's own second is fine
    }

    function test_buyExactOut_revertsIfDeadlineExpired() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6);
        vm.warp(1_000_000);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.buyExactOut(token, 1e18, type(uint256).max, block.timestamp - 1, _none());
    }

    function test_sellExactIn_revertsIfDeadlineExpired() public {
        address token = _createToken(MEME);
        uint256 held = _buyIn(alice, token, 1_000e6);
        vm.warp(1_000_000);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.sellExactIn(token, held, 0, block.timestamp - 1, _none());
    }

    function test_sellExactOut_revertsIfDeadlineExpired() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        vm.warp(1_000_000);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.DeadlineExpired.selector);
        launchpad.sellExactOut(token, 1e6, type(uint256).max, block.timestamp - 1, _none());
    }

    // ================================================================ other reverts

    function test_buyExactIn_revertsIfUnknownToken() public {
        _fund(alice, 1e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.UnknownToken.selector);
        launchpad.buyExactIn(address(usdc), 1e6, 0, _deadline(), _none());
    }

    function test_sellExactIn_revertsIfUnknownToken() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.UnknownToken.selector);
        launchpad.sellExactIn(alice, 1, 0, _deadline(), _none());
    }

    function test_getPool_revertsIfUnknownToken() public {
        vm.expectRevert(ILaunchpad.UnknownToken.selector);
        launchpad.getPool(alice);
    }

    function test_buyExactIn_revertsIfZeroAmount() public {
        address token = _createToken(MEME);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.buyExactIn(token, 0, 0, _deadline(), _none());
    }

    function test_buyExactOut_revertsIfZeroAmount() public {
        address token = _createToken(MEME);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.buyExactOut(token, 0, type(uint256).max, _deadline(), _none());
    }

    function test_sellExactIn_revertsIfZeroAmount() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.sellExactIn(token, 0, 0, _deadline(), _none());
    }

    function test_sellExactOut_revertsIfZeroAmount() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.ZeroAmount.selector);
        launchpad.sellExactOut(token, 0, type(uint256).max, _deadline(), _none());
    }

    function test_sellExactIn_revertsIfInsufficientReserve() public {
        address token = _createToken(MEME);
        uint256 held = _buyIn(alice, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.InsufficientReserve.selector);
        launchpad.sellExactIn(token, held + 1, 0, _deadline(), _none());
    }

    function test_sellExactOut_revertsIfInsufficientReserve() public {
        address token = _createToken(MEME);
        _buyIn(alice, token, 1_000e6);
        // the reserve is 990 USDC: 990 out needs a gross of 1000 > 990
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.InsufficientReserve.selector);
        launchpad.sellExactOut(token, 990e6, type(uint256).max, _deadline(), _none());
    }

    function test_sellExactIn_revertsIfSellerLacksTokens() public {
        address token = _createToken(MEME);
        uint256 held = _buyIn(alice, token, 1_000e6);
        _buyIn(bob, token, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSignature("ERC20InsufficientBalance(address,uint256,uint256)", alice, held, held + 1)
        );
        launchpad.sellExactIn(token, held + 1, 0, _deadline(), _none());
    }

    function test_buyExactIn_revertsIfTraderLacksUsdc() public {
        address token = _createToken(MEME);
        _fund(alice, 1_000e6 - 1);
        vm.prank(alice);
        vm.expectRevert(SafeTransferLib.TransferFromFailed.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _none());
    }

    function test_uniswapV3SwapCallback_revertsIfUnauthorizedCallback() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.UnauthorizedCallback.selector);
        launchpad.uniswapV3SwapCallback(1, 1, "");
        // not even a real pool outside a swap
        address token = _createToken(MEME);
        _graduate(alice, token);
        vm.prank(_pool(token).v3Pool);
        vm.expectRevert(ILaunchpad.UnauthorizedCallback.selector);
        launchpad.uniswapV3SwapCallback(1, 1, "");
    }

    // ================================================================ helpers

    function _checkBuyExactIn(uint8 poolType, uint256 usdcIn) private {
        address token = _createToken(poolType);
        _buyIn(bob, token, usdcIn); // start from a non-zero supply
        ILaunchpad.PoolView memory before = _pool(token);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactIn(token, usdcIn);
        assertEq(q.fee, _fee(usdcIn, before.params.tradeFeeBps), "fee is tradeFeeBps of the input, rounded up");
        assertEq(q.usdcAmount, usdcIn, "quote usdc");
        assertFalse(q.graduates, "graduates");
        uint256 claimableBefore = launchpad.totalClaimable();

        _fund(alice, usdcIn);
        vm.prank(alice);
        uint256 out = launchpad.buyExactIn(token, usdcIn, q.tokenAmount, _deadline(), _none());

        assertEq(out, q.tokenAmount, "tokens out = quote");
        assertGt(out, 0, "tokens out");
        assertEq(_bal(token, alice), out, "trader tokens");
        assertEq(usdc.balanceOf(alice), 0, "trader spent exactly usdcIn");
        _assertCurveState(token, before, before.supply + out, before.reserve + usdcIn - q.fee);
        assertEq(launchpad.totalClaimable() - claimableBefore, q.fee, "fee accrued");
    }

    function _checkBuyExactOut(uint8 poolType, uint256 tokensOut) private {
        address token = _createToken(poolType);
        _buyIn(bob, token, 1_000e6);
        ILaunchpad.PoolView memory before = _pool(token);
        ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactOut(token, tokensOut);
        uint256 net = CurveMath.cost(before.params, before.supply + tokensOut) - CurveMath.cost(before.params, before.supply);
        assertEq(q.usdcAmount - q.fee, net, "net = cost difference");
        assertEq(q.fee, _fee(q.usdcAmount, before.params.tradeFeeBps), "fee");

        _fund(alice, q.usdcAmount + 7);
        vm.prank(alice);
        uint256 paid = launchpad.buyExactOut(token, tokensOut, q.usdcAmount, _deadline(), _none());

        assertEq(paid, q.usdcAmount, "paid = quote");
        assertEq(usdc.balanceOf(alice), 7, "trader paid exactly the quote");
        assertEq(_bal(token, alice), tokensOut, "trader got exactly tokensOut");
        _assertCurveState(token, before, before.supply + tokensOut, before.reserve + net);
    }

    function _checkSellExactIn(uint8 poolType) private {
        address token = _createToken(poolType);
        uint256 held = _buyIn(alice, token, 5_000e6);
        ILaunchpad.PoolView memory before = _pool(token);
        uint256 tokensIn = held / 3;
        ILaunchpad.CurveQuote memory q = launchpad.quoteSellExactIn(token, tokensIn);
        uint256 gross = CurveMath.cost(before.params, before.supply) - CurveMath.cost(before.params, before.supply - tokensIn);
        assertEq(q.usdcAmount + q.fee, gross, "gross = cost difference");
        assertEq(q.fee, _fee(gross, before.params.tradeFeeBps), "fee");
        uint256 usdcBefore = usdc.balanceOf(alice);

        vm.prank(alice);
        uint256 out = launchpad.sellExactIn(token, tokensIn, q.usdcAmount, _deadline(), _none());

        assertEq(out, q.usdcAmount, "usdc out = quote");
        assertEq(usdc.balanceOf(alice) - usdcBefore, out, "trader USDC");
        assertEq(_bal(token, alice), held - tokensIn, "tokens burnt");
        _assertCurveState(token, before, before.supply - tokensIn, before.reserve - gross);
    }

    function _checkSellExactOut(uint8 poolType, uint256 usdcOut) private {
        address token = _createToken(poolType);
        uint256 held = _buyIn(alice, token, 5_000e6);
        ILaunchpad.PoolView memory before = _pool(token);
        ILaunchpad.CurveQuote memory q = launchpad.quoteSellExactOut(token, usdcOut);
        uint256 gross = usdcOut + q.fee;
        assertEq(q.fee, _fee(gross, before.params.tradeFeeBps), "fee");
        uint256 usdcBefore = usdc.balanceOf(alice);

        vm.prank(alice);
        uint256 tokensIn = launchpad.sellExactOut(token, usdcOut, q.tokenAmount, _deadline(), _none());

        assertEq(tokensIn, q.tokenAmount, "tokens in = quote");
        assertEq(usdc.balanceOf(alice) - usdcBefore, usdcOut, "trader got exactly usdcOut");
        assertEq(_bal(token, alice), held - tokensIn, "tokens burnt");
        _assertCurveState(token, before, before.supply - tokensIn, before.reserve - gross);
        // the burn pays for the gross, and one token fewer would not
        uint256 c = CurveMath.cost(before.params, before.supply);
        assertGe(c - CurveMath.cost(before.params, before.supply - tokensIn), gross, "burn pays the gross");
        assertLt(c - CurveMath.cost(before.params, before.supply - tokensIn + 1), gross, "fewest tokens");
    }

    function _assertCurveState(address token, ILaunchpad.PoolView memory before, uint256 supply, uint256 reserve)
        private
        view
    {
        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(v.supply, supply, "pool supply");
        assertEq(
            ILaunchTokenFull(token).totalSupply(), supply + ILaunchTokenFull(token).balanceOf(v.v3Pool), "totalSupply: curve + seed"
        );
        assertEq(v.reserve, reserve, "pool reserve");
        assertEq(v.price, CurveMath.price(before.params, supply), "price");
        assertGe(v.reserve, CurveMath.cost(before.params, supply), "reserve covers the curve");
        assertEq(launchpad.totalReserve(), reserve, "totalReserve (single pool)");
        _assertSolvent();
    }

    /// @dev Pool type parameters with dexReserve at 90% of the raise and dexSupply at the final price.
    function _consistent(uint32 w, uint256 s0, uint256 r0, uint256 mig, uint16 fee, uint16 share, uint24 tier)
        private
        pure
        returns (ILaunchpad.PoolTypeParams memory p)
    {
        p.weightPpm = w;
        p.virtualSupply = uint128(s0);
        p.virtualReserve = uint128(r0);
        p.migrationSupply = uint128(mig);
        p.tradeFeeBps = fee;
        p.creatorShareBps = share;
        p.dexFeeTier = tier;
        p.dexReserve = uint128(CurveMath.cost(p, mig) * 9 / 10);
        p.dexSupply = uint128(PoolTypes.dexSupplyAtFinalPrice(p));
    }

    function _withDexReserve(ILaunchpad.PoolTypeParams memory p, uint256 dexReserve)
        private
        pure
        returns (ILaunchpad.PoolTypeParams memory)
    {
        p.dexReserve = uint128(dexReserve);
        p.dexSupply = uint128(PoolTypes.dexSupplyAtFinalPrice(p));
        return p;
    }

    function _withDexSupply(ILaunchpad.PoolTypeParams memory p, uint256 dexSupply)
        private
        pure
        returns (ILaunchpad.PoolTypeParams memory)
    {
        p.dexSupply = uint128(dexSupply);
        return p;
    }

    function _expectInvalid(ILaunchpad.PoolTypeParams memory p) private {
        vm.prank(owner);
        vm.expectRevert(ILaunchpad.InvalidPoolType.selector);
        launchpad.setPoolType(9, p);
    }
}
