// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {Fixture} from "./utils/Fixture.sol";
import {PoolAttacker} from "./utils/PoolAttacker.sol";
import {Vm} from "./utils/Test.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";
import {LaunchToken} from "../src/LaunchToken.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";

/// @notice The attacks of the outside review, run against graduation: an attacker creates the token's V3 pool
/// before graduation, prices it and stands liquidity in the way. Every test states what graduation must still
/// deliver: it finishes in the graduating transaction or in permissionless later calls, each under
/// GRADUATION_GAS_BOUND; the locked position holds at least 97% of the DEX reserve and the DEX supply within 1% at the
/// curve's final price within 1%; and the attacker ends with no more USDC than it put in.
contract GraduationAttackTest is Fixture {
    /// @notice The most gas any graduating call may use, whatever was done to the pool (README: Graduation).
    uint256 internal constant GRADUATION_GAS_BOUND = 6_000_000;
    uint256 internal constant Q96 = 1 << 96;

    PoolAttacker internal att;
    address internal attacker;
    uint256 internal attackerFunded;
    uint256 internal graduationCalls;

    /// @dev Printed by forge with -vv: the figures the README quotes.
    event log_named_uint(string key, uint256 val);

    function setUp() public override {
        super.setUp();
        attacker = makeAddr("attacker");
        att = new PoolAttacker();
        vm.label(address(att), "PoolAttacker");
    }

    // ================================================================ token walls below the final price

    /// @notice The review's blocking attack: about 440M tokens bought on the curve for about 14,700 USDC, stood as a
    /// token-only range just below the final price, more than the migration USDC can buy through.
    function test_attack_tokenWallBelowFinalPriceExceedingMigrationUsdc() public {
        for (uint256 o; o < 2; ++o) _tokenWall(o == 0, 440_000_000e18);
    }

    /// @notice The review's draining attack: a smaller wall the migration USDC can buy through, which made the
    /// launchpad buy the attacker's tokens with the raise.
    function test_attack_tokenWallBelowFinalPriceWithinMigrationUsdc() public {
        for (uint256 o; o < 2; ++o) _tokenWall(o == 0, 300_000_000e18);
    }

    function _tokenWall(bool usdcIsToken0, uint256 wallTokens) private {
        address token = _createTokenOrdered(MEME, usdcIsToken0);
        _fundAttacker(_buyOutCost(token, wallTokens));
        vm.prank(attacker);
        launchpad.buyExactOut(token, wallTokens, type(uint256).max, _deadline(), _none());
        vm.prank(attacker);
        LaunchToken(token).transfer(address(att), wallTokens);
        _openPool(token, 90, 100); // the pool priced 10% under the curve's final price (1% tier: 2% per spacing)
        (int24 lo, int24 hi) = _range(token, 91, 100, 99, 100);
        uint128 liquidity = _liquidityFor(token, lo, hi, wallTokens, false);
        try att.mint(lo, hi, liquidity) {} catch {} // the token refuses the transfer into its pool
        _graduateAndCheck(token);
    }

    // ================================================================ a USDC wall above the final price

    /// @notice A pool priced 10% over the final price with 100,000 USDC bid just above it, more than the DEX supply
    /// is worth: repricing sells newly minted tokens into the bids, never the DEX supply.
    function test_attack_usdcWallAboveFinalPrice() public {
        for (uint256 o; o < 2; ++o) {
            address token = _createTokenOrdered(MEME, o == 0);
            _openPool(token, 110, 100);
            (int24 lo, int24 hi) = _range(token, 101, 100, 109, 100);
            _fundAttackerContract(100_000e6);
            att.mint(lo, hi, _liquidityFor(token, lo, hi, 100_000e6, true));
            uint256 protocolBefore = launchpad.claimable(protocol);
            _graduateAndCheck(token);
            // the bids bought minted tokens at the final price or above; the USDC went to the protocol
            assertGt(launchpad.claimable(protocol) - protocolBefore, 90_000e6, "the bids' USDC went to the protocol");
        }
    }

    // ================================================================ dust ticks

    /// @notice 2,000 initialized ticks (1,000 one-spacing USDC positions of 1 wei each) between the final price and
    /// the pool's price. Crossing them in one swap costs about 76M gas; graduation crosses at most
    /// MAX_REPRICE_CROSSINGS per call and finishes in permissionless graduate() calls, each under the bound.
    function test_attack_twoThousandDustTicks() public {
        for (uint256 o; o < 2; ++o) {
            address token = _createTokenOrdered(MEME, o == 0);
            bool usdcIsToken0 = o == 0;
            int24 spacing = 200;
            int24 start = _alignAway(_tickAt(token, 1, 1), spacing, usdcIsToken0) + (usdcIsToken0 ? -2 : int24(2)) * spacing;
            int24 step = usdcIsToken0 ? -2 * spacing : 2 * spacing;
            int24 far = start + step * 1_001;
            _openPoolAtTick(token, far);
            _fundAttackerContract(10_000e6);
            for (int24 i; i < 1_000; ++i) {
                int24 a = start + step * i;
                int24 b = a + (usdcIsToken0 ? -spacing : spacing);
                (int24 lower, int24 upper) = a < b ? (a, b) : (b, a);
                att.mint(lower, upper, 1e6); // rounds up to 1 wei of USDC
            }
            _graduateAndCheck(token);
            assertGt(graduationCalls, 1, "took more than one call");
        }
        emit log_named_uint("graduation calls through 2,000 dust ticks", graduationCalls);
    }

    // ================================================================ extreme prices

    /// @notice A pool initialised at Uniswap's real MIN_SQRT_RATIO and just under its MAX_SQRT_RATIO, both pair
    /// orders: graduation moves it back, and every trade mode works on V3 afterwards.
    function test_attack_poolInitializedAtExtremePrices() public {
        for (uint256 k; k < 4; ++k) {
            address token = _createTokenOrdered(k < 2 ? MEME : STARTUP, k % 2 == 0);
            uint160 sqrtP = k / 2 == 0 ? TickMath.MIN_SQRT_PRICE : TickMath.MAX_SQRT_PRICE - 1;
            address pool = factory.createPool(token, address(usdc), _pool(token).params.dexFeeTier);
            IUniswapV3PoolFull(pool).initialize(sqrtP);
            _graduateAndCheck(token);
            _tradeAllModesOnV3(token);
        }
        for (uint256 k; k < 4; ++k) {
            address token = _createTokenOrdered(k < 2 ? MEME : STARTUP, k % 2 == 1);
            uint160 sqrtP = k / 2 == 0 ? TickMath.MAX_SQRT_PRICE - 1 : TickMath.MIN_SQRT_PRICE;
            address pool = factory.createPool(token, address(usdc), _pool(token).params.dexFeeTier);
            IUniswapV3PoolFull(pool).initialize(sqrtP);
            _graduateAndCheck(token);
            _tradeAllModesOnV3(token);
        }
    }

    // ================================================================ helpers: graduation and its checks

    /// @dev Bob buys what is left on the curve; while graduation is pending, anyone (carol) calls graduate() until it
    /// is done. Every call stays under the bound. Then: the locked position, the price, and the attacker's USDC.
    function _graduateAndCheck(address token) internal {
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        uint256 left = p.migrationSupply - _pool(token).supply;
        _fund(bob, _buyOutCost(token, left));
        vm.recordLogs();
        vm.prank(bob);
        uint256 g = gasleft();
        launchpad.buyExactOut(token, left, type(uint256).max, _deadline(), _none());
        uint256 used = g - gasleft();
        emit log_named_uint("graduating buy gas", used);
        assertLe(used, GRADUATION_GAS_BOUND, "graduating buy over the gas bound");
        assertEq(_bal(token, bob), left, "the graduating buyer got its tokens");
        graduationCalls = 1;
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 maxStep;
        while (!_pool(token).graduated) {
            assertTrue(_pool(token).graduating, "neither graduated nor graduating");
            _expectTradesPaused(token);
            vm.recordLogs();
            vm.prank(makeAddr("carol"));
            g = gasleft();
            launchpad.graduate(token);
            used = g - gasleft();
            if (used > maxStep) maxStep = used;
            assertLe(used, GRADUATION_GAS_BOUND, "graduate() over the gas bound");
            logs = vm.getRecordedLogs();
            ++graduationCalls;
            assertLt(graduationCalls, 500, "graduation makes no progress");
        }
        if (maxStep > 0) emit log_named_uint("largest graduate() step gas", maxStep);
        _assertLockedPosition(token, logs, p);
        _assertAttackerGainedNoUsdc();
    }

    function _assertLockedPosition(address token, Vm.Log[] memory logs, ILaunchpad.PoolTypeParams memory p) internal view {
        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(npm.ownerOf(v.positionId), address(launchpad), "position locked in the launchpad");
        uint256 gi = type(uint256).max;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(launchpad) && logs[i].topics[0] == ILaunchpad.Graduated.selector) gi = i;
        }
        assertTrue(gi != type(uint256).max, "Graduated emitted by the call that finished");
        (,, uint256 usedTokens, uint256 usedUsdc,) = abi.decode(logs[gi].data, (uint24, uint256, uint256, uint256, uint256));
        assertGe(usedUsdc * BPS, uint256(p.dexReserve) * 9_700, "position holds under 97% of the DEX reserve");
        assertApproxEqRel(usedTokens, p.dexSupply, 0.01e18, "position tokens off the DEX supply by over 1%");
        assertApproxEqRel(_v3PriceE36(token), _finalPriceE36(token), 0.01e18, "pool price off the final price by over 1%");
        _assertSolvent();
    }

    /// @dev The attacker withdraws everything it has in the pool; its USDC (wallet and contract) is then at most
    /// what it was given.
    function _assertAttackerGainedNoUsdc() internal {
        if (att.positionsLength() > 0 && address(att.pool()) != address(0)) att.withdrawAll();
        uint256 holds = usdc.balanceOf(attacker) + usdc.balanceOf(address(att));
        assertLe(holds, attackerFunded, "the attacker ended with more USDC than it put in");
    }

    function _expectTradesPaused(address token) internal {
        _fund(alice, 1_000e6);
        vm.prank(alice);
        vm.expectRevert(ILaunchpad.GraduationInProgress.selector);
        launchpad.buyExactIn(token, 1_000e6, 0, _deadline(), _none());
    }

    function _tradeAllModesOnV3(address token) internal {
        _fund(alice, 10_000e6);
        vm.startPrank(alice);
        uint256 got = launchpad.buyExactIn(token, 1_000e6, 1, _deadline(), _none());
        launchpad.buyExactOut(token, got / 2, type(uint256).max, _deadline(), _none());
        launchpad.sellExactIn(token, got / 2, 1, _deadline(), _none());
        launchpad.sellExactOut(token, 100e6, type(uint256).max, _deadline(), _none());
        vm.stopPrank();
    }

    // ================================================================ helpers: the attacker's pool

    function _fundAttacker(uint256 amount) internal {
        _fund(attacker, amount);
        attackerFunded += amount;
    }

    function _fundAttackerContract(uint256 amount) internal {
        uint256 limit = usdc.FAUCET_LIMIT();
        for (uint256 left = amount; left > 0;) {
            uint256 a = left < limit ? left : limit;
            usdc.faucet(address(att), a);
            left -= a;
        }
        attackerFunded += amount;
    }

    /// @dev Creates the token's pool at its type's fee tier, priced at `num/den` of the curve's final price.
    function _openPool(address token, uint256 num, uint256 den) internal {
        address pool = factory.createPool(token, address(usdc), _pool(token).params.dexFeeTier);
        IUniswapV3PoolFull(pool).initialize(_sqrtAt(token, num, den));
        att.setPool(pool);
    }

    function _openPoolAtTick(address token, int24 tick) internal {
        address pool = factory.createPool(token, address(usdc), _pool(token).params.dexFeeTier);
        IUniswapV3PoolFull(pool).initialize(TickMath.getSqrtPriceAtTick(tick));
        att.setPool(pool);
    }

    /// @dev sqrtPriceX96 of `num/den` times the curve's final price (in USDC per token).
    function _sqrtAt(address token, uint256 num, uint256 den) internal view returns (uint160) {
        (uint256 fNum, uint256 fDen) = CurveMath.finalPrice(_pool(token).params);
        return PriceMath.sqrtPriceX96(fNum * num, fDen * den, address(usdc) < token);
    }

    function _tickAt(address token, uint256 num, uint256 den) internal view returns (int24) {
        return TickMath.getTickAtSqrtPrice(_sqrtAt(token, num, den));
    }

    /// @dev The ticks, aligned inward to the pool's spacing, of the token-price range [lo, hi] of the final price.
    function _range(address token, uint256 loNum, uint256 loDen, uint256 hiNum, uint256 hiDen)
        internal
        view
        returns (int24 lower, int24 upper)
    {
        int24 spacing = IUniswapV3PoolFull(address(att.pool())).tickSpacing();
        int24 a = _tickAt(token, loNum, loDen);
        int24 b = _tickAt(token, hiNum, hiDen);
        if (a > b) (a, b) = (b, a);
        lower = -_floorTo(-a, spacing);
        upper = _floorTo(b, spacing);
        require(lower < upper, "range narrower than a tick spacing");
    }

    function _floorTo(int24 t, int24 s) internal pure returns (int24) {
        int24 q = t / s;
        if (t < 0 && t % s != 0) --q;
        return q * s;
    }

    /// @dev `t` aligned to the spacing on the far side from the pool's low prices in USD per token.
    function _alignAway(int24 t, int24 s, bool usdcIsToken0) internal pure returns (int24) {
        return usdcIsToken0 ? _floorTo(t, s) : -_floorTo(-t, s);
    }

    /// @dev The liquidity that takes `amount` of USDC (`ofUsdc`) or launch tokens in [lower, upper], rounded down.
    function _liquidityFor(address token, int24 lower, int24 upper, uint256 amount, bool ofUsdc)
        internal
        view
        returns (uint128)
    {
        uint256 a = TickMath.getSqrtPriceAtTick(lower);
        uint256 b = TickMath.getSqrtPriceAtTick(upper);
        bool isToken0 = ofUsdc == (address(usdc) < token);
        uint256 l = isToken0 ? M.fullMulDiv(amount, M.fullMulDiv(a, b, Q96), b - a) : M.fullMulDiv(amount, Q96, b - a);
        return uint128(l);
    }
}
