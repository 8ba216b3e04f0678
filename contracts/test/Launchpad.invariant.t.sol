// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {Fixture} from "./utils/Fixture.sol";
import {Test, Vm} from "./utils/Test.sol";
import {Launchpad} from "../src/Launchpad.sol";
import {LaunchToken} from "../src/LaunchToken.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";

/// @notice Drives the launchpad with random buys and sells in all four modes across four tokens (two of each pool
/// type), with random builder and referral, claims, and buys large enough to cross graduation, after which the
/// same calls trade on Uniswap V3. It checks every Trade and Graduated event as it goes and records any
/// violation, because with fail_on_revert off a revert here would go unnoticed.
contract LaunchpadHandler is Test {
    uint256 internal constant BPS = 10_000;

    Launchpad internal immutable launchpad;
    MockUSDC internal immutable usdc;
    address[] internal tokens;
    address[] internal traders;
    address[] internal builders; // address(0) included: no builder
    address[] internal referrals; // address(0) included: no referral
    address[] public recipients; // everyone who can ever be owed fees

    mapping(address token => uint256) public graduations;
    mapping(address token => bool) public seenGraduated;
    uint256 public violations;
    string public firstViolation;
    mapping(bytes4 selector => uint256) public successes;
    uint256 public v3Trades;
    uint256 public claims;

    constructor(Launchpad launchpad_, MockUSDC usdc_, address[] memory tokens_, address creator, address protocol) {
        launchpad = launchpad_;
        usdc = usdc_;
        tokens = tokens_;
        for (uint256 i; i < 3; ++i) traders.push(makeAddr(string.concat("trader", vm.toString(i))));
        builders.push(address(0));
        referrals.push(address(0));
        for (uint256 i; i < 2; ++i) {
            builders.push(makeAddr(string.concat("builder", vm.toString(i))));
            referrals.push(makeAddr(string.concat("referral", vm.toString(i))));
            recipients.push(builders[i + 1]);
            recipients.push(referrals[i + 1]);
        }
        recipients.push(creator);
        recipients.push(protocol);
    }

    // ---------------------------------------------------------------- actions

    function buyExactIn(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        // on the curve, up to a little past graduation; on V3, up to 30,000 USDC
        uint256 cap = v.graduated ? 30_000e6 : _toGraduation(token, v) * 11 / 10;
        amount = bound(amount, 1, cap);
        _fund(trader, amount);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyExactIn.selector);
        } catch {}
    }

    function buyExactOut(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        uint256 cap = v.graduated ? 100_000_000e18 : (v.params.migrationSupply - v.supply) * 11 / 10;
        amount = bound(amount, 1, cap);
        _fund(trader, 500_000e6);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactOut(token, amount, type(uint256).max, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyExactOut.selector);
        } catch {}
    }

    function sellExactIn(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader,) = _pick(tokenSeed, traderSeed);
        trader = _holder(token, traderSeed);
        uint256 held = LaunchToken(token).balanceOf(trader);
        if (held == 0) return;
        // mostly a sizeable part of the holding; sometimes anything down to 1 wei
        amount = amount % 4 == 0 ? bound(amount, 1, held) : bound(amount, held / 100 + 1, held);
        _begin();
        vm.prank(trader);
        try launchpad.sellExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.sellExactIn.selector);
        } catch {}
    }

    function sellExactOut(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        trader = _holder(token, traderSeed);
        uint256 held = LaunchToken(token).balanceOf(trader);
        if (held == 0) return;
        // about what the holding is worth at the current price, so that most calls fill
        uint256 worth = M.fullMulDiv(held, v.price, CurveMath.PRICE_SCALE);
        amount = bound(amount, 1, worth / 2 + 1);
        _begin();
        vm.prank(trader);
        try launchpad.sellExactOut(token, amount, held, block.timestamp, _attr(attrSeed)) {
            _end(token, this.sellExactOut.selector);
        } catch {}
    }

    /// @notice A buy sized to cross graduation (when the token is still on the curve), with some USDC beyond it.
    /// Acts one time in three, so that tokens spend part of a run on the curve.
    function buyThroughGraduation(uint256 tokenSeed, uint256 traderSeed, uint256 extra, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        if (v.graduated || extra % 3 != 0) return;
        uint256 amount = _toGraduation(token, v) + bound(extra, 0, 20_000e6);
        _fund(trader, amount);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyThroughGraduation.selector);
        } catch {}
    }

    function claim(uint256 recipientSeed) external {
        address r = recipients[recipientSeed % recipients.length];
        uint256 owed = launchpad.claimable(r);
        uint256 before = usdc.balanceOf(r);
        uint256 total = launchpad.totalClaimable();
        vm.prank(r);
        try launchpad.claimFees() returns (uint256 amount) {
            ++claims;
            _check(amount == owed, "claim paid other than claimable");
            _check(usdc.balanceOf(r) - before == owed, "claim transferred other than claimable");
            _check(total - launchpad.totalClaimable() == owed, "totalClaimable not reduced by the claim");
        } catch (bytes memory err) {
            _check(owed == 0 && bytes4(err) == ILaunchpad.NothingToClaim.selector, "claim failed with fees owed");
        }
    }

    // ---------------------------------------------------------------- views for the invariants

    function tokensLength() external view returns (uint256) {
        return tokens.length;
    }

    function tokenAt(uint256 i) external view returns (address) {
        return tokens[i];
    }

    function recipientsLength() external view returns (uint256) {
        return recipients.length;
    }

    function traderAt(uint256 i) external view returns (address) {
        return traders[i];
    }

    // ---------------------------------------------------------------- checks

    uint256 internal _claimableBefore;

    function _begin() internal {
        _claimableBefore = launchpad.totalClaimable();
        vm.recordLogs();
    }

    /// @dev Checks every event of the trade just made: (c) each FeeSplit adds up to its fee, the fee is tradeFeeBps
    /// of the base rounded up, the builder gets at most MAX_BUILDER_FEE_BPS of the base; and (d) Graduated at most
    /// once per token, graduated never reset. Also: the claimable total grew by exactly the fees booked.
    function _end(address token, bytes4 selector) internal {
        ++successes[selector];
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 booked;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter != address(launchpad)) continue;
            if (logs[i].topics[0] == ILaunchpad.Trade.selector) booked += _checkTrade(token, logs[i]);
            if (logs[i].topics[0] == ILaunchpad.Graduated.selector) {
                ++graduations[token];
                (,,,, uint256 protocolFee) = abi.decode(logs[i].data, (uint24, uint256, uint256, uint256, uint256));
                booked += protocolFee;
            }
        }
        _check(launchpad.totalClaimable() - _claimableBefore == booked, "totalClaimable grew by other than the fees");
        bool graduated = launchpad.getPool(token).graduated;
        _check(!seenGraduated[token] || graduated, "graduated went back to false");
        _check(graduations[token] <= 1, "Graduated emitted twice");
        _check(graduated == (graduations[token] == 1), "graduated without a Graduated event");
        seenGraduated[token] = graduated;
    }

    struct TradeData {
        ILaunchpad.TradeMode mode;
        ILaunchpad.Venue venue;
        uint256 tokenAmount;
        uint256 usdcAmount;
        ILaunchpad.FeeSplit f;
        ILaunchpad.Attribution a;
    }

    function _checkTrade(address token, Vm.Log memory l) internal returns (uint256 fee) {
        _check(address(uint160(uint256(l.topics[2]))) == token, "Trade for another token");
        TradeData memory t = _decodeTrade(l.data);
        if (t.venue == ILaunchpad.Venue.UniswapV3) ++v3Trades;
        ILaunchpad.PoolTypeParams memory p = launchpad.getPool(token).params;
        fee = t.f.protocol + t.f.creator + t.f.referral + t.f.builder;
        bool buy = t.mode == ILaunchpad.TradeMode.BuyExactIn || t.mode == ILaunchpad.TradeMode.BuyExactOut;
        // the fee is on the gross USDC side: what a buyer paid, or what a seller got plus the fee
        uint256 base = buy ? t.usdcAmount : t.usdcAmount + fee;
        _check(fee <= M.mulDivUp(base, p.tradeFeeBps, BPS), "fee above tradeFeeBps of the base, rounded up");
        _check(fee == M.mulDivUp(base, p.tradeFeeBps, BPS), "fee is not tradeFeeBps of the base, rounded up");
        _check(t.f.builder <= base * launchpad.MAX_BUILDER_FEE_BPS() / BPS, "builder above MAX_BUILDER_FEE_BPS");
        uint256 b = t.a.builder == address(0) ? 0 : base * t.a.builderFeeBps / BPS;
        if (b > fee) b = fee;
        _check(t.f.builder == b, "builder cut");
        uint256 rest = fee - t.f.builder;
        _check(t.f.referral == (t.a.referral == address(0) ? 0 : rest * 2_000 / BPS), "referral share");
        _check(t.f.creator == rest * p.creatorShareBps / BPS, "creator share");
    }

    function _decodeTrade(bytes memory data) internal pure returns (TradeData memory t) {
        (t.mode, t.venue, t.tokenAmount, t.usdcAmount, t.f, t.a) = abi.decode(
            data,
            (
                ILaunchpad.TradeMode,
                ILaunchpad.Venue,
                uint256,
                uint256,
                ILaunchpad.FeeSplit,
                ILaunchpad.Attribution
            )
        );
    }

    function _check(bool ok, string memory what) internal {
        if (ok) return;
        if (violations == 0) firstViolation = what;
        ++violations;
    }

    // ---------------------------------------------------------------- helpers

    function _pick(uint256 tokenSeed, uint256 traderSeed)
        internal
        view
        returns (address token, address trader, ILaunchpad.PoolView memory v)
    {
        token = tokens[tokenSeed % tokens.length];
        trader = traders[traderSeed % traders.length];
        v = launchpad.getPool(token);
    }

    /// @dev The trader at `seed`, or the next one holding `token` if that one holds none.
    function _holder(address token, uint256 seed) internal view returns (address) {
        for (uint256 k; k < traders.length; ++k) {
            address t = traders[(seed % traders.length + k) % traders.length];
            if (LaunchToken(token).balanceOf(t) > 0) return t;
        }
        return traders[seed % traders.length];
    }

    function _toGraduation(address token, ILaunchpad.PoolView memory v) internal view returns (uint256) {
        return launchpad.quoteBuyExactOut(token, v.params.migrationSupply - v.supply).usdcAmount;
    }

    function _attr(uint256 seed) internal view returns (ILaunchpad.Attribution memory a) {
        a.builder = builders[seed % builders.length];
        a.referral = referrals[(seed >> 8) % referrals.length];
        a.builderFeeBps = uint16((seed >> 16) % 51);
    }

    function _fund(address who, uint256 amount) internal {
        uint256 limit = usdc.FAUCET_LIMIT();
        while (amount > 0) {
            uint256 a = amount < limit ? amount : limit;
            usdc.faucet(who, a);
            amount -= a;
        }
        vm.prank(who);
        usdc.approve(address(launchpad), type(uint256).max);
    }
}

/// @notice The launchpad's invariants under the handler's random trading.
contract LaunchpadInvariantTest is Fixture {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    LaunchpadHandler internal handler;

    function setUp() public override {
        super.setUp();
        // (meme, startup) x (USDC token0, token1)
        address[] memory tokens = new address[](4);
        for (uint256 i; i < 4; ++i) tokens[i] = _createTokenOrdered(i < 2 ? MEME : STARTUP, i % 2 == 0);
        handler = new LaunchpadHandler(launchpad, usdc, tokens, creator, protocol);
    }

    function targetContracts() public view returns (address[] memory t) {
        t = new address[](1);
        t[0] = address(handler);
    }

    function targetSelectors() public view returns (FuzzSelector[] memory s) {
        bytes4[] memory selectors = new bytes4[](6);
        selectors[0] = LaunchpadHandler.buyExactIn.selector;
        selectors[1] = LaunchpadHandler.buyExactOut.selector;
        selectors[2] = LaunchpadHandler.sellExactIn.selector;
        selectors[3] = LaunchpadHandler.sellExactOut.selector;
        selectors[4] = LaunchpadHandler.buyThroughGraduation.selector;
        selectors[5] = LaunchpadHandler.claim.selector;
        s = new FuzzSelector[](1);
        s[0] = FuzzSelector(address(handler), selectors);
    }

    /// @notice The handler is not vacuous: a fixed pseudo-random sequence of 300 actions graduates tokens, trades on
    /// both venues in every mode, claims, and leaves every invariant holding with no violation recorded.
    function test_handler_randomSequenceCoversEveryPath() public {
        for (uint256 i; i < 300; ++i) {
            uint256 r = uint256(keccak256(abi.encode("sequence", i)));
            (uint256 a, uint256 b, uint256 c, uint256 d) = (r >> 8, r >> 24, r >> 40, r >> 120);
            uint256 action = r % 6;
            if (action == 0) handler.buyExactIn(a, b, c, d);
            else if (action == 1) handler.buyExactOut(a, b, c, d);
            else if (action == 2) handler.sellExactIn(a, b, c, d);
            else if (action == 3) handler.sellExactOut(a, b, c, d);
            else if (action == 4) handler.buyThroughGraduation(a, b, c, d);
            else handler.claim(a);
        }
        bytes4[5] memory trades = [
            LaunchpadHandler.buyExactIn.selector,
            LaunchpadHandler.buyExactOut.selector,
            LaunchpadHandler.sellExactIn.selector,
            LaunchpadHandler.sellExactOut.selector,
            LaunchpadHandler.buyThroughGraduation.selector
        ];
        for (uint256 k; k < trades.length; ++k) {
            assertGt(handler.successes(trades[k]), 3, string.concat("too few trades of kind ", vm.toString(k)));
        }
        uint256 graduated;
        for (uint256 k; k < 4; ++k) graduated += handler.graduations(handler.tokenAt(k));
        assertGe(graduated, 2, "graduations");
        assertGt(handler.v3Trades(), 20, "V3 trades");
        assertGt(handler.claims(), 5, "claims");
        invariant_usdcCoversReservesAndClaimables();
        invariant_totalsAreSums();
        invariant_reserveCoversCurve();
        invariant_eventsConsistent();
    }

    /// (a) The launchpad can always pay every curve reserve and every claimable fee.
    function invariant_usdcCoversReservesAndClaimables() public view {
        _assertSolvent();
    }

    /// (a) totalReserve is the sum of the pools' reserves, and totalClaimable the sum of what each recipient is owed.
    function invariant_totalsAreSums() public view {
        uint256 reserves;
        for (uint256 i; i < handler.tokensLength(); ++i) reserves += _pool(handler.tokenAt(i)).reserve;
        assertEq(launchpad.totalReserve(), reserves, "totalReserve != sum of reserves");
        uint256 owed;
        for (uint256 i; i < handler.recipientsLength(); ++i) owed += launchpad.claimable(handler.recipients(i));
        assertEq(launchpad.totalClaimable(), owed, "totalClaimable != sum of claimables");
    }

    /// Each curve still holds what it would cost to sell its whole supply back, and mints no tokens it did not sell.
    function invariant_reserveCoversCurve() public view {
        for (uint256 i; i < handler.tokensLength(); ++i) {
            address token = handler.tokenAt(i);
            ILaunchpad.PoolView memory v = _pool(token);
            if (v.graduated) {
                assertEq(v.reserve, 0, "graduated pool kept a reserve");
                continue;
            }
            assertGe(v.reserve, CurveMath.cost(v.params, v.supply), "reserve < cost(supply)");
            assertEq(LaunchToken(token).totalSupply(), v.supply, "totalSupply != curve supply");
            assertLt(v.supply, v.params.migrationSupply, "at the migration supply without graduating");
        }
    }

    /// (c) every FeeSplit adds up, within the caps; (d) graduation at most once per token, never undone.
    function invariant_eventsConsistent() public view {
        assertEq(handler.violations(), 0, handler.firstViolation());
        for (uint256 i; i < handler.tokensLength(); ++i) {
            address token = handler.tokenAt(i);
            assertLe(handler.graduations(token), 1, "graduated twice");
            assertEq(_pool(token).graduated, handler.graduations(token) == 1, "graduated flag vs events");
        }
    }
}
